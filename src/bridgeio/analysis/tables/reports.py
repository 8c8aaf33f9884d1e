"""Running the reports of :mod:`bridgeio.analysis.reports` (each one DuckDB query) on the
analysis tables: :func:`connect` makes the tables views of an export (``OUT/<table>.parquet``,
``OUT/<table>/`` partitions, or the tables of a DuckDB file), :func:`run` runs one."""

from __future__ import annotations

import os
from typing import Any

from bridgeio.analysis.reports import REPORTS
from bridgeio.analysis.tables.schema import SCHEMAS, TABLES


def connect(export: str | os.PathLike[str]) -> Any:
    """A DuckDB connection with a view of each table of an export: a folder of
    ``<table>.parquet`` or ``<table>.csv`` files or ``<table>/`` partitions, or a DuckDB file
    (opened read-only). FileNotFoundError when ``export`` is none of these."""
    import duckdb

    path = os.fspath(export)
    if os.path.isfile(path):
        return duckdb.connect(path, read_only=True)
    db = duckdb.connect()
    for name in TABLES:
        source = _source(path, name)
        if source is None:
            raise FileNotFoundError(f"{path}: no {name} table (an export's folder was expected)")
        db.execute(f'CREATE VIEW "{name}" AS SELECT * FROM {source}')
    return db


def _source(folder: str, name: str) -> str | None:
    """The DuckDB table function reading one table of an export folder."""
    base = os.path.join(folder, name)
    found = {
        f"{base}.parquet": f"read_parquet('{base}.parquet')",
        base: f"read_parquet('{os.path.join(base, '*.parquet')}')",
        # typed as the schema, "" an empty string (section ""), not null: the joins hold
        f"{base}.csv": f"read_csv('{base}.csv', types = {_csv_types(name)}, "
        "allow_quoted_nulls = false)",
    }
    for candidate, reader in found.items():
        if os.path.exists(candidate):
            return reader.replace("\\", "/")
    return None


class NothingToReport(Exception):
    """The tables lack what a report reads (the play reports on tables whose ``dd_cost`` is
    not solved): the message says what, in one line."""


def check(db: Any, name: str) -> str | None:
    """A note to show beside report ``name``'s rows (``dd_cost`` solved on some plays only),
    or None; :class:`NothingToReport` when the tables lack what it reads."""
    sql = REPORTS[name].check
    if not sql:
        return None
    stop, note = db.execute(sql).fetchone()
    if stop is not None:
        raise NothingToReport(stop)
    return note if note is None else str(note)


_DUCKDB_TYPES = {"int8": "TINYINT", "int32": "INTEGER", "int64": "BIGINT", "double": "DOUBLE",
                 "bool": "BOOLEAN", "date32[day]": "DATE"}  # fmt: skip
"""DuckDB's name of each Arrow type of the schema (anything else: VARCHAR)."""


def _csv_types(name: str) -> str:
    """The columns' types of table ``name`` for DuckDB's ``read_csv``: a column null in every
    row (``south`` of a pairs game) is still an integer, so the reports' queries join it.

    >>> _csv_types("dd_tricks")[:41]
    "{'file_id': 'INTEGER', 'event': 'INTEGER'"
    """
    types = {f.name: _DUCKDB_TYPES.get(str(f.type), "VARCHAR") for f in SCHEMAS[name]}
    return "{" + ", ".join(f"'{column}': '{kind}'" for column, kind in types.items()) + "}"


def run(db: Any, name: str, **parameters: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
    """(column names, rows) of a report; ``parameters`` fill its ``$`` names (None for those
    not given). :class:`NothingToReport` when the tables lack what it reads (:func:`check`)."""
    report = REPORTS[name]
    check(db, name)
    given = {key: parameters.get(key) for key in report.needs}
    cursor = db.execute(report.sql, given) if given else db.execute(report.sql)
    columns = [d[0] for d in cursor.description]
    return columns, cursor.fetchall()
