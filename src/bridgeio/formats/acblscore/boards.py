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
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore import records as R
from bridgeio.formats.acblscore.codes import NOT_IN_PLAY, raw_score
from bridgeio.formats.acblscore.numbering import movement_number, renumber
from bridgeio.formats.acblscore.pairing import Structural
from bridgeio.formats.acblscore.provenance import BoardKept
from bridgeio.model.results import Board, BoardResult

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
    for i, (number, _, _, table) in enumerate(items):
        board = Board(number, [], BoardKept(start + 8 * i, walk.file))
        if table:
            try:
                board.results = _read_rows(walk, table, number, individual)
            except FormatError as error:
                walk.damaged(error, f"results of board {number}")
            if remap is not None:
                renumber(board.results, *remap)
        boards.append(board)
    return boards


def _read_rows(walk: Walk, table: int, number: int, individual: bool) -> list[BoardResult]:
    """The results in a board's result table (rows of boards not in play left out)."""
    length = walk.block(table, f"results table of board {number}", 4)
    row = _INDIVIDUAL_ROW if individual else _PAIRS_ROW
    # The board index counts only scored results; the table's own header counts every
    # row (Not Played ones too), and its length bounds them.
    count = min(walk.data[table + 5], (length - 4) // row.size)
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
    for at, result, before in zip(rows, new.results, old.results, strict=True):
        if result != before:
            _patch_result(patch, at, result, before, individual, mapping)


def _result_rows(patch: Patch, item: int, individual: bool) -> list[int]:
    """Offsets of a board's result rows that the reader made results of."""
    data = patch.out.data
    table = struct.unpack_from("<I", data, item + 4)[0]
    if not table:
        return []
    size = L.BOARD4_SIZE if individual else L.BOARD2_SIZE
    length = struct.unpack_from("<h", data, table)[0]
    count = min(data[table + 5], (length - 4) // size)
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
