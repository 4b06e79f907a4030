"""Terrain, sight and movement on The Sword Marches table, built on warband.core.geometry.

* Open, Difficult and Impassable ground (sm.terrain.open_ground, sm.terrain.difficult_ground,
  sm.terrain.impassable): a Move that starts in Difficult Ground is 3" (Graceful 4"); one that
  starts outside may go its full distance in but stops just inside rather than cross it; a
  Charge goes at most 6" into Difficult Ground; a Hustle may not enter it (sm.action.hustle).
  Rangers treat Difficult as Open (sm.trait.ranger).
* No Move comes within 1" of an enemy but a Charge (sm.core.enemy_exclusion): enemy bases are
  grown by 1" for the mover.
* Line of Sight (sm.combat.line_of_sight) is the core's sampled sight past sight-blocking
  terrain, plus the Area Terrain rule (sm.terrain.area_los): a sight line may run at most 2"
  inside an Area piece and never right through one.
* Concealment (sm.ranged.concealment): any part of the target hidden by terrain, a target
  wholly inside Area Terrain, or a shooter inside Area Terrain firing out (sm.terrain.area_cover).
  Cover (sm.ranged.cover): Concealment from durable terrain (wood, stone, metal) within 1".
* Raised ground (house terrain ``platform``): a model whose centre is on a platform stands at
  its height (``Model.z``). A Climb takes it up (sm.action.climb); a Move, Charge or Mobile
  Fire may step off a drop of 2" or less (sm.terrain.jump_down); a bigger drop or a gap to
  another platform needs a Jump (sm.action.jump, sm.terrain.jump_gap); failing, it falls
  (sm.terrain.falling_check). The ground under a platform is open (a stilted scaffold or
  timber walkway): it does not block sight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from shapely import LineString, Point, Polygon, prepare

from warband.core.geometry import Base, FlatPolygon, Table, Terrain
from warband.rulesets.sword_marches.models import AdventureModel
from warband.rulesets.sword_marches.state import ENGAGED, Model, SMState

__all__ = [
    "build_table",
    "concealed",
    "has_cover",
    "in_area",
    "in_difficult",
    "line_of_sight",
    "move_model",
    "near_cover",
    "elevation",
    "limit_platforms",
    "climbable",
    "platform_foot",
    "settle",
    "jump_spots",
    "edge_drop",
    "foot_of_drop",
    "BODY_PROPER",
]

AREA_SIGHT = 2.0  # sm.terrain.area_los
LOW_OBSTACLE = 1.0  # an Obstacle up to 1" is Open Ground (sm.terrain.obstacles)
HIGH_OBSTACLE = 2.0  # over 2" it must be Climbed
CLIMB_MAX = 4.0  # sm.terrain.climb (Insectoid 6")
TOUCH = 0.05
FREE_DROP = 2.0  # a drop of 2" or less is stepped off in a Move (sm.terrain.jump_down)
JUMP_MAX = 4.0  # drops over 4" fail outright; gaps over 4" cannot be jumped
#: HOUSE figure: the top of a man-sized model's Body Proper stands 1" above its base
#: (sm.combat.elevated_position needs the shooter 2" above it, so 3" above the target's base)
BODY_PROPER = 1.0
_EPS = 1e-6


class Pieces:
    """The Adventure's terrain as shapely polygons by role (prepared once per table)."""

    __slots__ = ("area", "area_bounds", "area_flat", "difficult", "durable", "all", "memo", "low",
                 "low_bounds", "high", "grown", "platforms", "spots", "sight",
                 "difficult_bounds", "difficult_cuts", "area_ends")

    def __init__(self, adventure: AdventureModel) -> None:
        #: pure-function caches keyed on exact floats (same answers with or without them)
        self.memo: dict[tuple[object, ...], bool] = {}
        #: line_of_sight's answers, keyed on the two models' centres, radii and heights (a
        #: pure function of those and this terrain, so games on the same table share them)
        self.sight: dict[tuple[float, ...], bool] = {}
        #: the nearest cover spot from (x, y, r) (rules.turn.cover_spot), None if none
        self.spots: dict[tuple[float, float, float], tuple[float, float] | None] = {}
        #: where the Difficult Ground rules cut a straight move (:func:`_limit_difficult`),
        #: keyed on the start, base radius, goal, mode and whether it starts in Difficult
        #: Ground (a pure function of those and this terrain; games on it repeat many moves)
        self.difficult_cuts: dict[tuple[object, ...], tuple[float, float] | None] = {}
        #: the 1-2" Obstacles grown by a base radius, with their bounds, per radius
        self.grown: dict[float, list[tuple[Polygon, Polygon, tuple[float, ...]]]] = {}
        self.area: list[Polygon] = []
        self.area_bounds: list[tuple[float, float, float, float]] = []
        #: the Area pieces as plain floats (sight lines are tested against them thousands of
        #: times a game)
        self.area_flat: list[FlatPolygon] = []
        #: (piece index, x, y) -> :func:`_area_end` (a pure function of the point and piece)
        self.area_ends: dict[tuple[int, float, float], tuple[float, bool]] = {}
        self.difficult: list[Polygon] = []
        #: the bounds of ``difficult``'s pieces, in the same order
        self.difficult_bounds: list[tuple[float, float, float, float]] = []
        self.durable: list[Polygon] = []
        self.all: list[Polygon] = []
        #: Obstacles over 1" and up to 2" (crossed from touching them) and over 2" (Climbed)
        self.low: list[tuple[Polygon, float]] = []
        #: the bounds of ``low``'s pieces, in the same order (a sight line whose box misses a
        #: piece's box cannot cross it)
        self.low_bounds: list[tuple[float, float, float, float]] = []
        self.high: list[tuple[Polygon, float]] = []
        #: raised ground: (top, height, bounds)
        self.platforms: list[tuple[Polygon, float, tuple[float, float, float, float]]] = []
        for t in adventure.terrain:
            poly = Polygon(t.points)
            prepare(poly)
            self.all.append(poly)
            if t.platform:
                self.platforms.append((poly, t.height, poly.bounds))
                continue
            if t.obstacle and t.height > LOW_OBSTACLE:
                (self.high if t.height > HIGH_OBSTACLE else self.low).append((poly, t.height))
                if t.height <= HIGH_OBSTACLE:
                    self.low_bounds.append(poly.bounds)
                if t.cover:
                    self.durable.append(poly)
                continue
            if t.area:
                self.area.append(poly)
                self.area_bounds.append(poly.bounds)
                self.area_flat.append(FlatPolygon(t.points))
            if t.kind == "difficult" or t.area:
                self.difficult.append(poly)
                self.difficult_bounds.append(poly.bounds)
            if t.cover:
                self.durable.append(poly)


