"""Table geometry in inches: round bases, terrain, movement, line of sight and cover.

Positions are inches with (0, 0) at a table corner. Bases are circles kept as plain numbers on
hot paths. Terrain pieces are shapely polygons with attributes; shapely builds and buffers the
shapes once per table, and the hot queries (point in polygon, segment clipping, nearest point)
run on plain floats in :class:`_Poly`, which measured several times faster than calling into
shapely for these few-vertex shapes (docs/performance.md).

* Distance between models is base edge to base edge (centre distance minus both radii).
* Movement follows a shortest path around impassable terrain (a visibility graph over the
  terrain corners, built once per base size), costs double inside difficult terrain, never
  leaves the table, walks round a base in the way and stops on touching the base it heads for.
* Line of sight is sampled with a few rays between the two bases; the share of rays from the
  viewer to points across the target that meet terrain gives the hidden share used for Cover.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain
from math import hypot
from typing import Any, Final, NamedTuple, Protocol

import shapely
from shapely.geometry import Polygon

from warband.core.values import ValueRecord

__all__ = [
    "CONTACT",
    "Base",
    "FlatPolygon",
    "Inches",
    "MoveResult",
    "Sight",
    "Table",
    "Terrain",
    "TerrainKind",
    "base_radius",
    "edge_distance",
    "formation_offsets",
    "formation_radius",
    "segment_crosses_circle",
]

#: two bases whose edges are closer than this are in base contact (inches)
CONTACT = 0.05
MM_PER_INCH = 25.4
_EPS = 1e-9


class _Poly:
    """A simple polygon as plain floats, for the hot paths (point tests, segment crossings).

    shapely builds and buffers the shapes once; these few-vertex queries run thousands of times
    per game, where a call into shapely costs more than the arithmetic itself.
    """

    __slots__ = ("xs", "ys", "n", "minx", "miny", "maxx", "maxy", "planes")

    def __init__(self, coords: Sequence[tuple[float, float]]) -> None:
        pts = list(coords)
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts = pts[:-1]
        self.xs = [float(p[0]) for p in pts]
        self.ys = [float(p[1]) for p in pts]
        self.n = len(pts)
        self.minx, self.maxx = min(self.xs), max(self.xs)
        self.miny, self.maxy = min(self.ys), max(self.ys)
        self.planes = self._half_planes()

    def _half_planes(self) -> list[tuple[float, float, float]] | None:
        """For a convex polygon, each edge as (nx, ny, c) with inside where nx*x + ny*y <= c;
        None if the polygon is not convex (the general method is used then)."""
        xs, ys, n = self.xs, self.ys, self.n
        area = sum(xs[i - 1] * ys[i] - xs[i] * ys[i - 1] for i in range(n))
        if n < 3 or abs(area) < 1e-12:
            return None
        sign = 1.0 if area > 0 else -1.0  # counter-clockwise: inside is to the left
        planes = []
        for i in range(n):
            ax, ay, bx, by = xs[i - 1], ys[i - 1], xs[i], ys[i]
            cx, cy = xs[(i + 1) % n], ys[(i + 1) % n]
            if sign * ((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) < -1e-12:
                return None  # a reflex corner: not convex
            nx, ny = sign * (by - ay), -sign * (bx - ax)
            planes.append((nx, ny, nx * ax + ny * ay))
        return planes

    def _clip(self, ax: float, ay: float, bx: float, by: float) -> tuple[float, float] | None:
        """Cyrus-Beck: the parameter interval of segment a-b inside a convex polygon."""
        t0, t1 = 0.0, 1.0
        dx, dy = bx - ax, by - ay
        for nx, ny, c in self.planes or ():
            den = nx * dx + ny * dy
            num = c - (nx * ax + ny * ay)
            if -1e-15 < den < 1e-15:  # abs(den) < 1e-15 without the call (the hot loop)
                if num < 0:
                    return None
                continue
            t = num / den
            if den > 0:
                if t < t1:
                    t1 = t
            elif t > t0:
                t0 = t
            if t0 > t1:
                return None
        return (t0, t1)

    def box_gap2(self, x: float, y: float) -> float:
        """The squared distance from (x, y) to the polygon's bounding box (0 inside it): never
        more than the squared distance to any point of the polygon, so a piece whose box is
        out of reach is out of reach."""
        dx = self.minx - x if x < self.minx else (x - self.maxx if x > self.maxx else 0.0)
        dy = self.miny - y if y < self.miny else (y - self.maxy if y > self.maxy else 0.0)
        return dx * dx + dy * dy

    def contains(self, x: float, y: float) -> bool:
        if x < self.minx or x > self.maxx or y < self.miny or y > self.maxy:
            return False
        inside = False
        xs, ys, n = self.xs, self.ys, self.n
        j = n - 1
        for i in range(n):
            yi, yj = ys[i], ys[j]
            if (yi > y) != (yj > y):
                xc = xs[i] + (y - yi) * (xs[j] - xs[i]) / (yj - yi)
                if x < xc:
                    inside = not inside
            j = i
        return inside

    def nearest(self, x: float, y: float) -> tuple[float, float, float]:
        """(distance, px, py): the closest point of the boundary to (x, y)."""
        best = (math.inf, x, y)
        xs, ys, n = self.xs, self.ys, self.n
        for i in range(n):
            ax, ay = xs[i - 1], ys[i - 1]
            bx, by = xs[i], ys[i]
            dx, dy = bx - ax, by - ay
            ll = dx * dx + dy * dy
            t = 0.0 if ll == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / ll))
            px, py = ax + t * dx, ay + t * dy
            d = hypot(x - px, y - py)
            if d < best[0]:
                best = (d, px, py)
        return best

    def distance(self, x: float, y: float) -> float:
        """0 inside, else the distance to the boundary."""
        if self.contains(x, y):
            return 0.0
        return self.nearest(x, y)[0]

    def crossings(self, ax: float, ay: float, bx: float, by: float) -> list[float]:
        """Parameters t in [0, 1] where segment a-b crosses the boundary."""
        if (max(ax, bx) < self.minx or min(ax, bx) > self.maxx
                or max(ay, by) < self.miny or min(ay, by) > self.maxy):
            return []
        out = []
        rx, ry = bx - ax, by - ay
        xs, ys, n = self.xs, self.ys, self.n
        for i in range(n):
            cx, cy = xs[i - 1], ys[i - 1]
            sx, sy = xs[i] - cx, ys[i] - cy
            den = rx * sy - ry * sx
            if abs(den) < 1e-12:
                continue
            qx, qy = cx - ax, cy - ay
            t = (qx * sy - qy * sx) / den
            u = (qx * ry - qy * rx) / den
            if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
                out.append(min(1.0, max(0.0, t)))
        return out

    def inside_spans(self, ax: float, ay: float, bx: float, by: float) -> list[tuple[float, float]]:
        """Parameter intervals of segment a-b inside the polygon."""
        if (max(ax, bx) < self.minx or min(ax, bx) > self.maxx
                or max(ay, by) < self.miny or min(ay, by) > self.maxy):
            return []
        if self.planes is not None:
            span = self._clip(ax, ay, bx, by)
            return [span] if span is not None and span[1] - span[0] > 1e-12 else []
        ts = sorted({0.0, 1.0, *self.crossings(ax, ay, bx, by)})
        spans: list[tuple[float, float]] = []
        for t0, t1 in zip(ts, ts[1:], strict=False):
            if t1 - t0 < 1e-12:
                continue
            tm = (t0 + t1) / 2
            if self.contains(ax + (bx - ax) * tm, ay + (by - ay) * tm):
                if spans and abs(spans[-1][1] - t0) < 1e-12:
                    spans[-1] = (spans[-1][0], t1)
                else:
                    spans.append((t0, t1))
        return spans

    def touches(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """Does segment a-b meet the polygon (cross its outline or lie inside it)?"""
        # the box test, both ends compared (``max(ax, bx) < minx`` and the others, without
        # the builtins' calls: sight asks this hundreds of thousands of times a run)
        minx, maxx, miny, maxy = self.minx, self.maxx, self.miny, self.maxy
        if ((ax < minx and bx < minx) or (ax > maxx and bx > maxx)
                or (ay < miny and by < miny) or (ay > maxy and by > maxy)):
            return False
        if self.planes is not None:
            return self._clip(ax, ay, bx, by) is not None
        return bool(self.crossings(ax, ay, bx, by)) or self.contains(ax, ay)

    def blocks(self, ax: float, ay: float, bx: float, by: float, margin: float = 1e-3) -> bool:
        """Does segment a-b pass through the interior (ignoring grazes within ``margin``
        inches of its ends, where a model standing against the terrain starts or stops)?"""
        length = hypot(bx - ax, by - ay)
        if length < 1e-12:
            return self.contains(ax, ay)
        cut = margin / length
        for t0, t1 in self.inside_spans(ax, ay, bx, by):
            if min(t1, 1 - cut) - max(t0, cut) > 1e-9:
                return True
        return False


#: the plain-float polygon of the table's hot paths, public for rulesets that test many points
#: and segments against terrain roles of their own (Sword Marches' Area Terrain sight)
FlatPolygon = _Poly


def base_radius(mm: float) -> float:
    """Radius in inches of a round base ``mm`` millimetres across."""
    return mm / MM_PER_INCH / 2.0


def edge_distance(ax: float, ay: float, ar: float, bx: float, by: float, br: float) -> float:
    """Base edge to base edge distance (negative if the bases overlap)."""
    return hypot(bx - ax, by - ay) - ar - br


class TerrainKind(StrEnum):
    OPEN = "open"
    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain piece: its movement kind and how it affects sight.

    ``blocks_sight``: models behind it cannot be seen through it (a rock, a wall, a building).
    ``cover``: it obscures a model behind or inside it without hiding it (a hedge, a wood).
    ``elevation``: the height of the ground on it in levels (a hill is 1); 0 is the table top.
    """

    name: str
    kind: TerrainKind
    polygon: Polygon
    blocks_sight: bool = False
    cover: bool = False
    elevation: float = 0.0

    @staticmethod
    def from_points(
        name: str,
        kind: str | TerrainKind,
        points: Sequence[tuple[float, float]],
        blocks_sight: bool = False,
        cover: bool = False,
        elevation: float = 0.0,
    ) -> Terrain:
        return Terrain(name, TerrainKind(kind), Polygon(points), blocks_sight, cover, elevation)


