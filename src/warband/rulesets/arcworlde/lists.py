"""Warband lists: parsing, validation and the run-time :class:`Warband`.

Validation collects every violation before reporting (rule ids in brackets):

* unknown profiles or equipment, with the closest known name suggested;
* total cost, including equipment, over the Game Value (arcworlde.list.gold_game_value);
* exactly one Commander unless the faction allows more (arcworlde.list.class.commander); a
  Warband of Creatures only needs none (arcworlde.creatures.creature_warband): its faction is
  the Creatures' own (the Bestiary);
* Creatures cannot take equipment (arcworlde.equipment.creatures);
* at most one suit of armour per Character (house rule: the armoury gives no stacking rule);
* Characters from a faction that is neither the warband's nor an ally are legal but *unruly*
  (arcworlde.hire.other_factions): reported as a warning, and they take the unruly Bravery
  Test in play. Creatures (arcworlde.creatures.in_warband) and Swords for Hire
  (arcworlde.hire.swords_for_hire) join any Faction and are never unruly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, load_list_file, read_list
from warband.rulesets.arcworlde.catalogue import Catalogue
from warband.rulesets.arcworlde.models import Equipment, Profile, WarbandListModel

__all__ = ["Member", "Warband", "MAX_CHARACTERS", "parse_list", "load_list"]

#: more Characters than this in one list is refused (a 1000GP game fields a few dozen)
MAX_CHARACTERS = 100


@dataclass(frozen=True, slots=True)
class Member:
    profile: Profile
    equipment: tuple[Equipment, ...]
    name: str | None
    unruly: bool
    mount: Profile | None = None  # the Monstrous Mount it rides (arcworlde.trait.monstrous_mount)

    @property
    def cost(self) -> int:
        mount = self.mount.cost if self.mount is not None else 0
        return self.profile.cost + sum(e.cost for e in self.equipment) + mount


@dataclass(frozen=True, slots=True, kw_only=True)
class Warband(Roster[Member]):
    """A validated ArcWorlde warband (the kit's :class:`Roster` holds name, members, source)."""

    faction: str
    game_value: int

    def warnings(self) -> list[str]:
        unruly = sorted({m.profile.name for m in self.members if m.unruly})
        return [
            f"{name} is from another faction: unruly (Bravery Test on each Activation, "
            "AP halved on a failure; arcworlde.hire.other_factions)"
            for name in unruly
        ]


def parse_list(
    data: Any, source: str, cat: Catalogue, lines: LineMap | None = None, ruleset: str = "arcworlde"
) -> Warband:
    """Validate list ``data`` (already parsed YAML) against the catalogue; every violation of
    the list-building rules above is collected before :class:`ContentError` is raised."""
    model, problems = read_list(WarbandListModel, data, source, lines, ruleset)
    problem = problems.problem

    members: list[Member] = []
    problems.at_most(sum(e.count for e in model.characters), MAX_CHARACTERS, "Characters",
                     "characters")
    commanders: list[Profile] = []
    for i, entry in enumerate(model.characters):
        profile = problems.lookup("profile", cat.profiles, entry.profile, "characters", i,
                                  "profile")
        if profile is None:
            continue
        gear: list[Equipment] = []
        for j, e_id in enumerate(entry.equipment):
            equipment = cat.equipment.get(e_id)
            if equipment is None:
                problems.unknown("equipment", e_id, cat.equipment, "characters", i, "equipment", j)
            elif e_id != "arcanite-token" and (equipment in gear or equipment in profile.equipment):
                problem(f"{equipment.name} is listed twice for {profile.name}",
                        "characters", i, "equipment", j)
            else:
                gear.append(equipment)
        if profile.creature and entry.equipment:
            problem(f"{profile.name} is a Creature and cannot take equipment"
                    " (arcworlde.equipment.creatures)", "characters", i, "equipment")
        armours = [e for e in (*profile.equipment, *gear) if e.armour > 0]
        if len(armours) > 1:
            problem(f"{profile.name} would wear {len(armours)} suits of armour"
                    f" ({', '.join(a.name for a in armours)}); only one counts", "characters", i, "equipment")
        mount = None
        if entry.mount is not None:
            mount = problems.lookup("profile", cat.profiles, entry.mount, "characters", i, "mount")
            if mount is not None and ("monstrous-mount" not in mount.traits or not mount.creature):
                problem(f"{mount.name} is not a Creature with Monstrous Mount"
                        " (arcworlde.trait.monstrous_mount)", "characters", i, "mount")
            if profile.creature:
                problem(f"{profile.name} is a Creature: only non-Creature Characters ride a"
                        " Monstrous Mount (arcworlde.trait.monstrous_mount)", "characters", i,
                        "mount")
        if profile.commander:
            commanders.extend([profile] * entry.count)
        for _ in range(entry.count):
            members.append(Member(profile, tuple(gear), entry.name, False, mount))

    faction = model.faction
    if commanders:
        command_faction = commanders[0].faction
        if faction is None:
            faction = command_faction
        elif faction != command_faction:
            problem(f"the warband's faction is set by its Commander ({commanders[0].name},"
                    f" {command_faction}), not {faction!r} (arcworlde.list.class.commander)", "faction")
            faction = command_faction
    if faction is not None and cat.factions and faction not in cat.factions:
        problems.unknown("faction", faction, cat.factions, "faction")
    creatures_only = bool(members) and all(m.profile.creature for m in members)
    if creatures_only and faction is None:
        faction = members[0].profile.faction  # arcworlde.creatures.creature_warband
    allowed = cat.factions[faction].max_commanders if faction in cat.factions else 1
    if not commanders and not creatures_only:
        problem("the warband needs a Commander (arcworlde.list.class.commander)", "characters")
    elif len(commanders) > allowed:
        problem(f"{len(commanders)} Commanders; this faction allows {allowed}"
                " (arcworlde.list.class.commander)", "characters")
    if members:
        cost = sum(m.cost for m in members)
        if cost > model.game_value:
            detail = ", ".join(f"{m.profile.name} {m.cost}" for m in members)
            problem(f"total cost {cost} GP is over the game value of {model.game_value} GP"
                    f" ({detail}) (arcworlde.list.gold_game_value)", "game_value")
    problems.raise_if_any()
    assert faction is not None
    allies = set(cat.factions[faction].allies) if faction in cat.factions else set()
    members = [
        Member(m.profile, m.equipment, m.name,
               unruly=m.profile.faction not in ({faction} | allies)
               and not m.profile.creature and not m.profile.sword_for_hire,
               mount=m.mount)
        for m in members
    ]
    return Warband(name=model.name, faction=faction, game_value=model.game_value,
                   members=tuple(members), source=model.model_dump(mode="json", exclude_none=True))


def load_list(path: Path, cat: Catalogue, ruleset: str = "arcworlde") -> Warband:
    return load_list_file(path, lambda data, source, lines: parse_list(data, source, cat, lines,
                                                                         ruleset))
