"""Building the battle: units from the army lists, and deployment.

The sheet has no deployment rules (armies.turn.sequence, data missing). House rule: each army
forms one battle line across the middle of the table, in list order, its front on the edge of
its deployment zone (``deploy_depth`` inches from its table edge), facing the enemy;
infiltrators stay off the table until they are placed (armies.move.infiltrators).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.formations import Formation
from warband.rulesets.armies.lists import Army
from warband.rulesets.armies.models import Kind, ScenarioModel, SpellModel, Trait
from warband.rulesets.armies.options import Options
from warband.rulesets.armies.state import ArmiesState, Character, Unit

__all__ = ["build_state", "deploy"]

#: gap between units in the battle line (house)
LINE_GAP = 2.0


def build_state(armies: Sequence[Army], scenario: ScenarioModel, spells: dict[str, SpellModel],
                seed: int, options: Options, log_events: bool = True) -> ArmiesState:
    units: list[Unit] = []
    cid = 0
    for side, army in enumerate(armies):
        for spec in army.units:
            chars = []
            for ch in spec.characters:
                chars.append(Character(cid, side, ch.name, ch.profile, ch.general,
                                       ch.profile.wounds))
                cid += 1
            models = spec.models
            if spec.profile.kind == Kind.CHARACTER:  # a character on its own
                chars.insert(0, Character(cid, side, spec.name, spec.profile, spec.general,
                                          spec.profile.wounds))
                cid += 1
                models = 0
            u = Unit(len(units), side, spec.name, spec.profile, models, models, spec.files, chars)
            for c in chars:
                if c.profile.caster is not None:
                    c.power = c.profile.caster.level
            u.start_wounds = u.wounds_left
            u.cost = spec.cost
            units.append(u)
    st = ArmiesState(
        dice=Dice(seed), log=EventLog(log_events), scenario=scenario, options=options,
        spells=spells, side_labels=("a", "b"),
        side_names=(armies[0].name, armies[1].name), units=units,
        turns=options.turns or scenario.turns)
    return st


def deploy(st: ArmiesState) -> None:
    w, h = st.scenario.table
    depth = st.scenario.deploy_depth
    for side in (0, 1):
        line = [u for u in st.units_of(side) if not u.has(Trait.INFILTRATOR)]
        widths = [u.shape()[0] for u in line]
        total = sum(widths) + LINE_GAP * max(0, len(line) - 1)
        gap = LINE_GAP if total <= w else max(0.0, (w - sum(widths)) / max(1, len(line) - 1))
        x = max(0.0, (w - (sum(widths) + gap * max(0, len(line) - 1))) / 2)
        heading = math.pi / 2 if side == 0 else -math.pi / 2
        y = depth if side == 0 else h - depth
        for u, width in zip(line, widths, strict=True):
            cx = x + width / 2 if side == 0 else w - (x + width / 2)  # mirror: list order left
            uw, ud = u.shape()
            u.formation = Formation(cx, y, heading, uw, ud, u.skirmish)
            u.deployed = True
            st.log.emit("deploy", unit=u.name, side=st.side_labels[side], x=round(cx, 2),
                        y=round(y, 2), width=round(uw, 2), depth=round(ud, 2))
            x += width + gap
