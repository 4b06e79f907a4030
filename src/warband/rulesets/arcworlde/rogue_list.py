"""Random Rogue Warbands for solo play.

Rule ids: ``arcworlde.solo.create_warband``, ``arcworlde.solo.composition.*``.

First a Commander (any, or one of the chosen faction) with the equipment its profile
includes; then 2D6 on the composition table, one Character of the rolled Class per roll, until
the Game Value is met. Readings (the rules yaml's defaults):

* the Character of the rolled Class is picked at random among those of the warband's faction
  (Beasts: from the Bestiary) that fit in the GP left;
* a Class the faction does not have at all is rolled again;
* the warband is complete when a rolled Class has members but none fits in the GP left.

All chance comes from the core :class:`Dice` seeded with the seed given, so the same seed and
catalogue always give the same list.
"""

from __future__ import annotations

from typing import Any

from warband.core.dice import Dice
from warband.rulesets.arcworlde.catalogue import Catalogue
from warband.rulesets.arcworlde.models import CharacterClass, Profile

__all__ = ["COMPOSITION", "composition_class", "rogue_list"]

#: 2D6 composition table (arcworlde.solo.composition.*): lowest total of each band
COMPOSITION: tuple[tuple[int, CharacterClass], ...] = (
    (2, CharacterClass.BEAST), (6, CharacterClass.UNIT), (9, CharacterClass.ELITE),
    (10, CharacterClass.MAGE), (11, CharacterClass.IRREGULAR), (12, CharacterClass.HEAVY),
)
#: composition rolls before giving up on a faction that lacks most Classes
MAX_ROLLS = 500


def composition_class(total: int) -> CharacterClass:
    """The Class a 2D6 composition total adds."""
    cls = COMPOSITION[0][1]
    for low, c in COMPOSITION:
        if total >= low:
            cls = c
    return cls


def _pool(cat: Catalogue, cls: CharacterClass, faction: str) -> list[Profile]:
    if cls is CharacterClass.BEAST:
        return [p for p in cat.profiles.values() if cls in p.classes]
    return [p for p in cat.profiles.values()
            if cls in p.classes and p.faction == faction and not p.commander]


def rogue_list(cat: Catalogue, game_value: int, seed: int, faction: str | None = None
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A random Rogue Warband list (the data of a list file) within ``game_value`` GP, and
    the composition rolls that made it."""
    dice = Dice(seed)
    commanders = sorted((p for p in cat.profiles.values() if p.commander
                         and (faction is None or p.faction == faction)
                         and p.cost <= game_value), key=lambda p: p.id)
    if not commanders:
        where = f" of faction {faction!r}" if faction else ""
        raise ValueError(f"no Commander{where} costs {game_value} GP or less")
    boss = dice.pick(commanders)
    left = game_value - boss.cost
    picked: list[Profile] = [boss]
    rolls: list[dict[str, Any]] = []
    for _ in range(MAX_ROLLS):
        total = dice.d6() + dice.d6()
        cls = composition_class(total)
        pool = sorted(_pool(cat, cls, boss.faction), key=lambda p: p.id)
        if not pool:
            rolls.append({"roll": total, "class": cls.value, "result": "none in faction: re-roll"})
            continue
        fits = [p for p in pool if p.cost <= left]
        if not fits:
            rolls.append({"roll": total, "class": cls.value, "result": "Game Value met"})
            break
        choice = dice.pick(fits)
        picked.append(choice)
        left -= choice.cost
        rolls.append({"roll": total, "class": cls.value, "result": choice.id})
    counts: dict[str, int] = {}
    for p in picked:
        counts[p.id] = counts.get(p.id, 0) + 1
    characters = [{"profile": pid, **({"count": n} if n > 1 else {})} for pid, n in counts.items()]
    faction_name = cat.factions[boss.faction].name if boss.faction in cat.factions else boss.faction
    data = {
        "ruleset": "arcworlde",
        "name": f"Rogue {faction_name} (seed {seed})",
        "faction": boss.faction,
        "game_value": game_value,
        "characters": characters,
    }
    return data, rolls
