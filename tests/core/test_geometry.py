"""Core geometry: bases and distances, placement, movement (difficult terrain, round
impassable terrain, stopping at base contact, the table edge), line of sight and Cover."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from warband.core.geometry import (
    CONTACT,
    Base,
    Table,
    Terrain,
    TerrainKind,
    base_radius,
    edge_distance,
)

R30 = base_radius(30)
R40 = base_radius(40)


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def piece(kind: str, points: list[tuple[float, float]], **kw: bool) -> Terrain:
    return Terrain.from_points(kind, kind, points, **kw)


# ------------------------------------------------------------------ bases and distances
def test_base_radius_from_millimetres() -> None:
    assert base_radius(30) == pytest.approx(30 / 25.4 / 2)
    assert base_radius(50) == pytest.approx(0.984, abs=1e-3)


def test_edge_distance_is_centre_distance_minus_radii() -> None:
    assert edge_distance(0, 0, R30, 3, 4, R40) == pytest.approx(5 - R30 - R40)
    assert edge_distance(0, 0, 1, 1.5, 0, 1) == pytest.approx(-0.5)  # overlapping


def test_fits_on_table_off_impassable_and_not_overlapping() -> None:
    table = Table(36, 36, [piece("impassable", rect(10, 10, 12, 12))])
    assert table.fits(5, 5, R30)
    assert not table.fits(0.3, 5, R30)  # hangs off the edge
    assert table.fits(R30, R30, R30)  # in the corner, touching both edges
    assert not table.fits(11, 11, R30)  # on the rock
    assert not table.fits(10 - R30 + 0.1, 11, R30)  # overlaps its side
    assert table.fits(10 - R30, 11, R30)  # touching it is fine
    other = Base(5 + 2 * R30, 5, R30)
    assert table.fits(5, 5, R30, [other])  # touching another base
    assert not table.fits(5.1, 5, R30, [other])


def test_terrain_at_a_point() -> None:
    wood = piece("difficult", rect(0, 0, 4, 4), cover=True)
    table = Table(36, 36, [wood])
    assert table.terrain_at(2, 2) == [wood] and table.terrain_at(6, 6) == []
    assert wood.kind is TerrainKind.DIFFICULT


# ---------------------------------------------------------------------------- movement
def test_move_straight_up_to_the_allowance() -> None:
    res = Table().move((5, 5), (5, 20), R30, 4)
    assert (res.x, res.y, res.travelled, res.cost, res.blocked) == pytest.approx((5, 9, 4, 4, True))
    res = Table().move((5, 5), (5, 8), R30, 4)
    assert (res.x, res.y, res.travelled, res.blocked) == pytest.approx((5, 8, 3, False))


def test_move_stops_at_base_contact_with_the_base_it_heads_for() -> None:
    blocker = Base(5, 10, R40)
    res = Table().move((5, 5), (5, 10), R30, 10, [Base(30, 30, R30), blocker])
    assert res.y == pytest.approx(10 - R30 - R40)
    assert res.contact == (1,)
    assert edge_distance(res.x, res.y, R30, blocker.x, blocker.y, blocker.r) <= CONTACT


def test_move_walks_round_a_base_in_the_way() -> None:
    """A base that is not the one approached is walked round, never overlapped."""
    table = Table()
    blocker = Base(5, 8, R40)
    res = table.move((5, 5), (5, 20), R30, 30, [blocker])
    assert (res.x, res.y) == pytest.approx((5, 20)) and res.travelled > 15
    short = table.move((5, 5), (5, 20), R30, 4, [blocker])
    assert edge_distance(short.x, short.y, R30, blocker.x, blocker.y, blocker.r) >= -1e-6
    assert short.travelled == pytest.approx(4)


def test_move_stops_at_bases_marked_stop_at() -> None:
    """A base marked ``stop_at`` (a ruleset's "touching this ends the move") is not walked
    round: the mover stops in contact with it."""
    blocker = Base(5, 8, R40)
    res = Table().move((5, 5), (5, 20), R30, 30, [Base(30, 30, R30), blocker],
                       stop_at=[False, True])
    assert res.y == pytest.approx(8 - R30 - R40) and res.contact == (1,) and res.blocked


def test_move_out_of_allowance_a_hair_short_of_a_base_is_in_contact() -> None:
    """A move whose allowance runs out within CONTACT of a base ends in contact with it, as a
    bump does: the rulesets treat that gap as base contact, so the mover must too (a Leg It
    that ends 0.0003" short is a Charge, arcworlde.action.charge)."""
    blocker = Base(5, 10, R40)
    gap = 10 - R40 - R30 - 5
    res = Table().move((5, 5), (5, 10), R30, gap - CONTACT / 10, [Base(30, 30, R30), blocker])
    assert res.blocked and res.contact == (1,)
    short = Table().move((5, 5), (5, 10), R30, gap - 2 * CONTACT, [blocker])
    assert short.contact == ()


def test_move_away_from_a_touching_base_is_free() -> None:
    blocker = Base(5, 5 + 2 * R30, R30)
    res = Table().move((5, 5), (5, 1), R30, 3, [blocker])
    assert res.y == pytest.approx(2) and res.contact == ()


def test_move_never_leaves_the_table() -> None:
    res = Table().move((5, 5), (-10, 5), R30, 20)
    assert res.x == pytest.approx(R30) and res.y == pytest.approx(5)


def test_move_difficult_terrain_costs_double() -> None:
    table = Table(36, 36, [piece("difficult", rect(0, 8, 36, 10))])
    res = table.move((5, 5), (5, 20), R30, 6)  # 3 open inches, then 3 buys 1.5 in the bog
    assert (res.y, res.travelled, res.cost) == pytest.approx((9.5, 4.5, 6))
    res = table.move((5, 5), (5, 20), R30, 9)  # through the bog and out: 3 + 4 + 2
    assert (res.y, res.travelled) == pytest.approx((12, 7))
    assert table.move((5, 5), (5, 20), R30, 6, fly=True).y == pytest.approx(11)
    assert table.move((5, 5), (5, 20), R30, 6, halve_difficult=False).y == pytest.approx(11)


def test_move_goes_round_impassable_terrain() -> None:
    wall = rect(3, 10, 7, 11)
    table = Table(36, 36, [piece("impassable", wall, blocks_sight=True)])
    route = table.path((5, 5), (5, 15), R30)
    assert route[0] == (5, 5) and route[-1] == (5, 15) and len(route) > 2
    assert LineString(route).distance(Polygon(wall)) >= R30 - 1e-6
    res = table.move((5, 5), (5, 15), R30, 30)
    assert (res.x, res.y) == pytest.approx((5, 15)) and res.travelled > 10 + 1
    short = table.move((5, 5), (5, 15), R30, 6)
    assert not table.in_impassable(short.x, short.y, R30) and short.travelled == pytest.approx(6)


def test_move_goal_inside_impassable_stops_outside() -> None:
    table = Table(36, 36, [piece("impassable", rect(3, 10, 7, 11))])
    res = table.move((5, 5), (5, 10.5), R30, 30)
    assert not table.in_impassable(res.x, res.y, R30)
    assert res.y == pytest.approx(10 - R30, abs=0.05)


def test_move_to_an_enclosed_goal_stays_put() -> None:
    ring = [piece("impassable", rect(14, 22, 22, 23)), piece("impassable", rect(14, 13, 22, 14)),
            piece("impassable", rect(13, 13, 14, 23)), piece("impassable", rect(22, 13, 23, 23))]
    res = Table(36, 36, ring).move((5, 5), (18, 18), R30, 50)
    assert (res.x, res.y, res.travelled) == (5, 5, 0)


@pytest.mark.parametrize(("gap", "passes"), [(1.0, False), (2.0, True)])
def test_move_through_a_gap_only_if_the_base_fits(gap: float, passes: bool) -> None:
    """A 30mm base (1.18 inches) cannot squeeze through a 1-inch gap between walls that run
    to both table edges, but walks through a 2-inch one."""
    walls = [piece("impassable", rect(0, 10, 18 - gap / 2, 11)),
             piece("impassable", rect(18 + gap / 2, 10, 36, 11))]
    res = Table(36, 36, walls).move((18, 5), (18, 15), R30, 30)
    assert (res.y == pytest.approx(15)) is passes
    if not passes:
        assert res.y < 10


@settings(max_examples=60)
@given(
    sx=st.floats(1, 35), sy=st.floats(1, 8), gx=st.floats(-5, 41), gy=st.floats(-5, 41),
    allowance=st.floats(0, 20),
)
def test_move_properties(sx: float, sy: float, gx: float, gy: float, allowance: float) -> None:
    """Any move stays on the table, out of impassable terrain, and within its allowance."""
    table = Table(36, 36, [piece("impassable", rect(10, 12, 26, 14)),
                           piece("difficult", rect(0, 16, 36, 20))])
    res = table.move((sx, sy), (gx, gy), R30, allowance)
    assert table.on_table(res.x, res.y, R30)
    assert not table.in_impassable(res.x, res.y, R30)
    assert res.cost <= allowance + 1e-6
    assert math.dist((sx, sy), (res.x, res.y)) <= res.travelled + 1e-6


# -------------------------------------------------------------------- sight and Cover
def test_sight_blocked_by_sight_blocking_terrain() -> None:
    table = Table(36, 36, [piece("impassable", rect(2, 9, 8, 11), blocks_sight=True)])
    sight = table.sight(5, 5, R30, 5, 15, R30)
    assert (sight.visible, sight.hidden) == (False, 1.0)


def test_sight_in_the_open() -> None:
    table = Table(36, 36, [piece("impassable", rect(20, 20, 22, 22), blocks_sight=True)])
    assert table.sight(5, 5, R30, 5, 15, R30).hidden == 0.0


def test_sight_cover_hides_without_blocking() -> None:
    table = Table(36, 36, [piece("difficult", rect(14, 11, 22, 12), cover=True)])
    sight = table.sight(18, 5, R30, 18, 12.9, R30)
    assert sight.visible and sight.hidden >= 0.5


def test_sight_partly_hidden_by_a_corner() -> None:
    table = Table(36, 36, [piece("impassable", rect(10, 9, 18, 11), blocks_sight=True)])
    sight = table.sight(18, 5, R30, 18, 15, R30)
    assert sight.visible and 0 < sight.hidden < 1


def test_sight_terrain_the_viewer_stands_in_does_not_obscure() -> None:
    table = Table(36, 36, [piece("difficult", rect(14, 11, 22, 12), cover=True)])
    assert table.sight(18, 11.5, R30, 18, 20, R30).hidden == 0.0


def test_nearest_edge_and_cover_points() -> None:
    table = Table(36, 36, [piece("difficult", rect(14, 11, 22, 12), cover=True)])
    assert table.nearest_edge_point(3, 18, R30) == (R30, 18)
    assert table.nearest_edge_point(30, 34, R30) == (30, 36 - R30)
    assert table.nearest_cover_point(18, 5) == (6.0, (18.0, 11.0))
    assert Table().nearest_cover_point(1, 1) is None


def test_tables_of_one_layout_are_shared() -> None:
    rock = Terrain.from_points("Rock", "impassable", [(10, 10), (12, 10), (12, 12), (10, 12)])
    wood = Terrain.from_points("Wood", "difficult", [(10, 10), (12, 10), (12, 12), (10, 12)])
    table = Table.shared(36, 36, [rock])
    assert Table.shared(36, 36, [rock]) is table
    assert Table.shared(36, 36, [wood]) is not table
    assert Table.shared(48, 36, [rock]) is not table


def test_a_shared_table_gives_every_game_the_same_result() -> None:
    """The shared table's caches are pure: a seeded game is the same game whether it is the
    first played in the process or follows others on the same table."""
    from warband.core import geometry
    from warband.core.controller import play
    from warband.rulesets.arcworlde import RULESET

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    heuristic = RULESET.controllers()["heuristic"]

    def digest(seed: int) -> str:
        game = RULESET.new_game(lists, seed, {"rounds": 2}, track_digest=True)
        play(game, {0: heuristic(), 1: heuristic()}, seed)
        return game.digest

    geometry.forget_shared_tables()
    first = digest(5)
    for seed in (1, 2, 3):
        digest(seed)
    assert digest(5) == first


def test_sight_the_viewers_own_piece_still_hides_a_target_inside_it() -> None:
    """arcworlde.combat.cover: standing in a wood lets a viewer see out of it, but the trees
    round a target deep inside the same wood still hide it; a target outside stays in the open,
    and the viewer's own piece never blocks sight."""
    wood = piece("difficult", rect(4, 4, 30, 30), cover=True)
    table = Table(36, 36, [wood])
    deep = table.sight(6, 6, R30, 20, 20, R30)
    assert deep.visible and deep.hidden == 1.0
    assert table.sight(6, 6, R30, 33, 6, R30).hidden == 0.0
    ruin = Table(36, 36, [piece("impassable", rect(4, 4, 30, 30), blocks_sight=True)])
    assert ruin.sight(6, 6, R30, 20, 20, R30).visible


def test_sight_a_wood_the_viewer_stands_in_hides_what_is_beyond_a_clearing() -> None:
    """arcworlde.combat.cover: a U-shaped wood round a clearing: looking from one arm across
    the clearing into the other arm, the far trees hide the target."""
    u_wood = piece("difficult", [(0, 0), (30, 0), (30, 10), (20, 10), (20, 3), (10, 3),
                                 (10, 10), (0, 10)], cover=True)
    table = Table(36, 36, [u_wood])
    assert table.sight(5, 6, R30, 25, 6, R30).hidden == 1.0
    assert table.sight(5, 6, R30, 15, 6, R30).hidden == 0.0  # in the clearing: in the open


def test_a_shared_layout_is_one_table_per_layout_data() -> None:
    """``Table.shared_layout`` finds the shared table by the layout's plain data: the same data
    gives the same table (the one ``Table.shared`` gives for those pieces), and a layout that
    differs in anything (a point, a flag, the size) its own."""
    from warband.core import geometry

    geometry.forget_shared_tables()
    pieces = [("wood", "open", ((1.0, 1.0), (5.0, 1.0), (5.0, 4.0)), False, True, 0.0),
              ("rock", "impassable", ((10.0, 10.0), (12.0, 10.0), (12.0, 13.0)), True, False, 0.0)]
    table = Table.shared_layout(24, 24, pieces)
    assert Table.shared_layout(24, 24, list(pieces)) is table
    assert table is Table.shared(24, 24, [Terrain.from_points(*p) for p in pieces])
    assert [t.name for t in table.terrain] == ["wood", "rock"] and table.terrain[0].cover
    moved = [pieces[0], ("rock", "impassable", ((10.0, 10.0), (12.0, 10.0), (12.0, 13.5)), True,
                         False, 0.0)]
    unflagged = [("wood", "open", pieces[0][2], False, False, 0.0), pieces[1]]
    others = {id(Table.shared_layout(24, 24, moved)), id(Table.shared_layout(24, 24, unflagged)),
              id(Table.shared_layout(24, 30, pieces))}
    assert len(others) == 3 and id(table) not in others
