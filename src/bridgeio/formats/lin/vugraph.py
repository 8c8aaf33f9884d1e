"""A vugraph file as a teams match of two rooms.

``vg|title,segment,scoring,first board,last board,home team,carry-over,away team,carry-over|``
names the match; ``rs|`` lists each board's results, open room then closed (``4SN+1``,
``3NTE-2``, ``PASS``; empty where not played); ``pn|`` before the boards names the players
of both rooms (South, West, North, East of the open room, then of the closed room); each
board is ``qx|o1`` (open room, board 1) or ``qx|c1`` with its deal, auction and play. The home
team sits N-S in the open room; a seat named by a team's name names no player. A line's
contract, declarer and tricks are ``rs``'s where it gives them (else the auction's and the
play's), its score the contract's with them, and a board's IMPs the IMP table applied to its
two rooms' scores (each room's line has them as points from its N-S's side). The match's
IMPs are its boards' in the file; a carry-over is kept as the match's segment 0 (the file's
boards then segment 1), and written back.

>>> contract_of("3NTE-2"), contract_of("3NWx-1")
((Contract('3NT', declarer='E'), 7), (Contract('3NTX', declarer='W'), 8))
>>> contract_of("4SxxN="), contract_of("PASS"), contract_of("")
((Contract('4SXX', declarer='N'), 10), (Contract('Pass'), 0), None)
"""

from __future__ import annotations

import re

from bridgeio.errors import report
from bridgeio.formats.lin.boards import LIN_SEATS, LinBoard
from bridgeio.formats.lin.lines import Line, deal_set, line_result, set_contract
from bridgeio.formats.lin.tags import Tag, Tags
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract
from bridgeio.model.imps import imps_of
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Seating,
    Section,
    Segment,
)

_RESULT = re.compile(
    r"^([1-7])(NT|N|S|H|D|C)(XX|X|R|)([NESW])(XX|X|R|)([=+\-]\d{0,2})?$", re.IGNORECASE
)
_SCORING = {"I": Scoring.IMPS, "B": Scoring.BOARD_A_MATCH, "P": Scoring.MATCHPOINTS}
ROOMS = ("open", "closed")
CARRIED = 0
"""The number of the segment that holds a vugraph file's carry-over (``vg``'s IMPs carried
into the match); its boards' IMPs are the segment after it."""


def contract_of(text: str) -> tuple[Contract, int | None] | None:
    """A result of ``rs``: the contract and declarer's tricks (None where only the contract
    is given); None for an empty one; ``ValueError`` for another text."""
    text = text.strip().replace(" ", "")
    if not text:
        return None
    if text.upper() in ("P", "PASS", "PASSED", "AP"):
        return Contract(0), 0
    found = _RESULT.match(text)
    if found is None:
        raise ValueError(text)
    level, strain, before, seat, after, result = found.groups()
    contract = Contract.parse(f"{level}{strain}{before or after}", seat.upper())
    if not result:
        return contract, None
    change = 0 if result == "=" else int(result[1:] or "0") * (1 if result[0] == "+" else -1)
    tricks = contract.level + 6 + change
    if not 0 <= tricks <= 13:
        raise ValueError(text)
    return contract, tricks


