"""The Raiders engine's short cuts (issue 16, session 6) answer as the rules in full.

Each short cut is compared with the plain computation (kept here, or the rules' own full
function) on many seeded random tables of units: who may charge or shoot
(raiders.action.charge, raiders.action.shoot, raiders.action.reaction_rules), who may come on
and where (raiders.scenario.meeting_engagement, raiders.ability.scouts), and the Move/Run menus
(raiders.action.move, raiders.action.run)."""

from __future__ import annotations

import math
import random
from typing import Any

from raiders_helpers import RANGERS, SCOUTS, WARRIORS_1, WIZARD, bare_state, entry_menu_plain, place

from warband.core.geometry import Table, _clear, _reach
from warband.kit.table import spread_out
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.choices import Point
from warband.rulesets.raiders.rules.actions import (
    INDEPENDENT_REACTIONS,
    Declared,
    _can_charge,
    _can_shoot,
    _castable,
    _independent,
    _may_shoot_at,
    can_react,
    charge_targets,
    reaction_options,
)
from warband.rulesets.raiders.rules.magic import spell_targets
from warband.rulesets.raiders.rules.measure import shoot_targets
from warband.rulesets.raiders.rules.movement import (
    _entry_points,
    _move_menu,
    _standing_room,
    can_enter,
    entry_candidates,
    move_candidates,
)
from warband.rulesets.raiders.state import RaidersState, Unit, footprint

TERRAIN: list[dict[str, Any]] = [
    {"name": "Stone", "kind": "impassable", "points": [[23, 10], [25.5, 10], [25.5, 12.5], [23, 12.5]]},
    {"name": "Wall", "kind": "impassable", "points": [[22, 24], [28.9, 24], [28.9, 24.6], [22, 24.6]]},
    {"name": "Tor", "kind": "impassable", "points": [[34, 16], [38, 20], [34, 24], [31, 20]]},
    {"name": "Wood", "kind": "difficult", "cover": True,
     "points": [[32, 4], [41, 4], [41, 12], [32, 12]]},
    {"name": "Hill", "kind": "open", "elevation": 1, "points": [[8, 13], [19, 13], [19, 23], [8, 23]]},
    {"name": "Ruin", "kind": "open", "blocks_sight": True,
     "points": [[12, 27], [15, 27], [15, 29], [12, 29]]},
]


def scatter(seed: int, setup: str = "battle-lines") -> RaidersState:
    """Both warbands, each unit on the table at a random spot (or left off it), some units
    worn down, some fatigued, ready or broken."""
    rng = random.Random(seed)
    st = bare_state(setup=setup, terrain=TERRAIN)
    if rng.random() < 0.5:
        st.edges = [1, 0]
    for u in st.units:
        if rng.random() < 0.85:
            place(st, u.uid, rng.uniform(1.5, 46.5), rng.uniform(1.5, 34.5))
        if rng.random() < 0.3:
            u.figures = rng.randint(1, u.figures)
        u.ready = rng.random() < 0.6
        u.fatigue = rng.choice([0, 0, 1, u.profile.fatigue])
        u.broken = rng.random() < 0.1
        u.destroyed = u.deployed and rng.random() < 0.05
    return st


# ----------------------------------------------------------------- charges and shots


def test_raiders_action_charge_and_shoot_any_target_is_the_full_list() -> None:
    """raiders.action.charge / raiders.action.shoot: whether a unit may charge or shoot
    (tested up to the first target) is whether the full lists of targets name anyone."""
    charging = shooting = 0
    for seed in range(150):
        st = scatter(seed)
        for u in st.units:
            if not u.on_table:
                continue
            assert _can_charge(st, u) == bool(charge_targets(st, u))
            assert _can_shoot(st, u) == bool(shoot_targets(st, u))
            charging += _can_charge(st, u)
            shooting += _can_shoot(st, u)
    assert charging > 200 and shooting > 30  # both answers well covered


def test_raiders_action_reaction_rules_one_target_is_in_the_list() -> None:
    """raiders.action.reaction_rules: whether the target of an action may shoot or charge
    the actor back (tested for the actor only) is whether the actor is among its targets;
    and the reactions offered equal those built from the full lists."""
    yes = 0
    for seed in range(150):
        st = scatter(seed)
        for t in st.units:
            for act in st.units:
                if t is act:
                    continue
                shot = act in shoot_targets(st, t)
                assert _may_shoot_at(st, t, act) == shot
                yes += shot
        for act in st.units:
            if not act.on_table:
                continue
            for t in st.enemies_of(act):
                for action in ("shoot", "charge"):
                    d = Declared(act, action, target=t, start=(act.x, act.y))
                    got = reaction_options(st, d)
                    assert got == _plain_reactions(st, d)
    assert yes > 30


