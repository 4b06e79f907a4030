"""Magic: casting and counter-spells, power levels and the six spells.

Rule ids: ``raiders.magic.overview``, ``raiders.magic.choose_spell_and_target``,
``raiders.magic.casting_dice``, ``raiders.magic.counter_dice``,
``raiders.magic.roll_and_cancel``, ``raiders.magic.effectiveness``, ``raiders.magic.resolve``,
``raiders.action.store_power``, ``raiders.action.cast_spell``, ``raiders.action.counter_spell``,
``raiders.ability.acolyte``, ``raiders.spell.magic_missile``, ``raiders.spell.healing``,
``raiders.spell.energy_restore``, ``raiders.spell.energy_drain``,
``raiders.spell.combat_prowess``, ``raiders.spell.unnatural_speed``.

Readings (the rules yaml's defaults):

* The book prints two different spells both called "Energy" (difficulty 5): they are two
  spells here, Energy (Restore), which removes fatigue, and Energy (Drain), which adds it.
* A spell may target any unit, friend or foe (itself included), in the caster's sight and the
  spell's range (house ranges, spells.yaml); the target's MR always adds to the difficulty.
* The caster commits its power tokens first; the counter-spell is chosen knowing how many
  casting dice there are. A magic user counters if it sees the caster or the target.
* Acolytes: one extra die per surviving acolyte (every figure of an acolyte unit but the magic
  user), the lowest dice dropped.
* Power above a spell's highest level counts as the highest level.
* Healing first clears wounds carried on the current figure, then brings back one figure
  removed this turn for each full HP of a figure; what is left over is lost. A figure comes
  back only if the grown formation still fits where the unit stands (no overlap with another
  unit, on open ground): one pressed against an enemy may get fewer back.
* Combat Prowess's extra dice are rolled once, when cast, and serve every combat that turn.
* Unnatural Speed adds to both the standard and the run move until the turn ends (a second
  casting does not add to the first: the better one counts).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from warband.rulesets.raiders.mechanics import Casting, DiceSum, MagicMissile
from warband.rulesets.raiders.models import SpellEffect
from warband.rulesets.raiders.rules.measure import line_of_sight
from warband.rulesets.raiders.state import RaidersReader, RaidersState, Unit, footprint
from warband.rulesets.raiders.unit import Spell

__all__ = ["acolytes", "cast_spell", "counter_spellers", "spell_targets"]


def acolytes(u: Unit) -> int:
    """Surviving acolytes of a magic user's unit (raiders.ability.acolyte)."""
    return max(0, u.figures - 1) if u.has("acolyte") else 0


def spell_targets(st: RaidersReader, caster: Unit, spell: Spell) -> list[Unit]:
    """Units in the caster's sight and the spell's range (raiders.magic.choose_spell_and_target)."""
    return [u for u in st.units if u.on_table and st.leader_distance(caster, u) <= spell.range
            and line_of_sight(st, caster, u)]


def counter_spellers(st: RaidersReader, caster: Unit, target: Unit,
                     sees: Callable[[Unit, Unit], bool] | None = None) -> list[Unit]:
    """Enemy magic users able to counter: on the table, neither broken nor fatigued, and in
    sight of the caster or of the target (raiders.action.counter_spell). ``sees(viewer,
    unit)``: :func:`~.measure.line_of_sight` in ``st``, if the caller keeps its answers
    (the AI asks this for every target of every caster)."""
    look: Callable[[Unit, Unit], bool] = sees if sees is not None else partial(line_of_sight, st)
    return [u for u in st.enemies_of(caster)
            if u.profile.magic_user and not u.broken and not u.fatigued
            and (look(u, caster) or look(u, target))]


