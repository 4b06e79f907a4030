"""Simulations from the web board (issue 14's simulate page): a background ``warband simulate``
with progress, a stop button, and the same summary as the command."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from warband.cli.main import app as cli

LISTS = Path(__file__).parents[2] / "src/warband/rulesets/arcworlde/content/lists"


def _wait(client: TestClient, sim_id: str, limit: float = 120) -> dict[str, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        sim = client.get(f"/api/simulations/{sim_id}").json()
        if sim["state"] != "running":
            return dict(sim)
        time.sleep(0.1)
    raise AssertionError("the simulation did not finish")


def test_a_simulation_gives_the_summary_of_warband_simulate(client: TestClient) -> None:
    r = client.post("/api/simulations", json={
        "ruleset": "arcworlde", "lists": ["sheriffs-posse.yaml", "ironjaw-mob.yaml"],
        "ais": ["random", "random"], "games": 12, "seed": 5})
    assert r.status_code == 201
    sim = _wait(client, r.json()["id"])
    assert sim["state"] == "done" and sim["done"] == sim["total"] == 12
    out = CliRunner().invoke(cli, [
        "simulate", "--a", str(LISTS / "sheriffs-posse.yaml"), "--b", str(LISTS / "ironjaw-mob.yaml"),
        "--games", "12", "--seed", "5", "--ai", "random", "--json"])
    assert out.exit_code == 0, out.output
    cli_says = json.loads(out.output)
    for key in ("games", "wins", "draws", "win_rate", "ci95", "score", "mean_rounds", "mean_vp",
                "rounds_histogram"):
        assert sim["summary"][key] == cli_says[key], key


def test_a_simulation_can_be_stopped_and_bad_ones_are_refused(client: TestClient) -> None:
    r = client.post("/api/simulations", json={
        "ruleset": "raiders", "lists": ["border-raiders.yaml", "ashen-warband.yaml"],
        "games": 1000, "seed": 1})
    sim_id = r.json()["id"]
    assert client.post(f"/api/simulations/{sim_id}/stop").status_code == 200
    sim = _wait(client, sim_id)
    assert sim["state"] == "stopped" and sim["done"] < 1000
    bad = [
        {"ruleset": "arcworlde", "lists": ["sheriffs-posse.yaml", "/etc/passwd"]},
        {"ruleset": "arcworlde", "lists": ["sheriffs-posse.yaml", "ironjaw-mob.yaml"], "games": 0},
        {"ruleset": "arcworlde", "lists": ["sheriffs-posse.yaml", "ironjaw-mob.yaml"], "ais": ["nobody"]},
        {"ruleset": "arcworlde", "lists": ["sheriffs-posse.yaml", "ironjaw-mob.yaml"], "options": {"rounds": 99}},
    ]
    for body in bad:
        assert client.post("/api/simulations", json=body).status_code == 422, body
    assert client.get("/api/simulations/nope").status_code == 404