#: by the terrain itself (two tables with the same layout share their shapes and caches)
_PIECES: dict[str, Pieces] = {}


def pieces(st: SMState) -> Pieces:
    p: Pieces | None = st.extra.get("pieces")
    if p is None:
        key = st.adventure.model_dump_json(include={"terrain"})
        p = _PIECES.get(key)
        if p is None:
            p = _PIECES[key] = Pieces(st.adventure)
        st.extra["pieces"] = p
    return p


def build_table(adventure: AdventureModel) -> Table:
    """The core table: Area Terrain obscures (``cover``) without blocking sight outright; the
    2" Area rule is applied on top by :func:`line_of_sight`."""
    terrain = []
    for t in adventure.terrain:
        if t.platform:
            terrain.append(Terrain.from_points(t.name, "open", t.points, cover=t.cover))
        elif t.obstacle and t.height > HIGH_OBSTACLE:
            # a high wall: walked round, Climbed, and it hides what is behind it
            terrain.append(Terrain.from_points(t.name, "impassable", t.points, blocks_sight=True,
                                               cover=t.cover))
        elif t.obstacle:
            # low walls and hedges are crossed by the Obstacle rule (move_model) and hide what
            # is behind them from models not touching them (line_of_sight)
            terrain.append(Terrain.from_points(t.name, "open", t.points,
                                               cover=t.cover or t.height > LOW_OBSTACLE))
        else:
            kind = "difficult" if t.area and t.kind == "open" else t.kind
            terrain.append(Terrain.from_points(t.name, kind, t.points,
                                               blocks_sight=t.blocks_sight,
                                               cover=t.area or t.cover))
    return Table.shared(float(adventure.width), float(adventure.height), terrain)


# ------------------------------------------------------------------------------ where a model is
def _wholly_inside(poly: Polygon, x: float, y: float, r: float) -> bool:
    p = Point(x, y)
    return bool(poly.contains(p)) and poly.exterior.distance(p) >= r - _EPS


def _memo(st: SMState, key: tuple[object, ...], compute: Callable[[Pieces], bool]) -> bool:
    ps = pieces(st)
    hit = ps.memo.get(key)
    if hit is None:
        if len(ps.memo) > 50_000:
            ps.memo.clear()
        hit = ps.memo[key] = compute(ps)
    return hit


def in_area(st: SMState, m: Model) -> bool:
    """The model's base is wholly within Area Terrain (sm.terrain.area_cover)."""
    x, y, r = m.x, m.y, m.r
    key = ("area", x, y, r)
    hit = pieces(st).memo.get(key)  # the usual case: asked before (no closure to build)
    if hit is not None:
        return hit
    return _memo(st, key, lambda ps: any(_wholly_inside(p, x, y, r) for p in ps.area))


