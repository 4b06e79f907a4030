"""Odds inside play (issue 14): before an Attack, a Shot or a Feat the seat being asked can
read its exact odds, and they are the figures ``warband odds`` prints for the same numbers
(one mechanic, arcworlde.combat.attack_resolution, arcworlde.feat.attempt)."""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from warband.cli.main import app as cli

from .conftest import bearer

NewGame = Callable[..., dict[str, Any]]
CHANCE = {"Attack", "Shoot", "StandUp", "Disengage", "HelpUp"}


def odds_options(client: TestClient, made: dict[str, Any], wanted: set[str], seed: int = 0,
                 limit: int = 600) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the human seat at random until its menu offers an option of a ``wanted`` type;
    returns the view and those options."""
    gid, token = made["id"], made["tokens"]["a"]
    rng = random.Random(seed)
    for _ in range(limit):
        view = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()
        assert not view["over"], "the game ended before the option came up"
        options = view["pending"]["options"]
        hits = [o for o in options if o["type"] in wanted]
        if hits:
            return view, hits
        # walk toward the enemy: the option listed last in a move menu goes furthest
        client.post(f"/api/games/{gid}/answer", json={"choice": rng.randrange(len(options))},
                    headers=bearer(token))
    raise AssertionError("no such option came up")


def _cli_json(query: str) -> dict[str, Any]:
    args = shlex.split(query)[1:] + ["--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


def test_shot_odds_match_warband_odds(client: TestClient, new_game: NewGame) -> None:
    made = new_game("arcworlde", seed=3)
    view, shots = odds_options(client, made, {"Shoot"})
    token = made["tokens"]["a"]
    odds = client.get(f"/api/games/{made['id']}/odds", params={"choice": shots[0]["index"]},
                      headers=bearer(token)).json()
    attack_query, feat_query = odds["query"].split("  (times the Shot: ")
    damage = _cli_json(attack_query)["distribution"]
    hit = _cli_json(feat_query.rstrip(")"))["probability"]
    rows = {r["label"]: r["p"] for r in odds["rows"]}
    assert rows["misses"] == pytest.approx(1 - hit)
    for dmg, p in damage.items():
        assert rows[f"{dmg} Damage"] == pytest.approx(p * hit)
    assert sum(rows.values()) == pytest.approx(1)
    hurt = next(r["p"] for r in odds["summary"] if r["label"] == "deals Damage")
    assert hurt == pytest.approx(hit * (1 - damage["0"]))


def test_feat_and_attack_odds_match_warband_odds(client: TestClient, new_game: NewGame) -> None:
    made = new_game("arcworlde", seed=7)
    token = made["tokens"]["a"]
    checked = set()
    for seed in range(6):
        if checked >= {"feat", "attack"}:
            break
        try:
            view, options = odds_options(client, made, CHANCE - {"Shoot"}, seed=seed, limit=150)
        except AssertionError:
            made = new_game("arcworlde", seed=seed + 20)
            token = made["tokens"]["a"]
            continue
        for option in options:
            odds = client.get(f"/api/games/{made['id']}/odds", params={"choice": option["index"]},
                              headers=bearer(token)).json()
            cli_says = _cli_json(odds["query"])
            if option["type"] == "Attack":
                rows = {r["label"]: r["p"] for r in odds["rows"]}
                for dmg, p in cli_says["distribution"].items():
                    assert rows[f"{dmg} Damage"] == pytest.approx(p)
                checked.add("attack")
            else:
                assert odds["summary"][0]["p"] == pytest.approx(cli_says["probability"])
                checked.add("feat")
        pending = view["pending"]["options"]
        client.post(f"/api/games/{made['id']}/answer", json={"choice": len(pending) - 1},
                    headers=bearer(token))
    assert "feat" in checked, checked  # Attacks in melee: tests/rulesets/arcworlde/test_choice_odds.py


def test_odds_are_only_for_the_seat_being_asked(client: TestClient, new_game: NewGame) -> None:
    made = new_game("arcworlde", seats={"a": "human", "b": "human"})
    gid = made["id"]
    views = {s: client.get(f"/api/games/{gid}/view", headers=bearer(t)).json()
             for s, t in made["tokens"].items()}
    asked = next(s for s in views if views[s]["pending"])
    idle = "b" if asked == "a" else "a"
    assert client.get(f"/api/games/{gid}/odds", params={"choice": 0}).status_code == 403
    assert client.get(f"/api/games/{gid}/odds", params={"choice": 0},
                      headers=bearer(made["tokens"][idle])).status_code == 409
    assert client.get(f"/api/games/{gid}/odds", params={"choice": 9999},
                      headers=bearer(made["tokens"][asked])).status_code == 422
    r = client.get(f"/api/games/{gid}/odds", params={"choice": 0},
                   headers=bearer(made["tokens"][asked]))
    assert r.status_code == 200 and r.json() is None  # deployment order: no chance in it


def test_odds_page_api_answers_every_query_like_the_cli(client: TestClient) -> None:
    """GET /api/odds lists every `warband odds` query with its parameter schema; POST runs one
    and its `json` is what `warband odds ... --json` prints."""
    catalogue = client.get("/api/odds").json()
    assert {"arcworlde", "raiders"} <= {r["ruleset"] for r in catalogue}
    for entry in catalogue:
        query = entry["queries"][0]
        assert query["schema"]["properties"] and query["summary"]
        r = client.post(f"/api/odds/{entry['ruleset']}/{query['name']}", json=query["example"])
        assert r.status_code == 200, r.text
        flags = []
        for k, v in query["example"].items():
            opt = "--" + k.replace("_", "-")
            flags += [opt] if v is True else ([] if v is False else [opt, str(v)])
        cli_says = CliRunner().invoke(cli, ["odds", entry["ruleset"], query["name"], *flags, "--json"])
        assert cli_says.exit_code == 0, cli_says.output
        assert r.json()["json"] == json.loads(cli_says.output)
    r = client.post("/api/odds/arcworlde/attack", json={"power": "x", "bogus": 1})
    assert r.status_code == 422
    assert {"--power", "--bogus"} <= {v.split(":")[0] for v in r.json()["detail"]["violations"]}
    assert client.post("/api/odds/chess/attack", json={}).status_code == 422
