"""Written-out value classes: compared, hashed, copied and pickled by their fields.

Some small records are made thousands of times a game (a move's end, one direction of a combat
exchange, a side of the split game). A frozen dataclass would do, but the optional compiled
build (docs/performance.md, "Compiled build") runs the ``__init__`` that ``dataclass``
generates as interpreted code, so these classes write their ``__init__`` out (with ``Final``
fields: mypy refuses a write, the compiled class has no setter) and derive the rest from
:class:`ValueRecord` (or, for a record that may change, :class:`FieldRecord`), once for
all of them."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["FieldRecord", "ValueRecord", "rounded"]


class FieldRecord:
    """The base of a written-out record: equal to another of its own class with equal fields
    (as a dataclass is), and copied and pickled through its constructor (the compiled class
    cannot be rebuilt field by field). Not hashed: a record whose fields may change (a
    dataclass that is not frozen); :class:`ValueRecord` is the hashed one. A subclass lists its
    fields in :meth:`fields`, in its constructor's order."""

    __slots__ = ()

    def fields(self) -> tuple[Any, ...]:
        """The fields, in the constructor's order."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FieldRecord) or type(other) is not type(self):
            return NotImplemented
        return self.fields() == other.fields()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return type(self), self.fields()


class ValueRecord(FieldRecord):
    """The base of a value class: a :class:`FieldRecord` hashed as the tuple of its fields (as
    a frozen dataclass is). What a cache keeps of one is :meth:`fields`, a plain tuple, which
    the garbage collector stops tracking; ``type(value)(*fields)`` makes it again."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self.fields())


def rounded(x: float, digits: int) -> float:
    """``round(x, digits)``, the same float, without its trip through text.

    CPython rounds a float to ``digits`` places by writing it out as a correctly rounded
    decimal (ties to even) and reading that back: thousands of instructions a call, and the
    menus round every point they offer. The answer is the float nearest ``n / 10**digits``,
    ``n`` the integer nearest the exact ``x * 10**digits``; the float product is within
    1.2e-10 of the exact one below 1e6, so wherever its fractional part is further than
    1e-9 from a half, ``n`` is certain, and ``n / scale`` (two exact floats, a
    correctly rounded division) is that float. Near a tie, far from zero, NaN or infinite, or
    for other ``digits``, it asks ``round`` itself. A zero keeps ``x``'s sign, as ``round``
    does. Same floats checked in ``tests/core/test_values.py``."""
    if digits == 2:
        scale = 100.0
    elif digits == 3:
        scale = 1000.0
    elif digits == 1:
        scale = 10.0
    elif digits == 0:
        scale = 1.0
    else:
        return round(x, digits)
    y = x * scale
    if not -1e6 < y < 1e6:  # also NaN
        return round(x, digits)
    n = math.floor(y)
    frac = y - n  # exact, or within an ulp of y: far below the margin
    if frac > 0.5 + 1e-9:
        n += 1
    elif frac >= 0.5 - 1e-9:  # too near a tie to be sure which way the exact value goes
        return round(x, digits)
    if n == 0:
        return 0.0 * x  # -0.0 for a negative x, as round gives
    return n / scale
