"""Rows gathered table by table, turned into Arrow tables of the contract's schemas.

Rows of small tables (a game's results) are gathered as tuples in schema order and turned
into columns once per batch of files, which costs far less than an Arrow array per file; bulk
data (deal sets) arrives as Arrow tables already.

>>> tables = Tables()
>>> tables.add("files", (0, "a.aca", "acblscore", "results", 10, "ab", False, None, None))
>>> built = tables.build()
>>> built["files"].num_rows, built["files"].column("format").type
(1, DictionaryType(dictionary<values=string, indices=int32, ordered=0>))
"""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec
from typing import Any

import pyarrow as pa

from bridgeio.analysis.tables.schema import SCHEMAS


class Tables:
    """Rows and Arrow pieces for every table, built into one Arrow table each."""

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[Any, ...]]] = {name: [] for name in SCHEMAS}
        self.pieces: dict[str, list[pa.Table]] = {name: [] for name in SCHEMAS}

    def add(self, table: str, row: tuple[Any, ...]) -> None:
        """One row, its values in the order of the table's schema."""
        self.rows[table].append(row)

    def extend(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        """Rows, each in the order of the table's schema."""
        self.rows[table].extend(rows)

    def attach(self, table: str, piece: pa.Table) -> None:
        """An Arrow table of this table's schema (bulk data built without rows)."""
        self.pieces[table].append(piece)

    def build(self) -> dict[str, pa.Table]:
        """Every table, in the contract's schema; the rows gathered so far are dropped.

        A value a column cannot hold (a pair number of 2^31 or more in a 32-bit column, a
        string that is not Unicode) becomes null, and the file it came from is told where in
        its ``files`` row's warnings (so the other tables are built before ``files``)."""
        notes: dict[int, list[str]] = {}
        built = {name: self._built(name, notes) for name in SCHEMAS if name != "files"}
        if notes:
            self.rows["files"] = [_noted(row, notes.get(row[0])) for row in self.rows["files"]]
        built["files"] = self._built("files", notes)
        return {name: built[name] for name in SCHEMAS}

    def _built(self, name: str, notes: dict[int, list[str]]) -> pa.Table:
        schema = SCHEMAS[name]
        rows = self.rows[name]
        try:
            parts = [from_rows(schema, rows)] if rows else []
        except (pa.ArrowInvalid, OverflowError, UnicodeError):  # rare: look value by value
            parts = [from_rows(schema, [fitted(name, schema, row, notes) for row in rows])]
        parts += self.pieces[name]
        self.rows[name], self.pieces[name] = [], []
        if not parts:
            return schema.empty_table()
        return parts[0] if len(parts) == 1 else pa.concat_tables(parts)


_LIMITS = {
    pa.int8(): 1 << 7,
    pa.int16(): 1 << 15,
    pa.int32(): 1 << 31,
    pa.int64(): 1 << 63,
}
_KEYS = ("event", "section", "entry", "board", "round", "table", "record")


def fitted(
    table: str, schema: pa.Schema, row: tuple[Any, ...], notes: dict[int, list[str]]
) -> tuple[Any, ...]:
    """``row`` with each value its column cannot hold made null, and a note of it for the
    row's file (its first value, ``file_id``), naming the table, the row and the column.

    >>> notes = {}
    >>> fitted("results", SCHEMAS["results"], (3, 1, "A", 7, 1, 2, 2**32) + (None,) * 16,
    ...        notes)[6:8]
    (None, None)
    >>> print(notes[3][0])
    results table, event 1, section A, board 7, round 1, table 2: warning: ns 4294967296 does not fit a 32-bit column: left null
    """  # noqa: E501
    values = list(row)
    for at, (field, value) in enumerate(zip(schema, row, strict=True)):
        values[at], why = _fit(_plain(field.type), value)
        if why:
            shown = "" if isinstance(value, str) else f" {_shown(value)}"
            notes.setdefault(row[0], []).append(
                f"{_where(table, schema, row)}: warning: {field.name}{shown} {why}"
            )
    return tuple(values)


def _fit(kind: pa.DataType, value: Any) -> tuple[Any, str]:
    """The value as a column of ``kind`` holds it, and what was done to it (or nothing)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeError:
            fixed = value.encode("utf-8", "replace").decode("utf-8")
            return fixed, "is not Unicode text: its odd characters replaced by ?"
        return value, ""
    if not isinstance(value, int) or isinstance(value, bool):
        return value, ""
    if kind in _LIMITS and not -_LIMITS[kind] <= value < _LIMITS[kind]:
        return None, f"does not fit a {kind.bit_width}-bit column: left null"
    if pa.types.is_floating(kind):
        try:
            return float(value), ""
        except OverflowError:
            return None, "does not fit a 64-bit floating-point column: left null"
    return value, ""


def _shown(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:12]}... ({len(text)} digits)"


def _where(table: str, schema: pa.Schema, row: tuple[Any, ...]) -> str:
    """The row's place: its table and the columns that find it (event, section, board...)."""
    keys = [
        f"{name} {value}"
        for name, value in zip(schema.names, row, strict=True)
        if name in _KEYS and value not in (None, "")
    ]
    return ", ".join([f"{table} table", *keys])


def _noted(row: tuple[Any, ...], notes: list[str] | None) -> tuple[Any, ...]:
    """A ``files`` row with ``notes`` added to its warnings (index 7)."""
    if not notes:
        return row
    warnings = "\n".join(([row[7]] if row[7] else []) + notes)
    return (*row[:7], warnings, *row[8:])


def from_rows(schema: pa.Schema, rows: list[tuple[Any, ...]]) -> pa.Table:
    """An Arrow table of ``schema`` from rows of values in its order: pyarrow converts the
    rows as one struct array (in C++, several times faster than transposing them in Python),
    then dictionary-encodes the columns the schema wants so.

    >>> from_rows(SCHEMAS["dd_tricks"], [(0, None, 1, 7, "N", "NT", 9)]).column("strain")[0]
    <pyarrow.DictionaryScalar: 'NT'>
    """
    plain = pa.struct([pa.field(f.name, _plain(f.type)) for f in schema])
    columns = pa.array(rows, type=plain).flatten()
    return pa.Table.from_arrays(
        [
            c.dictionary_encode() if pa.types.is_dictionary(f.type) else c
            for c, f in zip(columns, schema, strict=True)
        ],
        schema=schema,
    )


def _plain(kind: pa.DataType) -> pa.DataType:
    return kind.value_type if pa.types.is_dictionary(kind) else kind


class _NoPandas:
    """An import finder that refuses pandas (see :func:`pandas_unseen`)."""

    def find_spec(self, name: str, *args: object) -> ModuleSpec | None:
        if name == "pandas":
            raise ImportError("pandas is not wanted here")
        return None


def pandas_unseen() -> None:
    """Have pyarrow convert Python values without importing pandas, in a process of our own
    (the export's command and its worker processes), where no pandas object is converted.

    pyarrow imports pandas on its first conversion, to ask whether the value is a pandas
    object: half a second of every export process's start. Made with the import refused,
    that first conversion records pandas as absent, for these questions only: after it,
    pandas imports as before and ``to_pandas()`` works.

    >>> import subprocess, sys  # (in a process of its own, as the export)
    >>> code = ("import sys; from bridgeio.analysis.tables.columns import *; pandas_unseen(); "
    ...         "from_rows(SCHEMAS['files'], [(0,) + (None,) * 8]); print('pandas' in sys.modules)")
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.split()
    ['False']
    """
    if "pandas" in sys.modules:
        return
    refuse = _NoPandas()
    sys.meta_path.insert(0, refuse)
    try:
        pa.array([0])
    finally:
        sys.meta_path.remove(refuse)
