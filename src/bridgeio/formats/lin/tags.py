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
from dataclasses import dataclass

from bridgeio.errors import report

HEADER_TAGS = frozenset({"vg", "rs", "pw", "bn", "mn", "tu"})
"""Tags that belong to a vugraph file's header when they come before its first board."""


@dataclass(frozen=True)
class Tag:
    """One ``name|value|`` pair: the name in lower case, the value as written (spaces and line
    breaks at its ends taken off), and where the name starts (line and column from 1)."""

    name: str
    value: str
    line: int
    column: int

    @property
    def place(self) -> str:
        """``line 3, column 17 (mb|)``: where the tag is, for a message."""
        return f"line {self.line}, column {self.column} ({self.name}|)"


def tags(text: str, path: str) -> list[Tag]:
    """Every tag of ``text``; a piece where a name should be that is not two letters is
    reported (a warning at its place) and passed over."""
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    found: list[Tag] = []
    position, end = 0, len(text)
    while position < end:
        bar = text.find("|", position)
        if bar < 0:
            _rest(text, position, starts, path)
            break
        name = text[position:bar]
        stripped = name.strip()
        offset = position + (len(name) - len(name.lstrip()))
        line = bisect.bisect_right(starts, offset)
        column = offset - starts[line - 1] + 1
        if len(stripped) != 2 or not stripped.isascii() or not stripped.isalpha():
            report(
                path,
                f"line {line}, column {column}",
                f"a tag (two letters and '|'), found {stripped[:20]!r}: not read",
                "warning",
            )
            position = bar + 1
            continue
        close = text.find("|", bar + 1)
        value_end = end if close < 0 else close
        if close < 0 and text[bar + 1 :].strip():
            report(
                path,
                f"line {line}, column {column} ({stripped.lower()}|)",
                "a '|' after the value: the file ends inside it (cut short?); read as it is",
                "error",
            )
        found.append(Tag(stripped.lower(), text[bar + 1 : value_end].strip(), line, column))
        position = value_end + 1
    return found


def _rest(text: str, position: int, starts: list[int], path: str) -> None:
    """Text after the last tag: reported unless it is only spaces."""
    rest = text[position:]
    if rest.strip():
        offset = position + len(rest) - len(rest.lstrip())
        line = bisect.bisect_right(starts, offset)
        report(
            path,
            f"line {line}, column {offset - starts[line - 1] + 1}",
            f"a tag (two letters and '|'), found {rest.strip()[:20]!r} at the end (cut short?)",
            "error",
        )


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
