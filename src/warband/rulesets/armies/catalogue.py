"""Loading the Armies of Arcana content: house profiles, spells and scenarios.

The packaged ``content/`` folder is the default; a user can copy it, edit it and point the game
at the copy (``WARBAND_ARMIES_CONTENT``). Files are validated by :mod:`.models`; cross-references
(a caster's spells, a profile's model range) are checked too, and every problem is reported at
once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from warband.content.yamlio import ContentReader, line_for
from warband.kit.content import CatalogueBase, ContentFolder, index_unique, read_scenarios
from warband.rulesets.armies import models as m

__all__ = ["CONTENT", "Catalogue", "DEFAULT_CONTENT", "catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    """An Armies of Arcana content folder, validated and cross-checked."""

    profiles: dict[str, m.ProfileModel]
    spells: dict[str, m.SpellModel]
    scenarios: dict[str, m.ScenarioModel]

    @property
    def armies(self) -> list[str]:
        return sorted({p.army for p in self.profiles.values()})

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        """Read and cross-check the folder's files (in a fixed order: the digest follows it)."""
        profiles_path = directory / "profiles.yaml"
        profiles_file, plines = reader.read(profiles_path, m.ProfilesFile)
        spells_file, _ = reader.read(directory / "spells.yaml", m.SpellsFile)
        scenarios = read_scenarios(reader, directory, m.ScenarioModel)
        profiles = index_unique(profiles_file.profiles if profiles_file else [], lambda p: p.id,
                                str(profiles_path), "profiles", reader.problems)
        spells = index_unique(spells_file.spells if spells_file else [], lambda s: s.id,
                              str(directory / "spells.yaml"), "spells", reader.problems)
        for i, p in enumerate(profiles_file.profiles if profiles_file else []):
            for spell in p.caster.spells if p.caster else ():
                if spells_file is not None and spell not in spells:
                    reader.problem(str(profiles_path), f"unknown spell {spell!r}",
                                   f"profiles[{i}].caster",
                                   line_for(plines, ("profiles", i, "caster")))
            if p.min_models > p.max_models:
                reader.problem(str(profiles_path), "min_models is over max_models",
                               f"profiles[{i}]", line_for(plines, ("profiles", i)))
        return Catalogue(directory=directory, digest=reader.digest, profiles=profiles,
                         spells=spells, scenarios=scenarios)


CONTENT = ContentFolder(DEFAULT_CONTENT, "WARBAND_ARMIES_CONTENT", Catalogue.load)
catalogue = CONTENT.catalogue
