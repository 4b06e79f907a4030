"""The web board's campaign pages: list, show and fight the next battle through the API."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry
from warband.web.app import create_app


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.delenv("WARBAND_DB", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'campaigns.db'}")
    lists = {p.name: p for p in registry.get("sword-marches").sample_lists()}
    Campaigns(store).new("ashen", "sword-marches", lists["ashen-company.yaml"])
    store.close()
    return TestClient(create_app(tmp_path))


def test_campaigns_listed_shown_and_a_battle_applied(client: TestClient) -> None:
    assert client.get("/api/campaigns").json() == [
        {"name": "ashen", "ruleset": "sword-marches", "version": 1}]
    shown = client.get("/api/campaigns/ashen").json()
    assert shown["roster"][0].startswith("The Ashen Company") and shown["report"] is None
    after = client.post("/api/campaigns/ashen/battle",
                        json={"against": "hollow-court.yaml", "seed": 3}).json()
    assert after["report"][0].startswith("After Action Report")
    assert after["history"][-1]["summary"].startswith("battle against hollow-court.yaml (seed 3)")
    assert "campaigns.js" in client.get("/campaigns").text


def test_bad_campaign_requests_change_nothing(client: TestClient) -> None:
    assert client.get("/api/campaigns/nobody").status_code == 404
    r = client.post("/api/campaigns/ashen/battle", json={"against": "nowhere.yaml"})
    assert r.status_code == 400 and "neither" in r.json()["detail"]
    r = client.post("/api/campaigns/ashen/battle", json={"against": "hollow-court.yaml",
                                                          "ai": "nobody"})
    assert r.status_code == 400 and "unknown AI" in r.json()["detail"]
    assert client.get("/api/campaigns").json()[0]["version"] == 1
