"""Reading ASC schedules with every variation real files show (FACTS.md): separators of any
run of whitespace, '-', ',', ':' and ';'; header flags; comments anywhere; free text after the
last round; letters or numbers for groups; leading zeros; tabs; CRLF.

What a header claims is bounded before anything is built from it
(:func:`bridgeio.model.movement.size_problem`), and every number has at most
:data:`MAX_DIGITS` digits, so a damaged header gives a :class:`FormatError` at once.
"""

from __future__ import annotations

import os
import re

from bridgeio.errors import FormatError, Problem, report
from bridgeio.files import input_size
from bridgeio.model.movement import Movement, Table, size_problem

MAX_BYTES = 1 << 20  # the largest real schedule has 11 KB
MAX_DIGITS = 6  # a number (contestant, count, group) of at most 999,999
MAX_LABEL = 6  # characters of a board group label
SEPARATORS = re.compile(r"[\s,;:\-]+")
HEADER_FIELDS = ("participants", "tables", "rounds", "board groups", "individual (0/1)")


def tokens(line: str) -> list[str]:
    """The numbers and labels of a line (comments already cut off).

    >>> tokens(" 01-02:A\\t3,4;B ")
    ['01', '02', 'A', '3', '4', 'B']
    """
    return [t for t in SEPARATORS.split(line) if t]


def read(path: str | os.PathLike[str]) -> Movement:
    """The movement in an ASC file; :class:`FormatError` naming the line for anything that is
    not a schedule."""
    path = os.fspath(path)
    if input_size(path) > MAX_BYTES:
        raise FormatError(path, "file", f"a schedule of at most {MAX_BYTES} bytes")
    with open(path, "rb") as handle:
        text = handle.read().decode("cp1252", errors="replace")
    movement = parse(text, path)
    movement.format = "asc"
    return movement


def _number(text: str) -> int | None:
    """The value of a decimal token of at most MAX_DIGITS digits (leading zeros aside)."""
    if not (text.isascii() and text.isdecimal()) or len(text.lstrip("0")) > MAX_DIGITS:
        return None
    return int(text)


def _header(line: str, path: str) -> Movement:
    header_text, _, comment = line.partition("#")
    fields = tokens(header_text)
    numbers = [_number(f) for f in fields[:5]]
    if len(fields) < 5 or None in numbers:
        raise FormatError(
            path,
            "line 1",
            f"a header of five numbers of at most {MAX_DIGITS} digits: "
            f"{', '.join(HEADER_FIELDS)}; found {line[:40]!r}",
        )
    participants, tables, rounds, groups, individual = (n or 0 for n in numbers)
    if individual not in (0, 1):
        raise FormatError(
            path, "line 1", f"0 (pairs) or 1 (individual) as the fifth number, found {individual}"
        )
    wrong = size_problem(participants, tables, rounds, groups, bool(individual))
    if wrong is not None:
        raise FormatError(path, "line 1", wrong[1])
    flags = fields[5:]
    return Movement(
        participants,
        tables,
        rounds,
        groups,
        bool(individual),
        flags=flags,
        comment=comment.strip(),
        compact=any(f in ("H", "M") for f in flags),
    )


