"""Dice (D3 from D6, Successes and Crits, Advantage/Disadvantage, re-rolls) and Feats
(AP = dice, difficulty), with scripted dice and exact probabilities.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from warband.core.dice import ScriptedDice, net_advantage
from warband.rulesets.arcworlde.mechanics import (
    DIFFICULTY,
    AttackMechanic,
    BraveryTest,
    FeatCheck,
    difficulty_name,
    successes,
)
from warband.rulesets.arcworlde.rules.combat import defence_mode
from warband.rulesets.arcworlde.rules.feats import attempt_feat

from .arena import Arena


# ------------------------------------------------------------------------------- dice
def test_arcworlde_dice_d6_and_d3_d3_read_off_a_d6() -> None:
    """arcworlde.dice.d6_and_d3: a D3 is a D6 read 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    dice = ScriptedDice([1, 2, 3, 4, 5, 6])
    assert [dice.d3() for _ in range(6)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(
    ("faces", "count"),
    [([1], 0), ([2], 0), ([3], 0), ([4], 1), ([5], 1), ([6], 2), ([6, 5, 4], 4), ([6, 6, 1], 4)],
)
def test_arcworlde_dice_success_counting(faces: list[int], count: int) -> None:
    """arcworlde.dice.success: 4+ is a Success, a 6 is a Crit worth two, 1-3 fail."""
    assert successes(faces) == count


def test_arcworlde_dice_success_kept_crit_at_advantage_counts_two() -> None:
    """arcworlde.dice.success: a kept 6 from a roll at Advantage is still worth two."""
    roll = FeatCheck(1, 2, advantage=1).sample(ScriptedDice([2, 6]))
    assert (roll.rolled, roll.kept, roll.successes, roll.success) == ([2, 6], [6], 2, True)


def test_arcworlde_dice_advantage_rolls_one_extra_and_drops_the_worst() -> None:
    """arcworlde.dice.advantage_disadvantage: at Advantage one extra D6, the lowest dropped."""
    roll = FeatCheck(2, 1, advantage=1).sample(ScriptedDice([1, 4, 6]))
    assert roll.kept == [4, 6] and roll.successes == 3


def test_arcworlde_dice_disadvantage_rolls_one_extra_and_drops_the_best() -> None:
    """arcworlde.dice.advantage_disadvantage: at Disadvantage the highest is dropped."""
    roll = FeatCheck(2, 1, advantage=-1).sample(ScriptedDice([1, 4, 6]))
    assert roll.kept == [1, 4] and roll.successes == 1


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "net"),
    [(0, 0, 0), (1, 0, 1), (3, 0, 1), (0, 1, -1), (0, 4, -1), (1, 1, 0), (2, 1, 0), (1, 3, 0)],
)
def test_arcworlde_dice_advantage_cancels_and_never_stacks(
    advantage: int, disadvantage: int, net: int
) -> None:
    """arcworlde.dice.advantage_disadvantage: any number of sources count once (one extra D6
    at most); Advantage and Disadvantage together cancel."""
    assert net_advantage(advantage, disadvantage) == net


def test_arcworlde_dice_advantage_one_extra_die_for_the_whole_pool() -> None:
    """arcworlde.dice.advantage_disadvantage: a pool of several dice gains a single extra die."""
    dice = ScriptedDice([4] * 5)
    roll = FeatCheck(4, 1, advantage=1).sample(dice)
    assert len(roll.rolled) == 5 and len(roll.kept) == 4 and dice.remaining == 0


@pytest.mark.parametrize(
    ("cover", "prone", "broken", "mode"),
    [(True, False, False, 1), (False, True, False, -1), (False, False, True, -1),
     (True, True, False, 0), (True, True, True, 0), (False, True, True, -1)],
)
def test_arcworlde_dice_advantage_defence_mode(
    arena: Arena, cover: bool, prone: bool, broken: bool, mode: int
) -> None:
    """arcworlde.combat.cover / arcworlde.core.prone / arcworlde.morale.broken_in_melee:
    Defence at Advantage in Cover, Disadvantage when Prone or Broken (both count once),
    cancelling when both apply."""
    target = arena.add("ourk-grunt", 1, (5, 5), prone=prone, broken=broken)
    assert defence_mode(cover, target) == mode


