"""Moving units: Move, Run, entering the table, charges, fleeing, and move candidates.

Rule ids: ``raiders.core.movement_formation``, ``raiders.action.move``, ``raiders.action.run``,
``raiders.action.charge``, ``raiders.action.counter_charge``, ``raiders.action.flee``,
``raiders.terrain.narrow_gap``, ``raiders.terrain.modifiers``,
``raiders.scenario.meeting_engagement``, ``raiders.ability.scouts``.

A move names a destination for the leader; the leader follows the shortest path round
impassable terrain as far as the allowance goes (difficult terrain costs double: the house
reading of the unpublished terrain modifiers) and the rest of the unit forms up around it, so
the unit moves as its formation (a circle about the leader) and stops on touching another unit.

* Narrow gaps (raiders.terrain.narrow_gap): where the formed unit cannot pass a gap that its
  figures can, and the way through the gap is the shorter one, the unit files through: each
  inch where its formation does not fit costs two, it cannot stop in the gap, and it must
  reform complete beyond it. It cannot do so while engaged (in contact with an enemy unit).
* Entering the table (raiders.scenario.meeting_engagement): a unit off the table enters by a
  Move or Run measured from its own table edge; its leader may end anywhere within its
  allowance of that edge (the formation wholly on the table). Scouts may also come on from a
  side edge, outside the enemy's deployment area (raiders.ability.scouts).
* Charges (raiders.action.charge, our reading of the undefined contact geometry): the charger
  moves up to its standard move toward the target and fights if the formations touch; when
  counter-charged both move toward each other, each up to its own standard move.
* Fleeing (raiders.action.flee): a standard move directly away from the unit that caused it;
  a unit whose leader would leave the table is gone for good (counted as destroyed).
"""

from __future__ import annotations

import math
from itertools import chain
from math import hypot
from typing import Any

from warband.core.geometry import CONTACT, Base, Inches, MoveFields, MoveResult
from warband.core.values import rounded
from warband.kit.table import spread_out
from warband.rulesets.raiders.choices import Point
from warband.rulesets.raiders.state import RaidersReader, RaidersState, Unit

#: :meth:`Table.in_impassable`'s tolerance: a base is in the terrain when its clearance is
#: below its radius less this
_IMPASSABLE_EPS = 1e-9

__all__ = [
    "can_enter",
    "charge_move",
    "enter_table",
    "entry_candidates",
    "entry_ok",
    "entry_start",
    "flee",
    "in_reach",
    "is_point",
    "move_aims",
    "move_candidates",
    "move_menu",
    "move_unit",
    "path_length",
    "reachable_end",
    "real_move",
]


def is_point(choice: Any) -> bool:
    """Free-form destinations are legal anywhere (the path decides where the unit ends)."""
    # (the fields are read through ``given``, which isinstance does not narrow: compiled, a
    # read through the narrowed ``choice`` checks the declared float and would raise on a
    # hand-made Point's string instead of refusing it, as ArcWorlde's is_move does)
    given: Any = choice
    return (
        isinstance(choice, Point)
        and isinstance(given.x, int | float) and isinstance(given.y, int | float)
        and not isinstance(given.x, bool) and not isinstance(given.y, bool)
        and math.isfinite(given.x) and math.isfinite(given.y)
    )


def path_length(route: list[tuple[float, float]]) -> float:
    return sum(math.dist(a, b) for a, b in zip(route, route[1:], strict=False))


def _blocking(st: RaidersReader, u: Unit, ignore: Unit | None = None) -> tuple[list[Unit], list[Base]]:
    # (o.on_table read inline: asked for every move, entry and menu)
    others = [o for o in st.units
              if o.deployed and not o.destroyed and o is not u and o is not ignore]
    return others, [o.base for o in others]


