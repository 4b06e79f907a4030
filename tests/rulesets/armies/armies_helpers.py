"""Helpers for Armies of Arcana rule tests: the sample armies on an open table, units placed
by hand, scripted dice and a driver answering a flow's decisions."""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from typing import Any

from warband.core.decisions import Decision
from warband.core.dice import ScriptedDice
from warband.core.formations import Formation
from warband.rulesets.armies import RULESET
from warband.rulesets.armies.catalogue import catalogue
from warband.rulesets.armies.models import ScenarioModel
from warband.rulesets.armies.options import Options
from warband.rulesets.armies.rules.setup import build_state
from warband.rulesets.armies.state import ArmiesState, Unit

# Unit ids in the two sample armies (side A, then side B).
SPEARMEN, ARCHERS, GUARD, KNIGHTS, BOMBARD = range(5)
WARRIORS, ASH_WARRIORS, WOLVES, SLINGERS, TROLL = range(5, 10)

NORTH, SOUTH, EAST, WEST = math.pi / 2, -math.pi / 2, 0.0, math.pi


def sample_lists() -> list[Any]:
    return [RULESET.load_list(p) for p in RULESET.sample_lists()]


def bare_state(options: Options | None = None, dice: list[int] | None = None,
               terrain: list[dict[str, Any]] | None = None) -> ArmiesState:
    """Both sample armies, every unit off the table, on an open 48" x 36" table."""
    scenario = ScenarioModel.model_validate({
        "id": "test", "name": "Test table", "turns": 6, "table": [48, 36],
        "deploy_depth": 8, "terrain": terrain or [], "victory": "rout"})
    st = build_state(sample_lists(), scenario, catalogue().spells, 0, options or Options())
    st.first_mover = 0
    if dice is not None:
        st.dice = ScriptedDice(dice)
    return st


def place(st: ArmiesState, uid: int, x: float, y: float, heading: float) -> Unit:
    """Put unit ``uid`` on the table with its front centre at (x, y)."""
    u = st.units[uid]
    w, d = u.shape()
    u.formation = Formation(x, y, heading, w, d, u.skirmish)
    u.deployed = True
    return u


Answer = Callable[[Decision], Any]


def drive(gen: Generator[Any, Any, Any], answer: Answer | None = None) -> Any:
    """Run a flow (or part of one), answering each decision with ``answer`` (default: the
    first option). Returns the flow's return value."""
    pick = answer or (lambda d: d.options[0])
    try:
        pending = next(gen)
        while True:
            pending = gen.send(pick(pending))
    except StopIteration as stop:
        return stop.value


def kinds(st: ArmiesState) -> list[str]:
    return [e.kind for e in st.log.events]


def events(st: ArmiesState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in st.log.events if e.kind == kind]
