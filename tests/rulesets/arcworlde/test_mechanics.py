"""Each dice mechanic's ``sample`` (used in play) agrees with its exact ``distribution``
(used by the odds engine and the AIs): seeded sampling, generous tolerance.

Rule ids: arcworlde.dice.success, arcworlde.dice.advantage_disadvantage,
arcworlde.dice.rerolls, arcworlde.feat.attempt, arcworlde.combat.attack_resolution,
arcworlde.combat.armour_value, arcworlde.morale.bravery_test, arcworlde.action.leg_it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

import pytest

from warband.core.dice import Dice
from warband.rulesets.arcworlde.mechanics import (
    AttackMechanic,
    BraveryTest,
    FeatCheck,
    LegItRoll,
    expected_damage,
)

N = 12_000
#: the largest allowed total variation distance between the sampled frequencies and the exact
#: distribution. Honest sampling at N lands near 0.01; the subtlest wrong mechanic tried
#: (Crits ignoring Armour or not, Power 8 against Armour 2) lands near 0.07.
TOLERANCE = 0.03


def distance(
    exact: Mapping[Hashable, Fraction], draw: Callable[[Dice], Hashable], seed: int
) -> float:
    """Total variation distance between N seeded samples of ``draw`` and ``exact``."""
    dice = Dice(seed)
    counts = Counter(draw(dice) for _ in range(N))
    keys = set(counts) | set(exact)
    return sum(abs(counts[k] / N - float(exact.get(k, 0))) for k in keys) / 2


def agree(
    exact: Mapping[Hashable, Fraction], draw: Callable[[Dice], Hashable], seed: int
) -> None:
    assert sum(exact.values()) == 1
    gap = distance(exact, draw, seed)
    assert gap < TOLERANCE, f"sampling and the exact distribution differ by {gap:.3f}"


@pytest.mark.parametrize(
    ("right", "wrong"),
    [(AttackMechanic(power=8, armour=2, crit_ignores_armour=True), AttackMechanic(power=8, armour=2)),
     (AttackMechanic(power=7, defence=1, defence_rerolls=1), AttackMechanic(power=7, defence=1)),
     (AttackMechanic(power=6, defence_extra=1), AttackMechanic(power=6, defence_rerolls=1))],
    ids=["crit-ignores-armour", "shield", "extra-die-not-reroll"],
)
def test_mechanics_check_tells_a_wrong_distribution(
    right: AttackMechanic, wrong: AttackMechanic
) -> None:
    """The agreement check has teeth: sampling one mechanic against a subtly different
    mechanic's distribution is rejected."""
    assert distance(right.distribution(), lambda d: wrong.sample(d).damage, seed=1) > TOLERANCE


ATTACKS = [
    AttackMechanic(power=3),
    AttackMechanic(power=5, armour=1),
    AttackMechanic(power=8, armour=2, crit_ignores_armour=True),
    AttackMechanic(power=4, armour=3, ignores_armour=True),
    AttackMechanic(power=6, defence=1),
    AttackMechanic(power=6, defence=-1, armour=1),
    AttackMechanic(power=3, rerolls=2),
    AttackMechanic(power=7, defence_rerolls=1, defence=1),
    AttackMechanic(power=6, armour=1, defence_extra=1),
    AttackMechanic(power=7, defence=1, defence_extra=1, defence_rerolls=1),
    AttackMechanic(power=8, defence=-1, defence_extra=2),
]


@pytest.mark.parametrize("mech", ATTACKS, ids=repr)
def test_arcworlde_combat_attack_resolution_sample_matches_distribution(
    mech: AttackMechanic,
) -> None:
    """arcworlde.combat.attack_resolution: Damage sampled = exact Damage distribution."""
    agree(mech.distribution(), lambda d: mech.sample(d).damage, seed=mech.power * 31 + mech.armour)


