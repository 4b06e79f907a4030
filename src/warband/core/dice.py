"""Dice: the one seeded source of chance for a game.

Every random event in a game (dice, card draws, random placement) draws from the game's single
:class:`Dice` object, seeded from the game seed. Nothing in the engine touches the global
``random`` module, so the same seed and the same decisions replay a game bit for bit.

Tests replace the dice with :class:`ScriptedDice`, which returns prescribed results so a rule
can be checked against one exact situation.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

__all__ = [
    "Dice",
    "DiceExhausted",
    "ScriptedDice",
    "derive_seed",
    "keep_highest",
    "keep_lowest",
    "net_advantage",
]


def derive_seed(seed: int, *labels: object) -> int:
    """A reproducible sub-seed for a labelled stream (an AI's own RNG, game *i* of a batch).

    Derived with SHA-256 so that nearby master seeds give unrelated streams.
    """
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Dice:
    """The game's random number source, seeded once per game."""

    __slots__ = ("_random", "_rng", "rolled")

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._random = self._rng.random
        self.rolled = 0  # number of dice rolled so far (a cheap fingerprint for tests)

    def die(self, sides: int = 6) -> int:
        """One die with ``sides`` faces, 1..sides."""
        self.rolled += 1
        return int(self._random() * sides) + 1

    def d6(self) -> int:
        return self.die(6)

    def d3(self) -> int:
        """A D3 read off a D6 (1-2 -> 1, 3-4 -> 2, 5-6 -> 3), as the books describe."""
        return (self.die(6) + 1) // 2

    def roll(self, n: int, sides: int = 6) -> list[int]:
        """``n`` dice of ``sides`` faces, in the order rolled."""
        return [self.die(sides) for _ in range(n)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (used for decks of cards)."""
        # Fisher-Yates driven by die(), so a ScriptedDice can also script shuffles.
        for i in range(len(items) - 1, 0, -1):
            j = self.die(i + 1) - 1
            items[i], items[j] = items[j], items[i]

    def pick(self, items: Sequence[T]) -> T:
        """One item chosen uniformly at random."""
        if not items:
            raise ValueError("cannot pick from an empty sequence")
        return items[self.die(len(items)) - 1]

    def uniform(self, low: float, high: float) -> float:
        """A uniform real number in [low, high)."""
        self.rolled += 1
        return low + (high - low) * self._random()


class DiceExhausted(RuntimeError):
    """A scripted test asked for more dice than it prescribed."""


class ScriptedDice(Dice):
    """Dice that return prescribed results, for rule tests.

    ``ScriptedDice([6, 5, 2])`` returns 6, then 5, then 2. Each result is checked against the
    die size asked for. When the script runs out, a :class:`DiceExhausted` error names the roll,
    unless a ``fallback_seed`` is given, in which case seeded dice continue.
    """

    __slots__ = ("_script", "_fallback")

    def __init__(self, script: Iterable[int], fallback_seed: int | None = None) -> None:
        super().__init__(0 if fallback_seed is None else fallback_seed)
        self._script = list(script)
        self._script.reverse()
        self._fallback = fallback_seed is not None

    @property
    def remaining(self) -> int:
        return len(self._script)

    def die(self, sides: int = 6) -> int:
        if not self._script:
            if self._fallback:
                return super().die(sides)
            raise DiceExhausted(f"scripted dice ran out at roll #{self.rolled + 1} (a D{sides})")
        value = self._script.pop()
        if not 1 <= value <= sides:
            raise ValueError(f"scripted result {value} is not a face of a D{sides}")
        self.rolled += 1
        return value


def keep_highest(values: Sequence[int], keep: int) -> list[int]:
    """The ``keep`` highest results (Advantage-style rolls)."""
    return sorted(values, reverse=True)[:keep]


def keep_lowest(values: Sequence[int], keep: int) -> list[int]:
    """The ``keep`` lowest results (Disadvantage-style rolls)."""
    return sorted(values)[:keep]


def net_advantage(advantage: bool | int, disadvantage: bool | int) -> int:
    """Combine sources of Advantage and Disadvantage into -1, 0 or +1.

    Any number of sources of one kind count once; one of each cancels (the ArcWorlde reading,
    and the usual one in other games).
    """
    return int(bool(advantage)) - int(bool(disadvantage))
