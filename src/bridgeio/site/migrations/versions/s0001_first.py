"""The first schema: clubs, users, sessions, tokens, games, versions, their files, and the
analysis tables of ``bridgeio export`` as they were then (a later change to those tables is a
migration of its own).

Revision ID: s0001
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "s0001"
down_revision = None
branch_labels = None
depends_on = None

_TYPES = {
    "i8": sa.SmallInteger,
    "i32": sa.Integer,
    "i64": sa.BigInteger,
    "f64": sa.Float,
    "bool": sa.Boolean,
    "date": sa.Date,
    "str": sa.Text,
    "cat": sa.Text,
}
_KEYS = "file_id:i32 event:i32 section:cat"
_ANALYSIS = {  # bridgeio.analysis.tables.schema as it was at this revision
    "files": "file_id:i32 path:str format:cat kind:cat size:i64 sha256:str partial:bool "
    "warnings:str error:str",
    "events": "file_id:i32 event:i32 name:cat session_name:cat date:date club:cat "
    "club_number:cat director:cat city:cat kind:cat scoring:cat rating:cat",
    "sections": f"{_KEYS} movement:cat tables:i32 rounds:i32 boards:i32 boards_per_round:i32 "
    "board_top:i32 session:i32",
    "entries": f"{_KEYS} entry:cat number:i32 direction:cat name:cat score:f64 percentage:f64 "
    "rank:i32 tied:bool strat:i32 boards_played:i32 seat:cat awards:f64",
    "players": f"{_KEYS} entry:cat seat:i8 last_name:cat first_name:cat player_number:cat "
    "masterpoints:f64 city:cat state:cat country:cat awards:f64",
    "results": f"{_KEYS} board:i32 round:i32 table:i32 ns:i32 ew:i32 contract:cat declarer:cat "
    "lead:cat tricks:i8 ns_score:i32 ew_score:i32 ns_points:f64 ew_points:f64 "
    "ns_adjusted:cat ew_adjusted:cat south:i32 west:i32 home:i32 away:i32",
    "team_matches": f"{_KEYS} round:i32 home:i32 away:i32 home_imps:f64 away_imps:f64 "
    "home_vp:f64 away_vp:f64 table:i32",
    "deals": "file_id:i32 event:i32 record:i32 deal_id:i64 board:i32 dealer:cat "
    "vulnerability:cat pbn:str par:i32",
    "dd_tricks": "file_id:i32 event:i32 record:i32 deal_id:i64 seat:cat strain:cat tricks:i8",
    "movements": f"{_KEYS} round:i32 table:i32 ns:i32 ew:i32 south:i32 west:i32 group:cat",
}


def upgrade() -> None:
    """Make the tables."""
    _site_tables()
    for name, spec in _ANALYSIS.items():
        columns: list[sa.Column[Any]] = [
            sa.Column(n, _TYPES[code]) for n, code in (c.split(":") for c in spec.split())
        ]
        op.create_table(name, *columns)
        op.create_index(f"ix_{name}_file_id", name, ["file_id"])
    op.create_index("ix_players_player_number", "players", ["player_number"])
    op.create_index("ix_players_last_name", "players", ["last_name"])


def _site_tables() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("slug", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(200), nullable=False),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id"), nullable=True),
        sa.Column("admin", sa.Boolean, nullable=False),
    )
    for name in ("sessions", "tokens"):
        op.create_table(
            name,
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("digest", sa.String(64), nullable=False, unique=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
            sa.Column("expires", sa.Float, nullable=False)
            if name == "sessions"
            else sa.Column("created", sa.DateTime, nullable=False),
        )
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(200), nullable=False, index=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("clubs.id"), nullable=False, index=True),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("date", sa.Date, nullable=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.UniqueConstraint("club_id", "key"),
    )
    op.create_table(
        "versions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("uploaded", sa.DateTime, nullable=False),
        sa.Column("published", sa.DateTime, nullable=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("filename", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("format", sa.String(32), nullable=False),
        sa.Column("problems", sa.Text, nullable=False),
        sa.Column("events", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.UniqueConstraint("game_id", "number"),
    )
    op.create_table(
        "outputs",
        sa.Column("version_id", sa.Integer, sa.ForeignKey("versions.id"), primary_key=True),
        sa.Column("kind", sa.String(32), primary_key=True),
        sa.Column("sha256", sa.String(64), nullable=True),
        sa.Column("error", sa.Text, nullable=True),
    )


def downgrade() -> None:
    """Drop the tables."""
    for name in (*reversed(_ANALYSIS), "outputs", "versions", "games", "login_failures"):
        op.drop_table(name)
    for name in ("tokens", "sessions", "users", "clubs"):
        op.drop_table(name)
