"""Measuring on the grid: distance in spaces, adjacency and engagement, coherency, movement
(Dijkstra over spaces with inclines, gaps and difficult terrain) and line of sight.

Rule ids: ``dwethia.core.measuring`` (base to base), ``dwethia.core.spaces`` (Chebyshev, the
8 neighbouring spaces are "next to"), ``dwethia.move.basic``, ``dwethia.move.incline``,
``dwethia.move.gap``, ``dwethia.move.restrictions``, ``dwethia.move.engagement``,
``dwethia.core.coherency``, ``dwethia.shoot.line_of_sight``, ``dwethia.shoot.in_the_way``,
``dwethia.shoot.hit_modifiers``, ``dwethia.shoot.from_cover``, ``dwethia.shoot.behind_friends``.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["Reach", "Sight", "adjacent", "can_see", "coherent", "engaged_with", "reachable", "sight",
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
    ax, ay, asz, bx, by, bsz = a.x, a.y, a.size, b.x, b.y, b.size
    # _gap and st.elevation, inlined (and written without max(): measuring is called for
    # every pair of models, often)
    before, after = bx - (ax + asz - 1), ax - (bx + bsz - 1)
    gap = before if before > after else after
    before, after = by - (ay + asz - 1), ay - (by + bsz - 1)
    if before > gap:
        gap = before
    if after > gap:
        gap = after
    if gap < 0:
        gap = 0
    board = st.board
    if gap >= board.relief:
        return gap  # no difference in elevation on this board is larger
    dz = board.elev_at(ax, ay, asz) - board.elev_at(bx, by, bsz)
    return max(gap, dz, -dz)


def adjacent(st: DwethiaState, a: Hero, b: Hero) -> bool:
    """In spaces next to each other, at most one level apart (dwethia.core.spaces)."""
    return spaces(st, a, b) <= 1


def engaged_with(st: DwethiaState, h: Hero) -> list[Hero]:
    """Enemies next to ``h`` (dwethia.move.engagement): :func:`adjacent`, written out (asked
    for every model in every phase)."""
    board = st.board
    ax, ay, asz = h.x, h.y, h.size
    az = board.elev_at(ax, ay, asz)
    out = []
    for e in st.heroes:
        if e.side == h.side or not e.entered or e.slain:
            continue
        bx, by, bsz = e.x, e.y, e.size
        if (bx - (ax + asz - 1) > 1 or ax - (bx + bsz - 1) > 1 or by - (ay + asz - 1) > 1
                or ay - (by + bsz - 1) > 1):
            continue
        dz = az - board.elev_at(bx, by, bsz)
        if -1 <= dz <= 1:
            out.append(e)
    return out


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


def step_cost(from_elev: int, to_elev: int, difficult: bool) -> int:
    """One space's cost (dwethia.move.basic, dwethia.move.incline): 1, or 2 in difficult
    terrain; a climb of one level is ignored, a taller climb is difficult terrain for its whole
    height (the Assassin climbs 4 for 8 spaces, not 5 for 10); going down is free. (Tabled per
    board by the movement search, which also refuses a climb onto terrain the glossary marks
    not climbable.)"""
    base = 2 if difficult else 1
    climb = to_elev - from_elev
    return max(base, 2 * climb) if climb >= 2 else base


def gap_cost(width: int) -> int:
    """Crossing a gap of ``width`` spaces to land beyond it (dwethia.move.gap): up to 2 spaces
    the gap is ignored (the jump costs the spaces covered); wider gaps are difficult terrain."""
    return width + 1 if width <= 2 else 2 * width + 1


_REACH: dict[tuple[int, int], Reach] = {}


def _reach(cost: int, difficult: int) -> Reach:
    """The shared (frozen) Reach for a cost and difficulty: the search makes thousands."""
    found = _REACH.get((cost, difficult))
    if found is None:
        found = _REACH[(cost, difficult)] = Reach(cost, bool(difficult))
    return found


#: one step to a neighbouring anchor: (neighbour, step cost, whether the neighbour is difficult)
_Step = tuple[int, int, int]
#: one jump over a gap: (the neighbouring anchor it leaves over, landing anchor, cost)
_Jump = tuple[int, int, int]


def _step_table(st: DwethiaState, size: int) -> tuple[list[tuple[int, ...]],
                                                       list[tuple[_Step, ...]],
                                                       list[tuple[_Jump, ...]]]:
    """For each anchor of a base of ``size``: the neighbouring anchors it may step onto for 1
    (level, not difficult: most of the table), its other steps (neighbour, step cost, whether
    the neighbour is difficult), and the gaps it may jump (the neighbour it leaves over, the
    landing, the cost), each apart: only a model of one space standing at least two levels
    up has any gap, so the search's hot loop reads no empty list of gaps per step. A sheer
    wall, or a place the base does not fit, is no step. Only what never changes is in it (the
    board's terrain); models are checked by the search. Built once per board and size. (The
    order of an anchor's steps and jumps does not matter to the search: they land on
    different anchors, a step one space away and a jump at least two.)"""
    b = st.board
    found = b.steps.get(size)
    if found is not None:
        return found
    n = b.size
    fits, rough, elevs, climbable = b.anchors(size)
    limit = n - size
    flat: list[tuple[int, ...]] = []
    steps: list[tuple[_Step, ...]] = []
    jumps: list[tuple[_Jump, ...]] = []
    for i in range(n * n):
        y, x = divmod(i, n)
        elev = elevs[i]
        level: list[int] = []
        moves: list[_Step] = []
        gaps: list[_Jump] = []
        for dx, dy in _DIRS:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx > limit or ny > limit:
                continue
            j = ny * n + nx
            if fits[j]:
                climb = elevs[j] - elev
                if climb >= 2 and not climbable[j]:
                    continue  # a sheer wall (terrain glossary: not climbable); no gap beyond
                cost = step_cost(elev, elevs[j], rough[j])
                if cost == 1 and not rough[j]:
                    level.append(j)
                else:
                    moves.append((j, cost, int(rough[j])))
            if size == 1 and elev >= 2:
                for width in range(1, 5):
                    mx, my = x + dx * width, y + dy * width
                    if not (0 <= mx < n and 0 <= my < n) or b.elevation[my * n + mx] > elev - 2:
                        break
                    gx, gy = mx + dx, my + dy
                    if not (0 <= gx < n and 0 <= gy < n):
                        break
                    g = gy * n + gx
                    if abs(elevs[g] - elev) > 1 or not fits[g]:
                        continue
                    gaps.append((j, g, gap_cost(width)))
        flat.append(tuple(level))
        steps.append(tuple(moves))
        jumps.append(tuple(gaps))
    b.steps[size] = flat, steps, jumps
    return flat, steps, jumps


def _around(st: DwethiaState, size: int, o: Hero) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The anchors where a base of ``size`` would overlap ``o``'s base, and those where it
    would stand next to it at most one level apart (dwethia.move.engagement, for an enemy).
    Only the board and the places decide them: cached per board."""
    b = st.board
    key = (size, o.x, o.y, o.size)
    found: tuple[tuple[int, ...], tuple[int, ...]] | None = b.around.get(key)
    if found is not None:
        return found
    n = b.size
    elevs = b.anchors(size)[2]
    under = tuple(y * n + x for y in range(o.y - size + 1, o.y + o.size)
                  for x in range(o.x - size + 1, o.x + o.size) if 0 <= x < n and 0 <= y < n)
    ez = st.elevation(o)
    beside = tuple(y * n + x for y in range(o.y - size, o.y + o.size + 1)
                   for x in range(o.x - size, o.x + o.size + 1)
                   if 0 <= x < n and 0 <= y < n and abs(elevs[y * n + x] - ez) <= 1)
    found = b.around[key] = under, beside
    return found


