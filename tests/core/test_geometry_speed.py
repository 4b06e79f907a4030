"""The core geometry's short cuts (issue 16) give the plain computation's answers, bit for bit.

Each short cut is checked here against the plain code it replaced, kept in this file as the
reference, on many random tables, bases and points (seeded loops and hypothesis), in the
movement rules every ruleset shares (arcworlde.action.free_move, raiders.action.move,
sword_marches.movement.*: the shortest way round impassable terrain, difficult ground costing
double). A short cut that answers differently from its reference, even in the last bit of a
float, fails these tests."""

from __future__ import annotations

import heapq
import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from warband.core.geometry import Table, Terrain, _clear, _NavGraph, _Poly, base_radius

# -------------------------------------------------------------------- the plain references


def plain_clear(polys: list[_Poly], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """``_clear`` before issue 16's session 6: the bounding box, then :meth:`_Poly.blocks`."""
    ax, ay = a
    bx, by = b
    lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay < by else (by, ay)
    for p in polys:
        if hi_x < p.minx or lo_x > p.maxx or hi_y < p.miny or lo_y > p.maxy:
            continue
        if p.blocks(ax, ay, bx, by):
            return False
    return True


def plain_shortest_path(
    table: Table, start: tuple[float, float], goal: tuple[float, float], r: float
) -> list[tuple[float, float]]:
    """``Table._shortest_path`` before session 6: one Dijkstra per start and goal, the goal a
    node of the search tested for sight from each corner as the corner is settled."""
    graph: _NavGraph = table._nav_graph(r)
    obstacles = graph.obstacles
    for poly in obstacles:
        if poly.contains(goal[0], goal[1]):
            d, px, py = poly.nearest(goal[0], goal[1])
            gx, gy = goal
            scale = (d + 0.02) / d if d > 0 else 1.0
            goal = (gx + (px - gx) * scale, gy + (py - gy) * scale)
    if plain_clear(obstacles, start, goal):
        return [start, goal]
    nodes = graph.nodes
    n = len(nodes)
    start_links = [(i, math.dist(start, q)) for i, q in enumerate(nodes)
                   if plain_clear(obstacles, start, q)]
    dist = {n: 0.0}
    prev: dict[int, int] = {}
    heap: list[tuple[float, int]] = [(0.0, n)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, math.inf):
            continue
        if u == n + 1:
            break
        links = start_links if u == n else graph.edges[u]
        if u < n and plain_clear(obstacles, goal, nodes[u]):
            links = [*links, (n + 1, math.dist(goal, nodes[u]))]
        for v, w in links:
            nd = d + w
            if nd < dist.get(v, math.inf):
                dist[v] = nd
                prev[v] = u
                heapq.heappush(heap, (nd, v))
    if n + 1 not in dist:
        return [start]
    route = [goal]
    u = n + 1
    while u in prev and prev[u] != n:
        u = prev[u]
        route.append(nodes[u])
    route.append(start)
    route.reverse()
    return route


# ------------------------------------------------------------------------- random tables


def _random_piece(rng: random.Random, name: str, kind: str) -> Terrain:
    """A rectangle, a rotated quadrilateral, a triangle or an L (not convex) somewhere on a
    48 x 36 table."""
    cx, cy = rng.uniform(4, 44), rng.uniform(4, 32)
    shape = rng.choice(["rect", "quad", "tri", "ell", "wall"])
    if shape == "rect":
        w, h = rng.uniform(1, 8), rng.uniform(1, 8)
        pts = [(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]
    elif shape == "wall":
        w = rng.uniform(2, 8)
        pts = [(cx - w, cy), (cx + w, cy), (cx + w, cy + 0.6), (cx - w, cy + 0.6)]
    elif shape == "quad":
        a = rng.uniform(0, math.pi)
        pts = [(cx + math.cos(a + k * math.pi / 2 + rng.uniform(-0.3, 0.3)) * rng.uniform(2, 5),
                cy + math.sin(a + k * math.pi / 2 + rng.uniform(-0.3, 0.3)) * rng.uniform(2, 5))
               for k in range(4)]
    elif shape == "tri":
        pts = [(cx + rng.uniform(-5, 5), cy + rng.uniform(-5, 5)) for _ in range(3)]
    else:
        s = rng.uniform(2, 5)
        pts = [(cx, cy), (cx + 2 * s, cy), (cx + 2 * s, cy + s), (cx + s, cy + s),
               (cx + s, cy + 2 * s), (cx, cy + 2 * s)]
    return Terrain.from_points(name, kind, pts)


def random_table(seed: int) -> Table:
    rng = random.Random(seed)
    pieces = [_random_piece(rng, f"rock {k}", "impassable") for k in range(rng.randint(1, 4))]
    pieces += [_random_piece(rng, f"bog {k}", "difficult") for k in range(rng.randint(0, 2))]
    valid = [p for p in pieces if p.polygon.is_valid and p.polygon.area > 0.1]
    return Table(48, 36, valid)


def _point(rng: random.Random) -> tuple[float, float]:
    return (rng.uniform(-2, 50), rng.uniform(-2, 38))


RADII = (base_radius(25), 1.526, 2.412, 1.181)


# ---------------------------------------------------------------------------------- tests


def test_clear_is_blocks_on_every_piece() -> None:
    """The written-out ``_clear`` answers as the bounding box plus :meth:`_Poly.blocks` on
    random tables (convex and L-shaped pieces, grown by base radii), for segments between
    random points, terrain corners (grazing the outline) and zero-length ones."""
    checked = blocked = 0
    for seed in range(60):
        table = random_table(seed)
        rng = random.Random(1000 + seed)
        for r in RADII[:2]:
            graph = table._nav_graph(r)
            polys = graph.obstacles + table._impassable_polys + table._difficult
            corners = graph.nodes + [(x, y) for p in polys for x, y in zip(p.xs, p.ys, strict=True)]
            for _ in range(150):
                a = rng.choice(corners) if rng.random() < 0.4 else _point(rng)
                b = rng.choice(corners) if rng.random() < 0.4 else _point(rng)
                if rng.random() < 0.05:
                    b = a
                got = _clear(polys, a, b)
                assert got == plain_clear(polys, a, b), (seed, r, a, b)
                checked += 1
                blocked += not got
    assert blocked > checked // 10  # the cases cover both answers


def test_shortest_path_from_the_settled_corners_is_the_per_goal_search() -> None:
    """arcworlde.action.free_move / raiders.action.move: the route round impassable terrain
    worked out from the corners settled once per start is the route of a search for each
    goal, corner for corner and bit for bit, with many goals per start (as a move menu asks),
    goals inside the terrain, unreachable goals and goals whose links are already known."""
    routed = 0
    for seed in range(60):
        table = random_table(seed)
        reference = Table(table.width, table.height, list(table.terrain))
        rng = random.Random(2000 + seed)
        for _ in range(6):
            r = rng.choice(RADII)
            start = table.clamp(*_point(rng), r)
            goals = [table.clamp(*_point(rng), r) for _ in range(12)]
            if rng.random() < 0.5:
                table._visible_nodes(table._nav_graph(r), goals[0], r)  # links known
            for goal in goals + goals[:3]:
                got = table._shortest_path(start, goal, r)
                assert got == plain_shortest_path(reference, start, goal, r), (seed, start, goal)
                routed += len(got) > 2
    assert routed > 200  # most tables have terrain in the way of some goals


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.tuples(st.floats(0, 48), st.floats(0, 36)),
                                        min_size=1, max_size=8))
