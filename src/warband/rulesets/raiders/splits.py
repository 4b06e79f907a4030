"""The secret split of combat dice as a two-player zero-sum game, solved by linear programming.

In a round of combat both players split their unit's combat dice between attack and defence at
the same time and in secret (raiders.combat.allocate). Each pair of splits gives an exact
expected result from :class:`~warband.rulesets.raiders.mechanics.CombatDirection` (one per
direction, independent of each other); the payoff to side A is what it inflicts minus what it
suffers, counted in wounds or in figures removed (optionally weighted, e.g. by silver per
figure). The optimal mixed strategies and the value of the game come from the usual linear
program (scipy's HiGHS solver): side A maximises ``v`` subject to every B split giving A at
least ``v``.

The heuristic AI samples its split from its optimal mixed strategy; ``warband odds raiders
combat`` prints the strategies, the value and how fixed splits fare. The AI's estimates of a
fight read the value alone (:func:`solve_value`): a saddle point, else a small simplex in pure
Python checked against both players' strategies, which costs a fraction of the linear
program's set-up and gives the game's value within 1e-10 (relative); the linear program's own
value is within HiGHS's tolerances of it (up to about 5e-8 on some fights).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Final, Literal

from warband.core.values import ValueRecord
from warband.rulesets.raiders.mechanics import CombatDirection, casualties

__all__ = [
    "SIDE_FIELDS",
    "CombatSide",
    "SideFields",
    "Metric",
    "SplitSolution",
    "attack_dice_rolled",
    "expected_payoff",
    "game_value",
    "payoff_column",
    "payoff_matrix",
    "solve",
    "solve_value",
    "solve_zero_sum",
    "split_range",
    "wounds_distribution",
]

Metric = Literal["wounds", "casualties"]


#: a :class:`CombatSide`'s fields as a plain tuple, in order (:meth:`CombatSide.fields`: what
#: the AI keeps of a side across games)
SideFields = tuple[int, int, int, int, int, int, bool, int, int, int, float]


class CombatSide(ValueRecord):
    """One unit in a round of combat, with every modifier already applied.

    ``pool``: its combat dice (raiders.combat.dice_pool); ``min_defence``: dice that must go to
    defence (Shields: one per figure, raiders.ability.shields); ``shield_wall``: attack dice
    halved after allocation and failed defence dice re-rolled (raiders.ability.shield_wall_combat).
    ``figures``, ``hp`` and ``carried`` (wounds already on the current figure) turn wounds into
    figures removed; ``weight`` is what one of its figures is worth to the payoff.

    A value like a frozen dataclass (compared and hashed by its fields, read-only), written
    out rather than made by ``dataclass``: the AI makes one for every fight side it weighs, and
    the compiled build compiles a written ``__init__`` but runs the one ``dataclass`` generates
    as Python code (docs/performance.md, "Compiled build"; ``core.geometry.MoveResult`` is
    written the same way). :data:`SIDE_FIELDS` names the fields in order.
    """

    __slots__ = ("pool", "attack_skill", "defence_bonus", "strength", "armour", "min_defence",
                 "shield_wall", "figures", "hp", "carried", "weight")

    def __init__(self, pool: int, attack_skill: int, defence_bonus: int, strength: int,
                 armour: int, min_defence: int = 0, shield_wall: bool = False, figures: int = 1,
                 hp: int = 1, carried: int = 0, weight: float = 1.0) -> None:
        self.pool: Final = pool
        self.attack_skill: Final = attack_skill
        self.defence_bonus: Final = defence_bonus
        self.strength: Final = strength
        self.armour: Final = armour
        self.min_defence: Final = min_defence
        self.shield_wall: Final = shield_wall
        self.figures: Final = figures
        self.hp: Final = hp
        self.carried: Final = carried
        self.weight: Final = weight

    def fields(self) -> SideFields:
        return (self.pool, self.attack_skill, self.defence_bonus, self.strength, self.armour,
                self.min_defence, self.shield_wall, self.figures, self.hp, self.carried,
                self.weight)

    def __repr__(self) -> str:
        return "CombatSide(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(SIDE_FIELDS, self.fields(), strict=True)
        ) + ")"


#: a :class:`CombatSide`'s fields, in order (its constructor's arguments)
SIDE_FIELDS: tuple[str, ...] = ("pool", "attack_skill", "defence_bonus", "strength", "armour",
                                "min_defence", "shield_wall", "figures", "hp", "carried",
                                "weight")


def split_range(side: CombatSide) -> range:
    """The legal numbers of attack dice: 0 up to the pool less the dice owed to defence."""
    return range(0, max(0, side.pool - min(side.pool, side.min_defence)) + 1)


def attack_dice_rolled(side: CombatSide, allocated: int) -> int:
    """Attack dice after modifiers: halved, rounding down, in a shield wall
    (raiders.combat.modify)."""
    return allocated // 2 if side.shield_wall else allocated


def direction(attacker: CombatSide, a_attack: int, defender: CombatSide,
              d_attack: int) -> CombatDirection:
    """The attack of ``attacker`` (allocating ``a_attack``) on ``defender`` (``d_attack`` to
    attack, the rest of its pool to defence)."""
    return CombatDirection(
        attack=attack_dice_rolled(attacker, a_attack),
        defence=defender.pool - d_attack,
        block_on=attacker.attack_skill - defender.defence_bonus,
        wound_on=defender.armour - attacker.strength,
        reroll_defence=defender.shield_wall,
    )


# The small pure functions the payoff matrices call thousands of times a game keep their answers
# in plain dicts rather than behind ``lru_cache``: compiled code calls an ``lru_cache`` wrapper
# as a generic Python object (its arguments packed into a tuple, then hashed into a key made
# again), about 1,200 instructions a call against a few hundred for a look-up in a dict it
# reads directly (docs/performance.md, Raiders, issue 16 session 10). A dict is emptied when
# full: its values depend on their keys alone, so that never changes an answer.

#: the most answers each of these dicts keeps before it is emptied
_MEMO_LIMIT = 65536

_BINOMIALS: dict[tuple[int, float], tuple[float, ...]] = {}
_WOUNDS: dict[tuple[int, int, float, float], tuple[float, ...]] = {}
_CHANCES: dict[tuple[int, int, bool], tuple[float, float]] = {}


def _binomial_f(n: int, p: float) -> tuple[float, ...]:
    key = (n, p)
    kept = _BINOMIALS.get(key)
    if kept is None:
        if len(_BINOMIALS) >= _MEMO_LIMIT:
            _BINOMIALS.clear()
        q = 1.0 - p
        kept = _BINOMIALS[key] = tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))
    return kept


def _wounds_f(attack: int, defence: int, save: float, wound: float) -> tuple[float, ...]:
    """P(k wounds), k = 0..attack: the float twin of CombatDirection.distribution() (the
    payoff matrix needs many of them; a test checks they agree)."""
    key = (attack, defence, save, wound)
    kept = _WOUNDS.get(key)
    if kept is not None:
        return kept
    out = [0.0] * (attack + 1)
    for saves, p in enumerate(_binomial_f(defence, save)):
        left = max(0, attack - saves)
        for w, q in enumerate(_binomial_f(left, wound)):
            out[w] += p * q
    if len(_WOUNDS) >= _MEMO_LIMIT:
        _WOUNDS.clear()
    kept = _WOUNDS[key] = tuple(out)
    return kept


def wounds_distribution(mech: CombatDirection) -> tuple[float, ...]:
    return _wounds_f(mech.attack, mech.defence, float(mech.save_chance), float(mech.wound_chance))


def _chances(block_on: int, wound_on: int, reroll_defence: bool) -> tuple[float, float]:
    """A direction's save and wound chances as floats (the same exact Fractions as
    :class:`CombatDirection`'s, converted once per combination rather than per payoff)."""
    key = (block_on, wound_on, reroll_defence)
    kept = _CHANCES.get(key)
    if kept is None:
        if len(_CHANCES) >= _MEMO_LIMIT:
            _CHANCES.clear()
        mech = CombatDirection(0, 0, block_on, wound_on, reroll_defence)
        kept = _CHANCES[key] = (float(mech.save_chance), float(mech.wound_chance))
    return kept