def in_difficult(st: SMState, x: float, y: float, r: float) -> bool:
    """Wholly or partly within Difficult Ground (sm.terrain.difficult_ground)."""
    key = ("difficult", x, y, r)
    hit = pieces(st).memo.get(key)  # the usual case: asked before (no closure to build)
    if hit is not None:
        return hit

    def compute(ps: Pieces) -> bool:
        pt = Point(x, y)
        return any(p.distance(pt) < r - _EPS for p in ps.difficult)

    return _memo(st, key, compute)


def near_cover(st: SMState, x: float, y: float, r: float) -> bool:
    """Within 1" of a durable piece, or inside Area Terrain (a spot worth standing on)."""
    key = ("cover", x, y, r)
    hit = pieces(st).memo.get(key)  # the usual case: asked before (no closure to build)
    if hit is not None:
        return hit

    def compute(ps: Pieces) -> bool:
        pt = Point(x, y)
        return any(p.distance(pt) <= r + 1.0 for p in ps.durable) or any(
            p.contains(pt) for p in ps.area)

    return _memo(st, key, compute)


def durable_within(st: SMState, x: float, y: float, reach: float) -> bool:
    """A durable piece (wood, stone, metal) lies within ``reach`` of the point (kept with the
    terrain: a pure function of the point, the reach and the pieces)."""
    key = ("durable_within", x, y, reach)
    hit = pieces(st).memo.get(key)  # the usual case: asked before (no closure to build)
    return hit if hit is not None else _memo(st, key, lambda ps: any(
        poly.distance(Point(x, y)) <= reach for poly in ps.durable))


# ------------------------------------------------------------------------------ sight
def line_of_sight(st: SMState, a: Model, b: Model) -> bool:
    """Can ``a`` draw a LoS to ``b`` (sm.combat.line_of_sight, sm.terrain.area_los,
    sm.terrain.obstacle_los)? Models never block sight.

    Cached with the terrain's shapes (:class:`Pieces`: games on the same terrain share the
    answers, a pure function of the terrain and of everything the answer reads about the two
    models): centres, base radii (the core's sight samples the bases' width; touching an
    Obstacle depends on the radius) and heights (not read today, kept in the key so that a
    rule reading them cannot be served a stale answer)."""
    key = (a.x, a.y, a.r, a.z, b.x, b.y, b.r, b.z)
    cache = pieces(st).sight
    hit = cache.get(key)
    if hit is not None:
        return hit
    # The three tests are pure, so their order changes only the time: the Area Terrain rule
    # first (it refuses about two sight lines in three that are asked for, and costs far less
    # than the core's five-ray sight), then the Obstacles, then the core's sight.
    result = (_area_sight(st, a, b) and _obstacle_sight(st, a, b)
              and st.table.sight(a.x, a.y, a.r, b.x, b.y, b.r).visible)
    if len(cache) > 20_000:
        cache.clear()
    cache[key] = result
    return result


def _obstacle_sight(st: SMState, a: Model, b: Model) -> bool:
    """An Obstacle up to 2" blocks sight unless one of the two models touches it: then they
    see each other over it (sm.terrain.obstacle_los)."""
    ps = pieces(st)
    low = ps.low
    if not low:
        return True
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    seg: LineString | None = None
    for (poly, _), (x0, y0, x1, y1) in zip(low, ps.low_bounds, strict=True):
        if x0 > hi_x or x1 < lo_x or y0 > hi_y or y1 < lo_y:
            continue  # the boxes are apart, so the line and the piece share no point
        if seg is None:
            seg = LineString([(ax, ay), (bx, by)])
        if poly.intersects(seg) and not (
                poly.distance(Point(a.x, a.y)) <= a.r + TOUCH
                or poly.distance(Point(b.x, b.y)) <= b.r + TOUCH):
            return False
    return True


def _area_sight(st: SMState, a: Model, b: Model) -> bool:
    """The Area Terrain rule on the sight line between the centres (sm.terrain.area_los): never
    right through a piece, at most 2" inside one (from the edge of a base that stands in it)."""
    ps = pieces(st)
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    lo_x, hi_x = min(ax, bx), max(ax, bx)
    lo_y, hi_y = min(ay, by), max(ay, by)
    ends = ps.area_ends
    if len(ends) > 50_000:
        ends.clear()
    for i, (poly, (x0, y0, x1, y1), flat) in enumerate(
            zip(ps.area, ps.area_bounds, ps.area_flat, strict=True)):
        if x0 <= hi_x and x1 >= lo_x and y0 <= hi_y and y1 >= lo_y:
            at_a = ends.get((i, ax, ay))
            if at_a is None:
                at_a = ends[(i, ax, ay)] = _area_end(flat, ax, ay)
            at_b = ends.get((i, bx, by))
            if at_b is None:
                at_b = ends[(i, bx, by)] = _area_end(flat, bx, by)
            seen = _area_piece_sight(flat, a, b, (at_a, at_b))
            if seen is None:  # too close to call in floats: shapely decides, as it always did
                seen = _area_piece_sight_exact(poly, a, b)
            if not seen:
                return False
    return True


