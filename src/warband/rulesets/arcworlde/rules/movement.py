"""Movement: free movement, Legging It, Charging, terrain, Fleeing, and move candidates.

Rule ids: ``arcworlde.action.free_move``, ``arcworlde.action.leg_it``,
``arcworlde.action.charge``, ``arcworlde.terrain.movement_effects``,
``arcworlde.morale.broken_flee``, ``arcworlde.combat.engagement``.

A move is a goal point: the Character follows the shortest path round impassable terrain toward
it, as far as its allowance goes (difficult terrain costs double), and stops on touching any
other base. Moving toward an enemy therefore ends in base contact when the allowance suffices.
"""

from __future__ import annotations

import math
from typing import Any

from warband.core.geometry import Base, Inches, MoveResult, Table
from warband.kit.table import kept_menu, spread_out
from warband.rulesets.arcworlde.choices import Move
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "Surroundings", "do_move", "flee", "flee_goal", "is_move",
    "move_candidates", "simulate_move", "surroundings",
]


def is_move(choice: Any) -> bool:
    """Free-form Move choices are legal anywhere (the path decides where the model ends)."""
    # (the fields are read through ``given``, which isinstance does not narrow: compiled, a
    # read through the narrowed ``choice`` checks the declared float and would raise on a
    # hand-edited record's string instead of refusing it)
    given: Any = choice
    return (
        isinstance(choice, Move)
        and isinstance(given.x, int | float) and isinstance(given.y, int | float)
        and math.isfinite(given.x) and math.isfinite(given.y)
    )


#: the other Characters on the table, their bases, and whether each one stops a move
Surroundings = tuple[list[Character], list[Base], list[bool]]


def surroundings(st: Any, ch: Character) -> Surroundings:
    """What a move of ``ch`` must reckon with; an AI weighing many moves of one Character
    from one position computes it once and passes it to :func:`simulate_move`."""
    others: list[Character] = st.blocker_chars(ch)  # (typed: compiled, fields read directly)
    side = ch.side
    # the bases of ``others`` (st.blockers(ch), without a second pass over the table; each
    # Character keeps its ``base`` up to date as it moves)
    return others, [c.base for c in others], [c.side != side for c in others]


def simulate_move(
    st: Any, ch: Character, goal: tuple[float, float], allowance: float,
    around: Surroundings | None = None,
) -> tuple[MoveResult, list[Character]]:
    """Where a move of ``ch`` toward ``goal`` would end, changing nothing (the AIs use it to
    look ahead; ``st`` may be a view). Friends in the way are walked round; touching an
    enemy ends the move there, Engaged (arcworlde.combat.engagement). Returns the result and
    the other Characters, indexed as ``result.contact`` is. ``around`` is
    :func:`surroundings` of ``ch`` where already known (nobody has moved since)."""
    others, bases, stops = around if around is not None else surroundings(st, ch)
    table: Table = st.table  # (typed: compiled, ``table.move`` is a direct call)
    res = table.move(
        (ch.x, ch.y), goal, ch.r, allowance, bases, fly="fly" in ch.traits, stop_at=stops,
    )
    return res, others


def do_move(
    st: ArcState, ch: Character, goal: tuple[float, float], allowance: Inches, kind: str
) -> tuple[MoveResult, list[Character]]:
    """Move ``ch`` toward ``goal``; returns the result and the enemies now in base contact.
    A rider aboard its Monstrous Mount does not move by itself: the mount carries it.
    ``allowance`` (inches) is written into the ``move`` event as given (:class:`Inches`): a
    Movement stat is an int (the event says ``4``), a Leg It roll or a Spell's distance may be
    a float."""
    if ch.aboard:
        return MoveResult(ch.x, ch.y, 0.0, 0.0, (), True), []
    res, others = simulate_move(st, ch, goal, float(allowance))
    start = (ch.x, ch.y)
    ch.x, ch.y = res.x, res.y
    touched = [others[i] for i in res.contact]
    # a rider on a touched Monstrous Mount is touched too (it shares the mount's base)
    touched += [st.chars[c.rider_uid] for c in touched
                if c.rider_uid is not None and st.chars[c.rider_uid].aboard]
    enemies = [c for c in touched if c.side != ch.side]
    if st.log.enabled:  # (the simulator plays with the log off: no rounding for nobody)
        st.log.emit(
            "move", who=ch.name, kind=kind, frm=[round(start[0], 2), round(start[1], 2)],
            to=[round(ch.x, 2), round(ch.y, 2)], inches=round(res.travelled, 2),
            allowance=round(allowance, 2),
        )
    if enemies:
        st.log.emit("engage", who=ch.name, enemies=[e.name for e in enemies])
    if ch.rider_uid is not None:  # the rider of a Monstrous Mount goes with it
        from warband.rulesets.arcworlde.rules.setup import carry_rider

        carry_rider(st, ch)
        rider = st.chars[ch.rider_uid]
        if enemies and rider.aboard:
            st.log.emit("engage", who=rider.name, enemies=[e.name for e in enemies])
    if st.forest is not None:
        from warband.rulesets.arcworlde.rules.forest import forest_after_move

        forest_after_move(st, ch)
    if "fearsome" in ch.traits:
        from warband.rulesets.arcworlde.rules.creatures import fearsome_after_move

        fearsome_after_move(st, ch)
    return res, enemies


