"""Sword Marches odds: exact results against brute-force enumeration of the mechanics' own
``sample()`` (the roll code the game engine will use) and seeded Monte Carlo runs of it.

Rule ids refer to shared/rules/sword_marches.yaml.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from odds_helpers import assert_fits, enumerate_sample, monte_carlo

from warband import odds
from warband.core.dice import ScriptedDice
from warband.odds import OddsError
from warband.rulesets.sword_marches import mechanics as m

POOLS = [
    (m.DicePool(1), 3, m.DicePool(1), 3),
    (m.DicePool(2), 4, m.DicePool(1), 2),
    (m.DicePool(1, tactical=True), 2, m.DicePool(1), 5),
    (m.DicePool(1), 4, m.DicePool(1, reroll_lowest=True), 4),
    (m.DicePool(1, reroll_lowest=True), 3, m.DicePool(1, reroll_lowest=True), 4),
    (m.DicePool(1), 3, m.DicePool(1, tactical=True, reroll_lowest=True), 3),
    (m.DicePool(1, reroll_lowest=True), 0, m.DicePool(2), 1),
]


@pytest.mark.parametrize("pools", POOLS, ids=repr)
def test_opposed_check_matches_enumeration(pools: tuple[m.DicePool, int, m.DicePool, int]) -> None:
    """sm.check.general, sm.check.rerolls_and_multiple_dice, sm.orders.tactical_dice,
    sm.geartrait.shield: highest die + Rating, ties pass, re-roll of the lowest die."""
    check = m.OpposedCheck(*pools)
    assert enumerate_sample(lambda d: check.sample(d).margin) == check.margin_distribution()


def test_rerolling_the_lowest_of_several_dice_is_one_more_die() -> None:
    """sm.check.rerolls_and_multiple_dice: with two or more dice the re-roll of the lowest die
    never lowers the best, so it counts like one extra die."""
    with_reroll = m.OpposedCheck(m.DicePool(2, reroll_lowest=True), 3, m.DicePool(1), 3)
    three_dice = m.OpposedCheck(m.DicePool(3), 3, m.DicePool(1), 3)
    assert with_reroll.margin_distribution() == three_dice.margin_distribution()


def test_single_die_reroll_only_when_losing() -> None:
    """sm.geartrait.shield (our reading): a lone Defense die is re-rolled only while the
    Attack would hit; a re-roll is final even if worse."""
    check = m.OpposedCheck(m.DicePool(1), 3, m.DicePool(1, reroll_lowest=True), 3)
    roll = check.sample(ScriptedDice([5, 4, 2]))  # 8 vs 7: the Defender re-rolls into a 2
    assert roll.secondary.rerolled == (4, 2) and roll.margin == 3
    roll = check.sample(ScriptedDice([5, 6]))  # 8 vs 9: no re-roll needed
    assert roll.secondary.rerolled is None and roll.margin == -1


@pytest.mark.parametrize("check", [
    m.DamageCheck(3, 0, 3, 4, 5),
    m.DamageCheck(3, 2, 3, 4, 5, helmet=True),
    m.DamageCheck(5, 1, 2, 14, 6, armour="half"),
    m.DamageCheck(2, 0, 1, 6, 7, armour="none", damage_tactical=True),
    m.DamageCheck(4, 3, 3, 2, 5, helmet=True, resistance_tactical=True),
], ids=repr)
def test_damage_check_matches_enumeration(check: m.DamageCheck) -> None:
    """sm.combat.damage_check, sm.combat.injury, sm.core.wound_threshold, sm.geartrait.helmet,
    sm.muster.armor_rating."""
    assert enumerate_sample(lambda d: check.sample(d).result) == check.distribution()


def test_wound_threshold_worked_example() -> None:
    """sm.core.wound_threshold example: Human (5+) - Damage 14 vs Resistance 10 Shocks, 15 vs
    10 Wounds; sm.geartrait.helmet: a tie is no effect with a Helmet, Shocked without."""
    assert m.injury(14, 10, 5, False) == "shocked"
    assert m.injury(15, 10, 5, False) == "wounded"
    assert m.injury(9, 10, 5, False) == "no_effect"
    assert m.injury(10, 10, 5, False) == "shocked"
    assert m.injury(10, 10, 5, True) == "no_effect"


def test_armour_rating_is_capped_before_halving() -> None:
    """sm.muster.armor_rating: ARM counts at most 10 and the excess is not used for ARM/2."""
    assert m.effective_arm(14) == 10
    assert m.effective_arm(14, "half") == 5
    assert m.effective_arm(7, "half") == 3
    assert m.effective_arm(7, "none") == 0
    capped = odds.run("sword-marches", "damage", damage=3, con=3, arm=25)
    assert capped.distribution == odds.run("sword-marches", "damage", damage=3, con=3,
                                           arm=10).distribution


def test_whole_attack_matches_enumeration() -> None:
    """sm.combat.attack_defense_checks, sm.combat.compare, sm.combat.injury, sm.cc.at_risk,
    sm.cc.counter_attack: one die each side, then the Damage Check or the Counter-Attack."""
    attack = m.CombatAttack(
        m.DicePool(1), 2, m.DicePool(1), 4, m.DamageCheck(3, 0, 2, 2, 5, helmet=True),
        attacker_base_cbt=1, counter_damage=m.DamageCheck(2, 0, 2, 1, 5))
    got = enumerate_sample(lambda d: (lambda r: (r.result, r.counter_result))(attack.sample(d)))
    assert got == attack.distribution()


@pytest.mark.parametrize("attack", [
    m.CombatAttack(m.DicePool(3, tactical=True), 4, m.DicePool(2, reroll_lowest=True), 3,
                   m.DamageCheck(4, 0, 3, 5, 6, helmet=True), vicious=True,
                   counter_damage=m.DamageCheck(3, 0, 3, 2, 5)),
    m.CombatAttack(m.DicePool(1, reroll_lowest=True), 3, m.DicePool(1, reroll_lowest=True), 5,
                   m.DamageCheck(2, 0, 2, 3, 5, damage_tactical=True), riposte=True),
], ids=["big", "both-reroll"])
def test_whole_attack_matches_monte_carlo(attack: m.CombatAttack) -> None:
    """sm.combat.*, sm.geartrait.vicious, sm.geartrait.riposte: seeded Monte Carlo."""
    counts = monte_carlo(lambda d: (lambda r: (r.result, r.counter_result))(attack.sample(d)),
                         20_000, 17)
    assert_fits(attack.distribution(), counts)


def test_counter_attack_scripted() -> None:
    """sm.cc.at_risk, sm.cc.counter_attack: missing by more than the unmodified CBT gives a
    Counter-Attack with half the margin (rounded down) as Damage Bonus; sm.geartrait.riposte
    lowers the threshold to the modified CBT/2."""
    attack = m.CombatAttack(m.DicePool(1), 4, m.DicePool(1), 3, m.DamageCheck(3, 0, 3, 0, 5),
                            attacker_base_cbt=3, counter_damage=m.DamageCheck(2, 0, 1, 0, 5))
    # 1 + 4 = 5 against 6 + 3 = 9: missed by 4 > 3, Counter-Attack with bonus 2:
    # 5 + 2 + 2 = 9 against 1 + 1 + 0 = 2: margin 7 >= 5, the Attacker is Wounded
    roll = attack.sample(ScriptedDice([1, 6, 5, 1]))
    assert roll.counter_attack and roll.counter is not None
    assert roll.counter.damage_total == 9 and roll.counter_result == "wounded"
    # missed by 3: no Counter-Attack, unless the Defender has Riposte (threshold 4 // 2 = 2)
    assert not attack.sample(ScriptedDice([2, 6])).counter_attack
    riposte = m.CombatAttack(attack.attacker, 4, attack.defender, 3, attack.hit, riposte=True)
    assert riposte.sample(ScriptedDice([2, 6])).counter_attack


def test_vicious_adds_two_to_a_positive_bonus() -> None:
    """sm.combat.compare: Damage Bonus is the margin, +2 for Vicious when positive."""
    attack = m.CombatAttack(m.DicePool(1), 4, m.DicePool(1), 3, m.DamageCheck(3, 0, 3, 0, 5),
                            vicious=True)
    assert attack.damage_bonus(0) == 0 and attack.damage_bonus(3) == 5


def test_attack_query_shape_and_exactness() -> None:
    """The issue's command: miss / no_effect / shocked / wounded summing to one."""
    result = odds.run("sword-marches", "attack", attacker_cbt=4, attacker_dice=2,
                      defender_cbt=3, damage=3, con=3, arm=4, threshold=5, helmet=True)
    data = result.to_json()
    assert list(data["distribution"]) == ["miss", "no_effect", "shocked", "wounded"]
    assert result.distribution is not None
    assert sum(result.distribution.probabilities.values()) == 1
    # P(hit): max(2d10) + 4 >= d10 + 3, by hand over all 1000 rolls
    hits = sum(1 for a in range(1, 11) for b in range(1, 11) for c in range(1, 11)
               if max(a, b) + 4 >= c + 3)
    assert result.payload["hit"] == Fraction(hits, 1000)


