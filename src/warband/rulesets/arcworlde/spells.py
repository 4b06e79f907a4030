"""Spells: the content model of Spell lists and the run-time :class:`Spell` records.

Rule ids: ``arcworlde.magic.mages``, ``arcworlde.magic.casting``.

The core book names no Spells (they live in the Faction Rulesets), so the packaged
``content/spells-house.yaml`` is **house** data: a Spell list per faction and, for Characters
with Spells of their own (Swords for Hire), a list per profile. Each Spell has a level (the card
total needed) and one effect the engine knows how to play:

* ``damage``: a magical Attack of ``power`` dice on one visible enemy within ``range``;
* ``heal``: a friend (or the Mage) within ``range`` regains ``amount`` HP, never above its
  starting HP;
* ``move``: a friend (or the Mage) within ``range``, not in base contact with an enemy, moves
  up to ``amount`` inches at once (not its free movement);
* ``summon``: up to ``count`` Characters of the ``summon`` profile from the Mage's warband, held
  back at deployment, are placed within ``amount`` inches of the Mage (arcworlde.solo.magic:
  Summon Sprites);
* ``blast``: every enemy within ``radius`` inches of the Mage takes a magical Attack of
  ``power`` dice, with no line of sight needed and no Cover.

The files (``spells*.yaml``) are read and checked with the rest of the content folder
(:mod:`.catalogue`), so a user's copy of the folder replaces them like any other data, and a
mistake is reported with its file, line and field when the folder loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from warband.content.yamlio import ContentReader, field_name, line_for
from warband.kit.models import SLUG_PATTERN, Strict
from warband.rulesets.arcworlde.catalogue import Catalogue
from warband.rulesets.arcworlde.models import Attack, CharacterClass, Profile

__all__ = ["Spell", "SpellBook", "SpellModel", "SpellsFile", "read_spell_book", "spell_book"]

SpellEffect = Literal["damage", "heal", "move", "summon", "blast"]

#: the effects that need a target Character
TARGETED = frozenset({"damage", "heal", "move"})


class SpellModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN, max_length=60)
    name: str = Field(min_length=1, max_length=60)
    level: int = Field(ge=2, le=21, description="Card total needed to cast (arcworlde.magic.casting).")
    effect: SpellEffect
    range: float = Field(12.0, gt=0, le=48, description="Inches, base edge to base edge (targeted effects).")
    power: int = Field(0, ge=0, le=20, description="Power dice of a damage or blast Spell.")
    ignores_armour: bool = False
    fire: bool = Field(False, description="A fire Spell: +2 Power against Flammable targets "
                       "(arcworlde.trait.flammable, house).")
    amount: int = Field(0, ge=0, le=24, description="HP healed, inches moved, or summoning distance.")
    radius: float = Field(0.0, ge=0, le=24, description="Inches around the Mage (blast).")
    summon: str | None = Field(None, pattern=SLUG_PATTERN, description="Profile id summoned.")
    count: int = Field(1, ge=1, le=10, description="Characters summoned at most.")
    text: str = ""

    @model_validator(mode="after")
    def _effect_fields(self) -> SpellModel:
        if self.effect in ("damage", "blast") and self.power < 1:
            raise ValueError(f"a {self.effect} Spell needs a power of at least 1")
        if self.effect == "blast" and self.radius <= 0:
            raise ValueError("a blast Spell needs a radius")
        if self.effect in ("heal", "move", "summon") and self.amount < 1:
            raise ValueError(f"a {self.effect} Spell needs an amount of at least 1")
        if self.effect == "summon" and self.summon is None:
            raise ValueError("a summon Spell names the profile it summons")
        return self


class SpellsFile(Strict):
    source: Literal["book", "house"]
    note: str = ""
    spells: list[SpellModel]
    #: faction id -> Spell ids its Mages may cast
    lists: dict[str, list[str]] = Field(default_factory=dict)
    #: profile id -> Spell ids of that profile's own (Swords for Hire)
    profiles: dict[str, list[str]] = Field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Spell:
    id: str
    name: str
    level: int
    effect: str
    range: float
    power: int
    ignores_armour: bool
    fire: bool
    amount: int
    radius: float
    summon: str | None
    count: int
    source: str

    @property
    def targeted(self) -> bool:
        return self.effect in TARGETED

    def attack(self, flammable: bool = False) -> Attack:
        """The magical Attack of a damage or blast Spell (a fire Spell hits a Flammable
        target harder)."""
        from warband.rulesets.arcworlde.rules.creatures import FIRE_POWER

        power = self.power + (FIRE_POWER if self.fire and flammable else 0)
        return Attack(
            name=self.name, ap=None, power=power, range=self.range, shot="easy",
            crit_ignores_armour=False, ignores_armour=self.ignores_armour, crit_reduce_ap=0,
            crit_breaks_armour=False, crit_knocks_prone=False, charge_power=0, source=self.id,
        )


@dataclass(frozen=True)
class SpellBook:
    spells: dict[str, Spell]
    by_faction: dict[str, tuple[Spell, ...]]
    by_profile: dict[str, tuple[Spell, ...]]

    def known_by(self, profile: Profile) -> tuple[Spell, ...]:
        """The Spells a Character of ``profile`` may cast: none unless it is a Mage; its own
        faction's list (arcworlde.magic.mages: never an employer's list) and its own Spells."""
        if CharacterClass.MAGE not in profile.classes:
            return ()
        own = self.by_profile.get(profile.id, ())
        faction = self.by_faction.get(profile.faction, ())
        return (*faction, *(s for s in own if s not in faction))

    def summoned_profiles(self) -> frozenset[str]:
        return frozenset(s.summon for s in self.spells.values() if s.summon)

    @staticmethod
    def load(cat: Catalogue) -> SpellBook:
        """The Spells of a catalogue's content folder (read and checked with it)."""
        book: SpellBook = cat.spells
        return book


