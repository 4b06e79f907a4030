"""Measuring on the grid: distance in spaces, adjacency and engagement, coherency, movement
(Dijkstra over spaces with inclines, gaps and difficult terrain) and line of sight.

Rule ids: ``dwethia.core.measuring`` (base to base), ``dwethia.core.spaces`` (Chebyshev, the
8 neighbouring spaces are "next to"), ``dwethia.move.basic``, ``dwethia.move.incline``,
``dwethia.move.gap``, ``dwethia.move.restrictions``, ``dwethia.move.engagement``,
``dwethia.core.coherency``, ``dwethia.shoot.line_of_sight``, ``dwethia.shoot.in_the_way``,
``dwethia.shoot.hit_modifiers``, ``dwethia.shoot.from_cover``, ``dwethia.shoot.behind_friends``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["Reach", "Sight", "adjacent", "coherent", "engaged_with", "reachable", "sight",
           "spaces", "half_move", "shooting_allowance"]

_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
LONG_DISTANCE = 12


def _gap(ax: int, ay: int, asz: int, bx: int, by: int, bsz: int) -> int:
    dx = max(0, bx - (ax + asz - 1), ax - (bx + bsz - 1))
    dy = max(0, by - (ay + asz - 1), ay - (by + bsz - 1))
    return max(dx, dy)


def spaces(st: DwethiaState, a: Hero, b: Hero) -> int:
    """Distance in spaces, base to base (dwethia.core.measuring): the larger of the horizontal
    gap (1 for bases in neighbouring spaces) and the difference in elevation."""
    g = _gap(a.x, a.y, a.size, b.x, b.y, b.size)
    return max(g, abs(st.elevation(a) - st.elevation(b)))


def adjacent(st: DwethiaState, a: Hero, b: Hero) -> bool:
    """In spaces next to each other, at most one level apart (dwethia.core.spaces)."""
    return spaces(st, a, b) <= 1


def engaged_with(st: DwethiaState, h: Hero) -> list[Hero]:
    """Enemies next to ``h`` (dwethia.move.engagement)."""
    return [e for e in st.heroes if e.on_table and e.side != h.side and adjacent(st, h, e)]


def in_reach(st: DwethiaState, h: Hero) -> list[Hero]:
    """Enemies within the reach of ``h``'s melee weapon (dwethia.melee.targets_and_reach)."""
    r = h.profile.melee.reach
    return [e for e in st.heroes if e.on_table and e.side != h.side and spaces(st, h, e) <= r]


def coherent(st: DwethiaState, h: Hero) -> list[Hero]:
    """Friends next to ``h`` (dwethia.core.coherency: any friendly model, the rules yaml's
    default for Heroes)."""
    return [f for f in st.heroes
            if f is not h and f.on_table and f.side == h.side and adjacent(st, h, f)]


def half_move(movement: int) -> int:
    """Half a model's move, rounded up (dwethia.move.defensive, the shooting note's rounding)."""
    return (movement + 1) // 2


def shooting_allowance(movement: int, penalty: str, difficult: bool) -> int:
    """The most movement (in cost) a model may spend and still fire a weapon with this
    movement penalty (dwethia.shoot.movement_penalties): none - all of it; full - none; half -
    half its move rounded up; after difficult terrain (which halves the spaces a move covers)
    half of that halved move rounded up, i.e. Movement 6 keeps 2 spaces (cost 4), the book's
    example."""
    if penalty == "none":
        return movement
    if penalty == "full":
        return 0
    if difficult:
        return 2 * half_move(half_move(movement))
    return half_move(movement)


@dataclass(frozen=True, slots=True)
class Reach:
    cost: int
    difficult: bool


def _footprint_ok(st: DwethiaState, x: int, y: int, size: int, enemies: set[int]) -> bool:
    b = st.board
    for dy in range(size):
        for dx in range(size):
            cx, cy = x + dx, y + dy
            if not b.inside(cx, cy):
                return False
            i = b.idx(cx, cy)
            if b.terrain(i).impassable or i in enemies:
                return False
    return True


def _elev(st: DwethiaState, x: int, y: int, size: int) -> int:
    b = st.board
    return max(b.elevation[b.idx(x + dx, y + dy)] for dy in range(size) for dx in range(size))


def _difficult(st: DwethiaState, x: int, y: int, size: int) -> bool:
    b = st.board
    return any(b.terrain(b.idx(x + dx, y + dy)).difficult
               for dy in range(size) for dx in range(size))


