"""The movement as the board results show it: who met whom on which round and boards.

With round and table numbers (ACBLscore, PBN score tables) it is a grid of rounds by tables;
without them (USEBIO gives none) a list of meetings: each N-S and E-W pair that met and the
boards they played.

>>> from bridgeio.recap.entries import Who
>>> from bridgeio.recap.lines import Line
>>> def at(board, round_, table, ns, ew):
...     return Line(board, round_, table, [Who("", ns)], [Who("", ew)], None, "", None, "",
...                 "", "", None, None, (0, 0))
>>> m = moves([(1, [at(1, 1, 1, "1", "2")]), (2, [at(2, 1, 1, "1", "2")])])
>>> m.rounds[0].tables[0].boards, m.meetings
('1–2', [])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeio.model.movement import MAX_ROUNDS, MAX_TABLES
from bridgeio.recap.entries import Who
from bridgeio.recap.lines import Line
from bridgeio.recap.text import board_ranges


@dataclass
class Meeting:
    """Who sat N-S and E-W, and the boards they played (``"1–3"``)."""

    ns: list[Who]
    ew: list[Who]
    boards: str
    table: int = 0


@dataclass
class Round:
    """One round: its tables (None where a table did not play)."""

    number: int
    tables: list[Meeting | None]


@dataclass
class Moves:
    """A section's movement: ``rounds`` when the file numbers rounds, else ``meetings``."""

    tables: int = 0
    rounds: list[Round] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)


def moves(boards: list[tuple[int, list[Line]]]) -> Moves | None:
    """The movement the lines show; None when there are no lines."""
    lines = [one for _, found in boards for one in found]
    if not lines:
        return None
    if all(0 < one.round <= MAX_ROUNDS and 0 < one.table <= MAX_TABLES for one in lines):
        return _grid(lines)
    met: dict[tuple[str, ...], tuple[Line, list[int]]] = {}
    for one in lines:
        key = tuple(w.anchor or w.label for w in one.ns + one.ew)
        met.setdefault(key, (one, []))[1].append(one.board)
    found = [Meeting(first.ns, first.ew, board_ranges(played)) for first, played in met.values()]
    order = {id(m): min(played) for m, (_, played) in zip(found, met.values(), strict=True)}
    return Moves(meetings=sorted(found, key=lambda m: order[id(m)]))


def _grid(lines: list[Line]) -> Moves:
    cells: dict[tuple[int, int], tuple[Line, list[int]]] = {}
    for one in lines:
        cells.setdefault((one.round, one.table), (one, []))[1].append(one.board)
    rounds = max(r for r, _ in cells)
    tables = max(t for _, t in cells)
    shown = Moves(tables=tables)
    for number in range(1, rounds + 1):
        row: list[Meeting | None] = []
        for table in range(1, tables + 1):
            cell = cells.get((number, table))
            row.append(
                None
                if cell is None
                else Meeting(cell[0].ns, cell[0].ew, board_ranges(cell[1]), table)
            )
        shown.rounds.append(Round(number, row))
    return shown