_NEAR = 1e-7  # inches: closer than this to an outline or a limit, shapely decides


def _area_end(flat: FlatPolygon, x: float, y: float) -> tuple[float, bool]:
    """An end of a sight line against an Area piece: its distance to the outline and whether
    it lies inside (kept per piece and point in :attr:`Pieces.area_ends`: models stand still
    while many sight lines are drawn from and to them)."""
    return flat.nearest(x, y)[0], flat.contains(x, y)


def _area_piece_sight(flat: FlatPolygon, a: Model, b: Model,
                      ends: tuple[tuple[float, bool], tuple[float, bool]] | None = None
                      ) -> bool | None:
    """:func:`_area_piece_sight_exact` in plain floats, or None where an end lies on the
    outline or the length inside is at the limit (the two could then disagree). ``ends``:
    :func:`_area_end` of a's and b's centres, when the caller has them."""
    ax, ay, bx, by = a.x, a.y, b.x, b.y
    (da, a_in), (db, b_in) = ends if ends is not None else (_area_end(flat, ax, ay),
                                                            _area_end(flat, bx, by))
    if da < _NEAR or db < _NEAR:
        return None
    if not a_in and not b_in:
        return not flat.touches(ax, ay, bx, by)  # never through an Area piece, however thin
    length = math.hypot(bx - ax, by - ay)
    inside = sum(t1 - t0 for t0, t1 in flat.inside_spans(ax, ay, bx, by)) * length
    allowed = AREA_SIGHT + (a.r if a_in else 0.0) + (b.r if b_in else 0.0)
    if abs(inside - (allowed + _EPS)) < _NEAR:
        return None
    return inside <= allowed + _EPS


def _area_piece_sight_exact(poly: Polygon, a: Model, b: Model) -> bool:
    seg = LineString([(a.x, a.y), (b.x, b.y)])
    if not poly.intersects(seg):
        return True
    a_in, b_in = poly.contains(Point(a.x, a.y)), poly.contains(Point(b.x, b.y))
    if not a_in and not b_in:
        return False
    # Inside: visibility is 2"; from outside one sees 2" in; from inside 2" from the edge.
    allowed = AREA_SIGHT + (a.r if a_in else 0.0) + (b.r if b_in else 0.0)
    return bool(poly.intersection(seg).length <= allowed + _EPS)


def _obscured(st: SMState, shooter: Model, target: Model) -> bool:
    if in_area(st, target):
        return True
    sight = st.table.sight(shooter.x, shooter.y, shooter.r, target.x, target.y, target.r)
    return sight.hidden > 0 or in_area(st, shooter)


def concealed(st: SMState, shooter: Model, target: Model) -> bool:
    """The target has Concealment from the shooter (sm.ranged.concealment,
    sm.terrain.area_cover). Shocked models never have it (sm.condition.shocked)."""
    return not target.shocked and _obscured(st, shooter, target)


def has_cover(st: SMState, shooter: Model, target: Model) -> bool:
    """Terrain hides part of the target and a durable piece (wood, stone, metal) is within 1"
    of it (sm.ranged.cover). Shocked models keep Cover; Engaged models never have it."""
    if st.engaged(target) or not _obscured(st, shooter, target):
        return False
    return _durable_cover(st, shooter.x, shooter.y, target.x, target.y, target.r)


def _durable_cover(st: SMState, sx: float, sy: float, tx: float, ty: float, tr: float) -> bool:
    """A durable piece within 1" of the target's base stands on a sight line from the shooter
    to its middle or sides, or holds the target (:func:`has_cover`'s terrain part; kept with
    the terrain: a pure function of the two places, the base radius and the pieces)."""
    key = ("durable_cover", sx, sy, tx, ty, tr)
    hit = pieces(st).memo.get(key)  # the usual case: asked before (no closure to build)
    if hit is not None:
        return hit

    def compute(ps: Pieces) -> bool:
        pt = Point(tx, ty)
        near = [poly for poly in ps.durable if poly.distance(pt) <= tr + 1.0]
        if not near:
            return False
        # sight lines to the middle and both sides of the target's base, as the core samples
        # them
        d = math.hypot(tx - sx, ty - sy) or 1.0
        px, py = -(ty - sy) / d, (tx - sx) / d
        lines = [LineString([(sx, sy), (tx + px * o * tr, ty + py * o * tr)])
                 for o in (-0.9, 0.0, 0.9)]
        return any(poly.contains(pt) or any(poly.intersects(seg) for seg in lines)
                   for poly in near)

    return _memo(st, key, compute)


