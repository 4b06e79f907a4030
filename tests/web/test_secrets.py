"""Hidden information through the HTTP API (issue 14, principle 4): while Raiders waits for
the second answer of a secret decision (the Battle Lines deployment, raiders.scenario.
battle_lines; the combat dice split, raiders.combat.split), the first answer is in no
endpoint the other seat or a spectator can read: view (board, log, pending), game list,
record (refused until the game ends) and replay (refused until the game ends)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from .conftest import bearer

NewGame = Callable[..., dict[str, Any]]


def _readable(client: TestClient, gid: str, token: str | None) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    return {
        "view": client.get(f"/api/games/{gid}/view", headers=headers).json(),
        "games": [g for g in client.get("/api/games").json() if g["id"] == gid],
        "record": client.get(f"/api/games/{gid}/record").status_code,
        "replay": client.get(f"/api/games/{gid}/replay").status_code,
    }


def test_raiders_secret_answers_stay_secret_through_the_api(client: TestClient,
                                                            new_game: NewGame) -> None:
    kinds: set[str] = set()
    # a random game may end without a combat: play seeded games until both secret decisions
    # have been checked
    for seed in range(3, 11):
        _check_game(client, new_game, seed, kinds)
        if kinds == {"deploy", "split_dice"}:
            break
    assert kinds == {"deploy", "split_dice"}, kinds


def _check_game(client: TestClient, new_game: NewGame, seed: int, kinds: set[str]) -> None:
    made = new_game("raiders", seed=seed, seats={"a": "human", "b": "human"},
                    options={"scenario": "battle-lines"})
    gid, tokens = made["id"], made["tokens"]
    rng = random.Random(seed)
    for _ in range(1500):
        views = {s: client.get(f"/api/games/{gid}/view", headers=bearer(tokens[s])).json()
                 for s in "ab"}
        if views["a"]["over"]:
            break
        asked = [s for s in "ab" if views[s]["pending"]]
        assert asked
        first = asked[0]
        pending = views[first]["pending"]
        choice = rng.randrange(len(pending["options"]))
        if len(asked) == 2:  # a simultaneous decision: both seats are asked at once
            other = asked[1]
            before = {who: _readable(client, gid, tokens.get(who)) for who in (other, None)}
            r = client.post(f"/api/games/{gid}/answer", json={"choice": choice},
                            headers=bearer(tokens[first]))
            assert r.status_code == 200
            assert r.json()["pending"] is None  # my answer is in; waiting for the other
            for who, seen in before.items():
                now = _readable(client, gid, tokens.get(who))
                # that the first seat has answered is public (it no longer waits); what it
                # answered is not
                assert now["view"]["waiting_for"] == [other]
                now["view"]["waiting_for"] = seen["view"]["waiting_for"]
                changed = sorted(k for k in now["view"] if now["view"][k] != seen["view"][k])
                assert now == seen, f"leak to {who}: {changed}"
            kinds.add(pending["kind"])
            if len(kinds) == 2:
                break
        else:
            r = client.post(f"/api/games/{gid}/answer", json={"choice": choice},
                            headers=bearer(tokens[first]))
            assert r.status_code == 200
