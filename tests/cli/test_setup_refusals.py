"""Lists that cannot be played together are refused at game set-up by ``battle``, ``play`` and
``simulate`` with the reason, never a traceback (issue 9: Raiders game sizes,
raiders.listbuilding.warband_size; lists that cannot deploy, arcworlde.setup.sequence and
raiders.scenario.battle_lines)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from warband.cli.main import app
from warband.rulesets.arcworlde import RULESET as ARCWORLDE
from warband.rulesets.raiders import RULESET as RAIDERS

runner = CliRunner(env={"COLUMNS": "400"})


def _horde(tmp_path: Path) -> Path:
    """An ArcWorlde list of 100 Characters on 50mm bases: valid, but no zone holds them."""
    path = tmp_path / "horde.yaml"
    path.write_text(yaml.safe_dump({
        "ruleset": "arcworlde", "name": "Hog Horde", "game_value": 20_000,
        "characters": [{"profile": "halfling-sheriff"},
                       {"profile": "halfling-warhog-rider", "count": 50},
                       {"profile": "halfling-warhog-rider", "count": 49}],
    }))
    return path


def _war_party(tmp_path: Path) -> Path:
    """A Raiders sample list re-labelled as a War party (9 units are needed: it adds two)."""
    data = yaml.safe_load(Path(RAIDERS.sample_lists()[0]).read_text())
    data["size"] = "war-party"
    data["units"].append({"profile": "human-warriors", "count": 2})
    path = tmp_path / "party.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def _refused(args: list[str], says: str) -> None:
    result = runner.invoke(app, args, input="1\n" * 20)
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    output = " ".join(result.output.split())
    assert "Traceback" not in output and says in output, output


@pytest.mark.parametrize("command", ["battle", "play", "simulate"])
def test_arcworlde_setup_sequence_undeployable_list_refused_by_the_cli(
    tmp_path: Path, command: str
) -> None:
    """arcworlde.setup.sequence: an undeployable list is refused with the reason."""
    extra = ["-n", "2"] if command == "simulate" else ["--seed", "1"]
    b = str(ARCWORLDE.sample_lists()[1])
    _refused([command, "--ruleset", "arcworlde", "--a", str(_horde(tmp_path)), "--b", b, *extra],
             "cannot all be deployed")


@pytest.mark.parametrize("command", ["battle", "play", "simulate"])
def test_raiders_listbuilding_warband_size_mismatch_refused_by_the_cli(
    tmp_path: Path, command: str
) -> None:
    """raiders.listbuilding.warband_size: lists of two game sizes are refused at set-up."""
    extra = ["-n", "2"] if command == "simulate" else ["--seed", "1"]
    b = str(RAIDERS.sample_lists()[1])
    _refused([command, "--ruleset", "raiders", "--a", str(_war_party(tmp_path)), "--b", b, *extra],
             "different game sizes")