# ------------------------------------------------------------------------------ movement
def _enemy_blockers(st: SMState, m: Model, ignore: Sequence[Model]
                    ) -> tuple[list[Base], list[bool]]:
    bases: list[Base] = []
    stops: list[bool] = []
    for o in st.models:
        if not o.on_table or o is m or o in ignore:
            continue
        if o.side != m.side:
            # Enemies are kept 1" off; the Charge's own target is reached at 1" too.
            bases.append(Base(o.x, o.y, o.r + ENGAGED))
            stops.append(True)
        else:
            bases.append(o.base)
            stops.append(False)
    return bases, stops


def move_model(st: SMState, m: Model, goal: tuple[float, float], allowance: float,
               mode: str = "move", ignore: Sequence[Model] = ()) -> tuple[float, float, float]:
    """Where ``m`` ends when it moves toward ``goal`` with ``allowance`` inches.

    ``mode``: ``move`` (Move, Ambush, Mobile Fire, Disengage, Steady), ``hustle`` (may not
    enter Difficult Ground), ``charge`` (at most 6" into Difficult Ground; the target's grown
    base stops it within 1") or ``flee`` (Random Movement: terrain penalties ignored but
    for Impassable ground, sm.mettle.random_movement). Returns (x, y, distance moved).
    """
    ranger = m.has("ranger")
    start_in = in_difficult(st, m.x, m.y, m.r) and not ranger and mode != "flee"
    if start_in and mode != "charge":
        allowance = min(allowance, 4.0 if m.f.subtype == "graceful" else 3.0)
    gx, gy = st.table.clamp(goal[0], goal[1], m.r)
    if mode != "flee" and not ranger:
        gx, gy = _limit_difficult(st, m, (gx, gy), mode, start_in)
    gx, gy = _limit_obstacles(st, m, (gx, gy))
    if pieces(st).platforms:
        gx, gy = limit_platforms(st, m, (gx, gy), mode)
    bases, stops = _enemy_blockers(st, m, ignore)
    res = st.table.move((m.x, m.y), (gx, gy), m.r, allowance, bases, halve_difficult=False,
                        stop_at=stops)
    return res.x, res.y, res.travelled


def _limit_difficult(st: SMState, m: Model, goal: tuple[float, float], mode: str,
                     start_in: bool) -> tuple[float, float]:
    """Cut the straight line to ``goal`` where the Difficult Ground rules stop the model
    (kept with the terrain, :attr:`Pieces.difficult_cuts`)."""
    cuts = pieces(st).difficult_cuts
    key = (m.x, m.y, m.r, goal[0], goal[1], mode, start_in)
    if key in cuts:
        cut = cuts[key]
    else:
        if len(cuts) > 20_000:
            cuts.clear()
        cut = cuts[key] = _cut_by_difficult(st, m.x, m.y, m.r, goal, mode, start_in)
    # None: not cut, the caller's own goal (an int there stays an int, as before the cache)
    return goal if cut is None else cut


def _cut_by_difficult(st: SMState, mx: float, my: float, mr: float, goal: tuple[float, float],
                      mode: str, start_in: bool) -> tuple[float, float] | None:
    """:func:`_limit_difficult`'s answer, None where the goal is not cut."""
    dist = math.hypot(goal[0] - mx, goal[1] - my)
    if dist < _EPS:
        return None
    ps = pieces(st)
    lo_x, hi_x = min(mx, goal[0]), max(mx, goal[0])
    lo_y, hi_y = min(my, goal[1]), max(my, goal[1])
    seg: LineString | None = None
    ux, uy = (goal[0] - mx) / dist, (goal[1] - my) / dist
    cut = dist
    for poly, (x0, y0, x1, y1) in zip(ps.difficult, ps.difficult_bounds, strict=True):
        if x0 > hi_x or x1 < lo_x or y0 > hi_y or y1 < lo_y:
            continue  # the boxes are apart, so the path and the piece share no point
        if seg is None:
            seg = LineString([(mx, my), goal])
        if not poly.intersects(seg):
            continue
        inside = poly.intersection(seg)
        parts = getattr(inside, "geoms", [inside])
        for part in parts:
            coords = list(part.coords) if hasattr(part, "coords") else []
            if len(coords) < 2:
                continue
            ts = sorted(math.hypot(cx - mx, cy - my) for cx, cy in coords)
            t_in, t_out = ts[0], ts[-1]
            if mode == "hustle" and t_in > mr:
                cut = min(cut, max(0.0, t_in - mr - 0.05))  # no Hustle into Difficult Ground
            elif mode == "charge" and not start_in:
                cut = min(cut, t_in + 6.0)  # Charges go at most 6" into Difficult Ground
            elif not start_in and t_out < dist - _EPS and t_in > _EPS:
                cut = min(cut, t_out - 0.05)  # stop just inside rather than cross it
    if cut >= dist:
        return None
    return (mx + ux * cut, my + uy * cut)