def read_spell_book(reader: ContentReader, directory: Path, factions: Mapping[str, Any],
                    profiles: Mapping[str, Any]) -> SpellBook:
    """Read every ``spells*.yaml`` of a content folder through ``reader`` (validation and
    the content digest) and check its cross-references: a summon's profile, the factions and
    profiles the lists name, the Spells they name, repeated ids. Each problem names the file,
    the line and the field; ``factions``/``profiles`` empty means their files did not load
    (already reported), so references to them are not checked."""
    spells: dict[str, Spell] = {}
    by_faction: dict[str, tuple[Spell, ...]] = {}
    by_profile: dict[str, tuple[Spell, ...]] = {}
    for path in sorted(directory.glob("spells*.yaml")):
        sf, lines = reader.read(path, SpellsFile)
        if not isinstance(sf, SpellsFile):
            continue
        src = str(path)

        def problem(message: str, *loc: str | int) -> None:
            reader.problem(src, message, field_name(loc), line_for(lines, loc))  # noqa: B023

        for i, s in enumerate(sf.spells):
            if s.id in spells:
                problem(f"duplicate spell id {s.id!r}", "spells", i, "id")
            if s.summon is not None and profiles and s.summon not in profiles:
                problem(f"unknown profile {s.summon!r}", "spells", i, "summon")
            spells[s.id] = Spell(
                s.id, s.name, s.level, s.effect, s.range, s.power, s.ignores_armour, s.fire,
                s.amount, s.radius, s.summon, s.count, sf.source,
            )
        for key, ids, known, table, kind in (
            ("lists", sf.lists, factions, by_faction, "faction"),
            ("profiles", sf.profiles, profiles, by_profile, "profile"),
        ):
            for owner, spell_ids in ids.items():
                if known and owner not in known:
                    problem(f"unknown {kind} {owner!r}", key, owner)
                for j, x in enumerate(spell_ids):
                    if x not in spells:
                        problem(f"unknown spell {x!r}", key, owner, j)
                table[owner] = (*table.get(owner, ()),
                                *(spells[x] for x in spell_ids if x in spells))
    return SpellBook(spells, by_faction, by_profile)


def spell_book(cat: Catalogue) -> SpellBook:
    """The Spells of the catalogue's content folder (read, checked and cached with it)."""
    return SpellBook.load(cat)
