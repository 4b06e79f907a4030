"""Sword Marches odds queries (``warband odds sword-marches ...``), built on :mod:`.mechanics`.

Rule ids refer to ``shared/rules/sword_marches.yaml``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from warband.kit import odds
from warband.rulesets.sword_marches import mechanics as m

__all__ = ["QUERIES"]

MAX_RATING = 30  # Ratings run 0-7 plus modifiers; anything higher is a typo
MAX_DICE = 10



# --------------------------------------------------------------------------------- attack
class AttackParams(odds.QueryParams):
    """One Attack (sm.combat.*) and the Counter-Attack it may give (sm.cc.counter_attack)."""

    attacker_cbt: int = Field(ge=0, le=MAX_RATING, description="the Attacker's modified CBT")
    attacker_dice: int = Field(1, ge=1, le=MAX_DICE, description=(
        "Attack dice: Base Attacks in close combat, Rate of Fire at range (highest counts)"))
    defender_cbt: int = Field(ge=0, le=MAX_RATING, description=(
        "the Defender's modified CBT (CBT/2 in the Open against a Ranged Attack)"))
    defender_dice: int = Field(1, ge=1, le=MAX_DICE, description=(
        "Defense dice (+1 for Cover against a Ranged Attack)"))
    damage: int = Field(ge=0, le=MAX_RATING, description="the weapon's Base Damage (DMG)")
    con: int = Field(ge=0, le=MAX_RATING, description="the Defender's CON")
    arm: int = Field(0, ge=0, le=MAX_RATING, description="the Defender's ARM (counts at most 10)")
    threshold: int = Field(5, ge=1, le=20, description=(
        "the Defender's Wound Threshold (Human 5, Demi-Human and Supernatural 6, Stout and "
        "Avatar 7)"))
    helmet: bool = Field(False, description="the Defender wears a Helmet (a tie is no effect)")
    armour: Literal["full", "half", "none"] = Field("full", description=(
        "ARM against this weapon: half for Impact/Piercing, none for Penetrating"))
    vicious: bool = Field(False, description="Vicious weapon: +2 Damage Bonus when positive")
    shield: bool = Field(False, description=(
        "an Active Defender with a Shield re-rolls its lowest Defense die (close combat)"))
    attacker_reroll: bool = Field(False, description=(
        "the Attacker re-rolls its lowest Attack die (Two Weapon Fighting)"))
    attacker_tactical: Literal["none", "attack", "damage"] = Field(
        "none", description="where the Attacker adds a Tactical Die")
    defender_tactical: Literal["none", "defense", "resistance"] = Field(
        "none", description="where the Defender adds a Tactical Die")
    at_risk: bool = Field(True, description=(
        "the Attacker is At Risk (close combat; --no-at-risk for ranged or a longer Reach)"))
    attacker_base_cbt: int | None = Field(None, ge=0, le=MAX_RATING, description=(
        "the Attacker's unmodified CBT, the Counter-Attack threshold (default: --attacker-cbt)"))
    riposte: bool = Field(False, description=(
        "the Defender's weapon has Riposte: threshold is the Attacker's modified CBT/2"))
    counter_damage: int | None = Field(None, ge=0, le=MAX_RATING, description=(
        "the Defender's weapon DMG, to roll the Counter-Attack's Damage Check"))
    attacker_con: int = Field(0, ge=0, le=MAX_RATING, description="the Attacker's CON (Counter-Attack)")
    attacker_arm: int = Field(0, ge=0, le=MAX_RATING, description="the Attacker's ARM (Counter-Attack)")
    attacker_threshold: int = Field(5, ge=1, le=20, description="the Attacker's Wound Threshold")
    attacker_helmet: bool = Field(False, description="the Attacker wears a Helmet")

    @model_validator(mode="after")
    def _counter_needs_no_risk_off(self) -> AttackParams:
        if self.counter_damage is not None and not self.at_risk:
            raise ValueError("--counter-damage needs an At Risk Attacker (drop --no-at-risk)")
        return self

    def mechanic(self) -> m.CombatAttack:
        hit = m.DamageCheck(
            self.damage, 0, self.con, self.arm, self.threshold, self.helmet, self.armour,
            damage_tactical=self.attacker_tactical == "damage",
            resistance_tactical=self.defender_tactical == "resistance")
        counter = None
        if self.counter_damage is not None:
            counter = m.DamageCheck(self.counter_damage, 0, self.attacker_con, self.attacker_arm,
                                    self.attacker_threshold, self.attacker_helmet)
        return m.CombatAttack(
            attacker=m.DicePool(self.attacker_dice, self.attacker_tactical == "attack",
                                self.attacker_reroll),
            attacker_cbt=self.attacker_cbt,
            defender=m.DicePool(self.defender_dice, self.defender_tactical == "defense",
                                self.shield),
            defender_cbt=self.defender_cbt,
            hit=hit, vicious=self.vicious, at_risk=self.at_risk,
            attacker_base_cbt=self.attacker_base_cbt, riposte=self.riposte,
            counter_damage=counter)


RESULTS = ("miss", "no_effect", "shocked", "wounded")


def attack(p: AttackParams) -> odds.Result:
    """The Defender's fate (miss / no effect / Shocked / Wounded), the chance of a
    Counter-Attack and, given the Defender's DMG, what the Counter-Attack does."""
    mech = p.mechanic()
    joint = mech.distribution()
    results = {r: Fraction(0) for r in RESULTS}
    counter = {r: Fraction(0) for r in m.INJURIES}
    p_counter = Fraction(0)
    for (res, ctr), q in joint.items():
        results[res] += q
        if ctr != "none":
            p_counter += q
            if ctr in counter:
                counter[ctr] += q
    dist = odds.Distribution(results)
    hit = 1 - results["miss"]
    extra: dict[str, object] = {"hit": hit, "counter_attack": p_counter}
    rows: list[tuple[str, object]] = [
        ("Attack hits", hit),
        ("Defender Shocked or Wounded", results["shocked"] + results["wounded"]),
        ("Counter-Attack", p_counter)]
    tables = []
    if p.counter_damage is not None:
        extra["counter"] = counter
        tables.append(odds.Table("Counter-Attack against the Attacker", ("result", "probability"),
                            tuple((r, odds.pct(q)) for r, q in counter.items())))
        rows.append(("Attacker Wounded by the Counter-Attack", counter["wounded"]))
    margin = odds.Distribution(mech.opposed.margin_distribution())
    extra["margin"] = margin
    return odds.distribution_result(
        f"Sword Marches Attack: CBT {p.attacker_cbt} ({p.attacker_dice}d10) vs CBT "
        f"{p.defender_cbt} ({p.defender_dice}d10), DMG {p.damage} vs CON {p.con} + ARM "
        f"{m.effective_arm(p.arm, p.armour)}",
        dist, outcome="result", extra=extra, extra_rows=rows, tables=tables,
        rule_ids=ATTACK.rule_ids)


