"""Missile Fire (armies.missile.*): who may shoot at whom, the to-hit modifiers, scatter
attacks, firing into combat, and the phase where all fire is simultaneous.

Rule ids: ``armies.missile.simultaneous``, ``armies.missile.range_bands``,
``armies.missile.to_hit``, ``armies.missile.mod_*``, ``armies.missile.scatter_partial``,
``armies.missile.scatter_vs_skirmish``, ``armies.missile.firing_into_combat``,
``armies.missile.artillery_vs_fixed_armour``, ``armies.missile.artillery_vs_missile_immune``,
``armies.move.infiltrators`` (late infiltrators shoot at -1).

House readings: a unit shoots at an enemy whose nearest point lies in its front arc (a
skirmisher sees all round) and within long range, edge to edge; units in melee, broken units
and units that already fired this turn (standing and shooting at a charge) do not shoot.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import Shoot
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.rules.damage import armour_save, roll_attacks, wound
from warband.rulesets.armies.rules.measure import cover_of, shooters
from warband.rulesets.armies.state import ArmiesState, Unit

__all__ = ["Volley", "can_shoot", "missile_phase", "range_to", "shoot", "targets_for",
           "to_hit_skill"]

#: a unit of this many bases or more in rank and file is a massed target
MASSED_BASES = 30


@dataclass(slots=True)
class Volley:
    """Wounds waiting to be inflicted (fire is simultaneous: all are rolled, then applied)."""

    target: Unit
    wounds: int
    source: Unit


def range_to(shooter: Unit, target: Unit) -> float:
    assert shooter.formation is not None and target.formation is not None
    return shooter.formation.distance(target.formation)


def in_arc(shooter: Unit, target: Unit) -> bool:
    assert shooter.formation is not None and target.formation is not None
    f, t = shooter.formation, target.formation
    return any(f.in_front_arc(x, y) for x, y in (*t.corners(), t.centre))


def can_shoot(shooter: Unit) -> bool:
    return (shooter.active and shooter.profile.missile is not None and shooter.models > 0
            and not shooter.engaged and not shooter.fired and not shooter.moved_in_flee)


def targets_for(st: ArmiesState, shooter: Unit) -> list[Unit]:
    missile = shooter.profile.missile
    if missile is None or shooter.formation is None:
        return []
    return [t for t in st.on_table(1 - shooter.side)
            if m.range_band(range_to(shooter, t), missile.range) is not None
            and in_arc(shooter, t)]


def to_hit_skill(st: ArmiesState, shooter: Unit, target: Unit, distance: float) -> int:
    """The shooter's missile skill with every modifier the sheet lists (armies.missile.mod_*)
    and the late infiltrator's -1."""
    missile = shooter.profile.missile
    assert missile is not None
    band = m.range_band(distance, missile.range) or "long"
    tp = target.profile if target.models else target.alive_characters[0].profile
    mod = m.missile_modifier(
        range_band=band, cover=cover_of(st, target), flying=Trait.FLYING in tp.traits,
        slow=Trait.SLOW in tp.traits, evasion=tp.evasion,
        massed=target.raf and target.models >= MASSED_BASES)
    return shooter.profile.shooting_skill + mod - (1 if shooter.late else 0)


def _saves(st: ArmiesState, target: Unit, hits: int, save: m.ArmourSave | None) -> int:
    if save is None or hits == 0:
        return hits
    faces = st.dice.roll(hits)
    wounds = sum(1 for f in faces if f > save.target)
    st.log.emit("saves", unit=target.name, save=save.target, rolls=faces, wounds=wounds)
    return wounds


def shoot(st: ArmiesState, shooter: Unit, target: Unit, when: str = "missile") -> list[Volley]:
    """Roll one unit's shooting at ``target``; returns the wounds to inflict."""
    missile = shooter.profile.missile
    assert missile is not None
    distance = range_to(shooter, target)
    skill = to_hit_skill(st, shooter, target, distance)
    st.log.emit("shoot", unit=shooter.name, target=target.name, uid=shooter.uid,
                target_uid=target.uid, weapon=missile.name,
                distance=round(distance, 2), skill=skill, when=when)
    tp = target.profile if target.models else target.alive_characters[0].profile
    if Trait.MISSILE_IMMUNE in tp.traits and not missile.artillery:
        st.log.emit("immune", unit=target.name)
        return []
    save = armour_save(st, target, missile.strength, magical=missile.magical,
                       artillery=missile.artillery, missile=True)
    out: list[Volley] = []
    if missile.scatter_d3s:
        # armies.missile.scatter_partial / scatter_vs_skirmish
        scatter = m.ScatterAttack(skill, missile.scatter_d3s,
                                  vs_skirmish=target.skirmish or target.single).sample(st.dice)
        st.log.emit("scatter", unit=shooter.name, target=target.name, to_hit=scatter.to_hit,
                    d3s=scatter.d3s, hits=scatter.hits)
        out.append(Volley(target, _saves(st, target, scatter.hits, save), shooter))
        return out
    shots = shooters(shooter) * missile.shots
    roll = roll_attacks(st, shooter.name, target, skill, shots, save, "missile", shooter.uid)
    out.append(Volley(target, roll.wounds, shooter))
    misses = shots - roll.hits
    if target.engaged and misses:
        # armies.missile.firing_into_combat: misses re-rolled against a unit engaged with the
        # target (friend or foe), chosen at random; same modifiers
        other = st.unit(st.dice.pick(sorted(target.engaged)))
        other_save = armour_save(st, other, missile.strength, magical=missile.magical,
                                 artillery=missile.artillery, missile=True)
        again = roll_attacks(st, shooter.name, other, skill, misses, other_save, "into_combat",
                             shooter.uid)
        out.append(Volley(other, again.wounds, shooter))
    return out


def inflict(st: ArmiesState, volleys: list[Volley]) -> None:
    for v in volleys:
        if v.wounds and not v.target.gone:
            wound(st, v.target, v.wounds, v.source)


def missile_phase(st: ArmiesState) -> Steps:
    """armies.missile.simultaneous: every shooter picks its target (the side that moved first
    declares first), all fire is rolled, then every casualty is removed at once."""
    st.log.emit("phase", name="Missile Fire", turn=st.turn)
    first = st.first_mover if st.first_mover is not None else 0
    volleys: list[Volley] = []
    for side in (first, 1 - first):
        for u in list(st.units_of(side)):
            if not can_shoot(u):
                continue
            targets = targets_for(st, u)
            if not targets:
                continue
            options = [Shoot(u.uid, t.uid) for t in targets] + [Shoot(u.uid, -1)]
            choice = yield Decision("shoot", side, options, f"{u.name}: shoot at which unit?",
                                    info={"uid": u.uid})
            if choice.target >= 0:
                volleys.extend(shoot(st, u, st.unit(choice.target)))
                u.fired = True
    inflict(st, volleys)
