"""Formations: units of rectangular bases in ranks and files, or loose skirmish groups.

A :class:`Formation` is the rectangle a unit occupies on the table, in inches. Its position is
the centre of its front edge, its ``heading`` the direction its front faces (radians, 0 along
+x, pi/2 along +y). A block of ``files`` x ``ranks`` bases of ``base_w`` x ``base_d`` inches is a
``width`` x ``depth`` rectangle; a loose (skirmish) formation is the rectangle its spread-out
models cover, and has no flanks or rear (every face counts as its front).

What a mass-battle game needs of it, with no game knowledge:

* moving straight ahead, turning about the centre, wheeling about a front corner (the outer
  corner travels ``width * angle``: the movement a wheel costs);
* its four faces (front, left flank, right flank, rear) and which face a point lies beyond;
* distances between formations (edge to edge, 0 when they touch or overlap), overlap tests
  (separating axes), and contact by edge: how much of one formation's face touches another;
* the position one formation takes with its front flush against a given face of another
  (a charge that wheels to engage completely), and a point's place in a front arc.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

__all__ = [
    "CONTACT",
    "FACES",
    "Face",
    "Formation",
    "angle_diff",
    "segment_distance",
]

Face = Literal["front", "left", "right", "rear"]
FACES: tuple[Face, ...] = ("front", "left", "right", "rear")
#: two formations whose edges are closer than this are in contact (inches)
CONTACT = 0.05
_EPS = 1e-9

Point = tuple[float, float]


def angle_diff(a: float, b: float) -> float:
    """The signed smallest angle turning ``a`` into ``b``, in (-pi, pi]."""
    d = (b - a) % math.tau
    return d - math.tau if d > math.pi else d


def _point_segment(px: float, py: float, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / ll))
    return math.hypot(a[0] + t * dx - px, a[1] + t * dy - py)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """Shortest distance between segments a-b and c-d (0 if they cross)."""
    if _segments_cross(a, b, c, d):
        return 0.0
    return min(_point_segment(a[0], a[1], c, d), _point_segment(b[0], b[1], c, d),
               _point_segment(c[0], c[1], a, b), _point_segment(d[0], d[1], a, b))


@dataclass(frozen=True, slots=True)
class Formation:
    """A unit's footprint: a rectangle with a front (see the module docstring)."""

    x: float  # centre of the front edge
    y: float
    heading: float  # radians, the direction the front faces
    width: float  # along the front (files x base width)
    depth: float  # front to rear (ranks x base depth)
    loose: bool = False  # a skirmish formation: no flanks or rear

    @classmethod
    def block(cls, x: float, y: float, heading: float, files: int, ranks: int, base_w: float,
              base_d: float, loose: bool = False) -> Formation:
        return cls(x, y, heading, files * base_w, ranks * base_d, loose)

    # -- frame -----------------------------------------------------------------------------
    @property
    def forward(self) -> Point:
        return math.cos(self.heading), math.sin(self.heading)

    @property
    def rightward(self) -> Point:
        """Unit vector towards the formation's right flank (its right as it faces forward)."""
        return math.sin(self.heading), -math.cos(self.heading)

    @property
    def centre(self) -> Point:
        half = self.depth / 2
        return self.x - math.cos(self.heading) * half, self.y - math.sin(self.heading) * half

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front-left, front-right, rear-right, rear-left."""
        return _corners(self)

    def face(self, name: Face) -> tuple[Point, Point]:
        """The face's two end points, ordered left to right as seen from outside it."""
        fl, fr, rr, rl = self.corners()
        return {"front": (fl, fr), "right": (fr, rr), "rear": (rr, rl), "left": (rl, fl)}[name]

    def face_normal(self, name: Face) -> Point:
        """Outward unit normal of a face."""
        fx, fy = self.forward
        rx, ry = self.rightward
        return {"front": (fx, fy), "rear": (-fx, -fy), "right": (rx, ry),
                "left": (-rx, -ry)}[name]

    def local(self, px: float, py: float) -> Point:
        """A point in the formation's frame: (rightward offset from the front centre, forward
        offset from the front edge; negative is behind the front)."""
        fx, fy = self.forward
        rx, ry = self.rightward
        dx, dy = px - self.x, py - self.y
        return dx * rx + dy * ry, dx * fx + dy * fy

    def face_towards(self, px: float, py: float) -> Face:
        """The face a point outside lies beyond: the rectangle split by its diagonals. A loose
        formation has only a front."""
        if self.loose:
            return "front"
        side, ahead = self.local(px, py)
        along = ahead + self.depth / 2  # from the centre, forwards
        hw, hd = max(self.width / 2, _EPS), max(self.depth / 2, _EPS)
        if abs(along) / hd >= abs(side) / hw:
            return "front" if along >= 0 else "rear"
        return "right" if side > 0 else "left"

    def in_front_arc(self, px: float, py: float, half_angle: float = math.pi / 4) -> bool:
        """Is the point ahead of the front edge, within ``half_angle`` of straight ahead of
        some point of the front? (A loose formation sees all round.)"""
        if self.loose:
            return True
        side, ahead = self.local(px, py)
        if ahead < -_EPS:
            return False
        reach = self.width / 2 + ahead * math.tan(half_angle)
        return abs(side) <= reach + _EPS

    # -- moving ------------------------------------------------------------------------------
    def advanced(self, distance: float) -> Formation:
        fx, fy = self.forward
        return replace(self, x=self.x + fx * distance, y=self.y + fy * distance)

    def shifted(self, dx: float, dy: float) -> Formation:
        return replace(self, x=self.x + dx, y=self.y + dy)

    def turned(self, heading: float) -> Formation:
        """Turned about its centre to face ``heading``."""
        cx, cy = self.centre
        fx, fy = math.cos(heading), math.sin(heading)
        return replace(self, heading=heading % math.tau, x=cx + fx * self.depth / 2,
                       y=cy + fy * self.depth / 2)

    def wheeled(self, angle: float) -> Formation:
        """Wheeled by ``angle`` (positive turns left, anticlockwise) about the front corner on
        the inside of the turn."""
        fl, fr, _, _ = self.corners()
        px, py = fr if angle < 0 else fl
        ca, sa = math.cos(angle), math.sin(angle)
        dx, dy = self.x - px, self.y - py
        return replace(self, heading=(self.heading + angle) % math.tau,
                       x=px + dx * ca - dy * sa, y=py + dx * sa + dy * ca)

    def wheel_cost(self, angle: float) -> float:
        """Distance the outer front corner travels in a wheel of ``angle``."""
        return abs(angle) * self.width

    def resized(self, width: float, depth: float) -> Formation:
        """Same front centre and heading, new size (a unit that lost models)."""
        return replace(self, width=width, depth=depth)

    # -- measuring ---------------------------------------------------------------------------
    def edges(self) -> list[tuple[Point, Point]]:
        c = self.corners()
        return [(c[i], c[(i + 1) % 4]) for i in range(4)]

    def contains(self, px: float, py: float) -> bool:
        side, ahead = self.local(px, py)
        return abs(side) <= self.width / 2 + _EPS and -self.depth - _EPS <= ahead <= _EPS

    @property
    def radius(self) -> float:
        """Half the diagonal: the circle about the centre that holds the rectangle."""
        return math.hypot(self.width, self.depth) / 2

    def _centres_apart(self, other: Formation) -> float:
        (ax, ay), (bx, by) = self.centre, other.centre
        return math.hypot(ax - bx, ay - by) - self.radius - other.radius

    def within(self, other: Formation, distance: float) -> bool:
        """Is the edge to edge distance at most ``distance``? (Cheap when they are far.)"""
        if self._centres_apart(other) > distance:
            return False
        return self.distance(other) <= distance

    def overlaps(self, other: Formation, tolerance: float = CONTACT) -> bool:
        """Do the interiors overlap by more than ``tolerance`` (separating axis test)?"""
        if self._centres_apart(other) > 0:
            return False
        mine, theirs = self.corners(), other.corners()
        for f in (self, other):
            for ax, ay in (f.forward, f.rightward):
                a = [px * ax + py * ay for px, py in mine]
                b = [px * ax + py * ay for px, py in theirs]
                if min(a) >= max(b) - tolerance or min(b) >= max(a) - tolerance:
                    return False
        return True

    def distance(self, other: Formation) -> float:
        """Edge to edge distance (0 if they touch or overlap)."""
        return _distance(self, other)

    def distance_to_point(self, px: float, py: float) -> float:
        if self.contains(px, py):
            return 0.0
        return min(_point_segment(px, py, a, b) for a, b in self.edges())

    def contact_length(self, my_face: Face, other: Formation, their_face: Face,
                       tolerance: float = CONTACT) -> float:
        """Length along which ``my_face`` lies flush against ``other``'s ``their_face``
        (parallel, facing each other, closer than ``tolerance``); 0 if they do not touch."""
        a0, a1 = self.face(my_face)
        b0, b1 = other.face(their_face)
        na, nb = self.face_normal(my_face), other.face_normal(their_face)
        if na[0] * nb[0] + na[1] * nb[1] > -1 + 1e-3:  # not facing each other
            return 0.0
        gap = (b0[0] - a0[0]) * na[0] + (b0[1] - a0[1]) * na[1]
        if abs(gap) > tolerance:
            return 0.0
        ux, uy = a1[0] - a0[0], a1[1] - a0[1]
        length = math.hypot(ux, uy)
        if length < _EPS:
            return 0.0
        ux, uy = ux / length, uy / length
        s0 = (b0[0] - a0[0]) * ux + (b0[1] - a0[1]) * uy
        s1 = (b1[0] - a0[0]) * ux + (b1[1] - a0[1]) * uy
        lo, hi = max(0.0, min(s0, s1)), min(length, max(s0, s1))
        return max(0.0, hi - lo)

    def contacts(self, other: Formation, tolerance: float = CONTACT
                 ) -> list[tuple[Face, Face, float]]:
        """Every (my face, their face, length) pair in contact by edge."""
        out = []
        for mine in FACES:
            for theirs in FACES:
                length = self.contact_length(mine, other, theirs, tolerance)
                if length > 1e-6:
                    out.append((mine, theirs, length))
        return out

    def flush_against(self, other: Formation, their_face: Face, offset: float = 0.0
                      ) -> Formation:
        """This formation moved and turned so its front lies flush against ``other``'s
        ``their_face``, centred on it (shifted ``offset`` inches to the charger's right):
        the end of a charge that wheels to engage completely."""
        (ax, ay), (bx, by) = other.face(their_face)
        nx, ny = other.face_normal(their_face)
        heading = math.atan2(-ny, -nx)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        placed = replace(self, x=mx, y=my, heading=heading % math.tau)
        rx, ry = placed.rightward
        return placed.shifted(rx * offset, ry * offset)


