"""``warband simulate`` and ``warband tournament`` through the command line: output, files and
every bad-input path (a clear message, never a traceback)."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sim_helpers import ARCWORLDE_LISTS
from typer.testing import CliRunner

from warband.cli.main import app
from warband.core import registry

runner = CliRunner()


def sq(text: str) -> str:
    """Text without whitespace or the box rich draws round an error (which wraps long lines)."""
    return re.sub(r"[\s\u2500-\u257f]", "", text)


def cli(*args: str) -> tuple[int, str]:
    """Run a command as ``warband`` would. Success: the exit status and stdout. A user error:
    its status and the message on stderr, squashed by :func:`sq` (never a traceback)."""
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code in (0, 130):
        return result.exit_code, result.stdout
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert "Error" in result.stderr
    return result.exit_code, sq(result.stderr.replace("Error", "", 1))


def cli_json(*args: str) -> dict[str, Any]:
    code, out = cli(*args, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


POSSE = str(ARCWORLDE_LISTS / "sheriffs-posse.yaml")
MOB = str(ARCWORLDE_LISTS / "ironjaw-mob.yaml")


def test_simulate_json_has_the_promised_fields(duel: Any, duel_list: Callable[..., Path]) -> None:
    data = cli_json("simulate", "--a", str(duel_list("x", 1)), "--b", str(duel_list("y")),
                    "--games", "400", "--ai", "random", "--seed", "3", "--workers", "1")
    for key in ("games", "wins", "draws", "win_rate", "ci95", "mean_rounds", "games_per_second",
                "score", "mean_vp", "first_activation", "profiles", "seed", "replay"):
        assert key in data
    assert data["games"] == 400 and data["ruleset"] == "duel" and not data["interrupted"]
    assert data["wins"]["a"] + data["wins"]["b"] + data["draws"] == 400
    assert data["ci95"]["a"][0] < data["win_rate"]["a"] < data["ci95"]["a"][1]
    assert data["mean_rounds"] == 1.0
    assert data["profiles"][0]["profile"] == "duellist"


def test_same_seed_same_json_whatever_the_workers(duel: Any, duel_list: Callable[..., Path]) -> None:
    a, b = str(duel_list("x")), str(duel_list("y", 1))
    timing = {"games_per_second", "elapsed_s", "startup_s", "workers", "batch_size"}
    one = cli_json("simulate", "--a", a, "--b", b, "-n", "300", "--seed", "8", "--workers", "1")
    two = cli_json("simulate", "--a", a, "--b", b, "-n", "300", "--seed", "8", "--workers", "2")
    other = cli_json("simulate", "--a", a, "--b", b, "-n", "300", "--seed", "9", "--workers", "2")
    assert {k: v for k, v in one.items() if k not in timing} == {k: v for k, v in two.items() if k not in timing}
    assert one["wins"] != other["wins"] or one["vp_margin_histogram"] != other["vp_margin_histogram"]


def test_simulate_human_output(duel: Any, duel_list: Callable[..., Path]) -> None:
    code, out = cli("simulate", "--a", str(duel_list("Lefty")), "--b", str(duel_list("Righty")),
                    "-n", "50", "--seed", "1", "--workers", "1")
    assert code == 0
    for text in ("50 games", "Lefty", "Righty", "Win rate", "Draws:", "Mean rounds", "First-activation",
                 "duellist", "games/s", "--seed SEED"):
        assert text in out


@pytest.mark.parametrize("ruleset", registry.available())
def test_out_csv_rows_replay_with_the_battle_command(ruleset: str, tmp_path: Path) -> None:
    """For every ruleset `warband battle` plays: each row of --out names its game's seed, and
    `warband battle --seed` plays that game again (same winner, VP, rounds and survivors): the
    simulator seeds game and AIs as battle does."""
    out = tmp_path / "games.csv"
    data = cli_json("simulate", "--ruleset", ruleset, "-n", "4", "--ai", "random",
                    "--seed", "11", "--workers", "2", "--out", str(out))
    assert data["ruleset"] == ruleset
    with out.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["game"]) for r in rows] == [0, 1, 2, 3]
    assert sum(r["winner"] == "a" for r in rows) == data["wins"]["a"]
    assert sum(r["winner"] == "draw" for r in rows) == data["draws"]
    for row in rows[:2]:
        battle = cli_json("battle", "--ruleset", ruleset, "--seed", row["seed"], "--a", row["list_a"],
                          "--b", row["list_b"], "--ai", row["ai_a"], "--ai-b", row["ai_b"])
        assert (battle["winner"] or "draw") == row["winner"]
        assert [battle["vp"]["a"], battle["vp"]["b"]] == [int(row["vp_a"]), int(row["vp_b"])]
        assert battle["rounds"] == int(row["rounds"])
        assert "; ".join(battle["survivors"]["a"]) == row["survivor_names_a"]
        assert "; ".join(battle["survivors"]["b"]) == row["survivor_names_b"]
        assert (battle.get("first_player") or "") == row["first_player"]


def test_out_parquet_and_plot(duel: Any, duel_list: Callable[..., Path], tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out, plot = tmp_path / "games.parquet", tmp_path / "chart.png"
    data = cli_json("simulate", "--a", str(duel_list("x")), "--b", str(duel_list("y")), "-n", "120",
                    "--seed", "2", "--workers", "2", "--out", str(out), "--plot", str(plot))
    table = pq.read_table(out)
    assert table.num_rows == 120
    assert table.column("game").to_pylist() == list(range(120))
    assert table.column("winner").to_pylist().count("a") == data["wins"]["a"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_matrix_orders_lists_by_strength(duel: Any, duel_list: Callable[..., Path], tmp_path: Path) -> None:
    lists = [str(duel_list("weak", 0)), str(duel_list("middling", 1)), str(duel_list("strong", 2))]
    plot, out = tmp_path / "heat.png", tmp_path / "t.csv"
    data = cli_json("tournament", *lists, "-n", "150", "--seed", "4", "--workers", "2",
                    "--plot", str(plot), "--out", str(out))
    assert data["lists"] == ["weak", "middling", "strong"]
    assert data["games"] == 6 * 150
    wr = data["win_rate"]
    assert [wr[i][i] for i in range(3)] == [None, None, None]
    # Each list beats the weaker ones: the whole interval is above one half (both seatings).
    for better, worse in ((1, 0), (2, 0), (2, 1)):
        cell = data["pairings"][better][worse]
        assert cell["games"] == 300 and cell["score_ci95"][0] > 0.5
        assert wr[better][worse] > wr[worse][better]
    assert [s["list"] for s in data["standings"]] == ["strong", "middling", "weak"]
    assert plot.read_bytes()[:4] == b"\x89PNG"
    with out.open(encoding="utf-8") as fh:
        assert sum(1 for _ in csv.DictReader(fh)) == 900
    code, text = cli("tournament", *lists, "-n", "5", "--seed", "4", "--workers", "1")
    assert code == 0 and "Win rate of row against column" in text and "Standings" in text


def test_tournament_is_reproducible(duel: Any, duel_list: Callable[..., Path]) -> None:
    lists = [str(duel_list("p", 0)), str(duel_list("q", 1))]
    one = cli_json("tournament", *lists, "-n", "40", "--seed", "4", "--workers", "1")
    two = cli_json("tournament", *lists, "-n", "40", "--seed", "4", "--workers", "2")
    assert one["pairings"] == two["pairings"]


# -- bad input ---------------------------------------------------------------------------------

@pytest.fixture()
def two_lists(duel: Any, duel_list: Callable[..., Path]) -> tuple[str, str]:
    return str(duel_list("x")), str(duel_list("y"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1 (got 0)"),
        (["--games", "-5"], "--games must be at least 1"),
        (["--workers", "-1"], "--workers must be at least 1 (got -1)"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--batch-size", "0"], "--batch-size must be at least 1"),
        (["--seed", "-3"], "--seed must be zero or positive"),
        (["--ai", "genius"], "unknown AI 'genius'"),
        (["--backend", "gpu"], "unknown backend 'gpu' (choose from: local, ray)"),
        (["--ray-address", "auto"], "--ray-address needs --backend ray"),
        (["--out", "games.txt"], "--out must name a .csv or .parquet file"),
        (["--out", "/no/such/folder/games.csv"], "folder /no/such/folder does not exist"),
        (["--plot", "chart.gif"], "--plot must name a .png, .svg or .pdf file"),
        (["--option", "weather=rain"], "unknown game option(s) weather"),
        (["--rounds", "0"], "--rounds must be at least 1"),
    ],
)
def test_bad_simulate_options_get_a_clear_message(two_lists: tuple[str, str], args: list[str], message: str) -> None:
    code, text = cli("simulate", "--a", two_lists[0], "--b", two_lists[1], *args)
    assert code == 2
    assert sq(message) in text


def test_a_missing_list_is_named(two_lists: tuple[str, str], tmp_path: Path) -> None:
    code, text = cli("simulate", "--a", two_lists[0], "--b", str(tmp_path / "nowhere.yaml"))
    assert code == 2 and text == sq(f"warband list not found: {tmp_path / 'nowhere.yaml'}")
    code, text = cli("tournament", two_lists[0], str(tmp_path / "gone.yaml"))
    assert code == 2 and sq("warband list not found") in text and sq("gone.yaml") in text


def test_lists_of_different_rulesets_are_refused(duel: Any, duel_list: Callable[..., Path]) -> None:
    duel_path = str(duel_list("x"))
    code, text = cli("simulate", "--a", duel_path, "--b", MOB, "-n", "5")
    assert code == 2
    assert sq("different rulesets") in text and sq("'duel'") in text and sq("'arcworlde'") in text
    code, text = cli("tournament", POSSE, duel_path, "-n", "5")
    assert code == 2 and sq("different rulesets") in text
    code, text = cli("simulate", "--ruleset", "duel", "--a", MOB, "--b", MOB, "-n", "5")
    assert code == 2 and sq("--ruleset duel") in text and sq("'arcworlde'") in text


def test_an_invalid_list_lists_its_violations(duel: Any, duel_list: Callable[..., Path], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: duel\nname: bad\nbonus: lots\n", encoding="utf-8")
    code, text = cli("simulate", "--a", str(bad), "--b", str(duel_list("y")), "-n", "5")
    assert code == 2 and sq("invalid warband list") in text and sq("bonus") in text
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: [unclosed\n", encoding="utf-8")
    code, text = cli("simulate", "--a", str(broken), "--b", str(duel_list("y")), "-n", "5")
    assert code == 2 and sq("invalid warband list") in text and sq("broken.yaml") in text


def test_a_tournament_needs_two_lists(two_lists: tuple[str, str]) -> None:
    code, text = cli("tournament", two_lists[0])
    assert code == 2 and text == sq("a tournament needs at least two lists")


def test_a_failing_game_names_its_seed(duel: Any, duel_list: Callable[..., Path]) -> None:
    code, text = cli("simulate", "--a", str(duel_list("x", explode=True)), "--b", str(duel_list("y")),
                     "-n", "3", "--seed", "1", "--workers", "1")
    assert code == 1
    assert sq("game 0 of x vs y (seed ") in text and sq("RuntimeError: the duel list exploded") in text


def test_ray_backend_without_ray_says_how_to_install_it(two_lists: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    code, text = cli("simulate", "--a", two_lists[0], "--b", two_lists[1], "--backend", "ray", "-n", "2")
    assert code == 2 and sq('pip install "warband[ray]"') in text


def test_a_missing_side_takes_the_rulesets_sample_list_or_says_why_not(
    duel: Any, duel_list: Callable[..., Path]
) -> None:
    code, text = cli("simulate", "--a", str(duel_list("x")), "-n", "2")
    assert code == 2 and text == sq("duel has no sample lists: give both --a and --b")
    data = cli_json("simulate", "--a", MOB, "-n", "2", "--ai", "random", "--seed", "1", "--workers", "1")
    assert data["warbands"] == {"a": "Ironjaw Mob", "b": "Sheriff's Posse"}  # not a mirror
