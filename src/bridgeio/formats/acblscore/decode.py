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
        self._names = [name for name, _ in kinds]
        self._converters = [(name, _converter(kind)) for name, kind in kinds if _converter(kind)]

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
        result = dict(zip(self._names, self._struct.unpack_from(data, offset), strict=True))
        for name, convert in self._converters:
            result[name] = convert(result[name])
        return result


def _chars(raw: bytes) -> str:
    return raw.decode("cp1252", errors="replace")


def _converter(kind: str) -> Any:
    """The function turning a field's unpacked value into its meaning (None: as unpacked)."""
    simple = {
        "f1": lambda v: v / 10,
        "f2": lambda v: v / 100,
        "F2": lambda v: v / 100,
        "f4": lambda v: v / 10000,
        "bool": bool,
        "dt": dos_datetime,
        "r48": real48,
    }
    if kind in simple:
        return simple[kind]
    if kind.startswith("str"):
        return text
    if kind.startswith("chr"):
        return _chars
    return None
