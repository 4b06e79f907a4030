"""The test helpers can fail: enumeration is exact and the goodness-of-fit test rejects a
wrong distribution."""

from __future__ import annotations

from fractions import Fraction

from odds_helpers import enumerate_sample, fits, monte_carlo

from warband.core.dice import Dice


def test_enumeration_visits_every_sequence_with_its_probability() -> None:
    def two_then_maybe_one(dice: Dice) -> int:
        a = dice.d6()
        return a + (dice.die(4) if a == 6 else 0)

    dist = enumerate_sample(two_then_maybe_one)
    assert sum(dist.values()) == 1
    assert dist[3] == Fraction(1, 6)
    assert dist[7] == Fraction(1, 24)
    assert 6 not in dist


def test_goodness_of_fit_accepts_the_truth_and_rejects_a_small_bias() -> None:
    fair = {k: Fraction(1, 6) for k in range(1, 7)}
    counts = monte_carlo(lambda d: d.d6(), 60_000, seed=3)
    assert fits(fair, counts)[0]
    biased = {**fair, 1: Fraction(3, 20), 6: Fraction(11, 60)}  # 1.7 points off on two faces
    assert not fits(biased, counts)[0]
    assert not fits({1: Fraction(1)}, counts)[0]  # outcomes the exact answer calls impossible