def _emit_move(st: RaidersState, u: Unit, kind: str, start: tuple[float, float],
               travelled: float, allowance: Inches, squeezed: bool = False,
               stopped: str | None = None) -> None:
    if not st.log.enabled:
        return  # nobody reads it: spare the rounding (rules never read the log)
    extra = {"stopped": stopped} if stopped is not None else {}
    st.log.emit(
        "move", who=u.name, kind=kind, frm=[round(start[0], 2), round(start[1], 2)],
        to=[round(u.x, 2), round(u.y, 2)], inches=round(travelled, 2),
        allowance=round(allowance, 2), squeezed=squeezed, **extra,
    )


def _why_short(st: RaidersReader, u: Unit, start: tuple[float, float], goal: tuple[float, float],
               res: MoveResult, allowance: float) -> str | None:
    """Why a Move or Run ended short of its destination (None if it got there), for the
    narration: another unit touched, no room for the formation there, no way through, or
    the allowance used up (difficult ground costing double)."""
    if math.dist((res.x, res.y), goal) < 0.05:
        return None
    others, _ = _blocking(st, u)
    if res.contact:
        return f"stopped on touching {others[res.contact[0]].name}"
    if not st.table.on_table(goal[0], goal[1], u.radius):
        return "the destination is off the table for its formation"
    if st.table.in_impassable(goal[0], goal[1], u.radius):
        return "no room for its formation at the destination (impassable terrain)"
    way = _still_to_go(st, start, goal, u.radius)
    if math.isinf(way):
        return "no way through the terrain for its formation"
    if way <= allowance + 1e-6:
        return "its allowance ran out (difficult ground costs double)"
    return f"its allowance ran out ({way:.1f}\" to go, {allowance:g}\" allowed)"


def _still_to_go(st: RaidersReader, at: tuple[float, float], goal: tuple[float, float],
                 r: float) -> float:
    """Length of the way on to ``goal`` for a base of radius ``r`` (infinite if none)."""
    route = st.table.path(at, goal, r)
    if math.dist(route[-1], st.table.clamp(goal[0], goal[1], r)) > 0.05:
        return math.inf
    return path_length(route)


def _standing_room(st: RaidersReader, u: Unit, start: tuple[float, float],
                   goal: tuple[float, float]) -> tuple[float, float]:
    """The goal, or if the formed unit cannot stand there (in or between impassable terrain),
    the nearest point short of it on the way back to ``start`` where it can."""
    r = u.radius
    short = r - _IMPASSABLE_EPS  # in_impassable: clearance below this
    clearance = st.table.impassable_clearance(goal[0], goal[1], r)
    if not clearance < short:
        return goal
    d = math.dist(start, goal)
    steps = max(1, int(d / 0.25))
    step = d / steps
    # Skip ahead: the clearance grows by at most the distance walked, so the steps closer
    # than the clearance still missing (less a hair for rounding) cannot be clear; the first
    # clear step is the one testing every step finds.
    i = _steps_to_clear(short - clearance, step)
    while i <= steps:
        t = i / steps
        q = (goal[0] + (start[0] - goal[0]) * t, goal[1] + (start[1] - goal[1]) * t)
        clearance = st.table.impassable_clearance(q[0], q[1], r)
        if not clearance < short:
            return q
        i += _steps_to_clear(short - clearance, step)
    return start


def _steps_to_clear(missing: float, step: float) -> int:
    """How many steps of ``step`` inches at least before ``missing`` inches of clearance can
    be made up (at least one)."""
    if step <= 0:
        return 1
    return max(1, math.ceil((missing - 1e-9) / step))


def _squeeze_point(st: RaidersState, u: Unit, route: list[tuple[float, float]],
                   allowance: float) -> tuple[float, float] | None:
    """Walk the figures' route: full rate where the formation fits, half rate where it does
    not (the gap), never stopping inside a gap. Returns where the move ends, or None if the
    unit does not get through a gap with this allowance."""
    step = 0.25
    budget = allowance
    last_formed: tuple[float, float] | None = route[0]
    through = False
    pos = route[0]
    for a, b in zip(route, route[1:], strict=False):
        seg = math.dist(a, b)
        n = max(1, int(seg / step))
        for i in range(1, n + 1):
            q = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
            fits = not st.table.in_impassable(q[0], q[1], u.radius)
            cost = seg / n * (1.0 if fits else 2.0)
            if cost > budget + 1e-9:
                return last_formed if through else None
            budget -= cost
            pos = q
            if fits:
                last_formed = q
            else:
                through = True
                last_formed = None
        if last_formed is None and pos == route[-1]:
            return None
    return pos if through and last_formed is not None else None


