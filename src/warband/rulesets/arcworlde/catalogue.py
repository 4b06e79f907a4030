"""Loading the ArcWorlde content files (profiles, equipment, traits, factions, scenarios,
Spells, the Narrative Feat menu).

The packaged ``content/`` folder is the default; a user can copy it, edit it and point the game
at the copy (``WARBAND_ARCWORLDE_CONTENT`` or the ``content`` game option). Every file is
validated by the pydantic models in :mod:`.models`; cross-references (a profile's equipment, a
trait, a faction) are checked too, and every problem is reported at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from warband.content.errors import Violation
from warband.content.yamlio import ContentReader
from warband.kit.content import CatalogueBase, ContentFolder, read_scenarios
from warband.rulesets.arcworlde.models import (
    Attack,
    Equipment,
    EquipmentFile,
    FactionModel,
    FactionsFile,
    Profile,
    ProfilesFile,
    ScenarioModel,
    TraitModel,
    TraitsFile,
)

if TYPE_CHECKING:
    from warband.rulesets.arcworlde.rules.narrative import NarrativeFeat
    from warband.rulesets.arcworlde.spells import SpellBook

__all__ = ["CONTENT", "Catalogue", "DEFAULT_CONTENT", "catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    """An ArcWorlde content folder, validated: Character profiles with their equipment
    resolved, the armoury, traits, factions and scenarios by id (the folder and the digest
    come from :class:`CatalogueBase`)."""

    #: Character profiles by id, their included equipment resolved (arcworlde.list.stat_profile)
    profiles: dict[str, Profile]
    #: the armoury by id (arcworlde.equipment.types)
    equipment: dict[str, Equipment]
    #: traits by id; a profile or item names them
    traits: dict[str, TraitModel]
    #: factions by id, with their allies and Commander limit (arcworlde.list.class.commander)
    factions: dict[str, FactionModel]
    #: scenarios by id (table, terrain, objectives, Victory Points)
    scenarios: dict[str, ScenarioModel]
    #: the Spells and who may cast them (``spells*.yaml``; arcworlde.magic.mages)
    spells: SpellBook
    #: the Narrative Feat menu (``narrative-feats*.yaml``; arcworlde.feat.narrative)
    narrative_feats: tuple[NarrativeFeat, ...]

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        """Read traits, factions, equipment, profiles and scenarios, in that order (the
        content digest follows it), and check every cross-reference."""
        problems = reader.problems
        traits_file, _ = reader.read(directory / "traits.yaml", TraitsFile)
        factions_file, _ = reader.read(directory / "factions.yaml", FactionsFile)
        equipment_file, _ = reader.read(directory / "equipment.yaml", EquipmentFile)
        profile_files = [
            (p, reader.read(p, ProfilesFile)[0]) for p in sorted(directory.glob("profiles*.yaml"))
        ]
        scenarios = read_scenarios(reader, directory, ScenarioModel)
        traits = {t.id: t for t in traits_file.traits} if isinstance(traits_file, TraitsFile) else {}
        factions = (
            {f.id: f for f in factions_file.factions}
            if isinstance(factions_file, FactionsFile) else {}
        )
        # Cross-references are checked only against files that loaded, so that one broken
        # file is reported once, not again by every profile that refers to it.
        traits_ok = isinstance(traits_file, TraitsFile)
        equipment_ok = isinstance(equipment_file, EquipmentFile)
        equipment: dict[str, Equipment] = {}
        if isinstance(equipment_file, EquipmentFile):
            src = str(directory / "equipment.yaml")
            for i, e in enumerate(equipment_file.equipment):
                for t in e.traits:
                    if traits_ok and t not in traits:
                        problems.append(Violation(src, f"unknown trait {t!r}", f"equipment[{i}].traits"))
                if e.id in equipment:
                    problems.append(Violation(src, f"duplicate equipment id {e.id!r}", f"equipment[{i}].id"))
                equipment[e.id] = Equipment(
                    e.id, e.name, e.kind, e.cost, e.weapon, e.armour, e.movement,
                    tuple(Attack.of(a, e.id) for a in e.attacks), frozenset(e.traits),
                    equipment_file.source,
                )
        profiles: dict[str, Profile] = {}
        for path, pf in profile_files:
            if not isinstance(pf, ProfilesFile):
                continue
            for i, p in enumerate(pf.profiles):
                where = f"profiles[{i}]"
                if p.id in profiles:
                    problems.append(Violation(str(path), f"duplicate profile id {p.id!r}", f"{where}.id"))
                if factions and p.faction not in factions:
                    problems.append(Violation(str(path), f"unknown faction {p.faction!r}", f"{where}.faction"))
                for t in p.traits:
                    if traits_ok and t not in traits:
                        problems.append(Violation(str(path), f"unknown trait {t!r}", f"{where}.traits"))
                gear = []
                for e_id in p.equipment:
                    if e_id not in equipment:
                        if not equipment_ok:
                            continue  # equipment.yaml itself is broken: reported above
                        problems.append(Violation(str(path), f"unknown equipment {e_id!r}", f"{where}.equipment"))
                    else:
                        gear.append(equipment[e_id])
                profiles[p.id] = Profile(
                    p.id, p.name, p.faction, p.cost, frozenset(p.classes), p.ap, p.movement,
                    p.bravery, p.hp, p.base, tuple(Attack.of(a, p.id) for a in p.attacks),
                    frozenset(p.traits), tuple(gear), pf.source,
                )
        # Spells and the Narrative Feat menu are read from the same folder (a user's copy
        # replaces them too), checked with everything else (every problem reported at load,
        # with file, line and field) and count in the content hash stored in records.
        from warband.rulesets.arcworlde.rules.narrative import read_feats_menu
        from warband.rulesets.arcworlde.spells import read_spell_book

        spells = read_spell_book(reader, directory, factions,
                                 profiles if all(isinstance(pf, ProfilesFile)
                                                 for _, pf in profile_files) else {})
        narrative_feats = read_feats_menu(reader, directory)
        if equipment_ok:
            for sid, scen in scenarios.items():
                for i, thing in enumerate(scen.items):
                    found = equipment.get(thing.item)
                    if found is None or found.kind != "item":
                        problems.append(Violation(
                            str(directory / "scenarios" / f"{sid}.yaml"),
                            f"{thing.item!r} is not an Item of the armoury", f"items[{i}].item"))
        return Catalogue(directory=directory, digest=reader.digest, profiles=profiles,
                         equipment=equipment, traits=traits, factions=factions, scenarios=scenarios,
                         spells=spells, narrative_feats=narrative_feats)


#: the content folder in use (``WARBAND_ARCWORLDE_CONTENT`` overrides the packaged one)
CONTENT = ContentFolder(DEFAULT_CONTENT, "WARBAND_ARCWORLDE_CONTENT", Catalogue.load)
#: ``catalogue(folder=None)``: the validated, cached catalogue of a content folder
catalogue = CONTENT.catalogue
