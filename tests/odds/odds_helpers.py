"""Shared checks for the odds tests: exhaustive enumeration of a mechanic's own ``sample()``
and a seeded Monte Carlo goodness-of-fit test against an exact distribution."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from warband.core.dice import Dice

K = TypeVar("K", bound=Hashable)


class _PathDice(Dice):
    """Dice that follow a prescribed path of faces and then choose 1 for every new die,
    remembering each die's size, so that every possible sequence can be visited in turn."""

    __slots__ = ("path", "sides", "pos")

    def __init__(self, path: list[int], sides: list[int]) -> None:
        super().__init__(0)
        self.path = path
        self.sides = sides
        self.pos = 0

    def die(self, sides: int = 6) -> int:
        if self.pos < len(self.path):
            assert self.sides[self.pos] == sides, "the sample code is not deterministic"
            value = self.path[self.pos]
        else:
            self.path.append(1)
            self.sides.append(sides)
            value = 1
        self.pos += 1
        self.rolled += 1
        return value

    def uniform(self, low: float, high: float) -> float:  # pragma: no cover - not enumerable
        raise NotImplementedError("cannot enumerate a continuous roll")


def enumerate_sample(run: Callable[[Dice], K], limit: int = 2_000_000) -> dict[K, Fraction]:
    """The exact distribution of ``run(dice)`` by visiting every sequence of die faces it can
    roll (depth first, like an odometer). This is brute force over the sampling code itself."""
    out: dict[K, Fraction] = {}
    path: list[int] = []
    sides: list[int] = []
    visited = 0
    while True:
        dice = _PathDice(path, sides)
        result = run(dice)
        del path[dice.pos:], sides[dice.pos:]  # dice the run did not use on this branch
        p = Fraction(1)
        for s in sides:
            p /= s
        out[result] = out.get(result, Fraction(0)) + p
        visited += 1
        assert visited <= limit, "too many sequences to enumerate"
        while path and path[-1] == sides[-1]:
            path.pop()
            sides.pop()
        if not path:
            return out
        path[-1] += 1


def monte_carlo(run: Callable[[Dice], K], n: int, seed: int) -> Counter[K]:
    """``n`` seeded samples of ``run``."""
    dice = Dice(seed)
    return Counter(run(dice) for _ in range(n))


def chi_square_critical(df: int, z: float = 3.72) -> float:
    """Upper critical value of chi-square with ``df`` degrees of freedom at about 1e-4
    (Wilson-Hilferty), so a seeded test fails only for a real disagreement."""
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def fits(exact: Mapping[Any, Fraction], counts: Mapping[Any, int]) -> tuple[bool, float, float]:
    """Pearson's chi-square test of observed ``counts`` against ``exact`` probabilities.

    Outcomes expected fewer than 5 times are pooled. An observed outcome with probability zero
    fails at once. Returns (fits, statistic, critical value)."""
    n = sum(counts.values())
    if any(exact.get(k, 0) == 0 for k in counts):
        return False, math.inf, 0.0
    cells: list[tuple[float, int]] = []
    rest_e, rest_o = 0.0, 0
    for k, p in exact.items():
        e = float(p) * n
        if e >= 5:
            cells.append((e, counts.get(k, 0)))
        else:
            rest_e += e
            rest_o += counts.get(k, 0)
    if rest_e > 0:
        cells.append((rest_e, rest_o))
    if len(cells) < 2:
        return True, 0.0, 0.0
    stat = sum((o - e) ** 2 / e for e, o in cells)
    critical = chi_square_critical(len(cells) - 1)
    return stat <= critical, stat, critical


def assert_fits(exact: Mapping[Any, Fraction], counts: Mapping[Any, int]) -> None:
    ok, stat, critical = fits(exact, counts)
    assert ok, f"samples disagree with the exact distribution: chi2={stat:.1f} > {critical:.1f}"