def _limit_obstacles(st: SMState, m: Model, goal: tuple[float, float]) -> tuple[float, float]:
    """An Obstacle of 1-2" (sm.terrain.obstacles): a model touching it when it starts may cross
    and go on up to 3" beyond it; otherwise it moves up to it and stops. The Insectoid treats
    Obstacles as Open Ground, the Ghoul those of 2" or less (sm.trait.insectoid,
    sm.trait.ghoul)."""
    ps = pieces(st)
    if not ps.low or m.has("insectoid") or m.has("ghoul"):
        return goal
    grown_list = ps.grown.get(m.r)
    if grown_list is None:
        grown_list = ps.grown[m.r] = []
        for poly, _ in ps.low:
            g = poly.buffer(m.r)
            prepare(g)
            grown_list.append((poly, g, g.bounds))
    dist = math.hypot(goal[0] - m.x, goal[1] - m.y)
    if dist < _EPS:
        return goal
    lo_x, hi_x = min(m.x, goal[0]), max(m.x, goal[0])
    lo_y, hi_y = min(m.y, goal[1]), max(m.y, goal[1])
    near = [(poly, g) for poly, g, (x0, y0, x1, y1) in grown_list
            if x0 <= hi_x and x1 >= lo_x and y0 <= hi_y and y1 >= lo_y]
    if not near:
        return goal
    seg = LineString([(m.x, m.y), goal])
    ux, uy = (goal[0] - m.x) / dist, (goal[1] - m.y) / dist
    cut = dist
    here = Point(m.x, m.y)
    for poly, grown in near:
        touching = poly.distance(here) <= m.r + TOUCH
        if touching and not poly.intersects(seg):
            continue  # moving away from (or along) the Obstacle it touches
        if not grown.intersects(seg):
            continue
        inside = grown.intersection(seg)
        coords = [c for part in getattr(inside, "geoms", [inside]) for c in
                  (part.coords if hasattr(part, "coords") else [])]
        if not coords:
            continue
        ts = sorted(math.hypot(cx - m.x, cy - m.y) for cx, cy in coords)
        # touching: over it and up to 3" on; otherwise up to it and stop
        cut = min(cut, ts[-1] + 3.0 if touching else max(0.0, ts[0] - 0.02))
    if cut >= dist:
        return goal
    return (m.x + ux * cut, m.y + uy * cut)


def elevation(st: SMState, x: float, y: float) -> float:
    """The height of the ground at a point: the highest platform under it, else 0."""
    best = 0.0
    for poly, height, (x0, y0, x1, y1) in pieces(st).platforms:
        if height > best and x0 <= x <= x1 and y0 <= y <= y1 and poly.contains(Point(x, y)):
            best = height
    return best


def _higher_within(st: SMState, x: float, y: float, r: float, z: float) -> bool:
    """Whether a base of radius ``r`` at (x, y) would overlap a platform higher than ``z``."""
    here: Point | None = None
    for poly, height, (x0, y0, x1, y1) in pieces(st).platforms:
        if height > z + _EPS and x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r:
            here = here or Point(x, y)
            if poly.distance(here) < r - _EPS:
                return True
    return False


def settle(st: SMState, m: Model) -> None:
    """Set the model's height from where its centre now stands."""
    m.z = elevation(st, m.x, m.y) if pieces(st).platforms else 0.0


def limit_platforms(st: SMState, m: Model, goal: tuple[float, float], mode: str
                     ) -> tuple[float, float]:
    """Raised ground on the way: a model stops at the foot of a platform higher than where
    it stands (it must Climb), and at the edge of one it stands on unless the drop is 2" or
    less and the Action is a Move, Charge or Mobile Fire (sm.terrain.jump_down; a Hustle or a
    flight stops at the edge). ``charge_drop`` mode (a Diving Charge, sm.cc.diving_charge)
    may drop any height; the Charge itself checks the drop."""
    dist = math.hypot(goal[0] - m.x, goal[1] - m.y)
    if dist < _EPS:
        return goal
    ux, uy = (goal[0] - m.x) / dist, (goal[1] - m.y) / dist
    # walk the line in short steps: the ground height changes only at platform edges
    step = 0.25
    z = m.z
    t = 0.0
    while t < dist:
        nt = min(dist, t + step)
        px, py = m.x + ux * nt, m.y + uy * nt
        # a platform higher than where the model started: it must Climb (its base may
        # overhang the one it is stepping down from)
        if _higher_within(st, px, py, m.r, max(z, m.z)):
            lo, hi = t, nt  # close in on the foot, so the model ends touching it
            for _ in range(8):
                mid = (lo + hi) / 2
                if _higher_within(st, m.x + ux * mid, m.y + uy * mid, m.r, max(z, m.z)):
                    hi = mid
                else:
                    lo = mid
            t = lo
            break
        nz = elevation(st, px, py)
        if nz < z - _EPS:
            drop = z - nz
            free = mode in ("move", "charge") and drop <= FREE_DROP
            if not (free or mode == "charge_drop"):
                break  # stays on the edge: a Jump is needed
            z = nz
        t = nt
    if t >= dist:
        return goal
    return (m.x + ux * t, m.y + uy * t)


