"""ArcWorlde odds queries (``warband odds arcworlde ...``), built on :mod:`.mechanics`, the
code the game rolls with.

Rule ids refer to ``shared/rules/arcworlde.yaml``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from warband.kit import odds
from warband.rulesets.arcworlde import mechanics as m

__all__ = ["QUERIES"]

MAX_DICE = 30  # far beyond any profile; keeps every query well under a second
MAX_DEFENCE_REROLLS = 6

_DEFENCE = {"normal": 0, "advantage": 1, "disadvantage": -1}


def _net(advantage: bool, disadvantage: bool) -> int:
    """Advantage and Disadvantage cancel; neither stacks (arcworlde.dice.advantage_disadvantage)."""
    return int(advantage) - int(disadvantage)



# --------------------------------------------------------------------------------- attack
class AttackParams(odds.QueryParams):
    """One Attack against one target (arcworlde.combat.attack_resolution)."""

    power: int = Field(ge=0, le=MAX_DICE, description="Power of the Attack (D6 rolled for Hits)")
    armour: int = Field(0, ge=0, le=MAX_DICE, description="the target's Armour Value")
    defence: Literal["normal", "advantage", "disadvantage"] = Field(
        "normal", description="Defence Rolls at Advantage (Cover) or Disadvantage (Prone, Broken)")
    crit_ignores_armour: bool = Field(
        False, description="Armour is subtracted only from the Hits of non-Crit dice")
    ignores_armour: bool = Field(False, description="the Attack ignores Armour altogether")
    rerolls: int = Field(0, ge=0, le=MAX_DICE, description="failed Power dice that may be re-rolled")
    defence_rerolls: int = Field(
        0, ge=0, le=MAX_DEFENCE_REROLLS,
        description="failed Defence Rolls that may be rolled again (a Shield gives 1)")
    defence_extra: int = Field(
        0, ge=0, le=MAX_DEFENCE_REROLLS,
        description="Defence Rolls (the first ones) with an Arcanite extra die, its Successes added")


def attack(p: AttackParams) -> odds.Result:
    """Damage of one Attack: Power D6 (4-5 one Hit, 6 two), minus Armour, then the Defence Roll
    chain (arcworlde.combat.attack_resolution, arcworlde.combat.armour_value,
    arcworlde.dice.rerolls)."""
    mech = m.AttackMechanic(
        power=p.power, armour=p.armour, defence=_DEFENCE[p.defence],
        crit_ignores_armour=p.crit_ignores_armour, ignores_armour=p.ignores_armour,
        rerolls=p.rerolls, defence_rerolls=p.defence_rerolls, defence_extra=p.defence_extra)
    dist = odds.Distribution(mech.distribution())
    crit = mech.crit_chance()
    return odds.distribution_result(
        f"ArcWorlde Attack: Power {p.power} vs Armour {p.armour}, {p.defence} Defence",
        dist, outcome="damage",
        extra={"crit_chance": crit},
        extra_rows=[("P(at least one Crit)", crit)],
        rule_ids=ATTACK.rule_ids)


ATTACK = odds.Query(
    "attack", "Damage of one Attack (Power D6, Armour, Defence Roll chain)", AttackParams, attack,
    ("arcworlde.combat.attack_resolution", "arcworlde.combat.armour_value",
     "arcworlde.dice.rerolls", "arcworlde.dice.advantage_disadvantage",
     "arcworlde.arcanite.using"),
    ({"power": 4, "armour": 1}, {"power": 12, "armour": 2, "defence": "advantage"}),
)


# --------------------------------------------------------------------------------- feat
class FeatParams(odds.QueryParams):
    """A Feat (arcworlde.feat.attempt, arcworlde.feat.difficulty)."""

    ap: int = Field(ge=0, le=MAX_DICE, description="AP committed (one D6 each)")
    difficulty: Literal["easy", "medium", "hard", "legendary"] | None = Field(
        None, description="easy (1 Success), medium (2), hard (3) or legendary (4)")
    successes: int | None = Field(
        None, ge=1, le=2 * MAX_DICE,
        description="Successes needed, instead of a difficulty (beyond Legendary: 5, 6, ...)")
    advantage: bool = Field(False, description="roll at Advantage")
    disadvantage: bool = Field(False, description="roll at Disadvantage")

    @model_validator(mode="after")
    def _one_target(self) -> FeatParams:
        if self.difficulty is None and self.successes is None:
            raise ValueError("give --difficulty or --successes")
        if self.difficulty is not None and self.successes is not None:
            raise ValueError("give --difficulty or --successes, not both")
        return self

    @property
    def needed(self) -> int:
        return m.DIFFICULTY[self.difficulty] if self.difficulty else int(self.successes or 0)


def feat(p: FeatParams) -> odds.Result:
    """Chance that a Feat succeeds, and the distribution of Successes rolled."""
    advantage = _net(p.advantage, p.disadvantage)
    check = m.FeatCheck(p.ap, p.needed, advantage)
    total = odds.Distribution(m._success_pool_distribution(p.ap, advantage))
    rows = tuple((str(k), odds.pct(q), odds.pct(total.at_least(k))) for k, q in total.items())
    return odds.probability_result(
        f"ArcWorlde Feat: {p.ap} AP, {m.difficulty_name(p.needed)} ({p.needed} Successes)",
        check.probability(), label="Feat succeeds", other_label="fails",
        extra={"needed": p.needed, "successes": total},
        tables=[odds.Table("Successes rolled", ("successes", "exactly", "at least"), rows)],
        rule_ids=FEAT.rule_ids)


FEAT = odds.Query(
    "feat", "Chance to succeed at a Feat of a given difficulty", FeatParams, feat,
    ("arcworlde.feat.attempt", "arcworlde.feat.difficulty", "arcworlde.dice.success",
     "arcworlde.dice.advantage_disadvantage"),
    ({"ap": 2, "difficulty": "medium"}, {"ap": 10, "difficulty": "legendary", "advantage": True}),
)


# --------------------------------------------------------------------------------- bravery
class BraveryParams(odds.QueryParams):
    """A Bravery Test (arcworlde.morale.bravery_test)."""

    bravery: int = Field(ge=0, le=20, description="the Character's Bravery stat")
    advantage: bool = Field(
        False, description="at Advantage (within 8in of the Commander): 3D6, drop the highest")
    disadvantage: bool = Field(False, description="at Disadvantage: 3D6, drop the lowest")


def bravery(p: BraveryParams) -> odds.Result:
    """Chance to pass a Bravery Test: 2D6 equal to or under Bravery."""
    test = m.BraveryTest(p.bravery, _net(p.advantage, p.disadvantage))
    total = odds.Distribution(test.distribution())
    rows = tuple((str(k), odds.pct(q), odds.pct(total.at_most(k))) for k, q in total.items())
    return odds.probability_result(
        f"ArcWorlde Bravery Test: Bravery {p.bravery}", test.probability(), label="passes", other_label="Broken",
        extra={"totals": total},
        tables=[odds.Table("Total rolled", ("total", "exactly", "at most"), rows)],
        rule_ids=BRAVERY.rule_ids)


BRAVERY = odds.Query(
    "bravery", "Chance to pass a Bravery Test (2D6 equal or under)", BraveryParams, bravery,
    ("arcworlde.morale.bravery_test", "arcworlde.dice.advantage_disadvantage"),
    ({"bravery": 7}, {"bravery": 6, "advantage": True}),
)


# --------------------------------------------------------------------------------- leg it
class LegItParams(odds.QueryParams):
    """Legging It (arcworlde.action.leg_it)."""

    attempts: int = Field(1, ge=1, le=6, description=(
        "Leg It rolls the Character commits to (it stops at the first trip; the sixth "
        "roll always trips)"))
    agile: bool = Field(False, description="Agile: re-roll the first tripping roll")


def leg_it(p: LegItParams) -> odds.Result:
    """Distance gained and chance of falling Prone when rolling up to ``attempts`` Leg It dice,
    stopping at the first trip."""
    seq = m.LegItRun(p.attempts, p.agile).distribution()
    dist_map: dict[int, Fraction] = {}
    for (inches, _), q in seq.items():
        dist_map[inches] = dist_map.get(inches, Fraction(0)) + q
    distance = odds.Distribution(dist_map)
    prone = sum((q for (_, fell), q in seq.items() if fell), Fraction(0))
    rows = tuple(
        (str(d), odds.pct(seq.get((d, False), Fraction(0))), odds.pct(seq.get((d, True), Fraction(0))))
        for d in distance)
    return odds.distribution_result(
        f"ArcWorlde Leg It: up to {p.attempts} roll(s)", distance, outcome="inches",
        extra={"prone": prone},
        extra_rows=[("falls Prone", prone)],
        tables=[odds.Table("Inches by ending", ("inches", "still standing", "Prone"), rows)],
        rule_ids=LEG_IT.rule_ids)


LEG_IT = odds.Query(
    "legit", "Leg It: distance gained and chance of falling Prone", LegItParams, leg_it,
    ("arcworlde.action.leg_it", "arcworlde.trait.agile"),
    ({"attempts": 2}, {"attempts": 6, "agile": True}),
)


# --------------------------------------------------------------------------------- spell
class SpellParams(odds.QueryParams):
    """Casting a Spell with the ArcDeck (arcworlde.magic.casting)."""

    level: int = Field(ge=1, le=21, description="the Spell's level (card total needed)")
    max_draws: int = Field(0, ge=0, le=20, description=(
        "extra cards the caster can pay for (1AP or an Arcanite Token each) after the first two"))
    avoid_overpower: bool = Field(True, description=(
        "never choose a total over 21 while a lower one is possible (off: the Rogue Warband "
        "caster, who takes any total reaching the level)"))


def spell(p: SpellParams) -> odds.Result:
    """Chance to cast, to cast Overpowered and to fail, from a fresh 54-card ArcDeck."""
    mech = m.SpellCasting(p.level, p.max_draws, p.avoid_overpower)
    table = mech.distribution()
    by_verdict: dict[str, Fraction] = {"cast": Fraction(0), "overpowered": Fraction(0),
                                       "failed": Fraction(0)}
    extra_cards: dict[int, Fraction] = {}
    for (verdict, extra), q in table.items():
        by_verdict[verdict] += q
        extra_cards[extra] = extra_cards.get(extra, Fraction(0)) + q
    verdicts = odds.Distribution(by_verdict)
    cards = odds.Distribution(extra_cards)
    cast = by_verdict["cast"] + by_verdict["overpowered"]
    extras = sorted(cards)
    rows = tuple(
        (str(e), *(odds.pct(table.get((v, e), Fraction(0))) for v in ("cast", "overpowered", "failed")))
        for e in extras)
    return odds.Result(
        f"ArcWorlde Spell: level {p.level}, up to {p.max_draws} extra card(s)",
        {"probability": cast, "cast_clean": by_verdict["cast"],
         "overpowered": by_verdict["overpowered"], "failed": by_verdict["failed"],
         "extra_cards": cards, "mean_extra_cards": cards.mean},
        tables=(
            odds.Table("Outcome", ("", "probability"), (
                ("cast (total 21 or under)", odds.pct(by_verdict["cast"])),
                ("cast Overpowered (D6 HP lost)", odds.pct(by_verdict["overpowered"])),
                ("failed", odds.pct(by_verdict["failed"])),
                ("cast at all", odds.pct(cast)),
                ("mean extra cards paid for", f"{float(cards.mean):.3f}"))),
            odds.Table("By extra cards paid for", ("extra cards", "cast", "Overpowered", "failed"),
                  rows)),
        charts=(odds.Chart("Spell outcome", tuple(verdicts.outcomes()),
                      tuple(q for _, q in verdicts.items()), xlabel="outcome"),),
        notes=("Assumes a freshly shuffled 54-card ArcDeck; Aces and Jokers take the values "
               "that best reach the level without going over 21.",),
        rule_ids=SPELL.rule_ids, distribution=verdicts)


SPELL = odds.Query(
    "spell", "Spell casting with the ArcDeck: chance to cast and to Overpower", SpellParams, spell,
    ("arcworlde.magic.casting", "arcworlde.magic.card_values", "arcworlde.magic.overpowered",
     "arcworlde.arcdeck.deck"),
    ({"level": 12, "max_draws": 2}, {"level": 17, "max_draws": 4}),
)

QUERIES = (ATTACK, FEAT, BRAVERY, LEG_IT, SPELL)
