"""What the compiled build's Raiders changes keep the same (docs/performance.md, Raiders,
"Issue 16, session 9: the compiled build"): the AI's view of a move menu, and a unit's kept
base. Each runs pure and against the compiled build."""

from __future__ import annotations

import random

from raiders_helpers import RANGERS, WARRIORS_1, bare_state, place

from warband.core.geometry import Base
from warband.rulesets.raiders.rules.movement import move_candidates, move_menu_points
from warband.rulesets.raiders.state import footprint


def test_raiders_action_move_menu_points_are_the_offered_points() -> None:
    """raiders.action.move, raiders.action.run: the menu the AI weighs
    (:func:`move_menu_points`) is the rules' menu (:func:`move_candidates`: the decision's
    Point choices), point for point, label for label and in order, kept or made afresh."""
    rng = random.Random(9)
    st = bare_state()
    checked = 0
    for _ in range(40):
        for uid in (RANGERS, WARRIORS_1):
            place(st, uid, rng.uniform(4, 68), rng.uniform(4, 44))
        for u in st.units:
            if not u.on_table:
                continue
            for allowance in (float(u.move), float(u.run)):
                offered = [(p.x, p.y, p.label) for p in move_candidates(st, u, allowance)]
                assert list(move_menu_points(st, u, allowance)) == offered
                assert [type(v) for p in offered for v in p[:2]] == [float] * (2 * len(offered))
                checked += len(offered)
    assert checked > 200


def test_raiders_core_measurement_kept_base_follows_the_leader() -> None:
    """raiders.core.measurement, raiders.core.movement_formation: a unit's base (kept while it
    stands still) is always where its leader stands now, with the footprint of its figures
    now, as it moves, loses figures and gets them back."""
    rng = random.Random(3)
    st = bare_state()
    for u in st.units:
        size = u.figures
        for step in range(60):
            if step % 3 == 0:
                u.x, u.y = rng.uniform(0, 72), rng.uniform(0, 48)
            if step % 5 == 0:
                u.figures = rng.randint(1, size + 2)
            base = u.base
            assert isinstance(base, Base)
            assert base == Base(u.x, u.y, footprint(u.figures, u.r)) == (u.x, u.y, u.radius)
            assert u.base is base  # read again, unchanged: the one kept
