"""The choice codec plumbing: declaring a ruleset's choices in one line each.

Every option of a decision is a small frozen, slotted dataclass registered with the game's
:class:`~warband.core.decisions.ChoiceCodec` (so records can store and decode it).
:func:`choice` does both at once::

    CODEC = ChoiceSet()

    @choice(CODEC)
    class Roll:
        \"\"\"Roll the die (tinygame.turn.roll).\"\"\"

    @choice(CODEC)
    class Move:
        x: float
        y: float
        label: str = field(default="", compare=False)   # display only

Fields hold plain JSON-able values (ints, floats, strings, booleans, tuples of them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from typing_extensions import dataclass_transform

from warband.core.decisions import ChoiceCodec

__all__ = ["ChoiceSet", "choice"]

C = TypeVar("C")


class ChoiceSet(ChoiceCodec):
    """A :class:`ChoiceCodec` for one ruleset's choices (declare them with :func:`choice`)."""


@dataclass_transform(frozen_default=True)
def choice(codec: ChoiceCodec) -> Callable[[type[C]], type[C]]:
    """Class decorator: make the class a frozen, slotted dataclass and register it with
    ``codec``."""

    def declare(cls: type[C]) -> type[C]:
        return codec.register(dataclass(frozen=True, slots=True)(cls))

    return declare
