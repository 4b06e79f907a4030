"""The secret split of combat dice solved as a zero-sum game (raiders.combat.allocate)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from warband.rulesets.raiders.splits import (
    CombatSide,
    expected_payoff,
    payoff_matrix,
    solve,
    solve_zero_sum,
    split_range,
)


def test_raiders_combat_allocate_matching_pennies_is_mixed() -> None:
    """A game with no saddle point: both sides mix 50/50 and the value is 0."""
    value, rows, cols = solve_zero_sum([[1.0, -1.0], [-1.0, 1.0]])
    assert abs(value) < 1e-9
    assert all(abs(p - 0.5) < 1e-6 for p in rows + cols)


def test_raiders_combat_allocate_saddle_point_is_pure() -> None:
    value, rows, cols = solve_zero_sum([[3.0, 1.0], [4.0, 2.0]])
    assert value == 2.0 and rows == [0.0, 1.0] and cols == [0.0, 1.0]


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.lists(hs.floats(-5, 5), min_size=4, max_size=4), min_size=1, max_size=6))
def test_raiders_combat_allocate_lp_strategies_are_optimal(matrix: list[list[float]]) -> None:
    """Each side's strategy guarantees the value against every reply of the other."""
    value, rows, cols = solve_zero_sum(matrix)
    assert abs(sum(rows) - 1) < 1e-6 and abs(sum(cols) - 1) < 1e-6
    worst_for_rows = min(sum(rows[i] * matrix[i][j] for i in range(len(matrix))) for j in range(4))
    best_against_cols = max(sum(cols[j] * matrix[i][j] for j in range(4)) for i in range(len(matrix)))
    assert worst_for_rows >= value - 1e-6
    assert best_against_cols <= value + 1e-6


def test_raiders_ability_shields_limit_the_attack_dice() -> None:
    """raiders.ability.shields: at least one die per figure goes to defence, so 6 shield
    bearers with 12 dice may put at most 6 into attack."""
    side = CombatSide(pool=12, attack_skill=5, defence_bonus=2, strength=0, armour=5,
                      min_defence=6, figures=6, hp=2)
    assert list(split_range(side)) == list(range(0, 7))


def _side(pool: int, skill: int, bonus: int, strength: int, armour: int, wall: bool) -> CombatSide:
    return CombatSide(pool, skill, bonus, strength, armour, shield_wall=wall,
                      figures=max(1, pool // 2), hp=2)


@settings(max_examples=25, deadline=None)
@given(hs.integers(1, 8), hs.integers(1, 8), hs.integers(3, 7), hs.integers(3, 7),
       hs.booleans())
def test_raiders_combat_allocate_game_is_zero_sum(pa: int, pb: int, asa: int, asb: int,
                                                  wall: bool) -> None:
    """Swapping the sides negates and transposes the payoff matrix and the value."""
    a = _side(pa, asa, 2, 0, 5, wall)
    b = _side(pb, asb, 1, 1, 5, False)
    m_ab = payoff_matrix(a, b, "casualties")
    m_ba = payoff_matrix(b, a, "casualties")
    for i in split_range(a):
        for j in split_range(b):
            assert abs(m_ab[i][j] + m_ba[j][i]) < 1e-9
    assert abs(solve(a, b, "wounds").value + solve(b, a, "wounds").value) < 1e-6


def test_raiders_combat_allocate_fixed_splits_do_no_better_than_optimal() -> None:
    """Against the opponent's optimal strategy no fixed split beats the game's value, and the
    optimal mix does at least as well as any fixed split in the worst case."""
    a = CombatSide(10, 5, 2, 0, 5, min_defence=5, figures=5, hp=2)
    b = CombatSide(12, 6, 1, 1, 5, figures=6, hp=2)
    sol = solve(a, b, "casualties")
    for k in sol.a_splits:
        assert sol.against_b_optimal(k) <= sol.value + 1e-6
        assert sol.worst_case_a(k) <= sol.value + 1e-6
    assert abs(expected_payoff(a, 0, b, 0) - 0.0) < 1e-12  # nobody attacks: nothing happens
