"""The secret split of combat dice solved as a zero-sum game (raiders.combat.allocate)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as hs
from raiders_helpers import combat_sides

from warband.rulesets.raiders.splits import (
    CombatSide,
    Metric,
    _simplex_value,
    expected_payoff,
    game_value,
    payoff_matrix,
    solve,
    solve_value,
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


split_sides = combat_sides


def _lp_bracket(matrix: list[list[float]]) -> tuple[float, float, float]:
    """The payoffs the linear program's strategies (:func:`solve_zero_sum`) guarantee: the row
    player's at least ``lo``, the column player's at most ``hi``, so the game's value lies in
    [lo, hi] whatever the solver's accuracy (weak duality); and the linear program's value.

    The value itself is no oracle to 1e-9: HiGHS answers within its own tolerances (about
    1e-7), and on some games its value is the row player's guarantee while the column
    player's strategy concedes 5e-8 more (the pool 6 against pool 9 fight below), where the
    checked simplex is within 1e-10 of both."""
    value, rows, cols = solve_zero_sum(matrix)
    n_rows, n_cols = len(matrix), len(matrix[0])
    lo = min(sum(rows[i] * matrix[i][j] for i in range(n_rows)) for j in range(n_cols))
    hi = max(sum(matrix[i][j] * cols[j] for j in range(n_cols)) for i in range(n_rows))
    return lo, hi, value


def _within(value: float, matrix: list[list[float]]) -> bool:
    """``value`` lies in the linear program's bracket of the game's value (1e-9 slack), and
    the bracket is narrow (the linear program's strategies are optimal within 1e-6)."""
    lo, hi, lp_value = _lp_bracket(matrix)
    slack = 1e-9 * (1.0 + abs(lp_value))
    return hi - lo <= 1e-6 * (1.0 + abs(lp_value)) and lo - slack <= value <= hi + slack


#: a real fight where HiGHS's value is 5e-8 below the game's (its strategies guarantee
#: [0.99999994720, 0.99999999789]; the simplex says 0.99999999788)
HIGHS_OFF = (
    CombatSide(pool=6, attack_skill=2, defence_bonus=2, strength=0, armour=3, shield_wall=True,
               hp=3),
    CombatSide(pool=9, attack_skill=5, defence_bonus=0, strength=0, armour=3, shield_wall=True,
               figures=2, carried=1),
    "casualties",
)


@settings(max_examples=300, deadline=None)
@example(*HIGHS_OFF)
@given(split_sides, split_sides, hs.sampled_from(["wounds", "casualties"]))
def test_raiders_combat_allocate_value_without_strategies_is_the_lp_value(
        a: CombatSide, b: CombatSide, metric: Metric) -> None:
    """raiders.combat.allocate: the split game's value worked out for the AI without the
    strategies (:func:`solve_value`: a saddle point, else a small pure-Python simplex) is
    the game's value as the linear program (:func:`solve`) brackets it (:func:`_within`),
    saddle points to the bit."""
    if a.pool == 0 and b.pool == 0:
        return
    matrix = payoff_matrix(a, b, metric)
    value = solve_value(a, b, metric)
    assert _within(value, matrix)
    lower = max(min(row) for row in matrix)
    upper = min(max(row[j] for row in matrix) for j in range(len(matrix[0])))
    if upper - lower <= 1e-12:
        assert value == solve_zero_sum(matrix)[0]


#: 2**-24, the smallest entry of :data:`TINY_GAME`
EPS = 5.960464477539063e-08
#: a game HiGHS calls worth 0 (-0.0): its value is -EPS / (4 + 2 EPS), about -1.49e-8 (worked
#: out in :func:`test_raiders_combat_allocate_tiny_game_value_is_exact`)
TINY_GAME = [[0.0, 0.0, 0.0, -1.0, 0.0], [3.0, 0.0, 0.0, 0.0, -1.0], [-EPS, 0.0, 0.0, 0.0, 0.0]]


@settings(max_examples=200, deadline=None)
@example(TINY_GAME)
@given(hs.lists(hs.lists(hs.floats(-50, 50), min_size=5, max_size=5), min_size=2, max_size=8))
def test_raiders_combat_allocate_simplex_value_is_the_lp_value(matrix: list[list[float]]) -> None:
    """raiders.combat.allocate: :func:`game_value` on any small game (mixed ones included,
    where the simplex answers) lies in the linear program's bracket of the value
    (:func:`_within`; the linear program's own value may be off by its tolerance)."""
    assert _within(game_value(matrix), matrix)
    mixed = max(min(r) for r in matrix) < min(max(r[j] for r in matrix) for j in range(5)) - 1e-12
    if mixed:
        simplex = _simplex_value(matrix)
        assert simplex is not None and _within(simplex, matrix)


def test_raiders_combat_allocate_tiny_game_value_is_exact() -> None:
    """raiders.combat.allocate: on :data:`TINY_GAME` (entries 0, -1, 3 and -2**-24) the value
    is -EPS / (4 + 2 EPS): the second column is all zeros, so it is at most 0; the row player
    must avoid the -1 entries, so it is below 0; the column player mixes y1 = -v/EPS,
    y4 = -v, y5 = 3 y1 - v, which sum to 1. The simplex gives it to rounding where the linear
    program's value (-0.0) is 1.5e-8 off."""
    exact = -EPS / (4.0 + 2.0 * EPS)
    assert abs(game_value(TINY_GAME) - exact) <= 1e-15


def test_raiders_combat_allocate_mixed_game_values() -> None:
    """raiders.combat.allocate: known mixed games: matching pennies is worth 0, and
    [[2, -1], [-1, 1]] is worth 1/5 (row mix 2/5, 3/5)."""
    assert abs(game_value([[1.0, -1.0], [-1.0, 1.0]])) < 1e-12
    assert abs(game_value([[2.0, -1.0], [-1.0, 1.0]]) - 0.2) < 1e-12
