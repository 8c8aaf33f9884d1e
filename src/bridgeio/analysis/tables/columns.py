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
        """Every table, in the contract's schema; the rows gathered so far are dropped."""
        built = {}
        for name, schema in SCHEMAS.items():
            parts = [from_rows(schema, self.rows[name])] if self.rows[name] else []
            parts += self.pieces[name]
            built[name] = (
                parts[0] if len(parts) == 1 else pa.concat_tables(parts) if parts
                else schema.empty_table()
            )  # fmt: skip
            self.rows[name], self.pieces[name] = [], []
        return built


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
