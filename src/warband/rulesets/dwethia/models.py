"""Dwethia Heroes content models: pydantic models for every content file (they validate the
YAML and export JSON Schemas) and the frozen run-time records the game reads.

Rule ids: ``dwethia.profile.format`` (the stat line), ``dwethia.list.race_class_faction``,
``dwethia.list.base_sizes``, ``dwethia.list.fluctuating_bases``,
``dwethia.shoot.weapon_profile``, ``dwethia.terrain.keywords``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from warband.kit.models import ContentFile, Strict

__all__ = [
    "STAT_NAMES", "ArenaModel", "ClassModel", "ClassesFile", "FactionModel", "FactionsFile",
    "ForceModel", "ModelEntry", "ObjectivesFile", "PowerModel", "PowersFile", "Profile",
    "RaceModel", "RacesFile", "TerrainKind", "TerrainFile", "UnitType", "WargearFile",
    "WargearModel", "BASE_BANDS", "DEFAULT_BASE", "SCHEMAS", "footprint_for",
]

#: the stat line (dwethia.profile.format), Movement included
STAT_NAMES = ("movement", "martial", "perception", "strength", "defense", "aggression",
              "wounds", "integrity", "destiny", "faith", "affinity")


_Model = Strict


class UnitType(StrEnum):
    """Model types and their base letters (dwethia.list.base_identification)."""

    BASIC = "basic"
    HERO = "hero"
    RELIGIOUS = "religious"
    MONSTER = "monster"
    TITAN = "titan"


#: standard base diameter in mm (dwethia.list.base_sizes)
DEFAULT_BASE = {UnitType.BASIC: 32, UnitType.HERO: 40, UnitType.RELIGIOUS: 40,
                UnitType.MONSTER: 50, UnitType.TITAN: 100}
#: allowed base range in mm (dwethia.list.fluctuating_bases; religious elites use the heroes'
#: band, Titanic's printed "90m" read as 90mm)
BASE_BANDS = {UnitType.BASIC: (20, 32), UnitType.HERO: (20, 40), UnitType.RELIGIOUS: (20, 40),
              UnitType.MONSTER: (40, 70), UnitType.TITAN: (90, 170)}


def footprint_for(base_mm: int) -> int:
    """Spaces a base covers along each side (dwethia.core.spaces default mapping): up to 40mm
    one space, up to 70mm a 2 x 2 block, larger bases one space per full inch (100mm: 4 x 4)."""
    if base_mm <= 40:
        return 1
    if base_mm <= 70:
        return 2
    return max(3, round(base_mm / 25.4))


Stat = int


class StatLine(_Model):
    movement: Stat = Field(0, ge=-20, le=30)
    martial: Stat = Field(0, ge=-20, le=30)
    perception: Stat = Field(0, ge=-20, le=30)
    strength: Stat = Field(0, ge=-20, le=30)
    defense: Stat = Field(0, ge=-20, le=30)
    aggression: Stat = Field(0, ge=-20, le=30)
    wounds: Stat = Field(0, ge=-20, le=30)
    integrity: Stat = Field(0, ge=-20, le=30)
    destiny: Stat = Field(0, ge=-20, le=30)
    faith: Stat = Field(0, ge=-20, le=30)
    affinity: Stat = Field(0, ge=-20, le=30)


class RaceModel(_Model):
    name: str
    cost: int = Field(ge=0, le=1000)
    stats: StatLine


class RacesFile(ContentFile):
    races: dict[str, RaceModel]


class ClassModel(_Model):
    name: str
    type: UnitType
    cost: int = Field(ge=0, le=1000)
    modifiers: StatLine = StatLine()
    carries: list[Literal["melee", "ranged", "shield", "armour", "cloak", "grenade"]]
    powers: list[str] = []
    #: Affinity powers it may declare in one Shoot phase (dwethia.magic.multi_cast; house data)
    casts: int = Field(1, ge=1, le=3)
    #: unique Affinity actions on its profile (dwethia.magic.affinity_actions; house data)
    affinity_actions: list[Literal["surge"]] = []


class ClassesFile(ContentFile):
    classes: dict[str, ClassModel]


class Band(_Model):
    min: int = Field(ge=0, le=50)
    max: int = Field(ge=0, le=50)


class FactionModel(_Model):
    name: str
    modifiers: StatLine = StatLine()
    composition: dict[UnitType, Band]
    classes: list[str]
    races: list[str]
    shoot_into_combat: bool = True
    traits: list[Literal["ignore_wounds_6"]] = []
    #: faction Destiny actions (dwethia.destiny.special_actions)
    destiny_actions: list[Literal["reposition"]] = []


class FactionsFile(ContentFile):
    factions: dict[str, FactionModel]


Keyword = Literal["arc", "light", "quick_shot", "blast_1", "blast_2", "grenade", "black_sun"]


class WargearModel(_Model):
    name: str
    kind: Literal["melee", "ranged", "shield", "armour", "cloak", "grenade"]
    cost: int = Field(ge=0, le=1000)
    strength: int = Field(0, ge=-10, le=20)
    reach: int = Field(1, ge=1, le=3)
    range: int = Field(0, ge=0, le=100)
    penalty: Literal["none", "half", "full"] = "none"
    shots: int = Field(1, ge=1, le=6)
    keywords: list[Keyword] = []
    save: int | None = Field(None, ge=2, le=6)
    source: Literal["book", "house"] = "house"


class WargearFile(ContentFile):
    wargear: dict[str, WargearModel]


class SummonModel(_Model):
    """The model a summoning power brings into the game (dwethia.objective.summoners_war):
    built like a force's model, race + class + the caster's faction."""

    name: str
    race: str
    class_: str = Field(alias="class")
    wargear: list[str] = []


class PowerModel(_Model):
    name: str
    cost: int = Field(ge=0, le=20)
    range: int = Field(ge=1, le=100)
    effect: Literal["bolt", "corrupt", "mend", "summon"]
    strength: int = Field(0, ge=0, le=20)
    #: ``self``: the caster itself (a summoning places its model next to the caster)
    target: Literal["enemy", "friend", "self"]
    summons: SummonModel | None = None


class PowersFile(ContentFile):
    powers: dict[str, PowerModel]


class TerrainKind(_Model):
    name: str
    elevation: int = Field(0, ge=-10, le=20)
    difficult: bool = False
    impassable: bool = False
    cover: int = Field(0, ge=0, le=5)
    blocks_sight: bool = False
    shoot_from_cover: bool = False
    #: a model may climb onto it from more than one level below (dwethia.move.incline);
    #: sheer walls (false) are reached only by stairs or from a level at most one below
    climbable: bool = True


class TerrainFile(ContentFile):
    terrain: dict[str, TerrainKind]


class ObjectiveModel(_Model):
    name: str
    trackable: bool = True


class ObjectivesFile(ContentFile):
    objectives: dict[str, ObjectiveModel]


class PieceModel(_Model):
    kind: str
    name: str | None = None
    x: int = Field(ge=0, le=200)
    y: int = Field(ge=0, le=200)
    w: int = Field(ge=1, le=200)
    h: int = Field(ge=1, le=200)
    elevation: int | None = Field(None, ge=-10, le=20)


class ArenaModel(ContentFile):
    name: str
    size: int = Field(ge=12, le=96)
    pieces: list[PieceModel]
    marker_spots: dict[Literal["sw", "se", "nw", "ne"], list[tuple[int, int]]]


class BoxPiece(_Model):
    """One kind of piece in the terrain box players place from (dwethia.setup.terrain): its
    parts as rectangles relative to the piece's south-west corner, and how many the box holds."""

    name: str
    count: int = Field(1, ge=1, le=10)
    parts: list[PieceModel] = Field(min_length=1)

    @property
    def width(self) -> int:
        return max(p.x + p.w for p in self.parts)

    @property
    def depth(self) -> int:
        return max(p.y + p.h for p in self.parts)