class Inches(Protocol):
    """A move's allowance as the rules hand it over and write it into their ``move`` events:
    a Move or Movement stat (an ``int``) or part of one, a roll or a spell's distance (a
    ``float``). The event writes it as given (``4``, ``3.75``); the moving works with
    ``float(allowance)``.

    Not typed ``float`` (nor ``int | float``, which mypy reads as ``float``): the compiled build
    (docs/performance.md, "Compiled build") turns an ``int`` passed to a ``float`` parameter into
    a ``float``, and the event would read ``4.0`` where pure Python writes ``4``."""

    def __float__(self) -> float: ...

    def __round__(self, ndigits: int, /) -> Any: ...


class Base(NamedTuple):
    """A round base standing at (x, y). (A named tuple rather than a frozen dataclass: the
    movement code builds one per other model for every move it weighs, and a tuple is made
    twice as fast.)"""

    x: float
    y: float
    r: float


#: a :class:`MoveResult`'s fields as a plain tuple, in order (what :meth:`Table.move` keeps)
MoveFields = tuple[float, float, float, float, tuple[int, ...], bool]


class MoveResult(ValueRecord):
    """Where a move ended: ``x``, ``y``; ``travelled``, the length of the path actually
    covered; ``cost``, the allowance used (difficult terrain costs double); ``contact``, the
    indices of the blockers touched at the end; ``blocked``, whether a base, terrain or the
    table edge stopped it early.

    A value like a frozen dataclass (compared and hashed by its fields, read-only), written
    out rather than made by ``dataclass``: the compiled build (docs/performance.md, "Compiled
    build") compiles a written ``__init__`` (about 0.1 us) but runs the one ``dataclass``
    generates as Python code (a few us, and a game makes thousands of moves). Its fields are
    ``Final``: mypy refuses a write, and the compiled class has no setter for them."""

    __slots__ = ("x", "y", "travelled", "cost", "contact", "blocked")

    def __init__(self, x: float, y: float, travelled: float, cost: float,
                 contact: tuple[int, ...], blocked: bool) -> None:
        self.x: Final = x
        self.y: Final = y
        self.travelled: Final = travelled
        self.cost: Final = cost
        self.contact: Final = contact
        self.blocked: Final = blocked

    def fields(self) -> MoveFields:
        return (self.x, self.y, self.travelled, self.cost, self.contact, self.blocked)

    def __repr__(self) -> str:
        return ("MoveResult(x={!r}, y={!r}, travelled={!r}, cost={!r}, contact={!r}, "
                "blocked={!r})").format(*self.fields())


@dataclass(frozen=True, slots=True)
class Sight:
    visible: bool
    hidden: float  # share of the target obscured, 0..1


