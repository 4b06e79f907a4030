"""Reliability: a campaign process killed (SIGKILL) at random points leaves the database
consistent; two processes updating one campaign lose no update; long simulated campaigns keep
their invariants and undo restores exactly."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from warband.campaign.core import CampaignError, live_actions, rules_for
from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry

from .conftest import sm_list

WORKER = Path(__file__).with_name("worker.py")
RULES = rules_for("sword-marches")
RS = registry.get("sword-marches")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    return env


def _consistent(camps: Campaigns, name: str) -> int:
    """Checks the campaign folds, every battle in force has its report in the same step, the
    version counts the steps, and the roster keeps its invariants; returns its steps."""
    loaded = camps.load(name)
    steps = {a.step for a in loaded.actions}
    assert loaded.version == len(steps) + 0  # one version per committed step
    live = live_actions(loaded.actions)
    for i, a in enumerate(live):
        if a.kind == "battle":
            assert live[i + 1].kind == "report" and live[i + 1].step == a.step
    assert RULES.check(loaded.derived.roster) == []
    return len(steps)


def _kill_round(url: str, seed: int, delay: float) -> int:
    proc = subprocess.Popen([sys.executable, str(WORKER), url, "camp",
                             str(sm_list("hollow-court.yaml")), str(seed), "1000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env())
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
    time.sleep(delay)  # now somewhere inside a battle, a report, a purchase or an undo
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    assert "Traceback" not in err, err
    return sum(1 for line in out.splitlines() if line.startswith("ok "))


@pytest.mark.slow
def test_sigkill_at_random_points_leaves_the_campaign_consistent(db_url: str) -> None:
    store = Store(db_url)
    camps = Campaigns(store)
    camps.new("camp", "sword-marches", sm_list("ashen-company.yaml"))
    rng = random.Random(15)
    steps = _consistent(camps, "camp")
    commands = 0
    for k in range(8):
        commands += _kill_round(db_url, k, rng.uniform(0.05, 0.9))
        now = _consistent(camps, "camp")
        assert now >= steps  # nothing committed is ever lost
        steps = now
    assert commands > 0 and steps > 1  # the workers did commit work between the kills
    assert camps.verify("camp") == []  # every report in force re-derives from its record
    store.close()


@pytest.mark.slow
def test_two_processes_updating_one_campaign_lose_no_update(db_url: str) -> None:
    store = Store(db_url)
    camps = Campaigns(store)
    camps.new("camp", "sword-marches", sm_list("ashen-company.yaml"))
    script = ("import sys; from warband.campaign.service import Campaigns;"
              " from warband.campaign.store import Store;"
              " c = Campaigns(Store(sys.argv[1]));"
              " [c.battle('camp', sys.argv[2], ai='random', seed=int(sys.argv[3]) * 100 + i)"
              " for i in range(3)]")
    procs = [subprocess.Popen([sys.executable, "-c", script, db_url,
                               str(sm_list("hollow-court.yaml")), str(p)],
                              stderr=subprocess.PIPE, text=True, env=_env()) for p in (1, 2)]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    loaded = camps.load("camp")
    assert loaded.derived.roster["battles"] == 6
    assert sum(1 for a in loaded.actions if a.kind == "battle") == 6
    _consistent(camps, "camp")
    store.close()


def _field_or_recruit(camps: Campaigns, name: str) -> bool:
    """Hire Warriors while the warband is too small to take the field; False if it cannot."""
    for _ in range(6):
        roster = camps.load(name).derived.roster
        try:
            RULES.muster(roster)
            return True
        except CampaignError:
            pass
        like = next(iter(roster["templates"]))
        try:
            camps.spend(name, ["hire", like, f"Recruit {roster['battles']}-{_}"])
        except CampaignError:
            return False
    return False


def _random_purchase(camps: Campaigns, name: str, rng: random.Random) -> None:
    roster = camps.load(name).derived.roster
    models = [m["name"] for m in roster["muster"]["models"]]
    options: list[list[str]] = [
        ["rations"], ["trait", rng.choice(models), "valor"],
        ["raise", rng.choice(models), "man_at_arms"], ["seek", rng.choice(models), "warblade"],
        ["gear", rng.choice(models), "helmet"]]
    with contextlib.suppress(CampaignError):
        camps.spend(name, rng.choice(options))


def _undo_restores_exactly(camps: Campaigns, name: str, before: dict[str, Any]) -> None:
    camps.undo(name)
    assert camps.load(name).derived.roster == before


@pytest.mark.slow
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=hs.integers(0, 10**6))
def test_long_campaigns_keep_their_invariants(tmp_path: Path, seed: int) -> None:
    """Two campaigns fight each other (both reports applied) with purchases between battles:
    XP and Silver never negative, the roster a valid Muster whenever it can take the field,
    undo restores exactly."""
    store = Store(f"sqlite:///{tmp_path / f'long-{seed}.db'}")
    camps = Campaigns(store)
    rng = random.Random(seed)
    camps.new("a", "sword-marches", sm_list("ashen-company.yaml"))
    camps.new("b", "sword-marches", sm_list("greyrun-wardens.yaml"))
    battles = 0
    for _ in range(17):
        for name in ("a", "b"):
            _random_purchase(camps, name, rng)
            before = camps.load(name).derived.roster
            if rng.random() < 0.3:
                _random_purchase(camps, name, rng)
                if camps.load(name).derived.roster != before:
                    _undo_restores_exactly(camps, name, before)
        if not (_field_or_recruit(camps, "a") and _field_or_recruit(camps, "b")):
            break
        before = camps.load("a").derived.roster
        camps.battle("a", "b", ai="random", seed=rng.randrange(10**6))
        battles += 1
        for name in ("a", "b"):
            roster = camps.load(name).derived.roster
            assert RULES.check(roster) == []
            assert roster["silver"] >= 0 and min(roster["exp"].values(), default=0) >= 0
        if rng.random() < 0.2:
            _undo_restores_exactly(camps, "a", before)
    assert battles >= 5
    for name in ("a", "b"):
        assert camps.verify(name) == []
    store.close()