def reachable(st: DwethiaState, h: Hero, budget: int, retreat: bool = False,
              lifted: frozenset[int] = frozenset()) -> dict[tuple[int, int], Reach]:
    """Every anchor space ``h`` may end its move on with ``budget`` movement, and the cheapest
    cost to get there (dwethia.move.*). Enemies block; friends may be passed but not ended on;
    a space next to an enemy ends the move (it engages, dwethia.move.engagement); an engaged
    model does not move; a model not yet on the table enters from its side's edge
    (dwethia.setup.deployment: placed touching the edge, the move measured from there).

    ``retreat``: a retreat move (dwethia.melee.retreat_option, post_combat_retreat) leaves
    engagement, may pass enemies' neighbouring spaces and must end at least one space away
    from every enemy (not next to one).

    ``lifted``: models (by number) moving together with ``h`` (a coherent group retreating as
    one block), whose present spaces do not count as occupied."""
    b = st.board
    n = b.size
    size = h.size
    fits = b.anchors(size)[0]
    # anchors whose base would overlap an enemy (blocked) or a friend (no ending there)
    blocked: set[int] = set()
    crowded: set[int] = set()
    engaging: set[int] = set()  # anchors next to an enemy (at most one level apart)
    for o in st.heroes:
        if o is h or not o.on_table or o.uid in lifted:
            continue
        under, beside = _around(st, size, o)
        if o.side != h.side:
            blocked.update(under)
            engaging.update(beside)
        else:
            crowded.update(under)

    # A Dijkstra search with a bucket per (cost, difficult): costs are small whole numbers and
    # every step or jump costs at least 1, so a bucket is complete when its turn comes; each is
    # taken in ascending anchor order, which is the order a heap of (cost, difficult, anchor)
    # tuples pops them in (the first path found to an anchor at a cost decides whether it
    # counts as difficult, so the order is part of the answer).
    # (two more than the budget needs: a step for 1 past the budget is never taken, but its
    # bucket is looked up once per bucket)
    buckets: list[list[int]] = [[] for _ in range(2 * budget + 4)]
    # the cheapest cost found so far per anchor, beyond the budget until one is found; an
    # anchor under an enemy's base, or one the search starts from, never takes a new path
    # (-1 and 0: no step's cost is below them), and neither does an anchor already settled
    # (it was settled at its cost, at most the cost of the anchor being left), so the step
    # loop asks one question per neighbour
    best = [budget + 1] * (n * n)
    for i in blocked:
        best[i] = -1
    start = -1
    if h.entered:
        if engaged_with(st, h) and not retreat:
            return {(h.x, h.y): Reach(0, False)}
        start = h.y * n + h.x
        buckets[0].append(start)
    else:
        edge_y = 0 if st.edge[h.side] == 0 else n - size
        for x in range(n - size + 1):
            i = edge_y * n + x
            if fits[i] and i not in blocked:
                buckets[0].append(i)
    for i in buckets[0]:
        best[i] = 0
    flat, steps, jumps = _step_table(st, size)
    spots = b.spots
    done = bytearray(n * n)
    out: dict[tuple[int, int], Reach] = {}
    for at, bucket in enumerate(buckets):
        if not bucket:
            continue
        bucket.sort()
        cost, diff = divmod(at, 2)
        here = _reach(cost, diff)
        one_more = cost + 1  # a level step's cost from here, and its bucket
        level_to = buckets[2 * one_more + diff]
        for i in bucket:
            if done[i]:
                continue
            done[i] = 1
            if retreat:
                if cost > 0 and i not in crowded and i not in engaging:
                    out[spots[i]] = here
            else:
                if i not in crowded:
                    out[spots[i]] = here
                if i != start and i in engaging:
                    continue  # the move ends here: it engages
            for j in flat[i]:
                if one_more < best[j]:
                    best[j] = one_more
                    level_to.append(j)
            for j, step, d in steps[i]:
                c = cost + step
                if c < best[j]:
                    best[j] = c
                    buckets[2 * c + (d or diff)].append(j)
            gaps = jumps[i]
            if gaps:
                for j, g, gc in gaps:
                    # no jump past a neighbour already settled (as the search always did)
                    if done[j]:
                        continue
                    c = cost + gc
                    if c < best[g]:
                        best[g] = c
                        buckets[2 * c + diff].append(g)
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