def step_cost(from_elev: int, to_elev: int, difficult: bool) -> int:
    """One space's cost (dwethia.move.basic, dwethia.move.incline): 1, or 2 in difficult
    terrain; a climb of one level is ignored, a taller climb is difficult terrain for its whole
    height (the Assassin climbs 4 for 8 spaces, not 5 for 10); going down is free."""
    base = 2 if difficult else 1
    climb = to_elev - from_elev
    return max(base, 2 * climb) if climb >= 2 else base


def gap_cost(width: int) -> int:
    """Crossing a gap of ``width`` spaces to land beyond it (dwethia.move.gap): up to 2 spaces
    the gap is ignored (the jump costs the spaces covered); wider gaps are difficult terrain."""
    return width + 1 if width <= 2 else 2 * width + 1


def reachable(st: DwethiaState, h: Hero, budget: int,
              retreat: bool = False) -> dict[tuple[int, int], Reach]:
    """Every anchor space ``h`` may end its move on with ``budget`` movement, and the cheapest
    cost to get there (dwethia.move.*). Enemies block; friends may be passed but not ended on;
    a space next to an enemy ends the move (it engages, dwethia.move.engagement); an engaged
    model does not move; a model not yet on the table enters from its side's edge
    (dwethia.setup.deployment: placed touching the edge, the move measured from there).

    ``retreat``: a retreat move (dwethia.melee.retreat_option, post_combat_retreat) leaves
    engagement, may pass enemies' neighbouring spaces and must end at least one space away
    from every enemy (not next to one)."""
    b = st.board
    size = h.size
    enemies: set[int] = set()
    friends: set[int] = set()
    enemy_list = [e for e in st.heroes if e.on_table and e.side != h.side]
    for o in st.heroes:
        if o is h or not o.on_table:
            continue
        target = enemies if o.side != h.side else friends
        for x, y in o.cells():
            target.add(b.idx(x, y))

    def next_to_enemy(x: int, y: int, elev: int) -> bool:
        for e in enemy_list:
            if _gap(x, y, size, e.x, e.y, e.size) <= 1 and abs(elev - st.elevation(e)) <= 1:
                return True
        return False

    def free_end(x: int, y: int) -> bool:
        return all(b.idx(x + dx, y + dy) not in friends
                   for dy in range(size) for dx in range(size))

    best: dict[tuple[int, int], Reach] = {}
    heap: list[tuple[int, int, int, int]] = []  # cost, difficult, x, y
    if h.entered:
        if engaged_with(st, h) and not retreat:
            return {(h.x, h.y): Reach(0, False)}
        heap.append((0, 0, h.x, h.y))
    else:
        edge_y = 0 if h.side == 0 else b.size - size
        for x in range(b.size - size + 1):
            if _footprint_ok(st, x, edge_y, size, enemies):
                heap.append((0, 0, x, edge_y))
        heapq.heapify(heap)
    done: set[tuple[int, int]] = set()
    out: dict[tuple[int, int], Reach] = {}
    while heap:
        cost, diff, x, y = heapq.heappop(heap)
        if (x, y) in done:
            continue
        done.add((x, y))
        elev = _elev(st, x, y, size)
        if retreat:
            if free_end(x, y) and not next_to_enemy(x, y, elev) and cost > 0:
                out[(x, y)] = Reach(cost, bool(diff))
        else:
            if free_end(x, y):
                out[(x, y)] = Reach(cost, bool(diff))
            if (h.entered and (x, y) != (h.x, h.y) or not h.entered) and next_to_enemy(x, y, elev):
                continue  # the move ends here: it engages
        for dx, dy in _DIRS:
            nx, ny = x + dx, y + dy
            if (nx, ny) in done or not _footprint_ok(st, nx, ny, size, enemies):
                continue
            d = _difficult(st, nx, ny, size)
            c = cost + step_cost(elev, _elev(st, nx, ny, size), d)
            if c <= budget:
                key = (nx, ny)
                old = best.get(key)
                if old is None or c < old.cost:
                    best[key] = Reach(c, d or bool(diff))
                    heapq.heappush(heap, (c, int(d or bool(diff)), nx, ny))
            if size == 1 and elev >= 2:
                for width in range(1, 5):
                    gx, gy = x + dx * (width + 1), y + dy * (width + 1)
                    mid = [(x + dx * i, y + dy * i) for i in range(1, width + 1)]
                    if not all(b.inside(mx, my) and b.elevation[b.idx(mx, my)] <= elev - 2
                               for mx, my in mid):
                        break
                    if not b.inside(gx, gy) or (gx, gy) in done:
                        continue
                    ge = b.elevation[b.idx(gx, gy)]
                    if abs(ge - elev) > 1 or not _footprint_ok(st, gx, gy, 1, enemies):
                        continue
                    c = cost + gap_cost(width)
                    if c <= budget:
                        old = best.get((gx, gy))
                        if old is None or c < old.cost:
                            best[(gx, gy)] = Reach(c, bool(diff))
                            heapq.heappush(heap, (c, diff, gx, gy))
    return out


