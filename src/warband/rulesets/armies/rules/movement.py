"""The Movement phase (armies.move.*): infiltrators, initiative, each side's orders, charges
with their wheel, charge responses and chargers' natural missiles.

Rule ids: ``armies.move.infiltrators``, ``armies.move.initiative``, ``armies.move.side_moves``,
``armies.move.charge_declaration``, ``armies.move.raf_wheel``,
``armies.move.skirmisher_engage``, ``armies.move.charge_response_fire``,
``armies.move.charger_natural_missiles``, ``armies.flee.no_second_move``.

House readings (docs/rulesets/armies.md):

* A unit that does not charge stays at least 1" from every enemy; it may advance towards an
  enemy (turning to face it first: a rank-and-file unit wheels, paying the distance its outer
  front corner travels; skirmishers turn freely) or fall back half its move keeping its facing.
* A charge (armies.move.charge_declaration): the charger may manoeuvre no more than a quarter
  of its move (the wheel towards the point of contact) and the whole charge must fit its move;
  skirmishers add 3" (armies.move.skirmisher_engage). The charger engages the face of the
  target it stands beyond, and wheels free to meet it front to face
  (armies.move.raf_wheel).
* Units that moved in the Fleeing phase do not move, except skirmishers' 3" bonus
  (armies.flee.no_second_move); late infiltrators do not move.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from warband.core.decisions import Decision
from warband.core.formations import Formation, angle_diff
from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import Order, Place, YesNo
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.rules.measure import fits
from warband.rulesets.armies.rules.melee import is_overrun, overrun
from warband.rulesets.armies.rules.missile import can_shoot, inflict, range_to, shoot
from warband.rulesets.armies.state import ArmiesState, Unit, centre_of

__all__ = ["advance", "march", "charge_plan", "fall_back", "infiltration_points", "movement_phase",
           "move_allowance", "orders_for"]

#: non-charging units stay this far from enemies (house)
KEEP_AWAY = 1.0
#: bonus move of skirmishers that moved in the Fleeing phase (armies.flee.no_second_move)
SKIRMISH_BONUS = 3.0
#: skirmishers' extra reach when charging (armies.move.skirmisher_engage)
SKIRMISH_CHARGE = 3.0
#: infiltrators keep this far from every enemy (armies.move.infiltrators)
INFILTRATE_GAP = 6.0


def move_allowance(u: Unit) -> float:
    """How far ``u`` may move this phase (0 if it may not)."""
    if not u.active or u.engaged or u.late:
        return 0.0
    if u.moved_in_flee:
        return SKIRMISH_BONUS if u.skirmish else 0.0
    p = u.profile if u.models else u.alive_characters[0].profile
    return p.move


def _home_heading(st: ArmiesState, side: int) -> float:
    return math.pi / 2 if side == 0 else -math.pi / 2


def _near_enemy(st: ArmiesState, u: Unit, f: Formation, gap: float) -> bool:
    return any(e.formation is not None and f.within(e.formation, gap - 1e-9)
               for e in st.on_table(1 - u.side))


def _slide(st: ArmiesState, u: Unit, start: Formation, dx: float, dy: float,
           distance: float) -> tuple[Formation, float]:
    """Move ``start`` up to ``distance`` along unit vector (dx, dy), stopping before it would
    overlap a unit, leave the table or come within 1" of an enemy; returns where it stops."""
    def ok(d: float) -> bool:
        f = start.shifted(dx * d, dy * d)
        return fits(st, u, f) and not _near_enemy(st, u, f, KEEP_AWAY)

    # 1" steps to the first blocked place, then halving to a quarter inch
    good = 0.0
    steps = max(1, math.ceil(distance))
    for i in range(1, steps + 1):
        d = distance * i / steps
        if not ok(d):
            bad = d
            while bad - good > 0.25:
                mid = (good + bad) / 2
                if ok(mid):
                    good = mid
                else:
                    bad = mid
            break
        good = d
    return start.shifted(dx * good, dy * good), good


