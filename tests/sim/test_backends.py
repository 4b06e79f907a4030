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
# what differs between runs of the same games: timings, the pool, and the output file named
TIMING = {"games_per_second", "elapsed_s", "startup_s", "workers", "batch_size", "backend", "out"}


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


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_ctrl_c_stops_cleanly_and_reports_the_games_finished(tmp_path: Path, how: str) -> None:
    """SIGINT to the whole process group (what a terminal sends), or SIGTERM to the program:
    exit status 130, a JSON report of the games finished so far, their rows written to a file
    whose name says it is incomplete, and no traceback."""
    out = tmp_path / "games.csv"
    partial = tmp_path / "games.partial.csv"
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
            if partial.exists() and partial.stat().st_size > 2000:
                break
            if proc.poll() is not None:
                break
            time.sleep(0.2)
        if how == "ctrl-c":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGTERM)
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
    assert not out.exists() and data["out"] == str(partial)
    lines = partial.read_text(encoding="utf-8").splitlines()
    assert len(lines) - 1 == data["games"]


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces, so split after its closing bracket
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM])
def test_pool_workers_die_with_a_killed_simulate(tmp_path: Path, kill: int) -> None:
    """A `simulate --workers 2` killed outright leaves no worker playing on; a killed Parquet
    run leaves no half-written file under the name asked for."""
    out = tmp_path / "games.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "warband.cli.main", "simulate", "--a", POSSE, "--b", MOB,
         "-n", "100000", "--ai", "random", "--seed", "5", "--workers", "2", "--json",
         "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
            time.sleep(0.3)
            workers = [c for c in _children(proc.pid)
                       if "resource_tracker" not in Path(f"/proc/{c}/cmdline").read_text()]
        assert len(workers) >= 2, "the pool did not start"
        time.sleep(1.0)  # let them play
        os.kill(proc.pid, kill)
        proc.communicate(timeout=60)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers), "pool workers outlived their parent"
    finally:
        for w in workers:
            if _alive(w):  # pragma: no cover - only if the test fails
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:  # pragma: no cover
            proc.kill()
    if kill == signal.SIGKILL:
        assert not out.exists()
    else:  # a SIGTERM stops cleanly: the partial file is a readable Parquet file
        import pyarrow.parquet as pq

        partial = tmp_path / "games.partial.parquet"
        assert not out.exists()
        assert pq.read_table(partial).num_rows >= 0
