"""Armies of Arcana through the ``warband`` command line: battle, replay, validate, play,
profiles; bad input gets a message, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from warband.cli.main import app

runner = CliRunner(env={"COLUMNS": "300"})


def run(*args: str, input: str | None = None) -> Result:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    assert "Traceback" not in result.output
    return result


def test_battle_json_replay_round_trip(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = run("battle", "--ruleset", "armies", "--seed", "2", "--json", "--replay",
                 str(record), "-o", "scenario=hold-the-hill", "--ai-b", "random")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["scenario"] == "hold-the-hill" and data["winner"] in ("a", "b", None)
    again = run("replay", str(record))
    assert again.exit_code == 0 and "replay exactly" in again.output


def test_battle_log_is_narrated_phase_by_phase() -> None:
    result = run("battle", "--ruleset", "armies", "--seed", "5")
    assert result.exit_code == 0
    for phase in ("-- Fleeing --", "-- Movement --", "-- Magic --", "-- Missile Fire --",
                  "-- Melee --", "-- Morale --", "Game over"):
        assert phase in result.output


def test_bad_option_and_bad_list_are_reported(tmp_path: Path) -> None:
    result = run("battle", "--ruleset", "armies", "--seed", "1", "-o", "charge_window=3")
    assert result.exit_code != 0 and "charge_window must be" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: armies\nname: X\narmy: aldmark\npoints: 100\nunits:\n"
                   "  - profile: aldmark-spearmen\n    models: 3\n")
    result = run("validate", str(bad))
    assert result.exit_code != 0
    for needle in ("field 12-40 models, not 3", "0 generals", "bad.yaml:7"):
        assert needle in result.output


def test_human_play_to_the_end() -> None:
    """``warband play``: a human answering by menu numbers finishes a game."""
    result = run("play", "--ruleset", "armies", "--seed", "4", "-o", "turns=1",
                 input="1\n" * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output


def test_profiles() -> None:
    result = run("profiles", "--ruleset", "armies")
    assert result.exit_code == 0 and "Spine-back Troll" in result.output


def test_every_event_is_narrated() -> None:
    """Every kind of event a game emits has its own line (none falls back to raw data)."""
    from warband.core.controller import play
    from warband.rulesets.armies import RULESET
    from warband.rulesets.armies.narrate import narrate

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    seen: set[str] = set()
    for seed in range(6):
        for options in ({}, {"scenario": "hold-the-hill", "deployment": "choose"}):
            game = RULESET.new_game(lists, seed, options)
            ais = RULESET.controllers()
            play(game, {0: ais["heuristic"](), 1: ais["random"]()}, seed)
            for e in game.events:
                RULESET.narrate(e)
                seen.add(e.kind)
    assert seen <= set(narrate.formats), seen - set(narrate.formats)
    assert {"charge", "shoot", "cast", "break_test", "flee", "game_end"} <= seen


def test_long_menus_are_grouped_for_humans() -> None:
    """``warband play``: deployment places come under "front line" / "second line" headings,
    spells under their names."""
    result = run("play", "--ruleset", "armies", "--seed", "4", "-o", "turns=1",
                 "-o", "deployment=choose", input="1\n" * 600)
    assert result.exit_code == 0, result.output[-2000:]
    assert "front line" in result.output and "second line" in result.output
