"""State helpers every table-top ruleset uses.

:class:`OpenView`
    What a player sees in an open-information game: the whole state except its dice (no
    controller may foresee a roll) and its event log. It shares the state's objects (no copy,
    for speed); controllers must treat it as read-only. A ruleset with hidden information
    overrides :meth:`OpenView.__getattr__` or writes its own view. Secret answers to a
    ``Simultaneous`` decision never enter the state before everyone has answered (the core
    holds them), so they need no hiding here.
:class:`SideQueries`
    ``living``, ``enemies_of``, ``friends_of`` and ``by_uid`` over the state's pieces (models or
    units), for a state that sets ``self.pieces`` to its list of pieces (indexed by uid).
:class:`TableQueries`
    ``SideQueries`` plus base contact on a measured table: ``in_contact`` and ``engaged_with``
    over the ruleset's own ``gap`` (edge to edge, as its rules measure it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import MethodType
from typing import Any, Generic, Protocol, TypeVar

from warband.core.geometry import CONTACT

__all__ = ["HIDDEN_FROM_VIEWS", "KeepingView", "OpenView", "Piece", "SideQueries", "TableQueries",
           "kept_views"]

#: state attributes no player's view shows
HIDDEN_FROM_VIEWS = frozenset({"dice", "log"})

S = TypeVar("S")


class OpenView(Generic[S]):
    """A player's read-only window on the state, without the dice and the log."""

    __slots__ = ("_state", "player")

    def __init__(self, state: S, player: int) -> None:
        self._state = state
        self.player = player

    def __getattr__(self, name: str) -> Any:
        if name in HIDDEN_FROM_VIEWS:
            raise AttributeError(f"{name} is not part of a player's view")
        return getattr(self._state, name)


class KeepingView(OpenView[S]):
    """An open view that keeps what cannot change while it is read: AIs read the state
    through their view hundreds of thousands of times a game, and each read through
    ``__getattr__`` costs a failed lookup first. The first read of one of the state's methods,
    or of an attribute named in ``kept`` (attributes a game never reassigns: their contents
    may change, the objects stay), is kept on the view; other attributes are read afresh.
    So a view stays a true window on the state for the whole game, and a game may hand out
    the same view at every decision (:func:`kept_views`); a view that remembers answers
    which hold only while the state stands still drops them in :meth:`new_decision`."""

    #: state attributes never reassigned during a game
    kept: frozenset[str] = frozenset()
    #: state attributes no player's view shows (a ruleset with more secrets widens it, rather
    #: than overriding ``__getattr__``: one Python call per read instead of two)
    hidden: frozenset[str] = HIDDEN_FROM_VIEWS

    def __getattr__(self, name: str) -> Any:
        if name in self.hidden:
            raise AttributeError(f"{name} is not part of a player's view")
        state = self._state
        value = getattr(state, name)
        if name in self.kept or (type(value) is MethodType and value.__self__ is state):
            object.__setattr__(self, name, value)
        return value

    def new_decision(self) -> None:
        """Forget whatever this view remembers for one decision only (nothing, here): called
        when :func:`kept_views` hands the view out again, the state having moved on."""


KV = TypeVar("KV", bound=KeepingView[Any])


def kept_views(view_class: Callable[[Any, int], KV]) -> Callable[[Any, int], KV]:
    """A game's view factory (``Setup.view``) that makes one ``view_class`` view per player
    and hands it out again at every later decision (after :meth:`KeepingView.new_decision`),
    rather than a new view each time: the AIs' first reads of the state's methods and kept
    attributes (a failed look-up and ``__getattr__`` each, about a thousand a game) are then
    made once a game. A view of another state (a copy of the game) gets a view of its own."""
    views: dict[int, KV] = {}

    def view(state: Any, player: int) -> KV:
        kept = views.get(player)
        if kept is None or kept._state is not state:
            kept = views[player] = view_class(state, player)
        else:
            kept.new_decision()
        return kept

    return view


class Piece(Protocol):
    """A model or unit: the side it fights for, and whether it is on the table."""

    side: int

    @property
    def on_table(self) -> bool: ...


P = TypeVar("P", bound=Piece)


class SideQueries(Generic[P]):
    """Who is on the table, and on whose side. The state sets ``pieces`` (its list of models
    or units, indexed by uid) in ``__post_init__``."""

    pieces: list[P]

    def living(self, side: int | None = None) -> Iterator[P]:
        """Pieces on the table (of ``side``, or of every side): a one-shot generator, read as
        the loop goes (a piece taken off the table during the loop is skipped); wrap it in
        ``list`` to test it or read it twice."""
        # (the cheap side test first: ``on_table`` is a property in most rulesets)
        for p in self.pieces:
            if (side is None or p.side == side) and p.on_table:
                yield p

    def enemies_of(self, piece: P) -> tuple[P, ...]:
        """Enemy pieces on the table, as they stand now (a tuple: safe to test, to read twice
        and to keep while pieces move or leave the table)."""
        side = piece.side
        return tuple([p for p in self.pieces if p.side != side and p.on_table])

    def friends_of(self, piece: P) -> Iterator[P]:
        """Friendly pieces on the table, ``piece`` itself left out (a one-shot generator, like
        :meth:`living`)."""
        side = piece.side
        for p in self.pieces:
            if p.side == side and p is not piece and p.on_table:
                yield p

    def by_uid(self, uid: int) -> P:
        return self.pieces[uid]


class TableQueries(SideQueries[P]):
    """Side queries plus base contact, for a game measured on a table. The state defines
    ``gap`` (how far apart two pieces are, edge to edge, as its rules measure); pieces within
    :data:`~warband.core.geometry.CONTACT` of each other are in base contact."""

    def gap(self, a: P, b: P) -> float:
        """Edge-to-edge distance between two pieces (the ruleset's measurement)."""
        raise NotImplementedError

    def in_contact(self, a: P, b: P) -> bool:
        return self.gap(a, b) <= CONTACT

    def engaged_with(self, piece: P) -> list[P]:
        """Enemies in base contact with ``piece``."""
        return [e for e in self.enemies_of(piece) if self.in_contact(piece, e)]