def test_arcworlde_dice_advantage_defence_each_die_doubled() -> None:
    """arcworlde.dice.advantage_disadvantage (sequential Defence Rolls): each Defence die is
    rolled twice keeping the better (Advantage) or the worse (Disadvantage)."""
    good = AttackMechanic(power=1, defence=1).sample(ScriptedDice([6, 1, 4, 3, 1]))
    assert [d.rolled for d in good.defence] == [(1, 4), (3, 1)] and good.damage == 1
    bad = AttackMechanic(power=1, defence=-1).sample(ScriptedDice([5, 6, 2]))
    assert [d.kept for d in bad.defence] == [2] and bad.damage == 1


@pytest.mark.parametrize(
    ("advantage", "faces", "kept", "passed"),
    [(0, [4, 3], [4, 3], False), (1, [4, 3, 2], [3, 2], True), (-1, [1, 2, 5], [2, 5], False)],
)
def test_arcworlde_dice_advantage_bravery_low_is_good(
    advantage: int, faces: list[int], kept: list[int], passed: bool
) -> None:
    """arcworlde.dice.advantage_disadvantage / arcworlde.morale.bravery_test: for a Bravery
    Test (low is good) Advantage drops the highest of 3D6, Disadvantage the lowest."""
    roll = BraveryTest(6, advantage).sample(ScriptedDice(faces))
    assert (roll.kept, roll.passed) == (kept, passed)


def test_arcworlde_dice_rerolls_new_result_stands() -> None:
    """arcworlde.dice.rerolls: a re-rolled die takes the new result (even if no better)."""
    roll = AttackMechanic(power=2, rerolls=1).sample(ScriptedDice([1, 5, 2, 1]))
    assert roll.rerolled == [(1, 2)] and roll.power_dice == [2, 5] and roll.hits == 1


def test_arcworlde_dice_rerolls_shield_second_chance_at_defence() -> None:
    """arcworlde.dice.rerolls (Shield, house rule): the first failed Defence Roll of an
    Attack is rolled again."""
    roll = AttackMechanic(power=2, defence_rerolls=1).sample(ScriptedDice([4, 4, 1, 4, 2]))
    assert [d.kept for d in roll.defence] == [1, 4, 2] and roll.damage == 1


# ------------------------------------------------------------------------------- Feats
def test_arcworlde_feat_difficulty_successes_needed() -> None:
    """arcworlde.feat.difficulty: Easy 1, Medium 2, Hard 3, Legendary 4 Successes; beyond
    Legendary one more each (the yaml's reading)."""
    assert DIFFICULTY == {"easy": 1, "medium": 2, "hard": 3, "legendary": 4}
    assert [difficulty_name(n) for n in (1, 2, 3, 4, 5, 6)] == [
        "easy", "medium", "hard", "legendary", "legendary+1", "legendary+2"]


def test_arcworlde_feat_attempt_one_die_per_ap(arena: Arena) -> None:
    """arcworlde.feat.attempt: the AP committed is the number of dice, rolled together; the
    Feat succeeds on Successes equal to or above the difficulty."""
    ch = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(4, 5, 1)
    assert attempt_feat(arena.st, ch, 3, 2, "vault a wall") is True
    feat = arena.st.log.events[-1]
    assert (feat["rolled"], feat["successes"], feat["difficulty"]) == ([4, 5, 1], 2, "medium")
    arena.dice(4, 3, 1)
    assert attempt_feat(arena.st, ch, 3, 2, "vault a wall") is False


def test_arcworlde_feat_attempt_fewer_dice_than_successes(arena: Arena) -> None:
    """arcworlde.feat.attempt: any AP may go on any Feat; one die can make a Medium Feat
    with a Crit."""
    ch = arena.add("ourk-grunt", 0, (5, 5))
    arena.dice(6)
    assert attempt_feat(arena.st, ch, 1, 2, "leap") is True


@pytest.mark.parametrize(
    ("dice", "needed", "p"),
    [(1, 1, Fraction(1, 2)), (1, 2, Fraction(1, 6)), (1, 3, Fraction(0)), (2, 1, Fraction(3, 4)),
     (2, 4, Fraction(1, 36)), (3, 4, Fraction(7, 54))],
)
def test_arcworlde_feat_attempt_exact_odds(dice: int, needed: int, p: Fraction) -> None:
    """arcworlde.feat.attempt: exact success chances, worked by hand (per die 0/1/2 Successes
    with 1/2, 1/3, 1/6; three dice at Legendary: 1 + 6 + 9 + 12 = 28 chances in 216)."""
    assert FeatCheck(dice, needed).probability() == p
