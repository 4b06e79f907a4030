"""Raiders dice mechanics: the books' worked examples, and sampling agrees with the exact
distributions (each mechanic is defined once with both interpreters)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from warband.core.dice import Dice, ScriptedDice
from warband.rulesets.raiders.mechanics import (
    Casting,
    CombatDirection,
    DiceSum,
    MagicMissile,
    MoraleTest,
    Volley,
    cancel_casting_dice,
    casualties,
    d5,
    success_chance,
)
from warband.rulesets.raiders.splits import CombatSide, attack_dice_rolled, wounds_distribution


def test_raiders_magic_effectiveness_book_example() -> None:
    """raiders.magic.effectiveness: difficulty 4 against MR 1, two stored power (3 casting dice
    5, 6, 8), one counter die of 6 cancelling the 6: power level 2."""
    roll = Casting(casting=3, needed=4 + 1, counter=1).sample(ScriptedDice([5, 6, 8, 6]))
    assert roll.casting == [8, 6, 5]
    assert roll.cancelled == [6]
    assert sorted(roll.left) == [5, 8]
    assert roll.power == 2


def test_raiders_magic_roll_and_cancel_counter_die_cancels_highest_it_can() -> None:
    """raiders.magic.roll_and_cancel: a counter die cancels a casting die it equals or beats;
    each cancels at most one, and the most successful dice are cancelled."""
    left, cancelled = cancel_casting_dice([9, 7, 3], [8, 2], needed=5)
    assert cancelled == [7] and left == [9, 3]
    left, cancelled = cancel_casting_dice([6, 6], [6, 6, 6], needed=5)
    assert cancelled == [6, 6] and left == []
    # A counter die below the difficulty cannot cancel a successful die (it is lower).
    left, cancelled = cancel_casting_dice([9], [4], needed=5)
    assert cancelled == [] and left == [9]


def test_raiders_ability_acolyte_book_example() -> None:
    """raiders.ability.acolyte: two acolytes, no stored power - 3 dice rolled, the worst 2
    dropped."""
    roll = Casting(casting=1, needed=7, casting_acolytes=2).sample(ScriptedDice([3, 9, 5]))
    assert roll.casting_rolled == [3, 9, 5]
    assert roll.casting == [9]
    assert roll.power == 1


def test_raiders_core_casualty_removal_book_example() -> None:
    """raiders.core.casualty_removal: 6 warriors with HP 2 taking 5 wounds lose 2 figures and
    carry 1 wound; one more wound removes a third figure."""
    removed, carried = casualties(5, 0, hp=2, figures=6)
    assert (removed, carried) == (2, 1)
    removed, carried = casualties(1, carried, hp=2, figures=4)
    assert (removed, carried) == (1, 0)


def test_raiders_core_casualty_removal_destroyed_unit_carries_nothing() -> None:
    """raiders.core.casualty_removal: more wounds than the unit has HP destroy it."""
    assert casualties(20, 1, hp=2, figures=3) == (3, 0)


def test_raiders_combat_modify_shield_wall_halves_attack_dice() -> None:
    """raiders.combat.modify / raiders.action.shield_wall: 4 dice allocated to attack in a
    shield wall roll 2 (halved, rounding down)."""
    wall = CombatSide(pool=12, attack_skill=5, defence_bonus=2, strength=0, armour=5,
                      shield_wall=True)
    assert attack_dice_rolled(wall, 4) == 2
    assert attack_dice_rolled(wall, 5) == 2
    open_order = CombatSide(pool=12, attack_skill=5, defence_bonus=2, strength=0, armour=5)
    assert attack_dice_rolled(open_order, 5) == 5


def test_raiders_combat_attack_roll_sample_warriors() -> None:
    """raiders.combat.defence_roll / attack_roll: two units of the book's Human Warriors -
    defence dice block on 3+ (AS 5 - DB 2), attack dice wound on 5+ (Arm 5 - Str 0)."""
    mech = CombatDirection(attack=4, defence=3, block_on=5 - 2, wound_on=5 - 0)
    # defence 3, 2, 9 -> 2 saves cancel 2 attack dice; the 2 left roll 5 and 4 -> 1 wound
    roll = mech.sample(ScriptedDice([3, 2, 9, 5, 4]))
    assert roll.saves == 2 and roll.cancelled == 2
    assert roll.attack_dice == [5, 4] and roll.wounds == 1


def test_raiders_ability_shield_wall_combat_rerolls_failed_defence() -> None:
    """raiders.ability.shield_wall_combat: each failed defence die is re-rolled once."""
    mech = CombatDirection(attack=3, defence=2, block_on=4, wound_on=5, reroll_defence=True)
    roll = mech.sample(ScriptedDice([2, 6, 5, 10, 1]))  # 2 fails -> re-rolled 5 (saves)
    assert roll.rerolled == [(2, 5)]
    assert roll.saves == 2
    assert roll.attack_dice == [10] and roll.wounds == 1
    assert mech.save_chance == 1 - Fraction(3, 10) ** 2


def test_raiders_morale_test_procedure_book_example() -> None:
    """raiders.morale.test_procedure: Morale 10 with 2 tokens fails on a d10 of 8 or more."""
    assert MoraleTest(10, 2).fail_chance() == Fraction(3, 10)
    assert MoraleTest(10, 2).sample(ScriptedDice([8])).failed
    assert not MoraleTest(10, 2).sample(ScriptedDice([7])).failed


def test_raiders_dice_no_automatic_results() -> None:
    """Rolls are roll-high with no automatic success or failure (raiders.yaml conventions)."""
    assert success_chance(1) == 1 and success_chance(0) == 1
    assert success_chance(11) == 0
    assert success_chance(6) == Fraction(1, 2)


def test_raiders_d5_is_a_halved_d10() -> None:
    """The D5 (raiders.spell.magic_missile, raiders.spell.healing) is a d10 halved up."""
    assert [d5(ScriptedDice([f])) for f in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def _agree(dist: dict[object, Fraction], samples: Counter[object], n: int) -> float:
    keys = set(dist) | set(samples)
    return 0.5 * sum(abs(float(dist.get(k, 0)) - samples.get(k, 0) / n) for k in keys)


N = 20_000


@pytest.mark.parametrize("mech", [
    Volley(6, 6, 5), Volley(5, 8, 4, bonus=3), Volley(3, 1, 11),
])
def test_raiders_shooting_volley_sampling_matches_distribution(mech: Volley) -> None:
    """raiders.shooting.hit_roll and damage_roll: sample() agrees with distribution()."""
    dice = Dice(11)
    counts = Counter(mech.sample(dice).wounds for _ in range(N))
    assert _agree(dict(mech.distribution()), counts, N) < 0.02


@pytest.mark.parametrize("mech", [
    CombatDirection(8, 4, 3, 5), CombatDirection(6, 6, 4, 3, reroll_defence=True),
    CombatDirection(5, 0, 4, 4), CombatDirection(0, 5, 3, 5),
])
def test_raiders_combat_sampling_matches_distribution(mech: CombatDirection) -> None:
    """raiders.combat.defence_roll and attack_roll: sample() agrees with distribution(), and
    the float twin used by the split game is the same distribution."""
    dice = Dice(12)
    counts = Counter(mech.sample(dice).wounds for _ in range(N))
    exact = mech.distribution()
    assert _agree(dict(exact), counts, N) < 0.02
    floats = wounds_distribution(mech)
    assert all(abs(float(exact.get(k, 0)) - p) < 1e-12 for k, p in enumerate(floats))
    assert sum(exact.values()) == 1


@pytest.mark.parametrize("mech", [
    Casting(3, 5, 1), Casting(1, 7, 0, casting_acolytes=2), Casting(2, 6, 2, 1, 2),
    Casting(1, 11),
])
def test_raiders_casting_sampling_matches_distribution(mech: Casting) -> None:
    """raiders.magic.*: the power level's sample() agrees with distribution()."""
    dice = Dice(13)
    counts = Counter(mech.sample(dice).power for _ in range(N))
    dist = mech.distribution()
    assert sum(dist.values()) == 1
    assert _agree(dict(dist), counts, N) < 0.02


def test_raiders_morale_and_spell_dice_sampling_match_distributions() -> None:
    """raiders.morale.test_procedure, raiders.spell.magic_missile, Healing / Combat Prowess
    dice: sample() agrees with distribution()."""
    dice = Dice(14)
    morale = MoraleTest(9, 3)
    counts: Counter[object] = Counter(morale.sample(dice).failed for _ in range(N))
    assert _agree(dict(morale.distribution()), counts, N) < 0.02
    missile = MagicMissile(2, 5)
    counts = Counter(missile.sample(dice).wounds for _ in range(N))
    assert _agree(dict(missile.distribution()), counts, N) < 0.02
    for mech in (DiceSum(3, 5), DiceSum(2, 10)):
        counts = Counter(sum(mech.sample(dice)) for _ in range(N))
        assert _agree(dict(mech.distribution()), counts, N) < 0.02
