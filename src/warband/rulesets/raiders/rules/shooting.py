"""Shooting: the target value and its modifiers, the volley, and the aim marker.

Rule ids: ``raiders.action.shoot``, ``raiders.shooting.hit_roll``,
``raiders.shooting.damage_roll``, ``raiders.shooting.remove_casualties_and_aim``,
``raiders.action.run``, ``raiders.action.go_to_ground``, ``raiders.action.aim``,
``raiders.ability.rangers``, ``raiders.ability.shield_wall_shooting``,
``raiders.ability.palisades``, ``raiders.terrain.modifiers``.

Modifiers to the target's Tg: Run -2 and no cover; Go to Ground +2; Shield wall +3; deployed
Palisades +2; cover +``Options.cover_bonus`` (house +1). The shooter's Aim adds +2 to each hit
die; Rangers' aimed shots get +3 instead (``Options.rangers_aim`` "replace", the rules yaml's
default) or +5 ("stack").
"""

from __future__ import annotations

from warband.rulesets.raiders.mechanics import Volley
from warband.rulesets.raiders.rules.measure import in_cover
from warband.rulesets.raiders.state import RaidersReader, RaidersState, Unit

__all__ = ["aim_bonus", "shoot", "target_value", "volley"]

GO_TO_GROUND = 2
SHIELD_WALL = 3
RUNNING = -2
PALISADE = 2
AIM = 2
RANGERS_AIM = 3


def aim_bonus(st: RaidersReader, shooter: Unit) -> int:
    if not shooter.aimed:
        return 0
    if shooter.has("rangers"):
        return RANGERS_AIM + (AIM if st.options.rangers_aim == "stack" else 0)
    return AIM


def target_value(st: RaidersReader, shooter: Unit, target: Unit, reaction: str | None,
                 running: bool) -> tuple[int, list[str]]:
    """The target's Tg against this shot, with the names of the modifiers applied.
    ``reaction`` is what the target does in answer to the shot; ``running`` whether it is
    running during this action."""
    tg = target.profile.target
    notes: list[str] = []
    if running:
        tg += RUNNING
        notes.append("running -2")
    elif in_cover(st, shooter, target) and st.options.cover_bonus:
        tg += st.options.cover_bonus
        notes.append(f"cover +{st.options.cover_bonus}")
    if reaction == "go_to_ground":
        tg += GO_TO_GROUND
        notes.append("gone to ground +2")
    elif reaction == "shield_wall_shooting":
        tg += SHIELD_WALL
        notes.append("shield wall +3")
    if target.behind_palisade:
        tg += PALISADE
        notes.append("palisades +2")
    return tg, notes


def volley(st: RaidersReader, shooter: Unit, figures: int, target: Unit, reaction: str | None,
           running: bool) -> tuple[Volley, list[str]]:
    tg, notes = target_value(st, shooter, target, reaction, running)
    bonus = aim_bonus(st, shooter)
    if bonus:
        notes.append(f"aimed +{bonus}")
    return Volley(figures, tg, target.profile.armour, bonus), notes


def shoot(st: RaidersState, shooter: Unit, figures: int, target: Unit, reaction: str | None,
          running: bool) -> int:
    """Fire one round (every figure the shooter had when the action was declared); returns
    the wounds, which the caller removes together with the rest of the action's."""
    mech, notes = volley(st, shooter, figures, target, reaction, running)
    roll = mech.sample(st.dice)
    st.log.emit("shoot", who=shooter.name, target=target.name, weapon=shooter.profile.ranged_name,
                figures=figures, need=mech.target - mech.bonus, modifiers=notes,
                hit_dice=roll.hit_dice, hits=roll.hits, armour=mech.armour,
                damage_dice=roll.damage_dice, wounds=roll.wounds)
    if shooter.aimed:
        shooter.aimed = False  # raiders.shooting.remove_casualties_and_aim
    return roll.wounds
