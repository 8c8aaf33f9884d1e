"""Dutch ASC movement schedules (schemafiles): read leniently, write plainly, check.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "m.asc")
>>> _ = open(path, "w").write("4 2 2 2 0\\n1-2 A 3-4 B\\n1-3 B 4-2 A\\nQf=100.00\\n")
>>> m = bridgeio.read(path); m.schedule[1][0], m.trailing
(Table(seats=(1, 3), group='B'), 'Qf=100.00')
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgeio.model.document import Document
    from bridgeio.model.movement import Movement
    from bridgeio.model.results import Section

_HEADER = re.compile(r"^\s*\d+([\s,;:\-]+\d+){4}\b")


def sniff(head: bytes, size: int) -> bool:
    """A header line of five numbers (participants, tables, rounds, groups, boards a group).

    >>> sniff(b"10 5 9 9 3\\n", 11), sniff(b"hello\\n", 6)
    (True, False)
    """
    first = head.split(b"\n", 1)[0].decode("latin-1")
    return bool(_HEADER.match(first)) and b"\0" not in head


def movements(doc: Document) -> list[tuple[str, Movement]]:
    """A movement, or every section's movement of a results file, each with the suffix of its
    file name: the section's name (OUT-A.asc, OUT-B.asc), with the event number first when
    there are several events (OUT-1A.asc, OUT-2C.asc). A section's movement is the one its
    board results show (the game as played, :func:`played_movement`); a section without
    them has its schedule's (an ACBLscore match table) to the rounds the section says."""
    from bridgeio.model.movement import Movement
    from bridgeio.model.results import Results

    if isinstance(doc, Movement):
        return [("", doc)]
    if not isinstance(doc, Results):
        return []
    parts: list[tuple[str, Movement]] = []
    for event in doc.events:
        for section in event.sections:
            name = section.name if len(doc.events) == 1 else f"{event.number}{section.name}"
            movement = played_movement(section, event.kind == "individual", f"section {name}")
            if movement is not None:
                parts.append((name, movement))
    return parts


def played_movement(section: Section, individual: bool, where: str = "") -> Movement | None:
    """The movement of a section of a results file: from its board results where every line
    gives its round, table and contestants, else from its schedule; None with neither. Board
    results that are no movement (two pairs of pairs at one table-round, ...) are reported as
    a warning at ``where`` and the schedule's movement is taken.

    >>> from bridgeio.model.results import Board, BoardResult, Section
    >>> section = Section("A", "mitchell", rounds=1, schedule=[[(1, 1, 1)], [(1, 2, 3)]])
    >>> played_movement(section, False).rounds  # the section says 1 round
    1
    >>> section.results = [Board(2, [BoardResult(1, 1, 1, 1)]), Board(5, [BoardResult(2, 1, 1, 2)])]
    >>> [row[0].group for row in played_movement(section, False).schedule]
    ['A', 'B']
    """
    from bridgeio.errors import report
    from bridgeio.model.movement import Played, from_results, from_schedule

    mitchell = section.movement in ("mitchell", "web")  # a web moves boards, not pairs, apart
    played: list[Played] = [
        (line.round, line.table, line.seats or (line.ns, line.ew), board.number)
        for board in section.results
        for line in board.results
    ]
    if played and all(r and t for r, t, _, _ in played):
        try:
            return _seating_every_table(from_results(played, individual, mitchell), section)
        except ValueError as error:
            what = "its schedule's" if section.schedule else "none"
            message = f"the board results are no movement ({error}); the movement written: {what}"
            report(None, where or f"section {section.name}", message, "warning")
    schedule = section.schedule
    if 0 < (section.rounds or 0) < len(schedule):  # a match table of more rounds than the game
        schedule = schedule[: section.rounds]
    return from_schedule(schedule, individual, mitchell) if schedule else None


def _seating_every_table(movement: Movement, section: Section) -> Movement:
    """``movement`` with as many tables as the section's schedule seats a pair at (a table
    where an E-W pair sits out against a phantom N-S has no board results, but it is one of
    the movement's tables: a 9-table Mitchell of 17 pairs is not an 8-table one)."""
    seated = max(
        (
            table
            for row in section.schedule[: movement.rounds]
            for table, cell in enumerate(row, start=1)
            if cell and any(cell[:-1])
        ),
        default=0,
    )
    if seated > movement.tables:
        for row in movement.schedule:
            row.extend([None] * (seated - len(row)))
        movement.tables = seated
    return movement


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in ("reader", "writer", "checks"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
