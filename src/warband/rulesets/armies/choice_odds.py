"""Exact odds of an Armies of Arcana option before it is chosen (the web board shows them
next to the option): a unit's shooting at a target (wounds, from the same ``Attacks`` or
``ScatterAttack`` mechanic the game rolls and ``warband odds armies hit``/``scatter`` answer
from), and a spell's chance to be cast (``PowerRoll``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.board import ChoiceOdds, OddsRow
from warband.rulesets.armies import choices as C
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.rules.damage import armour_save
from warband.rulesets.armies.rules.measure import shooters
from warband.rulesets.armies.rules.missile import range_to, to_hit_skill
from warband.rulesets.armies.state import Unit

__all__ = ["choice_odds"]


def _shot_odds(view: Any, shooter: Unit, target: Unit) -> ChoiceOdds:
    missile = shooter.profile.missile
    assert missile is not None
    skill = to_hit_skill(view, shooter, target, range_to(shooter, target))
    save = armour_save(view, target, missile.strength, magical=missile.magical,
                       artillery=missile.artillery, missile=True)
    if missile.scatter_d3s:
        scatter = m.ScatterAttack(skill, missile.scatter_d3s, target.skirmish or target.single)
        dist = scatter.distribution()
        what, query = "hits", (f"warband odds armies scatter --skill {skill} --d3s "
                               f"{missile.scatter_d3s}" + (" --skirmish" if scatter.vs_skirmish
                                                            else ""))
        rule_ids = ["armies.missile.scatter_partial", "armies.missile.scatter_vs_skirmish"]
    else:
        attacks = m.Attacks(skill, shooters(shooter) * missile.shots, save)
        dist = attacks.distribution()
        what = "wounds"
        query = f"warband odds armies hit --missile --skill {skill} --attacks {attacks.attacks}"
        if save is not None:
            query += (f" --armour {save.armour} --strength {save.strength}"
                      + (" --fixed" if save.fixed else "") + (" --magical" if save.magical else "")
                      + (" --artillery" if save.artillery else ""))
        rule_ids = ["armies.missile.to_hit", "armies.combat.armour_save"]
    mean = sum((k * p for k, p in dist.items()), Fraction(0))
    some = sum((p for k, p in dist.items() if k > 0), Fraction(0))
    return ChoiceOdds(
        title=f"{shooter.name} shoots {target.name}",
        rows=[OddsRow(label=f"{k} {what}", p=float(p)) for k, p in dist.items() if p],
        summary=[OddsRow(label=f"at least one {what[:-1]}", p=float(some))],
        notes=[f"hits on {skill} or less", f"expected {what} {float(mean):.2f}",
               *([] if save is None else [f"saves on {save.target} or less"])],
        query=query, rule_ids=rule_ids)


def choice_odds(view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
    if isinstance(choice, C.Shoot) and choice.target >= 0:
        return _shot_odds(view, view.unit(choice.uid), view.unit(choice.target))
    if isinstance(choice, C.Cast):
        spell = view.spells[choice.spell]
        p = m.PowerRoll(choice.power, spell.difficulty, ties_win=True).probability()
        return ChoiceOdds(
            title=f"{spell.name} with {choice.power} power",
            summary=[OddsRow(label="cast (before any counterspell)", p=float(p))],
            notes=[f"D6 + {choice.power} must reach {spell.difficulty}"],
            rule_ids=["armies.magic.casting_order", "armies.magic.counterspell"])
    return None