def test_shortest_path_matches_for_any_goals(
        seed: int, goals: list[tuple[float, float]]) -> None:
    """The same as above for hypothesis' goals (edges, corners, the start itself)."""
    table = random_table(seed)
    reference = Table(table.width, table.height, list(table.terrain))
    r = RADII[seed % len(RADII)]
    start = table.clamp(goals[0][1], goals[0][0], r)
    for goal in goals:
        goal = table.clamp(goal[0], goal[1], r)
        assert table._shortest_path(start, goal, r) == plain_shortest_path(reference, start, goal, r)


def test_terrain_walk_ends_where_a_move_without_bases_ends() -> None:
    """raiders.action.move (the reachable ends of a move menu): the walk written out for
    :meth:`Table.terrain_reach` ends where :meth:`Table.move` with no other bases ends, bit
    for bit, on tables with difficult ground across the routes round impassable terrain,
    with allowances that run out on the first leg, a later leg, or not at all."""
    short = 0
    for seed in range(60):
        table = random_table(seed)
        reference = Table(table.width, table.height, list(table.terrain))
        rng = random.Random(3000 + seed)
        for _ in range(40):
            r = rng.choice(RADII)
            start = table.clamp(*_point(rng), r)
            goal = _point(rng)
            allowance = rng.choice([0.0, 0.5, 3.0, 6.0, 9.0, 12.0, 40.0])
            got = table._terrain_walk(start, goal, r, allowance)
            res = reference.move(start, goal, r, allowance)
            assert got == (res.x, res.y), (seed, start, goal, r, allowance)
            short += res.blocked
    assert short > 500  # allowances running out are well covered


