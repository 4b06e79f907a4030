"""Pydantic building blocks every ruleset's content models share.

Content is validated at the edge: every model forbids unknown keys and is frozen, every number
has a range. A ruleset's ``models.py`` derives its file models from :class:`Strict` and reuses
:data:`SLUG_PATTERN`, :data:`Source` and :class:`TerrainModel` (a terrain piece of a scenario's
table, subclass it to add fields such as elevation).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["SLUG_PATTERN", "ContentFile", "Slug", "Source", "Strict", "TerrainModel"]

#: ids of profiles, equipment, scenarios...: lower case, digits and dashes
SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
Slug = str
#: where a piece of data comes from: the rulebook, or a house rule filling a gap
Source = Literal["book", "house"]


class Strict(BaseModel):
    """Base of content models: unknown keys are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ContentFile(Strict):
    """Base of a content file holding a list of entries: every file says whether its data is
    the book's or a house rule's (``source``), with an optional ``note`` on where it comes
    from. The entries follow as the subclass's own field (``profiles: list[ProfileModel]``)."""

    source: Source
    note: str = ""


class TerrainModel(Strict):
    """A terrain piece: a polygon (inches) of a kind, maybe blocking sight or giving cover."""

    name: str
    kind: Literal["open", "difficult", "impassable"]
    points: list[tuple[float, float]] = Field(min_length=3)
    blocks_sight: bool = False
    cover: bool = False
