"""Odds of a Raiders shooting target shown before it is chosen are the volley mechanic's
(raiders.shooting.hit_roll, raiders.shooting.damage_roll) and ``warband odds raiders shoot``'s."""

from __future__ import annotations

import json
import shlex

import pytest
from typer.testing import CliRunner

from warband.ai.random_ai import RandomController
from warband.cli.main import app as cli
from warband.core import registry
from warband.core.controller import controller_rng

RS = registry.get("raiders")


def test_shooting_odds_match_warband_odds() -> None:
    paths = RS.sample_lists()
    checked = 0
    for seed in range(6):
        game = RS.new_game([RS.load_list(paths[0]), RS.load_list(paths[1])], seed)
        ctl, rngs = RandomController(), {p: controller_rng(seed, p) for p in (0, 1)}
        while not game.over and checked < 3:
            player = game.waiting_for()[0]
            decision = game.decision_for(player)
            assert decision is not None
            if decision.kind == "target" and decision.info.get("action") == "shoot":
                for option in decision.options:
                    odds = RS.choice_odds(game.view(player), decision, option)
                    assert odds is not None
                    out = CliRunner().invoke(cli, shlex.split(odds.query)[1:] + ["--json"])
                    assert out.exit_code == 0, out.output
                    cli_dist = json.loads(out.output)["distribution"]
                    assert odds.sight is not None and odds.sight.target == str(option.uid)
                    rows = {r.label.split()[0]: r.p for r in odds.rows}
                    assert rows == {k: pytest.approx(v) for k, v in cli_dist.items()}
                    checked += 1
            else:
                assert RS.choice_odds(game.view(player), decision, decision.options[0]) is None
            game.apply(player, ctl.decide(game.view(player), decision, rngs[player]))
        if checked >= 3:
            break
    assert checked >= 3
