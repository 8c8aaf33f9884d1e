"""How a ChessBase tournament file is told from its first bytes."""

from __future__ import annotations

from bridgeio.formats.chessbase.layout import HEADER, MAGIC, RECORD_SIZE


def sniff(head: bytes, size: int) -> bool:
    """A header with ChessBase's magic number and the 90-byte tournament record."""
    if len(head) < HEADER.size:
        return False
    fields = HEADER.unpack_from(head)
    return bool(fields[2] == MAGIC and fields[3] == RECORD_SIZE)