_SIGHTS: dict[tuple[bool, int, int, int, bool], Sight] = {}


def _sight_of(visible: bool, in_the_way: int, cover: int, distance: int,
              friendly: bool) -> Sight:
    """The shared (frozen) Sight of these values: building a frozen dataclass costs several
    times a lookup, and sight is asked thousands of times a game."""
    key = (visible, in_the_way, cover, distance, friendly)
    found = _SIGHTS.get(key)
    if found is None:
        found = _SIGHTS[key] = Sight(visible, in_the_way, cover, distance, friendly)
    return found


_OFFSETS = ((0.5, 0.5), (0.1, 0.1), (0.9, 0.9), (0.1, 0.9), (0.9, 0.1))


def _touching_pieces(st: DwethiaState, h: Hero) -> set[int]:
    """Terrain pieces under or next to ``h``'s base (cached per place on the board)."""
    b = st.board
    key = (h.x, h.y, h.size)
    found = b.touching.get(key)
    if found is not None:
        return found
    out: set[int] = set()
    for x, y in h.cells():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if b.inside(x + dx, y + dy):
                    p = b.piece[b.idx(x + dx, y + dy)]
                    if p >= 0:
                        out.add(p)
    b.touching[key] = out
    return out


@dataclass(frozen=True, slots=True)
class _Place:
    """What line of sight reads of a base at one place on the board (cached per board):
    its spaces (in ``Hero.cells`` order) and their indices, its elevation, the pieces it
    touches that may be shot from, the pieces under it and beside it, the cover of its own
    spaces."""

    cells: list[tuple[int, int]]
    idx: frozenset[int]
    elev: int
    mine: frozenset[int]
    under: frozenset[int]
    theirs: frozenset[int]
    own_cover: int


