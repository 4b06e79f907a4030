"""Fixtures for the simulator tests.

``duel`` is a tiny ruleset whose odds are known exactly, so the simulator's statistics can be
checked against the truth, and whose games take microseconds, so runs of thousands of games
(memory, ordering, interruption) stay fast. Each side rolls a D6 and adds its list's ``bonus``;
the higher total wins and equal totals draw. A die decides which side "acts first" (reported as
``Outcome.extra["first_player"]``, with no effect on the result). A list with ``explode: true``
makes every game raise (to test error reporting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from warband.ai.random_ai import RandomController
from warband.content.errors import ContentError, Violation
from warband.content.yamlio import load_yaml
from warband.core import registry
from warband.core.decisions import ChoiceCodec, Decision
from warband.core.dice import Dice
from warband.core.events import Event, EventLog
from warband.core.game import Flow, Game, Outcome
from warband.core.ruleset import Ruleset


@dataclass(frozen=True)
class DuelList:
    name: str
    bonus: int
    explode: bool = False


@dataclass
class DuelState:
    dice: Dice
    log: EventLog
    lists: list[DuelList]
    seed: int
    rolls: list[int] = field(default_factory=list)


class DuelRuleset(Ruleset):
    name = "duel"
    title = "Dice Duel (test ruleset)"

    def load_list(self, path: Path) -> Any:
        data, _ = load_yaml(path)
        problems = []
        if not isinstance(data, dict):
            raise ContentError([Violation(str(path), "a list must be a mapping")])
        if data.get("ruleset", "duel") != "duel":
            problems.append(Violation(str(path), f"this list is for {data['ruleset']!r}", "ruleset"))
        if not isinstance(data.get("bonus"), int):
            problems.append(Violation(str(path), "must be a whole number", "bonus"))
        if problems:
            raise ContentError(problems)
        return DuelList(str(data.get("name", path.stem)), int(data["bonus"]), bool(data.get("explode")))

    def list_warnings(self, warband: Any) -> list[str]:
        return []

    def sample_lists(self) -> Sequence[Path]:
        return []

    def profiles(self) -> list[dict[str, Any]]:
        return []

    def schemas(self) -> dict[str, dict[str, Any]]:
        return {}

    def content_hash(self) -> str:
        return "duel"

    def new_game(self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
                 track_digest: bool = False, log_events: bool = True) -> Game:
        if options:
            raise ValueError(f"unknown game option(s) {', '.join(options)}")
        st = DuelState(Dice(seed), EventLog(log_events), list(lists), seed)
        return Game("duel", st, _duel_flow(st), ChoiceCodec(), lambda s, p: s, {"seed": seed},
                    track_digest)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        raise NotImplementedError

    def controllers(self) -> Mapping[str, Callable[[], Any]]:
        return {"random": RandomController, "heuristic": RandomController}

    def narrate(self, event: Event) -> str | None:
        return None

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        out = game.outcome()
        assert out is not None
        return [
            {"side": side, "profile": "duellist", "name": lst.name, "damage_dealt": roll,
             "knock_outs": int(out.winner == p), "survived": out.winner != 1 - p}
            for p, (side, lst, roll) in enumerate(zip("ab", st.lists, st.rolls, strict=True))
        ]


def _duel_flow(st: DuelState) -> Flow:
    # One real decision, so that controllers are exercised (it has no effect on the result).
    yield Decision("salute", 0, ["bow", "nod"])
    first = "a" if st.dice.d6() <= 3 else "b"
    st.rolls = [st.dice.d6() + lst.bonus for lst in st.lists]
    if any(lst.explode for lst in st.lists):
        raise RuntimeError("the duel list exploded")
    a, b = st.rolls
    winner = None if a == b else (0 if a > b else 1)
    return Outcome(sides=["a", "b"], names=[x.name for x in st.lists], winner=winner,
                   vp=[int(a > b), int(b > a)], rounds=1, survivors=[["x"], ["y"]],
                   extra={"first_player": first})


@pytest.fixture()
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[DuelRuleset]:
    """The duel ruleset, registered for this test only (a forked worker pool inherits it)."""
    rs = DuelRuleset()
    monkeypatch.setitem(registry._extra, rs.name, rs)
    yield rs


@pytest.fixture()
def duel_list(tmp_path: Path) -> Callable[..., Path]:
    """Write a duel list file: ``duel_list("strong", bonus=1)``."""

    def write(name: str, bonus: int = 0, explode: bool = False) -> Path:
        path = tmp_path / f"{name}.yaml"
        extra = "explode: true\n" if explode else ""
        path.write_text(f"ruleset: duel\nname: {name}\nbonus: {bonus}\n{extra}", encoding="utf-8")
        return path

    return write
