"""Flow helpers: the shapes of play several rulesets share.

:func:`play_turns` plays a game's turns until its turn limit, or until a side is beaten at the
end of a turn (the usual "rout or turn limit" end), and says which ended it::

    reason = yield from play_turns(st, play_turn, beaten)   # "rout" or "turn_limit"

:func:`rout_or_points` names the winner of such a game; :func:`points_result` names the winner
(or the tied leaders) of a game of any number of sides scored by victory points.

:func:`answer_inside` plays a side by the rules themselves (a dice-driven antagonist with no
player behind it): the flow answers that side's decisions and yields only the others'.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol, TypeVar

from warband.core.decisions import Decision
from warband.core.game import Pending, Steps

__all__ = ["TurnCounter", "answer_inside", "play_turns", "points_result", "rout_or_points"]

R = TypeVar("R")


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


def points_result(vp: Sequence[int]) -> tuple[int | None, list[int], list[str]]:
    """The result of a game of any number of sides scored by victory points: the winner (the
    one side with the most VP, else None), the leaders (every side with the most VP) and each
    side's result: ``"won"``, ``"drawn"`` (a leader tied with another) or ``"lost"``."""
    top = max(vp)
    leaders = [p for p, v in enumerate(vp) if v == top]
    winner = leaders[0] if len(leaders) == 1 else None
    results = ["lost" if v < top else "won" if winner is not None else "drawn" for v in vp]
    return winner, leaders, results


def answer_inside(flow: Generator[Pending, Any, R],
                  answer: Callable[[Decision], tuple[bool, Any]]) -> Generator[Pending, Any, R]:
    """Drive ``flow``; each decision for which ``answer`` returns ``(True, choice)`` is answered
    here with ``choice`` (a side the rules play), every other one is yielded as usual. Returns
    what ``flow`` returns. Nothing of chance may enter ``answer`` but the game's own dice, so
    the game still replays from its seed and the recorded decisions."""
    value: Any = None
    while True:
        try:
            pending = flow.send(value)
        except StopIteration as stop:
            result: R = stop.value
            return result
        if isinstance(pending, Decision):
            handled, choice = answer(pending)
            if handled:
                value = choice
                continue
        value = yield pending
