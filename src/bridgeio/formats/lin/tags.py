"""LIN text as tags: ``tag|value|`` pairs, each with its place in the file, grouped into the
file's header (a vugraph file's ``vg``, ``rs``, ``pn``) and its boards.

LIN is loose: tags in either case, line breaks between pairs and inside values, a value
running to the end of the file. A board starts at ``qx`` (a vugraph board, or a hand viewer's
numbered board), or at ``pn`` or ``md`` once the board being read has its deal.

>>> text = "pn|a,b,c,d|st||md|3S2,,,|sv|o|mb|p|\\npn|e,f,g,h|md|1S3,,,|"
>>> [[t.name for t in board] for board in boards(tags(text, "x.lin"))[1]]
[['pn', 'st', 'md', 'sv', 'mb'], ['pn', 'md']]
"""

from __future__ import annotations

import bisect
import re
from itertools import accumulate
from typing import NamedTuple

from bridgeio.errors import Severity, report

HEADER_TAGS = frozenset({"vg", "rs", "pw", "bn", "mn", "tu"})
"""Tags that belong to a vugraph file's header when they come before its first board."""


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


def tags(text: str, path: str) -> list[Tag]:
    """Every tag of ``text``; a piece where a name should be that is not two letters is
    reported (a warning at its place) and passed over; a file that ends inside a value or a
    name is an error (cut short)."""
    lines = Lines(text)
    pieces = text.split("|")
    starts = [0, *accumulate(len(p) + 1 for p in pieces)]
    last = len(pieces) - 1
    names = {name: _name(name) for name in set(pieces[0:last:2])}
    if last % 2 == 0 and None not in names.values():  # every other piece a name: at once
        found = [
            Tag(names[name], value.strip(), start, lines)  # type: ignore[arg-type]
            for name, value, start in zip(
                pieces[0:last:2], pieces[1:last:2], starts[0:last:2], strict=True
            )
        ]
        _passed_over(pieces[last], starts[last], lines, path, "error")
        return found
    return _one_by_one(pieces, starts, lines, path)


def _name(piece: str) -> str | None:
    """A tag's name in lower case, None for a piece that is not one."""
    name = piece.strip()
    return name.lower() if len(name) == 2 and name.isascii() and name.isalpha() else None


def _one_by_one(pieces: list[str], starts: list[int], lines: Lines, path: str) -> list[Tag]:
    """The tags of a text with pieces that are not tags' names, each reported."""
    found: list[Tag] = []
    index, last = 0, len(pieces) - 1
    while index < last:
        name = _name(pieces[index])
        if name is None:
            _passed_over(pieces[index], starts[index], lines, path, "warning")
            index += 1
            continue
        tag = Tag(name, pieces[index + 1].strip(), starts[index], lines)
        if index + 1 == last and tag.value:
            message = "a '|' after the value: the file ends inside it (cut short?); read as it is"
            report(path, tag.place, message, "error")
        found.append(tag)
        index += 2
    if index == last:  # the text after the last '|'
        _passed_over(pieces[last], starts[last], lines, path, "error")
    return found


def _passed_over(piece: str, start: int, lines: Lines, path: str, severity: Severity) -> None:
    """Report a piece of text where a tag should be (none where it is only spaces): a
    warning, or at the end of the file an error (cut short)."""
    if not piece.strip():
        return
    place = lines.place(start)
    found = repr(piece.strip()[:20])
    if severity == "error":
        message = f"a tag (two letters and '|'), found {found} at the end (cut short?)"
    else:
        message = f"a tag (two letters and '|'), found {found}: not read"
    report(path, place, message, severity)


def boards(found: list[Tag]) -> tuple[list[Tag], list[list[Tag]]]:
    """The header's tags (those of :data:`HEADER_TAGS` and a ``pn`` before the first board
    of a vugraph file) and each board's tags."""
    header: list[Tag] = []
    groups: list[list[Tag]] = []
    current: list[Tag] = []
    has_deal = has_qx = False
    vugraph = any(t.name == "vg" for t in found[:5])
    for tag in found:
        if not groups and not current and _in_header(tag, header, vugraph):
            header.append(tag)
            continue
        starts = (tag.name == "qx" and (has_deal or has_qx)) or (
            tag.name in ("pn", "md") and has_deal
        )
        if starts:
            groups.append(current)
            current, has_deal, has_qx = [], False, False
        current.append(tag)
        has_deal = has_deal or tag.name == "md"
        has_qx = has_qx or tag.name == "qx"
    if current:
        groups.append(current)
    return header, groups


def _in_header(tag: Tag, header: list[Tag], vugraph: bool) -> bool:
    """Does ``tag``, met before any board, belong to the header: a header tag, or in a
    vugraph file a page break or its first ``pn`` (both rooms' players)?"""
    if tag.name in HEADER_TAGS:
        return True
    if not vugraph:
        return False
    return tag.name == "pg" or tag.name == "pn" and not any(t.name == "pn" for t in header)