ATTACK = odds.Query(
    "attack", "One Attack: miss / no effect / Shocked / Wounded, and the Counter-Attack",
    AttackParams, attack,
    ("sm.combat.attack_defense_checks", "sm.combat.compare", "sm.combat.damage_check",
     "sm.combat.injury", "sm.core.wound_threshold", "sm.geartrait.helmet",
     "sm.geartrait.shield", "sm.check.rerolls_and_multiple_dice", "sm.orders.tactical_dice",
     "sm.cc.at_risk", "sm.cc.counter_attack", "sm.geartrait.riposte"),
    ({"attacker_cbt": 4, "attacker_dice": 2, "defender_cbt": 3, "damage": 3, "con": 3,
      "arm": 4, "threshold": 5, "helmet": True},
     {"attacker_cbt": 5, "attacker_dice": 3, "defender_cbt": 4, "defender_dice": 2,
      "shield": True, "damage": 4, "con": 4, "arm": 6, "threshold": 6,
      "attacker_tactical": "attack", "counter_damage": 3, "attacker_con": 3, "attacker_arm": 2}),
)


# --------------------------------------------------------------------------------- check
class CheckParams(odds.QueryParams):
    """A Check against a Difficulty (sm.check.difficulty)."""

    rating: int = Field(ge=0, le=MAX_RATING, description="the Rating added to the roll")
    difficulty: int = Field(ge=0, le=MAX_RATING, description="the Difficulty (X): d10 + X opposes")
    dice: int = Field(1, ge=1, le=MAX_DICE, description="dice rolled (highest counts)")
    tactical: bool = Field(False, description="add a Tactical Die")
    reroll: bool = Field(False, description="may re-roll the lowest die")


