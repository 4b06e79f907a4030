"""Army lists (a house format: the sheet has none): parsing, validation, the run-time
:class:`Army`.

Validation collects every violation before reporting: unknown army or profile (with the
closest known name), a profile of another army, a number of models outside the profile's
range, a frontage (``files``) for a unit that is not rank and file or wider than the unit, a
character attached to a unit that cannot take one or a non-character attached, not exactly one
general, and the points total over the agreed limit.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warband.content.errors import ContentError, Violation
from warband.content.yamlio import LineMap, line_for, load_yaml, validate_model
from warband.rulesets.armies.catalogue import Catalogue
from warband.rulesets.armies.models import ArmyListModel, Kind, ProfileModel

__all__ = ["Army", "CharacterSpec", "UnitSpec", "load_list", "parse_list"]


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


@dataclass(frozen=True, slots=True)
class Army:
    name: str
    army: str
    points: int
    units: tuple[UnitSpec, ...]
    source: Mapping[str, Any]

    @property
    def cost(self) -> int:
        return sum(u.cost for u in self.units)

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


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    return f"; did you mean {close[0]!r}?" if close else ""


def parse_list(data: Any, source: str, cat: Catalogue, lines: LineMap | None = None) -> Army:
    """Validate list ``data`` (parsed YAML) against the catalogue; every violation reported."""
    lines = lines or {}
    if isinstance(data, Mapping) and data.get("ruleset", "armies") != "armies":
        other = data["ruleset"]
        raise ContentError([Violation(
            source, f"this list is for ruleset {other!r}, not 'armies' (use --ruleset {other})",
            "ruleset", line_for(lines, ("ruleset",)))])
    model = validate_model(ArmyListModel, data, source, lines)
    problems: list[Violation] = []

    def problem(message: str, *loc: str | int) -> None:
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        problems.append(Violation(source, message, field, line_for(lines, loc)))

    if model.army not in cat.armies:
        problem(f"unknown army {model.army!r}{_suggest(model.army, cat.armies)}"
                f" (known: {', '.join(cat.armies)})", "army")

    def profile_of(pid: str, *loc: str | int) -> ProfileModel | None:
        profile = cat.profiles.get(pid)
        if profile is None:
            problem(f"unknown profile {pid!r}{_suggest(pid, sorted(cat.profiles))}", *loc)
        elif profile.army != model.army and model.army in cat.armies:
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
    if problems:
        raise ContentError(problems)
    return Army(model.name, model.army, model.points, tuple(units),
                model.model_dump(mode="json", exclude_none=True))


def load_list(path: Path, cat: Catalogue) -> Army:
    data, lines = load_yaml(path)
    return parse_list(data, str(path), cat, lines)
