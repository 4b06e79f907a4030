"""Tiny Duel content: the champions file and the list file, validated at the edge."""

from __future__ import annotations

from pydantic import Field

from warband.kit.models import SLUG_PATTERN, ContentFile, Strict

__all__ = ["SCHEMAS", "ChampionModel", "ChampionsFile", "TinyListModel"]


class ChampionModel(Strict):
    """A champion profile (tiny.list.champion)."""

    id: str = Field(pattern=SLUG_PATTERN, max_length=40)
    name: str = Field(min_length=1, max_length=60)
    cost: int = Field(ge=1, le=10, strict=True)
    might: int = Field(0, ge=0, le=3, strict=True, description="Added to every roll but a 1.")
    luck: int = Field(0, ge=0, le=3, strict=True, description="Re-rolls of a 1 per game.")


class ChampionsFile(ContentFile):
    champions: list[ChampionModel]


class TinyListModel(Strict):
    """A Tiny Duel warband: a name and its champions (tiny.list.budget)."""

    ruleset: str = Field(description="Must be 'tinygame'.")
    name: str = Field(min_length=1, max_length=60)
    champions: list[str] = Field(min_length=1, max_length=10)


#: exported by ``warband schema`` as ``tinygame-<key>.schema.json``
SCHEMAS = {"list": TinyListModel, "champions": ChampionsFile}