def _expected_loss(attack: int, defence: int, save: float, wound: float, carried: int, hp: int,
                   figures: int, weight: float, metric: Metric) -> float:
    """What a side (``carried``, ``hp``, ``figures``, ``weight``) expects to lose to
    ``attack`` dice against its ``defence`` dice, in the metric's unit, weighted."""
    dist = _wounds_f(attack, defence, save, wound)
    if metric == "wounds":
        return sum(k * p for k, p in enumerate(dist)) * weight
    total = 0.0
    for wounds, p in enumerate(dist):
        if p:
            removed, _ = casualties(wounds, carried, hp, figures)
            total += removed * p
    return total * weight


#: a side's memo of :func:`_expected_loss`: the side's and the direction's fixed arguments
#: (save, wound, carried, hp, figures, weight, metric) -> {(attack, defence): loss}
_SideKey = tuple[float, float, int, int, int, float, str]
_LOSS_MEMOS: dict[_SideKey, dict[tuple[int, int], float]] = {}
#: side memos kept before all are dropped (a memo's values depend on its key alone, so
#: dropping them never changes an answer)
_LOSS_MEMO_SIDES = 4096


def _loss_memo(save: float, wound: float, side: CombatSide,
               metric: Metric) -> dict[tuple[int, int], float]:
    """The memo of ``side``'s expected losses (keyed on the attack and defence dice) when
    its defence saves with ``save`` and the attack wounds with ``wound``: the payoff matrix
    hashes the seven fixed arguments once per side, not nine per entry."""
    key = (save, wound, side.carried, side.hp, side.figures, side.weight, metric)
    memo = _LOSS_MEMOS.get(key)
    if memo is None:
        if len(_LOSS_MEMOS) >= _LOSS_MEMO_SIDES:
            _LOSS_MEMOS.clear()
        memo = _LOSS_MEMOS[key] = {}
    return memo


