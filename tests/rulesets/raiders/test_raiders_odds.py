"""`warband odds raiders ...`: exact numbers, the split game, and the command line."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import comb

import pytest
from typer.testing import CliRunner

from warband import odds
from warband.cli.main import app
from warband.core.dice import Dice
from warband.odds import OddsError
from warband.rulesets.raiders.mechanics import casualties
from warband.rulesets.raiders.odds import CombatParams, combat_sides
from warband.rulesets.raiders.splits import direction

runner = CliRunner()


def test_raiders_odds_shoot_is_the_binomial_of_hit_times_wound() -> None:
    """raiders.shooting.*: 6 dice at Tg 6 with Aim (4+) and Arm 5: each die wounds with
    7/10 x 6/10; the distribution is binomial."""
    result = odds.run("raiders", "shoot", models=6, target=6, armour=5, aim=True)
    p = Fraction(7, 10) * Fraction(6, 10)
    for k in range(7):
        assert result.probabilities[k] == comb(6, k) * p**k * (1 - p) ** (6 - k)
    assert result.payload["hit_on"] == 4
    ranged = odds.run("raiders", "shoot", models=5, target=8, armour=4, aim=True, rangers=True)
    assert ranged.payload["hit_on"] == 5


def test_raiders_odds_cast_book_example_distribution() -> None:
    """raiders.magic.effectiveness: the book's set-up (difficulty 4 + MR 1, 2 power, one
    counter die) as a distribution: exact and summing to one; power 2 is the book's result."""
    result = odds.run("raiders", "cast", difficulty=4, mr=1, power=2, counter=True)
    assert sum(result.probabilities.values()) == 1
    assert max(result.probabilities) == 3 and result.probabilities[2] > 0


def test_raiders_odds_morale() -> None:
    result = odds.run("raiders", "morale", morale=10, tokens=2)
    assert result.probability == Fraction(3, 10)


def test_raiders_odds_combat_strategies_are_optimal_and_match_the_game_dice() -> None:
    """raiders.combat.allocate: the solved split game - each side's mix holds the value
    against every reply; and the payoff of one pair of splits agrees with a seeded Monte
    Carlo of the game's own combat dice."""
    result = odds.run("raiders", "combat", attacker="war-hounds", defender="northmarch-spearmen",
                      defender_role="defend", attacker_bonus=True)
    fixed = result.payload["fixed_splits"]
    value = result.payload["value"]
    assert len(result.payload["attacker"]["strategy"]) > 1  # a genuinely mixed strategy here
    assert all(v["vs_optimal"] <= value + 1e-6 for v in fixed["attacker"].values())
    assert all(v["vs_optimal"] <= -value + 1e-6 for v in fixed["defender"].values())
    a, b, _ = combat_sides(CombatParams(attacker="war-hounds", defender="northmarch-spearmen",
                                        defender_role="defend", attacker_bonus=True))
    dice = Dice(5)
    ka, kb, n = 6, 6, 20_000
    total = 0
    for _ in range(n):
        on_b = direction(a, ka, b, kb).sample(dice).wounds
        on_a = direction(b, kb, a, ka).sample(dice).wounds
        total += casualties(on_b, 0, b.hp, b.figures)[0] - casualties(on_a, 0, a.hp, a.figures)[0]
    from warband.rulesets.raiders.splits import expected_payoff

    assert abs(total / n - expected_payoff(a, ka, b, kb, "casualties")) < 0.05


def test_raiders_odds_combat_bad_input_is_named() -> None:
    with pytest.raises(OddsError) as caught:
        odds.run("raiders", "combat", attacker="goblins", defender_role="shield_wall",
                 defender="ashen-raiders")
    text = " ".join(caught.value.problems)
    assert "unknown profile 'goblins'" in text and "no shields" in text


def test_raiders_odds_cli_shoot_and_combat_json() -> None:
    """The documented commands work through the command line."""
    out = runner.invoke(app, ["odds", "raiders", "shoot", "--models", "6", "--target", "6",
                              "--armour", "5", "--aim", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert abs(data["mean"] - 6 * 0.42) < 1e-9
    out = runner.invoke(app, ["odds", "raiders", "combat", "--attacker", "ashen-raiders",
                              "--defender", "human-warriors", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {"value", "attacker", "defender", "fixed_splits"} <= set(data)
    assert abs(sum(data["attacker"]["strategy"].values()) - 1) < 1e-6
    out = runner.invoke(app, ["odds", "raiders", "shoot", "--models", "500", "--target", "6",
                              "--armour", "5"])
    assert out.exit_code == 2 and "--models" in out.output


def test_raiders_heuristic_split_sampling_follows_the_mixed_strategy() -> None:
    """The heuristic AI samples its split from the optimal mix (raiders.combat.allocate)."""
    from raiders_helpers import RAIDERS_1, WIZARD, bare_state, place

    from warband.core.decisions import Decision
    from warband.rulesets.raiders import choices as C
    from warband.rulesets.raiders.ai.heuristic import HeuristicController
    from warband.rulesets.raiders.rules.combat import Fighter, combat_side
    from warband.rulesets.raiders.splits import solve

    st = bare_state()
    wizard, raiders = place(st, WIZARD, 10, 10), place(st, RAIDERS_1, 10, 14)
    mine, _ = combat_side(st, Fighter(wizard, 3, "charge", True))
    theirs, _ = combat_side(st, Fighter(raiders, 6, "defend", True))
    from warband.rulesets.raiders.rules.combat import _side_dict
    from warband.rulesets.raiders.state import RaidersView

    decision = Decision("split_dice", 0, [C.Split(k) for k in range(mine.pool + 1)],
                        info={"unit": WIZARD, "enemy": RAIDERS_1, "me": _side_dict(mine),
                              "them": _side_dict(theirs)})
    ai = HeuristicController()
    rng = random.Random(3)
    picks = [ai.decide(RaidersView(st, 0), decision, rng).choice.attack for _ in range(400)]
    from warband.rulesets.raiders.ai.tactics import figure_value
    from warband.rulesets.raiders.splits import CombatSide

    sol = solve(CombatSide(**{**_side_dict(mine), "weight": round(figure_value(wizard), 3)}),
                CombatSide(**{**_side_dict(theirs), "weight": round(figure_value(raiders), 3)}),
                "casualties")
    used = {k for k, p in zip(sol.a_splits, sol.a_strategy, strict=True) if p > 0.05}
    assert len(used) > 1 and set(picks) >= used
    for k, p in zip(sol.a_splits, sol.a_strategy, strict=True):
        assert abs(picks.count(k) / len(picks) - p) < 0.08
