"""Campaign storage (SQLAlchemy 2, Alembic): campaigns and their append-only action logs.

A campaign is a row with a ``version`` counter and a log of actions (``start``, ``battle``,
``report``, ``purchase``, ``undo``, ...). The roster is never stored: it is derived by folding
the log (:mod:`warband.campaign.core`). Every campaign command appends its actions and bumps the
version in ONE transaction, guarded by ``UPDATE ... WHERE version = :seen`` (optimistic
concurrency): a second writer that read the same version updates no row and gets
:class:`ConcurrentUpdate` instead of losing the first writer's update. The schema is created and
upgraded by the migrations shipped in this package, run programmatically on open.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy import delete as sql_delete
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = ["Action", "CampaignRow", "ConcurrentUpdate", "Store", "Update", "database_url"]

MIGRATIONS = Path(__file__).parent / "migrations"


class ConcurrentUpdate(RuntimeError):
    """Another process changed the campaign between our read and our write."""


class Base(DeclarativeBase):
    pass


class CampaignRow(Base):
    __tablename__ = "campaigns"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[str] = mapped_column(String(40))
    #: added by migration 0002
    description: Mapped[str] = mapped_column(Text, default="")


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("campaign_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[str] = mapped_column(Text)
    #: added by migration 0002
    created: Mapped[str] = mapped_column(String(40), default="")


class PendingRow(Base):
    """A battle fought but not yet applied: the steps it would append to each campaign,
    waiting for the player to confirm its After Action Report (or discard it)."""

    __tablename__ = "pending_battles"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"),
                                             unique=True)
    payload: Mapped[str] = mapped_column(Text)
    created: Mapped[str] = mapped_column(String(40))


class SavedGameRow(Base):
    """A web board game: its record (JSON Lines) and its seats (token hashes, never
    tokens), saved after every decision."""

    __tablename__ = "saved_games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    meta: Mapped[str] = mapped_column(Text)
    record: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[str] = mapped_column(String(40))


#: one campaign's step: (campaign name, the version it was computed on, its actions)
Update = tuple[str, int, Sequence[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class Action:
    """One logged campaign action; actions of one command share a ``step``."""

    seq: int
    step: int
    kind: str
    payload: dict[str, Any]


def database_url(db: str | None) -> str:
    """``--db`` or ``WARBAND_DB`` (a SQLAlchemy URL, or a plain path meaning a SQLite file),
    else ``campaigns.db`` in the user's data folder."""
    db = db or os.environ.get("WARBAND_DB")
    if not db:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        db = str(base / "warband" / "campaigns.db")
    if "://" in db:
        return db
    path = Path(db).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    # write-ahead log: readers never wait for a writer, and a commit is one append to the log
    # instead of a rollback journal's several syncs (the web board saves after every
    # decision). A killed process loses nothing committed; NORMAL sync risks only the last
    # commits on a power cut, never consistency.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def make_engine(url: str) -> Engine:
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema with the packaged Alembic migrations."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Store:
    """The campaigns of one database."""

    def __init__(self, url: str, upgrade: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        if upgrade:
            migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine) as s, s.begin():
            yield s

    # -- reading ---------------------------------------------------------------------------
    def names(self) -> list[tuple[str, str, int]]:
        with Session(self.engine) as s:
            rows = s.execute(select(CampaignRow.name, CampaignRow.ruleset, CampaignRow.version)
                             .order_by(CampaignRow.name)).all()
        return [(r[0], r[1], r[2]) for r in rows]

    def load(self, name: str) -> tuple[CampaignRow, list[Action]]:
        """The campaign and its whole log, read in one transaction (a consistent snapshot)."""
        with Session(self.engine) as s, s.begin():
            row = s.scalars(select(CampaignRow).where(CampaignRow.name == name)).first()
            if row is None:
                raise KeyError(name)
            actions = s.scalars(select(ActionRow).where(ActionRow.campaign_id == row.id)
                                .order_by(ActionRow.seq)).all()
            s.expunge(row)
            return row, [Action(a.seq, a.step, a.kind, json.loads(a.payload)) for a in actions]

    # -- writing ---------------------------------------------------------------------------
    def create(self, name: str, ruleset: str, actions: Sequence[tuple[int, int, str, dict[str, Any]]],
               description: str = "") -> None:
        """A new campaign with its first actions ``(seq, step, kind, payload)``."""
        try:
            with self.session() as s:
                row = CampaignRow(name=name, ruleset=ruleset, version=len(actions),
                                  created=_now(), description=description)
                s.add(row)
                s.flush()
                now = _now()
                for seq, step, kind, payload in actions:
                    s.add(ActionRow(campaign_id=row.id, seq=seq, step=step, kind=kind,
                                    payload=json.dumps(payload, sort_keys=True), created=now))
        except IntegrityError:
            raise ValueError(f"a campaign named {name!r} already exists") from None

    def append(self, name: str, seen_version: int,
               actions: Sequence[tuple[str, dict[str, Any]]]) -> int:
        """Append ``actions`` as one step if the campaign is still at ``seen_version``;
        returns the new version. All or nothing."""
        self.append_many([(name, seen_version, actions)])
        return seen_version + 1

    def append_many(self, updates: Sequence[Update]) -> None:
        """Several campaigns' steps in ONE transaction (a battle between two campaigns)."""
        try:
            with self.session() as s:
                self._append_many(s, updates)
        except IntegrityError:
            raise ConcurrentUpdate("a campaign was changed by another process") from None

    def _append_many(self, s: Session, updates: Sequence[Update]) -> None:
        for name, seen_version, actions in updates:
            cid = self._id(s, name)
            res = s.execute(update(CampaignRow)
                            .where(CampaignRow.id == cid, CampaignRow.version == seen_version)
                            .values(version=seen_version + 1))
            if res.rowcount != 1:  # type: ignore[attr-defined]
                raise ConcurrentUpdate(f"campaign {name!r} was changed by another process")
            last = s.scalars(select(ActionRow.seq).where(ActionRow.campaign_id == cid)
                             .order_by(ActionRow.seq.desc())).first()
            self._append(s, cid, (last or 0) + 1, actions)

    @staticmethod
    def _id(s: Session, name: str) -> int:
        cid = s.scalars(select(CampaignRow.id).where(CampaignRow.name == name)).first()
        if cid is None:
            raise KeyError(name)
        return cid

    # -- battles waiting for their report to be confirmed -----------------------------------
    def put_pending(self, name: str, updates: Sequence[Update]) -> None:
        """Keep a fought battle's steps until :meth:`confirm_pending` (replacing any battle
        still waiting for this campaign)."""
        payload = json.dumps([[n, v, [[k, p] for k, p in acts]] for n, v, acts in updates],
                             sort_keys=True)
        with self.session() as s:
            cid = self._id(s, name)
            s.execute(sql_delete(PendingRow).where(PendingRow.campaign_id == cid))
            s.add(PendingRow(campaign_id=cid, payload=payload, created=_now()))

    def pending(self, name: str) -> list[Update] | None:
        with self.session() as s:
            cid = self._id(s, name)
            text = s.scalars(select(PendingRow.payload)
                             .where(PendingRow.campaign_id == cid)).first()
        if text is None:
            return None
        return [(n, int(v), [(k, p) for k, p in acts]) for n, v, acts in json.loads(text)]

    def confirm_pending(self, name: str) -> list[Update]:
        """Append the waiting battle's steps and forget it, in ONE transaction; raises
        KeyError when nothing waits and ConcurrentUpdate when a campaign changed since the
        battle was fought (the battle then stays waiting, to be discarded)."""
        updates = self.pending(name)
        if updates is None:
            raise KeyError(name)
        try:
            with self.session() as s:
                cid = self._id(s, name)
                gone = s.execute(sql_delete(PendingRow).where(PendingRow.campaign_id == cid))
                if gone.rowcount != 1:  # type: ignore[attr-defined]
                    raise ConcurrentUpdate(f"the battle of {name!r} was confirmed elsewhere")
                self._append_many(s, updates)
        except IntegrityError:
            raise ConcurrentUpdate("a campaign was changed by another process") from None
        return updates

    def discard_pending(self, name: str) -> bool:
        with self.session() as s:
            cid = self._id(s, name)
            gone = s.execute(sql_delete(PendingRow).where(PendingRow.campaign_id == cid))
            return bool(gone.rowcount)  # type: ignore[attr-defined]

    # -- the web board's saved games ---------------------------------------------------------
    def save_game(self, game_id: str, ruleset: str, meta: str, record: str,
                  created: float) -> None:
        with self.session() as s:
            row = s.get(SavedGameRow, game_id)
            if row is None:
                s.add(SavedGameRow(id=game_id, ruleset=ruleset, meta=meta, record=record,
                                   created=created, updated=_now()))
            else:
                row.meta, row.record, row.updated = meta, record, _now()

    def saved_game(self, game_id: str) -> tuple[str, str] | None:
        """A saved game's (meta, record), or None."""
        with Session(self.engine) as s:
            row = s.get(SavedGameRow, game_id)
            return None if row is None else (row.meta, row.record)

    def saved_games(self) -> list[tuple[str, str]]:
        """Every saved game's (id, meta)."""
        with Session(self.engine) as s:
            return [(r[0], r[1]) for r in
                    s.execute(select(SavedGameRow.id, SavedGameRow.meta)).all()]

    def _append(self, s: Session, cid: int, start: int,
                actions: Sequence[tuple[str, dict[str, Any]]]) -> None:
        now = _now()
        for i, (kind, payload) in enumerate(actions):
            s.add(ActionRow(campaign_id=cid, seq=start + i, step=start, kind=kind,
                            payload=json.dumps(payload, sort_keys=True), created=now))

    def delete(self, name: str) -> None:
        with self.session() as s:
            row = s.scalars(select(CampaignRow).where(CampaignRow.name == name)).first()
            if row is None:
                raise KeyError(name)
            for a in s.scalars(select(ActionRow).where(ActionRow.campaign_id == row.id)):
                s.delete(a)
            s.execute(sql_delete(PendingRow).where(PendingRow.campaign_id == row.id))
            s.delete(row)
