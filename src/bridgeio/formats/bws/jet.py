"""The tables of a Microsoft Access (Jet 3, Jet 4, ACE) database, read with ``access-parser``.

``access-parser`` links every data page that names a table as its owner to that table; Access
leaves such pages behind when it frees them, so rows long deleted came back (a Bridgemate
database's ``RoundData`` read twice). Here only the pages in the table's own usage map (Jet's
record of the pages a table holds) are the table's. The layout, as mdbtools' HACKING
documents it: a table definition points to its used-pages map at byte 35 (Jet 3, 2 KB pages) or
55 (Jet 4 and ACE, 4 KB); the pointer is a row (low byte) of a page (upper three bytes); a map
of type 0 holds its first page and one bit a page, of type 1 the pages (type 0x05) of bits.
Every fault of the file, whatever the library raises on it, is a
:class:`~bridgeio.errors.FormatError`; the file is only read.
"""

from __future__ import annotations

import logging
import struct
from typing import Any

from access_parser import AccessParser  # type: ignore[import-untyped]
from access_parser.access_parser import (  # type: ignore[import-untyped]
    AccessTable,
    TableObj,
)

from bridgeio.errors import FormatError

Row = dict[str, Any]

for _name in ("access_parser", "access_parser.utils", "access_parser.parsing_primitives"):
    logging.getLogger(_name).disabled = True  # its findings are ours to word

_MAP_POINTER = {2048: 35, 4096: 55}  # the used-pages map's row in a table definition
_ROW_COUNT = {2048: 8, 4096: 12}  # where a data page counts its rows


class _CutShort(ValueError):
    """The file ends before a page the database needs (a copy cut short)."""


class _Database(AccessParser):  # type: ignore[misc]
    """AccessParser whose tables hold only the pages their usage maps give them."""

    def _link_tables_to_data(self) -> dict[int, Any]:
        if len(self.db_data) % self.page_size:
            raise _CutShort(f"it ends inside page {len(self.db_data) // self.page_size}")
        tables: dict[int, Any] = {}
        for offset, definition in self._table_defs.items():
            used = self._used(definition)
            if any(p * self.page_size >= len(self.db_data) for p in used):
                raise _CutShort(f"it ends before page {max(used)}")
            table = tables[offset] = TableObj(offset, definition)
            table.linked_pages = [
                self._data_pages[p * self.page_size]
                for p in used
                if p * self.page_size in self._data_pages
            ]
        return tables

    def get_table(self, table_name: str) -> Any:
        table = super().get_table(table_name)
        if table is not None:
            table.__class__ = _Table  # (the library builds it; only its row parsing differs)
        return table

    def _used(self, definition: bytes) -> list[int]:
        """The page numbers a table definition's usage map marks as the table's."""
        at = _MAP_POINTER[self.page_size]
        (pointer,) = struct.unpack_from("<I", definition, at)
        row = self._row(pointer >> 8, pointer & 0xFF)
        if row[0] == 0:  # inline: first page, then one bit a page
            (first,) = struct.unpack_from("<I", row, 1)
            return _bits(row[5:], first)
        per_page = (self.page_size - 4) * 8  # a reference map: pages of bits
        pages: list[int] = []
        for index in range((len(row) - 1) // 4):
            (page,) = struct.unpack_from("<I", row, 1 + 4 * index)
            if page:
                bitmap = self._all_pages[page * self.page_size][4:]
                pages += _bits(bitmap, index * per_page)
        return pages

    def _row(self, page: int, number: int) -> bytes:
        """Row ``number`` of data page ``page``."""
        data = self._all_pages[page * self.page_size]
        count_at = _ROW_COUNT[self.page_size]
        (count,) = struct.unpack_from("<H", data, count_at)
        if number >= count:
            raise ValueError(f"row {number} of page {page}")
        starts = struct.unpack_from(f"<{count}H", data, count_at + 2)
        end = self.page_size if number == 0 else starts[number - 1] & 0x1FFF
        return bytes(data[starts[number] & 0x1FFF : end])


class _Table(AccessTable):  # type: ignore[misc]
    """AccessTable that reads a row written before columns were added to its table.

    A row begins with the number of columns it has (one byte in Jet 3, two after); a column
    added later (Bridgemate's ``TimeLog``, ``CustomBoards``) is not in the rows written
    before it, whose null mask and variable-column offsets are sized for their own columns.
    ``access-parser`` sizes them for the table's, misreading such rows; here each row is
    parsed with its own columns and the later ones are blank."""

    columns: dict[int, Any]  # (set by the library's constructor)

    def _parse_row(self, record: bytes) -> None:
        count = record[0] if self.version <= 3 else struct.unpack_from("<H", record)[0]
        columns = self.columns
        later = [c for c in columns.values() if c.column_id >= count]
        if not later or not count:
            super()._parse_row(record)
            return
        header = self.table_header
        sizes = header.column_count, header.variable_columns
        self.columns = {i: c for i, c in columns.items() if c.column_id < count}
        header.column_count = count
        header.variable_columns = sum(
            not c.column_flags.fixed_length for c in self.columns.values()
        )
        try:
            super()._parse_row(record)
        finally:
            self.columns = columns
            header.column_count, header.variable_columns = sizes
        for column in later:
            self.parsed_table[column.col_name_str].append(False if column.type == 1 else None)


def _bits(bitmap: bytes, first: int) -> list[int]:
    """The page numbers whose bits are set, the first bit standing for page ``first``."""
    return [
        first + 8 * index + bit
        for index, byte in enumerate(bitmap)
        if byte
        for bit in range(8)
        if byte >> bit & 1
    ]


class Tables:
    """The user tables of one database, each read as a list of rows (column name to value).

    >>> Tables("/nonexistent.bws")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /nonexistent.bws: file: expected an Access database (...)
    """

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self._db = _Database(path)
        except Exception as error:  # the library's faults on a damaged file are many kinds
            raise FormatError(path, "file", f"an Access database ({_why(error)})") from None

    @property
    def names(self) -> list[str]:
        """The user tables' names."""
        return [name for name in self._db.catalog if not name.startswith("MSys")]

    def rows(self, name: str) -> list[Row]:
        """Every row of table ``name``; empty when the database has no such table."""
        if name not in self._db.catalog:
            return []
        try:
            columns = self._db.parse_table(name)
        except Exception as error:  # as above: a damaged page
            raise FormatError(
                self.path, f"table {name}", f"readable rows ({_why(error)})"
            ) from None
        if not isinstance(columns, dict) or not columns:
            return []
        lists = {key: value for key, value in columns.items() if isinstance(value, list)}
        count = min((len(value) for value in lists.values()), default=0)
        return [{key: value[index] for key, value in lists.items()} for index in range(count)]


def whole(value: Any) -> int:
    """A column's whole number; 0 for a blank or anything else.

    >>> whole(7), whole("12"), whole(None), whole("x")
    (7, 12, 0, 0)
    """
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _why(error: Exception) -> str:
    """A short reason for a user (the library's own words are not for them)."""
    if isinstance(error, _CutShort):
        return f"the whole file: {error}"
    if isinstance(error, OSError):
        return error.strerror or "cannot be read"
    return "its pages do not hold together"