def _facts(st: DwethiaState, h: Hero) -> _Place:
    b = st.board
    key = (h.x, h.y, h.size)
    found: _Place | None = b.sight_facts.get(key)
    if found is not None:
        return found
    cells = h.cells()
    touching = _touching_pieces(st, h)
    under = frozenset(b.piece[b.idx(x, y)] for x, y in cells)
    found = b.sight_facts[key] = _Place(
        cells, frozenset(b.idx(x, y) for x, y in cells), b.elev_at(h.x, h.y, h.size),
        frozenset(p for p in touching if b.kinds[b.piece_kinds[p]].shoot_from_cover),
        under, frozenset(touching - under), max(b.terrain(b.idx(x, y)).cover for x, y in cells))
    return found


#: the terrain's part of one line of sight that no terrain blocks: the pieces In the Way plus
#: the cover of the pieces beside the target, that cover, and the spaces (in the line's order,
#: the shooter's and the target's own left out) where a model would be In the Way (none when
#: the shooter stands raised: it sees over models)
_Line = tuple[int, int, tuple[int, ...]]

#: the lines from one point of the shooter's base to the centre of each of the target's
#: spaces that :func:`sight` looks at, in its order, those blocked by terrain left out
_Group = tuple[_Line, ...]

#: at most this many shooter-target places keep their lines per board
_LINES_KEPT = 100_000


def _groups(st: DwethiaState, shooter: Hero, target: Hero,
            quick: bool) -> list[_Group | None]:
    """The groups of lines :func:`sight` draws from ``shooter``'s place to ``target``'s, one
    per point of the shooter's base (its first spaces, each at the offsets in turn), each
    traced when first read (:func:`_group`): sight stops at the first group with a clear line,
    and a line is traced once per pair of places. Cached per board by the two places: the
    lines read nothing but the board and the places, never the models."""
    b = st.board
    key = (shooter.x, shooter.y, shooter.size, target.x, target.y, target.size, quick)
    found: list[_Group | None] | None = b.sight_lines.get(key)
    if found is None:
        points = 1 if quick else min(4, shooter.size * shooter.size) * len(_OFFSETS)
        found = [None] * points
        if len(b.sight_lines) < _LINES_KEPT:
            b.sight_lines[key] = found
    return found


