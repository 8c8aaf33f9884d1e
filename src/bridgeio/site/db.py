"""The site's database: an engine for its address (SQLite with write-ahead logging, or
PostgreSQL through psycopg 3) and the Alembic migrations that bring it to the code's schema,
in place.

>>> import tempfile
>>> engine = connect(f"sqlite:///{tempfile.mkdtemp()}/site.db")
>>> migrate(engine), migrate(engine)  # the second finds nothing to do
('s0006', 's0006')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

MIGRATIONS = Path(__file__).parent / "migrations"
"""Alembic's scripts (package data)."""


def connect(url: str) -> Engine:
    """An engine for the site's database at ``url`` (a SQLite file readable by its owner
    only, and so its journal files, which SQLite makes with the database's mode)."""
    if url.startswith("sqlite"):
        _owner_only(url)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_settings)
        return engine
    return create_engine(url, pool_size=20, max_overflow=20, pool_pre_ping=True)


def _owner_only(url: str) -> None:
    """Make the SQLite file of ``url`` (and its journal files, when there) mode 0600."""
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    if not name or name == ":memory:":
        return
    path = Path(name)
    if path.parent.is_dir():
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    for found in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        if found.exists():
            os.chmod(found, 0o600)


def _sqlite_settings(connection: Any, _record: Any) -> None:
    """Readers never wait for a writer (WAL), and foreign keys are kept."""
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def migrate(engine: Engine) -> str:
    """Bring the database to the newest schema; return its revision."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        revision = MigrationContext.configure(connection).get_current_revision()
    return str(revision)
