"""Fixtures for the web board: an app on a temporary data folder and its TestClient."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from warband.web.app import create_app  # noqa: E402


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data: Path) -> TestClient:
    return TestClient(create_app(data))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def new_game(client: TestClient) -> Callable[..., dict[str, Any]]:
    def make(ruleset: str = "arcworlde", seed: int = 1, **body: Any) -> dict[str, Any]:
        body.setdefault("seats", {"a": "human", "b": "heuristic"})
        r = client.post("/api/games", json={"ruleset": ruleset, "seed": seed, **body})
        assert r.status_code == 201, r.text
        return dict(r.json())

    return make
