"""What the compiled build's Raiders changes keep the same (docs/performance.md, Raiders,
"Issue 16, session 9: the compiled build"): a unit's kept base. Runs pure and against the
compiled build."""

from __future__ import annotations

import random

from raiders_helpers import bare_state

from warband.core.geometry import Base
from warband.rulesets.raiders.state import footprint


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