def _side_loss(memo: dict[tuple[int, int], float], attack: int, defence: int, save: float,
               wound: float, side: CombatSide, metric: Metric) -> float:
    """:func:`_expected_loss` through ``side``'s memo (:func:`_loss_memo` of the same
    ``save``, ``wound`` and ``metric``)."""
    loss = memo.get((attack, defence))
    if loss is None:
        loss = memo[(attack, defence)] = _expected_loss(
            attack, defence, save, wound, side.carried, side.hp, side.figures, side.weight,
            metric)
    return loss


def _loss(side: CombatSide, mech: CombatDirection, metric: Metric) -> float:
    """What ``side`` expects to lose to ``mech``, in the metric's unit, weighted."""
    save, wound = _chances(mech.block_on, mech.wound_on, mech.reroll_defence)
    return _side_loss(_loss_memo(save, wound, side, metric), mech.attack, mech.defence, save,
                      wound, side, metric)


def expected_payoff(a: CombatSide, a_attack: int, b: CombatSide, b_attack: int,
                    metric: Metric = "wounds") -> float:
    """A's payoff for one pair of splits: expected loss to B minus expected loss to A."""
    return (_loss(b, direction(a, a_attack, b, b_attack), metric)
            - _loss(a, direction(b, b_attack, a, a_attack), metric))


def payoff_matrix(a: CombatSide, b: CombatSide, metric: Metric = "wounds") -> list[list[float]]:
    """Rows: A's attack dice (``split_range(a)``); columns: B's; entries: A's payoff.

    Each entry is :func:`expected_payoff`; the chances of each direction are worked out once
    for the whole matrix and each side's expected losses once per row or column pair, so no
    :class:`CombatDirection` is built per entry (the same floats, computed the same way)."""
    return _payoffs(a, b, split_range(b), metric)


