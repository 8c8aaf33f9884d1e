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

from bridgeio.model.movement import MAX_ROUNDS, MAX_TABLES, Movement
from bridgeio.model.results import Section
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


def seat(section: Section, movement: Movement) -> int:
    """Give the section's table results the round and table at which ``movement`` (an ASC
    schedule, say) seats their pairs, when the file numbers no rounds (USEBIO); returns how
    many results got them (0: the file has rounds, or the schedule seats none of its pairs).

    The schedule numbers its pairs as it likes: a Mitchell's E-W pair n may be n or n plus
    the number of tables; the numbering that seats most results is taken. Pairs that meet
    more than once are told apart by the board group of their board (groups in board order).

    >>> from bridgeio.model.movement import Table
    >>> from bridgeio.model.results import Board, BoardResult
    >>> m = Movement(4, 2, 2, 2, False, [[Table((1, 3), "A"), Table((2, 4), "B")],
    ...                                  [Table((1, 4), "B"), Table((2, 3), "A")]])
    >>> s = Section("A", results=[Board(3, [BoardResult(0, 0, 1, 2), BoardResult(0, 0, 2, 1)])])
    >>> seat(s, m), [(r.round, r.table) for r in s.results[0].results]
    (2, [(2, 1), (2, 2)])
    """
    lines = [(board.number, r) for board in section.results for r in board.results]
    if movement.individual or not lines or any(r.round for _, r in lines):
        return 0
    places: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
    for number, row in enumerate(movement.schedule, start=1):
        for table, sitting in enumerate(row, start=1):
            if sitting is not None:
                at = places.setdefault((sitting.ns, sitting.ew), [])
                at.append((number, table, sitting.group))
    order = {
        g: i
        for i, g in enumerate(sorted({p[2] for at in places.values() for p in at}, key=_group_key))
    }
    per_group = max(1, -(-max(n for n, _ in lines) // max(1, len(order))))
    best: dict[int, tuple[int, int]] = {}
    for offset in (0, movement.tables):
        found: dict[int, tuple[int, int]] = {}
        for number, result in lines:
            at = places.get((result.ns, result.ew + offset), [])
            if len(at) > 1:  # met more than once: the round whose group holds the board
                group = (number - 1) // per_group
                at = [p for p in at if order[p[2]] == group] or at[:1]
            if at:
                found[id(result)] = (at[0][0], at[0][1])
        if len(found) > len(best):
            best = found
    for _, result in lines:
        if id(result) in best:
            result.round, result.table = best[id(result)]
    return len(best)


def _group_key(group: str) -> tuple[int, str]:
    return (0, f"{int(group):09d}") if group.isdigit() else (1, group)
