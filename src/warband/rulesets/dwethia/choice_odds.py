"""Exact odds of a Dwethia Heroes option before it is chosen (the web board shows them next to
a target): a Fight, a Shot or a Fire from the same mechanics the game rolls with
(:func:`.rules.combat.melee_mechanic`, :func:`.rules.combat.shot_mechanic`), including both
sides' Destiny spent by the exact re-roll policy the heuristic plays.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.board import ChoiceOdds, OddsRow, SightLine
from warband.rulesets.dwethia import choices as C
from warband.rulesets.dwethia.rules.combat import melee_mechanic, shot_mechanic
from warband.rulesets.dwethia.rules.measure import spaces
from warband.rulesets.dwethia.state import Hero

__all__ = ["choice_odds"]


def _rows(dist: dict[int, Fraction], target: Hero) -> tuple[list[OddsRow], list[OddsRow]]:
    rows = [OddsRow(label=f"{w} unsaved wound{'s' * (w != 1)}", p=float(p))
            for w, p in sorted(dist.items())]
    hurt = sum((p for w, p in dist.items() if w > 0), Fraction(0))
    slain = sum((p for w, p in dist.items() if w >= target.wounds), Fraction(0))
    return rows, [OddsRow(label="wounds", p=float(hurt)),
                  OddsRow(label=f"slays {target.name} ({target.wounds} wounds left)",
                          p=float(slain))]


def choice_odds(view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
    info = decision.info or {}
    if "hero" not in info:
        return None
    h: Hero = view.heroes[info["hero"]]
    if isinstance(choice, C.Fight):
        target: Hero = view.heroes[choice.target]
        mech = melee_mechanic(view, h, target)
        rows, summary = _rows(mech.distribution(), target)
        save = f" --save {mech.save}" if mech.save else ""
        return ChoiceOdds(
            title=f"{h.name} fights {target.name}", rows=rows, summary=summary,
            notes=[f"ARV {mech.attacker_arv} against {mech.defender_arv}: hits on"
                   f" {mech.hit_needed}+, wounds on {mech.wound_needed}+",
                   f"Destiny: {h.name} {h.destiny} on failed dice, {target.name}"
                   f" {target.destiny} on failed saves"],
            query=(f"warband odds dwethia attack --dice {mech.dice} --attacker-arv"
                   f" {mech.attacker_arv} --defender-arv {mech.defender_arv} --strength"
                   f" {mech.strength} --defence {mech.defence}{save} --destiny {mech.destiny}"
                   " (without the defender's Destiny)"),
            rule_ids=["dwethia.melee.attack_dice", "dwethia.melee.arv",
                      "dwethia.melee.wound_roll", "dwethia.combat.saves",
                      "dwethia.destiny.rerolls"])
    if isinstance(choice, C.Shoot | C.Fire):
        aimed: Hero = view.heroes[choice.target]
        w = next(w for w in h.profile.ranged if w.id == choice.weapon)
        shot, seen, friends = shot_mechanic(view, h, aimed, w.strength, w,
                                            isinstance(choice, C.Fire) or bool(
                                                info.get("engaged")))
        rows, summary = _rows(shot.distribution(), aimed)
        notes = [f"needs {shot.wound_needed}+ (Perception {h.stat('perception')} - {shot.cover}"
                 f" + Strength {w.strength} against Defense {shot.defence})"]
        if shot.lobbed:
            notes.append("lobbed [Arc]: a 6 is needed")
        if friends:
            notes.append("into a fight: a hit strikes your own model on 1-3 (not in these odds)")
        return ChoiceOdds(
            title=f"{h.name} shoots {aimed.name} with {w.name}", rows=rows, summary=summary,
            notes=notes,
            query=(f"warband odds dwethia shoot --perception {h.stat('perception')} --strength"
                   f" {w.strength} --defence {shot.defence} --cover {shot.cover}"
                   + (f" --save {shot.save}" if shot.save else "")
                   + f" --destiny {shot.destiny}"),
            rule_ids=["dwethia.shoot.attack_roll", "dwethia.shoot.hit_modifiers",
                      "dwethia.combat.saves"],
            sight=SightLine(source=str(h.uid), target=str(aimed.uid), visible=seen.visible,
                            cover=seen.cover > 0, distance=float(spaces(view, h, aimed))))
    return None
