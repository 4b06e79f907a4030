"""Setting up: the table, the units, deployment areas and the two scenarios' deployment.

Rule ids: ``raiders.scenario.deployment_zones``, ``raiders.scenario.meeting_engagement``,
``raiders.scenario.battle_lines``, ``raiders.ability.scouts``,
``raiders.listbuilding.unit_structure``.

* Deployment areas: 6" deep along two opposite table edges; one d10 assigns them (1-5: side A
  takes the near edge, y = 0; 6-10: the far edge).
* Meeting Engagement: every unit starts off the table and enters by a Move or Run (see
  :mod:`.movement`).
* Battle Lines: both players deploy every unit without the Scouts ability at the same time and
  in secret - one :class:`~warband.core.decisions.Simultaneous` decision whose answers the
  engine keeps out of the game until both are in - with each formation wholly inside its own
  area. Then units with the Scouts ability are placed, again secretly and simultaneously: in
  their own area, or anywhere else out of sight of every enemy unit already on the table.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from warband.core.decisions import Decision, Simultaneous
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Steps
from warband.core.geometry import Table, Terrain, base_radius, edge_distance
from warband.rulesets.raiders.choices import Deployment
from warband.rulesets.raiders.lists import Warband
from warband.rulesets.raiders.models import ScenarioModel
from warband.rulesets.raiders.rules.measure import sees_point
from warband.rulesets.raiders.state import Options, RaidersState, Unit, footprint
from warband.rulesets.raiders.unit import Spell

__all__ = [
    "area_box",
    "assign_areas",
    "build_state",
    "build_table",
    "deployment_ok",
    "deployment_plans",
    "deployment_problem",
    "in_area",
    "scout_ok",
    "scout_plans",
    "setup",
]


def build_table(scenario: ScenarioModel) -> Table:
    """The scenario's table, shared by every game on this layout (:meth:`Table.shared`)."""
    return Table.shared(
        scenario.width, scenario.height,
        [Terrain.from_points(t.name, t.kind, t.points, t.blocks_sight, t.cover, t.elevation)
         for t in scenario.terrain],
    )


def build_state(
    warbands: Sequence[Warband], scenario: ScenarioModel, spells: dict[str, Spell], seed: int,
    options: Options, labels: Sequence[str] = ("a", "b"), log_events: bool = True,
) -> RaidersState:
    units: list[Unit] = []
    for side, wb in enumerate(warbands):
        totals: dict[str, int] = {}
        for m in wb.members:
            totals[m.name or m.profile.name] = totals.get(m.name or m.profile.name, 0) + 1
        seen: dict[str, int] = {}
        for m in wb.members:
            base = m.name or m.profile.name
            seen[base] = seen.get(base, 0) + 1
            name = f"{base} {seen[base]}" if totals[base] > 1 else base
            if side > 0 and any(u.name == name for u in units):
                name = f"{name} ({labels[side].upper()})"
            units.append(Unit(uid=len(units), side=side, name=name, profile=m.profile,
                              size=m.figures, figures=m.figures, r=base_radius(m.profile.base)))
    return RaidersState(
        dice=Dice(seed), log=EventLog(log_events), table=build_table(scenario),
        scenario=scenario, units=units, side_names=[w.name for w in warbands],
        side_labels=list(labels), sizes=[w.size for w in warbands], spells=spells,
        options=options, turns=options.rounds or scenario.turns,
    )


def area_box(table: Table, depth: float, edge: int) -> tuple[float, float, float, float]:
    """The deployment area along table edge ``edge`` (0: y = 0) as (x0, y0, x1, y1), y0 on the
    edge (raiders.scenario.deployment_zones)."""
    return (0.0, 0.0, table.width, depth) if edge == 0 else (
        0.0, table.height, table.width, table.height - depth)


