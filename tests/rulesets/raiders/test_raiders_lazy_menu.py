"""The Move/Run destination menu worked out only when read (raiders.action.move,
raiders.action.run; issue 16, session 11): at every destination decision of seeded games in
both scenarios, for both heuristics and the random AI, the menu read is the rules' menu worked
out plainly for the unit as it stands, and the answer is legal exactly when it is with the
plain menu in hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_raiders_decision_shortcuts import GAMES, unkept_move_menu

from warband.ai.random_ai import RandomController
from warband.core.controller import controller_rng
from warband.core.decisions import Decision, LazyOptions
from warband.core.registry import get
from warband.rulesets.raiders.ai.heuristic import HeuristicController, QuickHeuristicController
from warband.rulesets.raiders.choices import Point

RULESET = get("raiders")


def _check_menus(seed: int, options: dict[str, object], make: Callable[[], Any]) -> tuple[int, int]:
    """Play the seeded game; at each Move/Run destination on the table, compare the lazy menu
    with the plain one (after the controller answered, before the answer is applied). Returns
    (destinations checked, of them left unread by the controller)."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, seed, options, log_events=False)
    controllers = {0: make(), 1: make()}
    rngs = {p: controller_rng(seed, p) for p in controllers}
    checked = unread = 0
    while game.pending() is not None:
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None
            choice = controllers[player].decide(game.view(player), decision, rngs[player])
            if decision.kind == "destination" and not decision.info["entering"]:
                menu = decision.options
                assert isinstance(menu, LazyOptions)
                unread += not menu.built
                u = game.state.by_uid(decision.info["unit"])
                allowance = float(decision.info["allowance"])
                assert allowance == float(u.run if decision.info["action"] == "run" else u.move)
                plain = Decision(decision.kind, player,
                                 [Point(x, y, label) for x, y, label
                                  in unkept_move_menu(game.state, u, allowance)],
                                 accepts=decision.accepts)
                assert decision.is_legal(choice) and plain.is_legal(choice)
                assert list(menu) == plain.options
                checked += 1
            game.apply(player, choice)
            if decision.kind == "destination" and not decision.info["entering"]:
                menu = decision.options
                assert isinstance(menu, LazyOptions)
                assert list(menu) == plain.options  # read before the answer: kept
    return checked, unread


@pytest.mark.parametrize("make", [QuickHeuristicController, HeuristicController, RandomController],
                         ids=["heuristic", "heuristic-full", "random"])
def test_raiders_action_move_lazy_menu_is_the_plain_menu(make: Callable[[], Any]) -> None:
    checked = unread = 0
    for seed, options in GAMES:
        c, u = _check_menus(seed, options, make)
        checked, unread = checked + c, unread + u
    assert checked > 20
    if make is not RandomController:
        assert unread > checked // 2  # the heuristics answer with their planned point
    else:
        assert unread == 0  # the random AI picks from the menu


def test_raiders_action_move_menu_unread_is_closed_once_answered() -> None:
    """A menu nobody read while the decision was pending is not worked out later, for a
    table that has moved on."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 4, {"scenario": "meeting-engagement"}, log_events=False)
    controllers = {0: QuickHeuristicController(), 1: QuickHeuristicController()}
    rngs = {p: controller_rng(4, p) for p in controllers}
    while game.pending() is not None:
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None
        game.apply(player, controllers[player].decide(game.view(player), decision, rngs[player]))
        if (decision.kind == "destination" and not decision.info["entering"]
                and isinstance(decision.options, LazyOptions) and not decision.options.built):
            with pytest.raises(RuntimeError):
                list(decision.options)
            return
    raise AssertionError("no unread menu in the game")


def _events_reading_menus(seed: int, scenario: str, read: bool) -> tuple[Any, list[Any]]:
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, seed, {"scenario": scenario})
    controllers = {0: QuickHeuristicController(), 1: QuickHeuristicController()}
    rngs = {p: controller_rng(seed, p) for p in controllers}
    while game.pending() is not None:
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None
            if read and isinstance(decision.options, LazyOptions):
                list(decision.options)  # a human's prompt, a JSON view: the menu worked out
            game.apply(player, controllers[player].decide(game.view(player), decision, rngs[player]))
    return game.outcome(), [(e.kind, e.data) for e in game.events]


@pytest.mark.parametrize("scenario", ["meeting-engagement", "battle-lines"])
def test_raiders_action_move_menu_read_or_not_plays_the_same_game(scenario: str) -> None:
    """raiders.action.move: working the menu out (a human's prompt, a JSON view, a copy or
    pickle of the decision) changes nothing in the game: the same events and outcome as when
    nobody reads it (the menu reads the table, never the dice or the state's caches)."""
    plain = _events_reading_menus(5, scenario, read=False)
    assert _events_reading_menus(5, scenario, read=True) == plain
