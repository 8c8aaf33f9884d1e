"""Plain traveller lines read from the file's text, ahead of the XML parser.

Most of a big USEBIO file is TRAVELLER_LINEs of plain children (``<SCORE>420</SCORE>``), and
an lxml element for each child costs as much as parsing the whole file. So the parser is fed
the file through :class:`Capture`: each traveller line that is certainly plain is matched
here by a pattern of the file's own order of children, kept (its match, in file order), and
handed to the parser cut down to an empty ``<TRAVELLER_LINE _bridgeio_line=""/>`` with the
line's newlines after it, so that every element keeps its line number. The board reader takes
the kept lines (:attr:`Capture.lines`) in order as it meets the empty ones.

Certainly plain: no attribute, each child once, a tag the reader knows, text of printable
ASCII other than ``<``, ``>`` and ``&`` (so no reference, no CDATA, no newline to normalize),
in a file whose encoding writes ASCII as ASCII. Anything else stays in the text for the
parser. Capturing stops for the rest of a file at its first comment, CDATA section or
processing instruction (a line inside one is no line). A line kept but never taken (one out
of place) is told at the end (:meth:`Capture.aligned`); the file is then read again without
capturing.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "x.xml")
>>> _ = open(path, "w").write(
...     "<USEBIO><BOARD><TRAVELLER_LINE><SCORE>420</SCORE><LEAD>HK</LEAD></TRAVELLER_LINE>"
...     "</BOARD></USEBIO>")
>>> capture = Capture(path, frozenset({"SCORE", "LEAD"}))
>>> capture.read(1 << 16) + capture.read(1 << 16) + capture.read(1 << 16)
b'<USEBIO><BOARD><TRAVELLER_LINE _bridgeio_line=""/></BOARD></USEBIO>'
>>> capture.template.texts(capture.lines.popleft())
{'SCORE': '420', 'LEAD': 'HK'}
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import BinaryIO

MARK = "_bridgeio_line"
"""The attribute that tells a captured line's stand-in from a line of the file."""

BLOCK = 1 << 20
"""Bytes read from the file at a time."""

_PLACEHOLDER = f'<TRAVELLER_LINE {MARK}=""/>'.encode()
_END_TAG = b"</TRAVELLER_LINE>"
_SPACE = r"[ \t\r\n]*"
_TEXT = r"([\t\x20-\x25\x27-\x3b\x3d\x3f-\x7e]+)"  # printable ASCII but & < >, not empty
_ANY_LINE = re.compile(
    rf"<TRAVELLER_LINE{_SPACE}>((?:{_SPACE}<([A-Z_]+)>{_TEXT}</\2>)*){_SPACE}</TRAVELLER_LINE>"
)
_CHILD = re.compile(rf"<([A-Z_]+)>{_TEXT}</\1>")
_DECLARED = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_ASCII_ENCODINGS = re.compile(r"(utf-?8|(us-)?ascii|iso[-_]?8859-\d+|latin-?1|(windows|cp)-?125\d)")
_SAMPLE = 64
"""Lines looked at for the order of the file's children."""


class Misaligned(Exception):
    """A kept line was not taken by its own stand-in (the file is then read again without
    capturing)."""


class Template:
    """A file's order of a traveller line's children, as a pattern matching a line with any
    of them (each once, in that order) and giving each child's text as a group (None where
    the line has no such child).

    >>> template = Template(("SCORE", "LEAD"))
    >>> match = template.pattern.search("<TRAVELLER_LINE><LEAD>HK</LEAD></TRAVELLER_LINE>")
    >>> template.getter(("LEAD", "SCORE", "TRICKS"))(match)
    ('HK', None, None)
    """

    def __init__(self, tags: tuple[str, ...]) -> None:
        self.tags = tags
        children = "".join(f"(?:{_SPACE}<{tag}>{_TEXT}</{tag}>)?" for tag in tags)
        # the last group never takes part: it stands for the tags the lines never have
        self.pattern = re.compile(
            rf"<TRAVELLER_LINE{_SPACE}(?:/>|>{children}{_SPACE}</TRAVELLER_LINE>)(?:(?!)())?"
        )
        self._index = {tag: group for group, tag in enumerate(tags, 1)}
        self._absent = len(tags) + 1

    def getter(self, tags: Iterable[str]) -> Callable[[re.Match[str]], tuple[str | None, ...]]:
        """The texts of ``tags`` (in that order) of a matched line, as one call."""
        getter: Callable[[re.Match[str]], tuple[str | None, ...]]
        getter = itemgetter(*(self._index.get(tag, self._absent) for tag in tags))
        return getter

    def texts(self, match: re.Match[str]) -> dict[str, str | None]:
        """A matched line's texts by tag, as the parser would give them."""
        return {tag: match[group] for tag, group in self._index.items() if match[group]}

    def where(self, match: re.Match[str], tag: str, line: int) -> int:
        """The line number of child ``tag`` of a matched line that starts on ``line``."""
        group = self._index.get(tag)
        if group is None or match[group] is None:
            return line
        return line + match.string.count("\n", match.start(), match.start(group))


