"""The Fleeing phase (armies.flee.*): broken units run, pursuers chase.

Rule ids: ``armies.flee.order``, ``armies.flee.non_engaged``, ``armies.flee.engaged``,
``armies.flee.pursuit``, ``armies.flee.no_second_move``.

House readings (the rules yaml's defaults): a unit flees straight away from the nearest enemy
(from the enemies it fought, if engaged), turning free; a unit that leaves the table is lost;
it passes through other units and stops clear of them. Only units that were engaged with a
fleeing unit may pursue; a pursuer catches it when its D6 + move reaches the fleer's total, and
then inflicts one automatic wound per melee attack it could make (no saves unless the
``pursuit_saves`` option is on). A pursuer ends its move behind the fleeing unit, not engaged.
"""

from __future__ import annotations

import math

from warband.core.decisions import Decision
from warband.core.formations import Formation
from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import YesNo
from warband.rulesets.armies.rules.damage import armour_save, wound
from warband.rulesets.armies.rules.measure import fighters, fits, on_table
from warband.rulesets.armies.state import ArmiesState, Unit, centre_of

__all__ = ["fleeing_phase", "pursuit_attacks"]


def _move_of(u: Unit) -> float:
    p = u.profile if u.models else u.alive_characters[0].profile
    return p.move


def pursuit_attacks(st: ArmiesState, pursuer: Unit, fleeing: Unit) -> int:
    """The melee attacks ``pursuer`` could make on ``fleeing`` (armies.flee.pursuit)."""
    troops = fighters(st, pursuer, fleeing) * pursuer.profile.attacks if pursuer.models else 0
    return troops + sum(c.profile.attacks for c in pursuer.alive_characters)


def _away_from(u: Unit, others: list[Unit]) -> tuple[float, float]:
    assert u.formation is not None
    cx, cy = u.formation.centre
    if not others:
        return (0.0, -1.0) if u.side == 0 else (0.0, 1.0)
    ox = sum(o.formation.centre[0] for o in others if o.formation) / len(others)
    oy = sum(o.formation.centre[1] for o in others if o.formation) / len(others)
    dx, dy = cx - ox, cy - oy
    n = math.hypot(dx, dy)
    if n < 1e-6:
        return (0.0, -1.0) if u.side == 0 else (0.0, 1.0)
    return dx / n, dy / n


def _run(st: ArmiesState, u: Unit, direction: tuple[float, float], distance: float) -> None:
    """Move a fleeing unit; off the table it is lost."""
    assert u.formation is not None
    dx, dy = direction
    f = u.formation.turned(math.atan2(dy, dx)).shifted(dx * distance, dy * distance)
    extra = 0.0
    while on_table(st, f) and not fits(st, u, f) and extra < 20:
        f = f.shifted(dx * 0.5, dy * 0.5)  # through other units, stopping clear of them
        extra += 0.5
    if not on_table(st, f) or not fits(st, u, f):  # off the table (or, never seen, no room)
        st.log.emit("flee", unit=u.name, uid=u.uid, distance=round(distance, 2), off_table=True,
                    frm=centre_of(u.formation), to=None)
        u.gone = u.fled_off = True
        u.formation = None
        st.disengage(u)
        st.in_play = [s for s in st.in_play if s.target != u.uid]
        return
    st.log.emit("flee", unit=u.name, uid=u.uid, distance=round(distance, 2), off_table=False,
                x=round(f.x, 2), y=round(f.y, 2), frm=centre_of(u.formation), to=centre_of(f))
    u.formation = f


def _chase(st: ArmiesState, p: Unit, direction: tuple[float, float], distance: float) -> None:
    assert p.formation is not None
    dx, dy = direction
    turned = p.formation.turned(math.atan2(dy, dx))
    start = turned if fits(st, p, turned) else p.formation
    best: Formation = start
    steps = max(1, math.ceil(distance / 0.25))
    for i in range(1, steps + 1):
        f = start.shifted(dx * distance * i / steps, dy * distance * i / steps)
        if not fits(st, p, f) or any(e.formation is not None and f.within(e.formation, 1.0)
                                     for e in st.on_table(1 - p.side)):
            break
        best = f
    st.log.emit("chase", unit=p.name, uid=p.uid, frm=centre_of(p.formation),
                to=centre_of(best))
    p.formation = best


def fleeing_phase(st: ArmiesState) -> Steps:
    st.log.emit("phase", name="Fleeing", turn=st.turn)
    first = st.first_mover if st.first_mover is not None else 0
    order = sorted((u for u in st.units if u.on_table and u.broken),
                   key=lambda u: (u.side != first, u.uid))
    # armies.flee.order: non-engaged broken units first
    for u in [u for u in order if not u.engaged]:
        enemies = st.on_table(1 - u.side)
        nearest = min(enemies, key=lambda e: u.formation.distance(e.formation)  # type: ignore[union-attr,arg-type]
                      ) if enemies else None
        add = yield Decision("flee_move", u.side, [YesNo(True), YesNo(False)],
                             f"{u.name} flees: add its normal move to the D6?",
                             info={"uid": u.uid})
        face, dist = m.FleeMove(_move_of(u) if add.yes else 0.0).sample(st.dice)
        st.log.emit("flee_roll", unit=u.name, roll=face, distance=dist)
        _run(st, u, _away_from(u, [nearest] if nearest else []), dist)
        u.moved_in_flee = True
    # then engaged broken units and their pursuers
    for u in [u for u in order if u.engaged]:
        if not u.on_table or not u.engaged:
            continue
        foes = [st.unit(uid) for uid in sorted(u.engaged) if st.unit(uid).on_table]
        pursuers = [(p, pursuit_attacks(st, p, u)) for p in foes if not p.broken]
        direction = _away_from(u, foes)
        face, dist = m.FleeMove(_move_of(u)).sample(st.dice)
        st.log.emit("flee_roll", unit=u.name, roll=face, distance=dist)
        st.disengage(u)
        u.moved_in_flee = True
        chasers: list[tuple[Unit, float]] = []
        for p, attacks in pursuers:
            if p.moved_in_flee or not p.on_table or p.engaged:
                continue
            go = yield Decision("pursue", p.side, [YesNo(True), YesNo(False)],
                                f"{p.name}: pursue {u.name}?", info={"uid": p.uid,
                                                                     "fleeing": u.uid})
            if not go.yes:
                continue
            pface, pdist = m.FleeMove(_move_of(p)).sample(st.dice)
            caught = pdist >= dist
            st.log.emit("pursue", unit=p.name, fleeing=u.name, roll=pface, distance=pdist,
                        caught=caught)
            p.moved_in_flee = True
            if caught and u.on_table:
                wounds = attacks
                if st.options.pursuit_saves:
                    save = armour_save(st, u, p.profile.strength)
                    if save is not None:
                        faces = st.dice.roll(attacks)
                        wounds = sum(1 for f in faces if f > save.target)
                        st.log.emit("saves", unit=u.name, save=save.target, rolls=faces,
                                    wounds=wounds)
                wound(st, u, wounds, p)
            chasers.append((p, min(pdist, dist)))
        if u.on_table:
            _run(st, u, direction, dist)
        for p, run in chasers:
            if p.on_table and not p.engaged:
                _chase(st, p, direction, run)
