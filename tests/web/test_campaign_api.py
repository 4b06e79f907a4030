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


def test_a_battle_waits_for_review_and_applies_only_when_confirmed(client: TestClient) -> None:
    """Issue 15: the battle result is stored, its After Action Report shown, and nothing is
    applied until the user confirms (sm.campaign.after_action_report)."""
    assert client.get("/api/campaigns").json() == [
        {"name": "ashen", "ruleset": "sword-marches", "version": 1}]
    shown = client.get("/api/campaigns/ashen").json()
    assert shown["roster"][0].startswith("The Ashen Company") and shown["report"] is None
    assert shown["pending"] is None
    fought = client.post("/api/campaigns/ashen/battle",
                         json={"against": "hollow-court.yaml", "seed": 3}).json()
    pending = fought["pending"]
    assert pending["summary"].startswith("battle against hollow-court.yaml (seed 3)")
    assert pending["report"][0].startswith("After Action Report") and not pending["stale"]
    assert fought["version"] == 1 and fought["report"] is None  # nothing applied yet
    assert fought["roster"] == shown["roster"]
    # the battle is on the board to be watched first: a finished game, its record the same
    watched = client.get(f"/api/games/{pending['game']}/view").json()
    assert watched["over"]
    record = client.get(f"/api/games/{pending['game']}/record").text
    assert client.post("/api/campaigns/ashen/battle",  # one battle waits at a time: replaced
                       json={"against": "hollow-court.yaml", "seed": 3}).status_code == 200
    after = client.post("/api/campaigns/ashen/confirm").json()
    assert after["pending"] is None and after["version"] == 2
    assert after["report"] == pending["report"]  # the report reviewed is the report applied
    assert after["history"][-1]["summary"].startswith("battle against hollow-court.yaml (seed 3)")
    from warband.campaign.service import Campaigns
    from warband.campaign.store import Store as CampaignStore

    camps = Campaigns(CampaignStore(str(client.app.state.store.db.url)))  # type: ignore[attr-defined]
    assert camps.load("ashen").actions[1].payload["record"] == record
    assert camps.verify("ashen") == []
    assert client.post("/api/campaigns/ashen/confirm").status_code == 409  # nothing waits
    assert "campaigns.js" in client.get("/campaigns").text


def test_a_discarded_battle_changes_nothing(client: TestClient) -> None:
    before = client.get("/api/campaigns/ashen").json()
    client.post("/api/campaigns/ashen/battle", json={"against": "hollow-court.yaml", "seed": 4})
    after = client.post("/api/campaigns/ashen/discard").json()
    assert after == before
    assert client.post("/api/campaigns/ashen/discard").status_code == 409


def test_a_stale_battle_cannot_be_confirmed(client: TestClient, tmp_path: Path) -> None:
    """A purchase between the battle and its confirmation: the report was computed on a roster
    that is gone, so confirming is refused and nothing changes."""
    client.post("/api/campaigns/ashen/battle", json={"against": "hollow-court.yaml", "seed": 5})
    camps = Campaigns(Store(f"sqlite:///{tmp_path / 'campaigns.db'}"))
    camps.spend("ashen", ["stow", "Ashen Crossbow 1", "knife"])
    shown = client.get("/api/campaigns/ashen").json()
    assert shown["pending"]["stale"]
    r = client.post("/api/campaigns/ashen/confirm")
    assert r.status_code == 409 and "discard it and fight again" in r.json()["detail"]
    assert client.get("/api/campaigns/ashen").json()["version"] == 2  # the purchase only
    camps.store.close()


def test_against_rogue_on_the_web_is_refused_clearly_for_sword_marches(client: TestClient) -> None:
    r = client.post("/api/campaigns/ashen/battle", json={"against": "rogue"})
    assert r.status_code == 400 and "no Rogue Warband generator" in r.json()["detail"]


def test_bad_campaign_requests_change_nothing(client: TestClient) -> None:
    assert client.get("/api/campaigns/nobody").status_code == 404
    r = client.post("/api/campaigns/ashen/battle", json={"against": "nowhere.yaml"})
    assert r.status_code == 400 and "neither" in r.json()["detail"]
    r = client.post("/api/campaigns/ashen/battle", json={"against": "hollow-court.yaml",
                                                          "ai": "nobody"})
    assert r.status_code == 400 and "unknown AI" in r.json()["detail"]
    assert client.get("/api/campaigns").json()[0]["version"] == 1


def test_games_saved_as_files_by_an_earlier_version_are_listed_and_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves survive upgrades: a game saved as <id>.jsonl + <id>.json in data/games (the
    board's format before the campaign database) is listed, resumed, and saved on into the
    database."""
    import json

    from warband.web.sessions import Session, token_hash

    monkeypatch.delenv("WARBAND_DB", raising=False)
    rs = registry.get("arcworlde")
    lists = [rs.load_list(p) for p in rs.sample_lists()[:2]]
    game = rs.new_game(lists, 9, track_digest=True)
    old = Session(id="0123456789abcdef", ruleset=rs, game=game, seats={0: "human", 1: "heuristic"},
                  token_hashes={0: token_hash("tok")})
    old.run_ais()
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / f"{old.id}.jsonl").write_text(old.record_text(), encoding="utf-8")
    (folder / f"{old.id}.json").write_text(json.dumps({
        "id": old.id, "ruleset": "arcworlde", "created": 1.0, "source": "play",
        "seats": {"0": "human", "1": "heuristic"}, "token_sha256": {"0": token_hash("tok")},
        "summary": old.summary()}), encoding="utf-8")
    client = TestClient(create_app(tmp_path))
    assert [g["id"] for g in client.get("/api/games").json()] == [old.id]
    view = client.get(f"/api/games/{old.id}/view", headers={"Authorization": "Bearer tok"}).json()
    assert view["decisions"] == len(game.history) and view["pending"] is not None
    r = client.post(f"/api/games/{old.id}/answer", json={"choice": 0},
                    headers={"Authorization": "Bearer tok"})
    assert r.status_code == 200
    assert client.app.state.store.db.saved_game(old.id) is not None  # type: ignore[attr-defined]
