"""Army lists (a house format: the sheet has none): parsing, validation, the run-time
:class:`Army`.

Validation collects every violation before reporting: unknown army or profile (with the
closest known name), a profile of another army, a number of models outside the profile's
range, a frontage (``files``) for a unit that is not rank and file or wider than the unit, a
character attached to a unit that cannot take one or a non-character attached, not exactly one
general, and the points total over the agreed limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, read_list
from warband.rulesets.armies.catalogue import Catalogue
from warband.rulesets.armies.models import ArmyListModel, Kind, ProfileModel

__all__ = ["Army", "CharacterSpec", "UnitSpec", "parse_list"]


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    profile: ProfileModel
    name: str
    general: bool


@dataclass(frozen=True, slots=True)
class UnitSpec:
    profile: ProfileModel
    name: str
    models: int
    files: int
    characters: tuple[CharacterSpec, ...]
    general: bool

    @property
    def cost(self) -> int:
        return self.profile.cost * self.models + sum(c.profile.cost for c in self.characters)


@dataclass(frozen=True, slots=True, kw_only=True)
class Army(Roster[UnitSpec]):
    """A validated army: its units (``members``), army and agreed points limit."""

    army: str
    points: int

    @property
    def units(self) -> tuple[UnitSpec, ...]:
        return self.members

    @property
    def game_value(self) -> int:
        """The agreed points limit."""
        return self.points

    def warnings(self) -> list[str]:
        spare = self.points - self.cost
        return [f"{spare} points unspent"] if spare >= 50 else []


def default_files(profile: ProfileModel, models: int) -> int:
    """House frontage when a list gives none: a RaF unit five wide (fewer if smaller);
    skirmishers and single models one "file" per model."""
    if profile.formation == "raf":
        return min(models, 5)
    return models


def parse_list(data: Any, source: str, cat: Catalogue, lines: LineMap | None = None,
               ruleset: str = "armies") -> Army:
    """Validate list ``data`` (parsed YAML) against the catalogue; every violation reported."""
    model, problems = read_list(ArmyListModel, data, source, lines, ruleset)
    problem = problems.problem

    if model.army not in cat.armies:
        problems.unknown("army", model.army, cat.armies, "army",
                         extra=f" (known: {', '.join(cat.armies)})")

    def profile_of(pid: str, *loc: str | int) -> ProfileModel | None:
        profile = problems.lookup("profile", cat.profiles, pid, *loc)
        if profile is not None and profile.army != model.army and model.army in cat.armies:
            problem(f"{profile.name} serves the {profile.army} army, not {model.army}", *loc)
        return profile

    units: list[UnitSpec] = []
    generals = 0
    for i, entry in enumerate(model.units):
        profile = profile_of(entry.profile, "units", i, "profile")
        chars: list[CharacterSpec] = []
        for j, ch in enumerate(entry.characters):
            cp = profile_of(ch.profile, "units", i, "characters", j, "profile")
            generals += ch.general
            if cp is None:
                continue
            if cp.kind != Kind.CHARACTER:
                problem(f"{cp.name} is not a character and cannot join a unit",
                        "units", i, "characters", j, "profile")
            chars.append(CharacterSpec(cp, ch.name or cp.name, ch.general))
        generals += entry.general
        if profile is None:
            continue
        if not profile.min_models <= entry.models <= profile.max_models:
            problem(f"{profile.name} field {profile.min_models}-{profile.max_models} models,"
                    f" not {entry.models}", "units", i, "models")
        if entry.files is not None and profile.formation != "raf":
            problem(f"{profile.name} are not rank and file; 'files' applies to RaF units only",
                    "units", i, "files")
        elif entry.files is not None and entry.files > entry.models:
            problem(f"{entry.files} files is wider than the unit's {entry.models} models",
                    "units", i, "files")
        if entry.characters and profile.formation == "single":
            problem(f"characters cannot join {profile.name} (a single model)",
                    "units", i, "characters")
        if entry.general and profile.kind != Kind.CHARACTER:
            problem("only a character can be the general", "units", i, "general")
        files = entry.files or default_files(profile, entry.models)
        units.append(UnitSpec(profile, entry.name or profile.name, entry.models, files,
                              tuple(chars), entry.general))
    if generals != 1:
        problem(f"{generals} generals; an army has exactly one (house rule)", "units")
    cost = sum(u.cost for u in units)
    if cost > model.points:
        detail = ", ".join(f"{u.name} {u.cost}" for u in units)
        problem(f"total cost {cost} points is over the limit of {model.points} ({detail})",
                "units")
    problems.raise_if_any()
    return Army(name=model.name, members=tuple(units), source=model.model_dump(mode="json",
                exclude_none=True), army=model.army, points=model.points)
