"""Frozen run-time records that copy alike in the pure and the compiled build.

A ruleset's frozen dataclass records (profiles, attacks, spells...) derive from
:class:`FrozenRecord`. ``copy.deepcopy`` and ``pickle`` otherwise rebuild a slotted record by
setting its fields one by one, which a frozen class compiled by mypyc refuses
(``FrozenInstanceError``); rebuilt through the constructor, a record copies the same in both
builds (docs/performance.md, "Compiled build")."""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["FrozenRecord"]


class FrozenRecord:
    """The base of a frozen dataclass record: copied and pickled through its constructor, from
    its fields in order (every field of such a record is an ``__init__`` argument)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        record: Any = self  # (a dataclass instance: the subclasses are dataclasses)
        return type(self), tuple(getattr(record, f.name) for f in dataclasses.fields(record))