@dataclass(slots=True)
class _NavGraph:
    nodes: list[tuple[float, float]]
    edges: list[list[tuple[int, float]]]
    obstacles: list[_Poly]  # impassable terrain grown by the mover's radius


class _Settling:
    """Dijkstra from one start (node ``n``) over a movement graph's corners, advanced only as
    far as asked: ``settled`` holds the corners in the order the search settles them, with
    their distances, ``prev`` each reached corner's predecessor (``n`` for the start). Paused
    and resumed, it settles the same corners in the same order as one run to the end."""

    __slots__ = ("dist", "edges", "heap", "links", "n", "prev", "settled")

    def __init__(self, n: int, links: list[tuple[int, float]],
                 edges: list[list[tuple[int, float]]]) -> None:
        self.n = n
        self.links = links  # the start's own links (the corners in view of it)
        self.edges = edges
        self.dist: dict[int, float] = {n: 0.0}
        self.prev: dict[int, int] = {}
        self.settled: list[tuple[float, int]] = []
        self.heap: list[tuple[float, int]] = [(0.0, n)]

    def advance(self) -> bool:
        """Settle the next corner (True), or say that none is left (False)."""
        heap, dist, prev, n = self.heap, self.dist, self.prev, self.n
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist.get(u, math.inf):
                continue
            links = self.links if u == n else self.edges[u]
            for v, w in links:
                nd = d + w
                if nd < dist.get(v, math.inf):
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(heap, (nd, v))
            if u != n:
                self.settled.append((d, u))
                return True
        return False


_SHARED_TABLES: dict[tuple[Any, ...], Table] = {}
#: the same tables found by their layout's plain data (:meth:`Table.shared_layout`)
_LAID_OUT_TABLES: dict[tuple[Any, ...], Table] = {}

#: a terrain piece as plain data: (name, kind, points, blocks sight, cover, elevation)
PieceData = tuple[str, str | TerrainKind, Sequence[tuple[float, float]], bool, bool, float]


def forget_shared_tables() -> None:
    """Forget every shared table (:meth:`Table.shared`, :meth:`Table.shared_layout`), so the
    next game builds its table and its caches afresh: for tests of a first game in a process."""
    _SHARED_TABLES.clear()
    _LAID_OUT_TABLES.clear()


#: the Sight objects :meth:`Table.sight`'s caches hold, one per distinct answer
_SIGHTS: dict[tuple[bool, float], Sight] = {}


