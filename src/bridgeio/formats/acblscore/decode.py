"""Decoding fixed layouts from bytes: every field table in layout.py becomes one precompiled
``struct`` unpack, with bounds checked so that a bad pointer is a FormatError, not a crash."""

from __future__ import annotations

import struct
from datetime import datetime
from typing import Any

from bridgeio.errors import FormatError
from bridgeio.formats.acblscore.layout import Field

_NUMBERS = {
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


def text(raw: bytes) -> str:
    """A length-prefixed string's characters (cp1252, never failing on a byte)."""
    return raw[1 : 1 + min(raw[0], len(raw) - 1)].decode("cp1252", errors="replace")


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


def dos_datetime(value: int) -> str | None:
    """ISO text of a DOS date-time (date in the high word, 2-second resolution); None if 0
    or not a real date.

    >>> dos_datetime(0x4ACD7841)
    '2017-06-13T15:02:02'
    """
    if not value:
        return None
    date, time = value >> 16, value & 0xFFFF
    try:
        moment = datetime(
            (date >> 9) + 1980,
            (date >> 5) & 15,
            date & 31,
            time >> 11,
            (time >> 5) & 63,
            (time << 1) & 63,
        )
    except ValueError:
        return None
    return moment.isoformat()


class Layout:
    """A compiled field table: ``read(data, offset)`` gives ``{name: value}``."""

    def __init__(self, name: str, fields: list[Field]) -> None:
        self.name = name
        self.fields = sorted(fields)
        parts, kinds, position = ["<"], [], 0
        for offset, kind, field_name in self.fields:
            if offset < position:
                raise ValueError(f"{name}: {field_name} overlaps the field before it")
            if offset > position:
                parts.append(f"{offset - position}x")
            width = self._width(kind)
            parts.append(_NUMBERS.get(kind) or f"{width}s")
            kinds.append((field_name, kind))
            position = offset + width
        self.size = position
        self.offsets = {field_name: offset for offset, _, field_name in self.fields}
        self._struct = struct.Struct("".join(parts))
        self._kinds = kinds

    @staticmethod
    def _width(kind: str) -> int:
        if kind in _NUMBERS:
            return _SIZES[_NUMBERS[kind]]
        base, _, count = kind.partition(":")
        if base == "str":
            return int(count) + 1
        if base == "chr":
            return int(count)
        if base == "r48":
            return 6
        raise ValueError(f"unknown field type {kind}")

    def read(self, data: bytes, offset: int, path: str, what: str | None = None) -> dict[str, Any]:
        if offset < 0 or offset + self.size > len(data):
            raise FormatError(
                path,
                f"{what or self.name} at byte {offset}",
                f"{self.size} bytes within the file's {len(data)}",
            )
        values = self._struct.unpack_from(data, offset)
        result: dict[str, Any] = {}
        for (field_name, kind), value in zip(self._kinds, values, strict=True):
            if kind == "f2" or kind == "F2":
                value = value / 100
            elif kind == "f1":
                value = value / 10
            elif kind == "f4":
                value = value / 10000
            elif kind == "bool":
                value = bool(value)
            elif kind == "dt":
                value = dos_datetime(value)
            elif kind == "r48":
                value = real48(value)
            elif kind.startswith("str"):
                value = text(value)
            elif kind.startswith("chr"):
                value = value.decode("cp1252", errors="replace")
            result[field_name] = value
        return result
