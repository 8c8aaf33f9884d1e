"""Boards: a section's board results index and each board's result table (a row a table
result: round, table, pairs or players, scores, matchpoints); read into the model, and patched
in place.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.formats.acblscore.reader import read_bytes
>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> played = BoardResult(1, 2, 3, 4, 420, -420, 5.0, 1.0)
>>> section = Section("A", "mitchell", results=[Board(7, [played])])
>>> board = read_bytes(build(Results([Event(1, sections=[section])]))).events[0].sections[0]
>>> [(b.number, [(r.ns, r.ew, r.ns_score) for r in b.results]) for b in board.results]
[(7, [(3, 4, 420)])]
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from bridgeio.errors import FormatError
from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.codes import LATE_PLAY, NOT_IN_PLAY, NOT_PLAYED, raw_score
from bridgeio.formats.acblscore.numbering import movement_number, renumber
from bridgeio.formats.acblscore.pairing import Structural
from bridgeio.formats.acblscore.provenance import BoardKept
from bridgeio.model.results import Board, BoardResult, Special

if TYPE_CHECKING:
    from bridgeio.formats.acblscore.reader import Walk
    from bridgeio.formats.acblscore.writer import Patch

# Rows of a table read in one iter_unpack call each, with their records' compiled layouts.
_PAIRS_ROW, _INDIVIDUAL_ROW = R.BOARD2.struct, R.BOARD4.struct
_BOARD_ITEM = R.BOARD_INDEX_ENTRY.struct

# ---------------------------------------------------------------------------------- reading


def read_boards(
    walk: Walk, pointer: int, individual: bool, remap: tuple[bytes, bool] | None
) -> list[Board]:
    """A section's boards from its board results index (``remap``: the section's reassigned
    pair numbers, see :func:`.numbering.reassigned`)."""
    count = walk.table(pointer, "board results index", 4, L.BOARD_INDEX_ENTRIES, 8)
    start = pointer + L.BOARD_INDEX_ENTRIES
    items = _BOARD_ITEM.iter_unpack(walk.data[start : start + 8 * count])
    boards = []
    for i, (number, _, scored, table) in enumerate(items):
        board = Board(number, [], BoardKept(start + 8 * i, walk.file))
        if table:
            try:
                board.results = _read_rows(walk, table, number, individual, scored)
            except FormatError as error:
                walk.damaged(error, f"results of board {number}")
            if remap is not None:
                renumber(board.results, *remap)
        boards.append(board)
    return boards


def _read_rows(
    walk: Walk, table: int, number: int, individual: bool, scored: int
) -> list[BoardResult]:
    """The results in a board's result table (rows of boards not in play left out, and the
    slots after its last scored result: see :func:`rows_in_use`)."""
    length = walk.block(table, f"results table of board {number}", 4)
    row = _INDIVIDUAL_ROW if individual else _PAIRS_ROW
    count = rows_in_use(walk.data, table, length, row.size, scored)
    start = table + L.BOARD_RESULTS
    rows = row.iter_unpack(walk.data[start : start + count * row.size])
    if individual:
        return [_individual(values) for values in rows if values[3] != 999]
    results: list[BoardResult] = []
    append, make = results.append, BoardResult
    for rnd, tbl, ns, ns_raw, ns_points, ew, ew_raw, ew_points in rows:
        if -900 < ns_raw < 900 and -900 < ew_raw < 900:  # plain scores, as most are
            append(
                make(rnd, tbl, ns, ew, ns_raw * 10, ew_raw * 10, ns_points / 100, ew_points / 100)
            )
        elif ns_raw != 999:  # 999: not in play (and the unused rows, round 0)
            (ns_score, group), (ew_score, _) = raw_score(ns_raw), raw_score(ew_raw)
            append(
                make(
                    rnd,
                    tbl,
                    ns,
                    ew,
                    ns_score,
                    ew_score,
                    ns_points / 100,
                    ew_points / 100,
                    None,
                    None,
                    None,
                    group,
                )  # fmt: skip
            )
    return results


_UNSCORED = (LATE_PLAY, NOT_PLAYED, NOT_IN_PLAY)
_UNSCORED_RESULTS = (Special.LATE_PLAY, Special.NOT_PLAYED)


def rows_in_use(data: bytes | bytearray, table: int, length: int, size: int, scored: int) -> int:
    """How many of a board's result rows hold its results. The table's header counts its
    rows (Not Played and Late Play ones too) and its length bounds them; the board index
    counts the scored results (``scored``). Rows after the last of those are slots the
    movement made and no result filled: ACBLgamedump (Matthew Kidd) stops reading there
    and so does bridgeio (rows before it, whatever they hold, are read). With no scored
    result, or fewer than the index says, every row is read.

    >>> row = lambda raw: bytes(4) + raw.to_bytes(2, "little", signed=True) + bytes(12)
    >>> table = bytes(5) + bytes([4]) + row(950) + row(43) + row(-5) + row(950)
    >>> [rows_in_use(table, 0, len(table) - 2, 18, scored) for scored in (2, 3, 0)]
    [3, 4, 4]
    """
    count = min(data[table + 5], (length - 4) // size)
    start = table + L.BOARD_RESULTS
    seen = 0
    for k in range(count):
        if seen >= scored > 0:
            return k
        raw = int.from_bytes(data[start + k * size + 4 : start + k * size + 6], "little")
        seen += raw not in _UNSCORED  # (a negative score reads as a large number: scored)
    return count


def _individual(values: tuple[int, ...]) -> BoardResult:
    rnd, tbl = values[0], values[1]
    numbers = (values[2], values[5], values[8], values[11])
    n_score, group = raw_score(values[3])
    e_score, _ = raw_score(values[6])
    points = (values[4] / 100, values[7] / 100, values[10] / 100, values[13] / 100)
    return BoardResult(
        rnd, tbl, numbers[0], numbers[1], n_score, e_score, None, None, None, None, None, group,
        numbers, points,
    )  # fmt: skip


# --------------------------------------------------------------------------------- patching

_RESULT_PLACE = [("round", 0, "u8"), ("table", 1, "u8")]
_RESULT_POINTS = [("ns_points", 0x06, "F2"), ("ew_points", 0x0E, "F2")]


def patch_board(
    patch: Patch, new: Board, old: Board, individual: bool, mapping: tuple[bytes, bool] | None
) -> None:
    """A board's number and its results, row by row."""
    kept = old.kept
    assert isinstance(kept, BoardKept)
    if new.number != old.number:
        patch.out.put(kept.at, "u8", new.number, "board numbers")
    if new.results == old.results:
        return
    rows = _result_rows(patch, kept.at, individual)
    if len(new.results) != len(old.results) or len(rows) != len(old.results):
        raise Structural(f"the results of board {old.number}")
    scored = scored_count(new.results)
    if scored != scored_count(old.results):
        if in_file_order(new.results) != new.results:  # a result unscored now comes last
            raise Structural(f"the results of board {old.number}")
        patch.out.put(kept.at + 2, "u16", scored, "counts of results")
    for at, result, before in zip(rows, new.results, old.results, strict=True):
        if result != before:
            _patch_result(patch, at, result, before, individual, mapping)


