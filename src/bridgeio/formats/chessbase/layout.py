"""The ChessBase entity file around the 90-byte tournament record (FACTS.md) and the record
itself (chessbase-cbt-tournaments.md), as field tables."""

from __future__ import annotations

import struct

MAGIC = 1234567890
NODE = struct.Struct("<iib")  # left child, right child, balance: the 9-byte tree prefix
NO_NODE = -1
DELETED = -999  # left child of a deleted slot; its right child links the next deleted slot

# Header: offset, format, name
HEADER_FIELDS = (
    (0, "<i", "capacity"),
    (4, "<i", "root"),
    (8, "<i", "magic"),
    (12, "<i", "record_size"),
    (16, "<i", "first_deleted"),
    (20, "<i", "live"),
    (24, "<i", "extra"),  # bytes of header after this field: 0 (28-byte header) or 4 (32)
)
HEADER = struct.Struct("<7i")

RECORD_SIZE = 90
# Tournament record: offset, size, name
TITLE = (0, 40)
PLACE = (40, 30)
DATE = 70  # uint32: day bits 0-4, month 5-8, year 9-20; the upper bits are kept as found
TYPE = 74  # pairing system in bits 0-4; bits 5, 6, 7: blitz, rapid, correspondence
TEAM = 75  # bit 0
NATION = 76
CATEGORY = 78
FLAGS = 79  # bit 0 legacy complete, 1 complete, 2 board points, 3 three points for a win
ROUNDS = 80
GAMES = 82  # uint32
FIRST_GAME = 86  # uint32