def deployment_problem(
    warbands: Sequence[Warband], scenario: ScenarioModel, table: Table,
    names: Sequence[str] = ("A", "B"),
) -> str | None:
    """Why the warbands cannot all be deployed in ``scenario``, or None.

    Battle Lines: every non-scout formation must fit, side by side, into the deployment area,
    whichever table edge the die gives the side (:meth:`Table.pack`; scouts may also be placed
    outside it). Meeting Engagement: every unit must be able to come on, its formation no
    wider than the table and its run at least its footprint's radius (it enters with its
    formation wholly on the table, measured from the edge)."""
    depth = float(scenario.deployment_depth)
    for side, wb in enumerate(warbands):
        who = f"{names[side]} ({wb.name!r})"
        units = [(m.name or m.profile.name, footprint(m.figures, base_radius(m.profile.base)), m)
                 for m in wb.members]
        for name, radius, m in units:
            if 2 * radius > min(table.width, table.height) or m.profile.run < radius:
                return (f"{who}: {name} cannot come onto a {table.width:g}\" x"
                        f" {table.height:g}\" table (its formation is {2 * radius:.1f}\" across,"
                        f" its run {m.profile.run}\")")
        if scenario.setup != "battle-lines":
            continue
        radii = [radius for _, radius, m in units if "scouts" not in m.profile.abilities]
        for edge in (0, 1):
            room = table.pack(area_box(table, depth, edge), radii)
            if room < len(radii):
                return (f"the units of {who} cannot all be deployed: {len(radii)} formations,"
                        f" but a {table.width:g}\" x {depth:g}\" deployment area of"
                        f" {scenario.name} holds only {room} of them; field fewer units")
    return None


def assign_areas(st: RaidersState) -> None:
    """Roll a die for the deployment areas (raiders.scenario.deployment_zones)."""
    roll = st.dice.die(10)
    st.edges = [0, 1] if roll <= 5 else [1, 0]
    st.log.emit("deployment_areas", roll=roll,
                near=st.side_labels[st.edges.index(0)], far=st.side_labels[st.edges.index(1)])


def in_area(st: Any, side: int, x: float, y: float, radius: float) -> bool:
    """The whole formation lies in ``side``'s deployment area."""
    depth = float(st.scenario.deployment_depth)
    if not (radius - 1e-9 <= x <= float(st.table.width) - radius + 1e-9):
        return False
    if st.edges[side] == 0:
        return radius - 1e-9 <= y <= depth - radius + 1e-9
    h = float(st.table.height)
    return h - depth + radius - 1e-9 <= y <= h - radius + 1e-9


def _placements_ok(st: Any, units: list[Unit], choice: Any,
                   where: Any) -> bool:
    if not isinstance(choice, Deployment) or not isinstance(choice.placements, tuple):
        return False
    want = {u.uid for u in units}
    placed: list[tuple[float, float, float]] = []
    seen: set[int] = set()
    others = [u.base for u in st.units if u.on_table]
    for item in choice.placements:
        if not (isinstance(item, tuple) and len(item) == 3):
            return False
        uid, x, y = item
        if not isinstance(uid, int) or uid not in want or uid in seen:
            return False
        if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                   for v in (x, y)):
            return False
        u = st.units[uid]
        r = u.radius
        if not where(u, float(x), float(y)) or not st.table.fits(float(x), float(y), r, others):
            return False
        if any(edge_distance(float(x), float(y), r, px, py, pr) < -1e-9 for px, py, pr in placed):
            return False
        placed.append((float(x), float(y), r))
        seen.add(uid)
    return seen == want


def deployment_ok(st: Any, side: int, choice: Any) -> bool:
    """A legal secret deployment: every non-scout unit of ``side`` once, each formation inside
    the side's area, on open ground, not overlapping another."""
    units = [u for u in st.units_of(side) if not u.has("scouts")]
    return bool(_placements_ok(st, units, choice,
                               lambda u, x, y: in_area(st, side, x, y, u.radius)))


