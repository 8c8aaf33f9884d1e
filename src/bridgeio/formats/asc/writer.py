"""Writing ASC schedules: the header (with its flags and comment), a line a round with pairs
as ``NS-EW group``, then any free text the schedule carried."""

from __future__ import annotations

import re
from typing import BinaryIO

from bridgeio.errors import ConversionError
from bridgeio.model.document import Document
from bridgeio.model.movement import Movement, size_problem

_TOKEN = re.compile(r"[^\s,;:\-#]+")  # what the reader takes as one number, label or flag


def to_text(movement: Movement) -> str:
    """The text of an ASC file (CRLF line ends); ValueError for a movement ASC cannot hold.

    >>> from bridgeio.model.movement import Table
    >>> to_text(Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), None]], flags=["l"]))
    '4 2 1 2 0 l\\r\\n1-2 A  0-0 0\\r\\n'
    """
    _require_writable(movement)
    header = (
        f"{movement.participants} {movement.tables} {movement.rounds} {movement.groups} "
        f"{int(movement.individual)}"
    )
    if movement.flags:
        header += " " + " ".join(movement.flags)
    if movement.comment:
        header += f" # {movement.comment}"
    width = len(str(max(movement.participants, 9)))
    lines = [header]
    for row in movement.schedule:
        cells = []
        for table in row + [None] * (movement.tables - len(row)):
            seats = table.seats if table else (0,) * movement.seats_per_table
            numbers = [f"{n:>{width}}" for n in seats]
            group = table.group if table else "0"
            cells.append(
                (" ".join(numbers) if movement.individual else "-".join(numbers)) + f" {group}"
            )
        lines.append("  ".join(cells))
    if movement.trailing:
        lines += ["", movement.trailing]
    return "\r\n".join(lines) + "\r\n"


def _require_writable(movement: Movement) -> None:
    """ValueError naming what an ASC file could not hold (or would be read back otherwise)."""
    m = movement
    wrong = size_problem(m.participants, m.tables, m.rounds, m.groups, m.individual)
    if wrong is not None:
        raise ValueError(f"an ASC schedule cannot have these {wrong[0]}: expected {wrong[1]}")
    if len(m.schedule) != (1 if m.compact else m.rounds):
        raise ValueError(f"{m.rounds} rounds in the header, {len(m.schedule)} in the schedule")
    for round_number, row in enumerate(m.schedule, start=1):
        if len(row) > m.tables:
            raise ValueError(f"round {round_number} has {len(row)} tables, not {m.tables}")
        for table in row:
            if table is None:
                continue
            if len(table.seats) != m.seats_per_table or not all(
                isinstance(n, int) and n >= 0 for n in table.seats
            ):
                raise ValueError(f"round {round_number}: seats {table.seats} at a table")
            if not _TOKEN.fullmatch(table.group):
                raise ValueError(f"round {round_number}: board group {table.group!r}")
    for flag in m.flags:
        if not _TOKEN.fullmatch(flag):
            raise ValueError(f"header flag {flag!r}")
    if "\n" in m.comment or "\r" in m.comment:
        raise ValueError("a header comment of more than one line")


def write(movement: Document, handle: BinaryIO, source: str | None = None) -> None:
    """Write ``movement`` as an ASC schedule (cp1252 text)."""
    if not isinstance(movement, Movement):
        raise ConversionError("asc", "a movement", source)
    handle.write(to_text(movement).encode("cp1252", errors="replace"))