def _turn_towards(u: Unit, f: Formation, heading: float, budget: float) -> tuple[Formation, float]:
    """Turn to ``heading``: skirmishers and single models turn freely about their centre; a
    rank-and-file unit wheels, paying its outer corner's travel, as far as ``budget`` allows."""
    delta = angle_diff(f.heading, heading)
    if not u.raf:
        return f.turned(heading), budget
    cost = f.wheel_cost(delta)
    if cost > budget:
        delta = math.copysign(budget / max(f.width, 1e-9), delta)
        cost = budget
    return f.wheeled(delta), budget - cost


def advance(st: ArmiesState, u: Unit, target: Unit, budget: float) -> Formation:
    """Where ``u`` ends an advance towards ``target`` (house, see the module docstring)."""
    assert target.formation is not None
    tf = target.formation
    return march(st, u, tf.centre, budget, tf.distance)


def march(st: ArmiesState, u: Unit, point: tuple[float, float], budget: float,
          gap_to: Callable[[Formation], float] | None = None) -> Formation:
    """Where ``u`` ends a move towards ``point``: it turns towards it, or up to one radian
    either side to go round a unit in the way, and takes whichever end is nearest (by
    ``gap_to``, default the distance from the point)."""
    assert u.formation is not None
    gap_of = gap_to or (lambda f: f.distance_to_point(*point))
    cx, cy = u.formation.centre
    direct = math.atan2(point[1] - cy, point[0] - cx)
    best, best_gap = u.formation, gap_of(u.formation)
    for swerve in (0.0, 0.5, -0.5, 1.0, -1.0):
        turned, left = _turn_towards(u, u.formation, direct + swerve, budget)
        if not fits(st, u, turned) or (_near_enemy(st, u, turned, KEEP_AWAY)
                                       and not _near_enemy(st, u, u.formation, KEEP_AWAY)):
            continue
        fx, fy = turned.forward
        end, _ = _slide(st, u, turned, fx, fy, left)
        gap = gap_of(end)
        if gap < best_gap - 1e-6:
            best, best_gap = end, gap
        if swerve == 0.0 and gap <= KEEP_AWAY + 0.5:
            break
    return best


def fall_back(st: ArmiesState, u: Unit, budget: float) -> Formation:
    assert u.formation is not None
    fx, fy = u.formation.forward
    end, _ = _slide(st, u, u.formation, -fx, -fy, budget / 2)
    return end


def charge_plan(st: ArmiesState, u: Unit, target: Unit) -> Formation | None:
    """Where ``u`` would stand after charging ``target``, or None if it cannot
    (armies.move.charge_declaration, armies.move.raf_wheel, armies.move.skirmisher_engage)."""
    if u.formation is None or target.formation is None or not target.on_table:
        return None
    budget = move_allowance(u)
    if budget <= 0 or u.moved_in_flee:
        return None
    reach = budget + (SKIRMISH_CHARGE if u.skirmish else 0.0)
    if u.formation.distance(target.formation) > reach:
        return None
    face = target.formation.face_towards(*u.formation.centre)
    window = budget * st.options.charge_window
    a, b = target.formation.face(face)
    step = min(u.formation.width, math.dist(a, b)) / 2
    for offset in (0.0, step, -step):  # centred, or half a frontage to either side
        placed = u.formation.flush_against(target.formation, face, offset)
        if not fits(st, u, placed) or placed.contact_length("front", target.formation,
                                                            face, 0.1) <= 0:
            continue
        # the contact point must be reached: a wheel of at most a quarter move, then straight
        dx, dy = placed.x - u.formation.x, placed.y - u.formation.y
        dist = math.hypot(dx, dy)
        touching = u.formation.distance(target.formation) <= 0.1
        turn = 0.0 if dist < 1e-6 or touching else abs(
            angle_diff(u.formation.heading, math.atan2(dy, dx)))
        manoeuvre = u.formation.wheel_cost(turn) if u.raf else 0.0
        if manoeuvre > window + 1e-9 or dist + manoeuvre > reach + 1e-9:
            continue
        return placed
    return None


