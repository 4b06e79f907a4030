"""Warband lists: parsing, validation and the run-time :class:`Warband`.

Validation collects every violation before reporting (rule ids in brackets):

* unknown profile, culture or game size, with the closest known name suggested;
* a unit the warband's culture cannot field (raiders.listbuilding.warband_size: units come from
  the one chosen culture; profiles marked ``any`` serve every culture);
* a unit's starting strength other than its type allows (raiders.listbuilding.unit_structure
  and the unit types);
* the number of units outside the band of the game size (raiders.listbuilding.warband_size);
* not exactly one Lead Retinue (raiders.listbuilding.lead_retinue);
* more than two mystic units and beastmasters together (raiders.listbuilding.mystic_unit);
* beasts without a mystic or beastmaster, or more than two per such unit
  (raiders.listbuilding.beast_unit);
* more than one scoutmaster unit (raiders.listbuilding.scouts_rangers);
* total cost over the size's silver (raiders.listbuilding.restrictions).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, load_list_file, read_list
from warband.rulesets.raiders.catalogue import ANY_CULTURE, Catalogue
from warband.rulesets.raiders.models import SizeModel, UnitType, WarbandListModel
from warband.rulesets.raiders.unit import Profile

__all__ = ["Member", "Warband", "load_list", "parse_list"]


@dataclass(frozen=True, slots=True)
class Member:
    """One unit of a warband."""

    profile: Profile
    figures: int
    name: str | None

    @property
    def cost(self) -> int:
        return self.profile.cost


@dataclass(frozen=True, slots=True, kw_only=True)
class Warband(Roster[Member]):
    """A validated Raiders warband (the kit's :class:`Roster` holds name, members, source)."""

    culture: str
    size: SizeModel

    @property
    def game_value(self) -> int:
        """The silver limit of the agreed game size."""
        return self.size.silver

    def warnings(self) -> list[str]:
        spare = self.game_value - self.cost
        return [f"{spare} silver unspent"] if spare >= 50 else []


def parse_list(
    data: Any, source: str, cat: Catalogue, lines: LineMap | None = None, ruleset: str = "raiders"
) -> Warband:
    """Validate list ``data`` (already parsed YAML) against the catalogue."""
    model, problems = read_list(WarbandListModel, data, source, lines, ruleset)
    problem = problems.problem

    if model.ruleset != ruleset:
        problem(f"must be {ruleset!r}", "ruleset")
    size = cat.sizes.get(model.size)
    if size is None:
        problems.unknown("game size", model.size, cat.sizes, "size",
                         extra=f" (known: {', '.join(cat.sizes)})")
    if model.culture not in cat.cultures:
        problems.unknown("culture", model.culture, cat.cultures, "culture")
    members: list[Member] = []
    for i, entry in enumerate(model.units):
        profile = problems.lookup("profile", cat.profiles, entry.profile, "units", i, "profile")
        if profile is None:
            continue
        if ANY_CULTURE not in profile.cultures and model.culture not in profile.cultures:
            problem(f"{profile.name} is not a unit of the {model.culture} culture"
                    f" (it serves {', '.join(sorted(profile.cultures))})", "units", i, "profile")
        figures = entry.figures if entry.figures is not None else profile.figures
        kind = cat.unit_types[profile.type]
        if kind.figures and figures not in kind.figures:
            allowed = " or ".join(str(n) for n in kind.figures)
            problem(f"a {kind.name} unit is {kind.composition}: {allowed} figures, not {figures}"
                    f" ({kind.rule})", "units", i, "figures")
        elif figures != profile.figures:
            problem(f"{profile.name} is a {profile.figures}-figure unit, not {figures}",
                    "units", i, "figures")
        if entry.veteran:  # a campaign unit's honours (HOUSE campaign rules)
            profile = dataclasses.replace(profile, **{
                stat: getattr(profile, stat) + gain for stat, gain in entry.veteran.items()})
        members.extend(Member(profile, figures, entry.name) for _ in range(entry.count))

    def count(*types: UnitType) -> int:
        return sum(1 for m in members if m.profile.type in types)

    n = len(members)
    if size is not None and not size.units_min <= n <= size.units_max:
        problem(f"{n} units; a {size.name} has {size.units_min}-{size.units_max}"
                " (raiders.listbuilding.warband_size)", "units")
    leads = count(UnitType.LEAD_RETINUE)
    if leads != 1:
        problem(f"{leads} Lead Retinues; a warband has exactly one"
                " (raiders.listbuilding.lead_retinue)", "units")
    casters = count(UnitType.MYSTIC, UnitType.BEASTMASTER)
    if casters > 2:
        problem(f"{casters} mystic units and beastmasters; at most two"
                " (raiders.listbuilding.mystic_unit)", "units")
    beasts = count(UnitType.BEAST)
    if beasts and not casters:
        problem(f"{beasts} beast unit(s) but no mystic unit or beastmaster to bring them"
                " (raiders.listbuilding.beast_unit)", "units")
    elif beasts > 2 * casters:
        problem(f"{beasts} beast units; at most two per mystic unit or beastmaster"
                f" ({2 * casters} here) (raiders.listbuilding.beast_unit)", "units")
    scouts = count(UnitType.SCOUTS)
    if scouts > 1:
        problem(f"{scouts} scoutmaster units; at most one (raiders.listbuilding.scouts_rangers)",
                "units")
    cost = sum(m.cost for m in members)
    if size is not None and cost > size.silver:
        detail = ", ".join(f"{m.profile.name} {m.cost}" for m in members)
        problem(f"total cost {cost} silver is over the {size.name} limit of {size.silver}"
                f" ({detail}) (raiders.listbuilding.restrictions)", "units")
    problems.raise_if_any()
    assert size is not None
    return Warband(name=model.name, culture=model.culture, size=size, members=tuple(members),
                   source=model.model_dump(mode="json", exclude_none=True))


def load_list(path: Path, cat: Catalogue, ruleset: str = "raiders") -> Warband:
    return load_list_file(path, lambda data, source, lines: parse_list(data, source, cat, lines,
                                                                         ruleset))
