"""Rules errors found in review (issue 9, sections 2 and 4), one test per finding, each named
by the rule id it checks."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_
from raiders_helpers import HOUNDS, WARRIORS_1, bare_state, place, sample_lists

from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.catalogue import catalogue
from warband.rulesets.raiders.game import setup_game
from warband.rulesets.raiders.narrate import narrate
from warband.rulesets.raiders.options import Options
from warband.rulesets.raiders.rules.magic import _heal
from warband.rulesets.raiders.rules.movement import (
    enter_table,
    entry_start,
    move_candidates,
    move_unit,
)

BLOCK = {"name": "Crag", "kind": "impassable",
         "points": [[14, 10], [26, 10], [26, 20], [14, 20]]}


def test_raiders_listbuilding_warband_size_one_agreed_size() -> None:
    """raiders.listbuilding.warband_size: the players agree one game size; two lists of
    different sizes are refused at set-up with a clear message, unless the ``mixed_sizes``
    option allows it (then each side keeps its own size's action tokens)."""
    a, b = sample_lists()
    bigger = dataclasses.replace(b, size=catalogue().sizes["war-party"])
    with pytest.raises(ValueError, match="Raiding force.*War party|War party.*Raiding force"):
        RULESET.new_game([a, bigger], 1)
    game = RULESET.new_game([a, bigger], 1, {"mixed_sizes": True})
    assert [s.actions for s in game.state.sizes] == [10, 15]
    with pytest.raises(ValueError, match="mixed_sizes must be true or false"):
        RULESET.new_game([a, bigger], 1, {"mixed_sizes": "maybe"})


def test_raiders_action_run_menu_offers_only_reachable_destinations() -> None:
    """raiders.action.run: every destination the Run menu offers is one the formed unit can
    stand on and reach: none inside impassable terrain, and moving there gets there."""
    st = bare_state(terrain=[BLOCK])
    u = place(st, WARRIORS_1, 20, 7)  # "forward" (up the table) would end inside the crag
    place(st, 8, 20, 30)  # an enemy beyond the crag
    offered = move_candidates(st, u, float(u.run))
    assert offered
    for p in offered:
        assert not st.table.in_impassable(p.x, p.y, u.radius), p
        trial = bare_state(terrain=[BLOCK])
        mover = place(trial, WARRIORS_1, 20, 7)
        place(trial, 8, 20, 30)
        move_unit(trial, mover, (p.x, p.y), float(u.run), "run")
        assert math.dist((mover.x, mover.y), (p.x, p.y)) < 0.1, p


def test_raiders_action_move_narrates_why_it_stops_short() -> None:
    """raiders.action.move: a move that ends short of the destination says why (no room for
    the formation there, another unit in the way, or the allowance used up)."""
    st = bare_state(terrain=[BLOCK])
    u = place(st, WARRIORS_1, 20, 7)
    move_unit(st, u, (20, 15), float(u.run), "run")  # into the crag
    event = [e for e in st.log.events if e.kind == "move"][-1]
    assert "impassable" in event["stopped"]
    line = narrate(event)
    assert line is not None and "impassable" in line
    far = bare_state()
    v = place(far, WARRIORS_1, 20, 4)
    move_unit(far, v, (20, 30), float(v.move), "move")
    assert "allowance" in [e for e in far.log.events if e.kind == "move"][-1]["stopped"]
    near = bare_state()
    w = place(near, WARRIORS_1, 20, 4)
    place(near, 8, 20, 9)
    move_unit(near, w, (20, 9), float(w.move), "move")  # into its formation: stops on contact
    assert "touching" in [e for e in near.log.events if e.kind == "move"][-1]["stopped"]
    done = bare_state()
    x = place(done, WARRIORS_1, 20, 4)
    move_unit(done, x, (20, 6), float(x.move), "move")
    assert [e for e in done.log.events if e.kind == "move"][-1].data.get("stopped") is None


def _set_up(setup: str, width: float) -> Any:
    """Set a game up between the sample lists on a bare table ``width`` inches wide."""
    cat = catalogue()
    narrow = cat.scenarios["battle-lines"].model_copy(
        update={"id": "narrow", "setup": setup, "width": width, "terrain": []})
    return setup_game(cat, sample_lists(), 1, Options(), narrow, {})


def test_raiders_scenario_battle_lines_refuses_lists_that_cannot_deploy() -> None:
    """raiders.scenario.battle_lines: every non-scout unit must stand in the deployment area;
    a list whose formations cannot all fit is refused at set-up with the reason, instead of
    leaving units off the table."""
    with pytest.raises(ValueError, match=r"cannot all be deployed: 7 formations.*holds only"):
        _set_up("battle-lines", 12)
    assert _set_up("battle-lines", 30).state.units


def test_raiders_scenario_meeting_engagement_refuses_units_that_cannot_enter() -> None:
    """raiders.scenario.meeting_engagement: every unit must be able to come onto the table; a
    formation wider than the table is refused at set-up."""
    with pytest.raises(ValueError, match="cannot come onto a 2\" x 36\" table"):
        _set_up("meeting-engagement", 2)


# --------------------------------------------------------------------- formations never overlap
def _enemy_overlap(st: Any) -> float:
    """The deepest overlap (inches) between two enemy formations on the table (0 if none)."""
    on = [u for u in st.units if u.on_table]
    return max((-st.gap(a, b) for a in on for b in on if a.side == 0 and b.side == 1),
               default=0.0)


def test_raiders_spell_healing_brings_back_only_figures_with_room() -> None:
    """raiders.spell.healing: a figure brought back rejoins the formation only if the grown
    formation still fits; War Hounds down to one figure, pressed against an enemy, get none
    back (in review they spilled 1.6" into the enemy), and with room they get both back."""
    healing = catalogue().spells["healing"]
    st = bare_state()
    hounds = place(st, HOUNDS, 20, 10)
    hounds.figures, hounds.lost_this_turn = 1, 2
    enemy = place(st, 8, 20, 10 + hounds.radius + st.units[8].radius)
    assert abs(st.gap(hounds, enemy)) < 1e-6
    _heal(st, hounds, 6, healing)
    assert hounds.figures == 1 and _enemy_overlap(st) <= 1e-6
    event = [e for e in st.log.events if e.kind == "healed"][-1]
    assert event["revived"] == 0 and event["no_room"] == 2
    assert "no room for 2 more" in (narrate(event) or "")
    free = bare_state()
    alone = place(free, HOUNDS, 20, 10)
    alone.figures, alone.lost_this_turn = 1, 2
    _heal(free, alone, 6, healing)
    assert alone.figures == 3


def test_raiders_scenario_meeting_engagement_entry_never_lands_on_an_enemy() -> None:
    """raiders.scenario.meeting_engagement: a unit coming on where an enemy has just moved
    (a reaction resolved first) comes on at the nearest free spot of its edge, or not at all;
    it never stands on the enemy."""
    st = bare_state(setup="meeting-engagement")
    u = st.units[WARRIORS_1]
    goal = (20.0, 6.0)
    start = entry_start(st, u, goal)
    assert start is not None
    enemy = place(st, 8, start[0], start[1] + 0.5)  # the reacting enemy moved onto the spot
    enter_table(st, u, goal, float(u.move), "move")
    assert u.on_table and _enemy_overlap(st) <= 1e-6
    assert st.gap(u, enemy) >= -1e-6
    wall = {"name": "Wall", "kind": "impassable", "points": [[0, 0], [48, 0], [48, 3], [0, 3]]}
    walled = bare_state(setup="meeting-engagement", terrain=[wall])
    shut = walled.units[WARRIORS_1]
    enter_table(walled, shut, goal, float(shut.move), "move")
    assert not shut.on_table
    assert [e.kind for e in walled.log.events][-1] == "no_entry"


@pytest.mark.parametrize("scenario", ["meeting-engagement", "battle-lines"])
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st_.integers(0, 10_000))
def test_raiders_core_movement_formation_enemy_formations_never_overlap(
    scenario: str, seed: int
) -> None:
    """raiders.core.movement_formation: in seeded random games, after every decision, no two
    enemy formations overlap (units touch, they never stand in each other)."""
    game = RULESET.new_game(sample_lists(), seed, {"scenario": scenario})
    ai = RULESET.controllers()["random"]
    controllers = {0: ai(), 1: ai()}
    rng = random.Random(seed)
    while game.pending() is not None:
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None
        game.apply(player, controllers[player].decide(game.view(player), decision, rng))
        assert _enemy_overlap(game.state) <= 0.01, [e.kind for e in game.state.log.events[-8:]]