def order(lines: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    """One order of children that keeps the order of each line's (a tag first met is put
    after the tag before it in its line).

    >>> order([("A", "C"), ("A", "B", "C"), ("D", "A")])
    ('D', 'A', 'B', 'C')
    """
    merged: list[str] = []
    for tags in lines:
        before: str | None = None
        for tag in tags:
            if tag not in merged:
                merged.insert(merged.index(before) + 1 if before is not None else 0, tag)
            before = tag
    return tuple(merged)


class Capture:
    """The file at ``path`` read as bytes for the parser, its plain traveller lines (those
    of children in ``tags``) kept and cut down (see the module's text). ``name`` is the
    path, for the parser's messages."""

    def __init__(self, path: str, tags: frozenset[str]) -> None:
        self.name = path
        self.tags = tags
        self.template: Template = Template(())
        self.lines: deque[re.Match[str]] = deque()
        self._file: BinaryIO | None = None
        self._carried = b""
        self._out = b""  # a block cut down, handed over from _offset on
        self._offset = 0
        self._first = True
        self._capturing = True
        self._ordered = False

    def read(self, size: int = -1, /) -> bytes:
        """The next ``size`` bytes of the file as the parser is to see it. (Handed over as
        asked, not a block at once: the parser then runs no further ahead of the reader
        than over the file itself, and a place's path, which names an element's index only
        among the siblings parsed so far, reads the same.)"""
        if self._offset >= len(self._out):
            self._out, self._offset = self._block(), 0
        if size < 0:
            size = len(self._out)
        piece = self._out[self._offset : self._offset + size]
        self._offset += size
        return piece

    def _block(self) -> bytes:
        """The next block of the file, its plain lines cut down."""
        if self._file is None:
            self._file = open(self.name, "rb")  # noqa: SIM115 (closed by close())
        block = self._file.read(BLOCK)
        data = self._carried + block if self._carried else block
        self._carried = b""
        if not data:
            return b""
        start = 0
        if self._first:
            self._first = False
            start = self._opening(data)
        if not self._capturing:
            return data
        cut = len(data)
        if block:  # (at the end of the file, all of it)
            end = data.rfind(_END_TAG)
            if end >= 0:
                cut = end + len(_END_TAG)
                self._carried = data[cut:]
        return self._cut(data, start, cut)

    def close(self) -> None:
        """Close the file."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def aligned(self) -> bool:
        """Whether every kept line was taken by a stand-in (each stand-in takes the next)."""
        return not self.lines

    def _opening(self, data: bytes) -> int:
        """Where the document's root starts; capturing is off for a file whose encoding may
        write ASCII otherwise, or with no USEBIO root in its first block."""
        declared = _DECLARED.match(data)
        ascii_like = not data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00", b"<\x00"))
        if declared is not None:
            ascii_like = ascii_like and bool(
                _ASCII_ENCODINGS.fullmatch(declared[1].decode("ascii").lower())
            )
        start = data.find(b"<USEBIO")
        if not ascii_like or start < 0:  # (a mark written in the file: see _cut)
            self._capturing = False
        return max(start, 0)

    def _cut(self, data: bytes, start: int, cut: int) -> bytes:
        """``data`` up to ``cut`` (the rest carried to the next block) with its plain lines
        after ``start`` cut down."""
        text = data[:cut].decode("latin-1")  # (a byte a character: places stay the same)
        if "<!" in text[start:] or "<?" in text[start:] or MARK in text:
            self._capturing = False  # a line may be inside: leave the rest to the parser
            self._carried = b""
            return data
        pattern = self._pattern(text, start)
        if pattern is None:
            return data[:cut]
        parts: list[bytes] = []
        add, keep = parts.append, self.lines.append
        multiline = "\n" in text
        last = 0
        for match in pattern.finditer(text, start):
            begin, end = match.span()
            add(data[last:begin])
            newlines = text.count("\n", begin, end) if multiline else 0
            add(_PLACEHOLDER + b"\n" * newlines if newlines else _PLACEHOLDER)
            keep(match)
            last = end
        add(data[last:cut])
        return b"".join(parts)

    def _pattern(self, text: str, start: int) -> re.Pattern[str] | None:
        """The file's line pattern, once a block shows lines to learn the order from."""
        if not self._ordered:
            lines = []
            for match in _ANY_LINE.finditer(text, start):
                tags = tuple(tag for tag, _ in _CHILD.findall(match[1]))
                if len(set(tags)) == len(tags) and self.tags.issuperset(tags):
                    lines.append(tags)
                    if len(lines) == _SAMPLE:
                        break
            if not lines:
                return None
            self.template = Template(order(lines))
            self._ordered = True
        return self.template.pattern