def _group(st: DwethiaState, fs: _Place, ft: _Place, quick: bool, g: int) -> _Group:
    """Group ``g`` of :func:`_groups`: the lines from one point of the shooter's base (place
    ``fs``) to the target's (place ``ft``), what the terrain does on each."""
    b = st.board
    za = fs.elev + 1.0
    zb = ft.elev + 0.5
    raised = fs.elev > 0
    mine, under, theirs = fs.mine, ft.under, ft.theirs
    own = fs.idx | ft.idx
    kinds, kind, elevation, piece = b.kinds, b.kind, b.elevation, b.piece
    offsets = _OFFSETS[:1] if quick else _OFFSETS
    sx, sy = fs.cells[g // len(offsets)]
    ox, oy = offsets[g % len(offsets)]
    lines: list[_Line] = []
    for tx, ty in ft.cells[:1 if quick else 4]:
        blocked = False
        pieces: set[int] = set()
        cover = 0
        cells: list[int] = []
        for i, z in b.trace(sx + ox, sy + oy, za, tx + 0.5, ty + 0.5, zb).cells:
            if i in own:
                continue
            k = kinds[kind[i]]
            top = elevation[i]
            if k.blocks_sight and top > z:
                blocked = True
                break
            p = piece[i]
            if p >= 0 and p not in mine and p not in under and k.cover and (
                    z <= max(top, 0) + 1):
                if p in theirs:
                    cover = max(cover, k.cover)
                else:
                    pieces.add(p)
            if not raised:
                cells.append(i)
        if not blocked:
            lines.append((len(pieces) + cover, cover, tuple(cells)))
    return tuple(lines)


def can_see(st: DwethiaState, viewer: Hero, target: Hero) -> bool:
    """Whether any of :func:`sight`'s lines is clear of sight-blocking terrain (the question
    of who may be targeted, asked far more often than the full modifiers)."""
    st = getattr(st, "_state", st)  # a player's view: read the state's public board directly
    groups = _groups(st, viewer, target, False)
    fv = ft = None
    for g, lines in enumerate(groups):
        if lines is None:
            if fv is None or ft is None:
                fv, ft = _facts(st, viewer), _facts(st, target)
            lines = groups[g] = _group(st, fv, ft, False, g)
        if lines:
            return True
    return False


def standing_models(st: DwethiaState) -> dict[int, Hero]:
    """The model standing on each space (by index) that a line of sight may cross: every model
    on the table and every casualty still standing (dwethia.combat.casualties). The shooter's
    and the target's own spaces are never read by :func:`sight` (it skips them first), so one
    table serves every line drawn while the models stand still."""
    st = getattr(st, "_state", st)
    n = st.board.size
    occupied: dict[int, Hero] = {}
    for o in st.heroes:
        if (o.entered and not o.slain) or o.fallen:
            hx, hy, hs = o.x, o.y, o.size
            if hs == 1:
                occupied[hy * n + hx] = o
            else:
                for y in range(hy, hy + hs):
                    for x in range(hx, hx + hs):
                        occupied[y * n + x] = o
    return occupied


def sight(st: DwethiaState, shooter: Hero, target: Hero, quick: bool = False,
          occupied: dict[int, Hero] | None = None) -> Sight:
    """Lines from points of the shooter's base to points of the target's base; the best clear
    line counts (dwethia.shoot.line_of_sight). Sight-blocking terrain taller than the line
    blocks it; other terrain pieces the line passes low over are In the Way (-1 each), unless
    the shooter touches the piece and may shoot from it (dwethia.shoot.from_cover) or the piece
    touches the target (then it is the target's Cover instead); model bases on the line are In
    the Way unless the shooter stands raised on terrain, or the model is a friend in coherency
    with the shooter (dwethia.shoot.behind_friends).

    ``quick``: only the line between the centres of the first spaces (an AI's estimate).
    ``occupied``: :func:`standing_models` of ``st``, when the caller draws many lines while
    the models stand still (read once, not once per call)."""
    st = getattr(st, "_state", st)  # a player's view: read the state's public board directly
    fs, ft = _facts(st, shooter), _facts(st, target)
    # friends in coherency with the shooter are not In the Way (dwethia.shoot.behind_friends):
    # asked only of the models a line crosses (what coherent() would say of them)
    friends_ok: dict[int, bool] = {}
    side = shooter.side
    best: tuple[int, int, bool] | None = None
    groups = _groups(st, shooter, target, quick)
    for g, lines in enumerate(groups):
        if lines is None:
            lines = groups[g] = _group(st, fs, ft, quick, g)
        for static, cover, cells in lines:
            if best is not None and static >= best[0]:
                continue  # models only add to it: not strictly better than the best line
            models: set[int] = set()
            friendly = False
            if cells:  # a raised shooter sees over every model (only then are none read)
                if occupied is None:
                    occupied = standing_models(st)
                for i in cells:
                    occ = occupied.get(i)
                    if occ is not None:
                        ok = friends_ok.get(occ.uid)
                        if ok is None:
                            ok = friends_ok[occ.uid] = (occ.on_table and occ.side == side
                                                        and spaces(st, shooter, occ) <= 1)
                        if not ok:
                            models.add(occ.uid)
                            friendly = friendly or occ.side == side
            total = static + len(models)
            if best is None or total < best[0]:
                best = (total, cover, friendly)
        if best is not None and best[0] == 0:
            break  # no line can be better than a clear one
    dist = spaces(st, shooter, target)
    if best is None:
        return _sight_of(False, 0, 0, dist, False)
    # the target's own space: a trench or scaffolding covers its occupant unless the shooter
    # looks down from well above (house reading of the glossary)
    own_cover = ft.own_cover
    if fs.elev >= ft.elev + 3:
        own_cover = 0
    # cover stacks (dwethia.shoot.hit_modifiers): the target's own space (a trench), a piece
    # beside it on the line (a barricade), a Stealth Move; Long Distance adds in ``penalty``
    cover = best[1] + own_cover + (1 if target.stealth else 0)
    return _sight_of(True, best[0] - best[1], cover, dist, best[2])

