"""Armies of Arcana odds: roll-under to-hit and saves, scatter attacks and break tests against
brute-force enumeration of the mechanics' ``sample()`` and hand counts.

Rule ids refer to shared/rules/armies.yaml.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from odds_helpers import assert_fits, enumerate_sample, monte_carlo

from warband import odds
from warband.odds import OddsError
from warband.rulesets.armies import mechanics as m


@pytest.mark.parametrize(("target", "p"), [(-1, 0), (0, 0), (1, Fraction(1, 6)), (4, Fraction(2, 3)),
                                           (6, 1), (9, 1)])
def test_roll_under_limits(target: int, p: Fraction) -> None:
    """armies.melee.to_hit (default reading): modified skill 0 or less never hits, 6 or more
    always does."""
    assert m.roll_under(target) == p


@pytest.mark.parametrize("attacks", [
    m.Attacks(4, 3),
    m.Attacks(3, 2, m.ArmourSave(5, 2)),
    m.Attacks(5, 2, m.ArmourSave(4, 5, fixed=True)),
    m.Attacks(2, 3, m.ArmourSave(4, 3, fixed=True, artillery=True)),
], ids=repr)
def test_attacks_match_enumeration(attacks: m.Attacks) -> None:
    """armies.melee.to_hit, armies.missile.to_hit, armies.combat.armour_save,
    armies.combat.fixed_armour, armies.missile.artillery_vs_fixed_armour."""
    assert enumerate_sample(lambda d: attacks.sample(d).wounds) == attacks.distribution()


def test_attacks_match_monte_carlo() -> None:
    """armies.melee.to_hit with armour saves, 30 attacks, seeded Monte Carlo."""
    attacks = m.Attacks(4, 30, m.ArmourSave(5, 1))
    assert_fits(attacks.distribution(), monte_carlo(lambda d: attacks.sample(d).wounds,
                                                    20_000, 29))


def test_melee_modifiers() -> None:
    """armies.melee.mod_slow_immobile (+1), mod_slope (-1), mod_obstruction (-1),
    mod_evasion (-1 per level)."""
    assert m.melee_modifier(slow=True) == 1
    assert m.melee_modifier(uphill=True, obstruction=True, evasion=2) == -4
    r = odds.run("armies", "hit", skill=4, slow=True, evasion=2)
    assert r.payload["modified_skill"] == 3 and r.payload["p_hit"] == Fraction(1, 2)


def test_missile_modifiers() -> None:
    """armies.missile.mod_*: long -1, short +1, cover -1, heavy cover -2 (not both), flying -1,
    Slow +1, evasion -1 each, massed rank and file +1."""
    assert m.missile_modifier(range_band="long", cover="heavy", flying=True) == -4
    assert m.missile_modifier(range_band="short", slow=True, massed=True, evasion=1) == 2
    r = odds.run("armies", "hit", skill=4, missile=True, range="short", cover="cover")
    assert r.payload["modified_skill"] == 4


def test_missile_only_options_need_missile_fire() -> None:
    with pytest.raises(OddsError, match="apply to missile fire only"):
        odds.run("armies", "hit", skill=4, cover="cover")
    with pytest.raises(OddsError, match="apply to melee only"):
        odds.run("armies", "hit", skill=4, missile=True, uphill=True)


def test_save_query_by_hand() -> None:
    """armies.combat.armour_save: armour 5 against strength 2 saves on 3 or less (1/2); fixed
    armour ignores strength unless magical; artillery applies half its strength, rounded up."""
    assert odds.run("armies", "save", armour=5, strength=2).probability == Fraction(1, 2)
    assert odds.run("armies", "save", armour=5, strength=2, fixed=True).probability == \
        Fraction(5, 6)
    assert odds.run("armies", "save", armour=5, strength=2, fixed=True,
                    magical=True).probability == Fraction(1, 2)
    art = odds.run("armies", "save", armour=5, strength=5, fixed=True, artillery=True)
    assert art.payload["target"] == 2  # 5 - ceil(5 / 2), the yaml's worked illustration


def test_hit_with_saves_mean_by_hand() -> None:
    """armies.melee.to_hit then armies.combat.armour_save: 10 attacks at skill 4 (2/3) against
    armour 4, strength 1 (saves on 3: 1/2) average 10 * 2/3 * 1/2 wounds."""
    r = odds.run("armies", "hit", skill=4, attacks=10, armour=4, strength=1)
    assert r.mean == Fraction(10, 3)


@pytest.mark.parametrize("scatter", [m.ScatterAttack(3, 1), m.ScatterAttack(3, 2),
                                     m.ScatterAttack(2, 2, vs_skirmish=True),
                                     m.ScatterAttack(6, 1), m.ScatterAttack(0, 2)], ids=repr)
def test_scatter_matches_enumeration(scatter: m.ScatterAttack) -> None:
    """armies.missile.scatter_partial, armies.missile.scatter_vs_skirmish."""
    assert enumerate_sample(lambda d: scatter.sample(d).hits) == scatter.distribution()


def test_scatter_partial_hit_by_hand() -> None:
    """armies.missile.scatter_partial: skill 3, 1D3 hits - a roll of 4 (miss by 1) gives half
    the D3, rounded up: 1, 1 or 2."""
    dist = m.ScatterAttack(3, 1).distribution()
    # hits of 1: full on 1-3 with D3=1 (3/6 * 1/3) + partial on 4 with D3 1 or 2 (1/6 * 2/3)
    assert dist[1] == Fraction(1, 6) + Fraction(1, 9)
    assert dist[0] == Fraction(2, 6)


def test_break_test() -> None:
    """armies.morale.test_roll (the yaml's reading): D6 equal to or under modified morale."""
    assert odds.run("armies", "morale", morale=4, modifier=-1).probability == Fraction(1, 2)
    assert enumerate_sample(lambda d: m.BreakTest(3).sample(d)[1])[True] == Fraction(1, 2)
