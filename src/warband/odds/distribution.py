"""Exact probability distributions.

A :class:`Distribution` maps outcomes to exact :class:`~fractions.Fraction` probabilities that
sum to exactly one. Numeric distributions (damage, wounds, hits) also answer ``mean``,
``at_least(k)`` and ``at_most(k)``; categorical ones (Sword Marches' miss / no effect /
shocked / wounded) keep their outcomes in the order given.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Generic, TypeVar

__all__ = ["Distribution", "as_fraction"]

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)


def as_fraction(value: Any) -> Fraction:
    """An exact fraction from an int, a Fraction or an icepool/`numbers.Rational` weight."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        raise TypeError("probabilities must be exact (int or Fraction), not float")
    return Fraction(value.numerator, value.denominator)


class Distribution(Generic[K]):
    """An exact, complete probability distribution over outcomes of type ``K``.

    Outcomes with probability zero are dropped; numeric outcomes are kept sorted, other
    outcomes in the order given. The probabilities must sum to exactly one (checked).
    """

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[K, Any], *, check: bool = True) -> None:
        items = [(k, as_fraction(p)) for k, p in probabilities.items()]
        if check:
            if any(p < 0 for _, p in items):
                raise ValueError("a probability is negative")
            total = sum((p for _, p in items), Fraction(0))
            if total != 1:
                raise ValueError(f"probabilities sum to {total}, not 1")
        items = [(k, p) for k, p in items if p != 0]
        if items and all(_is_number(k) for k, _ in items):
            items.sort(key=lambda kp: kp[0])  # type: ignore[arg-type,return-value]
        self._p: dict[K, Fraction] = dict(items)

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_counts(cls, counts: Mapping[K, int]) -> Distribution[K]:
        """From outcome counts (e.g. a brute-force enumeration of equally likely rolls)."""
        total = sum(counts.values())
        if total <= 0:
            raise ValueError("no outcomes counted")
        return cls({k: Fraction(c, total) for k, c in counts.items()})

    @classmethod
    def from_icepool(cls, die: Any) -> Distribution[Any]:
        """From an icepool ``Die`` (its outcomes and exact probabilities)."""
        return cls(dict(zip(die.outcomes(), die.probabilities(), strict=True)))

    @classmethod
    def certain(cls, outcome: K) -> Distribution[K]:
        return cls({outcome: Fraction(1)})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Distribution[K]]]) -> Distribution[K]:
        """The distribution of: pick part *i* with its weight, then an outcome of that part."""
        out: dict[K, Fraction] = {}
        for weight, dist in parts:
            for k, p in dist.items():
                out[k] = out.get(k, Fraction(0)) + weight * p
        return cls(out)

    # ----------------------------------------------------------------- reading
    @property
    def probabilities(self) -> dict[K, Fraction]:
        """Outcome -> exact probability (a copy)."""
        return dict(self._p)

    def items(self) -> Iterator[tuple[K, Fraction]]:
        return iter(self._p.items())

    def outcomes(self) -> list[K]:
        return list(self._p)

    def __getitem__(self, outcome: K) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def p(self, outcome: K) -> Fraction:
        """Probability of exactly ``outcome`` (zero if impossible)."""
        return self[outcome]

    def __iter__(self) -> Iterator[K]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:
        return hash(tuple(self._p.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {p}" for k, p in self._p.items())
        return f"Distribution({{{inner}}})"

    def probability(self, predicate: Callable[[K], bool]) -> Fraction:
        """Probability that the outcome satisfies ``predicate``."""
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    # ----------------------------------------------------------------- numeric
    def _numeric(self) -> dict[Any, Fraction]:
        if not all(_is_number(k) for k in self._p):
            raise TypeError("this distribution's outcomes are not numbers")
        return self._p

    @property
    def mean(self) -> Fraction:
        """Exact expected value (numeric outcomes only)."""
        return sum((k * p for k, p in self._numeric().items()), Fraction(0))

    @property
    def variance(self) -> Fraction:
        m = self.mean
        return sum(((k - m) ** 2 * p for k, p in self._numeric().items()), Fraction(0))

    @property
    def sd(self) -> float:
        """Standard deviation (a float: the square root is rarely rational)."""
        return float(float(self.variance) ** 0.5)

    def at_least(self, k: Any) -> Fraction:
        """P(outcome >= k)."""
        return sum((p for o, p in self._numeric().items() if o >= k), Fraction(0))

    def at_most(self, k: Any) -> Fraction:
        """P(outcome <= k)."""
        return sum((p for o, p in self._numeric().items() if o <= k), Fraction(0))

    def at_least_table(self) -> dict[K, Fraction]:
        """Outcome -> P(outcome >= it), for every possible outcome."""
        out: dict[K, Fraction] = {}
        tail = Fraction(1)
        for k, p in self._numeric().items():
            out[k] = tail
            tail -= p
        return out

    # ----------------------------------------------------------------- transforming
    def map(self, f: Callable[[K], J]) -> Distribution[J]:
        """The distribution of ``f(outcome)`` (outcomes mapping together add up)."""
        out: dict[J, Fraction] = {}
        for k, p in self._p.items():
            key = f(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Distribution(out, check=False)

    def total_variation(self, observed: Mapping[K, float]) -> float:
        """Half the L1 distance to an observed frequency table (for Monte Carlo checks)."""
        keys = set(self._p) | set(observed)
        return 0.5 * sum(abs(float(self[k]) - observed.get(k, 0.0)) for k in keys)

    def to_json(self, exact: bool = False) -> dict[str, float | str]:
        """``{"outcome": probability}`` with float probabilities (or ``"n/d"`` strings)."""
        return {str(k): (str(p) if exact else float(p)) for k, p in self._p.items()}


def _is_number(value: object) -> bool:
    return isinstance(value, int | Fraction | float) and not isinstance(value, bool)
