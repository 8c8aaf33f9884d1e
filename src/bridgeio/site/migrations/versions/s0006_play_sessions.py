"""The ``calls`` and ``cards`` tables gain the ``session`` column the other tables of an
event's rows have (the session of the line's section, null in an event without sessions), as
``bridgeio export`` writes them; empty on the games published before.

Revision ID: s0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "s0006"
down_revision = "s0005"
branch_labels = None
depends_on = None

_SESSION = ("calls", "cards")


def upgrade() -> None:
    """Add the columns."""
    for table in _SESSION:
        op.add_column(table, sa.Column("session", sa.Integer))


def downgrade() -> None:
    """Drop them."""
    for table in reversed(_SESSION):
        with op.batch_alter_table(table) as batch:  # (SQLite drops a column by a copy)
            batch.drop_column("session")
