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

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warband.content.errors import ContentError, Violation
from warband.content.yamlio import LineMap, line_for, load_yaml, validate_model
from warband.rulesets.raiders.catalogue import ANY_CULTURE, Catalogue
from warband.rulesets.raiders.models import Profile, SizeModel, UnitType, WarbandListModel

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


@dataclass(frozen=True, slots=True)
class Warband:
    name: str
    culture: str
    size: SizeModel
    members: tuple[Member, ...]
    source: Mapping[str, Any]  # the list as validated, stored in game records

    @property
    def cost(self) -> int:
        return sum(m.cost for m in self.members)

    @property
    def game_value(self) -> int:
        """The silver limit of the agreed game size."""
        return self.size.silver

    def warnings(self) -> list[str]:
        spare = self.game_value - self.cost
        return [f"{spare} silver unspent"] if spare >= 50 else []


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    return f"; did you mean {close[0]!r}?" if close else ""


def parse_list(
    data: Any, source: str, cat: Catalogue, lines: LineMap | None = None, ruleset: str = "raiders"
) -> Warband:
    """Validate list ``data`` (already parsed YAML) against the catalogue."""
    lines = lines or {}
    if isinstance(data, Mapping) and "ruleset" in data and data["ruleset"] != ruleset:
        other = data["ruleset"]
        raise ContentError([Violation(
            source, f"this list is for ruleset {other!r}, not {ruleset!r} (use --ruleset {other})",
            "ruleset", line_for(lines, ("ruleset",)),
        )])
    model = validate_model(WarbandListModel, data, source, lines)
    problems: list[Violation] = []

    def problem(message: str, *loc: str | int) -> None:
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        problems.append(Violation(source, message, field, line_for(lines, loc)))

    if model.ruleset != ruleset:
        problem(f"must be {ruleset!r}", "ruleset")
    size = cat.sizes.get(model.size)
    if size is None:
        problem(f"unknown game size {model.size!r}{_suggest(model.size, sorted(cat.sizes))}"
                f" (known: {', '.join(cat.sizes)})", "size")
    if model.culture not in cat.cultures:
        problem(f"unknown culture {model.culture!r}{_suggest(model.culture, sorted(cat.cultures))}",
                "culture")
    members: list[Member] = []
    for i, entry in enumerate(model.units):
        profile = cat.profiles.get(entry.profile)
        if profile is None:
            problem(f"unknown profile {entry.profile!r}{_suggest(entry.profile, sorted(cat.profiles))}",
                    "units", i, "profile")
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
    if problems:
        raise ContentError(problems)
    assert size is not None
    return Warband(model.name, model.culture, size, tuple(members),
                   model.model_dump(mode="json", exclude_none=True))


def load_list(path: Path, cat: Catalogue, ruleset: str = "raiders") -> Warband:
    data, lines = load_yaml(path)
    return parse_list(data, str(path), cat, lines, ruleset)