def _formed_move(st: RaidersState, u: Unit, goal: tuple[float, float], allowance: float,
                 ignore: Unit | None = None) -> tuple[MoveResult, bool]:
    """Move the formed unit, filing through a narrow gap where that gets it further along
    (raiders.terrain.narrow_gap). Returns the result and whether it filed through a gap."""
    others, bases = _blocking(st, u, ignore)
    start = (u.x, u.y)
    formed = st.table.move(start, _standing_room(st, u, start, goal), u.radius, allowance, bases)
    if u.figures <= 1 or math.dist(start, goal) < 1e-6:
        return formed, False
    formed_route = st.table.path(start, goal, u.radius)
    if len(formed_route) == 2 or st.engaged_with(u):
        return formed, False  # a straight way (or engaged): no gap to file through
    narrow_route = st.table.path(start, goal, u.r)
    if len(narrow_route) < 2 or (
        len(formed_route) > 1 and path_length(formed_route) <= path_length(narrow_route) + 0.5
    ):
        return formed, False  # the way round is no longer than the way through
    stop = _squeeze_point(st, u, narrow_route, allowance)
    if stop is None:
        return formed, False
    filed = st.table.move(start, stop, u.r, allowance, bases)
    if not st.table.fits(filed.x, filed.y, u.radius, bases):
        return formed, False
    rest_filed = _still_to_go(st, (filed.x, filed.y), goal, u.r)
    rest_formed = _still_to_go(st, (formed.x, formed.y), goal, u.radius)
    if rest_filed + 1e-6 >= rest_formed:
        return formed, False
    return filed, True


def move_unit(st: RaidersState, u: Unit, goal: tuple[float, float], allowance: Inches,
              kind: str) -> MoveResult:
    """A Move or Run of a unit on the table (raiders.action.move, raiders.action.run)."""
    start = (u.x, u.y)
    inches = float(allowance)
    res, squeezed = _formed_move(st, u, goal, inches)
    # Why it stopped short is narration only: worked out only when the log is kept.
    why = _why_short(st, u, start, goal, res, inches) if st.log.enabled else None
    u.x, u.y = res.x, res.y
    _emit_move(st, u, kind, start, res.travelled, allowance, squeezed, why)
    return res


def entry_start(st: RaidersReader, u: Unit, goal: tuple[float, float]) -> tuple[float, float] | None:
    """Where the leader of an off-table unit comes on to reach ``goal``: the nearest point of
    an edge it may use, the formation just on the table. None if no edge it may use is near."""
    w, h, r = st.table.width, st.table.height, u.radius
    gx, gy = goal
    own = st.edges[u.side]
    options: list[tuple[float, tuple[float, float]]] = []
    own_y = r if own == 0 else h - r
    options.append((abs(gy - own_y), (min(max(gx, r), w - r), own_y)))
    if u.has("scouts"):
        depth = st.scenario.deployment_depth
        enemy_lo, enemy_hi = (h - depth, h) if own == 0 else (0.0, depth)
        y = min(max(gy, r), h - r)
        if not (enemy_lo - r < y < enemy_hi + r):
            options.append((abs(gx - r), (r, y)))
            options.append((abs(w - r - gx), (w - r, y)))
    options.sort()
    return options[0][1]


def entry_problem(st: RaidersReader, u: Unit, allowance: float, goal: Any) -> str | None:
    """Why a destination is not legal for a unit entering the table, or None if it is: it must
    lie within the unit's allowance of an edge it may use (raiders.movement.*), with room for
    the formation to come on there (not on impassable ground, not overlapping a unit)."""
    others, bases = _blocking(st, u)
    return _entry_problem(st, u, allowance, goal, others, bases)


