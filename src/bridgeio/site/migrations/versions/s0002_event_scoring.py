"""The events table gains how a teams event's matches and its pairwise boards are scored
(``match_scoring``, ``pairwise_scoring``: issue 28's VPs and pairwise cross-IMPs), as
``bridgeio export`` writes them.

Revision ID: s0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "s0002"
down_revision = "s0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns (empty on the games published before)."""
    op.add_column("events", sa.Column("match_scoring", sa.Text))
    op.add_column("events", sa.Column("pairwise_scoring", sa.Text))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("events") as batch:  # (SQLite drops a column by a copy)
        batch.drop_column("pairwise_scoring")
        batch.drop_column("match_scoring")
