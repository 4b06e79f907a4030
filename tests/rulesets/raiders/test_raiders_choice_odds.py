"""Odds of a Raiders option shown before it is chosen are the mechanics the game rolls with:
the volley of a shooting target (raiders.shooting.hit_roll, raiders.shooting.damage_roll, as
``warband odds raiders shoot`` prints them) and the solved game of a secret combat split
(raiders.combat.allocate)."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from warband.ai.random_ai import RandomController
from warband.cli.main import app as cli
from warband.core import registry
from warband.core.controller import controller_rng

RS = registry.get("raiders")


def _decisions(seeds: range) -> Iterator[tuple[Any, int, Any]]:
    """(game, player, decision) at every decision of random games, answered after the yield."""
    paths = RS.sample_lists()
    for seed in seeds:
        game = RS.new_game([RS.load_list(paths[0]), RS.load_list(paths[1])], seed)
        ctl, rngs = RandomController(), {p: controller_rng(seed, p) for p in (0, 1)}
        while not game.over:
            player = game.waiting_for()[0]
            decision = game.decision_for(player)
            assert decision is not None
            yield game, player, decision
            game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))


def test_shooting_odds_match_warband_odds() -> None:
    checked = 0
    for game, player, decision in _decisions(range(6)):
        if decision.kind == "target" and decision.info.get("action") == "shoot":
            for option in decision.options:
                odds = RS.choice_odds(game.view(player), decision, option)
                assert odds is not None
                assert odds.sight is not None and odds.sight.target == str(option.uid)
                out = CliRunner().invoke(cli, shlex.split(odds.query)[1:] + ["--json"])
                assert out.exit_code == 0, out.output
                cli_dist = json.loads(out.output)["distribution"]
                rows = {r.label.split()[0]: r.p for r in odds.rows}
                assert rows == {k: pytest.approx(v) for k, v in cli_dist.items()}
                checked += 1
        elif decision.kind != "split_dice":  # (splits: the next test)
            assert RS.choice_odds(game.view(player), decision, decision.options[0]) is None
        if checked >= 3:
            break
    assert checked >= 3


def test_split_odds_show_the_solved_split_game() -> None:
    """Every split the optimal mix plays earns exactly the game's value against the opponent's
    optimal mix (the equilibrium property), and the mix sums to one."""
    seen = 0
    for game, player, decision in _decisions(range(8)):
        if decision.kind != "split_dice":
            continue
        value = None
        for option in decision.options:
            odds = RS.choice_odds(game.view(player), decision, option)
            assert odds is not None
            assert sum(r.p for r in odds.rows) == pytest.approx(1)
            game_value = float(odds.notes[2].rsplit(" ", 1)[1])
            against_mix = float(odds.notes[0].rsplit(" ", 1)[1])
            assert value is None or value == game_value
            value = game_value
            if odds.summary[0].p > 1e-6:
                assert against_mix == pytest.approx(game_value, abs=0.011)
        seen += 1
        if seen >= 2:
            break
    assert seen >= 2
