"""How a LIN file is told from its first bytes: it opens with LIN tags (two letters and a
``|``), at least two of those that hold a board or a match."""

from __future__ import annotations

import re

_TAG = re.compile(rb"(?:^|\|)\s*([a-zA-Z]{2})\|")
_BOARD_TAGS = {b"pn", b"md", b"vg", b"qx", b"rh", b"ah", b"st", b"sv", b"mb", b"pc", b"rs"}
_OPENING_TAGS = _BOARD_TAGS | {b"bt", b"mn", b"cr", b"cg", b"cb", b"cs", b"ht", b"at", b"nt", b"pg"}
"""What a file may open with: a board's tags, or a teaching file's title, colours and text."""


def sniff(head: bytes, size: int) -> bool:
    """Tags of a board or a match from the start (a byte-order mark and spaces aside), or a
    teaching file's title and colours followed by them.

    >>> sniff(b"pn|a,b,c,d|st||md|3SAK...", 99), sniff(b"vg|Match,,I,1,2,A,0,B,0|\\n", 30)
    (True, True)
    >>> sniff(b"md|  (a markdown note)", 20), sniff(b"[Event \\"x\\"]", 12)
    (False, False)
    >>> sniff(b"cr|255|cg|0|cb|0|\\nqx|A1|md|4S7,SK,SA,SJ|mb|1nppp|", 48)
    True
    """
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    first = _TAG.match(text)
    if first is None or first.group(1).lower() not in _OPENING_TAGS or b"\0" in head:
        return False
    if first.group(1).lower() == b"vg" and text.count(b",", 0, 200) >= 4:
        return True  # a vugraph header: title, segment, scoring, boards, teams
    tags = [m.group(1).lower() for m in _TAG.finditer(text[:4096])]
    return sum(1 for t in tags if t in _BOARD_TAGS) >= 2
