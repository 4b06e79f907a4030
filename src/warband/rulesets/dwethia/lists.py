"""Force lists: parsing, validation (every violation at once) and the run-time :class:`Force`.

Checks (rule ids in brackets): the agreed point limit - any positive value, 60 / 150 / 300
suggested (dwethia.list.point_limits: at most the limit); the faction's Composition Chart, its
races and classes (dwethia.list.building_force); profiles built as race + class + faction
(dwethia.list.race_class_faction); wargear only of kinds the class may carry, at most one item
of each kind except ranged weapons (two) (dwethia.shoot.multiple_weapons); base size within the
type's band (dwethia.list.fluctuating_bases); unique model names; at most one leader (the
Victory or Death objective's leader; default the most expensive model).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, read_list
from warband.rulesets.dwethia.catalogue import Catalogue
from warband.rulesets.dwethia.models import (
    BASE_BANDS,
    DEFAULT_BASE,
    STAT_NAMES,
    FactionModel,
    ForceModel,
    Profile,
    StatLine,
    SummonModel,
    Weapon,
)

__all__ = ["Force", "build_profile", "parse_list", "summoned_profile", "UNARMED"]

UNARMED = Weapon("unarmed", "Unarmed", "melee", 0, 1, 0, "none", frozenset())


@dataclass(frozen=True, slots=True, kw_only=True)
class Force(Roster[Profile]):
    """A validated force: its models' finished profiles (``members``), faction and the agreed
    point limit."""

    faction: str
    points: int

    @property
    def game_value(self) -> int:
        return self.points

    def warnings(self) -> list[str]:
        spare = self.points - self.cost
        out = [f"{spare} points unspent"] if spare >= 20 else []
        if self.points not in (60, 150, 300):
            out.append(f"{self.points} points is not one of the book's sizes (60, 150, 300)")
        return out


def parse_list(data: Any, source: str, cat: Catalogue, lines: LineMap | None = None,
               ruleset: str = "dwethia") -> Force:
    """Validate a force list (every violation at once, with file, line and field)."""
    model, problems = read_list(ForceModel, data, source, lines, ruleset)
    problem = problems.problem
    faction = problems.lookup("faction", cat.factions, model.faction, "faction")
    profiles: list[Profile] = []
    types: Counter[str] = Counter()
    for i, entry in enumerate(model.models):
        race = problems.lookup("race", cat.races, entry.race, "models", i, "race")
        cls = problems.lookup("class", cat.classes, entry.class_, "models", i, "class")
        if race is not None and faction is not None and entry.race not in faction.races:
            problem(f"the {faction.name} field no {race.name} models (races: "
                    f"{', '.join(faction.races)})", "models", i, "race")
        if cls is not None and faction is not None and entry.class_ not in faction.classes:
            problem(f"the {faction.name} field no {cls.name} (classes: "
                    f"{', '.join(faction.classes)})", "models", i, "class")
        kinds: Counter[str] = Counter()
        cost = (race.cost if race else 0) + (cls.cost if cls else 0)
        for j, wid in enumerate(entry.wargear):
            item = problems.lookup("wargear", cat.wargear, wid, "models", i, "wargear", j)
            if item is None:
                continue
            cost += item.cost
            kinds[item.kind] += 1
            if cls is not None and item.kind not in cls.carries:
                problem(f"a {cls.name} cannot carry {item.name} ({item.kind}; it carries "
                        f"{', '.join(cls.carries)})", "models", i, "wargear", j)
        for kind, n in kinds.items():
            limit = 2 if kind == "ranged" else 1
            if n > limit:
                problem(f"{n} items of kind {kind}; a model carries at most {limit}",
                        "models", i, "wargear")
        if cls is None or race is None:
            continue
        types[cls.type.value] += 1
        low, high = BASE_BANDS[cls.type]
        base = entry.base_mm if entry.base_mm is not None else DEFAULT_BASE[cls.type]
        if not low <= base <= high:
            problem(f"a {cls.type.value} model's base is {low}-{high}mm, not {base}mm"
                    " (dwethia.list.fluctuating_bases)", "models", i, "base_mm")
        profiles.append(build_profile(cat, faction, entry.name, entry.race, entry.class_,
                                      entry.wargear, base, entry.leader, cost,
                                      marks=entry.scars_and_glory))
    names = Counter(e.name for e in model.models)
    for name, n in names.items():
        if n > 1:
            problem(f"{n} models are named {name!r}; names must be unique", "models")
    if sum(1 for e in model.models if e.leader) > 1:
        problem("more than one model is marked leader", "models")
    if faction is not None:
        for utype, band in faction.composition.items():
            n = types[utype.value]
            if not band.min <= n <= band.max:
                problem(f"{n} {utype.value} model(s); the {faction.name} Composition Chart allows"
                        f" {band.min}-{band.max} (dwethia.list.building_force)", "models")
    cost = sum(p.cost for p in profiles)
    if cost > model.points:
        detail = ", ".join(f"{p.name} {p.cost}" for p in profiles)
        problem(f"total {cost} points is over the agreed limit of {model.points} ({detail})"
                " (dwethia.list.point_limits)", "points")
    problems.raise_if_any()
    return Force(name=model.name, members=tuple(profiles), faction=model.faction,
                 points=model.points,
                 source=model.model_dump(mode="json", by_alias=True, exclude_none=True))


def build_profile(cat: Catalogue, faction: FactionModel | None, name: str, race_id: str,
                  class_id: str, wargear: list[str], base: int, leader: bool,
                  cost: int, marks: StatLine | None = None) -> Profile:
    """A finished profile (dwethia.list.race_class_faction): the race's stats plus the class's
    and the faction's modifiers, and its wargear (a force's model, or a summoned one); a
    campaign squad's model also carries its Scars and Glory (``marks``)."""
    race, cls = cat.races[race_id], cat.classes[class_id]
    stats = {s: getattr(race.stats, s) + getattr(cls.modifiers, s)
             + (getattr(faction.modifiers, s) if faction else 0)
             + (getattr(marks, s) if marks else 0) for s in STAT_NAMES}
    for s in ("movement", "wounds", "aggression", "defense"):
        stats[s] = max(stats[s], 1)
    for s in ("destiny", "faith", "affinity", "martial", "perception", "strength"):
        stats[s] = max(stats[s], 0)
    items = [cat.wargear[w] for w in wargear if w in cat.wargear]
    melee_items = [w for w in wargear if w in cat.wargear and cat.wargear[w].kind == "melee"]
    melee = UNARMED
    if melee_items:
        w = cat.wargear[melee_items[0]]
        melee = Weapon(melee_items[0], w.name, w.kind, w.strength, w.reach, 0, "none",
                       frozenset(w.keywords))
    ranged = tuple(
        Weapon(wid, cat.wargear[wid].name, cat.wargear[wid].kind, cat.wargear[wid].strength,
               1, cat.wargear[wid].range, cat.wargear[wid].penalty,
               frozenset(cat.wargear[wid].keywords), cat.wargear[wid].shots)
        for wid in wargear if wid in cat.wargear
        and cat.wargear[wid].kind in ("ranged", "grenade"))
    saves = sorted(w.save for w in items if w.save is not None)
    save = None
    if saves:
        # shield and armour together: the better save, improved by one (house reading)
        save = max(2, saves[0] - (1 if len(saves) > 1 else 0))
    return Profile(
        name, race_id, class_id, cls.type, base, stats, cost, melee, ranged,
        save, any(w.kind == "shield" for w in items), any(w.kind == "cloak" for w in items),
        tuple(cat.powers[p] for p in cls.powers if p in cat.powers),
        faction is not None and "ignore_wounds_6" in faction.traits, leader,
        tuple(faction.destiny_actions) if faction is not None else (),
        casts=cls.casts, affinity_actions=tuple(cls.affinity_actions))


def summoned_profile(cat: Catalogue, faction_id: str, spec: SummonModel, number: int) -> Profile:
    """The profile of a model a summoning power brings into the game
    (dwethia.objective.summoners_war, house data): race + class + the caster's faction, its
    type's default base, worth no points (it was not part of the force)."""
    cls = cat.classes[spec.class_]
    return build_profile(cat, cat.factions.get(faction_id), f"{spec.name} {number}",
                         spec.race, spec.class_, spec.wargear, DEFAULT_BASE[cls.type],
                         False, 0)
