"""Content models for Armies of Arcana: profiles, spells, scenarios and army lists.

The reference sheet gives no profiles, spells, scenarios or list format: every file these models
read is HOUSE data (see ``docs/rulesets/armies.md``). The models validate at the edge
(``extra="forbid"``, ranges on every number) and export the JSON Schemas; they are frozen, so the
game uses them directly as its run-time records.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from warband.kit.models import ContentFile, Strict

__all__ = [
    "ArmyListModel",
    "BASE_UNITS",
    "CasterModel",
    "CharacterEntry",
    "Kind",
    "MissileModel",
    "ProfileModel",
    "ProfilesFile",
    "ScenarioModel",
    "SpellModel",
    "SpellsFile",
    "TerrainModel",
    "SCHEMAS",
    "Trait",
    "UnitEntry",
]

#: the sheet's base-size column (armies.morale.mod_engaged_enemies), as written
BASE_UNITS = ("1/2", "1", "2", "4", "9")


class Kind(StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    BEAST = "beast"
    MONSTER = "monster"
    CHARACTER = "character"
    WAR_MACHINE = "war_machine"


class Trait(StrEnum):
    """Traits the sheet names (armies.trait.*) and the melee timing keywords."""

    FEARLESS = "fearless"
    BERSERK = "berserk"
    FEARSOME = "fearsome"
    REGENERATE = "regenerate"
    FLYING = "flying"
    SLOW = "slow"
    FIRST_STRIKE = "first_strike"
    LAST_STRIKE = "last_strike"
    LONG_WEAPON = "long_weapon"
    INFILTRATOR = "infiltrator"
    MISSILE_IMMUNE = "missile_immune"
    MAGICAL_ATTACKS = "magical_attacks"
    GENERAL = "general"


class MissileModel(Strict):
    name: str
    range: float = Field(gt=0, le=72, description="normal range, inches")
    shots: int = Field(1, ge=1, le=10, description="to-hit rolls per model")
    strength: int = Field(0, ge=0, le=10)
    scatter_d3s: int = Field(0, ge=0, le=6, description="X of an Xd3 scatter attack (0: none)")
    artillery: bool = False
    natural: bool = Field(False, description="a natural missile attack (breath, spines)")
    magical: bool = False
    ranks: int = Field(2, ge=1, le=10, description="ranks of a RaF unit that shoot (house)")


class CasterModel(Strict):
    level: int = Field(ge=1, le=4, description="added to casting and dispel rolls (house)")
    spells: tuple[str, ...] = Field(min_length=1)


class ProfileModel(Strict):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    army: str = Field(description="the army (catalogue faction) that fields it")
    kind: Kind
    move: float = Field(ge=0, le=24, description="normal move, inches")
    skill: int = Field(ge=0, le=10, description="melee skill: hits on a D6 equal or under")
    missile_skill: int | None = Field(None, ge=0, le=10)
    attacks: int = Field(ge=0, le=10)
    ramming: int = Field(0, ge=0, le=10, description="ramming attacks when charging")
    wounds: int = Field(ge=1, le=20)
    armour: int = Field(ge=0, le=10, description="saves on a D6 equal or under armour - strength")
    fixed_armour: bool = False
    strength: int = Field(0, ge=0, le=10)
    morale: int = Field(ge=0, le=10, description="passes on a D6 equal or under")
    evasion: int = Field(0, ge=0, le=3)
    regenerate: int = Field(0, ge=0, le=6, description="a wound heals on a D6 equal or under")
    base: Literal["1/2", "1", "2", "4", "9"]
    base_mm: tuple[float, float] = Field(description="base width and depth, mm")
    formation: Literal["raf", "skirmish", "single"]
    traits: frozenset[Trait] = frozenset()
    missile: MissileModel | None = None
    caster: CasterModel | None = None
    cost: int = Field(ge=0, le=1000, description="points per model")
    min_models: int = Field(1, ge=1, le=100)
    max_models: int = Field(1, ge=1, le=100)

    def has(self, trait: Trait) -> bool:
        return trait in self.traits

    @property
    def shooting_skill(self) -> int:
        return self.skill if self.missile_skill is None else self.missile_skill


class ProfilesFile(ContentFile):
    profiles: tuple[ProfileModel, ...] = Field(min_length=1)


class SpellModel(Strict):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    difficulty: int = Field(ge=1, le=20, description="casting total needed (house)")
    cost: int = Field(ge=1, le=5, description="power spent to cast")
    range: float = Field(gt=0, le=72)
    target: Literal["enemy", "friend"]
    effect: Literal["damage", "armour", "skill", "morale", "plague"]
    amount: int = Field(ge=1, le=10, description="hits, or the bonus")
    strength: int = Field(0, ge=0, le=10, description="of damage spells (always magical)")
    persistent: bool = False


class SpellsFile(ContentFile):
    spells: tuple[SpellModel, ...] = Field(min_length=1)


class TerrainModel(Strict):
    kind: Literal["woods", "ruins", "hill"] = Field(
        description="woods: cover; ruins: heavy cover; hill: a steep slope to attack up")
    x: float = Field(ge=0, le=200)
    y: float = Field(ge=0, le=200)
    w: float = Field(gt=0, le=200)
    h: float = Field(gt=0, le=200)


class ScenarioModel(Strict):
    id: str
    name: str
    turns: int = Field(ge=1, le=20)
    table: tuple[float, float] = (72.0, 48.0)
    deploy_depth: float = Field(12.0, gt=0, le=24)
    terrain: tuple[TerrainModel, ...] = ()
    victory: Literal["rout", "objective"]
    objective: tuple[float, float] | None = None
    objective_radius: float = Field(6.0, gt=0, le=24)
    objective_vp: int = Field(0, ge=0, le=5000, description="points for holding it at the end")


class CharacterEntry(Strict):
    profile: str
    name: str | None = None
    general: bool = False


class UnitEntry(Strict):
    profile: str
    name: str | None = None
    models: int = Field(1, ge=1, le=100)
    files: int | None = Field(None, ge=1, le=50, description="RaF frontage (default: rules)")
    characters: tuple[CharacterEntry, ...] = ()
    general: bool = False


class ArmyListModel(Strict):
    ruleset: str = "armies"
    name: str
    army: str
    points: int = Field(ge=100, le=10000, description="the agreed points limit")
    units: tuple[UnitEntry, ...] = Field(min_length=1)


#: the models ``warband schema`` exports, by short name
SCHEMAS: dict[str, type[Strict]] = {
    "list": ArmyListModel,
    "profiles": ProfilesFile,
    "spells": SpellsFile,
    "scenario": ScenarioModel,
}
