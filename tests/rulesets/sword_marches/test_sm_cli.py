"""The generic CLI plays The Sword Marches: battle (narrated, JSON, records), replay, play by a
human, profiles, odds, options."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from warband.cli.main import app
from warband.core.record import read_record, replay

runner = CliRunner()


def test_battle_narrates_the_turn_and_writes_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["battle", "--ruleset", "sword-marches", "--seed", "3",
                                 "--replay", str(record)])
    assert result.exit_code == 0, result.output
    out = result.output
    for needle in ("Raid on the Waystation", "the Intruder", "Turn 1", "has the Edge",
                   "Tactical Pools", "declares", "Attack", "Damage", "Game over"):
        assert needle in out, needle
    again = runner.invoke(app, ["replay", str(record), "--quiet"])
    assert again.exit_code == 0, again.output
    assert "verified" in again.output
    assert replay(read_record(record), record).over


def test_battle_json_options_and_the_other_adventure() -> None:
    result = runner.invoke(app, ["battle", "--ruleset", "sword-marches", "--seed", "4", "--json",
                                 "-o", "scenario=cairn-ford", "-o", "edge_bonus=three",
                                 "--ai", "heuristic", "--ai-b", "random", "--rounds", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rounds"] <= 3 and data["ended_by"] in ("turn_limit", "rout", "wiped_out",
                                                        "forfeit")


def test_bad_options_are_refused_without_a_traceback() -> None:
    result = runner.invoke(app, ["battle", "--ruleset", "sword-marches", "-o", "edge_bonus=9"])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["battle", "--ruleset", "sword-marches", "-o",
                                 "scenario=nowhere"])
    assert result.exit_code != 0 and "unknown scenario" in result.output


def test_a_human_plays_against_the_ai(tmp_path: Path) -> None:
    record = tmp_path / "human.jsonl"
    result = runner.invoke(app, ["play", "--ruleset", "sword-marches", "--seed", "5",
                                 "--rounds", "1", "--replay", str(record)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "(active)" in result.output and "Which Active model acts?" in result.output
    game = replay(read_record(record), record)
    assert any(r.player == 0 for r in game.history)


def test_profiles_show_gear_traits_and_pre_game_calculations() -> None:
    result = runner.invoke(app, ["profiles", "--ruleset", "sword-marches", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    ids = {r["id"] for r in rows}
    assert {"bastard_sword", "helmet", "man_at_arms"} <= ids
    brand = next(r for r in rows if r["id"] == "ashen-company:Brand Ashcloak")
    assert brand["attacks"] == 3 and brand["ARM"] == 6


def test_validate_show_prints_the_pre_game_calculations() -> None:
    """sm.muster.base_attacks, sm.muster.base_damage, sm.muster.armor_rating on
    `warband validate --show`."""
    from warband.rulesets.sword_marches import RULESET

    result = runner.invoke(app, ["validate", "--show", str(RULESET.sample_lists()[0])])
    assert result.exit_code == 0, result.output
    assert "Brand Ashcloak" in result.output and "Attacks 3" in result.output
    assert "Bastard Sword 6" in result.output and "ARM 6" in result.output
