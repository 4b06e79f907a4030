"""Setting up: the table, the Characters, and alternating deployment.

Rule ids: ``arcworlde.setup.sequence``, ``arcworlde.core.bases``.

Deployment zones are not in the core rules; we use the scenario's depth (6 inches by default,
as the Rogue Warband rules do): player A deploys wholly within it of the south edge (y = 0),
player B of the north edge, a third side (C) of the west edge and a fourth (D) of the east
(between A's and B's zones).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from itertools import chain
from typing import Any

from warband.core.decisions import Decision
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Steps
from warband.core.geometry import Base, Table, base_radius
from warband.core.ruleset import side_labels
from warband.kit.table import kept_menu
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.lists import Warband
from warband.rulesets.arcworlde.models import Equipment, Profile, ScenarioModel
from warband.rulesets.arcworlde.rules.round import roll_off
from warband.rulesets.arcworlde.state import ArcState, Character, Options

__all__ = [
    "build_state", "deployment", "deployment_places", "deployment_points", "deployment_problem",
    "in_zone",
    "make_character", "zone_area", "zone_rect",
]


def build_table(scenario: ScenarioModel) -> Table:
    """The scenario's table, shared by every game on this layout, found by the layout's plain
    data (:meth:`Table.shared_layout`)."""
    return Table.shared_layout(scenario.width, scenario.height, [
        (t.name, t.kind, t.points, t.blocks_sight, t.cover, 0.0) for t in scenario.terrain])


def make_character(uid: int, side: int, name: str, p: Profile, gear: tuple[Equipment, ...],
                   unruly: bool = False, cost: int | None = None,
                   mount: Character | None = None) -> Character:
    """A Character as it starts a game: its profile with its equipment's Attacks, Armour,
    Movement and Traits (on ``mount``, a Monstrous Mount already built, it shares its base)."""
    weapons = tuple(e for e in gear if e.weapon)
    return Character(
        uid=uid, side=side, name=name, profile=p, equipment=gear,
        attacks=(*p.attacks, *(a for e in gear for a in e.attacks)),
        weapons=weapons,
        r=mount.r if mount is not None else base_radius(p.base),
        max_hp=p.hp, hp=p.hp, ap=p.ap,
        movement=max(0, p.movement + sum(e.movement for e in gear)),
        bravery=p.bravery,
        armour=max((e.armour for e in gear), default=0),
        traits=frozenset(p.traits).union(*(e.traits for e in gear)),
        unruly=unruly, cost=p.cost if cost is None else cost,
        weapon=weapons[0].id if weapons else None,
        mount_uid=None if mount is None else mount.uid,
    )


def build_state(
    warbands: Sequence[Warband], scenario: ScenarioModel, seed: int, options: Options,
    labels: Sequence[str] | None = None, log_events: bool = True,
) -> ArcState:
    """The starting state: one side per warband, labelled ``a``, ``b``, ``c``..."""
    if labels is None:
        labels = side_labels(max(2, len(warbands)))
    chars: list[Character] = []
    for side, wb in enumerate(warbands):
        seen: dict[str, int] = {}
        for m in wb.members:
            seen[m.profile.name] = seen.get(m.profile.name, 0) + 1
        counter: dict[str, int] = {}
        for m in wb.members:
            p = m.profile
            counter[p.name] = counter.get(p.name, 0) + 1
            name = m.name or p.name
            if m.name is None and seen[p.name] > 1:
                name = f"{p.name} {counter[p.name]}"
            if wb is not warbands[0] and any(c.name == name for c in chars):
                name = f"{name} ({labels[side].upper()})"
            mount = None
            if m.mount is not None:  # the Monstrous Mount first, its rider on it
                mp = m.mount
                # its equipment gives Armour only (no Attacks, Traits or Movement of its own)
                mount = make_character(len(chars), side, f"{name}'s {mp.name}", mp, (),
                                       cost=mp.cost)
                mount.equipment = mp.equipment
                mount.armour = max((e.armour for e in mp.equipment), default=0)
                mount.rider_uid = mount.uid + 1
                chars.append(mount)
            chars.append(make_character(
                len(chars), side, name, p, (*p.equipment, *m.equipment), unruly=m.unruly,
                cost=m.cost - (m.mount.cost if m.mount else 0), mount=mount))
    st = ArcState(
        dice=Dice(seed), log=EventLog(log_events), table=build_table(scenario),
        scenario=scenario, chars=chars, side_names=[w.name for w in warbands],
        side_labels=list(labels), options=options,
        vp_knock_outs=[0] * max(2, len(warbands)), players=max(2, len(warbands)),
    )
    return st


def _depth(st: Any) -> float:
    depth = st.options.deployment_depth
    return float(depth if depth is not None else st.scenario.deployment_depth)


def in_zone(st: Any, side: int, x: float, y: float, r: float) -> bool:
    """Whether a base of radius ``r`` at (x, y) lies wholly in ``side``'s deployment zone."""
    x0, y0, x1, y1 = zone_rect(st.table, side, _depth(st))
    if side <= 1:  # along the whole edge: the table's own bounds are checked elsewhere
        return y0 + r - 1e-9 <= y <= y1 - r + 1e-9
    return x0 + r - 1e-9 <= x <= x1 - r + 1e-9 and y0 + r - 1e-9 <= y <= y1 - r + 1e-9


