"""Writing ASC schedules: the header (with its flags and comment), a line a round with pairs
as ``NS-EW group``, then any free text the schedule carried."""

from __future__ import annotations

from typing import BinaryIO

from bridgeio.errors import ConversionError
from bridgeio.model.movement import Movement


def to_text(movement: Movement) -> str:
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
            seats = table.seats if table else (0,) * (4 if movement.individual else 2)
            numbers = [f"{n:>{width}}" for n in seats]
            group = table.group if table else "0"
            cells.append(
                (" ".join(numbers) if movement.individual else "-".join(numbers)) + f" {group}"
            )
        lines.append("  ".join(cells))
    if movement.trailing:
        lines += ["", movement.trailing]
    return "\r\n".join(lines) + "\r\n"


def write(movement: Movement, handle: BinaryIO, source: str | None = None) -> None:
    if not isinstance(movement, Movement):
        raise ConversionError("asc", "a movement", source)
    handle.write(to_text(movement).encode("cp1252", errors="replace"))