def foot_of_drop(st: SMState, m: Model, goal: tuple[float, float]) -> tuple[float, float]:
    """Where a model going over the edge of its platform toward ``goal`` lands: just past
    the edge, its base clear of it (sm.cc.diving_charge: a failed dive ends there)."""
    dist = math.hypot(goal[0] - m.x, goal[1] - m.y) or 1.0
    ux, uy = (goal[0] - m.x) / dist, (goal[1] - m.y) / dist
    t = 0.0
    while t < dist and elevation(st, m.x + ux * t, m.y + uy * t) >= m.z - _EPS:
        t += 0.05
    t = min(dist, t + m.r)
    return round(m.x + ux * t, 2), round(m.y + uy * t, 2)


def _edge_point(poly: Polygon, x: float, y: float) -> tuple[float, float, float]:
    """The nearest point of a platform's edge to (x, y) and its distance."""
    near = poly.exterior.interpolate(poly.exterior.project(Point(x, y)))
    return near.x, near.y, math.hypot(near.x - x, near.y - y)


def edge_drop(st: SMState, m: Model) -> tuple[float, float, float] | None:
    """For a model standing on a platform with its base within 1" of the edge: where it lands
    if it goes over the nearest edge, and the drop (sm.terrain.shocked_falling,
    sm.terrain.jump_down)."""
    if m.z <= 0.0:
        return None
    for poly, height, _ in pieces(st).platforms:
        if height != m.z or not poly.contains(Point(m.x, m.y)):
            continue
        ex, ey, d = _edge_point(poly, m.x, m.y)
        if d > m.r + 1.0 + _EPS:
            return None
        ux, uy = (ex - m.x) / (d or 1.0), (ey - m.y) / (d or 1.0)
        x, y = st.table.clamp(ex + ux * (m.r + 0.05), ey + uy * (m.r + 0.05), m.r)
        return round(x, 2), round(y, 2), m.z - elevation(st, x, y)
    return None


def jump_spots(st: SMState, m: Model) -> list[tuple[float, float, str, float]]:
    """Where a Jump Action can take a model on a platform whose base is within 1" of its
    edge (sm.action.jump): down a drop over 2" (``down``, the drop) or across a gap of more
    than 1" and at most 4" to another platform (``gap``, the gap), landing with room for its
    whole base. Heavy models may not jump a gap (sm.terrain.jump_gap)."""
    over = edge_drop(st, m)
    if over is None:
        return []
    x, y, drop = over
    out: list[tuple[float, float, str, float]] = []
    fits = st.table.fits(x, y, m.r, [o.base for o in st.blockers(m)])
    if drop > FREE_DROP and fits:
        out.append((x, y, "down", round(drop, 2)))
    if m.f.heavy:
        return out
    dx, dy = x - m.x, y - m.y
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    here = next(p for p, h, _ in pieces(st).platforms
                if h == m.z and p.contains(Point(m.x, m.y)))
    ex, ey, _ = _edge_point(here, m.x, m.y)
    ray = LineString([(ex, ey), (ex + ux * (JUMP_MAX + 0.01), ey + uy * (JUMP_MAX + 0.01))])
    for poly, height, _ in pieces(st).platforms:
        if poly is here or height > m.z + _EPS or not poly.intersects(ray):
            continue
        hit = poly.intersection(ray)
        coords = [c for part in getattr(hit, "geoms", [hit]) for c in
                  (part.coords if hasattr(part, "coords") else [])]
        gap = min(math.hypot(cx - ex, cy - ey) for cx, cy in coords)
        if gap <= 1.0:
            continue
        lx, ly = ex + ux * (gap + m.r + 0.05), ey + uy * (gap + m.r + 0.05)
        if poly.contains(Point(lx, ly)) and _wholly_inside(poly, lx, ly, m.r) and \
                st.table.fits(lx, ly, m.r, [o.base for o in st.blockers(m)]):
            out.append((round(lx, 2), round(ly, 2), "gap", round(gap, 2)))
    return out


