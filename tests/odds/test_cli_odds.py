"""`warband odds` through typer's runner and, for the error paths, as a real process."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warband.cli.main import app
from warband.cli.odds import parse_arguments

runner = CliRunner()


def _json(*args: str) -> dict:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("args", "keys"), [
    (["arcworlde", "attack", "--power", "5", "--armour", "1", "--defence", "disadvantage",
      "--crit-ignores-armour", "--rerolls", "1"], {"distribution", "mean"}),
    (["arcworlde", "feat", "--ap", "3", "--difficulty", "hard", "--advantage"], {"probability"}),
    (["arcworlde", "bravery", "--bravery", "7", "--advantage"], {"probability"}),
    (["arcworlde", "legit", "--attempts", "3"], {"distribution", "prone", "mean"}),
    (["arcworlde", "spell", "--level", "15", "--max-draws", "2"],
     {"probability", "overpowered", "failed"}),
    (["sword-marches", "attack", "--attacker-cbt", "4", "--attacker-dice", "2",
      "--defender-cbt", "3", "--damage", "3", "--con", "3", "--arm", "4", "--threshold", "5",
      "--helmet"], {"distribution", "hit", "counter_attack"}),
    (["sword-marches", "check", "--rating", "4", "--difficulty", "5"], {"probability"}),
    (["dwethia", "attack", "--dice", "3", "--attacker-arv", "5", "--defender-arv", "4",
      "--strength", "4", "--defence", "3", "--save", "5", "--destiny", "1"],
     {"distribution", "mean"}),
    (["dwethia", "resist", "--affinity", "4", "--faith", "2"], {"probability"}),
    (["armies", "hit", "--skill", "4", "--attacks", "6", "--evasion", "1"],
     {"distribution", "mean"}),
    (["armies", "save", "--armour", "5", "--strength", "2"], {"probability"}),
])
def test_issue_commands_print_one_json_object(args: list[str], keys: set[str]) -> None:
    data = _json(*args)
    assert keys <= set(data)
    if "distribution" in data:
        assert abs(sum(data["distribution"].values()) - 1) < 1e-9
    if "probability" in data:
        assert 0 <= data["probability"] <= 1


def test_exact_json_prints_fractions() -> None:
    data = _json("arcworlde", "feat", "--ap", "2", "--difficulty", "medium", "--exact")
    assert data["probability"] == "5/12"


def test_sword_marches_distribution_has_the_issue_keys() -> None:
    data = _json("sword-marches", "attack", "--attacker-cbt", "4", "--attacker-dice", "2",
                 "--defender-cbt", "3", "--damage", "3", "--con", "3", "--arm", "4",
                 "--threshold", "5", "--helmet")
    assert list(data["distribution"]) == ["miss", "no_effect", "shocked", "wounded"]


def test_table_and_bar_chart() -> None:
    result = runner.invoke(app, ["odds", "arcworlde", "attack", "--power", "4"])
    assert result.exit_code == 0
    assert "damage" in result.stdout and "█" in result.stdout and "%" in result.stdout
    assert "arcworlde.combat.attack_resolution" in result.stdout


def test_plot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "odds.png"
    result = runner.invoke(app, ["odds", "dwethia", "resist", "--affinity", "3", "--plot",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_help_lists_rulesets_queries_and_options() -> None:
    listing = runner.invoke(app, ["odds", "--help"])
    assert listing.exit_code == 0
    for name in ("arcworlde", "sword-marches", "dwethia", "armies", "spell", "resist"):
        assert name in listing.stdout
    options = runner.invoke(app, ["odds", "arcworlde", "attack", "--help"])
    assert options.exit_code == 0
    assert "--crit-ignores-armour" in options.stdout and "--power" in options.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["arcworlde", "attack", "--power", "-2"], "--power: must be greater than or equal to 0"),
    (["arcworlde", "attack", "--power", "10000"], "--power: must be less than or equal to 30"),
    (["arcworlde", "feat", "--ap", "2", "--difficulty", "heroic"], "--difficulty: must be"),
    (["arcworlde", "attack", "--power", "three"], "--power: must be a valid integer"),
    (["arcworlde", "attack", "--power", "2", "--colour", "red"], "--colour: unknown option"),
    (["arcworlde", "atack", "--power", "2"], "did you mean 'attack'"),
    (["warhammer", "attack"], "no odds for ruleset 'warhammer'"),
    (["arcworlde", "attack"], "--power: required"),
    (["arcworlde", "attack", "--power", "2", "--plot"], "--plot needs a file name"),
])
def test_bad_input_is_a_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert " ".join(message.split()) in _plain(result.stderr)
    assert "Traceback" not in result.stderr


def _plain(text: str) -> str:
    """The words of an error message, without the box rich draws round it."""
    return " ".join(re.sub("[\u2500-\u257f]", " ", text).split())


def test_bad_input_in_a_real_process_has_no_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "from warband.cli.main import main; main()", "odds", "arcworlde", "attack", "--power",
         "10000", "--defence", "sideways", "--json"],
        capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "--power" in proc.stderr and "--defence" in proc.stderr
    assert proc.stdout == ""


_ENTRY = ("import sys\nfrom warband.cli.entry import main\ntry:\n    main()\nfinally:\n"
          "    print('typer loaded' if 'typer' in sys.modules else 'typer not loaded', file=sys.stderr)")


def test_the_executable_answers_odds_without_typer() -> None:
    """``warband odds`` as a program (the ``warband`` script runs warband.cli.entry) answers
    without importing typer, for start-up time, and prints what the typer command prints."""
    args = ["odds", "arcworlde", "attack", "--power", "5", "--armour", "1", "--json"]
    proc = subprocess.run([sys.executable, "-c", _ENTRY, *args],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "typer not loaded" in proc.stderr
    assert json.loads(proc.stdout) == _json(*args[1:-1])
    bad = subprocess.run([sys.executable, "-c", _ENTRY, "odds", "arcworlde", "attack", "--power", "-2"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert "--power: must be greater than or equal to 0" in _plain(bad.stderr)
    other = subprocess.run([sys.executable, "-c", _ENTRY, "rulesets"],
                           capture_output=True, text=True, timeout=60)
    assert other.returncode == 0 and "arcworlde" in other.stdout and "typer loaded" in other.stderr


def test_parse_arguments() -> None:
    positional, values, own = parse_arguments(
        ["arcworlde", "attack", "--power=5", "--armour", "1", "--no-crit-ignores-armour",
         "--json", "--modifier", "-2", "--x", "a", "--x", "b", "--advantage"])
    assert positional == ["arcworlde", "attack"]
    assert values == {"power": "5", "armour": "1", "crit_ignores_armour": False,
                      "modifier": "-2", "x": ["a", "b"], "advantage": True}
    assert own == {"json": True}
    positional, _, own = parse_arguments(["--json", "arcworlde", "attack", "--plot", "a.png"])
    assert positional == ["arcworlde", "attack"] and own == {"json": True, "plot": "a.png"}
