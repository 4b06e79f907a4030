"""`warband play`: a human answers the same decisions as the AIs, at the terminal."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from warband.cli.main import app
from warband.core.decisions import Decision
from warband.core.game import Game
from warband.core.record import read_record, replay

runner = CliRunner()


def test_human_plays_a_one_round_game_by_menu_numbers(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(
        app, ["play", "--seed", "3", "--rounds", "1", "--replay", str(record)],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "choice (1-" in result.output
    assert "Game over after Round 1" in result.output
    game = replay(read_record(record), record)  # the human's answers replay exactly
    assert game.over
    humans = [r for r in game.history if r.player == 0]
    assert humans, "side A's decisions were the human's"


def test_human_can_type_a_point_for_a_move(tmp_path: Path) -> None:
    # Deployment answers by number, then a typed point for the first free move.
    answers = "1\n" * 7 + "18 12\n" + "1\n" * 400
    result = runner.invoke(app, ["play", "--seed", "5", "--rounds", "1"], input=answers)
    assert result.exit_code == 0, result.output
    assert "or x y" in result.output


def test_bad_side_is_refused() -> None:
    result = runner.invoke(app, ["play", "--as", "c"])
    assert result.exit_code != 0


# ------------------------------------------------------- the menus, driven directly
def _scripted_game(answer: Callable[[Decision, str], str], seed: int = 4) -> tuple[Game, str]:
    """Side A is a HumanController whose answers come from ``answer(decision, prompt)``;
    side B is the random AI. Returns the finished game and everything printed."""
    from warband.ai.random_ai import RandomController
    from warband.cli.human import HumanController
    from warband.core.controller import play
    from warband.rulesets.arcworlde import RULESET

    console = Console(file=io.StringIO(), width=200, color_system=None)
    current: list[Decision] = []

    class Scripted(HumanController):
        def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
            current[:] = [decision]
            return super().decide(view, decision, rng)

    human = Scripted(RULESET, console, lambda prompt: answer(current[0], prompt))
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, seed, {"rounds": 1})
    play(game, {0: human, 1: RandomController()}, seed)
    return game, console.file.getvalue()  # type: ignore[attr-defined]


def test_long_deployment_menu_is_asked_heading_first() -> None:
    """168 places for 7 Characters: first which Character (one heading each), then where, with
    0 to go back and a typed point accepted for the Character chosen."""
    script = iter(["1", "2", "0", "3", "9 3"])

    def answer(decision: Decision, prompt: str) -> str:
        return next(script, "1")

    game, out = _scripted_game(answer)
    assert "1. place Halfling Sheriff (24 options)" in out and "0. back" in out
    placed = [r.choice for r in game.history if r.player == 0 and r.kind == "deploy"]
    warhog = next(c for c in game.state.chars if c.name == "Halfling Warhog Rider")  # type: ignore[attr-defined]
    assert (placed[0].uid, placed[0].x, placed[0].y) == (warhog.uid, 9.0, 3.0)


def test_typed_point_answers_a_move() -> None:
    typed: list[str] = []

    def answer(decision: Decision, prompt: str) -> str:
        if not typed and any(type(o).__name__ == "Move" for o in decision.options):
            typed.append(prompt)
            return "18 12"
        return "1"

    game, _ = _scripted_game(answer)
    assert typed and "or x y" in typed[0]
    moves = [r.choice for r in game.history if r.player == 0 and type(r.choice).__name__ == "Move"]
    assert any(m.label == "typed" and (m.x, m.y) == (18.0, 12.0) for m in moves)


def test_the_hint_offers_a_typed_point_only_where_the_ruleset_reads_one() -> None:
    """Raiders' secret deployment accepts any legal deployment, but a single point means
    nothing there: the menu must not offer "x y", and a typed point is refused."""
    from warband.cli.human import HumanController
    from warband.rulesets.raiders import RULESET

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 4, {"scenario": "battle-lines"})
    decision = game.decision_for(0)
    assert decision is not None and decision.accepts is not None
    prompts: list[str] = []
    answers = iter(["10 3", "1"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console = Console(file=io.StringIO(), width=200, color_system=None)
    choice = HumanController(RULESET, console, ask).decide(game.view(0), decision, random.Random(0))
    assert choice == decision.options[0]
    assert prompts == [f"choice (1-{len(decision.options)})"] * 2
    assert "please answer" in console.file.getvalue()  # type: ignore[attr-defined]


def test_a_refused_placement_says_why() -> None:
    """arcworlde.setup.deployment: a typed point outside the zone, off the table or onto
    another base is refused with the reason from the rules, not "please answer"."""
    script = iter(["1", "3", "9 30", "-5 3", "9 3", "1", "9 3", "1 3"])

    def answer(decision: Decision, prompt: str) -> str:
        return next(script, "1")

    game, out = _scripted_game(answer)
    assert "not there: (9, 30) is outside your deployment zone" in out
    assert "not there: (-5, 3) is off the table" in out
    # the second Character typed onto the first one's spot
    assert "not there: (9, 3) overlaps the base of Halfling Warhog Rider" in out
    assert "please answer" not in out.split("overlaps the base")[0].split("(9, 30)")[1]


def test_rulesets_explain_refusals() -> None:
    """The Ruleset hook: ArcWorlde explains a refused placement (impassable terrain and zone),
    Raiders a refused entry onto the table (out of range); a decision whose rules give no
    reason gets None."""
    from warband.core.decisions import Decision as D
    from warband.rulesets.arcworlde import RULESET as ARC
    from warband.rulesets.arcworlde.choices import Place
    from warband.rulesets.raiders import RULESET as RAI
    from warband.rulesets.raiders.choices import Point

    lists = [ARC.load_list(p) for p in ARC.sample_lists()]
    game = ARC.new_game(lists, 4, {"rounds": 1})
    while (d := game.pending()) is not None and getattr(d, "kind", "") != "deploy":
        game.apply(d.player, d.options[0])
    d = game.pending()
    assert isinstance(d, D)
    uid = d.options[0].uid
    assert "outside your deployment zone" in (ARC.explain_refusal(d, Place(uid, 10.0, 30.0)) or "")
    assert ARC.explain_refusal(d, d.options[0]) is None
    assert ARC.explain_refusal(D("x", 0, [1]), 2) is None

    lists = [RAI.load_list(p) for p in RAI.sample_lists()]
    game = RAI.new_game(lists, 2, {})
    from warband.ai.random_ai import RandomController

    rng = random.Random(1)
    ai = RandomController()
    for _ in range(400):
        pending = game.pending()
        if pending is None:
            break
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        assert decision is not None
        if decision.kind == "destination" and decision.info.get("entering"):
            far = Point(24.0, 18.0)
            reason = RAI.explain_refusal(decision, far)
            assert reason is not None and "out of range" in reason
            assert not decision.is_legal(far)
            return
        game.apply(player, ai.decide(game.view(player), decision, rng))
    pytest.skip("no unit entered the table in this game")
