"""Battles waiting for their report to be confirmed (the web board's review step), and the web
board's saved games, which now live in the campaign database."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "pending_battles",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("campaign_id", sa.Integer,
                  sa.ForeignKey("campaigns.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "saved_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("meta", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.String(40), nullable=False),
    )