@dataclass
class Table:
    """A rectangular table with terrain."""

    width: float = 36.0
    height: float = 36.0
    terrain: list[Terrain] = field(default_factory=list)

    @classmethod
    def shared(cls, width: float, height: float, terrain: Sequence[Terrain]) -> Table:
        """The one table of this layout in this process, for every game played on it.

        A table never changes once built, apart from its caches (movement graph, paths, sight
        lines), which are pure functions of their keys: sharing them changes no result (a seed
        replays the same whatever was played before) and spares each game building them anew
        (docs/performance.md). Callers must not change the table's ``terrain``."""
        key = (width, height, tuple(
            (t.name, t.kind.value, tuple(t.polygon.exterior.coords), t.blocks_sight, t.cover,
             t.elevation) for t in terrain))
        table = _SHARED_TABLES.get(key)
        if table is None:
            if len(_SHARED_TABLES) >= 32:
                _SHARED_TABLES.clear()
            table = _SHARED_TABLES[key] = cls(width, height, list(terrain))
        return table

    @classmethod
    def shared_layout(cls, width: float, height: float, pieces: Sequence[PieceData]) -> Table:
        """:meth:`shared` for a layout given as plain data (each piece's constructor
        arguments, its points as tuples), found by that data before any terrain polygon is
        made: building the polygons cost more than the rest of setting up a game. The data
        is everything the table is built from, so a layout that differs in any way gets its
        own table."""
        key = (width, height, tuple([(name, kind, tuple(points), sight, cover, elevation)
                                     for name, kind, points, sight, cover, elevation in pieces]))
        table = _LAID_OUT_TABLES.get(key)
        if table is None:
            if len(_LAID_OUT_TABLES) >= 32:
                _LAID_OUT_TABLES.clear()
            table = _LAID_OUT_TABLES[key] = cls.shared(width, height, [
                Terrain.from_points(name, kind, points, sight, cover, elevation)
                for name, kind, points, sight, cover, elevation in pieces])
        return table

    def __post_init__(self) -> None:
        self._impassable = [t for t in self.terrain if t.kind is TerrainKind.IMPASSABLE]
        self._impassable_polys = [_Poly(t.polygon.exterior.coords) for t in self._impassable]
        self._difficult = [_Poly(t.polygon.exterior.coords) for t in self.terrain
                           if t.kind is TerrainKind.DIFFICULT]
        self._nav: dict[float, _NavGraph] = {}
        self._nav_of_radius: dict[float, _NavGraph] = {}
        # Pure-function caches (exact float keys, so results are identical with or without
        # them): models stand still most of the time, so the same questions recur.
        self._links: dict[tuple[float, float, float], list[tuple[int, float]]] = {}
        self._sights: dict[tuple[float, ...], Sight] = {}
        self._paths: dict[tuple[float, ...], tuple[tuple[float, float], ...]] = {}
        self._searches: dict[tuple[float, float, float], _Settling] = {}
        self._reaches: dict[tuple[float, ...], tuple[float, float]] = {}
        self._cover_points: dict[tuple[float, float], tuple[float, tuple[float, float]] | None] = {}
        self._moves: dict[tuple[Any, ...], MoveFields] = {}
        self._packs: dict[tuple[Any, ...], int] = {}
        self._free: dict[tuple[Any, ...], list[tuple[float, float]]] = {}
        self._packed: dict[tuple[Any, ...], list[tuple[float, float]]] = {}
        self._memos: dict[str, dict[Any, Any]] = {}
        self._cover_pieces = [t for t in self.terrain if t.blocks_sight or t.cover]
        self._cover_polys = [_Poly(t.polygon.exterior.coords) for t in self._cover_pieces]
        self._raised = [(_Poly(t.polygon.exterior.coords), t.elevation) for t in self.terrain
                        if t.elevation != 0]
        for t in self.terrain:
            shapely.prepare(t.polygon)

    def memo(self, name: str) -> dict[Any, Any]:
        """A cache named ``name`` kept on this table for a caller's own pure functions of the
        table (a ruleset's menus of reachable places, say), shared like the table's own caches
        by every game played on it. Keys must hold every input exactly (plain floats, no
        rounding), so that a cached answer is the one the function would give; the cache is
        emptied when it grows past 20,000 entries."""
        cache = self._memos.get(name)
        if cache is None:
            cache = self._memos[name] = {}
        elif len(cache) > 20_000:
            cache.clear()
        return cache

    # -- placement -------------------------------------------------------------------------
    def on_table(self, x: float, y: float, r: float) -> bool:
        return r - _EPS <= x <= self.width - r + _EPS and r - _EPS <= y <= self.height - r + _EPS

    def clamp(self, x: float, y: float, r: float) -> tuple[float, float]:
        # min(max(x, r), width - r) for each axis, as min and max pick (no calls: hot)
        x = r if r > x else x
        hi = self.width - r
        y = r if r > y else y
        hi_y = self.height - r
        return (hi if hi < x else x, hi_y if hi_y < y else y)

    def in_impassable(self, x: float, y: float, r: float) -> bool:
        for p in self._impassable_polys:  # a loop, not any(): asked for every place weighed
            if (p.minx - r < x < p.maxx + r and p.miny - r < y < p.maxy + r
                    and p.distance(x, y) < r - _EPS):
                return True
        return False

    def impassable_clearance(self, x: float, y: float, r: float) -> float:
        """The distance from (x, y) to the nearest impassable piece (0 inside one), or ``r``
        if none is nearer than ``r``: :meth:`in_impassable` is exactly ``clearance < r - 1e-9``
        (the same distances, the same pieces). The distance changes by at most the distance
        moved, so a caller stepping along a line may skip the steps that cannot get clear."""
        near = r
        for p in self._impassable_polys:
            if p.minx - r < x < p.maxx + r and p.miny - r < y < p.maxy + r:
                d = p.distance(x, y)
                if d < near:
                    near = d
        return near

    def fits(self, x: float, y: float, r: float, others: Iterable[Base] = ()) -> bool:
        """A base of radius ``r`` can stand at (x, y): on the table, off impassable terrain
        and not overlapping another base (touching is fine)."""
        if not self.on_table(x, y, r) or self.in_impassable(x, y, r):
            return False
        return all(edge_distance(x, y, r, o.x, o.y, o.r) >= -_EPS for o in others)

    def free_spots(
        self, points: Sequence[tuple[float, float]], r: float, others: Iterable[Base] = ()
    ) -> list[tuple[float, float]]:
        """Those of ``points`` where a base of radius ``r`` fits now (:meth:`fits`), in order.
        Pure and cached: deployment asks the same of every game of a match-up."""
        placed = list(others)
        key = (tuple(points), r, *placed)
        spots = self._free.get(key)
        if spots is None:
            if len(self._free) > 20_000:
                self._free.clear()
            spots = self._free[key] = [(x, y) for x, y in points if self.fits(x, y, r, placed)]
        return list(spots)

    def packed_points(
        self, area: tuple[float, float, float, float], r: float, others: Iterable[Base] = ()
    ) -> list[tuple[float, float]]:
        """The spots of a close (hexagonal) packing of bases of radius ``r`` wholly inside the
        rectangle ``area`` = (x0, y0, x1, y1), rows from the y0 side, where such a base fits now
        (:meth:`fits`). Rulesets use it to offer deployment spots and to check that a list can
        be deployed at all."""
        placed = list(others)
        key = (area, r, *placed)
        spots = self._packed.get(key)
        if spots is None:
            if len(self._packed) > 20_000:
                self._packed.clear()
            spots = self._packed[key] = self._packed_points(area, r, placed)
        return list(spots)

    def _packed_points(
        self, area: tuple[float, float, float, float], r: float, placed: list[Base]
    ) -> list[tuple[float, float]]:
        x0, y0, x1, y1 = area
        dx = 2 * r + 0.02
        dy = math.sqrt(3) * r + 0.02
        flip = y0 > y1  # rows from the far side: packed from the y0 edge inward
        lo, hi = (y1, y0) if flip else (y0, y1)
        out: list[tuple[float, float]] = []
        row = 0
        d = r + 0.01
        while lo + d <= hi - r + 1e-9:
            y = hi - d if flip else lo + d
            x = x0 + r + 0.01 + (dx / 2 if row % 2 else 0.0)
            while x <= x1 - r - 0.01 + 1e-9:
                if self.fits(x, y, r, placed):
                    out.append((round(x, 3), round(y, 3)))
                x += dx
            row += 1
            d += dy
        return out

    def pack(
        self, area: tuple[float, float, float, float], radii: Sequence[float],
        others: Iterable[Base] = (),
    ) -> int:
        """How many of the bases of ``radii`` (placed largest first, each on the first free
        spot of :meth:`packed_points`) fit into ``area``: a quick, conservative answer to
        "can they all be deployed there?"."""
        placed = list(others)
        # Pure, and asked again for every game of the same lists on the same table.
        key = (area, tuple(radii), *placed)
        count = self._packs.get(key)
        if count is None:
            if len(self._packs) > 20_000:
                self._packs.clear()
            count = self._packs[key] = self._pack(area, radii, placed)
        return count

    def _pack(
        self, area: tuple[float, float, float, float], radii: Sequence[float], placed: list[Base]
    ) -> int:
        for count, r in enumerate(sorted(radii, reverse=True)):
            spots = self.packed_points(area, r, placed)
            if not spots:
                return count
            placed.append(Base(spots[0][0], spots[0][1], r))
        return len(radii)

    def terrain_at(self, x: float, y: float) -> list[Terrain]:
        return [t for t in self.terrain if _Poly(t.polygon.exterior.coords).contains(x, y)]

    def elevation_at(self, x: float, y: float) -> float:
        """Height of the ground at (x, y): the highest raised terrain there, else 0."""
        best = 0.0
        for poly, elevation in self._raised:
            if elevation > best and poly.contains(x, y):
                best = elevation
        return best

    # -- movement --------------------------------------------------------------------------
    def _nav_graph(self, r: float) -> _NavGraph:
        graph = self._nav_of_radius.get(r)  # the exact radius first: no rounding per query
        if graph is None:
            if len(self._nav_of_radius) > 256:
                self._nav_of_radius.clear()
            graph = self._nav_of_radius[r] = self._nav_graph_rounded(r)
        return graph

    def _nav_graph_rounded(self, r: float) -> _NavGraph:
        key = round(r, 4)
        graph = self._nav.get(key)
        if graph is not None:
            return graph
        grown = [t.polygon.buffer(r, join_style="mitre") for t in self._impassable]
        obstacles = [_Poly(g.exterior.coords) for g in grown]
        nodes: list[tuple[float, float]] = []
        for poly in grown:
            # Corners pushed slightly further out so that paths hug, not touch, the terrain.
            outer = poly.buffer(0.05, join_style="mitre")
            for cx, cy in list(outer.exterior.coords)[:-1]:
                if self.on_table(cx, cy, r) and not _inside_any(obstacles, cx, cy):
                    nodes.append((cx, cy))
        edges: list[list[tuple[int, float]]] = [[] for _ in nodes]
        for i in range(len(nodes)):
            for j in range(i + 1, len(nodes)):
                if _clear(obstacles, nodes[i], nodes[j]):
                    d = math.dist(nodes[i], nodes[j])
                    edges[i].append((j, d))
                    edges[j].append((i, d))
        graph = _NavGraph(nodes, edges, obstacles)
        self._nav[key] = graph
        return graph

    def path(
        self, start: tuple[float, float], goal: tuple[float, float], r: float, fly: bool = False
    ) -> list[tuple[float, float]]:
        """Shortest path for a base of radius ``r`` around impassable terrain."""
        goal = self.clamp(goal[0], goal[1], r)
        if fly or not self._impassable:
            return [start, goal]
        key = (start[0], start[1], goal[0], goal[1], r)
        route = self._paths.get(key)
        if route is None:
            if len(self._paths) > 20_000:
                self._paths.clear()
            # kept as a tuple of points, which the garbage collector stops tracking (the cache
            # lives as long as the table); each caller gets a list of its own
            route = self._paths[key] = tuple(self._shortest_path(start, goal, r))
        return list(route)

    def _shortest_path(
        self, start: tuple[float, float], goal: tuple[float, float], r: float
    ) -> list[tuple[float, float]]:
        graph = self._nav_graph(r)
        obstacles = graph.obstacles
        for poly in obstacles:
            if poly.contains(goal[0], goal[1]):
                d, px, py = poly.nearest(goal[0], goal[1])
                # Step a hair beyond the grown outline, away from the inside.
                gx, gy = goal
                scale = (d + 0.02) / d if d > 0 else 1.0
                goal = (gx + (px - gx) * scale, gy + (py - gy) * scale)
        if _clear(obstacles, start, goal):
            return [start, goal]
        # Dijkstra over terrain corners from the start (node n), the goal (node n + 1) a sink
        # linked to the corners that see it. The goal relaxes nothing, so the corners settle
        # in the same order, at the same distances, over the same predecessors whatever the
        # goal: that search is kept per start (:class:`_Settling`, advanced only as far as a
        # goal needs; the aims of a move menu share it) and the goal is relaxed from the
        # corners in their settling order, as the search would when settling each: the first
        # corner giving the least distance wins, and once a corner is as far as the best
        # found no later one can beat it (the search pops the goal there). The same routes as
        # searching for each goal, bit for bit (tests/core/test_geometry_speed.py runs both).
        nodes = graph.nodes
        search = self._settling(graph, start, r)
        settled = search.settled
        known = self._links.get((goal[0], goal[1], r))
        goal_links = None if known is None else dict(known)
        best = math.inf
        via = -1
        k = 0
        while k < len(settled) or search.advance():
            d, u = settled[k]
            k += 1
            if d >= best:
                break
            if goal_links is not None:
                w = goal_links.get(u)
                if w is None:
                    continue
            elif _clear(obstacles, goal, nodes[u]):
                w = math.dist(goal, nodes[u])
            else:
                continue
            nd = d + w
            if nd < best:
                best = nd
                via = u
        if via < 0:
            return [start]  # the goal cannot be reached: stay put
        n = len(nodes)
        prev = search.prev
        route = [goal, nodes[via]]
        u = via
        while prev[u] != n:
            u = prev[u]
            route.append(nodes[u])
        route.append(start)
        route.reverse()
        return route

    def _settling(self, graph: _NavGraph, start: tuple[float, float], r: float) -> _Settling:
        """The search over ``graph``'s corners from ``start``, kept per start like its links."""
        key = (start[0], start[1], r)
        search = self._searches.get(key)
        if search is None:
            if len(self._searches) > 20_000:
                self._searches.clear()
            search = self._searches[key] = _Settling(
                len(graph.nodes), self._visible_nodes(graph, start, r), graph.edges)
        return search

    def _visible_nodes(
        self, graph: _NavGraph, p: tuple[float, float], r: float
    ) -> list[tuple[int, float]]:
        """Terrain corners in straight view of point ``p`` (with their distances)."""
        key = (p[0], p[1], r)
        links = self._links.get(key)
        if links is None:
            if len(self._links) > 20_000:
                self._links.clear()
            links = [(i, math.dist(p, q)) for i, q in enumerate(graph.nodes)
                     if _clear(graph.obstacles, p, q)]
            self._links[key] = links
        return links

    def _difficult_spans(
        self, a: tuple[float, float], b: tuple[float, float]
    ) -> list[tuple[float, float]]:
        """Parameter intervals [t0, t1] of segment a-b that lie in difficult terrain."""
        if not self._difficult or a == b:
            return []
        ax, ay = a
        bx, by = b
        lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay < by else (by, ay)
        spans: list[tuple[float, float]] = []
        for poly in self._difficult:
            # the bounding-box test inside_spans starts with, before the call (most miss)
            if hi_x < poly.minx or lo_x > poly.maxx or hi_y < poly.miny or lo_y > poly.maxy:
                continue
            spans.extend(poly.inside_spans(ax, ay, bx, by))
        if len(spans) > 1:
            spans.sort()
            merged = [spans[0]]
            for s0, s1 in spans[1:]:
                if s0 <= merged[-1][1]:
                    merged[-1] = (merged[-1][0], max(merged[-1][1], s1))
                else:
                    merged.append((s0, s1))
            spans = merged
        return spans

    def move(
        self,
        start: tuple[float, float],
        goal: tuple[float, float],
        r: float,
        allowance: float,
        blockers: Sequence[Base] = (),
        fly: bool = False,
        halve_difficult: bool = True,
        stop_at: Sequence[bool] | None = None,
    ) -> MoveResult:
        """Move a base of radius ``r`` from ``start`` toward ``goal``.

        Spends at most ``allowance`` inches (difficult terrain costs double unless
        ``halve_difficult`` is False or the model flies) and follows the shortest path round
        impassable terrain; a flier goes straight over it but does not end its move on it. A base in the way is walked round, on the shorter side, up to twice
        per move, unless it is the goal's own base (the goal point lies inside the base of the
        model being approached) or ``stop_at[i]`` is true for it (a ruleset's "touching this
        one ends the move", such as an enemy); then the mover stops on touching it.
        """
        stops = tuple(stop_at) if stop_at is not None else (False,) * len(blockers)
        # Pure and cached: an AI weighs the same moves again (the flow then makes the one it
        # chose, a Leg It re-weighs its Charges after each dash), and the games of one
        # match-up start from the same spots. Key and answer are plain tuples of numbers (the
        # blockers' x, y, r in a row, three to a base as ``stops`` counts them; the result's
        # fields), which the garbage collector stops tracking: the cache lives as long as the
        # table, across games, and tracked entries made every full collection walk them all.
        key = (start[0], start[1], goal[0], goal[1], r, allowance, fly, halve_difficult, stops,
               *chain.from_iterable(blockers))
        kept = self._moves.get(key)
        if kept is not None:
            return MoveResult(*kept)
        res = self._move(start, goal, r, allowance, blockers, fly, halve_difficult, 2, stops)
        if fly and self._impassable and self.in_impassable(res.x, res.y, r):
            res = self._land(start, res, r, blockers)
        if len(self._moves) > 20_000:
            self._moves.clear()
        self._moves[key] = res.fields()
        return res

    def terrain_reach(
        self, start: tuple[float, float], goal: tuple[float, float], r: float, allowance: float,
    ) -> tuple[float, float]:
        """Where a base of radius ``r`` moving toward ``goal`` stops as far as the terrain
        alone decides (round impassable terrain, difficult terrain costing double, within
        ``allowance``); other bases are not weighed. Pure and cached: callers that weigh many
        destinations ask it the same questions again and again."""
        key = (start[0], start[1], goal[0], goal[1], r, allowance)
        end = self._reaches.get(key)
        if end is None:
            if len(self._reaches) > 20_000:
                self._reaches.clear()
            end = self._reaches[key] = self._terrain_reach(start, goal, r, allowance)
        return end

    def _terrain_reach(
        self, start: tuple[float, float], goal: tuple[float, float], r: float, allowance: float,
    ) -> tuple[float, float]:
        gx, gy = self.clamp(goal[0], goal[1], r)
        sx, sy = start
        d = hypot(gx - sx, gy - sy)
        if d < _EPS:
            return (sx, sy)
        if self._impassable and (
            self.in_impassable(gx, gy, r)
            or not _clear(self._nav_graph(r).obstacles, (sx, sy), (gx, gy))
        ):
            return self._terrain_walk(start, goal, r, allowance)  # round the terrain
        # A straight line: only difficult terrain can shorten it.
        t = min(d, _reach(allowance, d, self._difficult_spans((sx, sy), (gx, gy))))
        return (sx + (gx - sx) * t / d, sy + (gy - sy) * t / d)

    def _terrain_walk(
        self, start: tuple[float, float], goal: tuple[float, float], r: float, allowance: float,
    ) -> tuple[float, float]:
        """Where :meth:`move` with no other bases ends: its walk along :meth:`path` without the
        bases (nothing to bump into, so no contact and no detour), the same arithmetic step
        for step (tests/core/test_geometry_speed.py compares the two)."""
        x, y = start
        budget = allowance
        for nx, ny in self.path(start, goal, r)[1:]:
            seg_len = hypot(nx - x, ny - y)
            if seg_len < _EPS:
                continue
            dx, dy = (nx - x) / seg_len, (ny - y) / seg_len
            spans = self._difficult_spans((x, y), (nx, ny))
            t_stop = min(_reach(budget, seg_len, spans), seg_len)
            x, y = x + dx * t_stop, y + dy * t_stop
            if t_stop < seg_len - 1e-7:
                break  # the allowance ran out on this leg
            budget -= _cost(t_stop, seg_len, spans)
        return (x, y)

    def _land(
        self, start: tuple[float, float], res: MoveResult, r: float, blockers: Sequence[Base]
    ) -> MoveResult:
        """A flier passes over impassable terrain but does not end its move on it: it comes
        down at the last point of its straight flight where its base fits."""
        sx, sy = start
        length = hypot(res.x - sx, res.y - sy)
        steps = max(1, math.ceil(length / 0.05))
        for k in range(steps - 1, -1, -1):
            t = k / steps
            x, y = sx + (res.x - sx) * t, sy + (res.y - sy) * t
            if not self.in_impassable(x, y, r):
                return MoveResult(x, y, length * t, length * t, _touching(x, y, r, blockers), True)
        return MoveResult(sx, sy, 0.0, 0.0, _touching(sx, sy, r, blockers), True)

    def _move(
        self,
        start: tuple[float, float],
        goal: tuple[float, float],
        r: float,
        allowance: float,
        blockers: Sequence[Base],
        fly: bool,
        halve_difficult: bool,
        detours: int,
        stops: tuple[bool, ...],
    ) -> MoveResult:
        route = self.path(start, goal, r, fly)
        x, y = start
        budget = allowance
        travelled = 0.0
        for nx, ny in route[1:]:
            seg_len = hypot(nx - x, ny - y)
            if seg_len < _EPS:
                continue
            dx, dy = (nx - x) / seg_len, (ny - y) / seg_len
            # First contact with another base along this segment.
            t_hit = seg_len
            hit: list[int] = []
            for i, (ox, oy, o_r) in enumerate(blockers):
                # Distance t >= 0 along the unit heading at which the moving base first
                # touches this one (offset c, radii summing to rr); already touching or
                # overlapping counts only when moving closer. Written out: the hot loop
                # (a base unpacked as the tuple it is: cheaper than three attribute reads).
                cx, cy, rr = ox - x, oy - y, r + o_r
                b = dx * cx + dy * cy
                c = cx * cx + cy * cy - rr * rr
                if c <= 1e-6:
                    if b <= 1e-9:
                        continue
                    t = 0.0
                else:
                    disc = b * b - c
                    if disc < 0 or b <= 0:
                        continue
                    t = b - math.sqrt(disc)
                if t > t_hit + _EPS:
                    continue
                if t < t_hit - _EPS:
                    t_hit, hit = t, [i]
                else:
                    hit.append(i)
            # How far the remaining allowance carries along this segment.
            spans = [] if (fly or not halve_difficult) else self._difficult_spans((x, y), (nx, ny))
            t_budget = _reach(budget, seg_len, spans)
            t_stop = min(t_hit, t_budget, seg_len)
            cost = _cost(t_stop, seg_len, spans)
            x, y = x + dx * t_stop, y + dy * t_stop
            travelled += t_stop
            budget -= cost
            if t_stop < seg_len - 1e-7:
                bumped = t_hit <= t_budget + _EPS
                if bumped and detours > 0 and budget > _EPS and not any(stops[i] for i in hit):
                    around = self._detour((x, y), goal, r, budget, blockers, hit, fly,
                                          halve_difficult, detours - 1, (dx, dy), stops)
                    if around is not None:
                        return MoveResult(around.x, around.y, travelled + around.travelled,
                                          allowance - budget + around.cost, around.contact,
                                          around.blocked)
                # Out of allowance a hair short of a base still ends in contact with it
                # (the same CONTACT tolerance the rulesets use for base contact).
                return MoveResult(x, y, travelled, allowance - budget,
                                  _touching(x, y, r, blockers), True)
        reached = hypot(goal[0] - x, goal[1] - y) < 1e-6
        return MoveResult(x, y, travelled, allowance - budget, _touching(x, y, r, blockers),
                          not reached)

    def _detour(
        self,
        at: tuple[float, float],
        goal: tuple[float, float],
        r: float,
        budget: float,
        blockers: Sequence[Base],
        hit: list[int],
        fly: bool,
        halve_difficult: bool,
        detours: int,
        heading: tuple[float, float],
        stops: tuple[bool, ...],
    ) -> MoveResult | None:
        """Walk round the base just bumped into, if it is not the one being approached:
        two corner points of a square about it on the shorter side, then on to the goal."""
        if len(hit) != 1:
            return None
        b = blockers[hit[0]]
        if hypot(goal[0] - b.x, goal[1] - b.y) <= b.r + r + CONTACT:
            return None  # it is the goal's own base: stopping in contact is the point
        dx, dy = heading
        px, py = -dy, dx
        reach = b.r + r + 0.1
        options = []
        for side in (1.0, -1.0):
            w1 = (b.x + (-dx + side * px) * reach, b.y + (-dy + side * py) * reach)
            w2 = (b.x + (dx + side * px) * reach, b.y + (dy + side * py) * reach)
            if not all(self.on_table(w[0], w[1], r) and not self.in_impassable(w[0], w[1], r)
                       for w in (w1, w2)):
                continue
            length = math.dist(at, w1) + math.dist(w1, w2) + math.dist(w2, goal)
            options.append((length, w1, w2))
        if not options:
            return None
        options.sort()
        _, w1, w2 = options[0]
        travelled = cost = 0.0
        pos = at
        for waypoint in (w1, w2):
            leg = self._move(pos, waypoint, r, budget - cost, blockers, fly, halve_difficult, 0, stops)
            travelled += leg.travelled
            cost += leg.cost
            pos = (leg.x, leg.y)
            if leg.blocked:
                return MoveResult(leg.x, leg.y, travelled, cost, leg.contact, True)
        rest = self._move(pos, goal, r, budget - cost, blockers, fly, halve_difficult, detours,
                          stops)
        return MoveResult(rest.x, rest.y, travelled + rest.travelled, cost + rest.cost,
                          rest.contact, rest.blocked)

    # -- sight -----------------------------------------------------------------------------
    def sight(self, ax: float, ay: float, ar: float, bx: float, by: float, br: float) -> Sight:
        """Can a model at (ax, ay) see one at (bx, by), and what share of it is obscured?

        Rays run from the viewer's centre to five points across the target. The hidden share
        is the fraction of them that meet terrain which blocks sight or gives cover. The target
        is visible if one of them misses all sight-blocking terrain, or failing that one of the
        rays from either side of the viewer's base does. A piece the viewer stands in does not
        obscure the stretch of a ray on the way out of it (the viewer looks out between the trees
        round it), but it does hide a target point inside it or beyond a gap where the ray enters
        it again (the trees round the target); it never blocks sight outright.
        """
        if not self._cover_pieces:
            return Sight(True, 0.0)
        key = (ax, ay, ar, bx, by, br)
        cached = self._sights.get(key)
        if cached is None:
            if len(self._sights) > 50_000:
                self._sights.clear()
            sight = self._compute_sight(ax, ay, ar, bx, by, br)
            # one Sight object per answer (visible, hidden share: a handful of values), so the
            # cache, which lives as long as the table, adds no object the garbage collector
            # tracks with each line it keeps
            cached = self._sights[key] = _SIGHTS.setdefault((sight.visible, sight.hidden), sight)
        return cached

    def _compute_sight(
        self, ax: float, ay: float, ar: float, bx: float, by: float, br: float
    ) -> Sight:
        lo_x, hi_x = min(ax - ar, bx - br), max(ax + ar, bx + br)
        lo_y, hi_y = min(ay - ar, by - br), max(ay + ar, by + br)
        near: list[tuple[_Poly, bool]] = []
        own: list[_Poly] = []  # pieces the viewer stands in
        for poly, piece in zip(self._cover_polys, self._cover_pieces, strict=True):
            if poly.minx <= hi_x and poly.maxx >= lo_x and poly.miny <= hi_y and poly.maxy >= lo_y:
                if poly.contains(ax, ay):
                    own.append(poly)
                else:
                    near.append((poly, piece.blocks_sight))
        if not near and not own:
            return Sight(True, 0.0)
        d = hypot(bx - ax, by - ay)
        if d < _EPS:
            return Sight(True, 0.0)
        px, py = -(by - ay) / d, (bx - ax) / d  # unit perpendicular
        targets = [(bx + px * o * br, by + py * o * br) for o in (-0.9, -0.45, 0.0, 0.45, 0.9)]
        blockers = [poly for poly, blocks in near if blocks]
        hidden = 0
        visible = False
        # (each any() over the pieces written out as a loop that stops at the first that
        # answers: the same tests in the same order, without a generator per ray; sight
        # asks this for every new pair of places, in every ruleset)
        for tx, ty in targets:
            obscured = False
            for poly, _ in near:
                if poly.touches(ax, ay, tx, ty):
                    obscured = True
                    break
            if not obscured:
                for poly in own:
                    if _hides_from_inside(poly, ax, ay, tx, ty):
                        obscured = True
                        break
            if obscured:
                hidden += 1
                if not visible:
                    blocked = False
                    for p in blockers:
                        if p.touches(ax, ay, tx, ty):
                            blocked = True
                            break
                    if not blocked:
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
            return Sight(False, 1.0)
        return Sight(True, hidden / len(targets))

    # -- edges and nearest terrain -------------------------------------------------------------
    def nearest_edge_point(self, x: float, y: float, r: float) -> tuple[float, float]:
        """The closest point at which a base of radius ``r`` touches a table edge."""
        options = [(x - r, (r, y)), (self.width - r - x, (self.width - r, y)),
                   (y - r, (x, r)), (self.height - r - y, (x, self.height - r))]
        return min(options, key=lambda o: o[0])[1]

    def cover_may_lie_within(self, x: float, y: float, reach: float) -> bool:
        """False when no piece of cover-giving terrain (what :meth:`nearest_cover_point`
        measures to) comes within ``reach`` of (x, y), told from the pieces' bounding boxes
        alone: a piece's edge is never nearer than its box, so a caller that only wants cover
        within reach (a move menu's "into cover" goal) need not seek the nearest point. True
        when one might (a box within ``reach``, with a margin far above the rounding of either
        distance)."""
        limit = reach + 1e-6
        limit2 = limit * limit
        return any(poly.box_gap2(x, y) <= limit2 for poly in self._cover_polys)

    def nearest_cover_point(self, x: float, y: float) -> tuple[float, tuple[float, float]] | None:
        """Distance to, and the nearest point of, the closest piece of cover-giving terrain."""
        key = (x, y)
        if key in self._cover_points:
            return self._cover_points[key]
        best: tuple[float, tuple[float, float]] | None = None
        for poly in self._cover_polys:
            # Every point of the boundary lies in the piece's box, so the box's distance
            # cannot exceed the boundary's: a piece whose box is already further than the
            # best found cannot win (the strict ``<`` below). The margin covers the boundary
            # point's own rounding (a + t * (b - a) may land an ulp outside).
            if best is not None and poly.box_gap2(x, y) > (best[0] + 1e-9) ** 2:
                continue
            d, px, py = poly.nearest(x, y)
            if best is None or d < best[0]:
                best = (d, (px, py))
        if len(self._cover_points) > 20_000:
            self._cover_points.clear()
        self._cover_points[key] = best
        return best


