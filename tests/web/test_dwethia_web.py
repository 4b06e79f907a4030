"""Dwethia Heroes through the web API: a game on the grid board, and the sealed objectives kept
from the other seat (dwethia.scenario.secret_objectives, principle 4)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from warband.rulesets.dwethia.catalogue import catalogue

from .conftest import bearer

NewGame = Callable[..., dict[str, Any]]


def test_dwethia_game_on_the_grid_and_objectives_stay_sealed(client: TestClient,
                                                              new_game: NewGame) -> None:
    """Once both seats have sealed their five objectives, seat B's view (board, log, pending
    decision) and a spectator's hold none of the objectives only A picked, while A's own board
    view names them (its phase line lists its sealed objectives)."""
    made = new_game("dwethia", seed=2, seats={"a": "human", "b": "human"})
    gid, tokens = made["id"], made["tokens"]
    rng = random.Random(2)
    picks: dict[str, list[str]] = {"a": [], "b": []}
    baseline = ""
    for _ in range(60):
        views = {s: client.get(f"/api/games/{gid}/view", headers=bearer(tokens[s])).json()
                 for s in "ab"}
        board = views["a"]["board"]
        assert board["table"]["unit"] == "space" and board["table"]["grid"]["columns"] == 36
        asked = [s for s in "ab" if views[s]["pending"]]
        assert asked
        seat = asked[0]
        pending = views[seat]["pending"]
        if pending["kind"] not in ("table_edge", "place_marker", "objective"):
            break  # both lists are sealed
        choice = rng.randrange(len(pending["options"]))
        if pending["kind"] == "objective":
            picks[seat].append(pending["options"][choice]["label"])
        else:  # what B and a spectator read before the picks (B not yet shown the list)
            baseline = json.dumps([views["b"], client.get(f"/api/games/{gid}/view").json()])
        r = client.post(f"/api/games/{gid}/answer", json={"choice": choice},
                        headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.text
    assert len(picks["a"]) == 5 and len(picks["b"]) == 5
    names = {m.name: o for o, m in catalogue().objectives.items()}
    # A's own picks (the words that did not already stand in B's view, e.g. "Hunter" is also
    # a model's name)
    only_a = [n for n in picks["a"] if n not in picks["b"] and n not in baseline
              and names[n] not in baseline]
    assert only_a
    seen_a = json.dumps(client.get(f"/api/games/{gid}/view", headers=bearer(tokens["a"])).json())
    seen_b = json.dumps(client.get(f"/api/games/{gid}/view", headers=bearer(tokens["b"])).json())
    seen_spectator = json.dumps(client.get(f"/api/games/{gid}/view").json())
    for text in (seen_b, seen_spectator):
        for n in only_a:
            assert n not in text and names[n] not in text, n
    assert any(n in seen_a for n in only_a)  # the view does show A its own list