def payoff_column(a: CombatSide, b: CombatSide, b_attack: int,
                  metric: Metric = "wounds") -> list[float]:
    """The column of :func:`payoff_matrix` where B attacks with ``b_attack`` dice (A's payoff
    for each of its splits, in ``split_range(a)``'s order), without the other columns
    (raiders.combat.allocate: the same floats, each :func:`expected_payoff`)."""
    return [row[0] for row in _payoffs(a, b, (b_attack,), metric)]


def _payoffs(a: CombatSide, b: CombatSide, b_splits: Sequence[int],
             metric: Metric) -> list[list[float]]:
    """:func:`payoff_matrix`'s rows (one per split of A, in ``split_range(a)``'s order) with
    only the columns of B's splits ``b_splits``, in that order."""
    b_save, b_wound = _chances(a.attack_skill - b.defence_bonus, b.armour - a.strength,
                               b.shield_wall)
    a_save, a_wound = _chances(b.attack_skill - a.defence_bonus, a.armour - b.strength,
                               a.shield_wall)
    b_columns = [(attack_dice_rolled(b, j), b.pool - j) for j in b_splits]
    b_memo = _loss_memo(b_save, b_wound, b, metric)
    a_memo = _loss_memo(a_save, a_wound, a, metric)
    loss = _side_loss
    out = []
    for i in split_range(a):
        a_attack, a_defence = attack_dice_rolled(a, i), a.pool - i
        out.append([
            loss(b_memo, a_attack, b_defence, b_save, b_wound, b, metric)
            - loss(a_memo, b_attack, a_defence, a_save, a_wound, a, metric)
            for b_attack, b_defence in b_columns])
    return out


def _saddle_point(matrix: Sequence[Sequence[float]]) -> tuple[float, int, int] | None:
    """The value of the zero-sum game ``matrix`` and the row and column of a pure solution,
    if it has a saddle point (the max of the row minima equal to the min of the column
    maxima, within 1e-12); None if it has none (its solution is mixed)."""
    n_rows, n_cols = len(matrix), len(matrix[0])
    row_min = [min(r) for r in matrix]
    col_max = [max(matrix[i][j] for i in range(n_rows)) for j in range(n_cols)]
    lower, upper = max(row_min), min(col_max)
    if upper - lower > 1e-12:
        return None
    return lower, row_min.index(lower), col_max.index(upper)


def solve_zero_sum(matrix: Sequence[Sequence[float]]) -> tuple[float, list[float], list[float]]:
    """Value and optimal mixed strategies (rows, columns) of the zero-sum game ``matrix``
    (the row player receives the entries).

    A saddle point (max of the row minima equal to the min of the column maxima) is a pure
    solution and needs no linear program; otherwise the row player's program is solved and the
    column player's strategy read from its dual (checked, else solved on its own).
    """
    n_rows, n_cols = len(matrix), len(matrix[0])
    saddle = _saddle_point(matrix)
    if saddle is not None:
        value, i, j = saddle
        return value, [float(k == i) for k in range(n_rows)], [float(k == j) for k in range(n_cols)]
    value, rows, duals = _maximin(matrix)
    if duals is not None and abs(sum(duals) - 1.0) < 1e-6:
        return value, rows, duals
    transposed = [[-matrix[i][j] for i in range(n_rows)] for j in range(n_cols)]
    _, cols, _ = _maximin(transposed)
    return value, rows, cols