def _entry_problem(st: RaidersReader, u: Unit, allowance: float, goal: Any, others: list[Unit],
                   bases: list[Base]) -> str | None:
    """:func:`entry_problem` with the other units on the table and their bases given (the
    same for every point of a menu)."""
    if not is_point(goal):
        return "not a point on the table"
    start = entry_start(st, u, (goal.x, goal.y))
    if start is None:
        return "no table edge this unit may enter by is near that point"
    reach = allowance - u.radius
    if math.dist(start, (goal.x, goal.y)) > reach + 1e-6:
        return (f"({goal.x:g}, {goal.y:g}) is out of range: {u.name} comes on at"
                f" ({start[0]:.1f}, {start[1]:.1f}) and reaches {max(reach, 0.0):.1f}\" from there")
    if st.table.in_impassable(start[0], start[1], u.radius):
        return f"the edge at ({start[0]:.1f}, {start[1]:.1f}) is impassable terrain"
    if st.table.fits(start[0], start[1], u.radius, bases):
        return None  # room for it among them all: no one unit can be in the way either
    for other, base in zip(others, bases, strict=True):
        if not st.table.fits(start[0], start[1], u.radius, [base]):
            return (f"no room to come on at ({start[0]:.1f}, {start[1]:.1f}): it overlaps"
                    f" {other.name}")
    return f"no room to come on at ({start[0]:.1f}, {start[1]:.1f})"  # pragma: no cover


def entry_ok(st: RaidersReader, u: Unit, allowance: float, goal: Any) -> bool:
    """A legal destination for a unit entering the table (:func:`entry_problem` finds none)."""
    return entry_problem(st, u, allowance, goal) is None


def enter_table(st: RaidersState, u: Unit, goal: tuple[float, float], allowance: Inches,
                kind: str) -> MoveResult:
    """Bring an off-table unit on, measured from the table edge."""
    start = entry_start(st, u, goal)
    assert start is not None
    _, bases = _blocking(st, u)
    if not st.table.fits(start[0], start[1], u.radius, bases):
        # Someone (a reacting enemy) has just moved onto the spot: the nearest free one on
        # the same edge, or it cannot come on this time.
        free = _free_entry(st, u, start, bases)
        if free is None:
            st.log.emit("no_entry", who=u.name, at=[round(start[0], 2), round(start[1], 2)])
            return MoveResult(u.x, u.y, 0.0, 0.0, (), True)
        start = free
    u.x, u.y = start
    u.deployed = True
    st.log.emit("enter", who=u.name, at=[round(start[0], 2), round(start[1], 2)])
    reach = max(0.0, float(allowance) - u.radius)
    res, squeezed = _formed_move(st, u, goal, reach)
    why = _why_short(st, u, start, goal, res, reach) if st.log.enabled else None
    u.x, u.y = res.x, res.y
    _emit_move(st, u, kind, start, res.travelled, allowance, squeezed, why)
    return res


def _free_entry(st: RaidersState, u: Unit, start: tuple[float, float],
                bases: list[Base]) -> tuple[float, float] | None:
    """The nearest point to ``start`` along the same table edge where ``u`` fits, if any."""
    w, h, r = st.table.width, st.table.height, u.radius
    along_x = abs(start[1] - r) < 1e-6 or abs(start[1] - (h - r)) < 1e-6
    lo, hi = (r, w - r) if along_x else (r, h - r)
    at = start[0] if along_x else start[1]
    step = 0.25
    for k in range(1, int((hi - lo) / step) + 2):
        for c in (at - k * step, at + k * step):
            if lo <= c <= hi:
                x, y = (c, start[1]) if along_x else (start[0], c)
                if st.table.fits(x, y, r, bases):
                    return (x, y)
    return None