def orders_for(st: ArmiesState, u: Unit) -> list[Order]:
    """Every legal order for ``u`` this Movement phase."""
    budget = move_allowance(u)
    if budget <= 0:
        return [Order(u.uid, "hold")]
    out = [Order(u.uid, "hold")]
    enemies = st.on_table(1 - u.side)
    if not u.moved_in_flee:
        out += [Order(u.uid, "charge", e.uid) for e in enemies
                if charge_plan(st, u, e) is not None]
    out += [Order(u.uid, "advance", e.uid) for e in enemies]
    if st.scenario.objective is not None:
        out.append(Order(u.uid, "objective"))
    out.append(Order(u.uid, "fall_back"))
    return out


def infiltration_points(st: ArmiesState, u: Unit) -> list[tuple[float, float]]:
    """Candidate places for infiltrator ``u`` (armies.move.infiltrators): outside the enemy
    deployment zone, 6" from every enemy, on the table, overlapping nothing; on a 6" grid."""
    w, h = st.scenario.table
    depth = st.scenario.deploy_depth
    heading = _home_heading(st, u.side)
    width, d = u.shape()
    out: list[tuple[float, float]] = []
    y_step = 4.0
    y = 2.0
    while y < h - 1:
        x = 6.0
        while x < w:
            f = Formation(x, y, heading, width, d, u.skirmish)
            in_enemy_zone = any(cy > h - depth if u.side == 0 else cy < depth
                                for _, cy in f.corners())
            if (not in_enemy_zone and fits(st, u, f)
                    and not _near_enemy(st, u, f, INFILTRATE_GAP)):
                out.append((x, y))
            x += 6.0
        y += y_step
    # the places nearest the enemy first (where an infiltrator is most use), at most eight
    out.sort(key=lambda p: -p[1] if u.side == 0 else p[1])
    return out[:8]


def _place(st: ArmiesState, u: Unit, x: float, y: float, late: bool) -> None:
    width, d = u.shape()
    u.formation = Formation(x, y, _home_heading(st, u.side), width, d, u.skirmish)
    u.deployed = True
    u.late = late
    st.log.emit("infiltrate", unit=u.name, uid=u.uid, x=round(x, 2), y=round(y, 2), late=late,
                at=centre_of(u.formation))


def _infiltrate(st: ArmiesState) -> Steps:
    """armies.move.infiltrators: at the start of the phase each waiting infiltrator is placed
    now (it moves and shoots normally), kept for the end of the phase, or kept waiting."""
    for u in st.units:
        if u.deployed or u.gone or not u.has(Trait.INFILTRATOR):
            continue
        opts = [Place(u.uid, "now", x, y) for x, y in infiltration_points(st, u)]
        opts += [Place(u.uid, "late"), Place(u.uid, "wait")]
        choice = yield Decision("infiltrate", u.side, opts,
                                f"{u.name}: where and when to infiltrate?", info={"uid": u.uid})
        if choice.when == "now":
            _place(st, u, choice.x, choice.y, late=False)
        elif choice.when == "late":
            st.late_infiltrators.add(u.uid)


def _late_infiltrate(st: ArmiesState) -> Steps:
    for uid in sorted(st.late_infiltrators):
        u = st.unit(uid)
        points = infiltration_points(st, u)
        opts = [Place(u.uid, "now", x, y) for x, y in points] + [Place(u.uid, "wait")]
        choice = yield Decision("infiltrate_late", u.side, opts,
                                f"{u.name}: where to infiltrate (no moving, -1 to shoot)?",
                                info={"uid": u.uid})
        if choice.when == "now":
            _place(st, u, choice.x, choice.y, late=True)
    st.late_infiltrators.clear()


