"""LIN text as tags: ``tag|value|`` pairs, held as parallel lists (names, values) with the place
of each in the file worked out only when a message needs it, grouped into the file's header
(a vugraph file's ``vg``, ``rs``, ``pn``) and its boards (ranges of tag indices).

LIN is loose: tags in either case, line breaks between pairs and inside values, a value
running to the end of the file. A board starts at ``qx`` (a vugraph board, or a hand viewer's
numbered board), or at ``pn`` or ``md`` once the board being read has its deal.

>>> found = Tags("pn|a,b,c,d|st||md|3S2,,,|sv|o|mb|p|\\npn|e,f,g,h|md|1S3,,,|", "x.lin")
>>> header, groups = boards(found)
>>> [found.names[start:end] for start, end in groups], found.tag(6).place
([['pn', 'st', 'md', 'sv', 'mb'], ['pn', 'md']], 'line 2, column 12 (md|)')
"""

from __future__ import annotations

import bisect
import re
from itertools import accumulate
from typing import NamedTuple

from bridgeio.errors import Severity, report

HEADER_TAGS = frozenset({"vg", "rs", "pw", "bn", "mn", "tu"})
"""Tags that belong to a vugraph file's header when they come before its first board."""
_STARTS = frozenset({"qx", "pn", "md"})
"""Tags that may start a board."""


class Lines:
    """Where each line of a text starts: a place (line and column from 1) for an offset."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def place(self, offset: int) -> str:
        """``line 3, column 17``: where the first character at or after ``offset`` that is not
        a space is."""
        while offset < len(self.text) and self.text[offset].isspace():
            offset += 1
        line = bisect.bisect_right(self.starts, offset)
        return f"line {line}, column {offset - self.starts[line - 1] + 1}"


class Tag(NamedTuple):
    """One ``name|value|`` pair: the name in lower case, the value as written (spaces and line
    breaks at its ends taken off), and where the name starts (an offset in the text, and the
    text's :class:`Lines` to name its place)."""

    name: str
    value: str
    offset: int
    lines: Lines

    @property
    def place(self) -> str:
        """``line 3, column 17 (mb|)``: where the tag is, for a message."""
        return f"{self.lines.place(self.offset)} ({self.name}|)"


class Tags:
    """Every tag of a text, as ``names`` (lower case) and ``values`` (spaces and line breaks at
    their ends taken off) by index. A piece where a name should be that is not two letters is
    reported (a warning at its place) and passed over; a text that ends inside a value or a
    name is an error (cut short). The text is split once; places are counted only for a
    message."""

    def __init__(self, text: str, path: str) -> None:
        self.text, self.path = text, path
        self.pieces = text.split("|")
        self._piece: list[int] | None = None  # each tag's name piece; None: tag k at piece 2k
        self._starts: list[int] | None = None
        self._lines: Lines | None = None
        self._shift: dict[int, int] = {}  # a tag whose name follows text in its piece: how far
        last = len(self.pieces) - 1
        table = {name: _name(name) for name in set(self.pieces[0:last:2])}
        if last % 2 == 0 and None not in table.values():  # every other piece a name: at once
            self.names: list[str] = list(map(table.__getitem__, self.pieces[0:last:2]))  # type: ignore[arg-type]
            self.values = list(map(str.strip, self.pieces[1:last:2]))
            self._passed_over(last, "error")
        else:
            self._one_by_one()

    def __len__(self) -> int:
        return len(self.names)

    def offset(self, index: int) -> int:
        """Where tag ``index``'s name starts in the text."""
        if self._starts is None:
            self._starts = [0, *accumulate(len(p) + 1 for p in self.pieces)]
        piece = 2 * index if self._piece is None else self._piece[index]
        return self._starts[piece] + self._shift.get(index, 0)

    def _place_of(self, offset: int) -> str:
        if self._lines is None:
            self._lines = Lines(self.text)
        return self._lines.place(offset)

    def place(self, index: int) -> str:
        """``line 3, column 17 (mb|)``: where tag ``index`` is, for a message."""
        return f"{self._place_of(self.offset(index))} ({self.names[index]}|)"

    def tag(self, index: int) -> Tag:
        """Tag ``index`` as a :class:`Tag`."""
        if self._lines is None:
            self._lines = Lines(self.text)
        return Tag(self.names[index], self.values[index], self.offset(index), self._lines)

    def _one_by_one(self) -> None:
        """The tags of a text with pieces that are not tags' names, each reported."""
        pieces = self.pieces
        self.names, self.values, self._piece = [], [], []
        index, last = 0, len(pieces) - 1
        while index < last:
            name = _name(pieces[index])
            if name is None and _name(pieces[index].rsplit("\n", 1)[-1]) is not None:
                # lines of text before a tag (a converter's % comments): the tag is read
                text, name_line = pieces[index].rsplit("\n", 1)
                self._passed_over(index, "warning", text)
                self._shift[len(self.names)] = len(text) + 1
                name = _name(name_line)
            if name is None:
                self._passed_over(index, "warning")
                index += 1
                continue
            self.names.append(name)
            self.values.append(pieces[index + 1].strip())
            self._piece.append(index)
            if index + 1 == last and self.values[-1]:
                message = (
                    "a '|' after the value: the file ends inside it (cut short?); read as it is"
                )
                report(self.path, self.place(len(self.names) - 1), message, "error")
            index += 2
        if index == last:  # the text after the last '|'
            self._passed_over(last, "error")

    def _passed_over(self, piece: int, severity: Severity, text: str | None = None) -> None:
        """Report a piece of text (or the ``text`` it starts with) where a tag should be (none
        where it is only spaces): a warning, or at the end of the file an error (cut short)."""
        text = self.pieces[piece] if text is None else text
        if not text.strip():
            return
        start = sum(len(p) + 1 for p in self.pieces[:piece])
        found = repr(text.strip()[:20])
        if severity == "error":
            message = f"a tag (two letters and '|'), found {found} at the end (cut short?)"
        else:
            message = f"a tag (two letters and '|'), found {found}: not read"
        report(self.path, self._place_of(start), message, severity)


def _name(piece: str) -> str | None:
    """A tag's name in lower case, None for a piece that is not one."""
    name = piece.strip()
    return name.lower() if len(name) == 2 and name.isascii() and name.isalpha() else None


def boards(found: Tags) -> tuple[list[int], list[tuple[int, int]]]:
    """The header's tags (those of :data:`HEADER_TAGS` and a ``pn`` before the first board of
    a vugraph file) and each board's tags (a range of indices, the end left out)."""
    names = found.names
    vugraph = "vg" in names[:5]
    header: list[int] = []
    first = 0
    while first < len(names) and _in_header(names[first], names, header, vugraph):
        header.append(first)
        first += 1
    groups: list[tuple[int, int]] = []
    start, has_deal, has_qx = first, False, False
    for index in [k for k in range(first, len(names)) if names[k] in _STARTS]:
        name = names[index]
        if (has_deal or has_qx) if name == "qx" else has_deal:
            groups.append((start, index))
            start, has_deal, has_qx = index, False, False
        has_deal = has_deal or name == "md"
        has_qx = has_qx or name == "qx"
    if start < len(names):
        groups.append((start, len(names)))
    return header, groups


def _in_header(name: str, names: list[str], header: list[int], vugraph: bool) -> bool:
    """Does a tag met before any board belong to the header: a header tag, or in a vugraph
    file a page break or its first ``pn`` (both rooms' players)?"""
    if name in HEADER_TAGS:
        return True
    if not vugraph:
        return False
    return name == "pg" or name == "pn" and not any(names[k] == "pn" for k in header)
