"""The speed shortcuts of measuring and line of sight give the answers of the plain
algorithms they replaced (issue 16): the movement search against a heap Dijkstra over the
same steps, line traces against a table of the spaces seen, lines of sight whatever the
board's caches held before."""

from __future__ import annotations

import heapq
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st_

from warband.core import registry
from warband.core.controller import play
from warband.rulesets.dwethia.ai import HeuristicController
from warband.rulesets.dwethia.grid import Board, Trace
from warband.rulesets.dwethia.rules.measure import (
    _DIRS,
    can_see,
    engaged_with,
    gap_cost,
    reachable,
    sight,
    step_cost,
)
from warband.rulesets.dwethia.state import DwethiaState, Hero


def _heap_search(st: DwethiaState, h: Hero, budget: int, retreat: bool = False,
                 lifted: frozenset[int] = frozenset()) -> dict[tuple[int, int], tuple[int, bool]]:
    """The movement search as a heap Dijkstra over (cost, difficult, anchor), each step and
    jump worked out where it is taken (dwethia.move.basic, incline, gap, restrictions,
    engagement): the algorithm the bucket search replaced."""
    b = st.board
    n, size = b.size, h.size
    fits, rough, elevs, climbable = b.anchors(size)
    blocked: set[int] = set()
    crowded: set[int] = set()
    engaging: set[int] = set()
    for o in st.heroes:
        if o is h or not o.on_table or o.uid in lifted:
            continue
        for y in range(o.y - size + 1, o.y + o.size):
            for x in range(o.x - size + 1, o.x + o.size):
                if 0 <= x < n and 0 <= y < n:
                    (blocked if o.side != h.side else crowded).add(y * n + x)
        if o.side != h.side:
            ez = st.elevation(o)
            for y in range(o.y - size, o.y + o.size + 1):
                for x in range(o.x - size, o.x + o.size + 1):
                    if 0 <= x < n and 0 <= y < n and abs(elevs[y * n + x] - ez) <= 1:
                        engaging.add(y * n + x)
    heap: list[tuple[int, int, int]] = []
    start = -1
    if h.entered:
        if engaged_with(st, h) and not retreat:
            return {(h.x, h.y): (0, False)}
        start = h.y * n + h.x
        heap.append((0, 0, start))
    else:
        edge_y = 0 if st.edge[h.side] == 0 else n - size
        heap = [(0, 0, edge_y * n + x) for x in range(n - size + 1)
                if fits[edge_y * n + x] and edge_y * n + x not in blocked]
    done: set[int] = set()
    best = [budget + 1] * (n * n)
    out: dict[tuple[int, int], tuple[int, bool]] = {}
    while heap:
        cost, diff, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if retreat:
            if cost > 0 and i not in crowded and i not in engaging:
                out[(i % n, i // n)] = (cost, bool(diff))
        else:
            if i not in crowded:
                out[(i % n, i // n)] = (cost, bool(diff))
            if i != start and i in engaging:
                continue
        y, x = divmod(i, n)
        for dx, dy in _DIRS:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx > n - size or ny > n - size:
                continue
            j = ny * n + nx
            if j in done:
                continue  # nor any jump that way (the search never jumped past a settled one)
            if fits[j] and elevs[j] - elevs[i] >= 2 and not climbable[j]:
                continue  # a sheer wall
            if fits[j] and j not in blocked:
                c = cost + step_cost(elevs[i], elevs[j], rough[j])
                if c <= budget and c < best[j]:
                    best[j] = c
                    heapq.heappush(heap, (c, int(rough[j]) or diff, j))
            if size == 1 and elevs[i] >= 2:
                for width in range(1, 5):
                    mx, my = x + dx * width, y + dy * width
                    if not (0 <= mx < n and 0 <= my < n) or (
                            b.elevation[my * n + mx] > elevs[i] - 2):
                        break
                    gx, gy = mx + dx, my + dy
                    if not (0 <= gx < n and 0 <= gy < n):
                        break
                    g = gy * n + gx
                    if abs(elevs[g] - elevs[i]) > 1 or not fits[g] or g in done or g in blocked:
                        continue
                    c = cost + gap_cost(width)
                    if c <= budget and c < best[g]:
                        best[g] = c
                        heapq.heappush(heap, (c, diff, g))
    return out


class _Checking(HeuristicController):
    """The heuristic, checking the movement search and lines of sight at each move
    decision of a seeded game."""

    searches = 0
    sights = 0

    def _move(self, view: Any, d: Any) -> Any:
        st = view._state
        for h in st.heroes:
            if h.slain:
                continue
            for budget, retreat in ((3, False), (7, False), (3, True)):
                found = {xy: (r.cost, r.difficult)
                         for xy, r in reachable(st, h, budget, retreat).items()}
                assert found == _heap_search(st, h, budget, retreat), (h.name, budget, retreat)
                type(self).searches += 1
        standing = [o for o in st.heroes if o.on_table]
        cold = [(a, b) for a in standing for b in standing if a is not b]
        # the answers with empty sight caches (the board is shared by every game on the arena,
        # so its caches hold lines traced in earlier games), then read warm in both orders
        board = st.board
        kept = board.sight_facts, board.sight_lines
        board.sight_facts, board.sight_lines = {}, {}
        try:
            first = {(a.uid, b.uid, quick): sight(st, a, b, quick) for a, b in cold
                     for quick in (True, False)}
        finally:
            board.sight_facts, board.sight_lines = kept
        for a, b in cold:
            for quick in (True, False):
                assert sight(st, a, b, quick) == first[(a.uid, b.uid, quick)]
        for a, b in reversed(cold):
            assert can_see(st, a, b) == sight(st, a, b).visible
            for quick in (False, True):
                assert sight(st, a, b, quick) == first[(a.uid, b.uid, quick)]
                type(self).sights += 1
        return super()._move(view, d)


def test_movement_search_and_sight_match_the_plain_algorithms_in_seeded_games() -> None:
    """dwethia.move.basic, dwethia.move.incline, dwethia.move.gap, dwethia.move.engagement,
    dwethia.shoot.line_of_sight: in seeded games on every bundled arena, the bucket search
    finds every space at the cost and difficulty a heap Dijkstra finds (moves and
    retreats), and a line of sight reads the same whatever the board's caches held before
    (read in one order, then in the other); can_see agrees with sight."""
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    _Checking.searches = _Checking.sights = 0
    for seed, arena in ((0, "foundry"), (1, "rooftops"), (2, "placed")):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, {"arena": arena},
                           log_events=False)
        play(game, {0: _Checking(), 1: _Checking()}, seed)
    assert _Checking.searches > 500 and _Checking.sights > 1000


def _seen_table_trace(n: int, ax: float, ay: float, az: float, bx: float, by: float,
                      bz: float) -> Trace:
    """A line's spaces kept in a table of the spaces seen, each with its lowest height (the
    trace as it was written before issue 16)."""
    dx, dy = bx - ax, by - ay
    steps = max(1, int(max(abs(dx), abs(dy)) * 3))
    seen: dict[int, float] = {}
    order: list[int] = []
    for s in range(steps + 1):
        t = s / steps
        cx, cy = int(ax + dx * t), int(ay + dy * t)
        if not (0 <= cx < n and 0 <= cy < n):
            continue
        i = cy * n + cx
        z = az + (bz - az) * t
        if i not in seen:
            seen[i] = z
            order.append(i)
        elif z < seen[i]:
            seen[i] = z
    return Trace(tuple((i, seen[i]) for i in order))


_COORD = st_.floats(min_value=-3.0, max_value=39.0, allow_nan=False)
_HEIGHT = st_.floats(min_value=-2.0, max_value=9.0, allow_nan=False)


@settings(max_examples=400, deadline=None)
@given(_COORD, _COORD, _HEIGHT, _COORD, _COORD, _HEIGHT)
def test_trace_keeps_each_space_once_with_its_lowest_height(
        ax: float, ay: float, az: float, bx: float, by: float, bz: float) -> None:
    """dwethia.shoot.line_of_sight: a line's trace (each space once, in order, with the
    line's lowest height over it) is the same as keeping a table of the spaces seen: a
    straight line never comes back to a space it left."""
    board = Board("test", 36, [0] * 36 * 36, ["open"] * 36 * 36, [-1] * 36 * 36, {}, {})
    assert board.trace(ax, ay, az, bx, by, bz) == _seen_table_trace(36, ax, ay, az, bx, by, bz)
