"""``warband simulate --resume`` (issue 9, section 4): a run stopped or killed part-way is
finished by playing only the games its partial file lacks, with the figures and rows of an
uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sim_helpers import ARCWORLDE_LISTS
from typer.testing import CliRunner

from warband.sim.games import Matchup
from warband.sim.runner import plan_tasks

POSSE = str(ARCWORLDE_LISTS / "sheriffs-posse.yaml")
MOB = str(ARCWORLDE_LISTS / "ironjaw-mob.yaml")
RUN = ["simulate", "--a", POSSE, "--b", MOB, "-n", "30", "--ai", "random", "--seed", "9",
       "--batch-size", "2", "--json"]
TIMING = {"games_per_second", "elapsed_s", "startup_s", "workers", "batch_size", "backend",
          "out", "resumed"}


def _cli(*args: str) -> tuple[int, dict[str, Any] | str]:
    from warband.cli.main import app

    result = CliRunner(env={"COLUMNS": "300"}).invoke(app, list(args))
    try:
        return result.exit_code, json.loads(result.stdout)
    except ValueError:
        return result.exit_code, " ".join(result.output.replace("│", " ").split())


def _figures(data: Any) -> dict[str, Any]:
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if k not in TIMING}


def _rows(path: Path) -> list[str]:
    """The rows without the list paths (identical runs, same paths anyway)."""
    return path.read_text(encoding="utf-8").splitlines()


def test_a_killed_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    whole_out = tmp_path / "whole.csv"
    code, whole = _cli(*RUN, "--workers", "1", "--out", str(whole_out))
    assert code == 0

    out = tmp_path / "games.csv"
    partial = tmp_path / "games.partial.csv"
    proc = subprocess.Popen([sys.executable, "-m", "warband.cli.main", *RUN, "--workers", "2",
                             "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if partial.exists() and len(partial.read_text(encoding="utf-8").splitlines()) > 5:
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
    assert not out.exists() and partial.exists()

    code, resumed = _cli(*RUN, "--workers", "1", "--out", str(out), "--resume")
    assert code == 0, resumed
    assert isinstance(resumed, dict) and 0 < resumed["resumed"] < 30
    assert _figures(resumed) == _figures(whole)
    assert _rows(out) == _rows(whole_out)
    assert not partial.exists() and not (tmp_path / "games.partial.csv.json").exists()


def test_resume_with_nothing_to_resume_runs_afresh_and_refuses_another_runs_state(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    state = tmp_path / "games.partial.csv.json"
    partial = tmp_path / "games.partial.csv"
    code, whole = _cli(*RUN, "--workers", "1", "--out", str(out))
    assert code == 0
    # make it look stopped after the first 4 games: keep the state of a shorter run
    code, _ = _cli(*[a if a != "30" else "4" for a in RUN], "--workers", "1", "--out",
                   str(tmp_path / "four.csv"))
    assert code == 0
    code, text = _cli(*RUN, "--workers", "1", "--out", str(out), "--resume", "-n", "31")
    assert code == 0  # nothing to resume: a fresh, complete run
    # a state from a run of other games is refused
    partial.write_text((tmp_path / "four.csv").read_text(encoding="utf-8"), encoding="utf-8")
    state.write_text(json.dumps({"run": [{"other": 1}], "done": [[[0, 4]]],
                                 "tallies": []}), encoding="utf-8")
    code, text = _cli(*RUN, "--workers", "1", "--out", str(out), "--resume")
    assert code == 2 and "is from another run" in str(text)


def test_resume_needs_a_csv_out() -> None:
    code, text = _cli(*RUN, "--resume")
    assert code == 2 and "--resume needs --out FILE.csv" in str(text)
    code, text = _cli(*RUN, "--resume", "--out", "x.parquet")
    assert code == 2 and "--resume needs --out FILE.csv" in str(text)


def test_plan_tasks_leaves_out_finished_games() -> None:
    m = Matchup("arcworlde", (), ("random", "random"), 1, 10, ("a", "b"), ("A", "B"))
    tasks = list(plan_tasks([m], 3, [[(0, 2), (4, 6)]]))
    covered = [g for t in tasks for g in range(t.start, t.stop)]
    assert covered == [2, 3, 6, 7, 8, 9]
    assert [t.id for t in tasks] == list(range(len(tasks)))
