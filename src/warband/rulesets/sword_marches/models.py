"""Pydantic models of The Sword Marches content files and Warband Musters (validated at the
edge), and the frozen records the game uses at run time.

The book's TABLES are a separate document we do not have (sm.core.missing_tables): the weapon
profiles, the Warlord Chronicle Table, the Warband Organization Table, the Tactical Pool tables,
the rating costs, the Traits Table and the Inborn Arsenal Table are HOUSE data in ``content/``
(each file says so in its header; the reasoning is in docs/rulesets/sword-marches.md). Costs
the book prints (every weapon, armour and Trait it prices) are the book's.

Rule ids: ``sm.muster.*``, ``sm.gear.*``, ``sm.geartrait.*``, ``sm.item.*``, ``sm.trait.*``,
``sm.archetype.*``, ``sm.faction.*``, ``sm.stronghold.*``, ``sm.origin.*``,
``sm.scenario.adventures``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from warband.kit.models import ContentFile, Strict
from warband.kit.models import TerrainModel as KitTerrainModel

__all__ = [
    "ARCHETYPES",
    "FACTIONS",
    "RIVALS",
    "STRONGHOLDS",
    "AdventureModel",
    "ArmourModel",
    "GearFile",
    "GearTrait",
    "ModelEntry",
    "ModelType",
    "MusterModel",
    "Origin",
    "Ratings",
    "StageModel",
    "TablesFile",
    "TraitModel",
    "TraitsFile",
    "Weapon",
    "WeaponModel",
]

ID = r"^[a-z][a-z0-9_]*$"


class ModelType(StrEnum):
    """sm.modeltype.warlord, sm.modeltype.champion, sm.modeltype.warrior."""

    WARLORD = "warlord"
    CHAMPION = "champion"
    WARRIOR = "warrior"


class Origin(StrEnum):
    """sm.origin.overview: Human, Demi-Human, Supernatural."""

    HUMAN = "human"
    DEMI_HUMAN = "demi_human"
    SUPERNATURAL = "supernatural"


#: the sub-type each Origin must choose (sm.origin.human_background, sm.origin.demi_human,
#: sm.origin.supernatural)
SUBTYPES: dict[Origin, tuple[str, ...]] = {
    Origin.HUMAN: ("athletic", "imperious", "tough"),
    Origin.DEMI_HUMAN: ("feral", "graceful", "stout"),
    Origin.SUPERNATURAL: ("avatar", "mystic", "soldier"),
}

#: sm.archetype.selection: the twelve Warlord Archetypes
ARCHETYPES = (
    "battle_sage", "chosen_one", "cunning_barbarian", "eldritch_master", "far_traveler",
    "fearsome_adversary", "grizzled_veteran", "mercenary_captain", "outland_marauder",
    "promised_messiah", "relentless_crusader", "vengeful_revenant",
)
#: sm.faction.selection: the six Factions
FACTIONS = ("fighting_companies", "guilders", "lords_of_entropy", "march_wardens",
            "reliquarians", "regency", "wold_walkers")
#: each Faction's Rival (sm.faction.*); Fighting Companies are rivals of each other
RIVALS = {
    "fighting_companies": "fighting_companies", "guilders": "wold_walkers",
    "wold_walkers": "guilders", "lords_of_entropy": "march_wardens",
    "march_wardens": "lords_of_entropy", "reliquarians": "regency", "regency": "reliquarians",
}
#: sm.stronghold.selection: the seven Stronghold types
STRONGHOLDS = ("maritime", "mercantile", "mercenary", "military", "monastic", "municipal",
               "mystical")


class GearTrait(StrEnum):
    """Gear Traits (sm.geartrait.*) a weapon or piece of armour may carry."""

    TWO_HANDS = "two_hands"
    ENTANGLE = "entangle"
    FATIGUE = "fatigue"
    FLAIL = "flail"
    HEAVY = "heavy"
    HELMET = "helmet"
    IMPACT = "impact"
    LIGHT = "light"
    PENETRATING = "penetrating"
    PIERCING = "piercing"
    QUICK = "quick"
    RIPOSTE = "riposte"
    SCARCE = "scarce"
    SHIELD = "shield"
    SILENT = "silent"
    SLOW = "slow"
    SMALL = "small"
    THROWN = "thrown"
    UNWIELDY = "unwieldy"
    VERSATILE = "versatile"
    VICIOUS = "vicious"
    POISON = "poison"
    #: Source Traits a weapon may carry (sm.trait.source_traits: Gear Traits identical to
    #: Source Traits are interchangeable); only the house weapons carry them
    COLD = "cold"
    ASCENDANT = "ascendant"


# ------------------------------------------------------------------------- gear (house profiles)
class WeaponModel(Strict):
    """A Weapon Profile (sm.gear.weapon_profile): Reach 0-3 (4 for a Ranged Weapon used in
    close combat) or an Effective Range over 3; Rate of Fire or ``C`` (close combat: the
    model's Base Attacks); Base Damage."""

    id: str = Field(pattern=ID, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    rule: str = Field(pattern=r"^(sm\.item\.[a-z_]+|house)$",
                      description="the book's item id, or 'house' for a weapon it does not list")
    reach: int = Field(ge=0, le=4, description="Weapon Reach in close combat (0-3; 4 ranged)")
    range: int | None = Field(None, ge=4, le=48, description="Effective Range (Ranged Weapons)")
    rof: int | None = Field(None, ge=1, le=6, description="Rate of Fire; omitted for C")
    dmg: int = Field(ge=0, le=10, description="Base Damage (DMG)")
    traits: list[GearTrait] = Field(default_factory=list)
    cost: int = Field(ge=0, le=500, description="Silver Pieces (the book's price)")

    @model_validator(mode="after")
    def _profile_shape(self) -> WeaponModel:
        if (self.range is None) != (self.rof is None):
            raise ValueError("a Ranged Weapon has both range and rof; a close combat one neither")
        if self.range is None and self.reach > 3:
            raise ValueError("no close combat Weapon has a Reach over 3 (sm.gear.weapon_profile)")
        return self


class ArmourModel(Strict):
    """Armor, Shields and Helmets (sm.gear.armor_shields)."""

    id: str = Field(pattern=ID, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    rule: str = Field(pattern=r"^sm\.item\.[a-z_]+$")
    kind: Literal["armor", "shield", "helmet"]
    arm: int = Field(ge=0, le=10)
    traits: list[GearTrait] = Field(default_factory=list)
    cost: int = Field(ge=0, le=500)


class GearFile(ContentFile):
    weapons: list[WeaponModel]
    armour: list[ArmourModel]
    extra_rations_cost: int = Field(5, ge=0, le=100, description="SP per model (sm.item.extra_rations)")


# ------------------------------------------------------------------------- traits
class TraitModel(Strict):
    """A Trait (sm.trait.*): its list, its price, whether it stacks, who may take it."""

    id: str = Field(pattern=ID, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    rule: str = Field(pattern=r"^sm\.trait\.[a-z_]+$")
    category: Literal["core", "martial", "inborn", "arcanum", "faction"]
    #: the Cascade Trait whose sub-list holds this Trait (vocation, exploit, monstrous, undead)
    cascade: str | None = Field(None, pattern=ID)
    #: this Trait is itself a Cascade Trait (the gateway to a sub-list)
    gateway: bool = False
    faction: str | None = None
    stackable: bool = False
    cost: int = Field(ge=0, le=200, description="SP at hire (+1 level for a Stackable Trait)")
    #: the EXP price of the +2 and +3 levels (an Apprenticeship pays the +2 price in SP)
    level_costs: list[int] = Field(default_factory=list, max_length=2)
    cost_source: Literal["book", "house"] = "book"
    only: list[ModelType] = Field(default_factory=list, description="model types allowed")


class TraitsFile(Strict):
    source: Literal["book+house"]
    traits: list[TraitModel]


# ------------------------------------------------------------------------- tables (house)
class Ratings(Strict):
    cbt: int = Field(ge=1, le=7, description="Combat")
    cmd: int = Field(ge=1, le=7, description="Command")
    con: int = Field(ge=1, le=7, description="Constitution")


class StageModel(Strict):
    """A row of the (house) Warlord Chronicle Table (sm.campaign.chronicle_stages)."""

    id: Literal["upstart", "blooded", "legend"]
    name: str
    silver: int = Field(ge=50, le=5000)
    board: tuple[int, int]
    rating_max: dict[ModelType, Ratings]


class PoolRow(Strict):
    """Tactical Pool Table row: warbands up to ``models`` models; tokens by Warlord CMD 1-7."""

    models: int = Field(ge=1, le=40)
    by_cmd: list[int] = Field(min_length=7, max_length=7)


class WoundedPoolRow(Strict):
    models: int = Field(ge=0, le=40)
    tokens: int = Field(ge=0, le=40)


class ArsenalModel(Strict):
    """An Inborn Arsenal Table entry (Monstrous Hide Augmentations)."""

    id: str = Field(pattern=ID)
    name: str
    arm: int = Field(ge=0, le=10)
    cost: int = Field(ge=0, le=200)


class TablesFile(ContentFile):
    stages: list[StageModel]
    #: SP for a Rating at each value 1-7 (the same price for CBT, CMD and CON)
    rating_cost: list[int] = Field(min_length=7, max_length=7)
    #: SP to hire each model type on top of its Ratings
    type_cost: dict[ModelType, int]
    tactical_pool: list[PoolRow]
    wounded_warlord_pool: list[WoundedPoolRow]
    inborn_arsenal: list[ArsenalModel] = Field(default_factory=list)
    base_mm: int = Field(25, ge=10, le=100)


# ------------------------------------------------------------------------- adventures (house)
class TerrainModel(KitTerrainModel):
    """A terrain piece (sm.terrain.*): Open, Difficult or Impassable ground; ``area``: Area
    Terrain (Difficult, conceals what is wholly inside, the 2" sight rule); ``cover``: made of
    durable stuff (wood, stone, metal), so it gives Cover; ``blocks_sight``: a building, a
    rock. ``obstacle``: a wall, hedge or fence at most 1.5" wide, whose ``height`` sets how it
    is crossed (sm.terrain.obstacles: up to 1" Open Ground, up to 2" crossed from touching it,
    higher only by a Climb) and seen past (sm.terrain.obstacle_los); its ``kind`` is then
    ignored. ``platform``: raised ground (a rooftop, a scaffold, a ledge) whose flat top
    stands ``height`` inches above the table: models stand on it, reach it by a Climb, leave
    it by dropping or a Jump (sm.action.jump, sm.terrain.jump_down, sm.terrain.jump_gap)."""

    area: bool = False
    obstacle: bool = False
    platform: bool = False
    height: float = Field(0.0, ge=0.0, le=10.0,
                          description="an Obstacle's or a platform's height, inches")


class ZoneModel(Strict):
    x0: float
    y0: float
    x1: float
    y1: float


class AdventureModel(Strict):
    """A house Adventure using the book's Intruder and Sentry roles (sm.scenario.adventures,
    sm.orders.first_turn)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    width: int = Field(ge=24, le=72)
    height: int = Field(ge=24, le=72)
    turns: int = Field(ge=1, le=20)
    intruder_zone: ZoneModel
    sentry_zone: ZoneModel
    #: points each side scores at the end for each objective marker it holds
    objective_vp: int = Field(0, ge=0, le=20)
    objectives: list[tuple[float, float]] = Field(default_factory=list, max_length=6)
    terrain: list[TerrainModel] = Field(default_factory=list)


# ------------------------------------------------------------------------- the muster
class ModelEntry(Strict):
    """One entry of a Warband Muster (``count`` identical models)."""

    name: str = Field(min_length=1, max_length=60)
    type: ModelType
    origin: Origin
    #: Background (Human), Bloodline (Demi-Human) or Caste (Supernatural)
    subtype: str
    ratings: Ratings
    traits: list[str] = Field(default_factory=list, max_length=12,
                              description="Trait ids; a Stackable level as man_at_arms+2")
    apprenticeship: str | None = Field(None, description="Human: the Stackable Trait at +2")
    gear: list[str] = Field(default_factory=list, max_length=12)
    #: pieces of its Gear forged of Starmetal (sm.geartrait.starmetal; house: Scarce, and
    #: twice the item's price)
    starmetal: list[str] = Field(default_factory=list, max_length=4)
    two_handed: bool = Field(False, description="wield a Versatile Weapon in both hands")
    hireling: bool = False
    count: int = Field(1, ge=1, le=20)


class MusterModel(Strict):
    """A Warband Muster (sm.muster.build_order)."""

    ruleset: str
    name: str = Field(min_length=1, max_length=80)
    stage: Literal["upstart", "blooded", "legend"]
    archetype: str
    faction: str
    stronghold: str
    extra_rations: bool = False
    #: a campaign Warband's Muster (warband.campaign): Trait Slots up to CMD, Stackable Traits
    #: up to +3, Gear bought from banked Silver (sm.campaign.experience, sm.muster.trait_slots)
    campaign: bool = False
    models: list[ModelEntry] = Field(min_length=1, max_length=40)


# ------------------------------------------------------------------------- run-time records
@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    reach: int
    range: int | None
    rof: int | None
    dmg: int
    traits: frozenset[str]

    @property
    def ranged(self) -> bool:
        return self.range is not None or GearTrait.THROWN in self.traits

    @property
    def close(self) -> bool:
        """Usable in close combat: every close combat Weapon, and a Thrown one (its profile
        is its close combat profile, sm.geartrait.thrown)."""
        return self.range is None

    def has(self, trait: str) -> bool:
        return trait in self.traits


UNARMED = Weapon("unarmed", "Unarmed", 0, None, None, 0, frozenset({"unarmed"}))


#: the models ``warband schema`` exports (``sword-marches-<key>.schema.json``)
SCHEMAS: dict[str, type[BaseModel]] = {
    "list": MusterModel, "gear": GearFile, "traits": TraitsFile, "tables": TablesFile,
    "scenario": AdventureModel,
}
