"""A results site: clubs upload results files, bridgeio checks and publishes them, and each
player's history follows (``bridgeio site ...`` and ``bridgeio serve``; DESIGN.md, "Results
site").

The site is a folder: ``site.json`` (the database's address and the limits), ``site.db`` (the
SQLite database, unless ``--db`` named PostgreSQL) and ``files/`` (every uploaded file and
every page made from it, kept under the SHA-256 of its bytes, never overwritten).

Its modules: :mod:`~bridgeio.site.config` (the folder), :mod:`~bridgeio.site.schema` and
:mod:`~bridgeio.site.db` (tables, migrations), :mod:`~bridgeio.site.storage` (the files),
:mod:`~bridgeio.site.worker` and :mod:`~bridgeio.site.jobs` (reading uploads in a process of
their own, with limits), :mod:`~bridgeio.site.accounts` (users, sessions, tokens),
:mod:`~bridgeio.site.games` (games and their versions), :mod:`~bridgeio.site.publishing`
(upload, publish, roll back, deals joining a game), :mod:`~bridgeio.site.bodies` (who issued a
player number), :mod:`~bridgeio.site.app` (the web
application) and :mod:`~bridgeio.site.pages` (its HTML). The server's libraries (Starlette,
uvicorn, SQLAlchemy, Alembic, argon2-cffi) are the ``site`` extra: :func:`require` says so in
one line when they are missing.
"""

from __future__ import annotations

import importlib.util

LIBRARIES = {
    "starlette": "starlette",
    "uvicorn": "uvicorn",
    "sqlalchemy": "sqlalchemy",
    "alembic": "alembic",
    "argon2": "argon2-cffi",
    "python_multipart": "python-multipart",
}
"""The modules the site needs, and the package that brings each."""


class SiteMissing(RuntimeError):
    """The site's libraries are not installed."""


def require() -> None:
    """Raise :class:`SiteMissing` naming what to install when a library of the site is missing.

    >>> require()  # the development install has them all
    """
    missing = [pkg for mod, pkg in LIBRARIES.items() if importlib.util.find_spec(mod) is None]
    if missing:
        raise SiteMissing(
            f"the results site needs {', '.join(missing)}: pip install 'bridgeio[site]'"
        )