def in_reach(view: RaidersReader, u: Unit, start: tuple[float, float], allowance: float,
             on_table: list[tuple[Unit, Base]] | None = None) -> tuple[Base, ...]:
    """The bases of the other units on the table that ``u`` could touch moving up to
    ``allowance`` inches from ``start``, in the table's order: a unit whose formation is more
    than the allowance plus both footprints (and an inch to spare) from ``start`` can neither
    stop the move nor be walked round, since the mover never gets further than its allowance
    from where it started. ``on_table``: every unit on the table with its base, in the
    table's order, if already at hand."""
    sx, sy = start
    reach = allowance + u.radius + 1.0
    if on_table is None:
        on_table = [(o, o.base) for o in view.units if o.on_table]
    return tuple(b for o, b in on_table
                 if o is not u and hypot(b.x - sx, b.y - sy) <= reach + b.r)


def real_move(view: RaidersReader, u: Unit, start: tuple[float, float], goal: tuple[float, float],
              allowance: float, near: tuple[Base, ...]) -> MoveResult:
    """Where ``u`` really gets moving from ``start`` toward ``goal`` (paths round terrain,
    the units ``near`` it in the way: :func:`in_reach`), as :meth:`Table.move` says,
    remembered on the table (:meth:`~warband.core.geometry.Table.memo`) so that the same
    question asked at the next activation, or in the next game, is not worked out again.

    The answer is the one :meth:`Table.move` gives with every other unit on the table
    (``tests/rulesets/raiders/test_raiders_speed.py`` checks it), apart from the indices in
    ``contact``, which count the units passed.

    Key and answer are kept as plain tuples of numbers (the bases' x, y, r in a row; the
    result's fields), which the garbage collector stops tracking: the memo lives as long as
    the table, across games, and tracked entries cost every full collection a walk over them
    (docs/performance.md, Raiders, issue 16 session 8)."""
    key = (start[0], start[1], goal[0], goal[1], u.radius, allowance, *chain.from_iterable(near))
    moves = view.table.memo("raiders.ai.real_move")  # (its name from when only the AI kept it)
    kept: MoveFields | None = moves.get(key)
    if kept is not None:
        return MoveResult(*kept)
    end: MoveResult = view.table.move(start, goal, u.radius, allowance, near)
    moves[key] = end.fields()
    return end


def charge_move(st: RaidersState, u: Unit, target: Unit, allowance: Inches, kind: str) -> bool:
    """Move ``u`` up to ``allowance`` toward ``target``; True if the formations now touch."""
    if st.in_contact(u, target):
        st.log.emit("move", who=u.name, kind=kind, frm=[round(u.x, 2), round(u.y, 2)],
                    to=[round(u.x, 2), round(u.y, 2)], inches=0.0,
                    allowance=round(allowance, 2), squeezed=False)
        return True
    start = (u.x, u.y)
    inches = float(allowance)
    # :meth:`Table.move` with every other unit on the table, as :func:`real_move` gives it
    # from the units in reach (the same end, distance and cost; only ``contact``, unread
    # here, counts other bases): the charger's heuristic has mostly asked the same move
    # while weighing the charge, and finds it kept on the table.
    res = real_move(st, u, start, (target.x, target.y), inches, in_reach(st, u, start, inches))
    u.x, u.y = res.x, res.y
    _emit_move(st, u, kind, start, res.travelled, allowance)
    return st.gap(u, target) <= CONTACT


def flee(st: RaidersState, u: Unit, away_from: Unit | None) -> None:
    """A flee: a standard move directly away from ``away_from`` (raiders.action.flee).
    Leaving the table destroys the unit (our reading)."""
    if not u.on_table:
        return
    if away_from is not None and (away_from.x, away_from.y) != (u.x, u.y):
        dx, dy = u.x - away_from.x, u.y - away_from.y
    else:  # nobody to flee from: head for the own table edge
        dx, dy = 0.0, st.edge_y(u.side) - u.y
    d = hypot(dx, dy) or 1.0
    gx, gy = u.x + dx / d * u.move, u.y + dy / d * u.move
    st.log.emit("flee", who=u.name, away_from=away_from.name if away_from else None)
    if not (0 <= gx <= st.table.width and 0 <= gy <= st.table.height):
        u.destroyed = True
        st.log.emit("fled_off", who=u.name)
        return
    start = (u.x, u.y)
    _, bases = _blocking(st, u)
    res = st.table.move(start, (gx, gy), u.radius, u.move, bases)
    u.x, u.y = res.x, res.y
    u.ready = u.aimed = False
    if u.palisade is not None:
        u.palisade_lost = True
    _emit_move(st, u, "flee", start, res.travelled, u.move)


