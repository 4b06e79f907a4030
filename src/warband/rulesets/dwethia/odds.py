"""Dwethia Heroes odds queries (``warband odds dwethia ...``), built on :mod:`.mechanics`.

Rule ids refer to ``shared/rules/dwethia.yaml``.
"""

from __future__ import annotations

from pydantic import Field

from warband.kit import odds
from warband.rulesets.dwethia import mechanics as m

__all__ = ["QUERIES"]

MAX_DICE = 30
MAX_DESTINY = 20
MAX_VALUE = 40

_CHART_NOTES = {
    "example": (
        "Comparison chart as the book's worked example reads it (ARV 5 vs 4 needs 3+, 4 vs 5 "
        "needs 5+): a higher value needs 3+, although the chart's text says 'less than'."),
    "book_text": (
        "Comparison chart as its lines are printed (chart=book_text): lower but over half "
        "needs 3+ ('less than'), higher but under double keeps 3+."),
}


class _ChartParams(odds.QueryParams):
    """The parameters every attack query shares with play: the chart reading (the game's
    ``-o chart=...`` option, dwethia.combat.comparison_chart) and the defender's Destiny,
    which re-rolls failed saves one point a die (dwethia.destiny.rerolls, dwethia.combat.saves)."""

    chart: m.Chart = Field("example", description=(
        "reading of the comparison chart: 'example' (the worked example, the game's default) "
        "or 'book_text' (the printed lines), as the game's -o chart option"))
    defender_destiny: int = Field(0, ge=0, le=MAX_DESTINY, description=(
        "Destiny the defender spends re-rolling failed saves (1 per die)"))


def _notes(p: _ChartParams) -> list[str]:
    out = [_CHART_NOTES[p.chart]]
    if p.defender_destiny:
        out.append("The defender re-rolls failed saves with its Destiny, one point a die, "
                   "each die once.")
    return out


class AttackParams(_ChartParams):
    """One melee attack (dwethia.melee.*)."""

    dice: int = Field(ge=0, le=MAX_DICE, description="attack dice (the attacker's Aggression)")
    attacker_arv: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description="the attacker's ARV")
    defender_arv: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description="the defender's ARV")
    strength: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description=(
        "the attack's Strength (the model's plus the weapon's)"))
    defence: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description="the defender's Defense")
    save: int | None = Field(None, ge=1, le=6, description="the defender's Save (X+)")
    defensive_move: bool = Field(False, description=(
        "the defender made a Defensive Move (Save improved by 1)"))
    destiny: int = Field(0, ge=0, le=MAX_DESTINY, description=(
        "Destiny the attacker may spend on re-rolls (1 per die)"))
    goal: int | None = Field(None, ge=1, le=MAX_DICE, description=(
        "spend Destiny for the best chance of at least this many wounds (default: the most "
        "wounds on average)"))


def _save(save: int | None, defensive_move: bool) -> int | None:
    if save is None:
        return None
    return max(save - int(defensive_move), 2)


def attack(p: AttackParams) -> odds.Result:
    mech = m.MeleeAttack(
        p.dice, p.attacker_arv, p.defender_arv, p.strength, p.defence,
        _save(p.save, p.defensive_move), p.destiny,
        "at_least" if p.goal is not None else "mean", p.goal or 1, p.defender_destiny,
        p.chart)
    dist = odds.Distribution(mech.distribution())
    save = _save(p.save, p.defensive_move)
    return odds.distribution_result(
        f"Dwethia melee: {p.dice} dice, ARV {p.attacker_arv} vs {p.defender_arv}, "
        f"Strength {p.strength} vs Defense {p.defence}",
        dist, outcome="wounds",
        extra={"hit_on": mech.hit_needed, "wound_on": mech.wound_needed, "save_on": save},
        extra_rows=[("attack dice hit on", f"{mech.hit_needed}+"),
                    ("hits wound on", f"{mech.wound_needed}+"),
                    ("wounds saved on", f"{save}+" if save else "no save")],
        notes=_notes(p) + ([
            "Destiny policy: after the attack roll, re-roll the number of failed attack dice "
            "that best serves the goal, then re-roll failed wound dice with the rest."]
            if p.destiny else []),
        rule_ids=ATTACK.rule_ids)


ATTACK = odds.Query(
    "attack", "Wounds from one melee attack (ARV chart, wound chart, saves, Destiny re-rolls)",
    AttackParams, attack,
    ("dwethia.melee.attack_dice", "dwethia.melee.arv", "dwethia.combat.comparison_chart",
     "dwethia.melee.wound_roll", "dwethia.combat.saves", "dwethia.destiny.rerolls",
     "dwethia.dice.rerolls"),
    ({"dice": 3, "attacker_arv": 5, "defender_arv": 4, "strength": 4, "defence": 3,
      "save": 5},
     {"dice": 10, "attacker_arv": 5, "defender_arv": 4, "strength": 4, "defence": 3,
      "save": 5, "destiny": 10},
     {"dice": 3, "attacker_arv": 4, "defender_arv": 5, "strength": 4, "defence": 3,
      "save": 4, "defender_destiny": 2, "chart": "book_text"}),
)


class ShootParams(_ChartParams):
    """Shots (dwethia.shoot.attack_roll)."""

    shots: int = Field(1, ge=0, le=MAX_DICE, description="shots fired (one D6 each)")
    perception: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description="the shooter's Perception")
    strength: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description="the weapon's (or spell's) Strength")
    defence: int = Field(ge=-MAX_VALUE, le=MAX_VALUE, description=(
        "the target's Defense (plus its Integrity behind a shield)"))
    cover: int = Field(0, ge=0, le=MAX_VALUE, description=(
        "Perception lost to cover, Stealth Moves, Long Distance, In the Way, shooting in melee"))
    save: int | None = Field(None, ge=1, le=6, description="the target's Save (X+)")
    defensive_move: bool = Field(False, description="the target made a Defensive Move")
    destiny: int = Field(0, ge=0, le=MAX_DESTINY, description="Destiny spent re-rolling missed shots")