def platform_foot(st: SMState, m: Model, within: float = 18.0) -> tuple[float, float] | None:
    """The foot of the nearest platform high enough for an Elevated Position that a model on
    the ground could Climb (house: a point to move to, so a shooter can get up for a height
    to shoot from)."""
    if m.z > 0.0 or m.f.heavy:
        return None
    here = Point(m.x, m.y)
    limit = 6.0 if m.has("insectoid") else CLIMB_MAX
    best: tuple[float, Polygon] | None = None
    for poly, height, _ in pieces(st).platforms:
        d = poly.distance(here)
        if BODY_PROPER + 2.0 <= height <= limit and d <= within and (
                best is None or d < best[0]):
            best = (d, poly)
    if best is None or best[0] <= m.r + TOUCH:
        return None
    ex, ey, d = _edge_point(best[1], m.x, m.y)
    ux, uy = (m.x - ex) / (d or 1.0), (m.y - ey) / (d or 1.0)
    return round(ex + ux * (m.r + 0.02), 2), round(ey + uy * (m.r + 0.02), 2)


def climbable(st: SMState, x: float, y: float, r: float, z: float) -> bool:
    """Whether a base at (x, y) standing at height ``z`` touches a platform it could Climb to
    an Elevated Position (sm.combat.elevated_position)."""
    here: Point | None = None
    for poly, height, (x0, y0, x1, y1) in pieces(st).platforms:
        if max(z, BODY_PROPER + 2.0 - _EPS) < height <= z + CLIMB_MAX and x0 - r - TOUCH <= x <= x1 + r + TOUCH and \
                y0 - r - TOUCH <= y <= y1 + r + TOUCH:
            here = here or Point(x, y)
            if poly.distance(here) <= r + TOUCH:
                return True
    return False


def _touches_high(st: SMState, x: float, y: float, r: float) -> bool:
    """Whether a base at (x, y) touches any raised ground or Obstacle over 2" (memoised per
    table: most bases touch nothing high, and then no Climb is worth looking for)."""
    key = ("touch_high", x, y, r)
    touching = pieces(st).memo.get(key)
    if touching is None:
        def compute(ps: Pieces) -> bool:
            pt = Point(x, y)
            return any(poly.distance(pt) <= r + TOUCH for poly, _, _ in ps.platforms) or any(
                poly.distance(pt) <= r + TOUCH for poly, _ in ps.high)

        touching = _memo(st, key, compute)
    return bool(touching)


def climb_over(st: SMState, m: Model) -> tuple[float, float, float] | None:
    """Where a model touching an Obstacle over 2" lands on the far side if its Climb succeeds,
    and the height to Climb (sm.action.climb, sm.terrain.climb: at most 4", Insectoid 6")."""
    if not _touches_high(st, m.x, m.y, m.r):
        return None  # the usual case: every piece below is skipped
    here = Point(m.x, m.y)
    limit = 6.0 if m.has("insectoid") else CLIMB_MAX
    for poly, height, _ in pieces(st).platforms:  # up onto raised ground
        rise = height - m.z
        if rise <= 0.0 or rise > limit or poly.distance(here) > m.r + TOUCH:
            continue
        ex, ey, d = _edge_point(poly, m.x, m.y)
        ux, uy = (ex - m.x) / (d or 1.0), (ey - m.y) / (d or 1.0)
        x, y = ex + ux * (m.r + 0.05), ey + uy * (m.r + 0.05)
        if _wholly_inside(poly, x, y, m.r) and st.table.fits(
                x, y, m.r, [o.base for o in st.blockers(m)]):
            return round(x, 2), round(y, 2), rise
    for poly, height in pieces(st).high:
        if poly.distance(here) > m.r + TOUCH or height > limit:
            continue
        near = poly.exterior.interpolate(poly.exterior.project(here))
        dx, dy = near.x - m.x, near.y - m.y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        ray = LineString([(m.x, m.y), (m.x + ux * 20, m.y + uy * 20)])
        inside = poly.intersection(ray)
        coords = [c for part in getattr(inside, "geoms", [inside]) for c in
                  (part.coords if hasattr(part, "coords") else [])]
        if not coords:
            continue
        far = max(math.hypot(cx - m.x, cy - m.y) for cx, cy in coords)
        x, y = m.x + ux * (far + m.r + 0.05), m.y + uy * (far + m.r + 0.05)
        bases = [o.base for o in st.blockers(m)]
        if st.table.fits(x, y, m.r, bases) and all(
                math.hypot(e.x - x, e.y - y) - e.r - m.r > 1.0 for e in st.enemies_of(m)):
            return round(x, 2), round(y, 2), height
    return None


def edge_goal(st: SMState, m: Model) -> tuple[tuple[float, float], float]:
    """The nearest table-edge point a fleeing model heads for and how far past it it must
    go to leave the table (sm.condition.broken_flight)."""
    ex, ey = st.table.nearest_edge_point(m.x, m.y, m.r)
    return (ex, ey), math.hypot(ex - m.x, ey - m.y)