def deployment_points(st: Any, ch: Character) -> list[tuple[float, float]]:
    """Candidate deployment spots for ``ch``: a grid across its zone, where its base fits;
    once that grid is full, the close-packed spots of :meth:`Table.packed_points` (a big
    warband fills the whole zone, not just the front and back rows): where
    :func:`deployment_places` puts it."""
    return [(place.x, place.y) for place in deployment_places(st, ch)]


def deployment_places(st: Any, ch: Character,
                      clear: dict[float, Sequence[bool]] | None = None) -> list[C.Place]:
    """The placements of ``ch`` on offer: a :class:`~warband.rulesets.arcworlde.choices.Place`
    at each spot of its zone's grid where its base fits, else at each close-packed spot
    (:meth:`Table.packed_points`). The grid's Places are made once per table, side, depth,
    base and Character (frozen, so every game shares them). ``clear``: which
    grid spots no placed base overlaps, by radius, filled in and shared by the callers that
    list several Characters of one side at once."""
    others = [c.base for c in st.chars if c.deployed and not c.ko and not c.aboard]
    r = ch.r
    grid = _zone_grid(st, ch.side, r)
    if grid is None:
        return []
    free = None if clear is None else clear.get(r)
    if free is None:
        # only the bases that reach the grid's box can overlap a spot of it (those in the
        # other zones never do): the rest are left out of the test, which they would pass
        depth = _depth(st)
        x0, y0, x1, y1 = _grid_box(st, ch.side, depth, r, grid)
        near = [o for o in others
                if o.x + o.r + r + 1e-6 >= x0 and o.x - o.r - r - 1e-6 <= x1
                and o.y + o.r + r + 1e-6 >= y0 and o.y - o.r - r - 1e-6 <= y1]
        # which spots those bases leave clear: kept on the table under the grid's inputs and
        # every near base's place and radius (the games of a match-up deploy alike)
        frees = st.table.memo("arcworlde.deployment_free")
        key = (ch.side, depth, r, *chain.from_iterable(near))
        free = frees.get(key)
        if free is None:
            if len(frees) > 20_000:
                frees.clear()
            free = frees[key] = tuple([_clear_of(x, y, r, near) for x, y, _, _ in grid])
        if clear is not None:
            clear[r] = free
    uid = ch.uid
    places = kept_menu(st.table, "arcworlde.deployment_places", (ch.side, _depth(st), r, uid),
                       lambda: [C.Place(uid, rx, ry) for _, _, rx, ry in grid])
    out = [place for place, ok in zip(places, free, strict=True) if ok]
    if out:
        return out
    packed = st.table.packed_points(zone_area(st.table, ch.side, _depth(st)), r, others)
    return [C.Place(uid, x, y) for x, y in packed]


