"""Nothing lost, nothing forged (issue 38): each game's public version in a table of its own
(``public``: one row a game, so that two publishes at once cannot both add the game's rows),
the issuing body of each player number (``player_ids``), and tokens that expire and say when
they were last used. A site made before gets the newest published version of each game as its
public one (a withdrawn version, of the pages' first roll back, is published once again).

Revision ID: s0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "s0003"
down_revision = "s0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the tables and columns; fill ``public``."""
    op.add_column("tokens", sa.Column("last_used", sa.DateTime, nullable=True))
    op.add_column("tokens", sa.Column("expires", sa.DateTime, nullable=True))
    op.create_table(
        "public",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version_id", sa.Integer, sa.ForeignKey("versions.id"), nullable=False),
    )
    op.create_table(
        "player_ids",
        sa.Column("file_id", sa.Integer, sa.ForeignKey("versions.id"), nullable=False),
        sa.Column("event", sa.Integer, nullable=False),
        sa.Column("section", sa.Text, nullable=True),
        sa.Column("entry", sa.Text, nullable=True),
        sa.Column("seat", sa.SmallInteger, nullable=True),
        sa.Column("body", sa.String(32), nullable=False),
        sa.Column("number", sa.String(64), nullable=False),
    )
    op.create_index("ix_player_ids_file_id", "player_ids", ["file_id"])
    op.create_index("ix_player_ids_number", "player_ids", ["number"])
    op.execute(
        "INSERT INTO public (game_id, version_id) SELECT v.game_id, v.id FROM versions v "
        "WHERE v.status = 'published' AND v.number = (SELECT max(w.number) FROM versions w "
        "WHERE w.game_id = v.game_id AND w.status = 'published')"
    )
    # a version a roll back or unpublishing took back was "withdrawn" before the public table:
    # now it is published once and not public (bridgeio.site.games.shown_status)
    op.execute("UPDATE versions SET status = 'published' WHERE status = 'withdrawn'")


def downgrade() -> None:
    """Drop them."""
    op.drop_table("player_ids")
    op.drop_table("public")
    with op.batch_alter_table("tokens") as batch:
        batch.drop_column("expires")
        batch.drop_column("last_used")
