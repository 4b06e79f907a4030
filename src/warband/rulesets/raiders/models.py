"""Pydantic models of the Raiders of Arcana content files and warband lists (validated at the
edge). The frozen records the game builds from them at run time (``Profile``, ``Spell``)
live in :mod:`~warband.rulesets.raiders.unit`.

Rule ids: ``raiders.profile.overview`` (and every ``raiders.profile.*`` stat),
``raiders.listbuilding.warband_size``, ``raiders.listbuilding.unit_structure``,
``raiders.listbuilding.restrictions``, the ``raiders.spell.*`` spells and the
``raiders.scenario.*`` scenarios.

Profiles are written with the book's own stat names (HP, Mv, CD, AS, DB, Str, Tg, Arm, MR, F,
Morale), ``Mv`` as the book prints it: ``6/9`` is a standard move of 6" and a run of 9".
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, StrictFloat, StrictInt, field_validator, model_validator

from warband.kit.models import SLUG_PATTERN, ContentFile, Source, Strict
from warband.kit.models import TerrainModel as KitTerrain

__all__ = [
    "SCHEMAS",
    "ABILITY_PATTERN",
    "AbilitiesFile",
    "AbilityModel",
    "CostsFile",
    "CulturesFile",
    "CultureModel",
    "ListEntry",
    "ProfileModel",
    "ProfilesFile",
    "RangedModel",
    "ScenarioModel",
    "SizeModel",
    "SizesFile",
    "SpellEffect",
    "SpellModel",
    "SpellsFile",
    "StatsModel",
    "TerrainModel",
    "UnitType",
    "UnitTypeModel",
    "UnitTypesFile",
    "WarbandListModel",
    "parse_abilities",
]

#: an ability as written in a profile: ``shields`` or, with a value, ``combat-master(1)``
ABILITY_PATTERN = r"^[a-z][a-z-]*(\([0-9]{1,2}\))?$"
_ABILITY_RE = re.compile(r"^([a-z][a-z-]*)(?:\(([0-9]{1,2})\))?$")


class UnitType(StrEnum):
    """The unit types a warband is built from (raiders.listbuilding.*)."""

    LEAD_RETINUE = "lead-retinue"
    MYSTIC = "mystic"
    SCOUTS = "scouts"
    WARRIORS = "warriors"
    BEAST = "beast"
    BEASTMASTER = "beastmaster"


class SpellEffect(StrEnum):
    """What a spell does at each power level (raiders.spell.*)."""

    HITS = "hits"  # level -> number of D5 hits, each wounding on d10 >= Arm
    HEAL = "heal"  # level -> number of D5 HP restored
    REMOVE_FATIGUE = "remove-fatigue"  # level -> up to that many fatigue counters removed
    ADD_FATIGUE = "add-fatigue"  # level -> that many fatigue counters added
    COMBAT_DICE = "combat-dice"  # level -> number of D10 extra combat dice this turn
    MOVEMENT = "movement"  # level -> inches added to movement this turn


# ------------------------------------------------------------------------- content files
class StatsModel(Strict):
    """A unit profile's stats, named as in the book (raiders.profile.*)."""

    HP: StrictInt = Field(ge=1, le=50, description="Hit Points of each figure (raiders.profile.hp).")
    Mv: str = Field(
        pattern=r"^[0-9]{1,2}/[0-9]{1,2}$",
        description="Standard/run movement in inches, e.g. '6/9' (raiders.profile.mv).",
    )
    CD: StrictInt = Field(ge=0, le=20, description="Combat Dice per surviving figure (raiders.profile.cd).")
    AS: StrictInt = Field(ge=0, le=12, description="Attack Skill (raiders.profile.as).")
    DB: StrictInt = Field(ge=0, le=12, description="Defence Bonus (raiders.profile.db).")
    Str: StrictInt = Field(ge=0, le=12, description="Strength (raiders.profile.str).")
    Tg: StrictInt = Field(ge=1, le=12, description="Target (raiders.profile.tg).")
    Arm: StrictInt = Field(ge=1, le=12, description="Armour (raiders.profile.arm).")
    MR: StrictInt = Field(ge=0, le=10, description="Magic Resistance (raiders.profile.mr).")
    F: StrictInt = Field(ge=1, le=20, description="Fatigue limit (raiders.profile.f).")
    Morale: StrictInt = Field(ge=1, le=20, description="Morale (raiders.profile.morale): higher is better.")

    @field_validator("Mv")
    @classmethod
    def _run_not_slower(cls, value: str) -> str:
        move, run = (int(v) for v in value.split("/"))
        if run < move:
            raise ValueError(f"the run value must not be below the standard move ({value})")
        return value


class RangedModel(Strict):
    """A unit's ranged attack. The book gives no weapon data (raiders.action.shoot):
    ranges are house figures."""

    name: str = Field(min_length=1, max_length=40)
    range: StrictFloat = Field(gt=0, le=72, description="Range in inches, leader to leader.")


class ProfileModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN, max_length=60)
    name: str = Field(min_length=1, max_length=80)
    type: UnitType
    variant: str = Field("", max_length=30, description="e.g. acolytes/bodyguards, scouts/rangers.")
    cultures: list[str] = Field(
        min_length=1, description="Cultures that may field the unit; 'any' for every culture."
    )
    figures: StrictInt = Field(ge=1, le=30, description="Starting strength in figures.")
    base: StrictInt = Field(25, ge=15, le=120, description="Figure base diameter in mm.")
    cost: StrictInt | None = Field(
        None, ge=1, le=2000, description="Silver; missing for the book's profile (see costs)."
    )
    stats: StatsModel
    abilities: list[str] = Field(default_factory=list)
    ranged: RangedModel | None = None
    spells: list[str] = Field(default_factory=list, description="Spell ids a magic user knows.")
    text: str = ""

    @field_validator("abilities")
    @classmethod
    def _ability_syntax(cls, values: list[str]) -> list[str]:
        for v in values:
            if not _ABILITY_RE.match(v):
                raise ValueError(f"ability {v!r} must look like 'shields' or 'combat-master(1)'")
        return values