def segment_crosses_circle(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, r: float
) -> bool:
    """Does the segment a-b pass through the inside of the circle of radius ``r`` at (cx, cy)?"""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
    px, py = ax + t * dx - cx, ay + t * dy - cy
    return px * px + py * py < r * r - _EPS


def formation_offsets(n: int, r: float, gap: float = 0.0) -> list[tuple[float, float]]:
    """Offsets from the leader of ``n`` round bases of radius ``r`` formed up around it.

    The leader stands at (0, 0); the others fill hexagonal rings around it (6, 12, 18 ...
    bases), ``gap`` inches apart, so a unit forms a compact group centred on its leader.
    """
    out: list[tuple[float, float]] = [(0.0, 0.0)] if n > 0 else []
    step = 2 * r + gap
    ring = 1
    while len(out) < n:
        # the 6 * ring positions of a hexagonal ring, walked corner to corner
        corners = [(math.cos(math.pi / 3 * k) * ring * step, math.sin(math.pi / 3 * k) * ring * step)
                   for k in range(7)]
        for k in range(6):
            (x0, y0), (x1, y1) = corners[k], corners[k + 1]
            for j in range(ring):
                if len(out) >= n:
                    break
                f = j / ring
                out.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
        ring += 1
    return out


def formation_radius(n: int, r: float, gap: float = 0.0) -> float:
    """Radius of the smallest circle about the leader that holds a formation of ``n`` bases
    (see :func:`formation_offsets`): the unit's footprint on the table."""
    if n <= 0:
        return 0.0
    return max(hypot(x, y) for x, y in formation_offsets(n, r, gap)) + r


