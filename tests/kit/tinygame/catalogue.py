"""Tiny Duel content folder: ``champions.yaml`` (overridable with ``WARBAND_TINYGAME_CONTENT``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from warband.content.yamlio import ContentReader
from warband.kit.content import CatalogueBase, ContentFolder, index_unique

from .models import ChampionModel, ChampionsFile

__all__ = ["CONTENT", "Catalogue", "catalogue"]


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    """The champions by id."""

    champions: dict[str, ChampionModel]

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        path = directory / "champions.yaml"
        found, _ = reader.read(path, ChampionsFile)
        champions = index_unique(found.champions if found else [], lambda c: c.id, str(path),
                                 "champions", reader.problems)
        return Catalogue(directory=directory, digest=reader.digest, champions=champions)


CONTENT = ContentFolder(Path(__file__).with_name("content"), "WARBAND_TINYGAME_CONTENT",
                        Catalogue.load)
catalogue = CONTENT.catalogue
