"""Helpers for Sword Marches rule tests: the bundled musters on a bare table, models placed
by hand, scripted dice and a driver that answers a flow's decisions."""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from typing import Any

from warband.core.decisions import Decision
from warband.core.dice import ScriptedDice
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.catalogue import catalogue
from warband.rulesets.sword_marches.game import build_state
from warband.rulesets.sword_marches.lists import Warband, parse_list
from warband.rulesets.sword_marches.models import AdventureModel
from warband.rulesets.sword_marches.rules.terrain import settle
from warband.rulesets.sword_marches.state import Model, Options, SMState

# uids in the Ashen Company (side 0) and Wardens of the Greyrun (side 1)
BRAND, KORGA, WENNA, SPEAR_1, SPEAR_2, XBOW_1, XBOW_2 = range(7)
ISOLDE, TAMSIN, ALDO, WATCH_1, WATCH_2, BOW_1, BOW_2 = range(7, 14)


def musters() -> list[Warband]:
    return [RULESET.load_list(p) for p in RULESET.sample_lists()]


def muster_data(index: int = 0) -> dict[str, Any]:
    return copy.deepcopy(dict(musters()[index].source))


def parse(data: dict[str, Any]) -> Warband:
    return parse_list(data, "test.yaml", catalogue())


def bare_state(a: int = 0, b: int = 1, terrain: list[dict[str, Any]] | None = None,
               dice: list[int] | None = None, options: Options | None = None,
               objectives: list[tuple[float, float]] | None = None) -> SMState:
    """Two bundled musters, every model far off to the side, on a bare 36" table."""
    adv = AdventureModel.model_validate({
        "id": "test-table", "name": "Test table", "text": "bare", "width": 36, "height": 36,
        "turns": 6, "intruder_zone": {"x0": 2, "y0": 1, "x1": 34, "y1": 6},
        "sentry_zone": {"x0": 2, "y0": 30, "x1": 34, "y1": 35},
        "objectives": objectives or [], "terrain": terrain or []})
    ms = musters()
    st = build_state(catalogue(), [ms[a], ms[b]], adv, 0, options or Options())
    for i, m in enumerate(st.models):  # parked in a row along the far edge, apart
        m.x, m.y = 1.0 + 2.3 * i, 35.0 if i % 2 else 33.0
        m.x = min(m.x, 35.0)
    if dice is not None:
        st.dice = ScriptedDice(dice)
    return st


def place(st: SMState, uid: int, x: float, y: float) -> Model:
    m = st.models[uid]
    m.x, m.y = float(x), float(y)
    settle(st, m)  # on raised ground it stands at the platform's height
    return m


def park_all_but(st: SMState, *uids: int) -> None:
    """Take every other model out of play (as if fled), so only ``uids`` matter."""
    for m in st.models:
        if m.uid not in uids:
            m.on_table = False


Answer = Callable[[Decision], Any]


def drive(gen: Generator[Any, Any, Any], answer: Answer) -> Any:
    """Run a flow part, answering each decision with ``answer(decision)``; returns its value."""
    try:
        pending = next(gen)
        while True:
            pending = gen.send(answer(pending))
    except StopIteration as stop:
        return stop.value


def first(d: Decision) -> Any:
    return d.options[0]


def no_tactical(d: Decision) -> Any:
    """Decline Tactical Dice and Breaks; otherwise the first option."""
    if d.kind == "tactical":
        return "none"
    if d.kind == "break":
        return -1
    return d.options[0]
