"""The arena as a square grid of spaces (dwethia.core.spaces: one inch is one space).

Each space has an elevation (the surface a model stands on: a trench is below the ground, a
rooftop above it), a terrain kind from the glossary and the piece it belongs to. Static and
shared by every game on the arena: line-of-sight traces through terrain are cached here.

Rule ids: ``dwethia.core.spaces``, ``dwethia.terrain.keywords``, ``dwethia.move.incline``,
``dwethia.move.gap``, ``dwethia.shoot.line_of_sight``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warband.rulesets.dwethia.models import ArenaModel, TerrainKind

__all__ = ["Board", "Trace", "build_board"]

#: steps per space when tracing a line of sight
_SAMPLES = 3


@dataclass(frozen=True, slots=True)
class Trace:
    """What a straight line between two spaces crosses: the spaces in order with the height of
    the line over each (the eye one space above the shooter's surface, aiming half a space
    above the target's)."""

    cells: tuple[tuple[int, float], ...]  # (space index, line height there)


@dataclass
class Board:
    name: str
    size: int
    elevation: list[int]
    kind: list[str]
    piece: list[int]  # -1: open ground
    kinds: dict[str, TerrainKind]
    marker_spots: dict[str, list[tuple[int, int]]]
    piece_kinds: list[str] = field(default_factory=list)
    #: per space: impassable, difficult (read in the movement loop)
    blocked: list[bool] = field(default_factory=list)
    rough: list[bool] = field(default_factory=list)
    _elev: dict[tuple[int, int, int], int] = field(default_factory=dict, repr=False)
    _extremes: tuple[int, int] | None = field(default=None, repr=False)
    _relief: int = field(default=-1, repr=False)
    #: terrain pieces under or next to a base at (x, y, size) (read by line of sight)
    touching: dict[tuple[int, int, int], set[int]] = field(default_factory=dict, repr=False)
    _tables: dict[int, tuple[list[bool], list[bool], list[int], list[bool]]] = field(
        default_factory=dict, repr=False)
    _traces: dict[tuple[float, float, float, float, float, float], Trace] = field(
        default_factory=dict, repr=False)
    _covers: list[int] = field(default_factory=list, repr=False)
    #: per base size: each anchor's level steps, other steps and jumps over gaps (built by
    #: the movement search, rules.measure._step_table)
    steps: dict[int, tuple[list[tuple[int, ...]], list[tuple[tuple[int, int, int], ...]],
                           list[tuple[tuple[int, int, int], ...]]]] = field(
        default_factory=dict, repr=False)
    #: tables worked out from the board alone by whoever reads them (the AI's per-space terms),
    #: by name
    derived: dict[Any, Any] = field(default_factory=dict, repr=False)
    #: per base size and another base's place: the anchors overlapping it and next to it
    #: (rules.measure._around)
    around: dict[tuple[int, int, int, int], tuple[tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict, repr=False)
    #: per space index, its (x, y) (the movement search's keys, one shared tuple per space)
    _spots: list[tuple[int, int]] = field(default_factory=list, repr=False)
    #: per base place (x, y, size): what line of sight reads of it (rules.measure._facts)
    sight_facts: dict[tuple[int, int, int], Any] = field(default_factory=dict, repr=False)
    #: per shooter place, target place and quickness: the terrain's part of every line of
    #: sight between them, each group traced when first read (rules.measure._groups)
    sight_lines: dict[tuple[int, int, int, int, int, int, bool], Any] = field(
        default_factory=dict, repr=False)
    #: the arena it was built from (its pieces, as the board view draws them)
    arena: ArenaModel | None = field(default=None, repr=False)

    # -- spaces ----------------------------------------------------------------------------
    def idx(self, x: int, y: int) -> int:
        return y * self.size + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.size and 0 <= y < self.size

    def elev_at(self, x: int, y: int, size: int) -> int:
        """The elevation of a base of ``size`` spaces anchored at (x, y): its highest space."""
        key = (x, y, size)
        found = self._elev.get(key)
        if found is None:
            n = self.size
            found = max(self.elevation[(y + dy) * n + x + dx]
                        for dy in range(size) for dx in range(size)
                        if 0 <= x + dx < n and 0 <= y + dy < n)
            self._elev[key] = found
        return found

    @property
    def spots(self) -> list[tuple[int, int]]:
        """Per space index, its (x, y): one tuple per space, shared (the movement search keys
        its answer by them)."""
        if not self._spots:
            n = self.size
            self._spots = [(i % n, i // n) for i in range(n * n)]
        return self._spots

    def terrain(self, i: int) -> TerrainKind:
        return self.kinds[self.kind[i]]

    @property
    def covers(self) -> list[int]:
        """Per space, the cover its terrain gives (cached: read per candidate space by the AI)."""
        if not self._covers:
            self._covers = [self.kinds[k].cover for k in self.kind]
        return self._covers

    @property
    def relief(self) -> int:
        """The most two bases' elevations can differ by (the tallest space less the lowest)."""
        if self._relief < 0:
            self._relief = max(self.elevation) - min(self.elevation)
        return self._relief

    @property
    def highest(self) -> int:
        """The highest point a model can stand on (Leap of Faith's start)."""
        if self._extremes is None:
            self._extremes = self._find_extremes()
        return self._extremes[0]

    @property
    def lowest(self) -> int:
        """The lowest point a model can stand on (Leap of Faith's end)."""
        if self._extremes is None:
            self._extremes = self._find_extremes()
        return self._extremes[1]

    def _find_extremes(self) -> tuple[int, int]:
        standing = [e for i, e in enumerate(self.elevation) if not self.blocked[i]]
        return max(standing), min(standing)

    def anchors(self, size: int) -> tuple[list[bool], list[bool], list[int], list[bool]]:
        """For a base of ``size`` spaces anchored at each space (its south-west corner): whether
        it fits on the table clear of impassable terrain, whether it touches difficult terrain,
        its elevation, and whether it may be climbed onto (no sheer wall under it) (cached per
        size: the movement loop reads these)."""
        found = self._tables.get(size)
        if found is not None:
            return found
        n = self.size
        fits = [False] * (n * n)
        rough = [False] * (n * n)
        elev = [0] * (n * n)
        climb = [True] * (n * n)
        for y in range(n - size + 1):
            for x in range(n - size + 1):
                cells = [(y + dy) * n + x + dx for dy in range(size) for dx in range(size)]
                i = y * n + x
                fits[i] = not any(self.blocked[c] for c in cells)
                rough[i] = any(self.rough[c] for c in cells)
                elev[i] = max(self.elevation[c] for c in cells)
                climb[i] = all(self.kinds[self.kind[c]].climbable for c in cells)
        self._tables[size] = (fits, rough, elev, climb)
        return fits, rough, elev, climb

    def trace(self, ax: float, ay: float, az: float, bx: float, by: float, bz: float) -> Trace:
        """The spaces a line from (ax, ay) at height az to (bx, by) at bz passes over, each
        once, with the line's lowest height over it (cached: the board never changes)."""
        key = (ax, ay, az, bx, by, bz)
        found = self._traces.get(key)
        if found is not None:
            return found
        dx, dy, dz = bx - ax, by - ay, bz - az
        steps = max(1, int(max(abs(dx), abs(dy)) * _SAMPLES))
        n = self.size
        # The samples' spaces follow the line: both coordinates only grow or only shrink
        # along it (and so do their whole parts), so a space left is never met again, and
        # each space is written once, when the line leaves it, with its lowest height.
        cells: list[tuple[int, float]] = []
        last, low = -1, 0.0
        for s in range(steps + 1):
            t = s / steps
            cx, cy = int(ax + dx * t), int(ay + dy * t)
            if not (0 <= cx < n and 0 <= cy < n):  # self.inside, inlined (hot loop)
                continue
            i = cy * n + cx
            z = az + dz * t
            if i != last:
                if last >= 0:
                    cells.append((last, low))
                last, low = i, z
            elif z < low:
                low = z
        if last >= 0:
            cells.append((last, low))
        result = Trace(tuple(cells))
        if len(self._traces) < 200_000:
            self._traces[key] = result
        return result


def build_board(arena: ArenaModel, kinds: dict[str, TerrainKind]) -> Board:
    n = arena.size
    elevation = [0] * (n * n)
    kind = ["open"] * (n * n)
    piece = [-1] * (n * n)
    for p_i, p in enumerate(arena.pieces):
        k = kinds[p.kind]
        for y in range(p.y, p.y + p.h):
            for x in range(p.x, p.x + p.w):
                i = y * n + x
                elevation[i] = k.elevation if p.elevation is None else p.elevation
                kind[i] = p.kind
                piece[i] = p_i if p.kind != "open" else -1
    spots = {str(q): [(int(s[0]), int(s[1])) for s in found]
             for q, found in arena.marker_spots.items()}
    return Board(arena.name, n, elevation, kind, piece, dict(kinds), spots,
                 [p.kind for p in arena.pieces], [kinds[k].impassable for k in kind],
                 [kinds[k].difficult for k in kind], arena=arena)
