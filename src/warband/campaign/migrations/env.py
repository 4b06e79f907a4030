"""Alembic environment for the packaged campaign migrations (run programmatically by
:func:`warband.campaign.store.migrate`, which passes its connection)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
