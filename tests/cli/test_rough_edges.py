"""Issue 9, sections 3 and 4: rough edges a new user meets, and hostile input through the
command line (user text reaching the rich formatter, flags, version, ruleset from the list)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warband.cli.main import app
from warband.rulesets.arcworlde import RULESET as ARCWORLDE
from warband.rulesets.raiders import RULESET as RAIDERS

runner = CliRunner(env={"COLUMNS": "200"})
ROOT = Path(__file__).resolve().parents[2]


def _named(tmp_path: Path, source: Path, name: str, filename: str = "named.yaml") -> Path:
    """A copy of a sample list under another name."""
    lines = source.read_text(encoding="utf-8").splitlines()
    out = [f"name: {name!r}" if line.startswith("name:") else line for line in lines]
    path = tmp_path / filename
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def _invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    return result.exit_code, result.output


MARKUP_NAMES = ["[/]", "[bold]x[/bold", "[/red] [link=x]"]


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_list_named_like_markup_is_printed_as_written(tmp_path: Path, name: str) -> None:
    arc = _named(tmp_path, ARCWORLDE.sample_lists()[1], name, "arc.yaml")
    rai = _named(tmp_path, RAIDERS.sample_lists()[0], name, "rai.yaml")
    code, out = _invoke("validate", str(arc), str(rai))
    assert code == 0, out
    assert out.count(name) == 2
    code, out = _invoke("battle", "--a", str(arc), "--seed", "2", "--rounds", "1")
    assert code == 0 and name in out, out
    code, out = _invoke("simulate", "--a", str(arc), "-n", "2", "--workers", "1", "--seed", "1")
    assert code == 0 and name in out, out
    code, out = _invoke("tournament", str(arc), str(_named(tmp_path, arc, "x", "x.yaml")),
                        "-n", "1", "--workers", "1", "--seed", "1")
    assert code == 0 and name in out, out


@pytest.mark.parametrize("command", [["validate", "LIST"], ["battle"], ["play"],
                                     ["simulate", "-n", "1"], ["tournament", "LIST", "LIST"]])
def test_a_ruleset_named_like_markup_is_refused_with_a_message(command: list[str]) -> None:
    lst = str(ARCWORLDE.sample_lists()[0])
    args = [lst if a == "LIST" else a for a in command]
    code, out = _invoke(*args, "--ruleset", "[/]")
    assert code != 0
    assert "[/]" in out and "MarkupError" not in out


def test_version_and_python_dash_m() -> None:
    from warband import __version__
    from warband._compiled import describe_build

    # the version, then whether this installation runs compiled modules (docs/performance.md)
    expected = f"warband {__version__}\n{describe_build()}"
    code, out = _invoke("--version")
    assert code == 0 and out.strip() == expected
    done = subprocess.run([sys.executable, "-m", "warband", "--version"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == expected
    done = subprocess.run([sys.executable, "-m", "warband", "rulesets"], capture_output=True,
                          text=True, timeout=60)
    assert "arcworlde" in done.stdout


@pytest.mark.parametrize("command", ["battle", "play", "simulate", "tournament", "profiles",
                                     "replay"])
def test_help_shows_flags_without_a_bool_value(command: str) -> None:
    code, out = _invoke(command, "--help")
    assert code == 0
    assert "<bool>" not in out
    assert "--help" in out


@pytest.mark.parametrize("command", ["battle", "play"])
def test_game_help_lists_each_rulesets_ais_and_options(command: str) -> None:
    code, out = _invoke(command, "--help")
    flat = " ".join(out.split())
    for rs in (ARCWORLDE, RAIDERS):
        for ai in rs.controllers():
            assert ai in flat
        for option in rs.option_names():
            assert option in flat
    assert "rogue" in flat  # an AI only ArcWorlde has


def test_battle_takes_the_ruleset_from_the_list() -> None:
    code, out = _invoke("battle", "--a", str(RAIDERS.sample_lists()[0]), "--seed", "3", "--json")
    assert code == 0, out
    assert '"ended_by"' in out  # a Raiders result (ArcWorlde has no ended_by)


def test_play_takes_the_ruleset_from_the_list() -> None:
    result = runner.invoke(app, ["play", "--a", str(RAIDERS.sample_lists()[0]), "--seed", "3"],
                           input="")
    assert "Raiders" in result.output or "raiders" in result.output.lower()
    assert "invalid warband list" not in result.output


def test_play_refuses_a_record_path_in_a_missing_folder_before_the_game(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.jsonl"
    result = runner.invoke(app, ["play", "--replay", str(target), "--seed", "1"], input="")
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert "choice" not in result.output  # no game was started


def test_readme_code_fences_are_closed_and_pytest_q_is_not_doubled() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    fences = [line for line in readme.splitlines() if line.lstrip().startswith("```")]
    assert len(fences) % 2 == 0
    # an opening fence has a language, a closing one has none: they must alternate
    for i, line in enumerate(fences):
        assert (line.strip() != "```") == (i % 2 == 0), (i, line)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    addopts = next(line for line in pyproject.splitlines() if line.startswith("addopts"))
    if "pytest -q" in readme:
        assert "-q" not in addopts, "README's pytest -q plus addopts -q prints no summary line"
