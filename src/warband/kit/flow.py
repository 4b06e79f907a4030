"""Flow helpers: the shapes of play several rulesets share.

:func:`play_turns` plays a game's turns until its turn limit, or until a side is beaten at the
end of a turn (the usual "rout or turn limit" end), and says which ended it::

    reason = yield from play_turns(st, play_turn, beaten)   # "rout" or "turn_limit"

:func:`rout_or_points` names the winner of such a game.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol, TypeVar

from warband.core.game import Pending, Steps

__all__ = ["TurnCounter", "play_turns", "rout_or_points"]


class TurnCounter(Protocol):
    """A state that counts its turns (``turn``, starting at 0) up to a limit (``turns``)."""

    turn: int
    turns: int


S = TypeVar("S", bound=TurnCounter)


def play_turns(st: S, play_turn: Callable[[S], Steps], beaten: Callable[[S, int], bool],
               sides: Sequence[int] = (0, 1)) -> Generator[Pending, Any, str]:
    """Play turns (``play_turn`` advances ``st.turn``) until ``st.turns`` have been played or,
    after a turn, one of ``sides`` is beaten; returns ``"rout"`` or ``"turn_limit"``."""
    while st.turn < st.turns:
        yield from play_turn(st)
        if any(beaten(st, side) for side in sides):
            return "rout"
    return "turn_limit"


def rout_or_points(reason: str, lost: Sequence[bool], vp: Sequence[int]) -> int | None:
    """The winning side of a two-sided game that ended by ``reason`` (from
    :func:`play_turns`): after a rout the side not beaten (a draw if both were); at the turn
    limit the side with more victory points (a draw if equal)."""
    if reason == "rout":
        return None if all(lost) else (1 if lost[0] else 0)
    return None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
