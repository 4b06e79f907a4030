"""Exact odds of an ArcWorlde option before it is chosen (the web board shows them next to an
Attack, a Shot or a Feat). Built on the mechanics the game rolls with
(:mod:`.mechanics`, via :func:`.rules.combat.attack_mechanic`), so they are the figures
``warband odds arcworlde attack|feat`` gives for the same numbers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.board import ChoiceOdds, OddsRow, SightLine
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import (
    DIFFICULTY,
    AttackMechanic,
    FeatCheck,
    difficulty_name,
)
from warband.rulesets.arcworlde.rules.combat import attack_mechanic, disengage_difficulty, in_cover
from warband.rulesets.arcworlde.rules.feats import help_up_difficulty
from warband.rulesets.arcworlde.state import Character

__all__ = ["choice_odds"]

_DEFENCE = {0: "normal", 1: "advantage", -1: "disadvantage"}


def _attack_query(mech: AttackMechanic) -> str:
    flags = [f"--power {mech.power}", f"--armour {mech.armour}",
             f"--defence {_DEFENCE[mech.defence]}"]
    if mech.crit_ignores_armour:
        flags.append("--crit-ignores-armour")
    if mech.ignores_armour:
        flags.append("--ignores-armour")
    if mech.defence_rerolls:
        flags.append(f"--defence-rerolls {mech.defence_rerolls}")
    if mech.defence_extra:
        flags.append(f"--defence-extra {mech.defence_extra}")
    return "warband odds arcworlde attack " + " ".join(flags)


def _attack_odds(title: str, mech: AttackMechanic, target: Character, lands: Fraction,
                 notes: list[str], query: str) -> ChoiceOdds:
    """Damage distribution of an Attack that lands with probability ``lands``."""
    dist = mech.distribution()
    rows = []
    if lands < 1:
        rows.append(OddsRow(label="misses", p=float(1 - lands)))
    rows += [OddsRow(label=f"{dmg} Damage", p=float(p * lands)) for dmg, p in dist.items()]
    hurt = sum((p for dmg, p in dist.items() if dmg > 0), Fraction(0)) * lands
    ko = sum((p for dmg, p in dist.items() if dmg >= target.hp), Fraction(0)) * lands
    mean = sum((dmg * p for dmg, p in dist.items()), Fraction(0)) * lands
    summary = [OddsRow(label="deals Damage", p=float(hurt)),
               OddsRow(label=f"Knocks Out {target.name} ({target.hp} HP)", p=float(ko))]
    notes = [*notes, f"expected Damage {float(mean):.2f}"]
    return ChoiceOdds(title=title, rows=rows, summary=summary, notes=notes, query=query,
                      rule_ids=["arcworlde.combat.attack_resolution", "arcworlde.combat.armour_value"])


def _sight(view: Any, ch: Character, target: Character, cover: bool) -> SightLine:
    """The line the Cover rule measures (arcworlde.combat.cover, arcworlde.combat.line_of_sight),
    with the distance base edge to base edge as the engine measures it."""
    seen = view.table.sight(ch.x, ch.y, ch.r, target.x, target.y, target.r)
    return SightLine(source=str(ch.uid), target=str(target.uid), visible=bool(seen.visible),
                     hidden=round(float(seen.hidden), 3), cover=cover,
                     distance=round(max(0.0, float(view.distance(ch, target))), 2))


def _feat(title: str, ap: int, needed: int, query_note: str = "") -> ChoiceOdds:
    p = FeatCheck(ap, needed).probability()
    return ChoiceOdds(
        title=title,
        rows=[OddsRow(label="succeeds", p=float(p)), OddsRow(label="fails", p=float(1 - p))],
        summary=[OddsRow(label="succeeds", p=float(p))],
        notes=[f"{ap} AP, {difficulty_name(needed)} ({needed} Successes)"] + (
            [query_note] if query_note else []),
        query=f"warband odds arcworlde feat --ap {ap} --successes {needed}",
        rule_ids=["arcworlde.feat.attempt", "arcworlde.feat.difficulty"],
    )


def choice_odds(view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
    uid = decision.info.get("character") if decision.info else None
    if uid is None:
        return None
    ch: Character = view.chars[uid]
    if isinstance(choice, C.Attack):
        attack = next(a for a in ch.usable_attacks() if a.name == choice.attack and not a.ranged)
        target = view.chars[choice.target]
        cover = in_cover(view, ch, target)
        mech = attack_mechanic(attack, target, cover, bool(decision.info.get("charged")))
        notes = ["Charge bonus"] if mech.power > attack.power else []
        notes += ["target in Cover"] if cover else []
        odds = _attack_odds(f"{attack.name} on {target.name}", mech, target, Fraction(1),
                            notes, _attack_query(mech))
        return odds.model_copy(update={"sight": _sight(view, ch, target, cover)})
    if isinstance(choice, C.Shoot):
        attack = next(a for a in ch.usable_attacks() if a.name == choice.attack and a.ranged)
        target = view.chars[choice.target]
        cover = in_cover(view, ch, target)
        mech = attack_mechanic(attack, target, cover, False)
        needed = DIFFICULTY[attack.shot]
        hit = FeatCheck(choice.ap, needed).probability()
        notes = [f"the Shot ({difficulty_name(needed)} Feat, {choice.ap} AP) hits"
                 f" {float(hit):.1%} of the time",
                 "a miss may hit a friend in contact with the target instead"]
        notes += ["target in Cover"] if cover else []
        query = (f"{_attack_query(mech)}  (times the Shot: warband odds arcworlde feat"
                 f" --ap {choice.ap} --successes {needed})")
        odds = _attack_odds(f"shoot {target.name} with {attack.name}", mech, target, hit,
                            notes, query)
        return odds.model_copy(update={"sight": _sight(view, ch, target, cover)})
    if isinstance(choice, C.StandUp):
        return _feat("stand up", choice.ap, 1)
    if isinstance(choice, C.Disengage):
        return _feat("Disengage", choice.ap, disengage_difficulty(len(view.engaged_with(ch))),
                     "on a failure: 1HP lost per enemy in contact")
    if isinstance(choice, C.HelpUp):
        friend = view.chars[choice.target]
        return _feat(f"help {friend.name} up", choice.ap, help_up_difficulty(ch, friend))
    return None