def check(p: CheckParams) -> odds.Result:
    mech = m.DifficultyCheck(p.rating, p.difficulty, p.dice, p.tactical, p.reroll)
    margin = odds.Distribution(mech.check().margin_distribution())
    rows = tuple((str(k), odds.pct(q), odds.pct(margin.at_least(k))) for k, q in margin.items())
    return odds.probability_result(
        f"Sword Marches Check: Rating {p.rating} vs Difficulty ({p.difficulty})",
        mech.probability(), label="passes", other_label="fails", extra={"margin": margin},
        tables=[odds.Table("Margin (your total - opposing total)", ("margin", "exactly", "at least"),
                      rows)],
        rule_ids=CHECK.rule_ids)


CHECK = odds.Query(
    "check", "Chance to pass a Check against a Difficulty (d10 + Rating vs d10 + X)",
    CheckParams, check,
    ("sm.check.general", "sm.check.difficulty", "sm.check.rerolls_and_multiple_dice",
     "sm.orders.tactical_dice"),
    ({"rating": 4, "difficulty": 5}, {"rating": 3, "difficulty": 5, "tactical": True}),
)


# --------------------------------------------------------------------------------- damage
class DamageParams(odds.QueryParams):
    """One Damage Check against a Resistance Check (sm.combat.damage_check)."""

    damage: int = Field(ge=0, le=MAX_RATING, description="the weapon's Base Damage (DMG)")
    bonus: int = Field(0, ge=0, le=MAX_RATING, description="the Damage Bonus")
    con: int = Field(ge=0, le=MAX_RATING, description="the target's CON")
    arm: int = Field(0, ge=0, le=MAX_RATING, description="the target's ARM (counts at most 10)")
    threshold: int = Field(5, ge=1, le=20, description="the target's Wound Threshold")
    helmet: bool = Field(False, description="the target wears a Helmet")
    armour: Literal["full", "half", "none"] = Field("full", description=(
        "ARM against this weapon: half for Impact/Piercing, none for Penetrating"))
    damage_tactical: bool = Field(False, description="a Tactical Die on the Damage Check")
    resistance_tactical: bool = Field(False, description="a Tactical Die on the Resistance Check")


def damage(p: DamageParams) -> odds.Result:
    mech = m.DamageCheck(p.damage, p.bonus, p.con, p.arm, p.threshold, p.helmet, p.armour,
                         p.damage_tactical, p.resistance_tactical)
    return odds.distribution_result(
        f"Sword Marches Damage Check: DMG {p.damage} + {p.bonus} vs CON {p.con} + ARM "
        f"{m.effective_arm(p.arm, p.armour)}",
        odds.Distribution(mech.distribution()), outcome="result", rule_ids=DAMAGE.rule_ids)


DAMAGE = odds.Query(
    "damage", "One Damage Check against a Resistance Check: no effect / Shocked / Wounded",
    DamageParams, damage,
    ("sm.check.damage", "sm.combat.damage_check", "sm.combat.injury", "sm.core.wound_threshold",
     "sm.geartrait.helmet", "sm.muster.armor_rating"),
    ({"damage": 3, "bonus": 2, "con": 3, "arm": 4},),
)


# --------------------------------------------------------------------------------- random
class RandomParams(odds.QueryParams):
    """A Random Check (sm.check.random) has no parameters."""


def random_check(_: RandomParams) -> odds.Result:
    dist = odds.Distribution(m.RandomCheck().distribution())
    return odds.distribution_result("Sword Marches Random Check (|d10 - d10|)", dist,
                               outcome="result", rule_ids=RANDOM.rule_ids)


RANDOM = odds.Query("random", "A Random Check: |d10 - d10|, 0-9", RandomParams, random_check,
               ("sm.check.random", "sm.condition.broken_flight"), ({},))

QUERIES = (ATTACK, CHECK, DAMAGE, RANDOM)
