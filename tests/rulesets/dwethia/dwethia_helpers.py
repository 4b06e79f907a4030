"""Helpers for the Dwethia Heroes tests: small hand-built states and a flow driver."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from warband.core.decisions import Decision
from warband.core.dice import Dice, ScriptedDice
from warband.core.events import EventLog
from warband.rulesets.dwethia import RULESET
from warband.rulesets.dwethia.catalogue import catalogue
from warband.rulesets.dwethia.grid import build_board
from warband.rulesets.dwethia.lists import Force
from warband.rulesets.dwethia.models import ArenaModel
from warband.rulesets.dwethia.options import Options
from warband.rulesets.dwethia.state import DwethiaState, Hero


def forces() -> list[Force]:
    return [RULESET.load_list(p) for p in RULESET.sample_lists()]


def open_state(size: int = 20, pieces: list[dict[str, Any]] | None = None,
               dice: Dice | None = None) -> DwethiaState:
    """An empty arena (plus ``pieces``) with the two default forces off the table."""
    cat = catalogue()
    arena = ArenaModel.model_validate({"source": "house", "name": "test", "size": size,
                                       "pieces": pieces or [],
                                       "marker_spots": {"sw": [[1, 1]], "se": [[size - 2, 1]],
                                                        "nw": [[1, size - 2]],
                                                        "ne": [[size - 2, size - 2]]}})
    board = build_board(arena, cat.terrain)
    fs = forces()
    heroes: list[Hero] = []
    for side, f in enumerate(fs[:2]):
        for p in f.members:
            heroes.append(Hero(len(heroes), side, p, wounds=p.stats["wounds"],
                               destiny=p.stats["destiny"], faith=p.stats["faith"],
                               affinity=p.stats["affinity"]))
    return DwethiaState(board, heroes, dice or Dice(1), EventLog(), Options(),
                        side_names=(fs[0].name, fs[1].name),
                        factions=(fs[0].faction, fs[1].faction))


def put(st: DwethiaState, uid: int, x: int, y: int) -> Hero:
    h = st.heroes[uid]
    h.x, h.y, h.entered = x, y, True
    return h


def drive(flow: Generator[Any, Any, Any], answer: Callable[[Decision], Any]) -> Any:
    """Run a flow, answering each Decision with ``answer``; returns the flow's value."""
    try:
        pending = next(flow)
        while True:
            pending = flow.send(answer(pending))
    except StopIteration as stop:
        return stop.value


def scripted(*faces: int) -> ScriptedDice:
    return ScriptedDice(list(faces))
