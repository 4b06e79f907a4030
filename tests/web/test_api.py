"""The web board's HTTP API (issue 14): games, seats and tokens, answers with 403/409/422 and
nothing changed by a refused one, AI seats, records, undo, saving and resuming, replays, and
hidden information through every endpoint."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from warband.core.record import read_record, replay
from warband.web.app import create_app

from .conftest import bearer

NewGame = Callable[..., dict[str, Any]]


def _view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _play_out(client: TestClient, gid: str, tokens: dict[str, str], seed: int = 0,
              limit: int = 3000) -> dict[str, Any]:
    """Answer every pending decision of the human seats with random options until the end."""
    rng = random.Random(seed)
    for _ in range(limit):
        progressed = False
        for token in tokens.values():
            view = _view(client, gid, token)
            if view["over"]:
                return view
            if view["pending"]:
                choice = rng.randrange(len(view["pending"]["options"]))
                r = client.post(f"/api/games/{gid}/answer", json={"choice": choice},
                                headers=bearer(token))
                assert r.status_code == 200, r.text
                progressed = True
        assert progressed, "no seat was asked anything, yet the game is not over"
    raise AssertionError("the game did not end")


def test_rulesets_lists_every_ruleset_with_title_and_playable(client: TestClient) -> None:
    rows = client.get("/api/rulesets").json()
    by_name = {r["name"]: r for r in rows}
    assert by_name["arcworlde"]["playable"] and by_name["raiders"]["playable"]
    assert all({"name", "title", "playable"} <= set(r) for r in rows)
    assert "heuristic" in by_name["arcworlde"]["ais"]
    assert "sheriffs-posse.yaml" in by_name["arcworlde"]["lists"]


def test_new_game_gives_a_token_per_human_seat_and_views(client: TestClient, new_game: NewGame) -> None:
    made = new_game(seats={"a": "human", "b": "heuristic"})
    assert set(made["tokens"]) == {"a"}
    mine = _view(client, made["id"], made["tokens"]["a"])
    assert mine["seat"] == "a" and mine["pending"] is not None
    assert {"index", "label"} <= set(mine["pending"]["options"][0])
    board = mine["board"]
    assert board["table"]["width"] > 0 and board["terrain"] and board["zones"]
    spectator = _view(client, made["id"])
    assert spectator["seat"] is None and spectator["pending"] is None
    assert spectator["board"]["player"] is None and spectator["log"] == mine["log"]


def test_answer_status_codes_and_a_refused_answer_changes_nothing(
        client: TestClient, new_game: NewGame) -> None:
    made = new_game(seats={"a": "human", "b": "human"})
    gid, tokens = made["id"], made["tokens"]
    asked = next(s for s in "ab" if _view(client, gid, tokens[s])["pending"])
    idle = "b" if asked == "a" else "a"
    before = {s: _view(client, gid, tokens[s]) for s in "ab"}
    other = new_game(seats={"a": "human", "b": "human"})
    refusals = [
        ({"choice": 0}, bearer(other["tokens"]["a"]), 403),       # a token of another game
        ({"choice": 0}, bearer("not-a-token"), 403),
        ({"choice": 0}, {}, 403),                                  # no token at all
        ({"choice": 0}, bearer(tokens[idle]), 409),                # that seat is not asked
        ({"choice": 10_000}, bearer(tokens[asked]), 422),          # no such option
        ({"choice": -1}, bearer(tokens[asked]), 422),
        ({"choice": "x"}, bearer(tokens[asked]), 422),             # not an index
        ({"choice": 0, "point": [-50, -50]}, bearer(tokens[asked]), 422),  # off the table
    ]
    for body, headers, status in refusals:
        r = client.post(f"/api/games/{gid}/answer", json=body, headers=headers)
        assert r.status_code == status, (body, r.status_code, r.text)
        assert r.json()["detail"]
    for point in ("[NaN, 3]", "[Infinity, 3]", "[1e400, 3]"):  # JSON that Python reads as non-finite
        r = client.post(f"/api/games/{gid}/answer", content='{"choice": 0, "point": ' + point + "}",
                        headers={**bearer(tokens[asked]), "Content-Type": "application/json"})
        assert r.status_code == 422, (point, r.text)
    after = {s: _view(client, gid, tokens[s]) for s in "ab"}
    assert after == before
    r = client.post(f"/api/games/{gid}/answer", json={"choice": 0}, headers=bearer(tokens[asked]))
    assert r.status_code == 200 and r.json()["decisions"] == before[asked]["decisions"] + 1


def test_a_point_on_the_table_is_a_move_or_placement(client: TestClient, new_game: NewGame) -> None:
    """A free point read with an option as template (Place anywhere legal in the zone)."""
    made = new_game(seats={"a": "human", "b": "human"}, seed=3)
    gid, tokens = made["id"], made["tokens"]
    for _ in range(5):  # past the deployment order roll-off to the first placement
        seat = next(s for s in "ab" if _view(client, gid, tokens[s])["pending"])
        pending = _view(client, gid, tokens[seat])["pending"]
        if pending["free_point"]:
            break
        client.post(f"/api/games/{gid}/answer", json={"choice": 0}, headers=bearer(tokens[seat]))
    assert pending["free_point"] and pending["kind"] == "deploy"
    option = pending["options"][0]
    x, y = option["point"]
    nudged = [round(x + 0.37, 2), y]
    r = client.post(f"/api/games/{gid}/answer", json={"choice": 0, "point": nudged},
                    headers=bearer(tokens[seat]))
    assert r.status_code == 200, r.text
    placed = {p["id"]: (p["x"], p["y"]) for p in r.json()["board"]["pieces"]}
    assert placed[option["pieces"][0]] == (nudged[0], nudged[1])


@pytest.mark.parametrize("ruleset", ["arcworlde", "raiders"])
def test_a_game_against_the_ai_plays_to_the_end_and_its_record_replays(
        client: TestClient, new_game: NewGame, ruleset: str, tmp_path: Path) -> None:
    made = new_game(ruleset, seed=2, seats={"a": "human", "b": "heuristic"})
    gid = made["id"]
    assert client.get(f"/api/games/{gid}/record").status_code == 409  # not over yet
    final = _play_out(client, gid, made["tokens"], seed=2)
    assert final["over"] and final["outcome"] and final["pending"] is None
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    path = tmp_path / "game.jsonl"
    path.write_text(r.text)
    game = replay(read_record(path), path)
    assert game.over and game.outcome().to_json() == json.loads(json.dumps(final["outcome"]))
    assert any("reason" in json.loads(line) for line in r.text.splitlines()[1:-1]), \
        "the AI's reasons are in the record"


def test_undo_takes_back_my_last_decision(client: TestClient, new_game: NewGame) -> None:
    made = new_game("raiders", seed=4)
    gid, token = made["id"], made["tokens"]["a"]
    start = _view(client, gid, token)
    assert not start["can_undo"]
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(token)).status_code == 409
    r = client.post(f"/api/games/{gid}/answer", json={"choice": 0}, headers=bearer(token))
    assert r.status_code == 200 and r.json()["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(token))
    assert r.status_code == 200 and r.json()["removed"] >= 1
    again = _view(client, gid, token)
    assert again["pending"] == start["pending"] and again["board"] == start["board"]
    assert again["decisions"] == start["decisions"]
    assert client.post(f"/api/games/{gid}/undo").status_code == 403
    both = new_game(seats={"a": "human", "b": "human"})
    assert client.post(f"/api/games/{both['id']}/undo",
                       headers=bearer(both["tokens"]["a"])).status_code == 409


def test_games_are_saved_and_resume_after_a_restart(data: Path, client: TestClient,
                                                    new_game: NewGame) -> None:
    made = new_game("raiders", seed=6)
    gid, token = made["id"], made["tokens"]["a"]
    for _ in range(3):
        pending = _view(client, gid, token)["pending"]
        client.post(f"/api/games/{gid}/answer", json={"choice": len(pending["options"]) - 1},
                    headers=bearer(token))
    before = _view(client, gid, token)
    restarted = TestClient(create_app(data))
    listed = {g["id"]: g for g in restarted.get("/api/games").json()}
    assert listed[gid]["decisions"] == before["decisions"] and not listed[gid]["over"]
    assert not restarted.app.state.store._sessions  # listing reads summaries, replays nothing
    after = _view(restarted, gid, token)
    assert after == before
    saved = b"".join(p.read_bytes() for p in data.glob("campaigns.db*"))  # db and its log
    assert gid.encode() in saved and token.encode() not in saved  # only the token's hash
    final = _play_out(restarted, gid, made["tokens"], seed=1)
    assert final["over"]


def test_unknown_games_and_bad_ids_are_404(client: TestClient) -> None:
    for gid in ("0123456789abcdef", "..%2F..%2Fetc", "x" * 200):
        assert client.get(f"/api/games/{gid}/view").status_code == 404


def test_bad_requests_name_the_problem(client: TestClient) -> None:
    r = client.post("/api/games", json={"ruleset": "chess"})
    assert r.status_code == 422 and "unknown ruleset" in r.text
    r = client.post("/api/games", json={"ruleset": "arcworlde", "seats": {"a": "human", "b": "deep-blue"}})
    assert r.status_code == 422 and "deep-blue" in r.text
    r = client.post("/api/games", json={"ruleset": "arcworlde", "lists": ["../../etc/passwd"]})
    assert r.status_code == 422 and "no bundled list" in r.text
    r = client.post("/api/games", json={"ruleset": "arcworlde", "options": {"rounds": 0}})
    assert r.status_code == 422 and "rounds" in r.text


def test_pasted_lists_are_validated_like_the_cli(client: TestClient, new_game: NewGame) -> None:
    good = Path(__file__).parents[2] / "src/warband/rulesets/arcworlde/content/lists/ironjaw-mob.yaml"
    made = new_game(lists=[{"yaml": good.read_text()}, "sheriffs-posse.yaml"])
    assert made["id"]
    bad = "ruleset: arcworlde\nname: Nobody\ngame_value: 400\ncharacters:\n  - profile: nobody\n    count: true\n"
    r = client.post("/api/games", json={"ruleset": "arcworlde", "lists": [{"yaml": bad}]})
    assert r.status_code == 422
    violations = r.json()["detail"]["violations"]
    assert any("list-a.yaml:6: characters[0].count" in v for v in violations), violations
    assert not any("/tmp" in v or "uploads" in v for v in violations)  # no server paths
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    r = client.post("/api/games", json={"ruleset": "arcworlde", "lists": [{"yaml": bomb}]})
    assert r.status_code == 422


def test_an_uploaded_record_replays_on_the_board_with_a_scrubber(
        client: TestClient, new_game: NewGame) -> None:
    made = new_game("raiders", seed=8, seats={"a": "heuristic", "b": "random"})
    gid = made["id"]
    assert made["tokens"] == {}
    text = client.get(f"/api/games/{gid}/record").text
    r = client.post("/api/records", json={"record": text})
    assert r.status_code == 201
    rid = r.json()["id"]
    first = client.get(f"/api/games/{rid}/replay", params={"step": 0}).json()
    assert first["step"] == 0 and first["steps"] > 10
    steps = first["steps"]
    last = client.get(f"/api/games/{rid}/replay", params={"step": steps}).json()
    assert last["board"] == client.get(f"/api/games/{rid}/replay", params={"step": steps + 5}).json()["board"]
    final = _view(client, rid)
    assert [p["id"] for p in last["board"]["pieces"]] == [p["id"] for p in final["board"]["pieces"]]
    assert len(last["log"]) == len(final["log"])
    middle = client.get(f"/api/games/{rid}/replay", params={"step": steps // 2}).json()
    assert 0 < len(middle["log"]) < len(last["log"])
    # stepping forward from a cached frame and replaying from the start agree
    on = client.get(f"/api/games/{rid}/replay", params={"step": steps // 2 + 3}).json()
    back = client.get(f"/api/games/{rid}/replay", params={"step": steps // 2}).json()
    assert back == middle
    fresh_client_frame = client.get(f"/api/games/{gid}/replay", params={"step": steps // 2 + 3}).json()
    assert on["board"] == fresh_client_frame["board"] and on["log"] == fresh_client_frame["log"]
    for bad in ("", "not json\n", '{"format": "warband-record"}\n', text.replace('"digest": "', '"digest": "0', 3)):
        r = client.post("/api/records", json={"record": bad})
        assert r.status_code == 422, bad[:40]


@pytest.mark.parametrize("ruleset", ["arcworlde", "raiders"])
def test_a_move_decision_names_its_piece_and_reach(client: TestClient, new_game: NewGame,
                                                   ruleset: str) -> None:
    """The pending decision's focus: the acting piece and how far it may move now (its
    Movement in ArcWorlde, arcworlde.activation.ap_and_actions; the action's allowance in
    Raiders, raiders.action.move)."""
    made = new_game(ruleset, seed=5)
    gid, token = made["id"], made["tokens"]["a"]
    rng = random.Random(5)
    for _ in range(300):
        view = _view(client, gid, token)
        pending = view["pending"]
        focus = pending["focus"]
        if focus and focus["reach"] is not None:
            piece = next(p for p in view["board"]["pieces"] if p["id"] == focus["piece"])
            assert piece["side"] == 0
            if ruleset == "arcworlde":
                assert focus["reach"] == piece["stats"]["Movement"]
            else:
                assert pending["kind"] == "destination" and focus["reach"] > 0
            return
        client.post(f"/api/games/{gid}/answer", json={"choice": rng.randrange(len(pending["options"]))},
                    headers=bearer(token))
    raise AssertionError("no move came up")
