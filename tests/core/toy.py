"""A tiny ruleset for the core tests: one pick, one forced move, one secret bid, one die.

It exercises the whole game protocol (decisions, trivial auto-answers, a ``Simultaneous``
secret choice, chance from the game's dice, events, views, outcome, records) without any real
game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warband.core.controller import Controller
from warband.core.decisions import ChoiceCodec, Decision, Simultaneous
from warband.core.dice import Dice
from warband.core.events import Event, EventLog
from warband.core.game import Flow, Game, Outcome
from warband.core.ruleset import ProfileRow, Ruleset

CODEC = ChoiceCodec()


@CODEC.register
@dataclass(frozen=True, slots=True)
class Bid:
    amount: int


@dataclass
class ToyState:
    dice: Dice
    log: EventLog
    picked: str | None = None
    bids: dict[int, int] = field(default_factory=dict)
    roll: int = 0


def toy_flow(st: ToyState) -> Flow:
    st.log.emit("start")
    st.picked = yield Decision("pick", 0, ["left", "right"], prompt="Which way?")
    st.log.emit("picked", way=st.picked)
    forced = yield Decision("forced", 1, ["only"])  # one option: the engine answers it
    st.log.emit("forced", answer=forced)
    answers = yield Simultaneous("bid", (
        Decision("bid", 0, [Bid(1), Bid(2), Bid(3)]),
        Decision("bid", 1, [Bid(1), Bid(2), Bid(3)]),
    ))
    st.bids = {p: answers[p].amount for p in (0, 1)}
    st.log.emit("bids", bids=[st.bids[0], st.bids[1]])
    st.roll = st.dice.d6()
    st.log.emit("roll", face=st.roll)
    score = [st.bids[0] + (st.roll if st.picked == "left" else 0), st.bids[1]]
    winner = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)
    return Outcome(["a", "b"], ["Left", "Right"], winner, score, 1, [[], []])


def toy_view(st: ToyState, player: int) -> dict[str, Any]:
    """Everything on the table (a copy): the pick, the revealed bids, the roll."""
    return {"player": player, "picked": st.picked, "bids": dict(st.bids), "roll": st.roll}


class ToyRuleset(Ruleset):
    name = "toy"
    title = "Toy"

    def load_list(self, path: Path) -> Any:
        return None

    def list_warnings(self, warband: Any) -> list[str]:
        return []

    def sample_lists(self) -> Sequence[Path]:
        return []

    def profiles(self) -> list[ProfileRow]:
        return []

    def schemas(self) -> dict[str, dict[str, Any]]:
        return {}

    def content_hash(self) -> str:
        return "toy"

    def new_game(
        self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
        track_digest: bool = False, log_events: bool = True,
    ) -> Game:
        st = ToyState(Dice(seed), EventLog(log_events))
        return Game("toy", st, toy_flow(st), CODEC, toy_view,
                    {"ruleset": "toy", "seed": seed}, track_digest)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        return self.new_game([], int(header["seed"]), track_digest=track_digest)

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController

        return {"random": RandomController}

    def narrate(self, event: Event) -> str | None:
        return event.kind
