"""Written-out value classes: compared, hashed, copied and pickled by their fields.

Some small records are made thousands of times a game (a move's end, one direction of a combat
exchange, a side of the split game). A frozen dataclass would do, but the optional compiled
build (docs/performance.md, "Compiled build") runs the ``__init__`` that ``dataclass``
generates as interpreted code, so these classes write their ``__init__`` out (with ``Final``
fields: mypy refuses a write, the compiled class has no setter) and derive the rest from
:class:`ValueRecord`, once for all of them."""

from __future__ import annotations

from typing import Any

__all__ = ["ValueRecord"]


class ValueRecord:
    """The base of a value class: equal to another of its own class with equal fields, hashed
    as the tuple of its fields (as a frozen dataclass is), and copied and pickled through its
    constructor (the compiled class cannot be rebuilt field by field). A subclass lists its
    fields in :meth:`fields`, in its constructor's order (what a cache keeps of it: a plain
    tuple, which the garbage collector stops tracking, and ``type(value)(*fields)`` makes it
    again)."""

    __slots__ = ()

    def fields(self) -> tuple[Any, ...]:
        """The fields, in the constructor's order."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ValueRecord) or type(other) is not type(self):
            return NotImplemented
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), self.fields()
