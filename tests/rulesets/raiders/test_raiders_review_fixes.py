"""Rules errors found in review (issue 9, sections 2 and 4), one test per finding, each named
by the rule id it checks."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
from raiders_helpers import WARRIORS_1, bare_state, place, sample_lists

from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.catalogue import catalogue
from warband.rulesets.raiders.game import setup_game
from warband.rulesets.raiders.narrate import narrate
from warband.rulesets.raiders.options import Options
from warband.rulesets.raiders.rules.movement import move_candidates, move_unit

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
