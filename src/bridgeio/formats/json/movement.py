"""Canonical JSON of movements (DESIGN.md), and reading it back.

Keys: ``format``, ``participants``, ``tables``, ``rounds``, ``board_groups``, ``individual``
and ``schedule`` (one list a round, one entry a table: ``{"table", "ns", "ew", "group"}``,
for individuals ``{"table", "n", "s", "e", "w", "group"}``, null for an unused table), then
what an ASC file needs to be written again the same: ``flags`` (header flags such as ``g``),
``comment`` (the header line's), ``trailing`` (free text after the last round) and
``compact`` (an H/M schedule: ``schedule`` holds round 1 only).

>>> from bridgeio.model.movement import Movement, Table
>>> m = Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), None]], flags=["l"])
>>> doc = movement_document(m, "asc")
>>> doc["schedule"]
[[{'table': 1, 'ns': 1, 'ew': 2, 'group': 'A'}, None]]
>>> movement_from_document(doc) == m
True
"""

from __future__ import annotations

from typing import Any

from bridgeio.errors import FormatError
from bridgeio.jsonfields import JSON, array, at, boolean, integer, mapping, text
from bridgeio.model.movement import MAX_ROUNDS, MAX_TABLES, Movement, Table, size_problem

MAX_NUMBER = 999_999  # a contestant number (what an ASC file's six digits hold)
PAIR_SEATS = ("ns", "ew")
INDIVIDUAL_SEATS = ("n", "s", "e", "w")


def movement_document(movement: Movement, source: str | None = None) -> JSON:
    """The canonical JSON document of a movement, as Python data."""
    seats = INDIVIDUAL_SEATS if movement.individual else PAIR_SEATS
    return {
        "format": source or movement.format or "json",
        "participants": movement.participants,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "board_groups": movement.groups,
        "individual": movement.individual,
        "flags": list(movement.flags),
        "comment": movement.comment,
        "trailing": movement.trailing,
        "compact": movement.compact,
        "schedule": [
            [
                None
                if table is None
                else {
                    "table": number,
                    **dict(zip(seats, table.seats, strict=False)),
                    "group": table.group,
                }
                for number, table in enumerate(row, start=1)
            ]
            for row in movement.schedule
        ],
    }


def movement_from_document(data: JSON, path: str = "<data>") -> Movement:
    """The movement of a canonical JSON document; :class:`FormatError` naming the JSON path
    of anything missing, of the wrong type, or out of range."""
    individual = boolean(data, "individual", path)
    sizes = [
        integer(data, key, path, 0, high)
        for key, high in (
            ("participants", MAX_NUMBER),
            ("tables", MAX_TABLES),
            ("rounds", MAX_ROUNDS),
            ("board_groups", MAX_TABLES * MAX_ROUNDS),
        )
    ]
    participants, tables, rounds, groups = sizes
    wrong = size_problem(participants, tables, rounds, groups, individual)
    if wrong is not None:
        raise FormatError(path, wrong[0], wrong[1])
    movement = Movement(
        participants,
        tables,
        rounds,
        groups,
        individual,
        flags=[
            _flag(f, at("flags", i), path)
            for i, f in enumerate(array(data, "flags", path, default=[]))
        ],
        comment=text(data, "comment", path, default=""),
        trailing=text(data, "trailing", path, default=""),
        compact=boolean(data, "compact", path, default=False),
    )
    format = data.get("format")
    movement.format = format if isinstance(format, str) else "json"
    rows = array(data, "schedule", path)
    wanted = 1 if movement.compact else rounds
    if len(rows) != wanted:
        given = "round 1 of a compact schedule" if movement.compact else f"{rounds} rounds"
        raise FormatError(path, "schedule", f"{given}: {wanted} lists, found {len(rows)}")
    seats = INDIVIDUAL_SEATS if individual else PAIR_SEATS
    for index, row in enumerate(rows):
        where = at("schedule", index)
        if not isinstance(row, list) or len(row) != tables:
            raise FormatError(path, where, f"a list of {tables} tables (null where unused)")
        movement.schedule.append(
            [_table(cell, at(where, t), t + 1, seats, path) for t, cell in enumerate(row)]
        )
    return movement


def _flag(found: Any, where: str, path: str) -> str:
    if not isinstance(found, str) or not found:
        raise FormatError(path, where, "a header flag (a non-empty string)")
    return found


def _table(cell: Any, where: str, number: int, seats: tuple[str, ...], path: str) -> Table | None:
    if cell is None:
        return None
    cell = mapping(cell, where, path)
    if integer(cell, "table", path, 1, MAX_TABLES, where, default=number) != number:
        raise FormatError(path, at(where, "table"), f"table {number} (its place in the round)")
    group = text(cell, "group", path, where)
    if not group:
        raise FormatError(path, at(where, "group"), "a board group label")
    return Table(tuple(integer(cell, seat, path, 0, MAX_NUMBER, where) for seat in seats), group)
