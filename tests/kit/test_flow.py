"""warband.kit.flow: turns until a rout or the turn limit, and who won."""

from __future__ import annotations

from dataclasses import dataclass, field

from warband.core.game import Steps
from warband.kit.flow import play_turns, rout_or_points


@dataclass
class _State:
    turn: int = 0
    turns: int = 5
    beaten_after: dict[int, int] = field(default_factory=dict)  # side -> turn


def _turn(st: _State) -> Steps:
    st.turn += 1
    return
    yield


def _run(st: _State) -> str:
    gen = play_turns(st, _turn, lambda s, side: s.turn >= s.beaten_after.get(side, 99))
    try:
        next(gen)
    except StopIteration as stop:
        return str(stop.value)
    raise AssertionError("no decisions expected")


def test_turn_limit_and_rout() -> None:
    st = _State()
    assert _run(st) == "turn_limit" and st.turn == 5
    st = _State(beaten_after={1: 3})
    assert _run(st) == "rout" and st.turn == 3


def test_rout_or_points() -> None:
    assert rout_or_points("rout", [False, True], [0, 0]) == 0
    assert rout_or_points("rout", [True, True], [5, 0]) is None
    assert rout_or_points("turn_limit", [False, False], [3, 7]) == 1
    assert rout_or_points("turn_limit", [False, False], [4, 4]) is None