class TerrainBoxFile(ContentFile):
    """The pieces players place one at a time, in turn (house data, dwethia.setup.terrain):
    the table's size, the strip along the two entry edges kept clear (``margin``), the space
    kept free around every piece (``spacing``) and the grid the corners snap to (``snap``)."""

    size: int = Field(ge=12, le=96)
    margin: int = Field(3, ge=0, le=12)
    spacing: int = Field(1, ge=0, le=6)
    snap: int = Field(2, ge=1, le=6)
    pieces: dict[str, BoxPiece]


class ModelEntry(_Model):
    """One model of a force: its race, class and wargear (dwethia.list.building_force)."""

    name: str = Field(min_length=1, max_length=60)
    race: str
    class_: str = Field(alias="class")
    wargear: list[str] = []
    base_mm: int | None = Field(None, ge=10, le=300)
    leader: bool = False
    #: a campaign squad's lasting changes to the stat line, from the Scars and Glory table
    #: after its battles (dwethia.campaign.scars_and_glory; warband.rulesets.dwethia.campaign)
    scars_and_glory: StatLine | None = None


class ForceModel(_Model):
    """A force list file."""

    ruleset: Literal["dwethia"] = "dwethia"
    name: str = Field(min_length=1, max_length=80)
    faction: str
    points: int = Field(ge=1, le=10000, description="the agreed point limit (60 / 150 / 300 ...)")
    models: list[ModelEntry] = Field(min_length=1, max_length=30)


#: the models ``warband schema`` exports (dwethia-<key>.schema.json)
SCHEMAS: dict[str, type[BaseModel]] = {
    "force": ForceModel, "races": RacesFile, "classes": ClassesFile, "factions": FactionsFile,
    "wargear": WargearFile, "powers": PowersFile, "terrain": TerrainFile, "arena": ArenaModel,
    "objectives": ObjectivesFile,
}


# ------------------------------------------------------------------- run-time records
@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    kind: str
    strength: int
    reach: int
    range: int
    penalty: str
    keywords: frozenset[str]
    shots: int = 1

    @property
    def blast(self) -> int:
        return 2 if "blast_2" in self.keywords else 1 if "blast_1" in self.keywords else 0


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    cost: int
    range: int
    effect: str
    strength: int
    target: str
    #: a summoning power's model (race, class, wargear, name)
    summons: SummonModel | None = None


@dataclass(frozen=True, slots=True)
class Profile:
    """A finished model profile: race stats + class + faction modifiers, its wargear."""

    name: str
    race: str
    cls: str
    type: UnitType
    base_mm: int
    stats: dict[str, int]
    cost: int
    melee: Weapon
    ranged: tuple[Weapon, ...]
    save: int | None
    shield: bool
    cloak: bool
    powers: tuple[Power, ...]
    ignore_wounds: bool
    leader: bool
    destiny_actions: tuple[str, ...] = ()
    casts: int = 1  # dwethia.magic.multi_cast
    affinity_actions: tuple[str, ...] = ()  # dwethia.magic.affinity_actions

    @property
    def size(self) -> int:
        return footprint_for(self.base_mm)