def cast_spell(
    st: RaidersState, caster: Unit, spell: Spell, target: Unit, power: int,
    counter: Unit | None, counter_power: int,
) -> tuple[int, Callable[[], None] | None]:
    """Roll the casting against any counter-spell and work out the spell.

    Returns the wounds it inflicts on ``target`` (removed by the caller with the rest of the
    action's casualties) and the spell's other effect, applied after casualties.
    """
    caster.power -= power
    if counter is not None:
        counter.power -= counter_power
    mech = Casting(
        casting=1 + power, needed=spell.difficulty + target.profile.mr,
        counter=(1 + counter_power) if counter is not None else 0,
        casting_acolytes=acolytes(caster),
        counter_acolytes=acolytes(counter) if counter is not None else 0,
    )
    roll = mech.sample(st.dice)
    level = min(roll.power, spell.max_level)
    st.log.emit("casting", who=caster.name, spell=spell.name, target=target.name,
                needed=roll.needed, casting_rolled=roll.casting_rolled, casting=roll.casting,
                counter_by=counter.name if counter else None, counter_rolled=roll.counter_rolled,
                counter=roll.counter, cancelled=roll.cancelled, power=roll.power, level=level)
    if level <= 0:
        st.log.emit("spell_fails", who=caster.name, spell=spell.name)
        return 0, None
    amount = spell.amount(level)
    if spell.effect is SpellEffect.HITS:
        missile = MagicMissile(amount, target.profile.armour).sample(st.dice)
        st.log.emit("magic_missile", who=caster.name, target=target.name,
                    hit_dice=missile.hit_dice, hits=missile.hits, armour=target.profile.armour,
                    wound_dice=missile.wound_dice, wounds=missile.wounds)
        return missile.wounds, None
    if spell.effect is SpellEffect.HEAL:
        hp = sum(DiceSum(amount, 5).sample(st.dice))
        return 0, lambda: _heal(st, target, hp, spell)
    if spell.effect is SpellEffect.COMBAT_DICE:
        extra = sum(DiceSum(amount, 10).sample(st.dice))
        return 0, lambda: _effect(st, target, spell, "prowess", extra)
    if spell.effect is SpellEffect.REMOVE_FATIGUE:
        return 0, lambda: _effect(st, target, spell, "fatigue", -min(amount, target.fatigue))
    if spell.effect is SpellEffect.ADD_FATIGUE:
        return 0, lambda: _effect(st, target, spell, "fatigue", amount)
    return 0, lambda: _effect(st, target, spell, "speed", amount)


def _effect(st: RaidersState, u: Unit, spell: Spell, what: str, amount: int) -> None:
    if not u.on_table:
        return
    if what == "fatigue":
        u.fatigue = max(0, u.fatigue + amount)
    elif what == "prowess":
        u.prowess += amount
    else:
        u.speed = max(u.speed, amount)
    st.log.emit("spell_effect", who=u.name, spell=spell.name, effect=what, amount=amount,
                fatigue=u.fatigue, prowess=u.prowess, speed=u.speed)


def _heal(st: RaidersState, u: Unit, hp: int, spell: Spell) -> None:
    if not u.on_table:
        return
    healed = min(hp, u.wounds)
    u.wounds -= healed
    left = hp - healed
    wanted = min(left // u.profile.hp, u.lost_this_turn, u.size - u.figures)
    revived = wanted
    while revived > 0 and not _room_for(st, u, u.figures + revived):
        revived -= 1  # no room for the grown formation: that figure stays lost
    u.figures += revived
    u.lost_this_turn -= revived
    extra = {"no_room": wanted - revived} if revived < wanted else {}
    st.log.emit("healed", who=u.name, spell=spell.name, hp=hp, wounds_healed=healed,
                revived=revived, figures=u.figures, **extra)


def _room_for(st: RaidersState, u: Unit, figures: int) -> bool:
    """Does ``u``, formed up round its leader with ``figures`` figures, fit where it stands
    (on the table, off impassable terrain, overlapping no other unit)? A figure brought back
    by Healing rejoins the formation, which must not spill onto another unit."""
    grown = footprint(figures, u.r)
    others = [o.base for o in st.blockers(u)]
    return bool(st.table.fits(u.x, u.y, grown, others))
