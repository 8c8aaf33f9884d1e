"""Writing a game file back: the bytes as read, with every edited value put back in place.

Reading records where each model value lives in the file (``GameFile.bindings``); writing
copies the original bytes and re-encodes only the values that changed, so an unedited file is
reproduced byte for byte and an edit (anonymising names, say) touches nothing else.
"""

from __future__ import annotations

import struct
from typing import Any, BinaryIO

from bridgeio.errors import ConversionError
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.reader import GameFile, value_of
from bridgeio.model.results import Results

_CODES = {name: code for code, name in L.SPECIAL_SCORES.items()}
_PACK = {
    "u8": "<B",
    "u16": "<H",
    "i16": "<h",
    "u32": "<I",
    "ptr": "<I",
    "i8": "<b",
    "bool": "<B",
    "i32": "<i",
}
_SCALED = {"f1": ("<H", 10), "f2": ("<H", 100), "f4": ("<H", 10000), "F2": ("<i", 100)}


def encode(kind: str, value: Any, target: object) -> bytes:
    """The bytes of one field value; ValueError when it does not fit."""
    if kind.startswith("str:"):
        width = int(kind[4:])
        data = str(value).encode("cp1252", errors="replace")[:width]
        return bytes([len(data)]) + data.ljust(width, b"\0")
    if kind.startswith("chr:"):
        return str(value).encode("cp1252", errors="replace")[: int(kind[4:])].ljust(int(kind[4:]))
    if kind in _PACK:
        return struct.pack(_PACK[kind], int(value))
    if kind in _SCALED:
        fmt, scale = _SCALED[kind]
        return struct.pack(fmt, round(float(value) * scale))
    if kind == "score":
        return struct.pack("<h", stored_score(value, getattr(target, "foul_group", 0)))
    raise ValueError(f"cannot encode a {kind} field")


def stored_score(score: int | str, foul_group: int = 0) -> int:
    """A score as ACBLscore stores it: points / 10, specials as codes, foul groups offset.

    >>> stored_score(430), stored_score("ave+"), stored_score(-140, 1)
    (43, 2060, 3986)
    """
    if isinstance(score, str):
        return _CODES[score]
    if score % 10:
        raise ValueError(f"score {score} is not a multiple of 10")
    return score // 10 + (2000 * (foul_group + 1) if foul_group else 0)


def to_bytes(results: Results) -> bytes:
    game = results.origin
    if not isinstance(game, GameFile):
        raise ConversionError(
            "acblscore",
            "the game file it was read from (bridgeio writes "
            "ACBLscore files by editing one it has read)",
        )
    data = bytearray(game.data)
    rewrite = results.extra.get("rewrite", frozenset())  # written whole even if unchanged
    for target, attribute, offset, kind, original in game.bindings:
        current = value_of(target, attribute)
        if current != original or attribute in rewrite:
            try:
                field = encode(kind, current, target)
            except (ValueError, KeyError, struct.error, TypeError) as error:
                raise ValueError(f"{attribute} {current!r} cannot be stored: {error}") from None
            data[offset : offset + len(field)] = field
    return bytes(data)


def write(doc: Results, handle: BinaryIO, source: str | None = None) -> None:
    if not isinstance(doc, Results):
        raise ConversionError("acblscore", "results", source)
    handle.write(to_bytes(doc))