def move_candidates(st: Any, ch: Character, allowance: float) -> list[Move]:
    """Suggested goals for a move of up to ``allowance`` inches: toward each enemy, each
    objective, the nearest cover, away from the nearest enemy, and toward the friendly
    Commander. Any other point is legal too; these are the options AIs choose among.

    The menu is a pure function of the table and of what it is built from (the mover's place,
    base, side and allowance; the enemies' and friendly Commanders' names and places; the
    objectives, Tokens, Items and the forest's finds), so it is kept on the table
    (:meth:`~warband.core.geometry.Table.memo`) under exactly those inputs: a Character that
    shoots is offered the same moves again, and the games of one match-up open alike (about
    half the menus of a heuristic game were built before)."""
    side = ch.side
    chars: list[Character] = st.chars
    enemies = [e for e in chars if e.side != side and e.on_table]
    commanders = [f for f in chars
                  if f.on_table and f.side == side and f.commander and f is not ch]
    forest = st.forest
    # (one flat tuple: each list's length, then its entries' fields in a row; built faster
    # than a tuple per entry, and as exact: the lengths say where each list ends)
    key: list[Any] = [ch.x, ch.y, ch.r, allowance, len(enemies)]
    for e in enemies:
        key += (e.name, e.x, e.y)
    key.append(len(commanders))
    for f in commanders:
        key += (f.name, f.x, f.y)
    objectives = st.scenario.objectives
    key.append(len(objectives))
    for o in objectives:
        key += (o.name, o.x, o.y)
    key.append(len(st.tokens))
    key += st.tokens
    key.append(len(st.items))
    key += st.items
    if forest is not None:
        key += (len(forest["cache"]), *forest["cache"], len(forest["portals"]),
                *forest["portals"], forest["artefact"], forest["bush"])
    return kept_menu(st.table, "arcworlde.move_candidates", tuple(key),
                     lambda: _move_menu(st, ch, allowance, enemies, commanders))


def _move_menu(st: Any, ch: Character, allowance: float, enemies: list[Character],
               commanders: list[Character]) -> list[Move]:
    """:func:`move_candidates` worked out (``enemies``: on the table, in the state's order;
    ``commanders``: the friendly Commanders on the table but ``ch``)."""
    # a goal at a thing's place is the same Move in every menu while the thing stays put:
    # kept on the table under the exact place and the label (a Move is frozen)
    goals: dict[tuple[float, float, str], Move] = st.table.memo("arcworlde.move_goals")

    def goal(x: float, y: float, label: str) -> Move:
        move = goals.get((x, y, label))
        if move is None:
            move = goals[(x, y, label)] = Move(round(x, 3), round(y, 3), label)
        return move

    moves: list[Move] = [goal(e.x, e.y, "toward " + e.name) for e in enemies]
    # an objective's goal, at its exact place (not rounded), is the same Move in every menu:
    # kept on the table too, in a memo of its own (so that it never meets a rounded goal)
    marks: dict[tuple[float, float, str], Move] = st.table.memo("arcworlde.move_objectives")
    for obj in st.scenario.objectives:
        mark = marks.get((obj.x, obj.y, obj.name))
        if mark is None:
            mark = marks[(obj.x, obj.y, obj.name)] = Move(obj.x, obj.y, f"to {obj.name}")
        moves.append(mark)
    # things to pick up: Arcanite Tokens, Items, the forest's finds (rules/arcanite.py,
    # rules/items.py, rules/forest.py)
    for x, y, _ in st.tokens:
        moves.append(goal(x, y, "to an Arcanite Token"))
    for x, y, _ in st.items:
        moves.append(goal(x, y, "to an Item"))
    forest = st.forest
    if forest is not None:
        finds = [*forest["cache"], *forest["portals"]]
        if forest["artefact"] is not None:
            finds.append(forest["artefact"][:2])
        if forest["bush"] is not None:
            finds.append(forest["bush"])
        moves.extend(goal(x, y, "to the forest's find") for x, y in finds)
    reach = allowance + ch.r
    if st.table.cover_may_lie_within(ch.x, ch.y, reach):  # (the costly search skipped)
        cover = st.table.nearest_cover_point(ch.x, ch.y)
        if cover is not None and cover[0] <= reach:
            moves.append(goal(cover[1][0], cover[1][1], "into cover"))
    if enemies:
        near = min(enemies, key=lambda e: math.hypot(e.x - ch.x, e.y - ch.y))
        dx, dy = ch.x - near.x, ch.y - near.y
        d = math.hypot(dx, dy) or 1.0
        ax, ay = st.table.clamp(ch.x + dx / d * allowance, ch.y + dy / d * allowance, ch.r)
        moves.append(goal(ax, ay, "away from " + near.name))
    for f in commanders:
        moves.append(goal(f.x, f.y, "toward " + f.name))
    return spread_out(moves)


def flee_goal(st: ArcState, ch: Character) -> tuple[tuple[float, float], str]:
    """Where a Broken Character Flees: the nearest table edge or the nearest terrain that
    could give it Cover, whichever is closer (arcworlde.morale.broken_flee)."""
    edge = st.table.nearest_edge_point(ch.x, ch.y, ch.r)
    edge_d = math.hypot(edge[0] - ch.x, edge[1] - ch.y)
    cover = st.table.nearest_cover_point(ch.x, ch.y)
    if cover is not None:
        dist, (qx, qy) = cover
        reach = max(0.0, dist - ch.r)  # the base edge only has to touch the terrain
        if reach < edge_d:
            if dist < 1e-9:
                return (ch.x, ch.y), "cover"
            t = reach / dist
            return (ch.x + (qx - ch.x) * t, ch.y + (qy - ch.y) * t), "cover"
    return edge, "table edge"


def flee(st: ArcState, ch: Character) -> None:
    """Flee up to the Character's Movement toward cover or the edge; stop on reaching it.
    Fleeing off the table is not possible: the Character stops at the edge (our reading)."""
    goal, what = flee_goal(st, ch)
    st.log.emit("flee", who=ch.name, toward=what)
    do_move(st, ch, goal, ch.movement, "flee")
    ch.fled = True
