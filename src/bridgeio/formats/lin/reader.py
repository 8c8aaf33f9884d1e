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

import os

from bridgeio.errors import FormatError, report
from bridgeio.files import input_size
from bridgeio.formats.lin.boards import LIN_SEATS, LinBoard, read_board
from bridgeio.formats.lin.lines import Line, deal_set, line_result
from bridgeio.formats.lin.tags import Tag, boards, tags
from bridgeio.formats.lin.vugraph import match_results
from bridgeio.model.cards import Seat
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
    if input_size(path) > MAX_BYTES:
        raise FormatError(path, "file", f"a LIN file of at most {MAX_BYTES} bytes")
    with open(path, "rb") as handle:
        text = decode(handle.read())
    found = tags(text, path)
    if not found:
        raise FormatError(path, "line 1, column 1", "LIN tags (two letters and '|', as md|)")
    header, groups = boards(found)
    records = [read_board(group, path) for group in groups]
    _report_unread(records, header, path)
    records = [r for r in records if r.holds_board]
    _report_cut_play(records, path)
    if any(t.name == "vg" for t in header):
        return match_results(header, records, path)
    if not any(r.seats is not None or r.calls or r.cards for r in records):
        raise FormatError(path, found[0].place, "a board: a deal (md|), calls (mb|) or cards")
    return _hand_results(records)


def _report_cut_play(records: list[LinBoard], path: str) -> None:
    """A file whose last board's play stops inside a trick, with no claim: cut short."""
    last = records[-1] if records else None
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
    places: dict[str, list[str]] = {}
    for record in records:
        for name, found in record.unread.items():
            places.setdefault(name, []).extend(found)
    vugraph = any(t.name == "vg" for t in header)
    for tag in header:  # a vugraph file's match, results, players and page breaks are read
        if not vugraph or tag.name not in ("vg", "rs", "pn", "pg"):
            places.setdefault(tag.name, []).append(tag.place)
    for name, found in places.items():
        what = "commentary" if name in ("nt", "at") else "a tag bridgeio does not read"
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        report(path, found[0], f"{name}| is {what}: not read{more}", "warning")


def _hand_results(records: list[LinBoard]) -> tuple[Results, list[Line]]:
    pairs: dict[tuple[Direction, str, str], Entry] = {}
    section = Section("", movement="")
    lines = []
    for index, record in enumerate(records):
        if record.number is None:
            record.number = index + 1
        ns = _pair(pairs, record, Direction.NS)
        ew = _pair(pairs, record, Direction.EW)
        line = line_result(record, 1, 1, ns, ew)
        section.results.append(Board(record.number, [line]))
        lines.append(Line(record, line))
    section.entries = list(pairs.values())
    section.boards = len(section.results)
    event = Event(kind=EventKind.PAIRS, scoring=Scoring.OTHER, sections=[section])
    event.deals = deal_set(records)
    return Results([event], format="lin"), lines


def _pair(pairs: dict[tuple[Direction, str, str], Entry], record: LinBoard, side: Direction) -> int:
    """The number of the pair sitting ``side`` (an entry for each pair of names); 0 where the
    board names no players."""
    names = record.names or []
    seats = (Seat.NORTH, Seat.SOUTH) if side is Direction.NS else (Seat.EAST, Seat.WEST)
    named = [names[LIN_SEATS.index(s)] if LIN_SEATS.index(s) < len(names) else "" for s in seats]
    if not any(named):
        return 0
    key = (side, named[0], named[1])
    if key not in pairs:
        number = 1 + sum(1 for k in pairs if k[0] is side)
        players = [Player(last_name=name) for name in named]
        pairs[key] = Entry(f"{number}{side.value}", number, side, players=players)
    return pairs[key].number