def deployment_plans(st: Any, side: int) -> list[Deployment]:
    """Suggested deployments: a line across the area, massed in the centre, on either flank,
    or in two wings. Any other legal deployment is accepted too."""
    units = [u for u in st.units_of(side) if not u.has("scouts")]
    if not units:
        return [Deployment(())]
    depth, w = st.scenario.deployment_depth, st.table.width
    y = depth / 2 if st.edges[side] == 0 else st.table.height - depth / 2
    n = len(units)
    spacing = max(2 * u.radius for u in units) + 0.6
    plans: list[Deployment] = []

    def block(centre: float, count: int) -> list[float]:
        first = centre - spacing * (count - 1) / 2
        return [first + spacing * i for i in range(count)]

    layouts = {
        "line": [w * (i + 1) / (n + 1) for i in range(n)],
        "centre": block(w / 2, n),
        "left flank": block(w / 4, n),
        "right flank": block(3 * w / 4, n),
        "two wings": block(w / 4, (n + 1) // 2) + block(3 * w / 4, n // 2),
    }
    for label, xs in layouts.items():
        plan = Deployment(tuple((u.uid, round(x, 2), round(y, 2)) for u, x in zip(units, xs, strict=True)),
                          label)
        if deployment_ok(st, side, plan):
            plans.append(plan)
    return plans


def _hidden(st: Any, side: int, u: Unit, x: float, y: float) -> bool:
    return not any(sees_point(st, e, u, x, y) for e in st.living(1 - side))


def scout_ok(st: Any, side: int, choice: Any) -> bool:
    """A legal placement of ``side``'s scouts: each in its own area, or out of sight of every
    enemy unit on the table (raiders.scenario.battle_lines, raiders.ability.scouts)."""
    units = [u for u in st.units_of(side) if u.has("scouts")]
    return bool(_placements_ok(st, units, choice,
                               lambda u, x, y: in_area(st, side, x, y, u.radius)
                               or _hidden(st, side, u, x, y)))


def scout_plans(st: Any, side: int) -> list[Deployment]:
    """Suggested scout placements: the hidden spots nearest the enemy, and spots in the area."""
    units = [u for u in st.units_of(side) if u.has("scouts")]
    if not units:
        return [Deployment(())]
    plans: list[Deployment] = []
    u = units[0]
    others = [o.base for o in st.units if o.on_table]
    w, h = st.table.width, st.table.height
    enemy_y = st.edge_y(1 - side)
    hidden: list[tuple[float, float, float]] = []
    for gx in range(3, int(w) - 2, 4):
        for gy in range(3, int(h) - 2, 3):
            x, y = float(gx), float(gy)
            if in_area(st, 1 - side, x, y, u.radius) or in_area(st, side, x, y, u.radius):
                continue
            if st.table.fits(x, y, u.radius, others) and _hidden(st, side, u, x, y):
                hidden.append((abs(y - enemy_y), x, y))
    hidden.sort()
    for _, x, y in hidden[:6]:
        plans.append(Deployment(((u.uid, x, y),), "hidden"))
    depth = st.scenario.deployment_depth
    y0 = depth / 2 if st.edges[side] == 0 else h - depth / 2
    for x in (w * 0.15, w * 0.5, w * 0.85):
        plans.append(Deployment(((u.uid, round(x, 2), round(y0, 2)),), "in the area"))
    plans = [p for p in plans if scout_ok(st, side, p)]
    if len(units) > 1:  # more scout units than the lists allow: let the engine accept any plan
        return plans or [Deployment(())]
    return plans


def _place(st: RaidersState, choice: Deployment, event: str) -> None:
    for uid, x, y in choice.placements:
        u = st.units[uid]
        u.x, u.y, u.deployed = float(x), float(y), True
        st.log.emit(event, who=u.name, side=st.side_labels[u.side], at=[round(u.x, 2), round(u.y, 2)])


def _secret_round(st: RaidersState, kind: str, plans: Any, ok: Any, prompt: str,
                  event: str) -> Steps:
    parts = []
    for side in (0, 1):
        options = plans(st, side)
        nothing = options == [Deployment(())]  # nothing to place: answered by the engine
        parts.append(Decision(kind, side, options, prompt=prompt,
                              accepts=None if nothing else functools.partial(ok, st, side),
                              info={"side": side}))
    answers = yield Simultaneous(kind, tuple(parts), prompt=prompt)
    st.log.emit("reveal", what=kind)
    for side in (0, 1):
        _place(st, answers[side], event)


def setup(st: RaidersState) -> Steps:
    """Deployment areas, then the scenario's deployment."""
    assign_areas(st)
    if st.scenario.setup == "battle-lines":
        yield from _secret_round(st, "deploy", deployment_plans, deployment_ok,
                                 "Deploy your units in secret", "deploy")
        if any(u.has("scouts") for u in st.units):
            yield from _secret_round(st, "deploy_scouts", scout_plans, scout_ok,
                                     "Place your scouts in secret", "deploy_scout")
