"""Raiders of Arcana odds queries (``warband odds raiders ...``), built on :mod:`.mechanics`
and the split game of :mod:`.splits`.

Rule ids refer to ``shared/rules/raiders.yaml``.

* ``shoot``: wounds from one round of shooting.
* ``combat``: one round of combat between two units given their profiles and strengths: the
  secret split of combat dice solved as a simultaneous zero-sum game by linear programming
  (each side's optimal mixed strategy over its splits and the value of the game), and how fixed
  splits fare against it.
* ``cast``: the power level of a casting against a counter-spell.
* ``morale``: the chance to fail a morale test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from warband.kit import odds
from warband.rulesets.raiders import mechanics as m
from warband.rulesets.raiders.splits import CombatSide, SplitSolution, solve

__all__ = ["QUERIES", "combat_sides"]

MAX_DICE = 60
Role = Literal["charge", "counter_charge", "defend", "shield_wall", "fight"]


def _pct(p: float | Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


# --------------------------------------------------------------------------------- shooting
class ShootParams(odds.QueryParams):
    """One round of shooting (raiders.shooting.*)."""

    models: int = Field(ge=1, le=MAX_DICE, description="figures shooting (one d10 each)")
    target: int = Field(ge=0, le=20, description=(
        "the target's Tg after its modifiers (Run -2, Go to Ground +2, Shield wall +3, "
        "Palisades +2, cover)"))
    armour: int = Field(ge=0, le=20, description="the target's Armour (Arm)")
    aim: bool = Field(False, description="the shooters took aim (+2 to hit)")
    rangers: bool = Field(False, description="aimed Rangers: +3 instead of +2 (with --aim)")


def shoot(p: ShootParams) -> odds.Result:
    bonus = (3 if p.rangers else 2) if p.aim else 0
    volley = m.Volley(p.models, p.target, p.armour, bonus)
    dist = odds.Distribution(volley.distribution())
    hits = odds.Distribution(volley.hits_distribution())
    need = p.target - bonus
    hit_rows = tuple((str(k), _pct(q)) for k, q in hits.items())
    return odds.distribution_result(
        f"Raiders volley: {p.models} dice, hit on {need}+, wound on {p.armour}+",
        dist, outcome="wounds",
        extra={"hit_on": need, "wound_on": p.armour, "hits": hits,
               "mean_hits": hits.mean},
        extra_rows=[("hit dice succeed on", f"{need}+ ({_pct(volley.hit_chance)})"),
                    ("damage dice wound on", f"{p.armour}+ ({_pct(volley.wound_chance)})"),
                    ("mean hits", f"{float(hits.mean):.3f}")],
        tables=[odds.Table("hits", ("hits", "exactly"), hit_rows)],
        notes=["No automatic results: a target of 1 or less always hits, 11 or more never does.",
               "Rangers' +3 replaces Aim's +2 (the rules yaml's default reading)."],
        rule_ids=SHOOT.rule_ids,
    )


SHOOT = odds.Query(
    "shoot", "Wounds from one round of shooting", ShootParams, shoot,
    ("raiders.shooting.hit_roll", "raiders.shooting.damage_roll", "raiders.action.aim",
     "raiders.ability.rangers"),
    ({"models": 6, "target": 6, "armour": 5}, {"models": 5, "target": 8, "armour": 4, "aim": True}),
)


# --------------------------------------------------------------------------------- combat
class CombatParams(odds.QueryParams):
    """One round of combat between two units (raiders.combat.*)."""

    attacker: str = Field("human-warriors", description="profile id of the first unit (A)")
    defender: str = Field("human-warriors", description="profile id of the second unit (B)")
    attacker_figures: int | None = Field(None, ge=1, le=30, description="A's figures (default: full)")
    defender_figures: int | None = Field(None, ge=1, le=30, description="B's figures (default: full)")
    attacker_role: Role = Field("charge", description=(
        "how A fights: charge, counter_charge, defend, shield_wall or fight"))
    defender_role: Role = Field("defend", description="how B fights (as --attacker-role)")
    attacker_bonus: bool = Field(False, description=(
        "A earned its charge or defend bonus (more than half a move away)"))
    defender_bonus: bool = Field(False, description="B earned its charge or defend bonus")
    attacker_prowess: int = Field(0, ge=0, le=20, description="extra dice from Combat Prowess (A)")
    defender_prowess: int = Field(0, ge=0, le=20, description="extra dice from Combat Prowess (B)")
    metric: Literal["casualties", "wounds"] = Field("casualties", description=(
        "what the game counts: figures removed or wounds (inflicted minus suffered)"))

    @model_validator(mode="after")
    def _known_profiles(self) -> CombatParams:
        from warband.rulesets.raiders.catalogue import catalogue

        known = catalogue().profiles
        bad = [f"unknown profile {v!r} (known: {', '.join(sorted(known))})"
               for v in (self.attacker, self.defender) if v not in known]
        for pid, role in ((self.attacker, self.attacker_role), (self.defender, self.defender_role)):
            if role == "shield_wall" and pid in known and not known[pid].has("shield-wall-combat"):
                bad.append(f"{known[pid].name} has no shields to form a shield wall")
        if bad:
            raise ValueError("; ".join(bad))
        return self


def combat_sides(p: CombatParams) -> tuple[CombatSide, CombatSide, list[list[str]]]:
    """The two units' combat numbers, with every modifier of their roles applied (the game's
    own :func:`~warband.rulesets.raiders.rules.combat.combat_side`)."""
    from warband.rulesets.raiders.catalogue import catalogue
    from warband.rulesets.raiders.rules.combat import Fighter, combat_side
    from warband.rulesets.raiders.state import Options, Unit

    class _Rules:
        options = Options()

    cat = catalogue()
    out = []
    notes = []
    for side, (pid, figures, role, bonus, prowess) in enumerate((
        (p.attacker, p.attacker_figures, p.attacker_role, p.attacker_bonus, p.attacker_prowess),
        (p.defender, p.defender_figures, p.defender_role, p.defender_bonus, p.defender_prowess),
    )):
        profile = cat.profiles[pid]
        n = figures or profile.figures
        unit = Unit(uid=side, side=side, name=profile.name, profile=profile,
                    size=max(n, profile.figures), figures=n, r=0.5, prowess=prowess)
        combat, mods = combat_side(_Rules(), Fighter(unit, n, role, bonus))
        out.append(combat)
        notes.append(mods or ["no modifiers"])
    return out[0], out[1], notes


def _strategy(splits: tuple[int, ...], probs: tuple[float, ...], pool: int) -> dict[str, float]:
    return {f"{k}/{pool - k}": round(p, 6) for k, p in zip(splits, probs, strict=True) if p > 1e-9}


def combat(p: CombatParams) -> odds.Result:
    a, b, notes = combat_sides(p)
    sol: SplitSolution = solve(a, b, p.metric)
    unit = "figures" if p.metric == "casualties" else "wounds"
    a_rows = tuple(
        (f"{k} attack / {a.pool - k} defence", f"{sol.a_strategy[i] * 100:.1f}%",
         f"{sol.against_b_optimal(k):+.3f}", f"{sol.worst_case_a(k):+.3f}")
        for i, k in enumerate(sol.a_splits))
    b_rows = tuple(
        (f"{k} attack / {b.pool - k} defence", f"{sol.b_strategy[j] * 100:.1f}%",
         f"{-sol.against_a_optimal(k):+.3f}", f"{-sol.worst_case_b(k):+.3f}")
        for j, k in enumerate(sol.b_splits))
    cols = ("split", "optimal mix", "vs optimal reply", "worst case")
    fixed = {
        "attacker": {str(k): {"vs_optimal": round(sol.against_b_optimal(k), 6),
                              "worst_case": round(sol.worst_case_a(k), 6)} for k in sol.a_splits},
        "defender": {str(k): {"vs_optimal": round(-sol.against_a_optimal(k), 6),
                              "worst_case": round(-sol.worst_case_b(k), 6)} for k in sol.b_splits},
    }
    title = (f"Raiders combat: {p.attacker} ({a.figures}, {p.attacker_role}) vs "
             f"{p.defender} ({b.figures}, {p.defender_role})")
    payload = {
        "value": round(sol.value, 6),
        "metric": p.metric,
        "attacker": {"pool": a.pool, "min_defence": a.min_defence, "strategy":
                     _strategy(sol.a_splits, sol.a_strategy, a.pool), "modifiers": notes[0]},
        "defender": {"pool": b.pool, "min_defence": b.min_defence, "strategy":
                     _strategy(sol.b_splits, sol.b_strategy, b.pool), "modifiers": notes[1]},
        "fixed_splits": fixed,
        "block_on": {"attacker": a.attack_skill - b.defence_bonus,
                     "defender": b.attack_skill - a.defence_bonus},
        "wound_on": {"attacker": b.armour - a.strength, "defender": a.armour - b.strength},
    }
    summary = odds.Table("the game", ("", "value"), (
        (f"value to A ({unit} inflicted minus suffered)", f"{sol.value:+.3f}"),
        ("A's dice", f"{a.pool} ({a.min_defence} must defend)"),
        ("B's dice", f"{b.pool} ({b.min_defence} must defend)"),
        ("A's defence blocks on / attack wounds on",
         f"{b.attack_skill - a.defence_bonus}+ / {b.armour - a.strength}+"),
        ("B's defence blocks on / attack wounds on",
         f"{a.attack_skill - b.defence_bonus}+ / {a.armour - b.strength}+"),
        ("A's modifiers", ", ".join(notes[0])), ("B's modifiers", ", ".join(notes[1])),
    ))
    return odds.Result(
        title, payload,
        tables=(summary, odds.Table(f"A's splits (payoff to A, {unit})", cols, a_rows),
                odds.Table(f"B's splits (payoff to B, {unit})", cols, b_rows)),
        notes=("Both players split their combat dice in secret and at once; the optimal mixed "
               "strategies and the value come from the zero-sum game's linear program (scipy).",
               "'vs optimal reply': the fixed split's payoff if the other side plays its optimal "
               "mix; 'worst case': against the other side's best reply to that split."),
        rule_ids=COMBAT.rule_ids,
    )


COMBAT = odds.Query(
    "combat", "One round of combat: optimal secret split of combat dice (LP) and its value",
    CombatParams, combat,
    ("raiders.combat.dice_pool", "raiders.combat.allocate", "raiders.combat.modify",
     "raiders.combat.defence_roll", "raiders.combat.attack_roll",
     "raiders.core.casualty_removal", "raiders.ability.shields", "raiders.ability.impetus",
     "raiders.ability.shield_wall_combat", "raiders.ability.defensive_spears"),
    ({"attacker": "ashen-raiders", "defender": "human-warriors", "attacker_bonus": True},
     {"attacker": "cave-troll", "defender": "human-warriors", "defender_role": "shield_wall",
      "metric": "wounds"}),
)


# --------------------------------------------------------------------------------- magic
class CastParams(odds.QueryParams):
    """A casting against a counter-spell (raiders.magic.*)."""

    difficulty: int = Field(ge=1, le=12, description="the spell's difficulty")
    mr: int = Field(0, ge=0, le=10, description="the target's Magic Resistance")
    power: int = Field(0, ge=0, le=10, description="stored power spent (one casting die each)")
    acolytes: int = Field(0, ge=0, le=4, description="the caster's acolytes")
    counter: bool = Field(False, description="an enemy magic user counters")
    counter_power: int = Field(0, ge=0, le=10, description="power the counter-spell spends")
    counter_acolytes: int = Field(0, ge=0, le=4, description="the counter-speller's acolytes")


def cast(p: CastParams) -> odds.Result:
    mech = m.Casting(1 + p.power, p.difficulty + p.mr, (1 + p.counter_power) if p.counter else 0,
                     p.acolytes, p.counter_acolytes if p.counter else 0)
    dist = odds.Distribution(mech.distribution())
    return odds.distribution_result(
        f"Raiders casting: {1 + p.power} dice needing {p.difficulty + p.mr}+"
        + (f" against {1 + p.counter_power} counter dice" if p.counter else ""),
        dist, outcome="power level",
        extra={"fails": dist.p(0), "needed": p.difficulty + p.mr},
        extra_rows=[("the spell fails (power 0)", dist.p(0))],
        notes=["Counter dice cancel the highest successful casting dice they equal or beat, "
               "one each (the rules yaml's default).",
               "Power above a spell's highest level counts as its highest level."],
        rule_ids=CAST.rule_ids,
    )


CAST = odds.Query(
    "cast", "Power level of a spell against a counter-spell", CastParams, cast,
    ("raiders.magic.casting_dice", "raiders.magic.counter_dice", "raiders.magic.roll_and_cancel",
     "raiders.magic.effectiveness", "raiders.ability.acolyte"),
    ({"difficulty": 4, "mr": 1, "power": 2, "counter": True},
     {"difficulty": 7, "acolytes": 2}),
)


class MoraleParams(odds.QueryParams):
    """A morale test (raiders.morale.test_procedure)."""

    morale: int = Field(ge=1, le=20, description="the Morale value tested on")
    tokens: int = Field(0, ge=0, le=30, description="morale tokens on the unit")


def morale(p: MoraleParams) -> odds.Result:
    fail = m.MoraleTest(p.morale, p.tokens).fail_chance()
    return odds.probability_result(
        f"Raiders morale test: d10 + {p.tokens} against Morale {p.morale}", fail, label="fails",
        extra={"fails_on": max(1, p.morale - p.tokens)},
        notes=["A total at or above the Morale value fails (higher Morale is better)."],
        rule_ids=MORALE.rule_ids,
    )


MORALE = odds.Query(
    "morale", "Chance to fail a morale test", MoraleParams, morale,
    ("raiders.morale.test_procedure",), ({"morale": 10, "tokens": 2},),
)

QUERIES = (SHOOT, COMBAT, CAST, MORALE)
