"""A campaign's description and each action's time (existing rows get empty values)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("description", sa.Text, nullable=False, server_default=""))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("created", sa.String(40), nullable=False, server_default=""))
