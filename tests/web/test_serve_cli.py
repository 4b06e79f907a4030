"""`warband serve` (issue 14): binds to 127.0.0.1 unless told otherwise, prints the URL, keeps
games in the data folder, refuses a bad port with a message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from warband.cli.main import app


def test_serve_binds_to_this_machine_by_default(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: seen.update(kw, app=web))
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path / "d"), "--port", "9123"])
    assert result.exit_code == 0, result.output
    assert seen["host"] == "127.0.0.1" and seen["port"] == 9123
    assert "http://127.0.0.1:9123/" in result.output
    assert (tmp_path / "d" / "campaigns.db").is_file()  # saved games live in the campaign db
    assert seen["app"].title == "warband web board"


def test_serve_refuses_a_bad_port(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--port", "70000"])
    assert result.exit_code == 2 and "--port" in result.output


def test_on_loopback_only_local_host_names_are_served(tmp_path: Path) -> None:
    """A page elsewhere that rebinds its DNS name to 127.0.0.1 sends its own Host: refused."""
    from fastapi.testclient import TestClient

    from warband.web.app import create_app

    web = create_app(tmp_path, ["127.0.0.1", "localhost"])
    assert TestClient(web, base_url="http://127.0.0.1:8765").get("/api/rulesets").status_code == 200
    assert TestClient(web, base_url="http://evil.example:8765").get("/api/rulesets").status_code == 400