def match_results(
    found: Tags, header_tags: list[int], records: list[LinBoard], path: str
) -> tuple[Results, list[Line]]:
    """The teams match of a vugraph file's header (its tags' indices) and boards, and its
    lines."""
    header = [found.tag(index) for index in header_tags]
    at = next(index for index in header_tags if found.names[index] == "vg")
    vg = found.tag(at)
    fields = [f.strip() for f in vg.value.split(",")]
    fields += [""] * (9 - len(fields))
    first = _whole(fields[3], vg, path, "the first board") or 1
    results = _rs(header, path)
    rooms = _rooms(records)
    numbers = sorted({n for n, _ in rooms} | {first + i // 2 for i in range(len(results))})
    lines: list[Line] = []
    boards = []
    for number in numbers:
        board = Board(number)
        for room_index, room in enumerate(ROOMS):
            record = rooms.get((number, room))
            index = 2 * (number - first) + room_index
            rs = results[index] if 0 <= index < len(results) else None
            if record is None and rs is None:
                continue
            line = _line(record or LinBoard(found, at, number, room), room_index, rs, path)
            board.results.append(line.result)
            lines.append(line)
        board.imps = _board_imps(board.results)
        for result in board.results:  # each room's IMPs, from its N-S's side (home N-S: open)
            if board.imps is not None:
                result.ns_points = board.imps if result.room == "open" else 0.0 - board.imps
                result.ew_points = 0.0 - result.ns_points
        boards.append(board)
    return _document(fields, vg, path, boards, header, records), lines


def _line(record: LinBoard, room_index: int, rs: tuple[Tag, str] | None, path: str) -> Line:
    home, away = 1, 2
    ns, ew = (home, away) if room_index == 0 else (away, home)
    result = line_result(record, 1, room_index + 1, ns, ew)
    result.room = ROOMS[room_index]
    if rs is not None:
        tag, text = rs
        try:
            given = contract_of(text)
        except ValueError:
            report(path, tag.place, f"a result such as 4SN+1 or PASS, found {text[:12]!r}", "error")
            given = None
        if given is not None:
            set_contract(result, record, *given)
    return Line(record, result)


def _board_imps(lines: list[BoardResult]) -> float | None:
    """The home team's IMPs on a board: N-S in the open room, E-W in the closed."""
    scores = {line.room: line.ns_score for line in lines}
    open_score, closed_score = scores.get("open"), scores.get("closed")
    if type(open_score) is not int or type(closed_score) is not int:
        return None
    return float(imps_of(open_score - closed_score))


def _rs(header: list[Tag], path: str) -> list[tuple[Tag, str]]:
    tag = next((t for t in header if t.name == "rs"), None)
    if tag is None:
        return []
    return [(tag, text) for text in tag.value.split(",")]


def _rooms(records: list[LinBoard]) -> dict[tuple[int, str], LinBoard]:
    """Each board's record by number and room (a board without ``qx``'s room: the open room
    first, then the closed)."""
    rooms: dict[tuple[int, str], LinBoard] = {}
    for index, record in enumerate(records):
        number = record.number if record.number is not None else index // 2 + 1
        record.number = number
        room = record.room or ("open" if (number, "open") not in rooms else "closed")
        record.room = room
        rooms.setdefault((number, room), record)
    return rooms


def _whole(text: str, tag: Tag, path: str, what: str) -> int | None:
    if text.isdigit() and len(text) <= 6:
        return int(text)
    if text:
        report(path, tag.place, f"{what} as a number, found {text[:12]!r}: not read", "warning")
    return None


def _carry(text: str, tag: Tag, path: str) -> float:
    try:
        return float(text) if text else 0.0
    except ValueError:
        report(path, tag.place, f"a carry-over as a number, found {text[:12]!r}", "warning")
        return 0.0


def _document(
    fields: list[str],
    vg: Tag,
    path: str,
    boards: list[Board],
    header: list[Tag],
    records: list[LinBoard],
) -> Results:
    carried = _carry(fields[6], vg, path), _carry(fields[8], vg, path)
    won = [b.imps for b in boards if b.imps is not None]
    match = Match(
        1,
        1,
        2,
        home_imps=float(sum(i for i in won if i > 0)),
        away_imps=float(-sum(i for i in won if i < 0)),
        boards=boards,
        lineup=_lineup(header, records, {fields[5].casefold(), fields[7].casefold()} - {""}),
    )
    if any(carried):  # segment 0: the IMPs carried over; segment 1: this file's boards'
        match.segments = [
            Segment(CARRIED, *carried),
            Segment(CARRIED + 1, match.home_imps, match.away_imps),
        ]
    teams = [Entry("1", 1, name=fields[5]), Entry("2", 2, name=fields[7])]
    for seating in match.lineup:
        team = teams[0 if seating.home else 1]
        if seating.player.last_name not in (p.last_name for p in team.players):
            team.players.append(seating.player)
    section = Section("", movement="teams", entries=teams, matches=[match])
    section.boards = len(boards)
    event = Event(
        name=fields[0],
        session_name=fields[1],
        kind=EventKind.TEAMS,
        scoring=_SCORING.get(fields[2].upper()[:1], Scoring.IMPS),
        sections=[section],
    )
    event.deals = deal_set(records)
    return Results([event], format="lin")


def _lineup(header: list[Tag], records: list[LinBoard], teams: set[str]) -> list[Seating]:
    """Who sat where: the header's ``pn`` (both rooms), then each board's; a seat named by a
    team's name (``teams``, folded: GIB's robots, an operator who did not know the players)
    names no player."""
    named: list[tuple[str, list[str]]] = []
    pn = next((t for t in header if t.name == "pn"), None)
    if pn is not None:
        names = [n.strip() for n in pn.value.split(",")]
        named += [("open", names[:4]), ("closed", names[4:8])]
    named += [(r.room or "open", r.names) for r in records if r.names]
    lineup: list[Seating] = []
    seen: set[tuple[str, Seat, str]] = set()
    for room, names in named:
        for seat, name in zip(LIN_SEATS, names, strict=False):
            if not name or (room, seat, name) in seen or name.casefold() in teams:
                continue
            seen.add((room, seat, name))
            home = (seat in (Seat.NORTH, Seat.SOUTH)) == (room == "open")
            lineup.append(Seating(home, 1, room, seat, Player(last_name=name)))
    return lineup