def _grid_box(st: Any, side: int, depth: float, r: float,
              grid: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    """:func:`_box` of ``side``'s grid for radius ``r`` (:func:`_zone_grid`), kept on the table
    beside the grid, under the same key (zeros for an empty grid)."""
    boxes = st.table.memo("arcworlde.deployment_box")
    key = (side, depth, r)
    box: tuple[float, float, float, float] | None = boxes.get(key)
    if box is None:
        box = boxes[key] = _box(grid) if grid else (0.0, 0.0, 0.0, 0.0)
    return box


def _box(grid: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) of a grid's spots (not empty)."""
    xs = [g[0] for g in grid]
    ys = [g[1] for g in grid]
    return min(xs), min(ys), max(xs), max(ys)


def _clear_of(x: float, y: float, r: float, others: list[Base]) -> bool:
    """No base of ``others`` overlaps a base of radius ``r`` at (x, y) (touching is fine): the
    test :meth:`Table.fits` makes of the bases, the same float expression
    (:func:`~warband.core.geometry.edge_distance`) and tolerance."""
    hypot = math.hypot
    for o in others:  # (a loop, not all(): no generator per spot)  # noqa: SIM110
        if not hypot(o.x - x, o.y - y) - r - o.r >= -1e-9:
            return False
    return True


def _zone_grid(st: Any, side: int, r: float) -> list[tuple[float, float, float, float]] | None:
    """The grid of deployment spots across ``side``'s zone where a base of radius ``r`` fits
    with no other base about (on the table, off impassable terrain), each with its rounded
    place, as ``(x, y, round(x, 3), round(y, 3))``; None when the zone is too shallow for
    the base. It depends on the table, the side, the depth and the radius only, so it is
    kept on the table; the bases already placed are tested afresh (:func:`_clear_of`)."""
    depth = _depth(st)
    if depth < 2 * r:
        return None
    grids = st.table.memo("arcworlde.deployment_grid")
    key = (side, depth, r)
    grid: list[tuple[float, float, float, float]] | None = grids.get(key)
    if grid is None:
        free = st.table.free_spots(_grid_points(st, side, r, depth), r)
        grid = grids[key] = [(x, y, round(x, 3), round(y, 3)) for x, y in free]
    return grid


def _grid_points(st: Any, side: int, r: float, depth: float) -> list[tuple[float, float]]:
    """The grid across ``side``'s zone, rows a base's radius in from each edge of the zone."""
    width, height = st.table.width, st.table.height
    rows = sorted({r + 0.05, max(r + 0.05, depth - r - 0.05)})
    grid: list[tuple[float, float]] = []
    if side <= 1:  # the south (A) and north (B) edges
        if side == 1:
            rows = [height - y for y in rows]
        steps = max(2, int((width - 2 * r) // 3))
        for i in range(steps + 1):
            x = r + 0.5 + (width - 2 * r - 1.0) * i / steps
            grid.extend((x, y) for y in rows)
    else:  # the west (C) and east (D) edges, between the other two zones
        cols = rows if side == 2 else [width - x for x in rows]
        length = height - 2 * depth
        steps = max(2, int((length - 2 * r) // 3))
        for i in range(steps + 1):
            y = depth + r + 0.5 + (length - 2 * r - 1.0) * i / steps
            grid.extend((x, y) for x in cols if in_zone(st, side, x, y, r))
    return grid


def zone_area(table: Table, side: int, depth: float) -> tuple[float, float, float, float]:
    """``side``'s deployment zone as (x0, y0, x1, y1), y0 on its own table edge for A and B.
    A deploys along the south edge, B the north, a third side (C) the west edge and a fourth
    (D) the east, each ``depth`` deep; C's and D's zones run between A's and B's (our reading
    of arcworlde.solo.deployment for a Rogue Warband facing two players: neither player's
    edge is opposite both, so it takes a side edge)."""
    if side == 0:
        return (0.0, 0.0, table.width, depth)
    if side == 1:
        return (0.0, table.height, table.width, table.height - depth)
    if side == 2:
        return (0.0, depth, depth, table.height - depth)
    return (table.width - depth, depth, table.width, table.height - depth)


def zone_rect(table: Table, side: int, depth: float) -> tuple[float, float, float, float]:
    """``side``'s deployment zone as (xmin, ymin, xmax, ymax)."""
    x0, y0, x1, y1 = zone_area(table, side, depth)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def deployment_problem(
    warbands: Sequence[Warband], table: Table, depth: float, names: Sequence[str] | None = None
) -> str | None:
    """Why the warbands cannot all be deployed, or None: each side's Characters are packed
    into its zone, largest bases first (:meth:`Table.pack`); a Character with no spot left
    means the list does not fit (arcworlde.setup.sequence; our deployment zones)."""
    if names is None:
        names = [label.upper() for label in side_labels(max(2, len(warbands)))]
    for side, wb in enumerate(warbands):
        radii = [base_radius(m.profile.base) for m in wb.members]
        room = table.pack(zone_area(table, side, depth), radii)
        if room < len(radii):
            return (f"the Characters of {names[side]} ({wb.name!r}) cannot all be deployed:"
                    f" {len(radii)} Characters, but its {table.width:g}\" x {depth:g}\""
                    f" deployment zone has room for only {room} of them; field a smaller"
                    " list, or a deeper zone (option deployment_depth)")
    return None


def placement_problem(st: ArcState, side: int, choice: Any) -> str | None:
    """Why a placement is not legal (arcworlde.setup.deployment), or None if it is: the base
    must lie wholly in the side's deployment zone, on the table, off impassable terrain and
    clear of every base already placed."""
    # (the fields are read through ``given``, which isinstance does not narrow: compiled, a
    # read through the narrowed ``choice`` checks its declared type and would raise on a
    # hand-edited record's 0.5 or "0" instead of refusing it)
    given: Any = choice
    if not isinstance(choice, C.Place) or type(given.uid) is not int:
        return "not a placement"
    uid: int = given.uid
    if not 0 <= uid < len(st.chars):
        return f"no Character number {uid}"
    ch = st.chars[uid]
    if ch.side != side:
        return f"{ch.name} is not yours to place"
    if ch.deployed:
        return f"{ch.name} is already on the table"
    x, y = given.x, given.y
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
               for v in (x, y)):
        return "not a point on the table"
    if not st.table.on_table(x, y, ch.r):
        return f"({x:g}, {y:g}) is off the table for a {2 * ch.r:.2g}\" base"
    if not in_zone(st, side, x, y, ch.r):
        x0, y0, x1, y1 = zone_rect(st.table, side, _depth(st))
        where = f"y from {y0 + ch.r:.2f} to {y1 - ch.r:.2f}"
        if side > 1:
            where = f"x from {x0 + ch.r:.2f} to {x1 - ch.r:.2f} and {where}"
        return (f"({x:g}, {y:g}) is outside your deployment zone: {ch.name}'s base centre must"
                f" have {where}")
    if st.table.in_impassable(x, y, ch.r):
        return f"({x:g}, {y:g}) is on impassable terrain"
    for other in st.chars:
        if (other.deployed and not other.ko and not other.aboard
                and st.table.fits(x, y, ch.r, [other.base]) is False):
            return f"({x:g}, {y:g}) overlaps the base of {other.name}"
    return None


def _placement_ok(st: ArcState, side: int, choice: Any) -> bool:
    return placement_problem(st, side, choice) is None


def carry_rider(st: ArcState, mount: Character) -> None:
    """A Monstrous Mount's rider is where its mount is (arcworlde.trait.monstrous_mount)."""
    if mount.rider_uid is None:
        return
    rider = st.chars[mount.rider_uid]
    if rider.mount_uid == mount.uid and not rider.ko:
        rider.x, rider.y, rider.deployed = mount.x, mount.y, mount.deployed


def deployment(st: ArcState) -> Steps:
    """Roll off; the winner picks whether to deploy first (if not, the next in the roll-off
    deploys first); then players take turns placing one Character at a time, in the roll-off
    order from the first, until all are placed (arcworlde.setup.sequence)."""
    order = roll_off(st, "deployment_roll")
    winner = order[0]
    pick = yield Decision(
        "deploy_order", winner, [C.DeployOrder(True), C.DeployOrder(False)],
        prompt="You won the deployment roll-off: deploy first?",
    )
    first = winner if pick.first else order[1]
    st.log.emit("deploy_order", first=st.side_labels[first])
    start = order.index(first)
    cycle = order[start:] + order[:start]

    def after(player: int) -> int:
        return cycle[(cycle.index(player) + 1) % len(cycle)]

    turn = first

    def to_place(c: Character) -> bool:
        # Knocked Out here: there was no room for it; held back: a Spell summons it later
        # a rider goes where its Monstrous Mount is placed
        return (not c.deployed and not c.ko and not c.held and c.side != st.arriving
                and not c.aboard)

    while True:
        at = cycle.index(turn)
        waiting = [p for p in cycle[at:] + cycle[:at]
                   if any(to_place(c) for c in st.chars if c.side == p)]
        if not waiting:
            break
        player = waiting[0]
        options: list[C.Place] = []
        clear: dict[float, Sequence[bool]] = {}
        for c in st.chars:
            if c.side == player and to_place(c):
                options.extend(deployment_places(st, c, clear))
        if not options:
            # No room left in the zone (an enormous list): place nothing more.
            left = [c for c in st.chars if c.side == player and to_place(c)]
            st.log.emit("no_room", side=st.side_labels[player], who=[c.name for c in left])
            for c in left:
                c.ko = True
            turn = after(player)
            continue
        choice = yield Decision(
            "deploy", player, options, prompt="Place a Character in your deployment zone",
            accepts=functools.partial(_placement_ok, st, player),
            why_not=functools.partial(placement_problem, st, player),
        )
        ch = st.chars[choice.uid]
        ch.x, ch.y, ch.deployed = float(choice.x), float(choice.y), True
        st.log.emit("deploy", who=ch.name, at=[round(ch.x, 2), round(ch.y, 2)])
        carry_rider(st, ch)
        turn = after(player)
