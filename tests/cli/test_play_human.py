"""`warband play`: a human answers the same decisions as the AIs, at the terminal."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from warband.cli.main import app
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
