"""Encoding model values into ACBLscore fields, for the writer (in place) and the builder.

What a field cannot hold is made to fit (text cut, numbers clamped or rounded) and counted;
:meth:`Encoder.report` then says what was left out, once for each kind of loss.

>>> out = Encoder(bytearray(8))
>>> out.put(0, "str:4", "Smithers", "names"); out.put(5, "u16", 70000, "masterpoints")
>>> bytes(out.data)
b'\\x04Smit\\xff\\xff\\x00'
>>> sorted(out.losses)
['# masterpoints out of the range 0-65535 (clamped)', 'the end of # names (cut to 4 characters)']
"""

from __future__ import annotations

import struct
from collections import Counter
from typing import Any

from bridgeio.errors import lost
from bridgeio.formats.acblscore.codes import (
    COLOUR_NAMES,
    PIGMENT_CODES,
    ranking_code,
    stored_score,
)
from bridgeio.formats.acblscore.decode import width
from bridgeio.model.results import Assigned, Award, Score, Special

_INTEGERS = {
    "u8": ("<B", 0, 0xFF),
    "bool": ("<B", 0, 0xFF),
    "u16": ("<H", 0, 0xFFFF),
    "u32": ("<I", 0, 0xFFFFFFFF),
    "ptr": ("<I", 0, 0xFFFFFFFF),
    "i8": ("<b", -0x80, 0x7F),
    "i16": ("<h", -0x8000, 0x7FFF),
    "i32": ("<i", -0x80000000, 0x7FFFFFFF),
}
_SCALED = {"f1": ("u16", 10), "f2": ("u16", 100), "f4": ("u16", 10000), "F2": ("i32", 100)}


class Encoder:
    """A file's bytes being written: :meth:`put` encodes one field at an offset."""

    def __init__(self, data: bytearray, source: str | None = None) -> None:
        self.data = data
        self.source = source
        self.losses: Counter[str] = Counter()

    def lose(self, what: str, count: int = 1) -> None:
        """Count something the file cannot hold (``what`` says it with ``#`` for the count)."""
        self.losses[what] += count

    def put(self, at: int, kind: str, value: Any, what: str = "values") -> None:
        """Write ``value`` as a field of type ``kind`` at byte ``at`` (a string field whole:
        its length, its characters, zeros after them)."""
        self.data[at : at + width(kind)] = self.encode(kind, value, what)

    def encode(self, kind: str, value: Any, what: str = "values") -> bytes:
        """The bytes of one field value, made to fit."""
        if kind.startswith("str:"):
            size = int(kind[4:])
            raw = self._chars(str(value), what)
            if len(raw) > size:
                self.lose(f"the end of # {what} (cut to {size} characters)")
                raw = raw[:size]
            return bytes([len(raw)]) + raw.ljust(size, b"\0")
        if kind.startswith("chr:"):
            size = int(kind[4:])
            raw = self._chars(str(value), what)
            if len(raw) > size:
                self.lose(f"the end of # {what} (cut to {size} characters)")
            return raw[:size].ljust(size, b" ")
        if kind in _SCALED:
            base, scale = _SCALED[kind]
            scaled = float(value) * scale
            number = round(scaled)
            if abs(number - scaled) > 1e-6 * max(1.0, abs(scaled)):
                self.lose(f"decimals of # {what} (rounded to {len(str(scale)) - 1})")
            return self._integer(base, number, what)
        if kind in _INTEGERS:
            number = int(value)
            if number != value:
                self.lose(f"fractions of # {what} (rounded)")
                number = round(value)
            return self._integer(kind, number, what)
        raise ValueError(f"cannot encode a {kind} field")

    def _integer(self, kind: str, number: int, what: str) -> bytes:
        code, low, high = _INTEGERS[kind]
        if not low <= number <= high:
            self.lose(f"# {what} out of the range {low}-{high} (clamped)")
            number = min(max(number, low), high)
        return struct.pack(code, number)

    def _chars(self, value: str, what: str) -> bytes:
        raw = value.encode("cp1252", errors="replace")
        if raw.count(b"?") != value.count("?"):
            self.lose(f"characters of # {what} that cp1252 lacks (written as ?)")
        return raw

    def report(self, target: str = "acblscore") -> None:
        """Say what was left out (a :class:`~bridgeio.errors.DataLossWarning` each, its
        count in place of the ``#``)."""
        for what, count in self.losses.items():
            lost(target, what.replace("#", f"{count:,}"), self.source)
        self.losses.clear()


def put_awards(out: Encoder, at: int, awards: list[Award], letters: list[str]) -> None:
    """A masterpoint award structure: up to three awards, the unused slots zero."""
    if len(awards) > 3:
        out.lose("# masterpoint awards after the third of a set", len(awards) - 3)
    for slot in range(3):
        place = at + 4 * slot
        if slot >= len(awards):
            out.data[place : place + 4] = bytes(4)
            continue
        award = awards[slot]
        color = PIGMENT_CODES.get(award.color) or COLOUR_NAMES.get(award.color.lower())
        code = ranking_code(award.ranking, letters)
        if color is None:
            out.lose("the colour of # masterpoint awards (no ACBLscore code)")
        if code is None:
            out.lose("the ranking of # masterpoint awards (no ACBLscore code)")
        out.put(place, "f2", award.points, "masterpoints")
        out.put(place + 2, "u8", color or 0, "award colours")
        out.put(place + 3, "u8", code or 0, "award rankings")


def score_code(out: Encoder, score: Score | None, foul_group: int) -> int:
    """The stored value of a score; what ACBLscore cannot hold is made to fit and counted."""
    if score is None:
        out.lose("# missing scores (written as not played)")
        return stored_score(Special.NOT_PLAYED)
    if isinstance(score, Assigned):
        out.lose("# assigned scores other than 40/50/60% (written as the nearest average)")
        nearest = min(_AVERAGES, key=lambda p: abs(p - score.percent))
        return stored_score(_AVERAGES[nearest])
    try:
        return stored_score(score, foul_group)
    except ValueError:
        out.lose("# scores ACBLscore cannot hold (written as not played)")
        return stored_score(Special.NOT_PLAYED)


_AVERAGES = {40.0: Special.AVERAGE_MINUS, 50.0: Special.AVERAGE, 60.0: Special.AVERAGE_PLUS}
