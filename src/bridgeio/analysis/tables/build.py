"""One file into the rows of every table: its ``files`` row (format, size, hash, warnings,
or the error that kept it from being read) and whatever its document holds.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "bad.zrd")
>>> with open(path, "wb") as out:
...     _ = out.write(b"not a deal file")
>>> tables = Tables()
>>> add_file(tables, 7, path)
>>> row = tables.rows["files"][0]
>>> row[0], row[2], row[8] is not None
(7, None, True)
"""

from __future__ import annotations

import hashlib
from typing import Any

from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.deals import add_deals
from bridgeio.analysis.tables.results import add_results
from bridgeio.errors import FormatError, InternalError, collect
from bridgeio.model.deals import DealSet
from bridgeio.model.document import kind_of
from bridgeio.model.movement import Movement
from bridgeio.model.results import Results


def add_file(tables: Tables, file_id: int, path: str, **options: Any) -> None:
    """Read ``path`` (format sniffed) and add its rows; a file that cannot be read gets its
    ``files`` row with the error, and nothing else. A bug in bridgeio met on the file (in its
    reader or in making its rows) is that file's error, said to be a bug: the export goes on."""
    from bridgeio.core import read

    size = sha = error = None
    doc: Any = None
    try:
        size, sha = _size_and_hash(path)
        with collect() as found:
            doc = read(path, **options)
    except FormatError as failure:
        error = str(failure)
    except OSError as failure:
        error = f"{path}: cannot read: {failure.strerror or failure}"
    except InternalError as failure:
        error = str(failure)
    except Exception as failure:  # a bug outside the reader: never the end of a season's export
        error = str(InternalError(path, "reading", failure))
    if doc is not None:
        error = _rows_of(tables, file_id, doc, path)
    warnings = None
    if error is None:
        warnings = "\n".join(str(p) for p in found.problems) or None
    kind = kind_of(doc)
    tables.add(
        "files",
        (
            file_id,
            path,
            getattr(doc, "format", None),
            None if kind is None else kind.value,
            size,
            sha,
            bool(getattr(doc, "partial", False)),
            warnings,
            error,
        ),
    )


def _rows_of(tables: Tables, file_id: int, doc: Any, path: str) -> str | None:
    """Add the rows of ``doc``; on a bug, none of them, and the error to report."""
    counts = {name: len(rows) for name, rows in tables.rows.items()}
    pieces = {name: len(found) for name, found in tables.pieces.items()}
    try:
        add_document(tables, file_id, doc)
    except Exception as failure:  # a bug in making the rows: the file's rows are taken back
        for name, count in counts.items():
            del tables.rows[name][count:]
        for name, count in pieces.items():
            del tables.pieces[name][count:]
        return str(InternalError(path, "making the tables of", failure))
    return None


def add_document(tables: Tables, file_id: int, doc: Any) -> None:
    """The rows of a document read already (results, a deal set or a movement; other kinds,
    such as a ChessBase tournament index, have no rows beyond ``files``)."""
    if isinstance(doc, Results):
        add_results(tables, file_id, doc)
    elif isinstance(doc, DealSet):
        add_deals(tables, file_id, doc, None)
    elif isinstance(doc, Movement):
        add_schedule(tables, file_id, doc)


def add_schedule(tables: Tables, file_id: int, movement: Movement) -> None:
    """A movement file's schedule: one row a table in play in each round."""
    for round_number, row in enumerate(movement.schedule, start=1):
        for table_number, table in enumerate(row, start=1):
            if table is None:
                continue
            if movement.individual:  # the movement's seats are N, S, E, W
                n, s, e, w = table.seats
                seats: tuple[int | None, ...] = (n, e, s, w)
            else:
                seats = (table.ns, table.ew, None, None)
            tables.add(
                "movements",
                (file_id, None, None, round_number, table_number, *seats, table.group, None),
            )


def _size_and_hash(path: str) -> tuple[int, str]:
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as source:
        while block := source.read(1 << 20):
            digest.update(block)
            size += len(block)
    return size, digest.hexdigest()