def initiative(st: ArmiesState) -> Steps:
    """armies.move.initiative: both roll, ties again; the winner moves first or second."""
    rolls, winner = m.Initiative().sample(st.dice)
    st.log.emit("initiative", rolls=[list(r) for r in rolls], winner=st.side_labels[winner])
    choice = yield Decision("move_first", winner, [YesNo(True), YesNo(False)],
                            "You won the initiative: move first?")
    st.first_mover = winner if choice.yes else 1 - winner
    if st.turn == 1:
        st.first_player = st.first_mover
    st.log.emit("moves_first", side=st.side_labels[st.first_mover])


def _charge(st: ArmiesState, u: Unit, target: Unit) -> Steps:
    placed = charge_plan(st, u, target)
    assert placed is not None and u.formation is not None
    st.log.emit("charge", unit=u.name, target=target.name, uid=u.uid, target_uid=target.uid,
                face=target.formation.face_towards(*u.formation.centre)
                if target.formation is not None else "front",
                frm=centre_of(u.formation), to=centre_of(placed))
    # armies.move.charge_response_fire: the charged unit may stand and shoot
    if (st.options.stand_and_shoot and can_shoot(target)
            and target.formation is not None and range_to(target, u) <= (
                target.profile.missile.range * 4 / 3 if target.profile.missile else 0)
            and target.formation.in_front_arc(*u.formation.centre)):
        fire = yield Decision("stand_and_shoot", target.side, [YesNo(True), YesNo(False)],
                              f"{target.name} is charged by {u.name}: stand and shoot?",
                              info={"uid": target.uid, "charger": u.uid})
        if fire.yes:
            inflict(st, shoot(st, target, u, when="charge_response"))
            target.fired = True
    # armies.move.charger_natural_missiles
    missile = u.profile.missile
    if (not u.gone and missile is not None and missile.natural and u.models
            and not u.fired and target.on_table):
        inflict(st, shoot(st, u, target, when="charging"))
        u.fired = True
    if u.gone or not target.on_table:
        return
    u.formation = placed
    u.charged = True
    st.engage(u, target)
    if is_overrun(u, target):  # armies.move.overrun: resolved now, during movement
        overrun(st, u, target)
        if not target.on_table:
            return
    for other in st.on_table(1 - u.side):  # any other enemy the charger ends up touching
        if other is not target and other.formation is not None and placed.within(
                other.formation, 0.1):
            st.engage(u, other)
            st.log.emit("engaged", unit=u.name, target=other.name)


def _order(st: ArmiesState, u: Unit) -> Steps:
    options = orders_for(st, u)
    choice = yield Decision("order", u.side, options, f"{u.name}: orders?", info={"uid": u.uid})
    if choice.kind == "charge":
        yield from _charge(st, u, st.unit(choice.target))
        return
    if choice.kind == "hold" or u.formation is None:
        st.log.emit("hold", unit=u.name)
        return
    start = u.formation
    if choice.kind == "advance":
        u.formation = advance(st, u, st.unit(choice.target), move_allowance(u))
    elif choice.kind == "objective":
        assert st.scenario.objective is not None
        u.formation = march(st, u, st.scenario.objective, move_allowance(u))
    else:
        u.formation = fall_back(st, u, move_allowance(u))
    st.log.emit("move", unit=u.name, uid=u.uid, order=choice.kind,
                frm=centre_of(start), to=centre_of(u.formation),
                target=None if choice.target < 0 else st.unit(choice.target).name,
                distance=round(math.hypot(u.formation.x - start.x, u.formation.y - start.y), 2),
                x=round(u.formation.x, 2), y=round(u.formation.y, 2))


def movement_phase(st: ArmiesState) -> Steps:
    st.log.emit("phase", name="Movement", turn=st.turn)
    yield from _infiltrate(st)
    yield from initiative(st)
    assert st.first_mover is not None
    for side in (st.first_mover, 1 - st.first_mover):
        for u in list(st.units_of(side)):
            if u.on_table and move_allowance(u) > 0:
                yield from _order(st, u)
    yield from _late_infiltrate(st)
