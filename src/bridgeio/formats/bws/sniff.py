"""Whether a file is an Access database: Jet 3 and 4 begin ``00 01 00 00 'Standard Jet DB'``,
ACE (Access 2007 on) ``'Standard ACE DB'``."""

from __future__ import annotations

_MAGICS = (b"\x00\x01\x00\x00Standard Jet DB", b"\x00\x01\x00\x00Standard ACE DB")


def sniff(head: bytes, size: int) -> bool:
    """Does the file begin as an Access database does?

    >>> sniff(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00", 2048), sniff(b"[Event", 6)
    (True, False)
    """
    return head.startswith(_MAGICS)