def _plain_reactions(st: RaidersState, d: Declared) -> list[object]:
    """The reactions to a targeted action as the rules build them: the target's independent
    reactions and answers, then a shot and a charge back if the actor is among its full
    lists of targets."""
    out: list[object] = [C.NoReaction()]
    t = d.target
    act = d.unit
    if t is None or t.side == act.side or not can_react(t):
        return out
    out += [C.React(t.uid, a) for a in _independent(st, t) if a in INDEPENDENT_REACTIONS]
    if d.action == "shoot":
        out.append(C.React(t.uid, "go_to_ground"))
        if t.has("shield-wall-shooting"):
            out.append(C.React(t.uid, "shield_wall_shooting"))
    if d.action == "charge":
        out.append(C.React(t.uid, "counter_charge", act.uid))
        out.append(C.React(t.uid, "defend", act.uid))
        if t.has("shield-wall-combat"):
            out.append(C.React(t.uid, "shield_wall", act.uid))
    if t.shooter and t.ready and act in shoot_targets(st, t):
        out.append(C.React(t.uid, "shoot", act.uid))
    if d.action != "charge" and act in charge_targets(st, t):
        out.append(C.React(t.uid, "charge", act.uid))
    return out


# ---------------------------------------------------------------------- coming on



def test_raiders_scenario_meeting_engagement_entry_menu_is_every_point_tested() -> None:
    """raiders.scenario.meeting_engagement / raiders.ability.scouts: the entry menu (the
    points' terrain tests remembered, the units in the way tested afresh) and who may come
    on are the menu of points each tested in full, with units crowding either edge."""
    offered = blocked = 0
    for seed in range(200):
        rng = random.Random(seed)
        st = scatter(seed, setup="meeting-engagement")
        for u in st.units:
            if u.on_table and rng.random() < 0.5:  # crowd the edges
                u.y = rng.choice([rng.uniform(1.5, 5), rng.uniform(31, 34.5)])
        for u in (st.units[WARRIORS_1], st.units[SCOUTS], st.units[WIZARD]):
            u.deployed = u.destroyed = False
            for allowance in (float(u.move), float(u.run), 2.0):
                plain = entry_menu_plain(st, u, allowance)
                assert entry_candidates(st, u, allowance) == plain
                assert can_enter(st, u, allowance) == bool(plain)
                offered += len(plain)
                blocked += len(_entry_points(st, u, allowance)) - len(plain)
    assert offered > 1000 and blocked > 200


# ------------------------------------------------------------------------ move menus


def _reachable_end_plain(st: RaidersState, u: Unit, aim: tuple[float, float],
                         allowance: float) -> tuple[float, float] | None:
    """Where a move toward ``aim`` ends as the terrain allows, on a fresh table (nothing
    remembered): :meth:`Table.move` with no other bases where terrain is in the way, else
    the straight line shortened by difficult ground (``terrain_reach`` before session 6)."""
    table = Table(st.table.width, st.table.height, list(st.table.terrain))
    r = u.radius
    start = (u.x, u.y)
    goal = _standing_room(st, u, start, aim)
    gx, gy = table.clamp(goal[0], goal[1], r)
    d = math.hypot(gx - start[0], gy - start[1])
    if d < 1e-9:
        end = start
    elif table.in_impassable(gx, gy, r) or not _clear(table._nav_graph(r).obstacles, start, (gx, gy)):
        res = table.move(start, goal, r, allowance)
        end = (res.x, res.y)
    else:
        t = min(d, _reach(allowance, d, table._difficult_spans(start, (gx, gy))))
        end = (start[0] + (gx - start[0]) * t / d, start[1] + (gy - start[1]) * t / d)
    if math.dist(start, end) < 0.25:
        return None
    x, y = round(end[0], 3), round(end[1], 3)
    if table.in_impassable(x, y, r):
        return end
    return (x, y)


