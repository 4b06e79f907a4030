"""Hits, armour saves and wounds: shared by missile fire, melee, spells and pursuit.

Rule ids: ``armies.combat.armour_save``, ``armies.combat.fixed_armour``,
``armies.missile.artillery_vs_fixed_armour``, ``armies.missile.artillery_vs_missile_immune``.
House reading (the sheet does not say): an unsaved hit is one wound; wounds land on one troop
model at a time, then, once the troops are dead, on the unit's characters; a character can
only be wounded on its own by attacks aimed at it (armies.melee.character_targeting).
"""

from __future__ import annotations

from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.state import ArmiesState, Character, Unit, centre_of

__all__ = ["armour_save", "roll_attacks", "wound"]


def armour_save(st: ArmiesState, target: Unit, strength: int, *, magical: bool = False,
                artillery: bool = False, character: Character | None = None,
                missile: bool = False) -> m.ArmourSave | None:
    """The save a hit on ``target`` (or on its ``character``) allows; None if it allows none."""
    profile = character.profile if character is not None else (
        target.profile if target.models else target.alive_characters[0].profile)
    armour = profile.armour + st.armour_bonus(target)
    if missile and artillery and Trait.MISSILE_IMMUNE in profile.traits:
        # armies.missile.artillery_vs_missile_immune: full strength against an armour of 5
        return m.ArmourSave(5, strength)
    return m.ArmourSave(armour, strength, profile.fixed_armour, magical, artillery)


def roll_attacks(st: ArmiesState, attacker: str, target: Unit, skill: int, attacks: int,
                 save: m.ArmourSave | None, what: str, attacker_uid: int = -1
                 ) -> m.AttacksRoll:
    """Roll ``attacks`` to-hit dice at ``skill`` and the saves (armies.melee.to_hit,
    armies.missile.to_hit, armies.combat.armour_save), logging every die."""
    roll = m.Attacks(skill, attacks, save).sample(st.dice)
    st.log.emit("attacks", what=what, attacker=attacker, target=target.name,
                uid=attacker_uid, target_uid=target.uid, skill=skill,
                rolls=roll.to_hit, hits=roll.hits, save=None if save is None else save.target,
                saves=roll.saves, wounds=roll.wounds)
    return roll


def _lose_character(st: ArmiesState, unit: Unit, c: Character) -> None:
    c.alive = False
    unit.character_lost_turn = True
    unit.models_lost_turn += 1
    unit.wounds_removed_turn += c.profile.wounds
    st.log.emit("character_slain", unit=unit.name, character=c.name)


def wound(st: ArmiesState, unit: Unit, wounds: int, source: Unit | None = None, *,
          character: Character | None = None, fearsome: bool = False) -> int:
    """Inflict ``wounds`` on ``unit`` (or on its ``character``); returns models removed.
    ``fearsome``: the wounds come from a Fearsome model's melee attacks
    (armies.morale.trigger_fearsome)."""
    if wounds <= 0 or unit.gone:
        return 0
    removed = 0
    unit.wounded_turn = True
    for _ in range(wounds):
        if character is not None and character.alive:
            character.wounds -= 1
            if character.wounds <= 0:
                _lose_character(st, unit, character)
                removed += 1
            continue
        if unit.models:
            unit.damage += 1
            if unit.damage >= unit.profile.wounds:
                unit.models -= 1
                unit.damage = 0
                unit.models_lost_turn += 1
                unit.wounds_removed_turn += unit.profile.wounds
                removed += 1
            continue
        alive = unit.alive_characters
        if not alive:
            break
        alive[0].wounds -= 1
        if alive[0].wounds <= 0:
            _lose_character(st, unit, alive[0])
            removed += 1
    if source is not None:
        source.wounds_dealt += wounds
        source.models_killed += removed
    if removed and fearsome:
        unit.fearsome_casualty = True
    st.log.emit("wounded", unit=unit.name, wounds=wounds, removed=removed,
                models=unit.models, left=unit.wounds_left)
    if unit.model_count == 0:
        unit.gone = True
        unit.formation = None
        st.disengage(unit)
        st.in_play = [s for s in st.in_play if s.target != unit.uid]
        st.log.emit("destroyed", unit=unit.name, side=st.side_labels[unit.side])
    else:
        before = centre_of(unit.formation)
        unit.reshape()
        after = centre_of(unit.formation)
        if after != before:  # the rear rank went: the block's centre moves up
            st.log.emit("close_ranks", unit=unit.name, uid=unit.uid, frm=before, to=after)
    return removed