def parse(text: str, path: str = "<text>") -> Movement:
    """The movement in the text of an ASC file.

    >>> parse("4 2 2 2 0\\n1-2 A 3-4 B\\n1-3 B 4-2 A\\n").schedule[1][1]
    Table(seats=(4, 2), group='A')
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    movement = _header(lines[0], path)
    tables = movement.tables
    width = movement.seats_per_table + 1
    wanted = 1 if movement.compact else movement.rounds  # compact files list round 1 only
    pending: list[str] = []
    start_line = index = 1
    last_line = 1  # the last line that held anything
    while index < len(lines) and len(movement.schedule) < wanted:
        number, found = index + 1, tokens(lines[index].split("#", 1)[0])
        index += 1
        if not found:
            continue
        last_line = number
        if not pending:
            start_line = number
        pending += found
        while len(pending) >= tables * width and len(movement.schedule) < wanted:
            row, pending = pending[: tables * width], pending[tables * width :]
            movement.schedule.append(_round(row, width, path, start_line))
            movement.round_lines.append(start_line)
            start_line = number
        if pending and len(movement.schedule) == wanted:
            raise FormatError(
                path,
                f"line {number}",
                f"{tables} tables on the round's line, found {len(pending)} numbers more",
            )
    if len(movement.schedule) < wanted:
        _cut(movement, path, len(pending), start_line if pending else last_line + 1)
    movement.trailing = "\n".join(lines[index:]).strip()
    _report_more_rounds(movement, lines, index, path)
    return movement


def cut_problem(rounds: int, tables: int, whole: int, numbers: int, line: int) -> Problem:
    """The problem of a schedule whose header gives ``rounds`` rounds of ``tables`` tables and
    whose text ends after ``whole`` of them and ``numbers`` numbers more, at ``line``.

    >>> cut_problem(8, 9, 7, 6, 9).place, cut_problem(8, 9, 7, 0, 9).message[-42:]
    ('line 9', 'ends after 7: cut, the 7 whole rounds read')
    """
    more = f" and {numbers} numbers of round {whole + 1}" if numbers else ""
    return Problem(
        f"line {line}",
        f"the header gives {rounds} rounds of {tables} tables, the file ends after {whole}"
        f"{more}: cut, the {whole} whole round{'s' if whole != 1 else ''} read",
    )


def _cut(movement: Movement, path: str, numbers: int, line: int) -> None:
    """A schedule that ends before the header's last round: its whole rounds are the
    movement (with that many rounds) and the cut is reported at ``line``; with no whole
    round there is nothing to read (:class:`FormatError`)."""
    whole = len(movement.schedule)
    problem = cut_problem(movement.rounds, movement.tables, whole, numbers, line)
    if not whole:
        expected = f"{movement.rounds} rounds of {movement.tables} tables; the file ends before one"
        raise FormatError(path, problem.place, expected)
    report(path, problem.place, problem.message)
    movement.rounds = whole


def _report_more_rounds(movement: Movement, lines: list[str], index: int, path: str) -> None:
    """Text after the last round that reads as another round (a header whose round count
    is too small, or a '-' taken for a minus sign) is reported, not taken as free text."""
    if movement.compact:
        return
    width = movement.seats_per_table + 1
    for number in range(index + 1, len(lines) + 1):
        found = tokens(lines[number - 1].split("#", 1)[0])
        if not found:
            continue
        cells = [found[i : i + width] for i in range(0, len(found), width)]
        if len(found) % width == 0 and all(_is_cell(cell) for cell in cells):
            report(
                path,
                f"line {number}",
                f"the header gives {movement.rounds} rounds, but this line after them reads "
                "as another round",
            )
        return


def _is_cell(cell: list[str]) -> bool:
    *seats, group = cell
    return all(_number(n) is not None for n in seats) and group.isalnum() and len(group) <= 3


def _round(row: list[str], width: int, path: str, line: int) -> list[Table | None]:
    tables: list[Table | None] = []
    for index in range(0, len(row), width):
        cell = row[index : index + width]
        seats = tuple(_number(x) for x in cell[:-1])
        if None in seats:
            raise FormatError(
                path,
                f"line {line}",
                f"contestant numbers of at most {MAX_DIGITS} digits at table "
                f"{index // width + 1}, found {' '.join(cell[:-1])[:40]!r}",
            )
        label = cell[-1]
        if len(label.lstrip("0")) > MAX_LABEL:
            raise FormatError(
                path,
                f"line {line}",
                f"a board group of at most {MAX_LABEL} characters at table "
                f"{index // width + 1}, found {label[:40]!r}",
            )
        group = (label.lstrip("0") or "0") if label.isdecimal() else label
        numbers = tuple(n or 0 for n in seats)
        tables.append(None if not any(numbers) and group == "0" else Table(numbers, group))
    return tables
