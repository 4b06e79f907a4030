"""Pydantic models of ArcWorlde content files and warband lists (validated at the edge); the
frozen dataclasses the game uses at run time live in ``records.py`` (re-exported here).

Rule ids: ``arcworlde.list.stat_profile``, ``arcworlde.list.attack_profile``,
``arcworlde.equipment.types``, ``arcworlde.list.warband``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from warband.kit.models import SLUG_PATTERN, ContentFile, Slug, Source, Strict, TerrainModel
from warband.rulesets.arcworlde.records import (
    CREATURE_CLASSES,
    Attack,
    CharacterClass,
    Equipment,
    Profile,
)

__all__ = [
    "CREATURE_CLASSES",
    "SCHEMAS",
    "Attack",
    "AttackModel",
    "AttackSpecial",
    "CharacterClass",
    "Equipment",
    "EquipmentFile",
    "EquipmentModel",
    "FactionModel",
    "FactionsFile",
    "ListEntry",
    "Profile",
    "ProfileModel",
    "ProfilesFile",
    "ScenarioModel",
    "TraitModel",
    "TraitsFile",
    "WarbandListModel",
]



Difficulty = Literal["easy", "medium", "hard", "legendary"]


class AttackSpecial(Strict):
    """Special Rules of an Attack that the engine implements (arcworlde.list.attack_profile)."""

    crit_ignores_armour: bool = Field(False, description="Hits from Crits ignore Armour.")
    ignores_armour: bool = Field(False, description="All Hits ignore Armour.")
    crit_reduce_ap: int = Field(
        0, ge=0, le=3,
        description="If a Crit is rolled, the target's AP drops by this much for its next "
        "Activation (does not stack).",
    )
    crit_breaks_armour: bool = Field(
        False, description="If a Crit is rolled, the target's Armour Value drops by 1 for the "
        "rest of the game (arcworlde.combat.armour_value)."
    )
    crit_knocks_prone: bool = Field(False, description="If a Crit is rolled, the target is knocked Prone.")
    charge_power: int = Field(0, ge=0, le=6, description="Extra Power when the attacker Charged this Activation.")


class AttackModel(Strict):
    name: str = Field(min_length=1, max_length=60)
    ap: int | None = Field(
        None, ge=0, le=10,
        description="AP cost of a melee Attack; ranged Attacks have none (they are Shot Feats).",
    )
    power: int = Field(ge=0, le=30, description="Number of D6 rolled for Hits.")
    range: float | None = Field(None, gt=0, le=72, description="Range in inches; makes it a Ranged Attack.")
    shot: Difficulty = Field("easy", description="Feat difficulty of a Shot with this Attack.")
    special: AttackSpecial = Field(default_factory=AttackSpecial)
    text: str = ""

    @model_validator(mode="after")
    def _melee_needs_ap(self) -> AttackModel:
        if self.range is None and self.ap is None:
            raise ValueError("a melee Attack (no range) needs an AP cost")
        return self


class ProfileModel(Strict):
    id: Slug = Field(pattern=SLUG_PATTERN, max_length=60)
    name: str = Field(min_length=1, max_length=60)
    faction: Slug = Field(pattern=SLUG_PATTERN)
    cost: int = Field(ge=0, le=5000, description="Base cost in Gold Pieces (GP).")
    classes: list[CharacterClass] = Field(min_length=1)
    ap: int = Field(ge=0, le=12)
    movement: int = Field(ge=0, le=24)
    bravery: int = Field(ge=2, le=12)
    hp: int = Field(ge=1, le=200)
    base: int = Field(30, ge=20, le=160, description="Base diameter in mm.")
    attacks: list[AttackModel] = Field(default_factory=list)
    traits: list[Slug] = Field(default_factory=list)
    equipment: list[Slug] = Field(default_factory=list, description="Equipment included in the cost.")
    text: str = ""


class ProfilesFile(ContentFile):
    profiles: list[ProfileModel]


class EquipmentModel(Strict):
    id: Slug = Field(pattern=SLUG_PATTERN, max_length=60)
    name: str
    kind: Literal["gear", "item"]
    cost: int = Field(ge=0, le=1000)
    weapon: bool = False
    armour: int = Field(0, ge=0, le=5)
    movement: int = Field(0, ge=-6, le=6)
    attacks: list[AttackModel] = Field(default_factory=list)
    traits: list[Slug] = Field(default_factory=list)
    text: str = ""


class EquipmentFile(ContentFile):
    equipment: list[EquipmentModel]


class TraitModel(Strict):
    id: Slug = Field(pattern=SLUG_PATTERN)
    name: str
    source: Source
    rule: str = ""
    implemented: bool = True
    text: str


class TraitsFile(Strict):
    traits: list[TraitModel]


class FactionModel(Strict):
    id: Slug = Field(pattern=SLUG_PATTERN)
    name: str
    allies: list[Slug] = Field(default_factory=list)
    max_commanders: int = Field(1, ge=1, le=10)
    source: Source = "house"


class FactionsFile(Strict):
    factions: list[FactionModel]


class ObjectiveModel(Strict):
    name: str
    x: float
    y: float


class ScenarioItemModel(Strict):
    name: str
    x: float
    y: float
    item: Slug = Field(pattern=SLUG_PATTERN, description="Equipment id (kind 'item').")


class ScenarioModel(Strict):
    id: Slug = Field(pattern=SLUG_PATTERN)
    name: str
    source: Source = "house"
    text: str = ""
    width: float = Field(36.0, ge=12, le=120)
    height: float = Field(36.0, ge=12, le=120)
    rounds: int = Field(5, ge=1, le=20)
    deployment_depth: float = Field(6.0, gt=0, le=24)
    terrain: list[TerrainModel] = Field(default_factory=list)
    objectives: list[ObjectiveModel] = Field(default_factory=list)
    objective_range: float = Field(2.0, ge=0, le=12, description="Inches (base edge to marker) to contest a marker.")
    vp_per_objective: int = Field(2, ge=0, le=20)
    vp_per_knock_out: int = Field(1, ge=0, le=20)
    vp_commander_bonus: int = Field(1, ge=0, le=20)
    arcanite: list[ObjectiveModel] = Field(
        default_factory=list,
        description="Arcanite Tokens on the table at the start (arcworlde.arcanite.obtaining).")
    items: list[ScenarioItemModel] = Field(
        default_factory=list,
        description="Items on the table at the start (arcworlde.equipment.knocked_out: "
        "scenario items), each an equipment id of kind 'item'.")
    vp_per_item: int = Field(
        0, ge=0, le=20, description="VP per scenario item a side's Characters carry at the end.")
    vp_per_arcanite: int = Field(
        0, ge=0, le=20,
        description="VP per found Arcanite Token a side's Characters carry at the end (bought "
        "Tokens never count).")
    knock_out_vp: Literal["flat", "cost"] = Field(
        "flat",
        description="'flat': vp_per_knock_out (+ the Commander bonus) per enemy Knocked Out; "
        "'cost': the GP cost of each enemy Knocked Out (the rules yaml's default when a game "
        "has no scenario).",
    )


class ListEntry(Strict):
    profile: Slug = Field(min_length=1, max_length=80)
    count: int = Field(1, ge=1, le=50, strict=True)  # strict: `count: true` is not 1
    equipment: list[Slug] = Field(default_factory=list, max_length=20)
    name: str | None = Field(None, max_length=60)
    mount: Slug | None = Field(
        None, max_length=80,
        description="Profile id of a Creature with Monstrous Mount that this Character rides "
        "(bought with it; arcworlde.trait.monstrous_mount).")


class WarbandListModel(Strict):
    """A warband list file (arcworlde.list.warband)."""

    ruleset: str = Field(description="Must be 'arcworlde'.")
    name: str = Field(min_length=1, max_length=80)
    faction: Slug | None = Field(None, description="Defaults to the Commander's faction.")
    game_value: int = Field(
        ge=1, le=100_000, strict=True, description="GP budget (arcworlde.list.gold_game_value).")
    characters: list[ListEntry] = Field(min_length=1, max_length=100)


#: the JSON Schemas ``warband schema`` exports (as ``arcworlde-<key>.schema.json``)
SCHEMAS: dict[str, type[Strict]] = {
    "list": WarbandListModel, "profiles": ProfilesFile, "equipment": EquipmentFile,
    "traits": TraitsFile, "factions": FactionsFile, "scenario": ScenarioModel,
}
