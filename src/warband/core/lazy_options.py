"""A decision's suggested options worked out only when something reads them
(:class:`LazyOptions`, offered by :class:`~warband.core.decisions.Decision`).

A module of its own, left out of the compiled build (``warband._compiled``): a subclass of
``collections.abc.Sequence`` defined in a module mypyc compiles fails at import (a metaclass
conflict), and nothing here is hot: the list is made once, when read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["LazyOptions"]


class LazyOptions(Sequence[Any]):
    """A decision's suggested options, worked out only when something reads them.

    For a decision whose ``accepts`` allows choices beyond its options (a point on the table:
    any point is legal, the options are suggestions), the list can cost more than the choice:
    an AI that answers with a point of its own never reads it. ``make`` is called at most once,
    on the first read (a human's prompt, a random AI, a JSON view), and its list is kept; until
    then :meth:`Decision.is_legal` asks ``accepts`` first, which gives the same answer (a
    choice is legal if it is listed *or* accepted).

    ``make`` reads the game as it stands, so the flow closes it (:meth:`close`) when the
    decision is answered: read after that without having been read before, it raises rather
    than work out a list for a game that has moved on (its ``repr`` says so instead). Compares,
    prints and pickles as its list.
    """

    __slots__ = ("_make", "_built")

    def __init__(self, make: Callable[[], Sequence[Any]]) -> None:
        self._make: Callable[[], Sequence[Any]] | None = make
        self._built: list[Any] | None = None

    @property
    def built(self) -> bool:
        """Whether the list has been worked out."""
        return self._built is not None

    def close(self) -> None:
        """The decision is answered: the game moves on, so the list is no longer worked out
        (a list already worked out is kept)."""
        self._make = None

    def _list(self) -> list[Any]:
        built = self._built
        if built is None:
            make = self._make
            if make is None:
                raise RuntimeError("a decision's options read after it was answered")
            built = self._built = list(make())
            self._make = None
        return built

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list())

    def __contains__(self, value: object) -> bool:
        return value in self._list()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyOptions):
            return self._list() == other._list()
        if isinstance(other, list | tuple):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self._built is None and self._make is None:
            # closed unread: say so rather than raise (a repr that raises breaks error
            # messages, logging and debuggers showing an answered decision)
            return "LazyOptions(<not worked out: the decision was answered>)"
        return repr(self._list())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return list, (self._list(),)