# ----------------------------------------------------------------------------- sight
@dataclass(frozen=True, slots=True)
class Sight:
    """A shooter's view of a target (dwethia.shoot.line_of_sight, dwethia.shoot.hit_modifiers):
    whether a line exists, models and terrain pieces In the Way on the best line, the cover
    the target gets, and the distance."""

    visible: bool
    in_the_way: int
    cover: int
    distance: int
    friendly_in_way: bool = False

    @property
    def penalty(self) -> int:
        """Perception lost: In the Way, cover, Long Distance (dwethia.shoot.hit_modifiers)."""
        return self.in_the_way + self.cover + (1 if self.distance > LONG_DISTANCE else 0)


_OFFSETS = ((0.5, 0.5), (0.1, 0.1), (0.9, 0.9), (0.1, 0.9), (0.9, 0.1))


def _touching_pieces(st: DwethiaState, h: Hero) -> set[int]:
    b = st.board
    out: set[int] = set()
    for x, y in h.cells():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if b.inside(x + dx, y + dy):
                    p = b.piece[b.idx(x + dx, y + dy)]
                    if p >= 0:
                        out.add(p)
    return out


def sight(st: DwethiaState, shooter: Hero, target: Hero) -> Sight:
    """Lines from points of the shooter's base to points of the target's base; the best clear
    line counts (dwethia.shoot.line_of_sight). Sight-blocking terrain taller than the line
    blocks it; other terrain pieces the line passes low over are In the Way (-1 each), unless
    the shooter touches the piece and may shoot from it (dwethia.shoot.from_cover) or the piece
    touches the target (then it is the target's Cover instead); model bases on the line are In
    the Way unless the shooter stands raised on terrain, or the model is a friend in coherency
    with the shooter (dwethia.shoot.behind_friends)."""
    b = st.board
    za = st.elevation(shooter) + 1.0
    zb = st.elevation(target) + 0.5
    raised = st.elevation(shooter) > 0
    mine = {p for p in _touching_pieces(st, shooter) if b.kinds[b.piece_kinds[p]].shoot_from_cover}
    theirs = _touching_pieces(st, target)
    occupied: dict[int, Hero] = {}
    for o in st.heroes:
        if o.on_table and o is not shooter and o is not target:
            for x, y in o.cells():
                occupied[b.idx(x, y)] = o
    own = {b.idx(x, y) for x, y in shooter.cells()} | {b.idx(x, y) for x, y in target.cells()}
    friends_ok = {f.uid for f in coherent(st, shooter)}
    best: tuple[int, int, bool] | None = None
    for sx, sy in shooter.cells()[:4]:
        for ox, oy in _OFFSETS:
            for tx, ty in target.cells()[:4]:
                tr = b.trace(sx + ox, sy + oy, za, tx + 0.5, ty + 0.5, zb)
                blocked = False
                pieces: set[int] = set()
                models: set[int] = set()
                friendly = False
                cover = 0
                for i, z in tr.cells:
                    if i in own:
                        continue
                    k = b.terrain(i)
                    top = b.elevation[i]
                    if k.blocks_sight and top > z:
                        blocked = True
                        break
                    p = b.piece[i]
                    if p >= 0 and p not in mine and k.cover and z <= max(top, 0) + 1:
                        if p in theirs:
                            cover = max(cover, k.cover)
                        else:
                            pieces.add(p)
                    occ = occupied.get(i)
                    if occ is not None and not raised and occ.uid not in friends_ok:
                        models.add(occ.uid)
                        friendly = friendly or occ.side == shooter.side
                if blocked:
                    continue
                key = (len(pieces) + len(models) + cover, cover, friendly)
                if best is None or key[0] < best[0]:
                    best = (key[0], cover, friendly)
            if best is not None and best[0] == 0:
                break
    dist = spaces(st, shooter, target)
    if best is None:
        return Sight(False, 0, 0, dist)
    # the target's own space: a trench or scaffolding covers its occupant unless the shooter
    # looks down from well above (house reading of the glossary)
    own_cover = max(b.terrain(b.idx(x, y)).cover for x, y in target.cells())
    if st.elevation(shooter) >= st.elevation(target) + 3:
        own_cover = 0
    cover = max(best[1], own_cover) + (1 if target.stealth else 0)
    return Sight(True, best[0] - best[1], cover, dist, best[2])

