"""Loading the Armies of Arcana content: house profiles, spells and scenarios.

The packaged ``content/`` folder is the default; a user can copy it, edit it and point the game
at the copy (``WARBAND_ARMIES_CONTENT``). Files are validated by :mod:`.models`; cross-references
(a caster's spells) are checked too, and every problem is reported at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from warband.content.yamlio import ContentReader, line_for
from warband.rulesets.armies.models import (
    ProfileModel,
    ProfilesFile,
    ScenarioModel,
    SpellModel,
    SpellsFile,
)

__all__ = ["Catalogue", "DEFAULT_CONTENT", "catalogue", "load_catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")
ENV_VAR = "WARBAND_ARMIES_CONTENT"


@dataclass(frozen=True)
class Catalogue:
    directory: Path
    profiles: dict[str, ProfileModel]
    spells: dict[str, SpellModel]
    scenarios: dict[str, ScenarioModel]
    digest: str

    @property
    def armies(self) -> list[str]:
        return sorted({p.army for p in self.profiles.values()})


def load_catalogue(directory: Path) -> Catalogue:
    reader = ContentReader()
    profiles_file, plines = reader.read(directory / "profiles.yaml", ProfilesFile)
    spells_file, _ = reader.read(directory / "spells.yaml", SpellsFile)
    scenarios: dict[str, ScenarioModel] = {}
    for path in sorted((directory / "scenarios").glob("*.yaml")):
        scenario, _ = reader.read(path, ScenarioModel)
        if scenario is not None:
            scenarios[scenario.id] = scenario
    profiles = {p.id: p for p in profiles_file.profiles} if profiles_file else {}
    spells = {s.id: s for s in spells_file.spells} if spells_file else {}
    source = str(directory / "profiles.yaml")
    if profiles_file is not None:
        for i, p in enumerate(profiles_file.profiles):
            for spell in p.caster.spells if p.caster else ():
                if spells_file is not None and spell not in spells:
                    reader.problem(source, f"unknown spell {spell!r}", f"profiles[{i}].caster",
                                   line_for(plines, ("profiles", i, "caster")))
            if p.min_models > p.max_models:
                reader.problem(source, "min_models is over max_models", f"profiles[{i}]",
                               line_for(plines, ("profiles", i)))
    reader.raise_if_problems()
    return Catalogue(directory, profiles, spells, scenarios, reader.digest)


@lru_cache(maxsize=4)
def _cached(directory: str) -> Catalogue:
    return load_catalogue(Path(directory))


def catalogue() -> Catalogue:
    """The content in use: ``$WARBAND_ARMIES_CONTENT`` or the packaged folder."""
    return _cached(os.environ.get(ENV_VAR) or str(DEFAULT_CONTENT))