def _move_menu_plain(st: RaidersState, u: Unit, allowance: float) -> list[Point]:
    """The Move/Run menu as the rules define it, nothing remembered."""
    enemies = sorted(st.enemies_of(u), key=lambda e: st.leader_distance(u, e))[:4]
    lead = st.lead_retinue(u.side)
    if lead is None or lead is u or st.leader_distance(u, lead) <= 10:
        lead = None
    table = st.table

    def pt(x: float, y: float, label: str) -> Point:
        cx, cy = table.clamp(x, y, u.radius)
        return Point(round(cx, 2), round(cy, 2), label)

    pts: list[Point] = []
    for e in enemies:
        d = st.leader_distance(u, e)
        stop = e.radius + u.radius + 1.0
        if d > stop:
            t = min(1.0, (d - stop) / d)
            pts.append(pt(u.x + (e.x - u.x) * t, u.y + (e.y - u.y) * t, f"toward {e.name}"))
    forward = 1.0 if st.edges[u.side] == 0 else -1.0
    pts.append(pt(u.x, u.y + forward * allowance, "forward"))
    pts.append(pt(u.x - allowance, u.y, "to the left flank"))
    pts.append(pt(u.x + allowance, u.y, "to the right flank"))
    if enemies:
        near = enemies[0]
        dx, dy = u.x - near.x, u.y - near.y
        d = math.hypot(dx, dy) or 1.0
        pts.append(pt(u.x + dx / d * allowance, u.y + dy / d * allowance, f"away from {near.name}"))
    for name, cx, cy, raised in st.landmarks:
        if math.hypot(cx - u.x, cy - u.y) <= allowance + 4:
            pts.append(pt(cx, cy, f"{'onto' if raised else 'into'} {name}"))
    if lead is not None:
        pts.append(pt(lead.x, lead.y, f"toward {lead.name}"))
    out = []
    for p in spread_out(pts):
        end = _reachable_end_plain(st, u, (p.x, p.y), allowance)
        if end is not None:
            out.append(Point(end[0], end[1], p.label))
    return spread_out(out) or [Point(round(u.x, 3), round(u.y, 3), "stay where it is")]


def test_raiders_action_move_menu_is_the_plain_menu() -> None:
    """raiders.action.move / raiders.action.run: the Move/Run menus (worked out with the
    table's remembered routes and reaches, the aims clamped inline) are the menus worked out
    plainly with :meth:`Table.move` on a fresh table, label for label and to the last bit,
    for every unit of many random tables, asked twice (worked out, then remembered)."""
    points = rounds = 0
    for seed in range(40):
        st = scatter(seed)
        for u in st.units:
            if not u.on_table:
                continue
            for allowance in (float(u.move), float(u.run)):
                plain = [(p.x, p.y, p.label) for p in _move_menu_plain(st, u, allowance)]
                for _ in range(2):
                    got = move_candidates(st, u, allowance)
                    assert [(p.x, p.y, p.label) for p in got] == plain, (seed, u.name)
                enemies = sorted(st.enemies_of(u), key=lambda e: st.leader_distance(u, e))[:4]
                lead = st.lead_retinue(u.side)
                if lead is None or lead is u or st.leader_distance(u, lead) <= 10:
                    lead = None  # (as move_candidates asks: only a Lead Retinue over 10" away)
                fresh = _move_menu(st, u, allowance, enemies, lead)
                assert [(p.x, p.y, p.label) for p in fresh] == plain, (seed, u.name)
                points += len(fresh)
                rounds += any(p.label.startswith("toward") for p in got)
    assert points > 1000 and rounds > 200


def test_raiders_action_move_menu_after_other_units_menus_is_a_fresh_states() -> None:
    """raiders.action.move: a menu asked after many other units' menus on the same table is
    the one a fresh state works out (the remembered reaches are keyed on all they read)."""
    st = scatter(7)
    for u in st.units:
        if u.on_table:
            move_candidates(st, u, float(u.run))
    u = st.units[RANGERS]
    place(st, RANGERS, 20.0, 20.0)
    got = [(p.x, p.y, p.label) for p in move_candidates(st, u, float(u.move))]
    assert got == [(p.x, p.y, p.label) for p in _move_menu_plain(st, u, float(u.move))]


def test_raiders_core_movement_formation_kept_footprint_follows_the_figures() -> None:
    """raiders.core.movement_formation: the footprint a unit keeps is the one its figures
    give now, as figures are lost and come back (down to one and up again)."""
    st = bare_state()
    for u in st.units:
        size = u.figures
        for n in [*range(size, 0, -1), *range(1, size + 3)]:
            u.figures = n
            assert u.radius == footprint(n, u.r)
            assert u.base == (u.x, u.y, footprint(n, u.r))


def test_raiders_magic_choose_spell_and_target_castable_is_every_spells_targets() -> None:
    """raiders.magic.choose_spell_and_target: the spells offered and their targets (the units
    in sight found once, within the longest range) are each spell's own
    :func:`spell_targets`, in the table's order, for every magic user of many random tables."""
    lists = 0
    for seed in range(150):
        st = scatter(seed)
        for u in st.units:
            if not (u.on_table and u.profile.magic_user):
                continue
            plain = [(st.spells[sid], spell_targets(st, u, st.spells[sid]))
                     for sid in u.profile.spells]
            assert _castable(st, u) == [(s, t) for s, t in plain if t]
            lists += sum(1 for _, t in plain if t)
    assert lists > 200
