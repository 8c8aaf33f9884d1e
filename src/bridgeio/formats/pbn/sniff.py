"""How a PBN file is told from its first bytes."""

from __future__ import annotations

import re

_MARKER = re.compile(r"^[ \t]*%[ \t]*(PBN[ \t]+\d|EXPORT\b|IMPORT\b)", re.IGNORECASE | re.MULTILINE)
_ROSTER = re.compile(
    r"\[[ \t]*(Event|Site|Date|Board|West|North|East|South|Dealer|Vulnerable|Deal)[ \t]+\S",
    re.IGNORECASE,
)
"""A first line that opens a tag of PBN's roster, its value not quoted as PBN has it (a
damaged PBN file, said so by its reader at that line)."""
BINARY = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
"""Control bytes no text file holds."""
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
"""A UTF-16 file's first bytes: its PBN is recognised and read (as UTF-8 text)."""
UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")
"""A UTF-32 file's first bytes (UTF-32 little-endian's start as UTF-16's do)."""
SIGNATURES = (b"%PDF", b"%!PS", b"\x7fELF", b"PK\x03\x04", b"\x1f\x8b", b"MZ")
"""Files that start like PBN (a ``%`` line) or not, and are something else."""


def sniff(head: bytes, size: int) -> bool:
    """PBN text: no control bytes, and its first line that is not a comment is a tag pair,
    or one of the head's comments is ``% PBN 2.1`` or ``% EXPORT``, or the first line opens
    a tag of PBN's roster (``[Event Random Deal #]``, unquoted): a PBN file with an error
    there, which its reader names (not an unknown format).

    >>> sniff(b'% PBN 2.1\\n[Event "x"]\\n', 20), sniff(b"%PDF-1.4\\n", 9)
    (True, False)
    >>> sniff(b"% a TeX comment\\n\\\\documentclass{article}\\n", 40), sniff(b"% PBN 2.1\\n", 10)
    (False, True)
    >>> sniff(b"% PBN 2.0\\n[Event Random Deal #]\\n", 40), sniff(b"[Event Random #]\\n", 17)
    (True, True)
    >>> sniff(b"[Events]\\nname=x\\n", 17)  # (an INI file)
    False
    >>> sniff('\\ufeff[Board "1"]\\n'.encode("utf-16-le"), 26)  # UTF-16 with its BOM
    True
    """
    if head.startswith(UTF32_BOMS):
        text = head[: len(head) // 4 * 4].decode("utf-32", errors="ignore")
        return sniff(text.encode("utf-8"), size)
    if head.startswith(UTF16_BOMS):
        text = head[: len(head) // 2 * 2].decode("utf-16", errors="ignore")
        return sniff(text.encode("utf-8"), size)
    if not head or head.startswith(SIGNATURES) or BINARY.search(head):
        return False
    from bridgeio.formats.pbn.scan import BOM, TAG, meaningful_lines  # (when asked, not at start)

    text = head.decode("latin-1").removeprefix(BOM)
    for _, line in meaningful_lines(text):
        first = line.lstrip(" \t")
        if TAG.match(first) is not None or _ROSTER.match(first) is not None:
            return True
        break
    return _MARKER.search(text) is not None