def _hides_from_inside(poly: _Poly, ax: float, ay: float, tx: float, ty: float) -> bool:
    """Does ``poly``, which contains the viewer at a, hide the target point t? Only where the
    ray meets it again after leaving it, or ends inside it: the stretch on the way out of the
    piece does not count."""
    if poly.contains(tx, ty):
        return True
    return any(t0 > 1e-9 for t0, _ in poly.inside_spans(ax, ay, tx, ty))


def _inside_any(polys: list[_Poly], x: float, y: float) -> bool:
    return any(p.contains(x, y) for p in polys)


def _clear(polys: list[_Poly], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Segment a-b does not pass through the interior of any polygon.

    :meth:`_Poly.blocks` (``margin`` 1e-3) written out for the convex pieces, the common
    case and the hot path of every route: the same bounding-box test, the same clip
    (:meth:`_Poly._clip`) and the same comparisons, without the calls between (the same
    answers: tests/core/test_geometry_speed.py compares them)."""
    ax, ay = a
    bx, by = b
    lo_x, hi_x = (ax, bx) if ax < bx else (bx, ax)
    lo_y, hi_y = (ay, by) if ay < by else (by, ay)
    length = -1.0
    for p in polys:
        if hi_x < p.minx or lo_x > p.maxx or hi_y < p.miny or lo_y > p.maxy:
            continue
        if p.planes is None:
            if p.blocks(ax, ay, bx, by):
                return False
            continue
        if length < 0.0:
            length = hypot(bx - ax, by - ay)
        if length < 1e-12:
            if p.contains(ax, ay):
                return False
            continue
        span = p._clip(ax, ay, bx, by)
        if span is not None:
            t0, t1 = span
            if t1 - t0 > 1e-12:
                cut = 1e-3 / length
                far = 1 - cut
                # min(t1, 1 - cut) - max(t0, cut), as min and max pick (no calls)
                if (far if far < t1 else t1) - (cut if cut > t0 else t0) > 1e-9:
                    return False
    return True


def _touching(x: float, y: float, r: float, bases: Sequence[Base]) -> tuple[int, ...]:
    """Indices of the bases within CONTACT of a base of radius ``r`` at (x, y)."""
    # edge_distance(x, y, r, o.x, o.y, o.r), written out (hot)
    return tuple([i for i, (ox, oy, o_r) in enumerate(bases)
                  if hypot(ox - x, oy - y) - r - o_r <= CONTACT])


def _cost(t: float, seg_len: float, spans: list[tuple[float, float]]) -> float:
    """Allowance spent going t inches along a segment with difficult spans (double cost)."""
    extra = 0.0
    for s0, s1 in spans:
        a, b = s0 * seg_len, min(s1 * seg_len, t)
        if b > a:
            extra += b - a
    return t + extra


def _reach(budget: float, seg_len: float, spans: list[tuple[float, float]]) -> float:
    """How far along a segment ``budget`` inches of allowance carries."""
    pos = 0.0
    left = budget
    for s0, s1 in spans:
        a, b = s0 * seg_len, s1 * seg_len
        if a > pos:
            if left <= a - pos:
                return pos + left
            left -= a - pos
            pos = a
        if b > pos:
            if left <= 2 * (b - pos):
                return pos + left / 2
            left -= 2 * (b - pos)
            pos = b
    return min(seg_len, pos + left)
