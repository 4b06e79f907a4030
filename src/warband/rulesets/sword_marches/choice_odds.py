"""Exact odds of a Sword Marches Attack before it is chosen (the web board shows them beside a
Charge, a Stand & Fight, a Standing Fire or a Take Aim). Built on the very mechanics objects the
game rolls (:func:`.rules.combat.build_close_attack`, :func:`.rules.combat.build_ranged_attack`),
so they are the figures ``warband odds sword-marches attack`` gives for the same numbers.
Tactical Dice are left out (the player decides on them after declaring).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.board import ChoiceOdds, OddsRow, SightLine
from warband.rulesets.sword_marches.choices import Act
from warband.rulesets.sword_marches.mechanics import CombatAttack
from warband.rulesets.sword_marches.rules.combat import (
    build_close_attack,
    build_ranged_attack,
    ranged_weapon,
)
from warband.rulesets.sword_marches.rules.terrain import has_cover
from warband.rulesets.sword_marches.state import Model

__all__ = ["choice_odds"]

RULES = ["sm.combat.attack_defense_checks", "sm.combat.compare", "sm.combat.damage_check",
         "sm.combat.injury", "sm.cc.counter_attack"]


def _query(attack: CombatAttack) -> str:
    hit = attack.hit
    flags = [f"--attacker-cbt {attack.attacker_cbt}", f"--attacker-dice {attack.attacker.dice}",
             f"--defender-cbt {attack.defender_cbt}", f"--defender-dice {attack.defender.dice}",
             f"--damage {hit.damage}", f"--con {hit.con}", f"--arm {hit.arm}",
             f"--threshold {hit.threshold}", f"--armour {hit.armour}"]
    if hit.helmet:
        flags.append("--helmet")
    if attack.vicious:
        flags.append("--vicious")
    if attack.defender.reroll_lowest:
        flags.append("--shield")
    if attack.attacker.reroll_lowest:
        flags.append("--attacker-reroll")
    if not attack.at_risk:
        flags.append("--no-at-risk")
    elif attack.counter_damage is not None:
        c = attack.counter_damage
        flags += [f"--attacker-base-cbt {attack.attacker_base_cbt or attack.attacker_cbt}",
                  f"--counter-damage {c.damage}", f"--attacker-con {c.con}",
                  f"--attacker-arm {c.arm}", f"--attacker-threshold {c.threshold}"]
        if attack.riposte:
            flags.append("--riposte")
    return "warband odds sword-marches attack " + " ".join(flags)


def _odds(title: str, attack: CombatAttack, notes: list[str]) -> ChoiceOdds:
    results: dict[str, Fraction] = {}
    counter = Fraction(0)
    hurt_self = Fraction(0)
    for (res, ctr), p in attack.distribution().items():
        results[res] = results.get(res, Fraction(0)) + p
        if ctr != "none":
            counter += p
        if ctr in ("shocked", "wounded"):
            hurt_self += p
    names = {"miss": "misses", "no_effect": "hits, no effect", "shocked": "Shocks",
             "wounded": "Wounds"}
    rows = [OddsRow(label=names[r], p=float(results[r])) for r in names if r in results]
    summary = [OddsRow(label="hits", p=float(1 - results.get("miss", Fraction(0)))),
               OddsRow(label="Shocks or Wounds", p=float(results.get("shocked", Fraction(0))
                                                         + results.get("wounded", Fraction(0))))]
    if counter:
        summary.append(OddsRow(label="Counter-Attack", p=float(counter)))
        summary.append(OddsRow(label="Counter-Attack hurts the Attacker", p=float(hurt_self)))
    return ChoiceOdds(title=title, rows=rows, summary=summary, notes=notes,
                      query=_query(attack), rule_ids=RULES)


def _sight(view: Any, m: Model, target: Model) -> SightLine:
    seen = view.table.sight(m.x, m.y, m.r, target.x, target.y, target.r)
    return SightLine(source=str(m.uid), target=str(target.uid), visible=bool(seen.visible),
                     hidden=round(float(seen.hidden), 3), cover=has_cover(view, m, target),
                     distance=round(max(0.0, float(view.gap(m, target))), 2))


def choice_odds(view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
    """The odds of an Attack option as its player would see them (None for other options)."""
    if not isinstance(choice, Act) or choice.target < 0:
        return None
    m: Model = view.by_uid(choice.uid)
    target: Model = view.by_uid(choice.target)
    if choice.action in ("charge", "stand_and_fight"):
        charge = choice.action == "charge"
        attack, facts = build_close_attack(view, m, target, charge)
        notes = [f"{facts['weapon']} against {facts['defender_weapon']}"]
        if charge:
            notes.append(f"Reach {facts['reach']} against {facts['defender_reach']};"
                         " if the Charge reaches")
        title = f"{m.name}: {'Charge' if charge else 'Stand & Fight'} on {target.name}"
        return _odds(title, attack, notes)
    if choice.action in ("standing_fire", "take_aim"):
        w = ranged_weapon(m)
        if w is None:
            return None
        ranged, facts = build_ranged_attack(view, m, target, w, choice.action)
        if ranged is None:
            return ChoiceOdds(title=f"{m.name} shoots {target.name}: out of range",
                              rows=[OddsRow(label="misses", p=1.0)], rule_ids=RULES,
                              sight=_sight(view, m, target))
        tags = [t for t, on in (("Long Range", facts["long"]), ("Point Blank",
                                facts["point_blank"]), ("Concealed", facts["concealed"]),
                                ("Cover", facts["cover"])) if on]
        odds = _odds(f"{m.name}: {'Take Aim' if choice.action == 'take_aim' else 'Standing Fire'}"
                     f" on {target.name}", ranged, [f"{w.name} at {facts['range']}\"", *tags])
        odds.sight = _sight(view, m, target)
        return odds
    return None
