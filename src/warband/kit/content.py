"""Content folders: where a ruleset's YAML data lives, how a user points the game at a copy,
and the cached, validated catalogue built from it.

A ruleset ships its data in ``rulesets/<name>/content/``. :class:`ContentFolder` finds the
folder to use (an explicit argument, else an environment variable such as
``WARBAND_ARCWORLDE_CONTENT``, else the packaged folder), loads it once per folder with the
ruleset's loader and caches the result, so every list, game and record of a run shares one
catalogue. The loader is the ruleset's own: it reads its files with
:class:`warband.content.yamlio.ContentReader` (which validates, collects every violation and
computes the content digest) and checks cross-references.

Usage in a ruleset's ``catalogue.py``::

    CONTENT = ContentFolder(Path(__file__).with_name("content"), "WARBAND_MYGAME_CONTENT",
                            Catalogue.load)
    catalogue = CONTENT.catalogue   # catalogue() or catalogue(some_folder)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel

from warband.content.errors import Violation
from warband.content.yamlio import ContentReader

__all__ = [
    "CatalogueBase",
    "Catalogued",
    "ContentFolder",
    "index_unique",
    "read_folder",
    "read_scenarios",
]


class Catalogued(Protocol):
    """What the kit needs of a ruleset's catalogue: its content digest (stored in records)."""

    @property
    def digest(self) -> str: ...


C = TypeVar("C", bound=Catalogued)
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, kw_only=True)
class CatalogueBase:
    """Base of a ruleset's catalogue: the folder it was read from and the digest of its files.

    A ruleset's ``Catalogue`` is a frozen dataclass deriving from this one, listing its own
    tables (``profiles``, ``scenarios``...), with a static ``build(directory, reader)`` that
    reads the folder (see :func:`read_folder`); :meth:`load` runs it.
    """

    directory: Path
    digest: str

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> CatalogueBase:
        """Read the folder's files through ``reader`` and check them (the ruleset's own)."""
        raise NotImplementedError

    @classmethod
    def load(cls: type[B], directory: Path) -> B:
        """Read and check every file of a content folder (every problem reported at once)."""
        return cast(B, read_folder(directory, cls.build))


B = TypeVar("B", bound=CatalogueBase)


class ContentFolder(Generic[C]):
    """A ruleset's content folder and its cached catalogue.

    ``default``: the packaged folder; ``env_var``: the environment variable that overrides it;
    ``load``: builds the catalogue from a folder (raising
    :class:`~warband.content.errors.ContentError` listing every violation).
    """

    def __init__(self, default: Path, env_var: str, load: Callable[[Path], C],
                 cache_size: int = 8) -> None:
        self.default = default
        self.env_var = env_var
        self._cached: Callable[[str], C] = lru_cache(maxsize=cache_size)(
            lambda directory: load(Path(directory)))

    def folder(self, directory: Path | str | None = None) -> Path:
        """The folder in use: ``directory``, else ``$env_var``, else the packaged folder."""
        chosen = directory or os.environ.get(self.env_var) or self.default
        return Path(chosen).resolve()

    def catalogue(self, directory: Path | str | None = None) -> C:
        """The validated catalogue of :meth:`folder` (loaded once per folder)."""
        return self._cached(str(self.folder(directory)))

    def digest(self, directory: Path | str | None = None) -> str:
        """The content hash stored in game records."""
        return self.catalogue(directory).digest


def read_folder(directory: Path, build: Callable[[Path, ContentReader], C]) -> C:
    """Build a catalogue from ``directory`` with ``build(directory, reader)``, which reads each
    file through the :class:`ContentReader` (validation, every problem collected, the digest
    of what was read, in reading order) and checks cross-references, noting problems in
    ``reader.problems``. Raises :class:`~warband.content.errors.ContentError` listing them all.
    """
    reader = ContentReader()
    catalogue = build(directory, reader)
    reader.raise_if_problems()
    return catalogue


def read_scenarios(reader: ContentReader, directory: Path, model: type[M]) -> dict[str, M]:
    """Every ``scenarios/*.yaml`` of ``directory`` that validates, by id (a scenario model has
    an ``id``); a folder without any scenario file is a problem."""
    files = sorted((directory / "scenarios").glob("*.yaml"))
    if not files:
        reader.problem(str(directory / "scenarios"), "no scenario files found")
    found = (reader.read(p, model)[0] for p in files)
    return {str(cast(Any, s).id): s for s in found if s is not None}


def index_unique(items: Iterable[Any], key: Callable[[Any], str], source: str, field: str,
                 problems: list[Violation], what: str = "id") -> dict[str, Any]:
    """``{key(item): item}``; a repeated key is reported as a violation of ``field[i].id``
    (the last one wins so that later checks still see an item)."""
    out: dict[str, Any] = {}
    for i, item in enumerate(items):
        k = key(item)
        if k in out:
            problems.append(Violation(source, f"duplicate {what} {k!r}", f"{field}[{i}].id"))
        out[k] = item
    return out
