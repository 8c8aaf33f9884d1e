"""Reading ASC schedules with every variation real files show (FACTS.md): separators of any
run of whitespace, '-', ',', ':' and ';'; header flags; comments anywhere; free text after the
last round; letters or numbers for groups; leading zeros; tabs; CRLF."""

from __future__ import annotations

import re

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.model.movement import Movement, Table

MAX_BYTES = 16 << 20
MAX_TABLES, MAX_ROUNDS = 1000, 1000
SEPARATORS = re.compile(r"[\s,;:\-]+")
_HEADER = re.compile(r"^\s*\d+([\s,;:\-]+\d+){4}\b")


def sniff(head: bytes, size: int) -> bool:
    first = head.split(b"\n", 1)[0].decode("latin-1")
    return bool(_HEADER.match(first)) and b"\0" not in head


def tokens(line: str) -> list[str]:
    return [t for t in SEPARATORS.split(line) if t]


def read(path: str) -> Movement:
    if input_size(path) > MAX_BYTES:
        raise FormatError(path, "file", f"a schedule of at most {MAX_BYTES} bytes")
    with open(path, "rb") as handle:
        text = handle.read().decode("cp1252", errors="replace")
    return parse(text, path)


def parse(text: str, path: str = "<text>") -> Movement:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header_text, _, comment = lines[0].partition("#")
    fields = tokens(header_text)
    if len(fields) < 5 or not all(f.isdecimal() for f in fields[:5]):
        raise FormatError(
            path,
            "line 1",
            "a header of five numbers: participants, tables, "
            f"rounds, board groups, individual (0/1); found {lines[0][:40]!r}",
        )
    participants, tables, rounds, groups, individual = (int(f) for f in fields[:5])
    if individual not in (0, 1):
        raise FormatError(
            path, "line 1", f"0 (pairs) or 1 (individual) as the fifth number, found {individual}"
        )
    if not (0 < tables <= MAX_TABLES and 0 < rounds <= MAX_ROUNDS):
        raise FormatError(
            path,
            "line 1",
            f"1-{MAX_TABLES} tables and 1-{MAX_ROUNDS} rounds, found {tables} and {rounds}",
        )
    movement = Movement(
        participants,
        tables,
        rounds,
        groups,
        bool(individual),
        flags=fields[5:],
        comment=comment.strip(),
        format="asc",
    )
    movement.compact = any(f in ("H", "M") for f in movement.flags)
    width = 5 if individual else 3
    wanted = 1 if movement.compact else rounds  # compact files list round 1 only
    pending: list[str] = []
    start_line = index = 1
    while index < len(lines) and len(movement.schedule) < wanted:
        number, found = index + 1, tokens(lines[index].split("#", 1)[0])
        index += 1
        if not found:
            continue
        if not pending:
            start_line = number
        pending += found
        while len(pending) >= tables * width and len(movement.schedule) < wanted:
            row, pending = pending[: tables * width], pending[tables * width :]
            movement.schedule.append(_round(row, width, path, start_line))
            movement.round_lines.append(start_line)
        if pending and len(movement.schedule) == wanted:
            raise FormatError(
                path,
                f"line {number}",
                f"{tables} tables on the round's line, found {len(pending)} numbers more",
            )
    if len(movement.schedule) < wanted:
        raise FormatError(
            path,
            f"line {index}",
            f"{wanted} rounds of {tables} tables; the file ends after {len(movement.schedule)}",
        )
    movement.trailing = "\n".join(lines[index:]).strip()
    return movement


def _round(row: list[str], width: int, path: str, line: int) -> list[Table | None]:
    tables: list[Table | None] = []
    for index in range(0, len(row), width):
        cell = row[index : index + width]
        try:
            seats = tuple(int(x) for x in cell[:-1])
        except ValueError:
            raise FormatError(
                path,
                f"line {line}",
                f"contestant numbers at table {index // width + 1}, found {' '.join(cell[:-1])!r}",
            ) from None
        group = (cell[-1].lstrip("0") or "0") if cell[-1].isdecimal() else cell[-1]
        tables.append(None if not any(seats) and group == "0" else Table(seats, group))
    return tables
