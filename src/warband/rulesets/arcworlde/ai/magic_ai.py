"""How the heuristic AI judges Spells: the exact casting odds times what the Spell does.

Built on the same mechanics the game plays with (:class:`mechanics.SpellCasting` for the
chance to cast with the AP at hand, :func:`mechanics.next_card_odds` for whether one more
card is worth paying for), and on the Attack values of ``tactics``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from warband.core.deck import Card
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.tactics import attack_score
from warband.rulesets.arcworlde.mechanics import SpellCasting, next_card_odds
from warband.rulesets.arcworlde.rules.arcanite import available
from warband.rulesets.arcworlde.rules.magic import CAST_AP, blast_victims, book, summonable
from warband.rulesets.arcworlde.spells import Spell
from warband.rulesets.arcworlde.state import Character

__all__ = ["best_cast", "cast_odds", "spell_draw", "spell_reach", "summon_spot"]

#: HP a Mage expects to lose to an Overpowered Spell (D6)
OVERPOWER_HP = 3.5
#: what an Arcanite Token is worth in AP when paying for a Spell with it
TOKEN_AP = 1.5


@lru_cache(maxsize=512)
def cast_odds(level: int, extra_cards: int) -> tuple[float, float, float]:
    """(chance to cast, chance it is Overpowered, mean extra cards paid for) when the caster
    pays for up to ``extra_cards`` more cards while short, from a fresh ArcDeck."""
    dist = SpellCasting(level, extra_cards).distribution()
    cast = sum(float(p) for (v, _), p in dist.items() if v != "failed")
    over = sum(float(p) for (v, _), p in dist.items() if v == "overpowered")
    extra = sum(float(p) * k for (_, k), p in dist.items())
    return cast, over, extra


#: what a movement Spell is worth: (spell, target) -> value on the AIs' scale (the heuristic
#: judges positions; see ``HeuristicController._move_spell_value``)
MoveValue = Callable[[Spell, Character], float]


def effect_value(view: Any, mage: Character, spell: Spell, target: Character | None,
                 move_value: MoveValue | None = None) -> float:
    """What the Spell's effect is worth if cast, on the AIs' Damage scale (a movement Spell
    by ``move_value``, where the caller judges positions)."""
    if spell.effect == "damage" and target is not None:
        return attack_score(view, mage, spell.attack("flammable" in target.traits), target,
                            charged=False)
    if spell.effect == "blast":
        return sum(attack_score(view, mage, spell.attack("flammable" in v.traits), v,
                                charged=False, cover=False)
                   for v in blast_victims(view, mage, spell))
    if spell.effect == "heal" and target is not None:
        healed = min(spell.amount, target.max_hp - target.hp)
        urgent = 1.6 if target.hp <= 3 else 1.0
        return healed * 0.7 * urgent * (1.5 if target.commander else 1.0)
    if spell.effect == "summon":
        waiting = summonable(view, mage, spell)[: spell.count]
        return sum(1.0 + c.profile.cost / 15 for c in waiting)
    if spell.effect == "move" and target is not None and move_value is not None:
        return move_value(spell, target)
    return 0.0


def mage_care(mage: Character) -> float:
    return 1.5 if mage.hp <= OVERPOWER_HP + 2 else 0.6


def best_cast(view: Any, mage: Character, ap: int, casts: list[Any],
              move_value: MoveValue | None = None) -> tuple[Any, float, float]:
    """The Cast choice with the best expected value, its value and the AP it is expected to
    cost: (choice or None, value, AP)."""
    spells = book(view).spells
    best: tuple[Any, float, float] = (None, 0.0, 1.0)
    tokens = available(view, mage)
    for o in casts:
        if o.pay == "arcanite" and ap >= CAST_AP:
            continue  # AP first: Tokens are kept for what AP cannot buy
        spell = spells[o.spell]
        target = view.chars[o.target] if o.target is not None else None
        value = effect_value(view, mage, spell, target, move_value)
        if value <= 0.0:
            continue
        by_token = o.pay == "arcanite"
        extra = ap + tokens - 1 if by_token else max(0, ap - CAST_AP) + tokens
        p_cast, p_over, mean_extra = cast_odds(spell.level, extra)
        ev = p_cast * value - p_over * OVERPOWER_HP * mage_care(mage)
        cost = (TOKEN_AP if by_token else CAST_AP) + mean_extra
        if ev / cost > best[1] / best[2]:
            best = (o, ev, cost)
    return best


def spell_draw(view: Any, decision: Any) -> Any:
    """Pay for another card when the next card is likely enough to cast the Spell (or, for a
    sturdy Mage, to Overpower it); declare Overpowered rather than fail when the Mage can
    take D6 HP; else stop."""
    mage: Character = view.chars[decision.info["character"]]
    options = decision.options
    level = decision.info["level"]
    cards = [_card(c) for c in decision.info["cards"]]
    p_cast, p_over = next_card_odds(level, cards)
    sturdy = mage.hp > 6
    good = float(p_cast) + (float(p_over) if sturdy else 0.0)
    if C.SpellDraw("ap") in options and (good >= 0.35 or decision.info["ap"] >= 2):
        return C.SpellDraw("ap")
    if C.SpellDraw("arcanite") in options and good >= 0.35:
        return C.SpellDraw("arcanite")
    if C.SpellDraw("overpower") in options and sturdy:
        return C.SpellDraw("overpower")
    return C.SpellDraw("stop")


def _card(text: str) -> Card:
    rank = text.split(" of ")[0]
    return Card(rank, "")


def spell_reach(view: Any, mage: Character) -> list[tuple[float, float]]:
    """(range, value per AP) of the Mage's damage Spells, for the move scoring (a Mage wants
    its enemies within the range of its Spells, as a shooter does)."""
    out = []
    for s in book(view).known_by(mage.profile):
        if s.effect == "damage":
            out.append((s.range, 0.5 + s.power * 0.15))
    return out


def summon_spot(view: Any, decision: Any) -> Any:
    """Summoned fighters appear as near the enemy as the Spell allows."""
    enemies = [e for e in view.chars if e.on_table and e.side != decision.player]
    if not enemies:
        return decision.options[0]
    return min(decision.options,
               key=lambda o: min(math.hypot(e.x - o.x, e.y - o.y) for e in enemies))
