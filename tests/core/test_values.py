"""core.values.rounded: the same float as ``round`` (the menus' points depend on it).

Raiders' move menu (raiders.action.move, raiders.action.run: ``rules.movement._move_menu``
and ``_reachable_end``) and the split game's weights (``ai.tactics._weighted``) round with
:func:`warband.core.values.rounded`; a point or weight one bit off would change a game, so
it must equal ``round(x, digits)`` exactly, sign of zero included."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from warband.core.values import rounded


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


@settings(max_examples=3000)
@given(st.floats(allow_nan=True, allow_infinity=True), st.integers(0, 6))
def test_rounded_is_round_for_any_float(x: float, digits: int) -> None:
    """raiders.action.move (menu points): any float, any places, as ``round``."""
    assert _same(rounded(x, digits), round(x, digits))


@settings(max_examples=3000)
@given(st.integers(-10**7, 10**7), st.sampled_from([2, 3]),
       st.sampled_from([0.0, 5e-4, 5e-3, -5e-4, -5e-3, 1e-12, -1e-12]))
def test_rounded_near_ties_and_table_coordinates(k: int, digits: int, nudge: float) -> None:
    """raiders.action.move (menu points): points a thousandth apart and the halves between
    them (the ties ``round`` breaks on the exact binary value), as ``round``."""
    x = k / 1000 + nudge
    assert _same(rounded(x, digits), round(x, digits))


def test_rounded_known_ties_and_zeros() -> None:
    """raiders.action.run: the classic cases (2.675 is below the half in binary; 0.125 is an
    exact tie, to even; a small negative rounds to -0.0)."""
    for x, d in [(2.675, 2), (1.005, 2), (0.125, 2), (0.375, 2), (2.5, 0), (3.5, 0),
                 (-0.001, 2), (-0.0, 3), (0.0, 2), (71.9995, 3), (1e7, 2), (-1e7, 3)]:
        assert _same(rounded(x, d), round(x, d)), (x, d)
    assert math.copysign(1.0, rounded(-0.001, 2)) == -1.0