def test_check_query_by_hand() -> None:
    """sm.check.difficulty: d10 + 4 against d10 + 5 passes 45 times in 100."""
    assert odds.run("sword-marches", "check", rating=4, difficulty=5).probability == \
        Fraction(45, 100)
    with_tactical = odds.run("sword-marches", "check", rating=4, difficulty=5, tactical=True)
    assert with_tactical.probability > Fraction(45, 100)


def test_random_check() -> None:
    """sm.check.random: |d10 - d10| is 0 one time in ten, 9 two times in a hundred."""
    dist = m.RandomCheck().distribution()
    assert dist[0] == Fraction(1, 10) and dist[9] == Fraction(2, 100)
    assert enumerate_sample(lambda d: m.RandomCheck().sample(d)[2]) == dist


def test_attack_rejects_bad_input() -> None:
    with pytest.raises(OddsError) as caught:
        odds.run("sword-marches", "attack", attacker_cbt=-1, attacker_dice=0, defender_cbt=3,
                 damage=3, con=3, attacker_tactical="both")
    text = str(caught.value)
    assert "--attacker-cbt" in text and "--attacker-dice" in text
    assert "--attacker-tactical" in text
    with pytest.raises(OddsError, match="needs an At Risk Attacker"):
        odds.run("sword-marches", "attack", attacker_cbt=3, defender_cbt=3, damage=3, con=3,
                 at_risk=False, counter_damage=2)
