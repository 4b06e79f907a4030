"""Narration helpers: turning events into the one-line rich markup of the battle log.

A ruleset's ``narrate.py`` holds only its text: a table from event kind to a formatter. The
kit gives the dispatch (:class:`Narrator`: unknown kinds print as ``kind: data``, a formatter
returning None leaves the event out) and the pieces every log uses. Everything that comes from
user data (names of warbands, profiles, scenarios) must go through :func:`escape` (or
:func:`name`), so a list named ``[/]`` cannot break the markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from rich.markup import escape

from warband.core.events import Event

__all__ = ["Format", "Narrator", "dice", "escape", "name", "reason", "sides_title"]

#: a formatter: one line of markup for an event, or None to leave it out of the log
Format = Callable[[Event], str | None]


def dice(values: Iterable[int]) -> str:
    """Rolled dice as ``[3 5 6]``."""
    return "[" + " ".join(str(v) for v in values) + "]"


def name(e: Event, key: str) -> str:
    """The event's ``key`` (a model or unit name) in bold, escaped."""
    return f"[bold]{escape(str(e[key]))}[/bold]"


def sides_title(e: Event) -> str:
    """``Sheriff's Posse (A) vs Ironjaw Mob (B)`` in bold magenta, from a ``sides`` mapping."""
    sides = " vs ".join(f"{escape(n)} ({s.upper()})" for s, n in e["sides"].items())
    return f"[bold magenta]{sides}[/]"


def reason(e: Event) -> str:
    """A controller's reason (the ``reason`` event the engine emits for a Reasoned answer)."""
    return f"    [dim]({escape(e['text'])})[/dim]"


class Narrator:
    """``narrate(event)`` through a table of formatters by event kind.

    The ``reason`` event is narrated by :func:`reason` unless the table says otherwise.
    """

    __slots__ = ("formats",)

    def __init__(self, formats: Mapping[str, Format]) -> None:
        self.formats: dict[str, Format] = {"reason": reason, **formats}

    def __call__(self, event: Event) -> str | None:
        fmt = self.formats.get(event.kind)
        if fmt is None:
            return f"    {escape(event.kind)}: {escape(str(event.data))}"
        return fmt(event)

    def all(self, events: Iterable[Event]) -> list[str]:
        """The log lines of ``events`` (left-out events skipped)."""
        return [line for line in map(self, events) if line is not None]