def game_value(matrix: Sequence[Sequence[float]]) -> float:
    """The value of the zero-sum game ``matrix`` (the row player receives the entries), as
    :func:`solve_zero_sum` gives it, without the optimal strategies: for the AI's estimates,
    which read the value alone.

    A saddle point gives the same float as :func:`solve_zero_sum` (the same comparisons).
    Otherwise a small simplex in pure Python (:func:`_simplex_value`) solves the game, far
    cheaper than setting up scipy's linear program for a dozen rows; its answer is checked
    against both players' strategies it found (each guarantees its side the value within
    :data:`VALUE_TOLERANCE`), and a game it cannot settle so goes to the linear program. The
    value of a zero-sum game is unique, so the two differ only by the linear program's
    tolerance (up to about 5e-8, where HiGHS is the one off: a test checks the answer lies
    in the bracket the linear program's strategies guarantee, over many random games)."""
    saddle = _saddle_point(matrix)
    if saddle is not None:
        return saddle[0]
    value = _simplex_value(matrix)
    if value is None:  # pragma: no cover - a safety net: the checked simplex settles them all
        value = _maximin(matrix)[0]
    return value


#: how far apart the payoffs each player's strategy guarantees may be for
#: :func:`_simplex_value` to answer (scaled by the size of the value)
VALUE_TOLERANCE = 1e-10


def _simplex_value(matrix: Sequence[Sequence[float]]) -> float | None:
    """The game's value by the simplex method on the column player's program, in pure Python:
    with every entry shifted to at least 1 (``A = matrix - shift``), the column player
    maximises ``sum(y)`` subject to ``A y <= 1``, ``y >= 0`` (Dantzig's rule: the most negative
    reduced cost enters); the game's value is then ``1 / max sum(y) + shift``, the optimal
    ``y`` normalised is the column player's strategy and the row player's is the dual (the
    slack columns' reduced costs). Rather than that quotient, both strategies are checked on
    the original matrix: the row player's guarantees ``lo``, the column player's concedes at
    most ``hi``, so the value lies between, and the midpoint is the answer; None if they are
    further apart than :data:`VALUE_TOLERANCE` allows (or the method stalls)."""
    m, n = len(matrix), len(matrix[0])
    shift = min(min(r) for r in matrix) - 1.0
    # tableau rows: A[i] | slack e_i | rhs 1; objective row: -1 per y_j, 0 per slack
    rows = [[v - shift for v in matrix[i]] + [float(k == i) for k in range(m)] + [1.0]
            for i in range(m)]
    obj = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    width = n + m
    for _ in range(50 * (m + n)):
        col = -1
        most = -1e-12
        for k in range(width):
            if obj[k] < most:
                most, col = obj[k], k
        if col < 0:
            break
        pivot_row = -1
        best = math.inf
        for i in range(m):
            a = rows[i][col]
            if a > 1e-12:
                ratio = rows[i][width] / a
                if ratio < best:
                    best, pivot_row = ratio, i
        if pivot_row < 0:  # pragma: no cover - bounded: every entry of A is positive
            return None
        prow = rows[pivot_row]
        piv = prow[col]
        prow = rows[pivot_row] = [v / piv for v in prow]
        for i in range(m):
            if i != pivot_row:
                r = rows[i]
                f = r[col]
                if f != 0.0:
                    rows[i] = [a - f * b for a, b in zip(r, prow, strict=True)]
        f = obj[col]
        obj = [a - f * b for a, b in zip(obj, prow, strict=True)]
        basis[pivot_row] = col
    else:  # pragma: no cover - no cycling met; the linear program answers instead
        return None
    y = [0.0] * n
    for i, b in enumerate(basis):
        if b < n:
            y[b] = max(0.0, rows[i][width])
    x = [max(0.0, obj[n + i]) for i in range(m)]
    sy, sx = sum(y), sum(x)
    if sy <= 0.0 or sx <= 0.0:  # pragma: no cover - degenerate beyond repair
        return None
    lo = min(sum(x[i] * matrix[i][j] for i in range(m)) for j in range(n)) / sx
    hi = max(sum(matrix[i][j] * y[j] for j in range(n)) for i in range(m)) / sy
    if hi - lo > VALUE_TOLERANCE * (1.0 + abs(lo)):
        return None
    return (lo + hi) / 2