def scored_count(results: list[BoardResult]) -> int:
    """How many of a board's results the board index counts (not late play, not played)."""
    return sum(1 for r in results if r.ns_score not in _UNSCORED_RESULTS)


def in_file_order(results: list[BoardResult]) -> list[BoardResult]:
    """A board's results in the order they are written: as given, but those not scored
    (not played, late play) that come after its last scored one go just before it, since
    readers stop at the last scored row (:func:`~.boards.rows_in_use`).

    >>> scores = [(1, 50), (2, 420), (3, Special.NOT_PLAYED)]
    >>> lines = [BoardResult(r, 1, 1, 1, s) for r, s in scores]
    >>> [line.round for line in in_file_order(lines)]
    [1, 3, 2]
    """
    last = max(
        (k for k, r in enumerate(results) if r.ns_score not in _UNSCORED_RESULTS), default=-1
    )
    if last < 0 or last == len(results) - 1:
        return results
    return [*results[:last], *results[last + 1 :], results[last]]


def _result_rows(patch: Patch, item: int, individual: bool) -> list[int]:
    """Offsets of a board's result rows that the reader made results of."""
    data = patch.out.data
    scored, table = struct.unpack_from("<HI", data, item + 2)
    if not table:
        return []
    size = L.BOARD4_SIZE if individual else L.BOARD2_SIZE
    length = struct.unpack_from("<h", data, table)[0]
    count = rows_in_use(data, table, length, size, scored)
    starts = [table + L.BOARD_RESULTS + k * size for k in range(count)]
    return [at for at in starts if struct.unpack_from("<h", data, at + 4)[0] != NOT_IN_PLAY]


def _patch_result(
    patch: Patch,
    at: int,
    new: BoardResult,
    old: BoardResult,
    individual: bool,
    mapping: tuple[bytes, bool] | None,
) -> None:
    """One table result: what changed of round, table, pairs, scores, points."""
    patch.fields(new, old, at, _RESULT_PLACE)
    for attribute in ("contract", "tricks", "lead"):
        patch.unkept(new, old, attribute, f"the {attribute} of # table results")
    if individual:
        _patch_individual(patch, at, new, old)
        return
    for attribute, offset, ew in (("ns", 2, False), ("ew", 0x0A, True)):
        if getattr(new, attribute) != getattr(old, attribute):
            number = movement_number(getattr(new, attribute), mapping, ew)
            patch.out.put(at + offset, "u16", number, "pair numbers")
    rescored = new.foul_group != old.foul_group
    if rescored or new.ns_score != old.ns_score:
        patch.score(at + 4, new.ns_score, new.foul_group)
    if rescored or new.ew_score != old.ew_score:
        patch.score(at + 0x0C, new.ew_score, new.foul_group)
    patch.fields(new, old, at, _RESULT_POINTS)


def _patch_individual(patch: Patch, at: int, new: BoardResult, old: BoardResult) -> None:
    """An individual's row: four players, each with a score (N-S's or E-W's) and points."""
    out = patch.out
    seats = new.seats or (new.ns, new.ew, 0, 0)
    before = old.seats or (old.ns, old.ew, 0, 0)
    for k in range(4):
        if seats[k] != before[k]:
            out.put(at + 2 + 8 * k, "u16", seats[k], "player numbers")
    scores = (new.ns_score, new.ew_score, new.ns_score, new.ew_score)
    rescored = new.foul_group != old.foul_group
    if rescored or new.ns_score != old.ns_score or new.ew_score != old.ew_score:
        for k, score in enumerate(scores):
            patch.score(at + 4 + 8 * k, score, new.foul_group)
    points = new.points or (None, None, None, None)
    if new.points != old.points:
        for k, value in enumerate(points):
            out.put(at + 6 + 8 * k, "F2", value or 0, "matchpoints")
