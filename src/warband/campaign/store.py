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
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = ["Action", "CampaignRow", "ConcurrentUpdate", "Store", "database_url"]

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

    def append_many(self, updates: Sequence[tuple[str, int, Sequence[tuple[str, dict[str, Any]]]]]
                    ) -> None:
        """Several campaigns' steps in ONE transaction (a battle between two campaigns)."""
        try:
            with self.session() as s:
                for name, seen_version, actions in updates:
                    cid = s.scalars(select(CampaignRow.id).where(CampaignRow.name == name)).first()
                    if cid is None:
                        raise KeyError(name)
                    res = s.execute(update(CampaignRow)
                                    .where(CampaignRow.id == cid,
                                           CampaignRow.version == seen_version)
                                    .values(version=seen_version + 1))
                    if res.rowcount != 1:  # type: ignore[attr-defined]
                        raise ConcurrentUpdate(f"campaign {name!r} was changed by another process")
                    last = s.scalars(select(ActionRow.seq).where(ActionRow.campaign_id == cid)
                                     .order_by(ActionRow.seq.desc())).first()
                    self._append(s, cid, (last or 0) + 1, actions)
        except IntegrityError:
            raise ConcurrentUpdate("a campaign was changed by another process") from None

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
            s.delete(row)
