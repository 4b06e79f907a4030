"""Exact odds of a Raiders option before it is chosen (the web board shows them next to a
shooting target and a secret split of combat dice). Built on the volley mechanic the game rolls with
(:func:`.rules.shooting.volley`), so they are the figures ``warband odds raiders shoot`` gives
for the same numbers (raiders.shooting.hit_roll, raiders.shooting.damage_roll).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.board import ChoiceOdds, OddsRow, SightLine
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules.measure import in_cover
from warband.rulesets.raiders.rules.shooting import volley
from warband.rulesets.raiders.splits import CombatSide, solve
from warband.rulesets.raiders.state import Unit

__all__ = ["choice_odds"]


def _split_odds(decision: Any, choice: Any) -> ChoiceOdds:
    """A secret split of combat dice (raiders.combat.allocate): the solved split game
    (:mod:`.splits`, what the heuristic AI plays and ``warband odds raiders combat`` prints),
    counted in figures removed: how often the optimal mix plays this split, and what it gains
    against the opponent's optimal mix and against its best reply."""
    info = decision.info
    mine, theirs = CombatSide(**info["me"]), CombatSide(**info["them"])
    sol = solve(mine, theirs, "casualties")
    k = int(choice.attack)
    share = sol.a_strategy[sol.a_splits.index(k)]
    rows = [OddsRow(label=f"{a} attack / {mine.pool - a} defence", p=float(p))
            for a, p in zip(sol.a_splits, sol.a_strategy, strict=True)]
    return ChoiceOdds(
        title=f"{k} of {mine.pool} combat dice to attack",
        rows=rows, summary=[OddsRow(label="of the time, the optimal mix plays this split", p=float(share))],
        notes=[f"net figures (theirs removed minus yours) against their optimal mix:"
               f" {sol.against_b_optimal(k):+.2f}",
               f"against their best reply to this split: {sol.worst_case_a(k):+.2f}",
               f"the value of the split game (both optimal): {sol.value:+.2f}"],
        query="warband odds raiders combat (for the two profiles and roles) prints the same game",
        rule_ids=["raiders.combat.allocate"],
    )


def choice_odds(view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
    info = decision.info or {}
    if decision.kind == "split_dice" and isinstance(choice, C.Split):
        return _split_odds(decision, choice)
    if decision.kind != "target" or info.get("action") != "shoot" or not isinstance(choice, C.Target):
        return None
    shooter: Unit = view.units[info["unit"]]
    target: Unit = view.units[choice.uid]
    mech, notes = volley(view, shooter, shooter.figures, target, None, False)
    dist = mech.distribution()
    rows = [OddsRow(label=f"{w} wound{'s' * (w != 1)}", p=float(p)) for w, p in dist.items()]
    hurt = sum((p for w, p in dist.items() if w > 0), Fraction(0))
    wiped = sum((p for w, p in dist.items() if w >= target.hp_left), Fraction(0))
    mean = sum((w * p for w, p in dist.items()), Fraction(0))
    flags = f"--models {mech.models} --target {mech.target} --armour {mech.armour}"
    if mech.bonus == 2:
        flags += " --aim"
    elif mech.bonus == 3:
        flags += " --aim --rangers"
    elif mech.bonus:
        notes.append(f"aim bonus +{mech.bonus} (no single warband odds option gives it)")
    return ChoiceOdds(
        title=f"{shooter.name} shoots {target.name}",
        rows=rows,
        summary=[OddsRow(label="wounds", p=float(hurt)),
                 OddsRow(label=f"destroys {target.name} ({target.hp_left} HP left)", p=float(wiped))],
        notes=[*notes, f"hit on {mech.target - mech.bonus}+, wound on {mech.armour}+",
               f"expected wounds {float(mean):.2f}",
               "before the target's reaction (going to ground or a shield wall makes it harder)"],
        query=f"warband odds raiders shoot {flags}",
        rule_ids=["raiders.shooting.hit_roll", "raiders.shooting.damage_roll"],
        sight=SightLine(source=str(shooter.uid), target=str(target.uid),
                        cover=in_cover(view, shooter, target),
                        distance=round(float(view.leader_distance(shooter, target)), 2)),
    )
