"""Building the battle: units from the army lists, and deployment.

The sheet has no deployment rules (armies.turn.sequence, data missing). House rule (option
``deployment=line``, the default): each army forms one battle line across the middle of the
table, in list order, its front on the edge of its deployment zone (``deploy_depth`` inches
from its table edge), facing the enemy. With ``deployment=choose`` the players place their
units in turn, in the front line or a second line 4" back. Infiltrators stay off the table
until they are placed (armies.move.infiltrators).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from warband.core.decisions import Decision
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.formations import Formation
from warband.core.game import Steps
from warband.rulesets.armies.choices import Place
from warband.rulesets.armies.lists import Army
from warband.rulesets.armies.models import Kind, ScenarioModel, SpellModel, Trait
from warband.rulesets.armies.options import Options
from warband.rulesets.armies.rules.measure import fits
from warband.rulesets.armies.state import ArmiesState, Character, Unit, centre_of

__all__ = ["build_state", "deploy", "deploy_spots", "deployment", "line_positions"]

#: gap between units in the battle line (house)
LINE_GAP = 2.0
#: how far behind the front line the second line stands (house, ``deployment=choose``)
SECOND_LINE = 4.0


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


def line_positions(st: ArmiesState, side: int) -> dict[int, float]:
    """The house battle line: the x of each deploying unit's front centre, in list order from
    the side's left, centred on the table."""
    w = st.scenario.table[0]
    line = [u for u in st.units_of(side) if not u.has(Trait.INFILTRATOR)]
    widths = [u.shape()[0] for u in line]
    total = sum(widths) + LINE_GAP * max(0, len(line) - 1)
    gap = LINE_GAP if total <= w else max(0.0, (w - sum(widths)) / max(1, len(line) - 1))
    x = max(0.0, (w - (sum(widths) + gap * max(0, len(line) - 1))) / 2)
    out: dict[int, float] = {}
    for u, width in zip(line, widths, strict=True):
        out[u.uid] = x + width / 2 if side == 0 else w - (x + width / 2)  # mirrored: its left
        x += width + gap
    return out


def _front_y(st: ArmiesState, side: int, back: float = 0.0) -> float:
    h, depth = st.scenario.table[1], st.scenario.deploy_depth
    return depth - back if side == 0 else h - depth + back


def _put(st: ArmiesState, u: Unit, x: float, y: float) -> None:
    uw, ud = u.shape()
    u.formation = Formation(x, y, math.pi / 2 if u.side == 0 else -math.pi / 2, uw, ud,
                            u.skirmish)
    u.deployed = True
    st.log.emit("deploy", unit=u.name, uid=u.uid, side=st.side_labels[u.side], x=round(x, 2),
                y=round(y, 2), width=round(uw, 2), depth=round(ud, 2), at=centre_of(u.formation))


def deploy(st: ArmiesState) -> None:
    """The house deployment (option ``deployment=line``): one battle line each."""
    for side in (0, 1):
        for uid, x in line_positions(st, side).items():
            _put(st, st.unit(uid), x, _front_y(st, side))


def deploy_spots(st: ArmiesState, u: Unit) -> list[Place]:
    """Where ``u`` may deploy (option ``deployment=choose``): its front on the edge of its
    zone (the front line) or 4" back (the second line), every 2" along the table, wholly in
    the zone and overlapping no unit."""
    w = st.scenario.table[0]
    uw, ud = u.shape()
    out: list[Place] = []
    for back in (0.0, SECOND_LINE):
        if back + ud > st.scenario.deploy_depth:
            continue
        y = _front_y(st, u.side, back)
        x = uw / 2
        while x <= w - uw / 2 + 1e-9:
            f = Formation(x, y, math.pi / 2 if u.side == 0 else -math.pi / 2, uw, ud)
            if fits(st, u, f):
                out.append(Place(u.uid, "deploy", round(x, 2), round(y, 2)))
            x += 2.0
    return out


def deployment(st: ArmiesState) -> Steps:
    """Deployment (the sheet has none; house rule). ``line``: both battle lines at once.
    ``choose``: the sides take turns, A first, placing one unit at a time in list order."""
    if st.options.deployment == "line":
        deploy(st)
        return
    queues = {side: [u for u in st.units_of(side) if not u.has(Trait.INFILTRATOR)]
              for side in (0, 1)}
    side = 0
    while queues[0] or queues[1]:
        if not queues[side]:
            side = 1 - side
            continue
        u = queues[side].pop(0)
        spots = deploy_spots(st, u)
        if not spots:  # no room left in the zone: the house line place, overlaps allowed
            _put(st, u, line_positions(st, side)[u.uid], _front_y(st, side))
        else:
            pick = yield Decision("deploy", side, spots, f"where does {u.name} deploy?",
                                  info={"uid": u.uid})
            _put(st, u, pick.x, pick.y)
        side = 1 - side
