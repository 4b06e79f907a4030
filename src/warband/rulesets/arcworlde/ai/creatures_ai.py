"""How the AIs use Creatures' Traits: when to Gobble, how hard to try to escape."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from warband.rulesets.arcworlde.ai.tactics import attack_score
from warband.rulesets.arcworlde.mechanics import D6Hits, FeatCheck
from warband.rulesets.arcworlde.rules.creatures import MEDIUM
from warband.rulesets.arcworlde.state import Character

__all__ = ["best_gobble", "escape_ap"]


@lru_cache(maxsize=64)
def _p(dice: int, needed: int) -> float:
    return float(FeatCheck(dice, needed).probability())


def best_gobble(view: Any, ch: Character, ap: int, gobbles: list[Any], attacks: list[Any]) -> Any:
    """A Gobble when its worth per AP (the Feat's exact chance times the D6 Hits' expected
    Damage plus taking the victim off the table) beats the best Attack per AP."""
    best, best_v = None, 0.0
    for o in gobbles:
        if o.ap != min(ap, 3):
            continue
        victim = view.chars[o.target]
        hits = D6Hits(victim.armour, -1 if victim.prone or victim.broken else 0)
        mean = sum(float(d * p) for d, p in hits.distribution().items())
        value = _p(o.ap, MEDIUM) * (mean + 3.0 + (3.0 if victim.commander else 0.0)) / o.ap
        if value > best_v:
            best, best_v = o, value
    rival = 0.0
    for o in attacks:
        attack = next(a for a in ch.usable_attacks() if a.name == o.attack and not a.ranged)
        rival = max(rival, attack_score(view, ch, attack, view.chars[o.target], False)
                    / max(1, attack.ap or 1))
    return best if best is not None and best_v >= rival else None


def escape_ap(ap: int, needed: int) -> int:
    """Commit every AP to the escape: failing costs D6 Hits and the Activation anyway."""
    return ap


