"""Campaign storage is tested on SQLite and, for real, on PostgreSQL.

PostgreSQL runs when ``WARBAND_TEST_PG_URL`` names a database (``.ci/run`` starts Debian's
server and sets it); without it those tests are skipped, except under CI (``CI=true``), where a
missing server is a failure."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry

PG_URL = os.environ.get("WARBAND_TEST_PG_URL")


def _clean_pg(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS pending_battles, saved_games, actions, campaigns, alembic_version CASCADE"))
    engine.dispose()


def _pg_or_skip() -> str:
    if not PG_URL:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but WARBAND_TEST_PG_URL is not set: .ci/run must start"
                        " PostgreSQL for the campaign storage tests")
        pytest.skip("WARBAND_TEST_PG_URL not set (no PostgreSQL server to test against)")
    return PG_URL


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A clean PostgreSQL database (the tables dropped before and after)."""
    url = _pg_or_skip()
    _clean_pg(url)
    yield url
    _clean_pg(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'campaigns.db'}"
        return
    url = _pg_or_skip()
    _clean_pg(url)
    yield url
    _clean_pg(url)


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    yield s
    s.close()


@pytest.fixture
def campaigns(store: Store) -> Campaigns:
    return Campaigns(store)


def sm_list(name: str) -> Path:
    rs = registry.get("sword-marches")
    return next(p for p in rs.sample_lists() if p.name == name)
