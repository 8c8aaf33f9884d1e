"""Decoding ACBLscore values: field tables compiled into ``struct`` layouts, strings, dates.

A :class:`Record` turns a field table of :mod:`~bridgeio.formats.acblscore.layout` (offset,
type, name, as in the document) into one precompiled ``struct`` format, so that a record is
read with one ``unpack_from`` call; the reader picks the values it needs by position
(:meth:`Record.getter`), and :meth:`Record.decode` gives every field with its meaning for the
provenance objects, which decode only when asked.

>>> r = Record("demo", [(0x00, "u16", "number"), (0x04, "f2", "percentage")])
>>> r.size, r.unpack(bytes([7, 0, 9, 9, 0x05, 0x15]), 0), r.decode(bytes([7, 0, 9, 9, 5, 0x15]), 0)
(6, (7, 5381), {'number': 7, 'percentage': 53.81})
"""

from __future__ import annotations

import codecs
import datetime
import re
import struct
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from bridgeio.errors import FormatError
from bridgeio.formats.acblscore.layout import Field

_CODES = {
    "u8": "B",
    "u16": "H",
    "u32": "I",
    "i8": "b",
    "i16": "h",
    "i32": "i",
    "ptr": "I",
    "bool": "B",
    "f1": "H",
    "f2": "H",
    "f4": "H",
    "F2": "i",
    "dt": "I",
}
_SIZES = {"B": 1, "H": 2, "I": 4, "b": 1, "h": 2, "i": 4}

# cp1252 with the control characters (and its five undefined bytes) turned into U+FFFD, so
# that a damaged string never carries a character XML or a terminal cannot take.
_CP1252 = bytes(range(256)).decode("cp1252", errors="replace")
_TABLE = "".join("\ufffd" if ord(c) < 32 or c == "\x7f" else c for c in _CP1252)
BAD = "\ufffd"
"""What a control character or an undefined byte in a string is decoded as."""


def chars(raw: bytes) -> str:
    """Bytes as cp1252 text, a control character or undefined byte becoming U+FFFD.

    >>> chars(b"Caf\\xe9"), chars(b"2b\\x08K")
    ('Café', '2b\\ufffdK')
    """
    return codecs.charmap_decode(raw, "strict", _TABLE)[0]


_JOINING = "\0" + _TABLE[1:]  # as _TABLE, but a NUL stays a NUL: it joins strings


def joined(fields: Sequence[bytes]) -> str:
    """Several length-prefixed strings decoded in one call, joined by NULs (a string that
    holds a NUL itself makes more parts than fields: the caller then decodes one by one).

    >>> joined([b"\\x03Ann\\x00", b"\\x02Li"]).split("\\0")
    ['Ann', 'Li']
    """
    return codecs.charmap_decode(
        b"\0".join([raw[1 : 1 + raw[0]] for raw in fields]), "strict", _JOINING
    )[0]


def text(raw: bytes) -> str:
    """A length-prefixed string's characters (the first byte is the length, clipped to the
    field's width; what follows the length is junk and ignored).

    >>> text(b"\\x05Smith\\x00\\x00xx"), text(b"\\xff12")
    ('Smith', '12')
    """
    return chars(raw[1 : 1 + raw[0]])


def width(kind: str) -> int:
    """The bytes a field of type ``kind`` takes (``str:N`` takes N + 1)."""
    code = _CODES.get(kind)
    if code is not None:
        return _SIZES[code]
    base, _, count = kind.partition(":")
    if base == "str":
        return int(count) + 1
    if base == "chr":
        return int(count)
    if base == "r48":
        return 6
    raise ValueError(f"unknown field type {kind}")


def real48(raw: bytes) -> float:
    """A Turbo Pascal 6-byte real: exponent byte (bias 129), 39-bit fraction, sign bit last.

    >>> real48(bytes([0x81, 0, 0, 0, 0, 0])), real48(bytes([0x80, 0, 0, 0, 0, 0x80]))
    (1.0, -0.5)
    """
    if raw[0] == 0:
        return 0.0
    fraction = int.from_bytes(raw[1:6], "little") & ((1 << 39) - 1)
    value = (1 + fraction / 2**39) * 2.0 ** (raw[0] - 129)
    return -value if raw[5] & 0x80 else value


def dos_datetime(value: int) -> datetime.datetime | None:
    """A DOS date-time (date in the high word, 2-second resolution); None if 0 or not a
    real moment.

    >>> dos_datetime(0x4ACD7841)
    datetime.datetime(2017, 6, 13, 15, 2, 2)
    """
    if not value:
        return None
    date, time = value >> 16, value & 0xFFFF
    try:
        return datetime.datetime(
            (date >> 9) + 1980,
            (date >> 5) & 15,
            date & 31,
            time >> 11,
            (time >> 5) & 63,
            (time << 1) & 63,
        )
    except ValueError:
        return None


MONTHS = (
    "January February March April May June July August September October November December"
).split()
_MONTH = {name.lower(): n for n, name in enumerate(MONTHS, start=1)}
_MONTH.update({name[:3].lower(): n for n, name in enumerate(MONTHS, start=1)})
_WORDS_DATE = re.compile(r"^\s*([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\s*$")
_NUMBER_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})\s*$")


