"""How an ASC movement schedule is told from its first bytes."""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*\d+([\s,;:\-]+\d+){4}\b")


def sniff(head: bytes, size: int) -> bool:
    """A header line of five numbers (participants, tables, rounds, groups, boards a group).

    >>> sniff(b"10 5 9 9 3\\n", 11), sniff(b"hello\\n", 6)
    (True, False)
    """
    first = head.split(b"\n", 1)[0].decode("latin-1")
    return bool(_HEADER.match(first)) and b"\0" not in head