def plain_nearest_cover_point(table: Table, x: float, y: float) -> tuple[float, tuple[float, float]] | None:
    """``Table.nearest_cover_point`` before session 6: every cover piece's boundary asked, the
    first piece at the least distance kept."""
    best: tuple[float, tuple[float, float]] | None = None
    for poly in table._cover_polys:
        d, px, py = poly.nearest(x, y)
        if best is None or d < best[0]:
            best = (d, (px, py))
    return best


def test_nearest_cover_point_skipping_far_boxes_is_every_piece_asked() -> None:
    """The nearest cover (ArcWorlde's move menu goal and the AI's cover scores read it) skips a
    piece whose bounding box is further than the best boundary found; the answer, ties
    included (cover pieces sharing an edge, and points on boundaries and corners), is the
    one asking every piece gives. ``cover_may_lie_within`` never says no cover is within a
    reach where there is some."""
    rng = random.Random(16)
    asked = 0
    for seed in range(120):
        pieces = []
        for k in range(rng.randint(1, 7)):
            p = _random_piece(rng, f"hedge {k}", "open")
            if p.polygon.is_valid and p.polygon.area > 0.1:
                pieces.append(Terrain(p.name, p.kind, p.polygon, cover=True))
        if seed % 5 == 0 and pieces:  # a twin piece: equal distances, the first must win
            pieces.append(Terrain("twin", pieces[0].kind, pieces[0].polygon, cover=True))
        table = Table(48, 36, pieces)
        corners = [xy for t in pieces for xy in t.polygon.exterior.coords]
        for i in range(60):
            x, y = rng.choice(corners) if i % 6 == 0 else _point(rng)
            table._cover_points.clear()
            plain = plain_nearest_cover_point(table, x, y)
            assert table.nearest_cover_point(x, y) == plain, (seed, x, y)
            for reach in (0.5, 2.0, 6.0):
                # the box test may say "perhaps" where there is none, never "no" where there is
                if plain is not None and plain[0] <= reach:
                    assert table.cover_may_lie_within(x, y, reach), (seed, x, y, reach)
            asked += 1
    assert asked == 7200


def test_touches_box_test_is_the_min_max_one() -> None:
    """``_Poly.touches`` (every sight line asks it) rules a segment out by comparing both
    ends with the box instead of ``min``/``max`` calls: the same answers as the plain box test
    followed by the full test, for segments on and off the boxes' edges and corners."""
    rng = random.Random(61)
    checked = met = 0
    for seed in range(60):
        table = random_table(seed)
        polys = table._impassable_polys + table._difficult
        edges = [v for p in polys for v in (p.minx, p.maxx, p.miny, p.maxy)]
        for _ in range(200):
            a, b = _point(rng), _point(rng)
            if rng.random() < 0.3:  # an end exactly on a box edge
                a = (rng.choice(edges), a[1]) if rng.random() < 0.5 else (a[0], rng.choice(edges))
            for p in polys:
                ax, ay = a
                bx, by = b
                off_box = (max(ax, bx) < p.minx or min(ax, bx) > p.maxx
                           or max(ay, by) < p.miny or min(ay, by) > p.maxy)
                full = (p._clip(ax, ay, bx, by) is not None if p.planes is not None
                        else bool(p.crossings(ax, ay, bx, by)) or p.contains(ax, ay))
                assert p.touches(ax, ay, bx, by) == (not off_box and full), (seed, a, b)
                checked += 1
                met += not off_box and full
    assert checked > 10_000 and met > 300