def parse_date(value: str) -> datetime.date | None:
    """The date of an event's date text as ACBLscore writes it ("June 13, 2017"; also
    "Jun 13, 2017" and "6/13/2017"); None when the text is no such date.

    >>> parse_date("August 7, 2017"), parse_date("8/7/17"), parse_date("February 30, 2017")
    (datetime.date(2017, 8, 7), datetime.date(2017, 8, 7), None)
    """
    try:
        words = _WORDS_DATE.match(value)
        if words:
            month = _MONTH.get(words.group(1).lower())
            if month is None:
                return None
            return datetime.date(int(words.group(3)), month, int(words.group(2)))
        numbers = _NUMBER_DATE.match(value)
        if numbers:
            year = int(numbers.group(3))
            year += 2000 if year < 80 else 1900 if year < 100 else 0
            return datetime.date(year, int(numbers.group(1)), int(numbers.group(2)))
    except ValueError:
        return None
    return None


def looks_like_date(value: str) -> bool:
    """Is ``value`` written as a date (a month's name or numbers), whether or not the day
    exists?

    >>> looks_like_date("February 30, 2017"), looks_like_date("Club game")
    (True, False)
    """
    words = _WORDS_DATE.match(value)
    return bool(words and words.group(1).lower() in _MONTH or _NUMBER_DATE.match(value))


def date_text(date: datetime.date) -> str:
    """A date as ACBLscore writes it.

    >>> date_text(datetime.date(2017, 8, 7))
    'August 7, 2017'
    """
    return f"{MONTHS[date.month - 1]} {date.day}, {date.year}"


def _converter(kind: str) -> Callable[[Any], Any] | None:
    """What turns a field's unpacked value into its meaning (None: as unpacked)."""
    scaled = {"f1": 10, "f2": 100, "F2": 100, "f4": 10000}
    if kind in scaled:
        divisor = scaled[kind]
        return lambda value: value / divisor
    if kind == "bool":
        return bool
    if kind == "dt":
        return dos_datetime
    if kind == "r48":
        return real48
    if kind.startswith("str:"):
        return text
    if kind.startswith("chr:"):
        return chars
    return None


def nested(prefix: str, base: int, table: Sequence[Field]) -> list[Field]:
    """A structure's fields inside another at ``base``, their names prefixed.

    >>> nested("rank1_", 0x5E, [(0x0A, "u16", "rank")])
    [(104, 'u16', 'rank1_rank')]
    """
    return [(base + offset, kind, prefix + name) for offset, kind, name in table]


class Record:
    """A compiled field table: :meth:`unpack` reads every field in one ``struct`` call.

    Integers come out as stored (intfloats unscaled), strings as their raw bytes; the
    caller converts what it uses. Bounds are checked, so a record that runs past the end of
    the data is a :class:`FormatError` naming the record and the byte.
    """

    def __init__(self, name: str, fields: Sequence[Field]) -> None:
        self.name = name
        self.fields = sorted(fields)
        parts, position = ["<"], 0
        for offset, kind, field_name in self.fields:
            if offset < position:
                raise ValueError(f"{name}: {field_name} overlaps the field before it")
            if offset > position:
                parts.append(f"{offset - position}x")
            size = width(kind)
            parts.append(_CODES.get(kind) or f"{size}s")
            position = offset + size
        self.size = position
        self.struct = struct.Struct("".join(parts))
        self.names = tuple(field_name for _, _, field_name in self.fields)
        self.index = {field_name: i for i, field_name in enumerate(self.names)}
        self.offset = {field_name: offset for offset, _, field_name in self.fields}
        self.kind = {field_name: kind for _, kind, field_name in self.fields}
        self._converters = [
            (i, convert)
            for i, (_, kind, _) in enumerate(self.fields)
            if (convert := _converter(kind)) is not None
        ]
        self._one: dict[str, tuple[int, struct.Struct, Callable[[Any], Any] | None]] = {}

    def unpack(self, data: bytes, at: int, path: str = "<data>") -> tuple[Any, ...]:
        """The raw values of the record at byte ``at``, in the table's offset order."""
        if at < 0 or at + self.size > len(data):
            raise FormatError(
                path,
                f"{self.name} at byte {at}",
                f"{self.size} bytes within the file's {len(data)}",
            )
        return self.struct.unpack_from(data, at)

    def getter(self, *names: str) -> Callable[[tuple[Any, ...]], Any]:
        """A function picking the values of ``names`` from :meth:`unpack`'s tuple at once."""
        return itemgetter(*(self.index[name] for name in names))

    def value(self, data: bytes, at: int, name: str, path: str = "<data>") -> Any:
        """One field of the record at byte ``at`` with its meaning (as :meth:`decode` gives
        it, the same bounds checked), the other fields left alone; KeyError for a name the
        record has not."""
        found = self._one.get(name)
        if found is None:
            kind = self.kind[name]
            code = _CODES.get(kind) or f"{width(kind)}s"
            found = (self.offset[name], struct.Struct("<" + code), _converter(kind))
            self._one[name] = found
        if at < 0 or at + self.size > len(data):
            self.unpack(data, at, path)  # raises the FormatError
        offset, layout, convert = found
        raw = layout.unpack_from(data, at + offset)[0]
        return raw if convert is None else convert(raw)

    def decode(self, data: bytes, at: int, path: str = "<data>") -> dict[str, Any]:
        """Every field of the record with its meaning: ``{name: value}``."""
        values = list(self.unpack(data, at, path))
        for i, convert in self._converters:
            values[i] = convert(values[i])
        return dict(zip(self.names, values, strict=True))
