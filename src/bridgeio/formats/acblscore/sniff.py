"""How an ACBLscore game file is told from its first bytes."""

from __future__ import annotations

MAGIC = b"\x12\x0a\x03AC3"


def sniff(head: bytes, size: int) -> bool:
    """Does a file start like a game file (its master table's length word and 'AC3')?"""
    return head[:6] == MAGIC
