"""Warband list scaffolding: what every ruleset's list validation does before and around its
own list-building rules.

* :func:`read_list` checks the list is for this ruleset (a list for another game is refused with
  the right ``--ruleset`` to use) and validates it against the ruleset's pydantic list model
  (every bad field reported with file, line and field);
* :class:`ListProblems` collects the ruleset's own violations, each naming the file, the line and
  the field (``problem("message", "units", 2, "profile")``), suggests the closest known name for
  a misspelt id (:meth:`ListProblems.unknown`), and raises them all at once.

A ruleset's ``parse_list(data, source, cat, lines, ruleset)`` then reads::

    model, problems = read_list(MyListModel, data, source, lines, ruleset)
    ...  # the book's list-building rules, calling problems.problem(...)
    problems.raise_if_any()
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from warband.content.errors import ContentError, Violation
from warband.content.yamlio import LineMap, line_for, load_yaml, validate_model

__all__ = ["ListProblems", "Roster", "field_name", "load_list_file", "read_list", "suggest"]

M = TypeVar("M", bound=BaseModel)
W = TypeVar("W")
T = TypeVar("T")


class Costed(Protocol):
    """A list entry with a points cost."""

    @property
    def cost(self) -> int: ...


E = TypeVar("E", bound=Costed)


@dataclass(frozen=True, slots=True, kw_only=True)
class Roster(Generic[E]):
    """Base of a validated warband: its name, its members (one per model or unit fielded) and
    the list as validated (``source``, stored in game records so a replay rebuilds the same
    warband). A ruleset's ``Warband`` derives from it (``@dataclass(frozen=True, slots=True,
    kw_only=True)``) and adds its own fields (faction, game size...)."""

    name: str
    members: tuple[E, ...]
    source: Mapping[str, Any]

    @property
    def cost(self) -> int:
        """Total points cost of the members."""
        return sum(m.cost for m in self.members)

    def warnings(self) -> list[str]:
        """Legal but noteworthy facts about the list (shown by ``warband validate``)."""
        return []


def suggest(name: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the closest known name, or ``""``."""
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.5)
    return f"; did you mean {close[0]!r}?" if close else ""


def field_name(loc: tuple[str | int, ...]) -> str:
    """``("units", 2, "profile")`` -> ``"units[2].profile"``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")


def read_list(model: type[M], data: Any, source: str, lines: LineMap | None, ruleset: str,
              ) -> tuple[M, ListProblems]:
    """The list ``data`` (parsed YAML) validated by ``model``, after checking its ``ruleset``,
    and an empty :class:`ListProblems` for the ruleset's own checks of it.

    Raises :class:`ContentError`: for a list of another ruleset (naming the ``--ruleset`` to
    use), or listing every field the model refuses.
    """
    lines = lines or {}
    if isinstance(data, Mapping) and "ruleset" in data and data["ruleset"] != ruleset:
        other = data["ruleset"]
        raise ContentError([Violation(
            source, f"this list is for ruleset {other!r}, not {ruleset!r} (use --ruleset {other})",
            "ruleset", line_for(lines, ("ruleset",)),
        )])
    return validate_model(model, data, source, lines), ListProblems(source, lines)


def load_list_file(path: Path, parse: Callable[[Any, str, LineMap], W]) -> W:
    """Read a list file and hand its data, name and line map to the ruleset's parser."""
    data, lines = load_yaml(path)
    return parse(data, str(path), lines)


class ListProblems:
    """The violations found in one list, each with its file, line and field."""

    __slots__ = ("source", "lines", "found")

    def __init__(self, source: str, lines: LineMap | None = None) -> None:
        self.source = source
        self.lines: LineMap = lines or {}
        self.found: list[Violation] = []

    def problem(self, message: str, *loc: str | int) -> None:
        """Record a violation of the field at ``loc`` (``"units", 2, "profile"``)."""
        self.found.append(Violation(self.source, message, field_name(loc),
                                    line_for(self.lines, loc)))

    def unknown(self, what: str, name: str, known: Iterable[str], *loc: str | int,
                extra: str = "") -> None:
        """``unknown profile 'x'; did you mean 'y'?`` at ``loc``."""
        self.problem(f"unknown {what} {name!r}{suggest(name, known)}{extra}", *loc)

    def lookup(self, what: str, table: Mapping[str, T], name: str, *loc: str | int) -> T | None:
        """``table[name]``, or None after reporting an unknown ``what`` (with a suggestion)."""
        found = table.get(name)
        if found is None:
            self.unknown(what, name, table, *loc)
        return found

    def at_most(self, count: int, limit: int, what: str, *loc: str | int) -> None:
        """Refuse more than ``limit`` of ``what`` (a size limit that keeps games sane)."""
        if count > limit:
            self.problem(f"{count} {what} is more than the limit of {limit}", *loc)

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_if_any(self) -> None:
        """Raise every violation found at once."""
        if self.found:
            raise ContentError(self.found)
