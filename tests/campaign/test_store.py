"""The campaign database: migrations, the append-only log, the optimistic version check, and
all-or-nothing steps; on SQLite and PostgreSQL (see conftest)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from warband.campaign.core import fold, rules_for
from warband.campaign.service import Campaigns
from warband.campaign.store import ConcurrentUpdate, Store, database_url, make_engine, migrate
from warband.core import registry

from .conftest import sm_list


def _start_payload() -> dict:
    rs = registry.get("sword-marches")
    return {"list": dict(rs.load_list(sm_list("ashen-company.yaml")).source)}


def test_a_database_built_with_the_first_migration_upgrades_with_its_data(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine, "0001")
    payload = json.dumps(_start_payload())
    with engine.begin() as conn:
        cols = {c["name"] for c in _columns(conn, "campaigns")}
        assert "description" not in cols  # really the first schema
        conn.execute(text("INSERT INTO campaigns (id, name, ruleset, version, created)"
                          " VALUES (1, 'old', 'sword-marches', 1, '2026-01-01')"))
        conn.execute(text("INSERT INTO actions (campaign_id, seq, step, kind, payload)"
                          " VALUES (1, 1, 1, 'start', :p)"), {"p": payload})
    engine.dispose()
    store = Store(db_url)  # opening upgrades to the newest schema
    try:
        row, actions = store.load("old")
        assert row.description == "" and row.version == 1
        assert [a.kind for a in actions] == ["start"]
        roster = fold(rules_for("sword-marches"), actions).roster
        assert roster["muster"]["name"] == "The Ashen Company"
        with store.engine.connect() as conn:
            version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == "0003"
    finally:
        store.close()


def test_a_database_of_the_previous_schema_upgrades_and_keeps_board_games(db_url: str) -> None:
    """Migration 0003: a database made by the previous schema (0002) with a campaign in it
    upgrades in place; the campaign is intact and the new tables (battles waiting for
    confirmation, the web board's saved games) work."""
    engine = make_engine(db_url)
    migrate(engine, "0002")
    with engine.connect() as conn:
        from sqlalchemy import inspect

        assert "saved_games" not in inspect(conn).get_table_names()  # really the old schema
    engine.dispose()
    old = Store(db_url, upgrade=False)
    old.create("old", "sword-marches", [(1, 1, "start", _start_payload())])
    old.close()
    store = Store(db_url)
    try:
        assert [a.kind for a in store.load("old")[1]] == ["start"]
        store.save_game("0123456789abcdef", "arcworlde", "{}", "{}\n", 1.0)
        assert store.saved_game("0123456789abcdef") == ("{}", "{}\n")
        store.put_pending("old", [("old", 1, [("purchase", {"x": 1})])])
        assert store.pending("old") == [("old", 1, [("purchase", {"x": 1})])]
        store.confirm_pending("old")
        assert store.pending("old") is None and store.load("old")[0].version == 2
    finally:
        store.close()


def _columns(conn, table):  # type: ignore[no-untyped-def]
    from sqlalchemy import inspect

    return inspect(conn).get_columns(table)


def test_a_stale_writer_gets_a_conflict_and_loses_nothing(store: Store) -> None:
    store.create("c", "sword-marches", [(1, 1, "start", _start_payload())])
    row, _ = store.load("c")
    store.append("c", row.version, [("purchase", {"verb": "rations", "silver": 35})])
    with pytest.raises(ConcurrentUpdate):
        store.append("c", row.version, [("purchase", {"verb": "rations", "silver": 35})])
    row2, actions = store.load("c")
    assert row2.version == row.version + 1
    assert [a.kind for a in actions] == ["start", "purchase"]


def test_a_step_over_two_campaigns_is_all_or_nothing(store: Store) -> None:
    store.create("a", "sword-marches", [(1, 1, "start", _start_payload())])
    store.create("b", "sword-marches", [(1, 1, "start", _start_payload())])
    with pytest.raises(ConcurrentUpdate):
        store.append_many([("a", 1, [("purchase", {"x": 1})]),
                           ("b", 99, [("purchase", {"x": 1})])])  # b's version is stale
    assert [a.kind for a in store.load("a")[1]] == ["start"]
    assert store.load("a")[0].version == 1


def test_database_url_plain_path_is_sqlite_and_urls_pass_through(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert database_url("postgresql+psycopg://u@h/d") == "postgresql+psycopg://u@h/d"
    monkeypatch.setenv("WARBAND_DB", str(tmp_path / "env.db"))
    assert database_url(None) == f"sqlite:///{tmp_path / 'env.db'}"
    monkeypatch.delenv("WARBAND_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert database_url(None) == f"sqlite:///{tmp_path / 'data' / 'warband' / 'campaigns.db'}"


def test_campaign_commands_on_this_database(campaigns: Campaigns) -> None:
    """New, battle between two campaigns (both reports in one step), undo, export/import."""
    campaigns.new("ashen", "sword-marches", sm_list("ashen-company.yaml"))
    campaigns.new("wardens", "sword-marches", sm_list("greyrun-wardens.yaml"))
    before = campaigns.load("ashen").derived.roster
    campaigns.battle("ashen", "wardens", ai="random", seed=5)
    a, w = campaigns.load("ashen"), campaigns.load("wardens")
    assert a.derived.roster["battles"] == 1 and w.derived.roster["battles"] == 1
    assert campaigns.verify("ashen") == [] and campaigns.verify("wardens") == []
    campaigns.undo("ashen")
    assert campaigns.load("ashen").derived.roster == before
    text_ = campaigns.export("wardens")
    campaigns.import_text(text_, "wardens.yaml", name="wardens-copy")
    assert campaigns.export("wardens-copy") == text_.replace("name: wardens\n",
                                                             "name: wardens-copy\n", 1)