def move_candidates(st: RaidersReader, u: Unit, allowance: float) -> list[Point]:
    """Suggested destinations for a Move or Run of up to ``allowance`` inches: up to an inch
    short of each of the nearest enemy units, forward, away from the nearest enemy, to the
    sides, into nearby cover or onto high ground, and back toward the Lead Retinue; each one
    where a move toward it really ends (:func:`_reachable_end`), so none lies in impassable
    terrain or beyond reach. Any other point is legal too; these are what the AIs choose among.
    The :class:`Point` choices of :func:`move_menu`."""
    return [Point(x, y, label) for x, y, label in move_menu(st, u, allowance)]


#: a Move/Run menu's destination as kept: where it ends and its label
MenuEnd = tuple[float, float, str]


def move_menu(st: RaidersReader, u: Unit, allowance: float) -> tuple[MenuEnd, ...]:
    """:func:`move_candidates` as plain (x, y, label) tuples, in its order (the AI reads
    these, without a choice made per destination): the menu of a Move or a Run
    (raiders.action.move, raiders.action.run).

    The menu is a pure function of the table and of what it is built from (the unit's place,
    footprint and side, its four nearest enemies, its Lead Retinue), so it is kept on the table
    (:meth:`~warband.core.geometry.Table.memo`) under exactly those inputs: units stand still
    most of the time, and an AI weighs the same menus again at every activation."""
    key, enemies, lead = _menu_inputs(st, u, allowance)
    # Kept as plain (x, y, label) tuples, which the garbage collector stops tracking (the
    # memo lives as long as the table, across games: tracked Points in it made every full
    # collection walk them).
    menus = st.table.memo("raiders.move_candidates")
    kept: tuple[MenuEnd, ...] | None = menus.get(key)
    if kept is None:
        kept = menus[key] = tuple([(end.x, end.y, end.label)
                                   for end in _move_menu(st, u, allowance, enemies, lead)])
    return kept


def move_aims(st: RaidersReader, u: Unit, allowance: float) -> tuple[MenuEnd, ...]:
    """The points :func:`move_menu`'s Moves head for, before the terrain says where each
    ends (:func:`reachable_end`), in the menu's order and spread out as it spreads them: a
    cheap pure helper for an AI that scores the aims by straight line and asks the terrain
    only about the best few (the default heuristic). Kept on the table under :func:`move_menu`'s
    key (the same inputs)."""
    key, enemies, lead = _menu_inputs(st, u, allowance)
    memo = st.table.memo("raiders.move_aims")
    kept: tuple[MenuEnd, ...] | None = memo.get(key)
    if kept is None:
        kept = memo[key] = tuple([(p.x, p.y, p.label)
                                  for p in spread_out(_menu_aims(st, u, allowance, enemies, lead))])
    return kept


def _menu_inputs(st: RaidersReader, u: Unit,
                 allowance: float) -> tuple[tuple[Any, ...], list[Unit], Unit | None]:
    """What :func:`move_menu` is built from: its key on the table, ``u``'s four nearest
    enemies (nearest first) and its Lead Retinue if that is another unit more than 10" away."""
    ux, uy = u.x, u.y
    hypot = math.hypot
    # (st.leader_distance(u, e), the same expression)
    enemies = sorted(st.enemies_of(u), key=lambda e: hypot(e.x - ux, e.y - uy))[:4]
    lead = st.lead_retinue(u.side)
    if lead is None or lead is u or st.leader_distance(u, lead) <= 10:
        lead = None
    key = (ux, uy, u.radius, allowance, st.edges[u.side],
           tuple([(e.name, e.x, e.y, e.radius) for e in enemies]),
           None if lead is None else (lead.name, lead.x, lead.y))
    return key, enemies, lead


