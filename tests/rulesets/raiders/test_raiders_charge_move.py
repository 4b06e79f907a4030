"""raiders.action.charge: the rules' charge move, worked out from the units in reach and kept
on the table (issue 16, session 11), ends where :meth:`Table.move` with every other unit on
the table ends, and touches exactly when that move does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_
from raiders_helpers import TERRAIN, WARRIORS_1, bare_state, place

from warband.core.geometry import CONTACT
from warband.rulesets.raiders.rules.movement import charge_move

spots = st_.tuples(st_.floats(2, 46), st_.floats(2, 34))


@settings(max_examples=60, deadline=None)
@given(st_.lists(spots, min_size=14, max_size=14), st_.integers(0, 13),
       st_.sampled_from([4.0, 6.0, 12.0]))
def test_raiders_action_charge_move_is_the_move_past_every_unit(
        where: list[tuple[float, float]], target_at: int, allowance: float) -> None:
    st = bare_state(terrain=TERRAIN)
    for uid, (x, y) in enumerate(where):
        place(st, uid, x, y)
    u = st.units[WARRIORS_1]
    target = st.units[target_at]
    if target is u:
        return
    start = (u.x, u.y)
    everyone = [o.base for o in st.units if o.on_table and o is not u]
    touching = st.in_contact(u, target)
    full = st.table.move(start, (target.x, target.y), u.radius, allowance, everyone)
    for _ in range(2):  # worked out, then found on the table
        u.x, u.y = start
        contact = charge_move(st, u, target, allowance, "charge")
        if touching:
            assert (u.x, u.y) == start and contact
        else:
            assert (u.x, u.y) == (full.x, full.y)
            assert contact == (st.gap(u, target) <= CONTACT)
