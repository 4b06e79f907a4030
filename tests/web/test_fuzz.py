"""Hostile requests never crash the web board (issue 14): hypothesis sends odd JSON to every
endpoint that reads a body or a parameter; every answer is a 2xx or a 4xx with a message,
never a 500. Bounded so the suite stays fast."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import bearer

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
RULESET = st.sampled_from(["arcworlde", "raiders", "", "chess", "../x"]) | st.text(max_size=10)
SEAT = st.sampled_from(["human", "random", "heuristic-x", ""]) | st.text(max_size=6)
LIST = (st.sampled_from(["sheriffs-posse.yaml", "ironjaw-mob.yaml", "border-raiders.yaml", "/etc/passwd"])
        | st.builds(lambda y: {"yaml": y}, st.text(max_size=200))
        | JSON)
OPTIONS = st.dictionaries(
    st.sampled_from(["rounds", "scenario", "deployment_depth", "cover_bonus", "x"]),
    st.integers(-5, 60) | st.text(max_size=12) | st.booleans() | st.floats(allow_nan=False, allow_infinity=False),
    max_size=3)
SETTINGS = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _ok(status: int) -> bool:
    return status < 500


@SETTINGS
@given(ruleset=RULESET, seed=st.none() | st.integers() | st.text(max_size=5),
       lists=st.lists(LIST, max_size=3) | JSON, options=OPTIONS | JSON,
       seats=st.dictionaries(st.sampled_from(["a", "b", "c"]), SEAT, max_size=3) | JSON)
def test_new_game_never_500(client: TestClient, ruleset: Any, seed: Any, lists: Any,
                            options: Any, seats: Any) -> None:
    body = {"ruleset": ruleset, "seed": seed, "lists": lists, "options": options, "seats": seats}
    r = client.post("/api/games", json=body)
    assert _ok(r.status_code), r.text
    if r.status_code == 201:
        assert r.json()["id"]


@SETTINGS
@given(body=JSON | st.fixed_dictionaries(
    {"choice": st.integers(-3, 3000) | JSON},
    optional={"point": st.tuples(st.floats(-1e6, 1e6),
                                 st.floats(-1e6, 1e6)) | JSON}),
       token=st.none() | st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30), which=st.sampled_from(["view", "odds", "undo", "replay", "record"]))
def test_answers_and_reads_never_500(client: TestClient, body: Any, token: Any, which: str) -> None:
    if not hasattr(client, "_fuzz_game"):
        r = client.post("/api/games", json={"ruleset": "arcworlde", "seed": 1,
                                           "seats": {"a": "human", "b": "random"}})
        client._fuzz_game = r.json()  # type: ignore[attr-defined]
    made = client._fuzz_game  # type: ignore[attr-defined]
    gid = made["id"]
    real = made["tokens"]["a"]
    headers = bearer(real) if token is None else ({"Authorization": token} if token else {})
    r = client.post(f"/api/games/{gid}/answer", json=body, headers=headers)
    assert _ok(r.status_code), r.text
    params = body if isinstance(body, dict) else {}
    if which == "view":
        r = client.get(f"/api/games/{gid}/view", headers=headers, params={"since": str(params.get("choice"))})
    elif which == "odds":
        r = client.get(f"/api/games/{gid}/odds", headers=headers, params={"choice": str(params.get("choice"))})
    elif which == "undo":
        r = client.post(f"/api/games/{gid}/undo", headers=headers)
    elif which == "replay":
        r = client.get(f"/api/games/{gid}/replay", params={"step": str(params.get("choice"))})
    else:
        r = client.get(f"/api/games/{gid}/record")
    assert _ok(r.status_code), r.text


@SETTINGS
@given(record=st.text(max_size=400) | st.lists(JSON, max_size=5).map(
    lambda rows: "\n".join(__import__("json").dumps(r) for r in rows)))
def test_record_uploads_never_500(client: TestClient, record: str) -> None:
    r = client.post("/api/records", json={"record": '{"format": "warband-record", "version": 1, '
                                                    '"ruleset": "arcworlde", "seed": 1}\n' + record})
    assert _ok(r.status_code), r.text
    r = client.post("/api/records", json={"record": record})
    assert _ok(r.status_code), r.text
