"""Reading LIN files into the results model.

A hand-viewer or "my hands" file is a results document of one line a board: the deal from
``md``, vulnerability from ``sv``, auction from ``mb`` with ``an`` alerts, play from ``pc``,
claim from ``mc``, players from ``pn`` by seat (each N-S and E-W pair an entry); the contract
is the auction's, the tricks the play's (or the claim's), the score the contract's with them.
A vugraph file (``vg``) is a teams match of two rooms (:mod:`.vugraph`).

What is not read is a warning at its place; a file with no board, or not LIN at all, is a
:class:`~bridgeio.errors.FormatError` naming the place and what was expected.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from bridgeio.errors import FormatError, report
from bridgeio.files import input_size
from bridgeio.formats.lin.boards import LIN_SEATS, LinBoard, read_board
from bridgeio.formats.lin.hands import parse_hands, read_hands
from bridgeio.formats.lin.lines import Line, deal_set, line_results
from bridgeio.formats.lin.tags import Tag, Tags, boards
from bridgeio.formats.lin.vugraph import match_results
from bridgeio.model.board import vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.deals import NO_SEAT
from bridgeio.model.results import (
    Board,
    Direction,
    Entry,
    Event,
    EventKind,
    Player,
    Results,
    Scoring,
    Section,
)

MAX_BYTES = 256 << 20  # a quarter of a million boards and more


def read(path: str | os.PathLike[str]) -> Results:
    """The results document of a LIN file."""
    return read_lines(os.fspath(path))[0]


def read_lines(path: str) -> tuple[Results, list[Line]]:
    """The results document of a LIN file and each line with the board it was read from."""
    with _no_collection():
        return _read_lines(path)


@contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cycle collector off while a file is read: reading makes objects by the
    million and no cycles, and the collector's passes over them would take about half the
    time (on again after, as it was)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_lines(path: str) -> tuple[Results, list[Line]]:
    if input_size(path) > MAX_BYTES:
        raise FormatError(path, "file", f"a LIN file of at most {MAX_BYTES} bytes")
    with open(path, "rb") as handle:
        text = decode(handle.read())
    found = Tags(text, path)
    if not found.names:
        raise FormatError(path, "line 1, column 1", "LIN tags (two letters and '|', as md|)")
    header_tags, groups = boards(found)
    records = [read_board(found, start, end) for start, end in groups]
    header = [found.tag(index) for index in header_tags]
    _report_unread(records, header, path)
    records = [r for r in records if r.holds_board]
    _rooms_or_labels(records)
    _read_deals(records, path)
    _report_cut_play(records, path)
    if any(t.name == "vg" for t in header):
        return match_results(found, header_tags, records, path)
    if not records:  # (a board holds a number, a deal, a call or a card: LinBoard.holds_board)
        raise FormatError(path, found.place(0), "a board: a deal (md|), calls (mb|) or cards")
    return _hand_results(records, path)


def _rooms_or_labels(records: list[LinBoard]) -> None:
    """``qx``'s letter is the room (``o1`` open, ``c1`` closed) where a file letters its
    boards so; a file lettering them otherwise (a teaching file's A1, B11, C21) has no rooms,
    and its C21 is no closed room."""
    if any(r.label not in ("", "o", "c") for r in records):
        for record in records:
            record.room = None


def _read_deals(records: list[LinBoard], path: str) -> None:
    """The deal of each board with an ``md``, all at once; what is wrong with one, an error
    at its tag (the deal not read), and a deal of fewer than 52 cards a warning."""
    dealt = [r for r in records if r.deal is not None]
    seats, wrong = read_hands([r.deal[1] for r in dealt])  # type: ignore[index]
    for record, row in zip(dealt, seats, strict=True):
        record.seats = row
    for index in wrong:
        record = dealt[index]
        place = record.tags.place(record.deal[0])  # type: ignore[index]
        try:
            record.seats = parse_hands(record.deal[1])  # type: ignore[index]
        except ValueError as problem:
            report(path, place, f"a deal: {problem}; the deal is not read", "error")
            record.seats = None
    for index in np.flatnonzero((seats == NO_SEAT).any(axis=1)).tolist():
        record = dealt[index]
        if record.seats is None:
            continue
        placed = int((record.seats != NO_SEAT).sum())
        message = f"a deal of 52 cards, found {placed}: read as it is (the rest unplaced)"
        report(path, record.tags.place(record.deal[0]), message, "warning")  # type: ignore[index]


def _report_cut_play(records: list[LinBoard], path: str) -> None:
    """A file whose last board's play stops inside a trick, with no claim, and no page
    break after it: cut short. (BBO closes a board it saved while play went on, or after
    play was abandoned, with ``pg||``: a whole file whose play stops, said as a warning.)"""
    last = records[-1] if records else None
    if last is not None and last.tags.names and last.tags.names[-1] == "pg":
        return
    if last is not None and len(last.cards) % 4 and last.claim is None:
        message = (
            f"the file ends inside trick {len(last.cards) // 4 + 1} of its last board, with "
            "no claim: cut short?"
        )
        report(path, last.place, message, "error")


def decode(data: bytes) -> str:
    """LIN text: UTF-8 (a byte-order mark aside), else Windows-1252 as older tools write."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _report_unread(records: list[LinBoard], header: list[Tag], path: str) -> None:
    """One warning a tag name not read: its first place and how many there are."""
    first: dict[str, str] = {}
    counts: dict[str, int] = {}
    for record in records:
        for name, found in record.unread.items():
            if name not in first:
                first[name] = record.tags.place(found[0])
            counts[name] = counts.get(name, 0) + len(found)
    vugraph = any(t.name == "vg" for t in header)
    for tag in header:  # a vugraph file's match, results, players and page breaks are read
        if not vugraph or tag.name not in ("vg", "rs", "pn", "pg"):
            first.setdefault(tag.name, tag.place)
            counts[tag.name] = counts.get(tag.name, 0) + 1
    for name, place in first.items():
        more = f" (and {counts[name] - 1} more)" if counts[name] > 1 else ""
        said = _UNREAD.get(name, f"{name}| is a tag bridgeio does not read: not read")
        report(path, place, f"{said}{more}", "warning")


_UNREAD = {
    "nt": "nt| is commentary: not read",
    "at": "at| is commentary: not read",
    "ah": "ah| is a heading that is no board number: not read",
    "mb run together": "mb| holds calls run together (1nppp): read one by one",
}


def _hand_results(records: list[LinBoard], path: str) -> tuple[Results, list[Line]]:
    pairs: dict[tuple[Direction, str, str], Entry] = {}
    counts = {Direction.NS: 0, Direction.EW: 0}
    section = Section("", movement="")
    for index, record in enumerate(records):
        if record.number is None:
            record.number = index + 1
    tables = _numbered(records, path)
    where = []
    for record, table in zip(records, tables, strict=True):
        ns = _pair(pairs, counts, record, Direction.NS)
        where.append((1, table, ns, _pair(pairs, counts, record, Direction.EW)))
    found = line_results(records, where)
    lines = [Line(record, line) for record, line in zip(records, found, strict=True)]
    boards: dict[int, Board] = {}
    for line in lines:
        number = line.board.number or 0
        boards.setdefault(number, Board(number)).results.append(line.result)
    section.results = list(boards.values())
    section.entries = list(pairs.values())
    section.boards = len(section.results)
    event = Event(kind=EventKind.PAIRS, scoring=Scoring.OTHER, sections=[section])
    event.deals = deal_set(records)
    return Results([event], format="lin"), lines


def _numbered(records: list[LinBoard], path: str) -> list[int]:
    """Each board's table: a board played again with its deal (or with no deal) is the same
    board at the next table; a number given again with another deal ("my hands" of several
    games) is another board, numbered after the file's highest number (a warning says so;
    its dealer and vulnerability stay its number's where the file gives none)."""
    deals: dict[int, bytes | None] = {}
    tables: dict[int, int] = {}
    free = max((r.number or 0 for r in records), default=0) + 1
    found = []
    for record in records:
        number = record.number or 0
        deal = None if record.seats is None else record.seats.tobytes()
        known = deals.setdefault(number, deal)
        if known is not None and deal is not None and known != deal:
            record.dealer = record.dealer if record.dealer is not None else Seat((number - 1) % 4)
            if record.vulnerability is None:
                record.vulnerability = vulnerability(number)
            message = f"board {number} again with another deal (another game): read as board {free}"
            report(path, record.place, message, "warning")
            record.number, number, free = free, free, free + 1
            deals[number] = deal
        tables[number] = tables.get(number, 0) + 1
        found.append(tables[number])
    return found


_PAIR_SEATS = {
    Direction.NS: [LIN_SEATS.index(s) for s in (Seat.NORTH, Seat.SOUTH)],
    Direction.EW: [LIN_SEATS.index(s) for s in (Seat.EAST, Seat.WEST)],
}


def _pair(
    pairs: dict[tuple[Direction, str, str], Entry],
    counts: dict[Direction, int],
    record: LinBoard,
    side: Direction,
) -> int:
    """The number of the pair sitting ``side`` (an entry for each pair of names, numbered in
    the order met a direction); 0 where the board names no players."""
    names = record.names or []
    named = [names[i] if i < len(names) else "" for i in _PAIR_SEATS[side]]
    if not any(named):
        return 0
    key = (side, named[0], named[1])
    if key not in pairs:
        counts[side] += 1
        players = [Player(last_name=name) for name in named]
        pairs[key] = Entry(f"{counts[side]}{side.value}", counts[side], side, players=players)
    return pairs[key].number
