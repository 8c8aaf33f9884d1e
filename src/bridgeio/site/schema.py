"""The site's tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

Two kinds: the site's own (clubs, users, sessions, tokens, games and their versions, the files
made from each version) and the analysis tables of ``bridgeio export``
(:data:`bridgeio.analysis.tables.SCHEMAS`), with the same names and columns, whose rows are
added when a version is published and whose ``file_id`` is that version's id. The database's
shape is made by the migrations (:mod:`bridgeio.site.db`); these objects are how the code
speaks of it.

>>> [c.name for c in ANALYSIS["players"].columns][:4]
['file_id', 'event', 'section', 'entry']
>>> sorted(SITE_TABLES) == sorted(t for t in METADATA.tables if t not in ANALYSIS)
True
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
)

METADATA = MetaData()

clubs = Table(
    "clubs",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("slug", String(64), nullable=False, unique=True),
    Column("name", String(200), nullable=False),
)

users = Table(
    "users",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("name", String(100), nullable=False, unique=True),
    Column("password", String(200), nullable=False),  # Argon2id, with its parameters
    Column("club_id", Integer, ForeignKey("clubs.id"), nullable=True),
    Column("admin", Boolean, nullable=False, default=False),
)

sessions = Table(
    "sessions",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("digest", String(64), nullable=False, unique=True),  # SHA-256 of the cookie
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("expires", Float, nullable=False),
)

tokens = Table(
    "tokens",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("digest", String(64), nullable=False, unique=True),  # SHA-256 of the token
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("created", DateTime, nullable=False),
    Column("last_used", DateTime, nullable=True),
    Column("expires", DateTime, nullable=True),  # None: a token made before expiry existed
)

login_failures = Table(
    "login_failures",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("key", String(200), nullable=False, index=True),  # "user:NAME" or "address:IP"
    Column("at", Float, nullable=False),
)

games = Table(
    "games",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("club_id", Integer, ForeignKey("clubs.id"), nullable=False),
    Column("key", Text, nullable=False),  # date and event names: a game uploaded again
    Column("date", Date, nullable=True),
    Column("name", Text, nullable=False),
    UniqueConstraint("club_id", "key"),
)

versions = Table(
    "versions",
    METADATA,
    Column("id", Integer, primary_key=True),  # the file_id of its rows in the analysis tables
    Column("game_id", Integer, ForeignKey("games.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # "draft" or "published"
    Column("uploaded", DateTime, nullable=False),
    Column("published", DateTime, nullable=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("filename", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("size", Integer, nullable=False),
    Column("format", String(32), nullable=False),
    Column("problems", Text, nullable=False),  # JSON: [{"severity", "place", "message"}]
    Column("events", Integer, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),  # solved, downloads made
    UniqueConstraint("game_id", "number"),
)

outputs = Table(
    "outputs",
    METADATA,
    Column("version_id", Integer, ForeignKey("versions.id"), primary_key=True),
    Column("kind", String(32), primary_key=True),  # "page-N", "json", "usebio", "pbn", ...
    Column("sha256", String(64), nullable=True),
    Column("error", Text, nullable=True),  # why this file could not be made
)

public = Table(
    "public",
    METADATA,
    # the version of a game the public sees, whose rows the analysis tables hold (one a game:
    # publishing replaces it in a transaction that holds the game's row)
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("version_id", Integer, ForeignKey("versions.id"), nullable=False),
)

player_ids = Table(
    "player_ids",
    METADATA,
    # who a player number names: the number and the body that issued it (ACBL, EBU, ...), for
    # each seat of the public versions' entries (placeholder numbers make no row)
    Column("file_id", Integer, ForeignKey("versions.id"), nullable=False, index=True),
    Column("event", Integer, nullable=False),
    Column("section", Text, nullable=True),
    Column("entry", Text, nullable=True),
    Column("seat", SmallInteger, nullable=True),
    Column("body", String(32), nullable=False),
    Column("number", String(64), nullable=False, index=True),
)

SITE_TABLES: tuple[str, ...] = ("clubs", "users", "sessions", "tokens", "login_failures")
SITE_TABLES += ("games", "versions", "outputs", "public", "player_ids")


def _sql_type(arrow_type: object) -> Any:
    """The column type for an analysis table's Arrow type."""
    import pyarrow as pa

    if pa.types.is_dictionary(arrow_type) or pa.types.is_string(arrow_type):
        return Text
    for check, sql in (
        (pa.types.is_int8, SmallInteger),
        (pa.types.is_int32, Integer),
        (pa.types.is_int64, BigInteger),
        (pa.types.is_floating, Float),
        (pa.types.is_boolean, Boolean),
        (pa.types.is_date, Date),
    ):
        if check(arrow_type):
            return sql
    raise TypeError(f"no SQL type for {arrow_type}")


def _analysis() -> dict[str, Table]:
    from bridgeio.analysis.tables.schema import SCHEMAS

    found = {}
    for name, schema in SCHEMAS.items():
        found[name] = Table(name, METADATA, *(Column(f.name, _sql_type(f.type)) for f in schema))
    return found


ANALYSIS: dict[str, Table] = _analysis()
"""The analysis tables, as :data:`bridgeio.analysis.tables.SCHEMAS` has them now (the
migrations made them; a test checks that the two agree)."""