def _maximin(matrix: Sequence[Sequence[float]]) -> tuple[float, list[float], list[float] | None]:
    """max_x min_j sum_i x_i M[i][j] by linear programming (variables x_1..x_m, v); also the
    constraints' duals, which are the column player's optimal strategy."""
    import numpy as np
    from scipy.optimize import linprog

    m = np.asarray(matrix, dtype=float)
    n_rows, n_cols = m.shape
    if n_rows == 1:
        j = int(m[0].argmin())
        return float(m[0].min()), [1.0], [float(k == j) for k in range(n_cols)]
    c = np.zeros(n_rows + 1)
    c[-1] = -1.0  # maximise v
    # v - sum_i x_i M[i][j] <= 0 for every column j
    a_ub = np.hstack([-m.T, np.ones((n_cols, 1))])
    b_ub = np.zeros(n_cols)
    a_eq = np.zeros((1, n_rows + 1))
    a_eq[0, :n_rows] = 1.0
    bounds = [(0.0, None)] * n_rows + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not res.success:  # pragma: no cover - a finite matrix game always has a solution
        raise RuntimeError(f"linear program failed: {res.message}")
    x = [max(0.0, float(v)) for v in res.x[:n_rows]]
    total = sum(x) or 1.0
    duals = None
    marginals = getattr(getattr(res, "ineqlin", None), "marginals", None)
    if marginals is not None:
        y = [max(0.0, -float(v)) for v in marginals]
        duals = [v / (sum(y) or 1.0) for v in y] if sum(y) > 0 else None
    return float(res.x[-1]), [v / total for v in x], duals


@dataclass(frozen=True, slots=True)
class SplitSolution:
    """The solved game: A's and B's optimal mixed strategies over their attack-dice counts, the
    value to A, and the payoff matrix."""

    a_splits: tuple[int, ...]
    b_splits: tuple[int, ...]
    a_strategy: tuple[float, ...]
    b_strategy: tuple[float, ...]
    value: float
    matrix: tuple[tuple[float, ...], ...]
    metric: Metric

    def against_b_optimal(self, a_attack: int) -> float:
        """A's expected payoff from always allocating ``a_attack``, if B plays optimally."""
        row = self.matrix[self.a_splits.index(a_attack)]
        return sum(p * v for p, v in zip(self.b_strategy, row, strict=True))

    def against_a_optimal(self, b_attack: int) -> float:
        """A's expected payoff when B always allocates ``b_attack`` and A plays optimally."""
        j = self.b_splits.index(b_attack)
        return sum(p * row[j] for p, row in zip(self.a_strategy, self.matrix, strict=True))

    def worst_case_a(self, a_attack: int) -> float:
        """A's payoff from the fixed split ``a_attack`` against B's best reply."""
        return min(self.matrix[self.a_splits.index(a_attack)])

    def worst_case_b(self, b_attack: int) -> float:
        """A's payoff when B's fixed split ``b_attack`` meets A's best reply (B's worst case)."""
        j = self.b_splits.index(b_attack)
        return max(row[j] for row in self.matrix)


@lru_cache(maxsize=4096)
def solve(a: CombatSide, b: CombatSide, metric: Metric = "wounds") -> SplitSolution:
    """Solve the secret split between ``a`` and ``b``."""
    matrix = payoff_matrix(a, b, metric)
    value, xs, ys = solve_zero_sum(matrix)
    return SplitSolution(
        tuple(split_range(a)), tuple(split_range(b)), tuple(xs), tuple(ys), value,
        tuple(tuple(r) for r in matrix), metric,
    )


@lru_cache(maxsize=4096)
def solve_value(a: CombatSide, b: CombatSide, metric: Metric = "wounds") -> float:
    """The value to A of the secret split between ``a`` and ``b`` (:func:`solve`'s value,
    through :func:`game_value`: no strategies, no linear program). For the AI's estimates;
    whatever samples a split or prints the strategies asks :func:`solve`."""
    return game_value(payoff_matrix(a, b, metric))
