"""Dwethia Heroes odds: exact results against brute-force enumeration of the mechanics' own
``sample()`` and seeded Monte Carlo runs of it; the comparison chart follows the book's worked
example.

Rule ids refer to shared/rules/dwethia.yaml.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from odds_helpers import assert_fits, enumerate_sample, monte_carlo

from warband import odds
from warband.core.dice import ScriptedDice
from warband.odds import OddsError
from warband.rulesets.dwethia import mechanics as m


def test_comparison_chart_follows_the_worked_example() -> None:
    """dwethia.combat.comparison_chart, dwethia.melee.arv example: ARV 5 against 4 needs 3+,
    4 against 5 needs 5+ (the chart's text says the opposite; the example wins)."""
    assert m.target_number(5, 4) == 3
    assert m.target_number(4, 5) == 5


@pytest.mark.parametrize(("x", "y", "needed"), [
    (8, 4, 2), (9, 4, 2), (7, 4, 3), (4, 4, 4), (3, 4, 5), (2, 4, 6), (1, 4, 6), (3, 5, 5),
    (2, 5, 6), (0, 3, 6), (-2, 3, 6), (2, 0, 2), (1, 1, 4), (2, 1, 2),
])
def test_comparison_chart_lines(x: int, y: int, needed: int) -> None:
    """dwethia.combat.comparison_chart: double - 2+, higher - 3+, equal - 4+, lower but more
    than half - 5+, half or lower - 6+; X of 0 or less needs 6+, Y of 0 or less counts as 1."""
    assert m.target_number(x, y) == needed


def test_chart_is_monotonic() -> None:
    """dwethia.combat.comparison_chart: a higher acting value never needs a higher score."""
    for y in range(1, 12):
        needs = [m.target_number(x, y) for x in range(-2, 30)]
        assert needs == sorted(needs, reverse=True)


@pytest.mark.parametrize("attack", [
    m.MeleeAttack(2, 5, 4, 4, 3),
    m.MeleeAttack(2, 3, 6, 2, 5, save=4),
    m.MeleeAttack(2, 4, 4, 4, 4, save=5, destiny=1),
    m.MeleeAttack(1, 2, 5, 3, 3, destiny=2),
    m.MeleeAttack(2, 4, 4, 3, 3, destiny=2, goal="at_least", goal_wounds=2),
], ids=repr)
def test_melee_attack_matches_enumeration(attack: m.MeleeAttack) -> None:
    """dwethia.melee.attack_dice, dwethia.melee.arv, dwethia.melee.wound_roll,
    dwethia.combat.saves, dwethia.destiny.rerolls: every die sample() rolls, enumerated."""
    assert enumerate_sample(lambda d: attack.sample(d).unsaved) == attack.distribution()


@pytest.mark.parametrize("attack", [
    m.MeleeAttack(8, 5, 4, 4, 3, save=5, destiny=4),
    m.MeleeAttack(10, 4, 5, 3, 3, save=4, destiny=6, goal="at_least", goal_wounds=3),
], ids=repr)
def test_melee_attack_matches_monte_carlo(attack: m.MeleeAttack) -> None:
    """dwethia.melee.*, dwethia.destiny.rerolls: seeded Monte Carlo of sample()."""
    assert_fits(attack.distribution(), monte_carlo(lambda d: attack.sample(d).unsaved,
                                                   20_000, 23))


def _mean_with_policy(dice: int, p_hit: Fraction, p_wound: Fraction, destiny: int,
                      hit_rerolls: int | None) -> Fraction:
    """Brute-force mean wounds when the attacker re-rolls ``hit_rerolls`` failed attack dice
    (None: every one it can), then failed wound dice with the rest."""
    mean = Fraction(0)
    for hits in range(dice + 1):
        ph = comb(dice, hits) * p_hit**hits * (1 - p_hit) ** (dice - hits)
        limit = min(dice - hits, destiny)
        r = limit if hit_rerolls is None else min(hit_rerolls, limit)
        for extra in range(r + 1):
            pe = comb(r, extra) * p_hit**extra * (1 - p_hit) ** (r - extra)
            total = hits + extra
            for w in range(total + 1):
                pw = comb(total, w) * p_wound**w * (1 - p_wound) ** (total - w)
                again = min(total - w, destiny - r)
                mean += ph * pe * pw * (w + again * p_wound)
    return mean


def test_destiny_policy_beats_simple_policies() -> None:
    """dwethia.destiny.rerolls: the Destiny policy is at least as good (mean wounds) as
    re-rolling every failed attack die first, or keeping it all for the wound roll."""
    attack = m.MeleeAttack(6, 4, 5, 3, 5, destiny=3)  # hits on 5+, wounds on 5+
    best = sum((k * p for k, p in attack.distribution().items()), Fraction(0))
    p_hit, p_wound = Fraction(1, 3), Fraction(1, 3)
    greedy = _mean_with_policy(6, p_hit, p_wound, 3, None)
    hoard = _mean_with_policy(6, p_hit, p_wound, 3, 0)
    assert best >= greedy and best >= hoard
    assert best > min(greedy, hoard)  # the choice matters in this case
    no_destiny = m.MeleeAttack(6, 4, 5, 3, 5).distribution()
    assert best > sum((k * p for k, p in no_destiny.items()), Fraction(0))


def test_melee_by_hand() -> None:
    """dwethia.melee.*: 1 die, ARV 5 vs 4 (3+), Strength 4 vs Defense 3 (3+), Save 5+:
    4/6 * 4/6 * 4/6 = 8/27 of an unsaved wound."""
    dist = odds.run("dwethia", "attack", dice=1, attacker_arv=5, defender_arv=4, strength=4,
                    defence=3, save=5).distribution
    assert dist is not None and dist[1] == Fraction(8, 27)


def test_defensive_move_improves_the_save() -> None:
    """dwethia.move.defensive: a Legionaire's 5+ save becomes 4+."""
    moved = odds.run("dwethia", "attack", dice=3, attacker_arv=4, defender_arv=4, strength=4,
                     defence=4, save=5, defensive_move=True)
    assert moved.payload["save_on"] == 4


@pytest.mark.parametrize("attack", [m.RangedAttack(2, 3, 2, 4, save=5),
                                    m.RangedAttack(2, 4, 3, 5, cover=2, destiny=1)], ids=repr)
def test_shooting_matches_enumeration(attack: m.RangedAttack) -> None:
    """dwethia.shoot.attack_roll, dwethia.shoot.hit_modifiers, dwethia.combat.saves."""
    assert enumerate_sample(lambda d: attack.sample(d).unsaved) == attack.distribution()


def test_opportunity_attack_by_hand() -> None:
    """dwethia.melee.opportunity_attack example: two Aggression-3 enemies roll 6D6, each 6
    wounds."""
    dist = m.OpportunityAttack(6).distribution()
    assert dist == {k: comb(6, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (6 - k)
                    for k in range(7)}
    saved = m.OpportunityAttack(2, save=5)
    assert enumerate_sample(lambda d: saved.sample(d).unsaved) == saved.distribution()


def test_resistance_worked_example() -> None:
    """dwethia.magic.faith_resistance, dwethia.magic.destiny_bidding example: Necromancer 5 + 4
    = 9, Commissar 4 + 2 = 6; with Destiny 1 against 6 the Commissar ends 12 to 10 and the
    spell fails."""
    roll = m.ResistanceRoll(4, 2, 1, 6).sample(ScriptedDice([5, 4]))
    assert (roll.caster_total, roll.defender_total) == (9, 6)
    assert not roll.resolves
    assert m.ResistanceRoll(4, 2, 1, 2).sample(ScriptedDice([5, 4])).resolves  # 10 vs 10: tie


def test_resistance_by_hand_and_enumeration() -> None:
    """dwethia.magic.faith_resistance: the caster wins ties; +4 against +2 fails only when the
    defender's die beats the caster's by 3 or more (6 rolls in 36)."""
    roll = m.ResistanceRoll(4, 2)
    assert roll.probability() == Fraction(30, 36)
    for r in (m.ResistanceRoll(0, 0), m.ResistanceRoll(2, 3, 1, 0), m.ResistanceRoll(4, 2, 1, 6)):
        got = enumerate_sample(lambda d, r=r: r.sample(d).resolves)
        assert got.get(True, Fraction(0)) == r.probability()
    q = odds.run("dwethia", "resist", affinity=4, faith=2, affinity_destiny=1, faith_destiny=6)
    assert q.probability == m.ResistanceRoll(4, 2, 1, 6).probability()
    assert q.payload["negated"] == 1 - q.probability


def test_attack_rejects_bad_input() -> None:
    with pytest.raises(OddsError) as caught:
        odds.run("dwethia", "attack", dice=-1, attacker_arv=5, defender_arv=4, strength=4,
                 defence=3, save=9)
    text = str(caught.value)
    assert "--dice" in text and "--save" in text