class ProfilesFile(ContentFile):
    profiles: list[ProfileModel]


class CostsFile(Strict):
    """House costs in silver for profiles whose book entry prints none."""

    source: Literal["house"]
    note: str = ""
    costs: dict[str, int]


class AbilityModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    rule: str = Field(description="Rule id in raiders.yaml.")
    value: bool = Field(False, description="The ability takes a number, e.g. Combat Master (X).")
    text: str


class AbilitiesFile(ContentFile):
    abilities: list[AbilityModel]


class SpellModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    rule: str
    difficulty: StrictInt = Field(ge=1, le=12)
    effect: SpellEffect
    levels: dict[int, int] = Field(min_length=1, description="Power level -> amount (see effect).")
    range: StrictFloat = Field(gt=0, le=72, description="Range in inches (a house figure).")
    text: str = ""

    @field_validator("levels")
    @classmethod
    def _levels_from_one(cls, levels: dict[int, int]) -> dict[int, int]:
        if sorted(levels) != list(range(1, len(levels) + 1)):
            raise ValueError("power levels must be numbered 1, 2, 3 ... without gaps")
        return levels


class SpellsFile(ContentFile):
    spells: list[SpellModel]


class SizeModel(Strict):
    """A game size (raiders.listbuilding.warband_size)."""

    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    units_min: StrictInt = Field(ge=1, le=100)
    units_max: StrictInt = Field(ge=1, le=100)
    silver: StrictInt = Field(ge=50, le=100_000)
    actions: StrictInt = Field(ge=1, le=2000)

    @model_validator(mode="after")
    def _band(self) -> SizeModel:
        if self.units_max < self.units_min:
            raise ValueError("units_max is below units_min")
        return self


class SizesFile(ContentFile):
    sizes: list[SizeModel]


class UnitTypeModel(Strict):
    """A unit type's composition (raiders.listbuilding.*): allowed starting strengths."""

    id: UnitType
    name: str
    rule: str
    composition: str
    figures: list[StrictInt] = Field(
        default_factory=list, description="Allowed starting strengths; empty: any (undefined)."
    )


class UnitTypesFile(ContentFile):
    types: list[UnitTypeModel]


class CultureModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    text: str = ""


class CulturesFile(ContentFile):
    cultures: list[CultureModel]


class TerrainModel(KitTerrain):
    """A terrain piece, with the height of its ground (raiders.terrain.*)."""

    elevation: StrictFloat = Field(0.0, ge=0, le=5, description="Height of the ground (a hill is 1).")


class ScenarioModel(Strict):
    """A scenario: the book's set-up and end condition, on a house table."""

    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    rule: str = Field(description="Rule id of the scenario in raiders.yaml.")
    setup: Literal["meeting-engagement", "battle-lines"]
    source: Source = "book"
    text: str = ""
    width: StrictFloat = Field(48.0, ge=24, le=120)
    height: StrictFloat = Field(36.0, ge=24, le=120)
    deployment_depth: StrictFloat = Field(6.0, gt=0, le=24)
    turns: StrictInt = Field(8, ge=1, le=50, description="House turn limit (the book sets none).")
    terrain: list[TerrainModel] = Field(default_factory=list)


#: the profile stats a campaign unit's veteran honours may raise (HOUSE campaign rules)
VeteranStat = Literal["morale", "attack_skill", "defence_bonus", "strength", "cd"]


class ListEntry(Strict):
    profile: str = Field(min_length=1, max_length=80)
    count: StrictInt = Field(1, ge=1, le=30)
    name: str | None = Field(None, min_length=1, max_length=60)
    figures: StrictInt | None = Field(
        None, ge=1, le=30, description="Starting strength if not the profile's (checked by type)."
    )
    veteran: dict[VeteranStat, Annotated[int, Field(ge=0, le=5)]] | None = Field(
        None,
        description="A campaign unit's veteran gains added to its profile (HOUSE campaign"
                    " honours, warband.rulesets.raiders.campaign).")


class WarbandListModel(Strict):
    """A Raiders of Arcana warband list (raiders.listbuilding.*)."""

    ruleset: str = Field(description="Must be 'raiders'.")
    name: str = Field(min_length=1, max_length=80)
    culture: str = Field(min_length=1, max_length=60)
    size: str = Field(min_length=1, max_length=60, description="Game size id, e.g. raiding-force.")
    units: list[ListEntry] = Field(min_length=1, max_length=60)


#: the JSON Schemas ``warband schema`` exports (as ``raiders-<key>.schema.json``)
SCHEMAS: dict[str, type[Strict]] = {
    "list": WarbandListModel, "profiles": ProfilesFile, "costs": CostsFile,
    "abilities": AbilitiesFile, "spells": SpellsFile, "sizes": SizesFile,
    "unit-types": UnitTypesFile, "cultures": CulturesFile, "scenario": ScenarioModel,
}


# ------------------------------------------------------------------------- run-time records
def parse_abilities(values: list[str]) -> dict[str, int]:
    """``['shields', 'combat-master(2)']`` -> ``{'shields': 0, 'combat-master': 2}``."""
    out: dict[str, int] = {}
    for v in values:
        m = _ABILITY_RE.match(v)
        if m:
            out[m.group(1)] = int(m.group(2) or 0)
    return out
