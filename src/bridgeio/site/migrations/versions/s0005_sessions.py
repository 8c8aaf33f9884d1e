"""Events of several sessions (issue 41): the analysis tables gain ``event_sessions`` (an
event's sessions: their ids and dates) and a ``session`` column on the rows that belong to
one (entries, players, results, team matches, movements), and ``entries`` an event's
overall standings with the score each entry carried in (``carry_forward``), as
``bridgeio export`` writes them; empty on the games published before.

Revision ID: s0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "s0005"
down_revision = "s0004"
branch_labels = None
depends_on = None

_SESSION = ("entries", "players", "results", "team_matches", "movements")


def upgrade() -> None:
    """Make the table (indexed by ``file_id`` as the others are) and add the columns."""
    op.create_table(
        "event_sessions",
        sa.Column("file_id", sa.Integer),
        sa.Column("event", sa.Integer),
        sa.Column("session", sa.Integer),
        sa.Column("id", sa.Text),
        sa.Column("date", sa.Date),
    )
    op.create_index("ix_event_sessions_file_id", "event_sessions", ["file_id"])
    for table in _SESSION:
        op.add_column(table, sa.Column("session", sa.Integer))
    op.add_column("entries", sa.Column("carry_forward", sa.Float))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("entries") as batch:  # (SQLite drops a column by a copy)
        batch.drop_column("carry_forward")
    for table in reversed(_SESSION):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("session")
    op.drop_table("event_sessions")