@pytest.mark.parametrize(
    "feat",
    [FeatCheck(1, 1), FeatCheck(2, 2), FeatCheck(3, 4), FeatCheck(3, 2, advantage=1),
     FeatCheck(4, 3, advantage=-1), FeatCheck(0, 1)],
    ids=repr,
)
def test_arcworlde_feat_attempt_sample_matches_probability(feat: FeatCheck) -> None:
    """arcworlde.feat.attempt / arcworlde.dice.advantage_disadvantage."""
    p = feat.probability()
    agree({True: p, False: 1 - p}, lambda d: feat.sample(d).success, seed=feat.dice * 7 + feat.needed)


@pytest.mark.parametrize("test", [BraveryTest(7), BraveryTest(6, 1), BraveryTest(8, -1)], ids=repr)
def test_arcworlde_morale_bravery_test_sample_matches_distribution(test: BraveryTest) -> None:
    """arcworlde.morale.bravery_test: totals (3D6 keep two at Advantage/Disadvantage)."""
    agree(test.distribution(), lambda d: test.sample(d).total, seed=test.bravery)
    p = test.probability()
    agree({True: p, False: 1 - p}, lambda d: test.sample(d).passed, seed=test.bravery + 100)


@pytest.mark.parametrize("attempts", [1, 3, 6])
def test_arcworlde_action_leg_it_sequence_matches_distribution(attempts: int) -> None:
    """arcworlde.action.leg_it: committing to up to n rolls, stopping at the first trip."""

    def draw(dice: Dice) -> tuple[int, bool]:
        total = 0
        for attempt in range(1, attempts + 1):
            roll = LegItRoll.sample(dice, attempt)
            if roll.trips:
                return total, True
            total += roll.inches
        return total, False

    agree(LegItRoll.sequence_distribution(attempts), draw, seed=attempts)


def test_arcworlde_combat_attack_resolution_exact_small_case() -> None:
    """arcworlde.combat.attack_resolution: Power 1, no Armour, worked by hand: 2 Damage
    needs a Crit and a failed first Defence (1/6 * 1/2); 1 Damage a Crit then one save then a
    failure (1/6 * 1/3 * 1/2) or a plain Hit and a failed Defence (1/3 * 1/2)."""
    assert AttackMechanic(power=1).distribution() == {
        0: Fraction(13, 18), 1: Fraction(7, 36), 2: Fraction(1, 12)}


def test_arcworlde_combat_armour_value_exact_distribution_shifts() -> None:
    """arcworlde.combat.armour_value: more Armour never raises the chance of any Damage."""
    for power in (2, 5):
        means = [AttackMechanic(power=power, armour=a).mean() for a in range(4)]
        assert means == sorted(means, reverse=True) and means[0] > means[-1]
    assert expected_damage(AttackMechanic(power=3)) == pytest.approx(
        float(AttackMechanic(power=3).mean()))


def test_arcworlde_action_leg_it_exact_first_roll() -> None:
    """arcworlde.action.leg_it: one roll trips on a 6 (1/6), else moves 1-5 inches."""
    dist = LegItRoll.sequence_distribution(1)
    assert dist == {**{(i, False): Fraction(1, 6) for i in range(1, 6)}, (0, True): Fraction(1, 6)}


def test_arcworlde_arcanite_using_extra_defence_die_exact_small_case() -> None:
    """arcworlde.arcanite.using (an extra D6 on a Defence Roll, the yaml's reading: that roll is
    two dice whose Successes add up): Power 1, one Crit or Hit, the first Defence Roll with two
    dice. 2 Hits (a Crit, 1/6) get through only if both dice fail (1/4), or one Success (2 * 1/2
    * 1/3) leaves 1 Hit for a plain roll failing (1/2); 1 Hit (1/3) only if both dice fail."""
    dist = AttackMechanic(power=1, defence_extra=1).distribution()
    assert dist[2] == Fraction(1, 6) * Fraction(1, 4)
    assert dist[1] == Fraction(1, 6) * Fraction(1, 3) * Fraction(1, 2) + Fraction(1, 3) * Fraction(1, 4)
    # either Token use lowers the Damage of a big blow; they are not the same mechanic
    big = AttackMechanic(power=8)
    extra, reroll = AttackMechanic(power=8, defence_extra=1), AttackMechanic(power=8, defence_rerolls=1)
    assert max(extra.mean(), reroll.mean()) < big.mean()
    assert extra.distribution() != reroll.distribution()
