"""Tiny Duel: the state, what a player sees, and the sequence of play as a flow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warband.core.decisions import Decision
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Flow, Outcome, Steps
from warband.kit.ruleset import Setup
from warband.kit.state import OpenView, SideQueries

from .catalogue import Catalogue
from .choices import CODEC, Hold, Reroll, Roll, SendForward
from .lists import Warband
from .options import Options

__all__ = ["Champion", "DuelState", "DuelView", "game_flow", "setup_game"]


@dataclass(slots=True)
class Champion:
    uid: int
    side: int
    name: str
    might: int
    luck: int
    on_table: bool = True


@dataclass
class DuelState(SideQueries[Champion]):
    dice: Dice
    log: EventLog
    champions: list[Champion]
    side_names: list[str]
    options: Options
    score: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0

    def __post_init__(self) -> None:
        self.pieces = self.champions  # the kit's side queries read ``pieces``


class DuelView(OpenView[DuelState]):
    """Open information: everything but the dice and the log."""

    __slots__ = ()


def take_turn(st: DuelState, side: int) -> Steps:
    """One side's turn (tiny.turn.champion, tiny.turn.roll, tiny.turn.bust, tiny.turn.hold)."""
    uid = (yield Decision("champion", side, [SendForward(c.uid) for c in st.living(side)],
                          prompt="Which champion goes forward?")).uid
    ch = st.champions[uid]
    st.log.emit("forward", side=side, who=ch.name)
    total = 0
    while True:
        face = st.dice.d6()
        if face == 1 and ch.luck > 0:
            again = yield Decision("reroll", side, [Reroll(True), Reroll(False)],
                                   prompt=f"{ch.name} rolled a 1: spend Luck to roll again?")
            if again.use:
                ch.luck -= 1
                st.log.emit("luck", who=ch.name, left=ch.luck)
                face = st.dice.d6()
        if face == 1:
            st.log.emit("bust", who=ch.name, lost=total)
            return
        total += face + ch.might
        st.log.emit("roll", who=ch.name, face=face, total=total)
        if st.score[side] + total >= st.options.target:
            break
        push = Decision("push", side, [Roll(), Hold()], prompt=f"{total} so far",
                        info={"total": total})
        if (yield push) == Hold():
            break
    st.score[side] += total
    st.log.emit("hold", who=ch.name, banked=total, score=st.score[side])


def game_flow(st: DuelState) -> Flow:
    st.log.emit("game_start", sides={"a": st.side_names[0], "b": st.side_names[1]},
                target=st.options.target)
    winner: int | None = None
    while winner is None and st.turn < st.options.turns:
        st.turn += 1
        for side in (0, 1):
            yield from take_turn(st, side)
            if st.score[side] >= st.options.target:  # tiny.end.target
                winner = side
                break
    if winner is None and st.score[0] != st.score[1]:  # tiny.end.turns
        winner = 0 if st.score[0] > st.score[1] else 1
    st.log.emit("game_end", winner=None if winner is None else "ab"[winner], score=st.score)
    return Outcome(["a", "b"], list(st.side_names), winner, list(st.score), st.turn,
                   [[c.name for c in st.living(s)] for s in (0, 1)])


def setup_game(cat: Catalogue, lists: Sequence[Warband], seed: int, opts: Options,
               scenario: Any, given: Mapping[str, Any], log_events: bool = True) -> Setup:
    """The kit calls this (by convention) to start a game."""
    champions: list[Champion] = []
    for side, wb in enumerate(lists):
        for c in wb.members:
            champions.append(Champion(len(champions), side, c.name, c.might, c.luck))
    st = DuelState(Dice(seed), EventLog(enabled=log_events), champions,
                   [wb.name for wb in lists], opts)
    return Setup(st, game_flow(st), DuelView, CODEC)