def plain_compute_sight(table: Table, ax: float, ay: float, ar: float, bx: float, by: float,
                        br: float) -> tuple[bool, float]:
    """``Table._compute_sight`` before issue 16's session 11: each "does any piece..." test an
    ``any()`` over a generator."""
    from warband.core.geometry import _EPS, _hides_from_inside

    lo_x, hi_x = min(ax - ar, bx - br), max(ax + ar, bx + br)
    lo_y, hi_y = min(ay - ar, by - br), max(ay + ar, by + br)
    near: list[tuple[_Poly, bool]] = []
    own: list[_Poly] = []
    for poly, piece in zip(table._cover_polys, table._cover_pieces, strict=True):
        if poly.minx <= hi_x and poly.maxx >= lo_x and poly.miny <= hi_y and poly.maxy >= lo_y:
            if poly.contains(ax, ay):
                own.append(poly)
            else:
                near.append((poly, piece.blocks_sight))
    if not near and not own:
        return (True, 0.0)
    d = math.hypot(bx - ax, by - ay)
    if d < _EPS:
        return (True, 0.0)
    px, py = -(by - ay) / d, (bx - ax) / d
    targets = [(bx + px * o * br, by + py * o * br) for o in (-0.9, -0.45, 0.0, 0.45, 0.9)]
    blockers = [poly for poly, blocks in near if blocks]
    hidden = 0
    visible = False
    for tx, ty in targets:
        if (any(poly.touches(ax, ay, tx, ty) for poly, _ in near)
                or any(_hides_from_inside(poly, ax, ay, tx, ty) for poly in own)):
            hidden += 1
            if not visible and not any(p.touches(ax, ay, tx, ty) for p in blockers):
                visible = True
        else:
            visible = True
    if not visible:
        for so in (-0.8, 0.8):
            sx, sy = ax + px * so * ar, ay + py * so * ar
            if any(not any(p.touches(sx, sy, tx, ty) for p in blockers) for tx, ty in targets):
                visible = True
                break
    if not visible:
        return (False, 1.0)
    return (True, hidden / len(targets))


def _sight_table(seed: int) -> Table:
    """Random pieces that block sight (rocks, walls) and that give cover (hedges, woods),
    some overlapping, on a 48 x 36 table."""
    rng = random.Random(seed)
    pieces = []
    for k in range(rng.randint(2, 7)):
        p = _random_piece(rng, f"piece {k}", rng.choice(["impassable", "difficult", "open"]))
        blocks = rng.random() < 0.4
        pieces.append(Terrain(p.name, p.kind, p.polygon, blocks_sight=blocks,
                              cover=not blocks or rng.random() < 0.5))
    return Table(48, 36, [p for p in pieces if p.polygon.is_valid and p.polygon.area > 0.1])


def test_sight_written_out_is_the_any_over_the_pieces() -> None:
    """arcworlde.combat.line_of_sight, raiders.shooting.line_of_sight,
    sword_marches.shooting.line_of_sight: ``Table._compute_sight`` with its tests over the
    pieces written out as loops gives the plain ``any()`` version's answer (visible, hidden
    share) on random tables, for viewers in the open, inside a piece and next to one, and
    targets of every base size; the answers cover every case (hidden, partly, not at all)."""
    rng = random.Random(1111)
    kinds: set[tuple[bool, float]] = set()
    checked = 0
    for seed in range(80):
        table = _sight_table(seed)
        polys = table._cover_polys
        for _ in range(150):
            ax, ay = _point(rng)
            if polys and rng.random() < 0.3:  # the viewer inside (or at the edge of) a piece
                p = rng.choice(polys)
                ax, ay = rng.uniform(p.minx, p.maxx), rng.uniform(p.miny, p.maxy)
            bx, by = _point(rng)
            ar, br = rng.choice(RADII), rng.choice(RADII)
            got = table._compute_sight(ax, ay, ar, bx, by, br)
            want = plain_compute_sight(table, ax, ay, ar, bx, by, br)
            assert (got.visible, got.hidden) == want, (seed, ax, ay, bx, by)
            kinds.add((want[0], 0.0 if want[1] == 0.0 else (1.0 if want[1] == 1.0 else 0.5)))
            checked += 1
    assert checked == 12_000
    assert {(True, 0.0), (True, 0.5), (False, 1.0)} <= kinds
