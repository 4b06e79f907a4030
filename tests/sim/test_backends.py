"""Backends give identical results: in this process, a local process pool, and Ray (a local
instance: RAY_AUTH_MODE=disabled, no dashboard). And Ctrl-C stops a real run cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sim_helpers import ARCWORLDE_LISTS
from typer.testing import CliRunner

from warband.cli.main import app

POSSE = str(ARCWORLDE_LISTS / "sheriffs-posse.yaml")
MOB = str(ARCWORLDE_LISTS / "ironjaw-mob.yaml")
TIMING = {"games_per_second", "elapsed_s", "startup_s", "workers", "batch_size", "backend"}


def _simulate(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["simulate", "--a", POSSE, "--b", MOB, "--json", *args])
    assert result.exit_code == 0, (result.stdout, result.exception)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_local_and_ray_backends_give_identical_results(tmp_path: Path) -> None:
    """The same 30 ArcWorlde games (seed 31) on one process, two local workers and two Ray
    workers: identical aggregates and identical per-game rows."""
    pytest.importorskip("ray")
    common = ["-n", "30", "--ai", "random", "--seed", "31"]
    runs = {}
    for name, extra in (("serial", ["--workers", "1"]), ("local", ["--workers", "2"]),
                        ("ray", ["--workers", "2", "--backend", "ray"])):
        out = tmp_path / f"{name}.csv"
        data = _simulate(*common, *extra, "--out", str(out))
        runs[name] = ({k: v for k, v in data.items() if k not in TIMING}, out.read_text(encoding="utf-8"))
        assert data["games"] == 30
    assert runs["ray"][0]["interrupted"] is False
    assert runs["serial"] == runs["local"] == runs["ray"]


def test_ctrl_c_stops_cleanly_and_reports_the_games_finished(tmp_path: Path) -> None:
    """SIGINT to the whole process group (what a terminal sends): exit status 130, a JSON report
    of the games finished so far, their rows written, and no traceback."""
    out = tmp_path / "games.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "warband.cli.main", "simulate", "--a", POSSE, "--b", MOB,
         "-n", "100000", "--ai", "random", "--seed", "5", "--workers", "2", "--batch-size", "2",
         "--json", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        # Wait until some rows are on disk (the header line plus games), then press Ctrl-C.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and out.stat().st_size > 2000:
                break
            if proc.poll() is not None:
                break
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # pragma: no cover - only if the stop failed
            proc.kill()
    assert proc.returncode == 130, stderr.decode()
    assert b"Traceback" not in stderr
    data = json.loads(stdout)
    assert data["interrupted"] is True
    assert 0 < data["games"] < 100000
    assert data["wins"]["a"] + data["wins"]["b"] + data["draws"] == data["games"]
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) - 1 == data["games"]
