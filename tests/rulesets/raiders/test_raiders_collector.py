"""What the Raiders tables keep across games is invisible to the garbage collector, and a kept
answer is the answer worked out afresh (issue 16, session 8).

The table's memos live as long as the process's shared table, across every game played on it;
an entry the collector tracks costs every full collection a visit, so the moves and menus are
kept as plain tuples of numbers and strings (which CPython stops tracking) and their results
made again from them on a hit. Rule ids: ``raiders.action.move`` and ``raiders.action.run``
(where a move ends, the menus of destinations), ``raiders.action.charge`` (the AI's charge
moves)."""

from __future__ import annotations

import gc

from hypothesis import given, settings
from raiders_helpers import TERRAIN, WARRIORS_1, bare_state, combat_sides, place

from warband.core.controller import play
from warband.core.geometry import _SIGHTS
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.ai.heuristic import (
    KEPT,
    HeuristicController,
    in_reach,
    real_move,
)
from warband.rulesets.raiders.rules.movement import _move_menu, move_candidates
from warband.rulesets.raiders.splits import SIDE_FIELDS, CombatSide


def _untracked(cache: dict[object, object]) -> bool:
    return all(not gc.is_tracked(k) and not gc.is_tracked(v) for k, v in cache.items())


def test_raiders_action_move_kept_moves_and_menus_are_untracked_after_a_game() -> None:
    """raiders.action.move / raiders.action.run / raiders.action.charge /
    raiders.combat.allocate: after a heuristic game, every entry of the table's kept moves
    (:meth:`Table.move`) and paths, the AI's real moves, the move menus and the heuristic's values kept
    across games (:data:`KEPT`) is a key and a value the collector no longer tracks (a
    ``Base``, ``MoveResult``, ``Point``, ``Profile`` or ``CombatSide`` kept in one would stay
    tracked for good)."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 3, log_events=False)
    play(game, {0: HeuristicController(), 1: HeuristicController()}, 3)
    table = game.state.table
    # a tuple of untracked items is untracked when a collection meets it, after the tuples
    # in it (so one collection per level of nesting)
    for _ in range(4):
        gc.collect()
    kept = {
        "Table.move": table._moves,
        "Table.path": table._paths,
        "real_move": table.memo("raiders.ai.real_move"),
        "move_candidates": table.memo("raiders.move_candidates"),
    }
    for name, cache in kept.items():
        assert cache, name
        assert _untracked(cache), name
    # the lines of sight kept hold one shared Sight per distinct answer, not one per line
    assert table._sights
    assert all(sight is _SIGHTS[(sight.visible, sight.hidden)] for sight in table._sights.values())
    assert len(_SIGHTS) < 50
    for values in KEPT.tables():  # the heuristic's values kept across games
        assert values
        assert _untracked(values)


@settings(max_examples=50, deadline=None)
@given(combat_sides)
def test_raiders_combat_allocate_kept_side_fields_make_the_side_again(side: CombatSide) -> None:
    """raiders.combat.allocate: a fight's side kept as its fields (what
    :class:`KeptAcrossGames` holds) makes an equal :class:`CombatSide` again."""
    fields = side.fields()
    assert CombatSide(*fields) == side
    assert len(fields) == len(SIDE_FIELDS)


def test_raiders_action_run_kept_menu_is_the_menu_with_its_labels() -> None:
    """raiders.action.run: a menu found on the table (made again from its kept tuples) holds
    the points and labels of the menu worked out afresh (``Point`` equality ignores labels,
    so they are compared on their own)."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 20, 7)
    place(st, 8, 20, 30)
    nearest = sorted(st.enemies_of(u), key=lambda e: st.leader_distance(u, e))[:4]
    fresh = [(p.x, p.y, p.label) for p in _move_menu(st, u, float(u.run), nearest, None)]
    for _ in range(2):  # worked out, then found on the table
        menu = move_candidates(st, u, float(u.run))
        assert [(p.x, p.y, p.label) for p in menu] == fresh


def test_raiders_action_charge_kept_real_move_is_the_move_worked_out() -> None:
    """raiders.action.charge: the AI's move found on the table (made again from its kept
    fields) is the :class:`MoveResult` :meth:`Table.move` works out, contact included; one
    move touches a unit, another wades into the Bog (its cost differs from the distance
    travelled, so fields kept in the wrong order would show)."""
    st = bare_state(terrain=TERRAIN)
    u = place(st, WARRIORS_1, 10, 7)
    for uid, (x, y) in enumerate([(12, 12), (8, 11), (30, 8)], start=8):
        place(st, uid, x, y)
    for start, goal in (((10.0, 7.0), (12.0, 30.0)), ((28.0, 10.0), (36.0, 30.0))):
        u.x, u.y = start
        near = in_reach(st, u, start, 12.0)
        worked = st.table._move(start, goal, u.radius, 12.0, near, False, True, 2,
                                (False,) * len(near))
        assert worked.contact or worked.cost != worked.travelled
        for _ in range(2):  # worked out, then found in the memo
            assert real_move(st, u, start, goal, 12.0, near) == worked
    assert worked.cost != worked.travelled
