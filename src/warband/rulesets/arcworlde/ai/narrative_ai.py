"""How the heuristic AI judges Narrative Feats (arcworlde.feat.narrative,
arcworlde.feat.narrative_damage): the exact chance of the Feat with the dice committed, times
what it does, less the chance of failure times what failing costs.

* A damaging Feat (toppling terrain, a trick shot) is worth the Hits it deals to each target,
  judged with the game's own mechanic (``narrative_mechanic``: Armour, Defence Rolls) as an
  Attack is: expected Damage plus the chance of a Knock Out.
* A distraction is worth the AP it takes from the enemy's next Activation.
* A dash or a vault is left to the move scoring (not proposed by the AI).
* A proposal made easier than the template is judged with the book's compromise failure (the
  opponent may disagree), one at the template's difficulty with its own failure.

The heuristic proposes the Feat with the best value per AP when it beats its best Attack,
Shot or Spell per AP.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from warband.rulesets.arcworlde.ai.tactics import damage_stats, target_danger
from warband.rulesets.arcworlde.mechanics import DIFFICULTY, FeatCheck
from warband.rulesets.arcworlde.rules.creatures import d6_hits_mechanic
from warband.rulesets.arcworlde.rules.narrative import (
    NarrativeFeat,
    compromise,
    feats_menu,
    narrative_hits,
    narrative_mechanic,
)
from warband.rulesets.arcworlde.state import Character

__all__ = ["best_narrative", "narrative_value"]

#: the rough cost of ending up Prone (as the heuristic's): the Activation lost, Defence worse
PRONE_COST = 2.5
#: the least a Feat must be worth to be proposed at all
WORTH_PROPOSING = 0.8


@lru_cache(maxsize=256)
def _feat_p(dice: int, needed: int) -> float:
    return float(FeatCheck(dice, needed).probability())


def _knock_out_worth(target: Character) -> float:
    return 4.0 + (4.0 if target.commander else 0.0) + target_danger(target) * 0.5


def failure_cost(ch: Character, failure: str) -> float:
    """What a failed Feat costs the proposer: nothing, Prone, or D6 Hits and Prone."""
    if failure == "none":
        return 0.0
    cost = PRONE_COST
    if failure == "hits":
        mean, kill = damage_stats(d6_hits_mechanic(ch), ch.hp)
        cost += mean + kill * _knock_out_worth(ch)
    return cost


def narrative_value(view: Any, ch: Character, choice: Any, feat: NarrativeFeat) -> float:
    """Expected value of proposing ``choice`` (a ``C.Narrative``) of template ``feat``."""
    needed = DIFFICULTY[choice.difficulty]
    failure = feat.failure if needed == feat.needed else compromise(feat.failure)
    targets = [view.chars[u] for u in choice.targets]
    if feat.effect == "damage" and targets:
        gain = 0.0
        for target, hits in zip(targets, narrative_hits(needed, len(targets)), strict=True):
            mean, kill = damage_stats(narrative_mechanic(target, hits), target.hp)
            gain += mean + kill * _knock_out_worth(target)
    elif feat.effect == "distract" and targets:
        gain = sum(target_danger(t) / max(1, t.ap) for t in targets if t.ap_penalty < 1)
    else:
        return 0.0  # a dash or a vault: positional, not proposed by the AI
    p = _feat_p(choice.ap, needed)
    return p * gain - (1.0 - p) * failure_cost(ch, failure)


def best_narrative(view: Any, ch: Character, options: list[Any], rival_per_ap: float
                   ) -> tuple[Any, float]:
    """The Narrative Feat proposal worth most per AP, if it beats ``rival_per_ap`` (the best
    Attack, Shot or Spell per AP) and is worth proposing at all: (choice or None, value)."""
    menu = {f.id: f for f in feats_menu(view)}
    best: tuple[Any, float] = (None, 0.0)
    best_rate = rival_per_ap
    for o in options:
        feat = menu.get(o.feat)
        if feat is None:
            continue
        value = narrative_value(view, ch, o, feat)
        if value >= WORTH_PROPOSING and value / o.ap > best_rate:
            best, best_rate = (o, value), value / o.ap
    return best
