"""What the heuristic AI keeps from one decision to the next (issue 16) changes none of its
answers: every Attack value it reads from its store is the one built afresh
(sm.combat.sequence, sm.ranged.cover, sm.cc.multiple_opponents), and a new game starts with
an empty store."""

from __future__ import annotations

from typing import Any

import pytest

from warband.core.controller import play
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.ai.heuristic import HeuristicController, _injury_value
from warband.rulesets.sword_marches.rules.combat import (
    build_close_attack,
    build_ranged_attack,
    ranged_weapon,
)
from warband.rulesets.sword_marches.state import Model

LISTS = [RULESET.load_list(p) for p in RULESET.sample_lists()]


class _Checking(HeuristicController):
    """The heuristic, checking each Attack value it reads against a fresh build."""

    def __init__(self) -> None:
        self.checked = {"melee": 0, "shot": 0}

    def _melee_value(self, view: Any, m: Model, e: Model, charge: bool) -> float:
        kept = super()._melee_value(view, m, e, charge)
        attack, _ = build_close_attack(view, m, e, charge)
        assert kept == _injury_value(attack, e, m)
        self.checked["melee"] += 1
        return kept

    def _shot_value(self, view: Any, m: Model, e: Model, mode: str) -> float:
        kept = super()._shot_value(view, m, e, mode)
        w = ranged_weapon(m)
        if w is None:
            assert kept == -1.0
        else:
            attack, _ = build_ranged_attack(view, m, e, w, mode)
            assert kept == (-0.5 if attack is None else _injury_value(attack, e, m))
        self.checked["shot"] += 1
        return kept


@pytest.mark.parametrize(("adventure", "seed"), [("the-waystation", 1), ("cairn-ford", 3)])
def test_kept_attack_values_are_the_ones_built_afresh(adventure: str, seed: int) -> None:
    """sm.combat.sequence: the close combat and Ranged Attack values the heuristic keeps for
    the game (keyed on the models' conditions, bases, Engagement and the Turn) equal a fresh
    build_close_attack / build_ranged_attack at every read of two seeded games."""
    ais = {0: _Checking(), 1: _Checking()}
    game = RULESET.new_game([LISTS[0], LISTS[1]], seed, {"scenario": adventure},
                            log_events=False)
    play(game, dict(ais), seed)
    assert game.over
    assert sum(a.checked["melee"] for a in ais.values()) > 20
    assert sum(a.checked["shot"] for a in ais.values()) > 20


def test_a_new_game_starts_with_an_empty_store() -> None:
    """One controller used for a second game keeps nothing from the first: the store of
    Attack values and the remembered scores are empty again (the game's own list of models
    tells the games apart), so a game is the same whatever the controller played before."""
    used = HeuristicController()
    first = RULESET.new_game([LISTS[0], LISTS[1]], 4, log_events=False)
    play(first, {0: used, 1: HeuristicController()}, 4)
    assert used._game(first.view(0)) and used._remembered(first.view(0)) is not None
    second = RULESET.new_game([LISTS[0], LISTS[1]], 4, log_events=False)
    view = second.view(0)
    assert used._game(view) == {} and used._remembered(view) == {}