def shoot(p: ShootParams) -> odds.Result:
    save = _save(p.save, p.defensive_move)
    mech = m.RangedAttack(p.shots, p.perception, p.strength, p.defence, p.cover, save, p.destiny,
                          p.defender_destiny, p.chart)
    return odds.distribution_result(
        f"Dwethia shooting: {p.shots} shot(s), Perception {p.perception - p.cover} + Strength "
        f"{p.strength} vs Defense {p.defence}",
        odds.Distribution(mech.distribution()), outcome="wounds",
        extra={"wound_on": mech.wound_needed, "save_on": save},
        extra_rows=[("shots wound on", f"{mech.wound_needed}+"),
                    ("wounds saved on", f"{save}+" if save else "no save")],
        notes=[*_notes(p), "One roll per shot (Perception + Strength against Defense), the "
               "rules yaml's reading of the missing to-hit step."],
        rule_ids=SHOOT.rule_ids)


SHOOT = odds.Query(
    "shoot", "Wounds from shooting (Perception + Strength vs Defense, saves)", ShootParams, shoot,
    ("dwethia.shoot.attack_roll", "dwethia.shoot.hit_modifiers",
     "dwethia.combat.comparison_chart", "dwethia.combat.saves", "dwethia.destiny.rerolls"),
    ({"shots": 2, "perception": 3, "strength": 2, "defence": 4, "save": 5},
     {"shots": 2, "perception": 3, "strength": 2, "defence": 4, "save": 5,
      "defender_destiny": 1, "chart": "book_text"}),
)


class OpportunityParams(odds.QueryParams):
    """Opportunity Attacks against a retreating model (dwethia.melee.opportunity_attack)."""

    dice: int = Field(ge=0, le=MAX_DICE, description=(
        "dice rolled: the Aggression of every stationary enemy, added up"))
    save: int | None = Field(None, ge=1, le=6, description="the retreating model's Save (X+)")
    defender_destiny: int = Field(0, ge=0, le=MAX_DESTINY, description=(
        "Destiny the retreating model spends re-rolling failed saves (1 per die)"))


def opportunity(p: OpportunityParams) -> odds.Result:
    mech = m.OpportunityAttack(p.dice, _save(p.save, False), p.defender_destiny)
    return odds.distribution_result(
        f"Dwethia Opportunity Attack: {p.dice} dice, wounds on 6s", odds.Distribution(
            mech.distribution()), outcome="wounds", rule_ids=OPPORTUNITY.rule_ids)


OPPORTUNITY = odds.Query(
    "opportunity", "Wounds from Opportunity Attacks on a retreating model (6s wound)",
    OpportunityParams, opportunity,
    ("dwethia.melee.opportunity_attack", "dwethia.combat.saves", "dwethia.destiny.rerolls"),
    ({"dice": 6, "save": 5}, {"dice": 6, "save": 5, "defender_destiny": 2}))


class ResistParams(odds.QueryParams):
    """Resisting an Affinity power with Faith (dwethia.magic.faith_resistance)."""

    affinity: int = Field(ge=0, le=MAX_VALUE, description=(
        "the caster's bonus: Affinity spent on the power plus Affinity bid"))
    faith: int = Field(0, ge=0, le=MAX_VALUE, description=(
        "the defender's bonus: Faith bid after the 1 Faith paid to resist"))
    affinity_destiny: int = Field(0, ge=0, le=MAX_VALUE, description=(
        "Destiny the caster will add after the roll"))
    faith_destiny: int = Field(0, ge=0, le=MAX_VALUE, description=(
        "Destiny the defender will add after the roll"))


def resist(p: ResistParams) -> odds.Result:
    mech = m.ResistanceRoll(p.affinity, p.faith, p.affinity_destiny, p.faith_destiny)
    resolves = mech.probability()
    rows = []
    for more in range(0, 5):
        q = m.ResistanceRoll(p.affinity, p.faith + more, p.affinity_destiny,
                             p.faith_destiny).probability()
        rows.append((f"+{more}", odds.pct(q), odds.pct(1 - q)))
    margin = odds.Distribution(mech.margin_distribution())
    return odds.probability_result(
        f"Dwethia resistance: Affinity +{p.affinity} (Destiny {p.affinity_destiny}) vs Faith "
        f"+{p.faith} (Destiny {p.faith_destiny})",
        resolves, label="power resolves", other_label="negated",
        extra={"negated": 1 - resolves, "margin": margin},
        tables=[odds.Table("If the defender bids more Faith", ("more Faith", "resolves", "negated"),
                      tuple(rows))],
        notes=["The casting cost counts toward the caster's bonus, the defender's first Faith "
               "point does not (as in the book's example); each side is assumed to add up to "
               "all the Destiny given, and the caster wins ties."],
        rule_ids=RESIST.rule_ids)


RESIST = odds.Query(
    "resist", "Faith against Affinity: chance a power resolves, with bids and Destiny",
    ResistParams, resist,
    ("dwethia.magic.faith_resistance", "dwethia.magic.destiny_bidding"),
    ({"affinity": 4, "faith": 2}, {"affinity": 4, "faith": 2, "affinity_destiny": 1,
                                   "faith_destiny": 6}),
)

QUERIES = (ATTACK, SHOOT, OPPORTUNITY, RESIST)