class _Aim:
    """A point a menu's Move or Run heads for, or where it really ends (:func:`_move_menu`;
    the ends become :class:`Point` choices only when the rules offer them). A class of its
    own, not a Point: the menus make thousands a game, and a choice's ``__init__``, made by
    ``dataclass``, is a Python call per field (the compiled build compiles this one)."""

    __slots__ = ("x", "y", "label")

    def __init__(self, x: float, y: float, label: str) -> None:
        self.x = x
        self.y = y
        self.label = label


def _move_menu(st: RaidersReader, u: Unit, allowance: float, enemies: list[Unit],
               lead: Unit | None) -> list[_Aim]:
    """:func:`move_candidates` worked out (``enemies``: the nearest four, nearest first;
    ``lead``: the Lead Retinue if it is another unit more than 10" away)."""
    # Where a move toward each aim ends, kept on the table (the same places recur in menus
    # built for other neighbours): :func:`reachable_end`.
    reached: list[_Aim] = []
    for p in spread_out(_menu_aims(st, u, allowance, enemies, lead)):
        end = reachable_end(st, u, (p.x, p.y), allowance)
        if end is not None:
            reached.append(_Aim(end[0], end[1], p.label))
    out = spread_out(reached)
    # Hemmed in by terrain: it can only stay where it is (the menu is never empty).
    return out or [_Aim(rounded(u.x, 3), rounded(u.y, 3), "stay where it is")]


def _menu_aims(st: RaidersReader, u: Unit, allowance: float, enemies: list[Unit],
               lead: Unit | None) -> list[_Aim]:
    """The points a menu's Moves head for (:func:`_move_menu`), before they are spread out."""
    table = st.table
    clamp = table.clamp
    r = u.radius
    ux, uy = u.x, u.y

    def pt(x: float, y: float, label: str) -> _Aim:
        # the aim clamped onto the table for the formation, rounded
        cx, cy = clamp(x, y, r)
        return _Aim(rounded(cx, 2), rounded(cy, 2), label)

    pts: list[_Aim] = []
    for e in enemies:
        d = hypot(e.x - ux, e.y - uy)  # st.leader_distance(u, e)
        stop = e.radius + r + 1.0
        if d > stop:
            t = min(1.0, (d - stop) / d)
            pts.append(pt(ux + (e.x - ux) * t, uy + (e.y - uy) * t, f"toward {e.name}"))
    forward = 1.0 if st.edges[u.side] == 0 else -1.0
    pts.append(pt(ux, uy + forward * allowance, "forward"))
    pts.append(pt(ux - allowance, uy, "to the left flank"))
    pts.append(pt(ux + allowance, uy, "to the right flank"))
    if enemies:
        near = enemies[0]
        dx, dy = ux - near.x, uy - near.y
        d = hypot(dx, dy) or 1.0
        pts.append(pt(ux + dx / d * allowance, uy + dy / d * allowance, f"away from {near.name}"))
    for name, cx, cy, raised in st.landmarks:
        if hypot(cx - ux, cy - uy) <= allowance + 4:
            pts.append(pt(cx, cy, f"{'onto' if raised else 'into'} {name}"))
    if lead is not None:
        pts.append(pt(lead.x, lead.y, f"toward {lead.name}"))
    return pts


def reachable_end(st: RaidersReader, u: Unit, aim: tuple[float, float],
                  allowance: float) -> tuple[float, float] | None:
    """:func:`_reachable_end`, kept on the table under everything it reads: the unit's place
    and footprint, the aim and the allowance (the terrain is the table's own)."""
    ends = st.table.memo("raiders.reachable")
    key = (u.x, u.y, u.radius, aim[0], aim[1], allowance)
    found: tuple[float, float] | None
    kept = ends.get(key, False)
    if kept is False:
        found = ends[key] = _reachable_end(st, u, aim, allowance)
    else:
        found = kept
    return found


