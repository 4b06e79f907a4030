"""The Melee phase (armies.melee.*): simultaneous blows in three steps (first strikes, normal
blows with ramming, last strikes), characters seeking characters and monsters, monsters
choosing their victims.

Rule ids: ``armies.melee.simultaneous``, ``armies.melee.ramming``,
``armies.melee.character_targeting``, ``armies.melee.monster_targeting``,
``armies.melee.long_weapons`` (through :func:`~.measure.fighters`), ``armies.melee.to_hit``,
``armies.melee.mod_slow_immobile``, ``armies.melee.mod_evasion``, ``armies.combat.*``.

Within a step every attack is rolled from the models alive when the step starts, and the wounds
are inflicted together at its end, so models killed in a step still strike in it; a model killed
by first strikes does not strike later, except its ramming attacks (a charger's, counted before
the first strikes). House readings: characters in a unit fight in its front rank; "available"
(armies.melee.character_targeting) means in a unit engaged with the character's unit.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import Strike
from warband.rulesets.armies.models import ProfileModel, Trait
from warband.rulesets.armies.rules.damage import armour_save, roll_attacks, wound
from warband.rulesets.armies.rules.measure import fighters, on_hill
from warband.rulesets.armies.state import ArmiesState, Character, Unit

__all__ = ["Blow", "OVERRUN_RATIO", "is_overrun", "melee_phase", "melee_skill", "overrun",
           "plan_blows"]

#: armies.move.overrun (house): a charge on a unit with at most a third of the charger's
#: wounds is an overrun
OVERRUN_RATIO = 3

STEPS = ("first", "normal", "last")


@dataclass(slots=True)
class Blow:
    """Attacks one attacker (a unit's troops, or one character) aims at one enemy."""

    attacker: Unit
    character: Character | None  # the striking character, or None for the troops
    target: Unit
    victim: Character | None  # an enemy character singled out, or None for the troops
    ramming: int = 0  # ramming attacks fixed before the first strikes

    @property
    def profile(self) -> ProfileModel:
        return self.character.profile if self.character is not None else self.attacker.profile

    @property
    def step(self) -> str:
        if Trait.FIRST_STRIKE in self.profile.traits:
            return "first"
        if Trait.LAST_STRIKE in self.profile.traits:
            return "last"
        return "normal"


def melee_skill(st: ArmiesState, attacker: Unit, profile: ProfileModel, target: Unit,
                victim: Character | None) -> int:
    """Melee skill with the sheet's modifiers (armies.melee.mod_*): +1 against Slow or
    immobilised, -1 per level of evasion, -1 attacking up a hill from below
    (armies.melee.mod_slope); the house tables have no doorways or windows."""
    tp = victim.profile if victim is not None else (
        target.profile if target.models else target.alive_characters[0].profile)
    uphill = on_hill(st, target) and not on_hill(st, attacker)
    return profile.skill + attacker.skill_bonus + m.melee_modifier(
        slow=Trait.SLOW in tp.traits, uphill=uphill, evasion=tp.evasion)


def _enemies(st: ArmiesState, u: Unit) -> list[Unit]:
    return [st.unit(uid) for uid in sorted(u.engaged) if st.unit(uid).on_table]


def plan_blows(st: ArmiesState) -> Generator[Any, Any, list[Blow]]:
    """Who strikes whom this phase (asks monsters' owners for their victims)."""
    blows: list[Blow] = []
    fought: set[int] = set()  # characters and monsters already fighting a character
    for side in (st.first_mover or 0, 1 - (st.first_mover or 0)):
        for u in st.units_of(side):
            if not u.on_table or not u.engaged:
                continue
            enemies = _enemies(st, u)
            if not enemies:
                continue
            # troops
            if u.models:
                for e in enemies:
                    victim: Character | None = None
                    chars = [c for c in e.alive_characters]
                    if u.monster and chars:
                        # armies.melee.monster_targeting: the monster chooses
                        opts = [Strike(e.uid, -1)] + [Strike(e.uid, c.cid) for c in chars]
                        pick = yield Decision("monster_target", u.side, opts,
                                              f"{u.name}: strike the troops or a character?",
                                              info={"uid": u.uid})
                        victim = next((c for c in chars if c.cid == pick.cid), None)
                    ram = 0
                    if u.charged and u.profile.ramming:
                        ram = fighters(st, u, e) * u.profile.ramming
                    blows.append(Blow(u, None, e, victim, ram))
            # characters: armies.melee.character_targeting
            for c in u.alive_characters:
                candidates: list[tuple[Unit, Character | None]] = []
                for e in enemies:
                    candidates += [(e, ec) for ec in e.alive_characters]
                    if e.monster:
                        candidates.append((e, None))
                free = [(e, ec) for e, ec in candidates
                        if (ec.cid if ec is not None else -1 - e.uid) not in fought]
                if free:
                    target, victim = free[0]
                elif candidates:
                    # all occupied: double up on one of them, or attack normal troops
                    opts = list(dict.fromkeys(
                        [Strike(e.uid, ec.cid if ec is not None else -1) for e, ec in candidates]
                        + [Strike(e.uid, -1) for e in enemies if e.models]))
                    pick = yield Decision("character_target", u.side, opts,
                                          f"{c.name}: double up, or fight the troops?",
                                          info={"uid": u.uid, "cid": c.cid})
                    target = st.unit(pick.uid)
                    victim = next((ec for ec in target.alive_characters if ec.cid == pick.cid),
                                  None)
                else:
                    target, victim = max(enemies, key=lambda e: e.model_count), None
                fought.add(victim.cid if victim is not None else -1 - target.uid)
                blows.append(Blow(u, c, target, victim))
    return blows


def _attacks(st: ArmiesState, b: Blow) -> int:
    if b.character is not None:
        return b.character.profile.attacks if b.character.alive else 0
    if not b.attacker.on_table or not b.attacker.models:
        return 0
    return fighters(st, b.attacker, b.target) * b.attacker.profile.attacks


def melee_phase(st: ArmiesState) -> Steps:
    st.log.emit("phase", name="Melee", turn=st.turn)
    blows = yield from plan_blows(st)
    for step in STEPS:
        pending: list[tuple[Blow, int]] = []
        for b in blows:
            n = _attacks(st, b) if b.step == step else 0
            if step == "normal":
                n += b.ramming  # armies.melee.ramming: strike even if killed earlier
            if n <= 0 or not b.target.on_table:
                continue
            victim = b.victim if b.victim is not None and b.victim.alive else None
            skill = melee_skill(st, b.attacker, b.profile, b.target, victim)
            save = armour_save(st, b.target, b.profile.strength,
                               magical=Trait.MAGICAL_ATTACKS in b.profile.traits,
                               character=victim)
            who = b.character.name if b.character is not None else b.attacker.name
            roll = roll_attacks(st, who, b.target, skill, n, save, f"melee_{step}",
                                b.attacker.uid)
            pending.append((b, roll.wounds))
        for b, wounds in pending:  # armies.melee.simultaneous
            if wounds and b.target.on_table:
                victim = b.victim if b.victim is not None and b.victim.alive else None
                wound(st, b.target, wounds, b.attacker, character=victim,
                      fearsome=Trait.FEARSOME in b.profile.traits)
                if b.character is not None:
                    b.character.damage_dealt += wounds


def is_overrun(charger: Unit, target: Unit) -> bool:
    """armies.move.overrun (house reading; the sheet only says overruns are resolved during
    movement): a charge against a unit with a third of the charger's wounds or fewer."""
    return charger.wounds_left >= OVERRUN_RATIO * max(1, target.wounds_left)


def overrun(st: ArmiesState, charger: Unit, target: Unit) -> None:
    """armies.move.overrun (house): resolved at once, during movement: the charger's troops
    (with their ramming attacks) and characters strike the target, which does not strike
    back now; if it survives, the two stay engaged and fight on in the Melee phase."""
    st.log.emit("overrun", unit=charger.name, target=target.name, uid=charger.uid,
                target_uid=target.uid)
    blows = []
    if charger.models:
        n = fighters(st, charger, target)
        blows.append((charger.profile, n * charger.profile.attacks + n * charger.profile.ramming))
    blows += [(c.profile, c.profile.attacks) for c in charger.alive_characters]
    pending = []
    for profile, n in blows:
        if n <= 0 or not target.on_table:
            continue
        skill = melee_skill(st, charger, profile, target, None)
        save = armour_save(st, target, profile.strength,
                           magical=Trait.MAGICAL_ATTACKS in profile.traits)
        roll = roll_attacks(st, charger.name, target, skill, n, save, "overrun", charger.uid)
        pending.append((profile, roll.wounds))
    for profile, wounds in pending:
        if wounds and target.on_table:
            wound(st, target, wounds, charger, fearsome=Trait.FEARSOME in profile.traits)
