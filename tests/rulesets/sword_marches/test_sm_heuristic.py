"""The heuristic AI (issue 10): it Breaks a Charge against its key model, charges when the
odds favour it, orders its best models first, and beats the random AI in seeded games."""

from __future__ import annotations

import random

from sm_helpers import BOW_1, BRAND, ISOLDE, SPEAR_1, TAMSIN, XBOW_1, bare_state, place

from warband.ai.random_ai import RandomController
from warband.core.controller import play
from warband.core.decisions import Decision, Reasoned
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.ai.heuristic import HeuristicController
from warband.rulesets.sword_marches.rules import turn
from warband.rulesets.sword_marches.state import SMView


def _answer(view: SMView, d: Decision) -> object:
    choice = HeuristicController().decide(view, d, random.Random(0))
    return choice.choice if isinstance(choice, Reasoned) else choice


def test_it_breaks_a_charge_on_its_warlord_with_a_shooter() -> None:
    """sm.actionphase.break: a Charge at its Warlord is answered by a Break from a model that
    can hurt the charger."""
    st = bare_state()
    isolde = place(st, ISOLDE, 10, 10)
    charger = place(st, BRAND, 10, 15)
    bow = place(st, TAMSIN, 14, 4)
    bow.active = True
    d = Decision("break", 1, (-1, bow.uid), info={"declaring": charger.uid, "action": "charge",
                                                  "target": isolde.uid})
    assert _answer(SMView(st, 1), d) == bow.uid
    d = Decision("break", 1, (-1, bow.uid), info={"declaring": charger.uid, "action": "move",
                                                  "target": -1})
    assert _answer(SMView(st, 1), d) == -1


def test_it_charges_an_enemy_in_reach_rather_than_walk() -> None:
    """sm.action.charge: with a good Charge in reach it takes it."""
    st = bare_state()
    brand = place(st, BRAND, 10, 10)
    place(st, BOW_1, 10, 14)  # a weak archer 4" away
    brand.active = True
    d = Decision("action", 0, tuple(turn.options_for(st, brand)))
    choice = _answer(SMView(st, 0), d)
    assert choice.action == "charge" and choice.target == BOW_1


def test_it_orders_its_warlord_first_when_tokens_are_short() -> None:
    """sm.orders.order_actions: its best models get the Action Tokens."""
    st = bare_state()
    d = Decision("order", 0, (SPEAR_1, XBOW_1, BRAND))
    assert _answer(SMView(st, 0), d) == BRAND


def test_heuristic_beats_random_in_seeded_games() -> None:
    """Well over 80% of seeded games, both seatings (the issue's bar; measured over hundreds
    in docs/rulesets/sword-marches.md)."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    wins = 0
    games = 16
    for seed in range(games):
        heuristic_side = seed % 2
        game = RULESET.new_game(lists, seed, log_events=False)
        players = {heuristic_side: HeuristicController(), 1 - heuristic_side: RandomController()}
        outcome = play(game, players, seed)
        wins += outcome.winner == heuristic_side
    assert wins >= 13, wins