def _reachable_end(st: RaidersReader, u: Unit, aim: tuple[float, float],
                   allowance: float) -> tuple[float, float] | None:
    """Where a Move or Run of the formed unit toward ``aim`` ends as the terrain allows (short
    of impassable terrain it cannot stand in, round terrain in the way, difficult ground
    costing double, within the allowance), so that the menu offers only places the unit can
    reach; None if it would hardly move."""
    start = (u.x, u.y)
    goal = _standing_room(st, u, start, aim)
    # Terrain decides what is reachable; units in the way are not weighed (they move: a unit
    # met on the way is walked round or stops the move on touching, and the narration says
    # so), which keeps the answer pure and cached for the many menus an AI weighs.
    end: tuple[float, float] = st.table.terrain_reach(start, goal, u.radius, allowance)
    if math.dist(start, end) < 0.25:
        return None
    x, y = rounded(end[0], 3), rounded(end[1], 3)
    if st.table.in_impassable(x, y, u.radius):
        return end  # rounding would nudge it into the terrain it stopped against
    return (x, y)


def entry_candidates(st: RaidersReader, u: Unit, allowance: float) -> list[Point]:
    """Suggested destinations for a unit entering the table: five points along its own edge
    (and, for Scouts, points in from the side edges), each as deep as the allowance goes,
    those legal now (:func:`entry_problem`: the points' terrain tests are kept on the table,
    :func:`_entry_starts`; only the units in the way are tested afresh)."""
    starts = _entry_starts(st, u, allowance)
    if not starts:
        return []
    _, bases = _blocking(st, u)
    fits, r = st.table.fits, u.radius
    return [p for p, (x, y) in starts if fits(x, y, r, bases)]


def can_enter(st: RaidersReader, u: Unit, allowance: float) -> bool:
    """Whether :func:`entry_candidates` offers anything: its points are tested in its order
    only until one has room (who may act asks this for every unit off the table, at every
    activation)."""
    starts = _entry_starts(st, u, allowance)
    if not starts:
        return False
    _, bases = _blocking(st, u)
    fits, r = st.table.fits, u.radius
    return any(fits(x, y, r, bases) for _, (x, y) in starts)


def _entry_starts(st: RaidersReader, u: Unit, allowance: float) -> list[tuple[Point, tuple[float, float]]]:
    """The entry menu's points legal on an empty table, each with where the leader comes on
    for it (:func:`entry_start`), in the menu's order. A point is legal with other units on
    the table exactly when it is legal on an empty one and the formation fits among them at
    that start (:func:`_entry_problem` tests them in that order, :meth:`Table.fits` adding
    the bases to the same tests), so the menu is these points whose start has room. Kept on
    the table under everything the points and their terrain tests read (the unit's edge,
    footprint and Scouts, the deployment depth, the allowance)."""
    key = (st.edges[u.side], u.radius, u.has("scouts"), st.scenario.deployment_depth, allowance)
    memo = st.table.memo("raiders.entry_starts")
    found: list[tuple[Point, tuple[float, float]]] | None = memo.get(key)
    if found is None:
        found = []
        for p in _entry_points(st, u, allowance):
            start = entry_start(st, u, (p.x, p.y))
            if start is not None and _entry_problem(st, u, allowance, p, [], []) is None:
                found.append((p, start))
        memo[key] = found
    return found


def _entry_points(st: RaidersReader, u: Unit, allowance: float) -> list[Point]:
    """The entry menu's points before their legality is tested."""
    w, h = st.table.width, st.table.height
    depth = max(0.0, allowance - u.radius)
    own = st.edges[u.side]
    inward = 1.0 if own == 0 else -1.0
    edge_y = u.radius if own == 0 else h - u.radius
    pts = [Point(round(w * k / 6, 2), round(edge_y + inward * depth, 2), "onto the table")
           for k in range(1, 6)]
    if u.has("scouts"):
        for y in (h * 0.4, h * 0.6):
            pts.append(Point(round(u.radius + depth, 2), round(y, 2), "on from the left edge"))
            pts.append(Point(round(w - u.radius - depth, 2), round(y, 2), "on from the right edge"))
    return pts
