"""`warband battle` and `warband play` with three sides: a generated Rogue Warband as side C
(``--players 3``) or a third list (``--c``); JSON with every side; records that replay."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from warband.cli.main import app
from warband.core.record import read_record, replay
from warband.rulesets.arcworlde import RULESET

runner = CliRunner()
SHERIFF, IRONJAW = (str(p) for p in RULESET.sample_lists())


def test_battle_players_3_generates_a_rogue_warband_and_replays(tmp_path: Path) -> None:
    """arcworlde.solo.create_warband, arcworlde.round.initiative: `--players 3` plays the two
    lists and a Rogue Warband generated to their Game Value (played by the rogue AI); the JSON
    has VP, survivors and a result for every side; the record replays exactly."""
    record = tmp_path / "three.jsonl"
    result = runner.invoke(app, ["battle", "--ruleset", "arcworlde", "--players", "3",
                                 "--seed", "4", "--rounds", "2", "--json",
                                 "--replay", str(record)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["vp"]) == set(data["result"]) == set(data["warbands"]) == {"a", "b", "c"}
    assert data["winner"] in (None, "a", "b", "c")
    loaded = read_record(record)
    assert len(loaded.header["lists"]) == 3
    assert loaded.header["options"]["rogue"] == "c"  # the rules know the Rogue side
    again = replay(loaded, record)
    assert again.outcome() is not None and again.outcome().to_json()["vp"] == data["vp"]
    narrated = runner.invoke(app, ["battle", "--players", "3", "--seed", "4", "--rounds", "1"])
    assert narrated.exit_code == 0, narrated.output
    assert "heuristic vs heuristic vs rogue" in narrated.output


def test_battle_third_list_with_c(tmp_path: Path) -> None:
    """A third list given with --c (any list) is side C, played by --ai-c."""
    result = runner.invoke(app, ["battle", "--c", SHERIFF, "--seed", "2", "--rounds", "1",
                                 "--ai-c", "random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["warbands"]["c"] == data["warbands"]["a"]


def test_battle_refuses_bad_side_counts() -> None:
    too_many = runner.invoke(app, ["battle", "--players", "5"])
    assert too_many.exit_code != 0 and "2 to 4" in too_many.output
    c_for_two = runner.invoke(app, ["battle", "--c", SHERIFF, "--players", "2"])
    assert c_for_two.exit_code != 0 and "--c" in c_for_two.output


def test_play_three_sides_against_two_ais() -> None:
    """`warband play --players 3 --as a`: the human plays A, the heuristic AI B and the rogue
    AI the generated side C; `--as d` in a three-sided game is refused."""
    result = runner.invoke(app, ["play", "--players", "3", "--seed", "6", "--rounds", "1"],
                           input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "you play A" in result.output and "Result" in result.output
    refused = runner.invoke(app, ["play", "--players", "3", "--as", "d"])
    assert refused.exit_code != 0
