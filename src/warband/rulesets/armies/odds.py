"""Armies of Arcana odds queries (``warband odds armies ...``), built on :mod:`.mechanics`.

Rule ids refer to ``shared/rules/armies.yaml``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from warband.kit import odds
from warband.rulesets.armies import mechanics as m

__all__ = ["QUERIES"]

MAX_VALUE = 20
MAX_ATTACKS = 60


class HitParams(odds.QueryParams):
    """To-hit rolls, melee or missile, and optionally the armour saves that follow."""

    skill: int = Field(ge=0, le=MAX_VALUE, description="the attacker's skill")
    attacks: int = Field(1, ge=0, le=MAX_ATTACKS, description="attacks (one D6 each)")
    missile: bool = Field(False, description="missile fire (default: melee)")
    slow: bool = Field(False, description="the target is Slow or immobilised (+1)")
    evasion: int = Field(0, ge=0, le=MAX_VALUE, description="the target's evasion (-1 each)")
    uphill: bool = Field(False, description="melee: attacking up a steep slope or stairs (-1)")
    obstruction: bool = Field(False, description="melee: through a doorway or window (-1)")
    range: Literal["normal", "short", "long"] = Field(
        "normal", description="missile: short (+1) or long (-1) range")
    cover: Literal["none", "cover", "heavy"] = Field(
        "none", description="missile: target in cover (-1) or heavy cover (-2)")
    flying: bool = Field(False, description="missile: the target is flying (-1)")
    massed: bool = Field(False, description="missile: 30 or more bases in rank and file (+1)")
    modifier: int = Field(0, ge=-MAX_VALUE, le=MAX_VALUE, description="any other skill modifier")
    armour: int | None = Field(None, ge=0, le=MAX_VALUE, description=(
        "the target's armour: also roll saves and count wounds"))
    strength: int = Field(0, ge=0, le=MAX_VALUE, description="the attack's strength")
    fixed: bool = Field(False, description="the target's armour is fixed armour")
    magical: bool = Field(False, description="the attack is magical")
    artillery: bool = Field(False, description="an artillery attack")

    @model_validator(mode="after")
    def _mode(self) -> HitParams:
        if self.missile and (self.uphill or self.obstruction):
            raise ValueError("--uphill and --obstruction apply to melee only")
        if not self.missile and (self.range != "normal" or self.cover != "none" or self.flying
                                 or self.massed):
            raise ValueError("--range, --cover, --flying and --massed apply to missile fire "
                             "only (add --missile)")
        return self

    @property
    def modified_skill(self) -> int:
        if self.missile:
            mod = m.missile_modifier(range_band=self.range, cover=self.cover, flying=self.flying,
                                     slow=self.slow, evasion=self.evasion, massed=self.massed)
        else:
            mod = m.melee_modifier(slow=self.slow, uphill=self.uphill,
                                   obstruction=self.obstruction, evasion=self.evasion)
        return self.skill + mod + self.modifier


def hit(p: HitParams) -> odds.Result:
    skill = p.modified_skill
    save = None
    if p.armour is not None:
        save = m.ArmourSave(p.armour, p.strength, p.fixed, p.magical, p.artillery)
    mech = m.Attacks(skill, p.attacks, save)
    what = "wounds" if save else "hits"
    rows: list[tuple[str, object]] = [("modified skill", str(skill)),
                                      ("one attack hits", m.roll_under(skill))]
    extra: dict[str, object] = {"modified_skill": skill, "p_hit": m.roll_under(skill)}
    if save is not None:
        rows += [("save target (roll equal or under)", str(save.target)),
                 ("one hit is saved", save.probability())]
        extra["p_save"] = save.probability()
        extra["hits"] = odds.Distribution(mech.hits_distribution())
    return odds.distribution_result(
        f"Armies of Arcana {'missile' if p.missile else 'melee'}: {p.attacks} attack(s) at skill "
        f"{skill}", odds.Distribution(mech.distribution()), outcome=what, extra=extra,
        extra_rows=rows, rule_ids=HIT.rule_ids)


HIT = odds.Query(
    "hit", "Hits (or wounds, with --armour) from melee or missile attacks, roll-under skill",
    HitParams, hit,
    ("armies.melee.to_hit", "armies.melee.mod_slow_immobile", "armies.melee.mod_slope",
     "armies.melee.mod_obstruction", "armies.melee.mod_evasion", "armies.missile.to_hit",
     "armies.missile.mod_long_range", "armies.missile.mod_short_range",
     "armies.missile.mod_cover", "armies.missile.mod_heavy_cover", "armies.missile.mod_flying",
     "armies.missile.mod_slow_immobile", "armies.missile.mod_evasion",
     "armies.missile.mod_massed_target", "armies.combat.armour_save"),
    ({"skill": 4, "attacks": 10}, {"skill": 4, "attacks": 10, "missile": True, "range": "long",
                                   "armour": 4, "strength": 1}),
)


class SaveParams(odds.QueryParams):
    """One armour save (armies.combat.armour_save)."""

    armour: int = Field(ge=0, le=MAX_VALUE, description="the target's armour value")
    strength: int = Field(0, ge=0, le=MAX_VALUE, description="the attack's strength")
    fixed: bool = Field(False, description="fixed armour (not modified by strength)")
    magical: bool = Field(False, description="the attack is magical (modifies fixed armour)")
    artillery: bool = Field(False, description="artillery: half strength against fixed armour")


def save(p: SaveParams) -> odds.Result:
    mech = m.ArmourSave(p.armour, p.strength, p.fixed, p.magical, p.artillery)
    return odds.probability_result(
        f"Armies of Arcana armour save: armour {p.armour}, strength {p.strength}"
        f"{' (fixed)' if p.fixed else ''}", mech.probability(), label="saved",
        other_label="wounded", extra={"target": mech.target},
        extra_rows=[("roll equal or under", str(mech.target))], rule_ids=SAVE.rule_ids)


SAVE = odds.Query(
    "save", "Chance to save a hit: D6 equal or under armour less strength", SaveParams, save,
    ("armies.combat.armour_save", "armies.combat.fixed_armour",
     "armies.missile.artillery_vs_fixed_armour"),
    ({"armour": 5, "strength": 2}, {"armour": 4, "strength": 5, "fixed": True,
                                    "artillery": True}),
)


class ScatterParams(odds.QueryParams):
    """One scatter attack (armies.missile.scatter_partial)."""

    skill: int = Field(ge=0, le=MAX_VALUE, description="the modified missile skill")
    d3s: int = Field(ge=1, le=MAX_VALUE, description="X in its Xd3 hits")
    skirmish: bool = Field(False, description="against skirmishers or a single model (half)")


def scatter(p: ScatterParams) -> odds.Result:
    mech = m.ScatterAttack(p.skill, p.d3s, p.skirmish)
    partial = Fraction(1, 6) if p.skill + 1 <= 6 else Fraction(0)
    return odds.distribution_result(
        f"Armies of Arcana scatter attack: {p.d3s}D3 hits at skill {p.skill}",
        odds.Distribution(mech.distribution()), outcome="hits",
        extra_rows=[("full hit", m.roll_under(p.skill)), ("partial hit (miss by 1)", partial)],
        notes=["Halves round up, once, at the end (the rules yaml's default)."],
        rule_ids=SCATTER.rule_ids)


SCATTER = odds.Query(
    "scatter", "Hits from one scatter attack (Xd3, half on a miss by 1)", ScatterParams,
    scatter, ("armies.missile.scatter_partial", "armies.missile.scatter_vs_skirmish"),
    ({"skill": 3, "d3s": 2},),
)


class MoraleParams(odds.QueryParams):
    """A break test (armies.morale.test_roll)."""

    morale: int = Field(ge=0, le=MAX_VALUE, description="the unit's morale")
    modifier: int = Field(0, ge=-MAX_VALUE, le=MAX_VALUE, description="the sum of the modifiers")


def morale(p: MoraleParams) -> odds.Result:
    mech = m.BreakTest(p.morale + p.modifier)
    return odds.probability_result(
        f"Armies of Arcana break test: morale {p.morale} {p.modifier:+d}", mech.probability(),
        label="holds", other_label="breaks", rule_ids=MORALE.rule_ids)


MORALE = odds.Query("morale", "Chance to pass a break test (D6 equal or under morale)",
               MoraleParams, morale, ("armies.morale.test_roll",), ({"morale": 4, "modifier": -1},))

QUERIES = (HIT, SAVE, SCATTER, MORALE)
