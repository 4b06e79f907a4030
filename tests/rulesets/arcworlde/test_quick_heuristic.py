"""The heuristic's quick move model (issue 16): straight-line estimates for every goal, the
real path round terrain and friends only for the moves that could still win.

``heuristic`` walks at most two free moves (``SHORTLIST``), and a second one only when the
first did not hold up; ``heuristic-full`` (the AI before, kept for designers) walks four. Its
strength against the full AI is measured, not tested (docs/performance.md, ArcWorlde, issue 16).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai import heuristic
from warband.rulesets.arcworlde.ai.heuristic import FullHeuristicController, HeuristicController
from warband.rulesets.arcworlde.rules.movement import move_candidates
from warband.rulesets.arcworlde.state import ArcView

from .arena import Arena, box, terrain


def _walked(monkeypatch: pytest.MonkeyPatch, ai: HeuristicController, arena: Arena,
            ch: Any) -> tuple[Any, int]:
    """The free move ``ai`` picks for ``ch`` and how many moves it walked with the real
    movement rules to pick it."""
    calls = []
    real = heuristic.simulate_move

    def counting(*args: Any, **kw: Any) -> Any:
        calls.append(args[2])
        return real(*args, **kw)

    monkeypatch.setattr(heuristic, "simulate_move", counting)
    view = arena.view(ch.side)
    move = ai._best_move(view, ch, ch.ap, move_candidates(view, ch, ch.movement))
    return move, len(calls)


def _marker_behind(wall: bool) -> tuple[Arena, Any]:
    """A Militia 4" short of the only objective in the last Round, two enemies far off; with
    ``wall``, an impassable wall stands across the straight way to the marker."""
    walls = [terrain("Wall", "impassable", box(2, 11.5, 14, 12.5))] if wall else []
    arena = Arena(walls, objectives=[("Marker", 8, 15)], round=5, objective_range=1)
    militia = arena.add("halfling-militia", 0, (8, 10))
    arena.add("ourk-grunt", 1, (34, 4))
    arena.add("ourk-grunt", 1, (34, 30))
    return arena, militia


def test_arcworlde_action_free_move_the_quick_model_walks_one_move_that_holds_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """arcworlde.action.free_move: in the open, the best straight-line estimate (the marker)
    is walked and holds up, so the quick heuristic walks nothing else; the full one walks
    four goals to pick the same move."""
    arena, militia = _marker_behind(wall=False)
    quick, walked = _walked(monkeypatch, HeuristicController(), arena, militia)
    full, walked_full = _walked(monkeypatch, FullHeuristicController(), arena, militia)
    assert isinstance(quick.choice, C.Move) and quick.choice.label == "to Marker"
    assert full.choice == quick.choice
    assert walked == 1 and walked_full == 4


def test_arcworlde_terrain_movement_effects_the_quick_model_walks_a_second_move_when_terrain_spoils_the_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """arcworlde.terrain.movement_effects: the straight line to the marker crosses an
    impassable wall, so the real path round it falls short of the estimate; the quick
    heuristic then walks the next best goal too (and no more than two)."""
    arena, militia = _marker_behind(wall=True)
    _, walked = _walked(monkeypatch, HeuristicController(), arena, militia)
    assert walked == HeuristicController.SHORTLIST == 2


@pytest.mark.parametrize("seed", [1, 6])
def test_arcworlde_action_leg_it_bounded_charges_give_the_full_lists_best(seed: int) -> None:
    """arcworlde.action.leg_it, arcworlde.action.charge: walking only to the enemies whose
    straight-line bound could still win gives the Charge the full list of walked Charges
    ranks first (or none, when none is worth the threshold), wherever the Characters stand."""
    rs = registry.get("arcworlde")
    paths = list(rs.sample_lists())
    game = rs.new_game([rs.load_list(paths[0]), rs.load_list(paths[1])], seed,
                       log_events=False)
    play(game, {0: HeuristicController(), 1: HeuristicController()}, seed)
    st = game.state
    rng = random.Random(seed)
    bounded, listed = HeuristicController(), HeuristicController()
    listed.BOUNDED_CHARGES = False  # type: ignore[misc]
    compared = 0
    for _ in range(40):
        for c in st.chars:  # everyone back on the table, crowded into one corner
            c.ko, c.gobbled_by, c.deployed = False, None, True
            c.x, c.y = rng.uniform(4, 16), rng.uniform(4, 16)
        for c in st.chars:
            view = ArcView(st, c.side)
            for attempt in (1, 2, 3):
                for worth in (-5.0, 0.3, 2.0):
                    got = bounded._best_charge(view, c, 3, attempt, worth)
                    want = listed._best_charge(view, c, 3, attempt, worth)
                    assert got == want
                    compared += want is not None
    assert compared > 50  # the crowd gives plenty of Charges to rank
