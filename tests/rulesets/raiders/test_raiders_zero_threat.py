"""The default heuristic's melee units weigh the threats where they would stand at nothing
(``QUICK_MELEE_THREAT`` 0.0), so its position scores, Move/Run ceilings and threat fields
leave out what is multiplied by it (issue 16, session 11): at every activation of a seeded
game in each scenario, they equal the same code with the shortcut's test switched off (a
weight that multiplies as 0.0 but does not compare equal to it)."""

from __future__ import annotations

from typing import Any

from test_raiders_decision_shortcuts import _in_both_scenarios, _offered

from warband.rulesets.raiders.ai.heuristic import (
    QUICK_MELEE_THREAT,
    KeptAcrossGames,
    QuickHeuristicController,
)
from warband.rulesets.raiders.rules.actions import actions_for
from warband.rulesets.raiders.rules.movement import move_aims
from warband.rulesets.raiders.state import RaidersReader


class _NotZero(float):
    """0.0 in every product, but not equal to 0.0: the shortcuts' test fails, the plain
    code runs with the same numbers."""

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    __hash__ = float.__hash__


def _plain() -> QuickHeuristicController:
    ctl = QuickHeuristicController(KeptAcrossGames())
    ctl._melee_threat = _NotZero(QUICK_MELEE_THREAT)
    return ctl


checked = {"melee": 0, "ranged": 0}


def _same_as_plain(view: RaidersReader, player: int, decision: Any, ctl: Any) -> None:
    plain = _plain()
    for u in _offered(view, decision):
        if not u.deployed:
            continue
        checked["ranged" if u.shooter or u.profile.magic_user else "melee"] += 1
        points = [(u.x, u.y), (u.x + 3.0, u.y - 2.0)]
        for action in ("move", "run"):
            allowance = float(u.move if action == "move" else u.run)
            points.extend((x, y) for x, y, _ in move_aims(view, u, allowance))
        assert ctl._positions(view, u, points) == plain._positions(view, u, points)
        for action in ("move", "run"):
            if action in actions_for(view, u):
                tire = ctl._tire(view, u, 1)
                assert ctl._move_ceiling(view, u, action, tire) == plain._move_ceiling(
                    view, u, action, tire)
                assert ctl._move_plans(view, u, action, tire) == plain._move_plans(
                    view, u, action, tire)


def test_raiders_action_move_zero_melee_threat_scores_are_the_plain_ones() -> None:
    """raiders.action.move / raiders.action.run: the default heuristic's position scores,
    Move/Run ceilings and plans, with the threats of melee units (weighed at 0.0) and their
    cover tests left out, equal the plain code's at every activation of a game in each
    scenario (fails if the threats are left out of a unit that fights at range, or its cover
    test; leaving them out at a weight other than 0.0 fails the plain plans of
    ``test_raiders_decision_shortcuts``, at ``heuristic-full``'s 0.5)."""
    assert QUICK_MELEE_THREAT == 0.0
    checked.update(melee=0, ranged=0)
    _in_both_scenarios(_same_as_plain, controller=QuickHeuristicController)
    assert checked["melee"] > 50 and checked["ranged"] > 20
