"""The heuristic AI: sensible reactions, fatigue and a seeded win record against random."""

from __future__ import annotations

import random

from raiders_helpers import (
    RAIDERS_1,
    RANGERS,
    SCOUTS,
    SPEARMEN,
    THANE,
    WARRIORS_1,
    bare_state,
    place,
    sample_lists,
)

from warband.ai.random_ai import RandomController
from warband.core.controller import play
from warband.core.decisions import Decision, Reasoned
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.ai.heuristic import HeuristicController
from warband.rulesets.raiders.rules.actions import Declared, reaction_options
from warband.rulesets.raiders.state import RaidersView


def _react(st: object, act: Declared) -> object:
    options = reaction_options(st, act)
    decision = Decision("react", 1 - act.unit.side, options,
                        info={"unit": act.unit.uid, "action": act.action,
                              "target": act.target.uid if act.target else -1,
                              "spell": None, "power": 0})
    answer = HeuristicController().decide(RaidersView(st, decision.player), decision,  # type: ignore[arg-type]
                                          random.Random(0))
    return answer.choice if isinstance(answer, Reasoned) else answer


def test_raiders_heuristic_shield_wall_under_fire() -> None:
    """Shot at, a shield-bearing unit forms a shield wall (+3) rather than going to ground."""
    st = bare_state()
    warriors = place(st, WARRIORS_1, 20, 12)
    scouts = place(st, SCOUTS, 20, 22)
    scouts.ready = True
    choice = _react(st, Declared(scouts, "shoot", target=warriors, start=(scouts.x, scouts.y)))
    assert choice == C.React(WARRIORS_1, "shield_wall_shooting")


def test_raiders_heuristic_goes_to_ground_without_shields() -> None:
    st = bare_state()
    rangers = place(st, RANGERS, 20, 4)
    rangers.ready = True
    raiders = place(st, RAIDERS_1, 20, 22)
    choice = _react(st, Declared(rangers, "shoot", target=raiders, start=(rangers.x, rangers.y)))
    assert choice == C.React(RAIDERS_1, "go_to_ground")


def test_raiders_heuristic_answers_a_charge() -> None:
    """Charged, it never lets the unit break without answering: it picks the best of
    counter-charge, defend or shield wall (or runs when the fight is hopeless)."""
    st = bare_state()
    spears = place(st, SPEARMEN, 20, 10)
    raiders = place(st, RAIDERS_1, 20, 19)
    choice = _react(st, Declared(raiders, "charge", target=spears, start=(raiders.x, raiders.y)))
    assert isinstance(choice, C.React) and choice.uid == SPEARMEN
    assert choice.action in ("counter_charge", "defend", "shield_wall", "run", "move")
    thane = place(st, THANE, 30, 10)
    choice = _react(st, Declared(raiders, "charge", target=thane, start=(raiders.x, raiders.y)))
    assert isinstance(choice, C.React) and choice.uid == THANE


def test_raiders_heuristic_does_not_tire_units_in_reach_of_a_charge() -> None:
    """Fatigue management: a move that would leave a unit at its limit where an enemy can
    charge it (and so break it) is not worth a token."""
    st = bare_state()
    warriors = place(st, WARRIORS_1, 20, 10)
    place(st, RAIDERS_1, 20, 18)
    warriors.fatigue = warriors.profile.fatigue - 1
    ai = HeuristicController()
    plan = ai.best_plan(RaidersView(st, 0), warriors, allowed=["move", "run"])
    assert plan is None or plan.value < 0.75


def test_raiders_heuristic_beats_random_in_seeded_games() -> None:
    """The heuristic wins seeded games against random from either side and in both scenarios
    (the full measurement, 200 games, is benchmarks/bench_raiders.py strength)."""
    lists = sample_lists()
    wins = 0
    games = [(0, "battle-lines"), (1, "battle-lines"), (2, "meeting-engagement"),
             (3, "meeting-engagement")]
    for seed, scenario in games:
        side = seed % 2
        game = RULESET.new_game(lists, seed, {"scenario": scenario}, log_events=False)
        outcome = play(game, {side: HeuristicController(), 1 - side: RandomController()}, seed)
        wins += outcome.winner == side
    assert wins == len(games)