@lru_cache(maxsize=16384)
def _corners(f: Formation) -> tuple[Point, Point, Point, Point]:
    fx, fy = math.cos(f.heading), math.sin(f.heading)
    rx, ry = fy, -fx
    hw = f.width / 2
    fl = (f.x - rx * hw, f.y - ry * hw)
    fr = (f.x + rx * hw, f.y + ry * hw)
    return (fl, fr, (fr[0] - fx * f.depth, fr[1] - fy * f.depth),
            (fl[0] - fx * f.depth, fl[1] - fy * f.depth))


@lru_cache(maxsize=16384)
def _distance(a: Formation, b: Formation) -> float:
    """Pure and called with the same pairs again and again (every option of a decision
    measures the same units), so cached."""
    if a.overlaps(b, tolerance=0.0):
        return 0.0
    # apart convex shapes: the nearest points include a corner of one of them
    best = math.inf
    for pts, poly in ((_corners(a), _corners(b)), (_corners(b), _corners(a))):
        for i in range(4):
            ax, ay = poly[i]
            bx, by = poly[(i + 1) % 4]
            dx, dy = bx - ax, by - ay
            ll = dx * dx + dy * dy
            for px, py in pts:
                t = 0.0 if ll == 0 else ((px - ax) * dx + (py - ay) * dy) / ll
                t = 0.0 if t < 0 else (1.0 if t > 1 else t)
                ex, ey = ax + t * dx - px, ay + t * dy - py
                d = ex * ex + ey * ey
                if d < best:
                    best = d
    return math.sqrt(best)
