"""The table's memoised queries (moves, deployment spots, packing) answer exactly as a table
that has never been asked anything: a cached answer is never reused for a different question
(other bases in the way, another allowance, another base already placed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from warband.core.geometry import Base, Table, Terrain, base_radius
from warband.kit.table import spread_out

R = base_radius(30)
TERRAIN = [
    Terrain.from_points("rock", "impassable", [(10, 10), (14, 10), (14, 13), (10, 13)]),
    Terrain.from_points("wood", "difficult", [(20, 4), (26, 4), (26, 9), (20, 9)], cover=True),
]


def fresh() -> Table:
    return Table(36, 36, list(TERRAIN))


coord = st.floats(1, 35)
bases = st.lists(st.tuples(coord, coord), max_size=4).map(
    lambda ps: [Base(x, y, R) for x, y in ps])


@settings(max_examples=60, deadline=None)
@given(coord, coord, coord, coord, st.floats(0.5, 12), bases, bases)
def test_a_cached_move_is_the_move_a_fresh_table_makes(
    sx: float, sy: float, gx: float, gy: float, allowance: float,
    first: list[Base], second: list[Base],
) -> None:
    """arcworlde.action.free_move (core movement): the same move asked again, or asked with
    other bases in the way, gives what a table asked nothing before gives."""
    table = fresh()
    for blockers in (first, second, first):
        stops = [i % 2 == 0 for i in range(len(blockers))]
        got = table.move((sx, sy), (gx, gy), R, allowance, blockers, stop_at=stops)
        assert got == fresh().move((sx, sy), (gx, gy), R, allowance, blockers, stop_at=stops)
    # another allowance is another question
    shorter = table.move((sx, sy), (gx, gy), R, allowance / 2, first)
    assert shorter == fresh().move((sx, sy), (gx, gy), R, allowance / 2, first)


@settings(max_examples=30, deadline=None)
@given(bases)
def test_deployment_spots_and_packing_follow_the_bases_already_placed(placed: list[Base]) -> None:
    """arcworlde.setup.deployment: free spots and the packing check are recomputed whenever
    the bases already on the table differ, and equal a fresh table's answer."""
    table = fresh()
    grid = [(x + 0.5, y + 0.5) for x in range(0, 36, 3) for y in range(0, 36, 3)]
    zone = (0.0, 0.0, 36.0, 8.0)
    for others in ([], placed, []):
        assert table.free_spots(grid, R, others) == [
            p for p in grid if fresh().fits(p[0], p[1], R, others)]
        assert table.packed_points(zone, R, others) == fresh().packed_points(zone, R, others)
        assert table.pack(zone, [R] * 12, others) == fresh().pack(zone, [R] * 12, others)
    spots = table.free_spots(grid, R)
    spots.clear()  # a caller changing its copy does not change the cached answer
    assert table.free_spots(grid, R) == fresh().free_spots(grid, R)


class _P:
    def __init__(self, x: float, y: float) -> None:
        self.x, self.y = x, y


def _spread_reference(points: list[_P], tol: float) -> list[_P]:
    out: list[_P] = []
    for p in points:
        if all(abs(p.x - o.x) > tol or abs(p.y - o.y) > tol for o in out):
            out.append(p)
    return out


@given(st.lists(st.tuples(st.floats(0, 10), st.floats(0, 10)), max_size=25))
def test_spread_out_keeps_the_first_of_close_points(coords: list[tuple[float, float]]) -> None:
    """Move menus (arcworlde.action.free_move suggestions) leave out a point within 0.75" on
    both axes of one already kept, keeping the first: the same list as the plain rule."""
    points = [_P(x, y) for x, y in coords]
    assert spread_out(points) == _spread_reference(points, 0.75)
