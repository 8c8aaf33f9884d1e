"""The analysis tables gain ``calls`` and ``cards`` (issue 39: every call of a table's auction
and every card of its play, as ``bridgeio export`` writes them), empty on the games published
before.

Revision ID: s0004
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "s0004"
down_revision = "s0003"
branch_labels = None
depends_on = None

_TYPES: dict[str, Any] = {"i8": sa.SmallInteger, "i32": sa.Integer, "cat": sa.Text, "str": sa.Text}
_KEYS = "file_id:i32 event:i32 section:cat board:i32 round:i32 table:i32 room:cat"
_TABLES = {  # bridgeio.analysis.tables.schema as it was at this revision
    "calls": f"{_KEYS} index:i32 seat:cat call:cat alert:str",
    "cards": f"{_KEYS} trick:i8 position:i8 seat:cat card:cat dd_cost:i8",
}


def upgrade() -> None:
    """Make the two tables, each indexed by ``file_id`` as the others are."""
    for name, spec in _TABLES.items():
        columns: list[sa.Column[Any]] = [
            sa.Column(n, _TYPES[code]) for n, code in (c.split(":") for c in spec.split())
        ]
        op.create_table(name, *columns)
        op.create_index(f"ix_{name}_file_id", name, ["file_id"])


def downgrade() -> None:
    """Drop them."""
    for name in reversed(_TABLES):
        op.drop_table(name)
