"""Core formations: rectangles of bases that move, turn and wheel, their faces, distances,
overlap and contact by edge (used by Armies of Arcana's rank-and-file units and skirmishers)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.core.formations import Formation, angle_diff

NORTH = math.pi / 2


def block(x: float = 10, y: float = 10, heading: float = NORTH) -> Formation:
    return Formation.block(x, y, heading, files=5, ranks=4, base_w=1.0, base_d=1.0)


def test_block_size_and_corners() -> None:
    f = block()
    assert (f.width, f.depth) == (5, 4)
    fl, fr, rr, rl = f.corners()
    assert fl == pytest.approx((7.5, 10)) and fr == pytest.approx((12.5, 10))
    assert rr == pytest.approx((12.5, 6)) and rl == pytest.approx((7.5, 6))
    assert f.centre == pytest.approx((10, 8))


def test_advance_and_turn_keep_size() -> None:
    f = block().advanced(3)
    assert (f.x, f.y) == pytest.approx((10, 13))
    t = f.turned(0.0)
    assert t.centre == pytest.approx(f.centre)
    assert (t.width, t.depth) == (5, 4)


def test_wheel_pivots_on_the_inner_front_corner_and_costs_the_outer_arc() -> None:
    f = block()
    fl, fr, _, _ = f.corners()
    left = f.wheeled(math.pi / 2)  # wheel left: pivot on the front-left corner
    assert left.corners()[0] == pytest.approx(fl)
    assert left.heading == pytest.approx(math.pi)
    right = f.wheeled(-math.pi / 4)
    assert right.corners()[1] == pytest.approx(fr)
    assert f.wheel_cost(math.pi / 2) == pytest.approx(5 * math.pi / 2)


def test_faces_are_split_by_the_diagonals() -> None:
    f = block()
    assert f.face_towards(10, 20) == "front"
    assert f.face_towards(10, 0) == "rear"
    assert f.face_towards(20, 8) == "right"
    assert f.face_towards(0, 8) == "left"
    loose = Formation(10, 10, NORTH, 5, 4, loose=True)
    assert loose.face_towards(10, 0) == "front"


def test_front_arc() -> None:
    f = block()
    assert f.in_front_arc(10, 30)
    assert f.in_front_arc(20, 18)  # 8" ahead, 7.5" beyond the edge of the front: within 45 deg
    assert not f.in_front_arc(20, 12)
    assert not f.in_front_arc(10, 5)


def test_distance_edge_to_edge_and_overlap() -> None:
    a = block()
    b = block(10, 17, -NORTH)  # facing south, front edge at y = 17
    assert a.distance(b) == pytest.approx(7)
    assert not a.overlaps(b)
    c = block(10, 12)
    assert a.overlaps(c) and a.distance(c) == 0
    touching = block(10, 10, -NORTH)  # front to front, touching at y = 10
    assert not a.overlaps(touching) and a.distance(touching) == pytest.approx(0)


def test_flush_against_front_flank_and_rear_gives_contact_by_edge() -> None:
    target = block()
    charger = block(30, 30, 0.0)
    for face in ("front", "left", "right", "rear"):
        placed = charger.flush_against(target, face)
        assert not placed.overlaps(target)
        contacts = placed.contacts(target)
        assert contacts, face
        mine, theirs, length = max(contacts, key=lambda c: c[2])
        assert (mine, theirs) == ("front", face)
        expected = min(placed.width, target.width if face in ("front", "rear") else target.depth)
        assert length == pytest.approx(expected)


def test_contact_needs_faces_to_face_each_other() -> None:
    a = block()
    beside = block(15, 10)  # side by side, same heading: flanks touch
    assert a.contacts(beside) == [("right", "left", pytest.approx(4))]
    apart = block(10, 10.5, -NORTH)
    assert apart.contacts(a) == []


def test_angle_diff() -> None:
    assert angle_diff(0.1, -0.1) == pytest.approx(-0.2)
    assert angle_diff(3.0, -3.0) == pytest.approx(math.tau - 6.0)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 60), st.floats(0, 40), st.floats(0, math.tau), st.floats(-3, 3),
       st.integers(1, 10), st.integers(1, 6))
def test_moves_keep_the_rectangle_rigid(x: float, y: float, h: float, angle: float,
                                        files: int, ranks: int) -> None:
    """Wheeling, turning and advancing are rigid motions: the corners stay a width by depth
    rectangle, and the distance is symmetric."""
    f = Formation.block(x, y, h, files, ranks, 1.0, 0.8)
    for g in (f.wheeled(angle), f.turned(h + angle), f.advanced(angle)):
        fl, fr, rr, rl = g.corners()
        assert math.dist(fl, fr) == pytest.approx(f.width)
        assert math.dist(fr, rr) == pytest.approx(f.depth)
        assert math.dist(rl, fr) == pytest.approx(math.hypot(f.width, f.depth))
        other = Formation.block(30, 20, 1.0, 3, 2, 1.0, 1.0)
        assert g.distance(other) == pytest.approx(other.distance(g), abs=1e-6)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, math.tau), st.floats(0, math.tau), st.sampled_from(
    ["front", "left", "right", "rear"]), st.floats(-1, 1))
def test_flush_placement_never_overlaps(h1: float, h2: float, face: str, offset: float) -> None:
    target = Formation.block(20, 20, h1, 6, 3, 1.0, 1.0)
    charger = Formation.block(0, 0, h2, 4, 2, 1.0, 1.0)
    placed = charger.flush_against(target, face, offset)  # type: ignore[arg-type]
    assert not placed.overlaps(target)
    assert placed.distance(target) == pytest.approx(0, abs=1e-6)
