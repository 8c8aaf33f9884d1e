"""PBN team matches: the match rows of a teams table (PBN 2.1's ``TeamId_Home``,
``TeamId_Away``, ``IMP_Home``/``IMP_Away``, ``VP_Home``/``VP_Away``), the traveller lines
that name their match, and the per-record team results of RealBridge and rpbridge.net files
(``HomeTeam``/``VisitTeam`` tags on each table's record, with ``ScoreIMP`` where scored).

Per-record results: a match is the two teams of an event's stage; its board's two records are
its two rooms. The home team sits N-S in the open room and E-W in the closed one: where the
records name the teams in both orders (RealBridge: ``HomeTeam`` is the N-S team at that
table), by that order; else by a ``Room`` tag; else by the records' order (rpbridge.net: the
open room first). A board with one room only is kept (with its one line) and said once.

>>> rows = [{"Round": "2", "TeamId_Home": "1", "TeamId_Away": "4", "IMP_Home": "31",
...          "IMP_Away": "12", "VP_Home": "15.1", "VP_Away": "4.9", "Venue": "x"}]
>>> match = match_row(rows[0])
>>> match.round, match.home, match.away, match.home_imps, match.away_vp, match.kept.cells
(2, 1, 4, 31.0, 4.9, {'Venue': 'x'})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeio.formats.pbn import cells
from bridgeio.formats.pbn.lines import fill_scores
from bridgeio.model.auction import Auction
from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from bridgeio.model.provenance import Provenance
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Match,
    Player,
    Seating,
    Section,
    Segment,
    Special,
)

MATCH_COLUMNS = ("TeamId_Home", "TeamId_Away")
SEATS_WNES = ("West", "North", "East", "South")


@dataclass(eq=False)
class MatchCells(Provenance):
    """The cells of a match row the model has no field for."""

    format = "pbn"
    cells: dict[str, str] = field(default_factory=dict)


def match_row(values: dict[str, str]) -> Match:
    """A match from a teams table row (``values`` by column name, the section taken out);
    ``ValueError`` where a team or round is not a number. Ruter's ``MatchDetails`` gives
    each segment's IMPs and the totals, its ``LineupDetails_Home``/``_Away`` who sat where
    (:func:`segments`, :func:`lineup`)."""
    values = dict(values)
    match = Match(
        round=cells.number(values.pop("Round", "-")),
        home=cells.number(values.pop("TeamId_Home")),
        away=cells.number(values.pop("TeamId_Away")),
        home_imps=cells.decimal(values.pop("IMP_Home", "-")),
        away_imps=cells.decimal(values.pop("IMP_Away", "-")),
        home_vp=cells.decimal(values.pop("VP_Home", "-")),
        away_vp=cells.decimal(values.pop("VP_Away", "-")),
        table=cells.number(values.pop("Table", "-")) or None,
    )
    _details(match, values)
    if values:
        match.kept = MatchCells(values)
    return match


def _details(match: Match, values: dict[str, str]) -> None:
    """The match's segments and lineup from Ruter's detail cells (taken out of ``values``);
    a cell in another layout is left there (kept as the file has it)."""
    try:
        found, total = segments(cells.text(values.get("MatchDetails", "-")))
        seated = [
            seat
            for side in ("Home", "Away")
            for seat in lineup(cells.text(values.get(f"LineupDetails_{side}", "-")), side == "Home")
        ]
    except ValueError:
        return
    for column in ("MatchDetails", "LineupDetails_Home", "LineupDetails_Away"):
        values.pop(column, None)
    match.segments, match.lineup = found, seated
    if total is not None and match.home_imps is None and match.away_imps is None:
        match.home_imps, match.away_imps = total


TOTAL_SEGMENT = 200
"""The segment number Ruter gives a match's totals in its ``MatchDetails``."""


def segments(details: str) -> tuple[list[Segment], tuple[float | None, float | None] | None]:
    """Ruter's ``MatchDetails`` (``segment,home IMPs,away IMPs`` joined by ``|``; segment 200
    is the match's totals, summed from the segments where it is missing); ``ValueError``
    for a part that is not three numbers.

    >>> found, total = segments("1,15,54|2,30,0|200,45,54")
    >>> [(s.number, s.home_imps, s.away_imps) for s in found], total
    ([(1, 15.0, 54.0), (2, 30.0, 0.0)], (45.0, 54.0))
    """
    found, total = [], None
    for part in details.split("|") if details else []:
        pieces = part.split(",")
        if len(pieces) != 3:
            raise ValueError(f"MatchDetails as segment,IMPs,IMPs joined by '|', found {part!r}")
        number = cells.number(pieces[0])
        home, away = cells.decimal(pieces[1]), cells.decimal(pieces[2])
        if number == TOTAL_SEGMENT:
            total = (home, away)
        else:
            found.append(Segment(number, home, away))
    if total is None and found:
        total = (_sum([s.home_imps for s in found]), _sum([s.away_imps for s in found]))
    return found, total


def _sum(values: list[float | None]) -> float | None:
    return None if any(v is None for v in values) else sum(v or 0.0 for v in values)


ROOMS = {"O": "open", "C": "closed"}


def lineup(details: str, home: bool) -> list[Seating]:
    """Ruter's ``LineupDetails_Home``/``_Away``: ``segment,room,seat,member number,last
    name,first name`` joined by ``|`` (room ``O`` open, ``C`` closed); ``ValueError`` for a
    part that is not so.

    >>> [(s.segment, s.room, s.seat.char, s.player.last_name) for s in lineup(
    ...     "1,O,N,18444,Smith,Ann|1,C,E,14323,Jones,Bob", True)]
    [(1, 'open', 'N', 'Smith'), (1, 'closed', 'E', 'Jones')]
    """
    found = []
    for part in details.split("|") if details else []:
        pieces = part.split(",", 5)
        if len(pieces) != 6 or pieces[1].strip().upper() not in ROOMS:
            expected = "segment,room (O or C),seat,number,last name,first name"
            raise ValueError(f"LineupDetails as {expected} joined by '|', found {part!r}")
        segment, room, seat, number, last, first = (piece.strip() for piece in pieces)
        player = Player(last_name=last, first_name=first, player_number=number)
        where = ROOMS[room.upper()]
        found.append(Seating(home, cells.number(segment), where, Seat.from_char(seat), player))
    return found


def line_teams(line: BoardResult) -> tuple[int, int] | None:
    """The home and away teams a traveller line names in its kept cells, if it does."""
    found = getattr(line.kept, "cells", None)
    if not isinstance(found, dict) or not all(c in found for c in MATCH_COLUMNS):
        return None
    try:
        return cells.number(found["TeamId_Home"]), cells.number(found["TeamId_Away"])
    except ValueError:
        return None


def attach_lines(section: Section) -> None:
    """Each traveller line that names its match (``TeamId_Home``/``TeamId_Away`` cells) in
    that match's boards; a match the section's match rows do not list is added."""
    found = {(m.round, m.home, m.away): m for m in section.matches}
    boards: dict[tuple[int, int, int, int], Board] = {}
    for board in section.results:
        for line in board.results:
            teams = line_teams(line)
            if teams is None:
                continue
            key = (line.round, *teams)
            if key not in found:
                found[key] = Match(line.round, *teams)
                section.matches.append(found[key])
            if (*key, board.number) not in boards:
                boards[(*key, board.number)] = Board(board.number)
                found[key].boards.append(boards[(*key, board.number)])
            boards[(*key, board.number)].results.append(line)


@dataclass
class Record:
    """One table's result on a board, as a per-record team file has it."""

    line: int
    stage: tuple[str, str, str]  # the event, date and stage it was played in
    board: int
    home: str  # the HomeTeam and VisitTeam tags (carried over from earlier records)
    visit: str
    tags: dict[str, str]
    auction: Auction | None = None
    play: Play | None = None
    vulnerability: Vulnerability | None = None  # the board's (for a score not recorded)


@dataclass
class _Match:
    match: Match
    records: dict[int, list[Record]] = field(default_factory=dict)  # by board
    swapped: bool = False  # the records name the teams in both orders (RealBridge)


class RecordMatches:
    """The matches of a file's per-record team results, record by record."""

    def __init__(self) -> None:
        self.teams: dict[str, Entry] = {}
        self.rosters: dict[str, list[str]] = {}
        self.matches: dict[tuple[tuple[str, str, str], frozenset[str]], _Match] = {}
        self.rounds: dict[tuple[str, str, str], int] = {}
        self.computed = 0  # lines given the score of their contract and tricks (no Score)

    def team(self, name: str) -> int:
        """The number of the team of this name (numbered as first met)."""
        if name not in self.teams:
            number = len(self.teams) + 1
            self.teams[name] = Entry(str(number), number, name=name)
            self.rosters[name] = []
        return self.teams[name].number

    def add(self, record: Record) -> None:
        """A record in its match (its stage's two teams), under its board."""
        home, away = self.team(record.home), self.team(record.visit)
        key = (record.stage, frozenset((record.home, record.visit)))
        if key not in self.matches:
            rounds = self.rounds.setdefault(record.stage, len(self.rounds) + 1)
            self.matches[key] = _Match(Match(rounds, home, away))
        found = self.matches[key]
        found.swapped = found.swapped or home != found.match.home
        found.records.setdefault(record.board, []).append(record)

    def sections(self) -> tuple[list[Section], list[tuple[int, int]]]:
        """The sections (one a stage) with their lines and matches, and where a board has
        one room only (its record's line, and the match's number of such boards)."""
        sections: dict[str, Section] = {}
        lonely: list[tuple[int, int]] = []
        for (stage, _), found in self.matches.items():
            section = sections.setdefault(stage[2], Section(stage[2], movement="team"))
            section.matches.append(found.match)
            for number, records in sorted(found.records.items()):
                board = Board(number, [self._line(found, r, i) for i, r in enumerate(records)])
                found.match.boards.append(board)
                _add(section, number, board.results)
                if len(records) == 1:
                    lonely.append((records[0].line, 1))
            _totals(found.match)
        for name, entry in self.teams.items():
            entry.players = [_player(p) for p in self.rosters[name]]
        teams = list(self.teams.values())
        for section in sections.values():
            section.entries = [t for t in teams if _plays(t.number, section)]
            lines = [line for board in section.results for line in board.results]
            section.boards = len(section.results) or None
            section.tables = max((line.table for line in lines), default=0) or None
        return list(sections.values()), lonely

    def _line(self, found: _Match, record: Record, index: int) -> BoardResult:
        """A record's line: which team sat N-S, its contract, tricks, score and IMPs."""
        match, tags = found.match, record.tags
        if found.swapped:
            open_room = self.team(record.home) == match.home
        elif tags.get("Room", "").lower() in ("open", "closed"):
            open_room = tags["Room"].lower() == "open"
        else:
            open_room = index % 2 == 0
        ns, ew = (match.home, match.away) if open_room else (match.away, match.home)
        names = [tags.get(seat, "") for seat in SEATS_WNES]
        for team, seats in ((ns, names[1::2]), (ew, names[0::2])):
            name = next(t for t, e in self.teams.items() if e.number == team)
            self.rosters[name] += [n for n in seats if n and n not in self.rosters[name]]
        declarer = tags.get("Declarer", "")
        text = tags.get("Contract", "")
        contract = None
        if text and text not in ("?", "-"):
            seat = Seat.from_char(declarer) if declarer in ("N", "E", "S", "W") else None
            contract = Contract.parse(text, seat)
        result = tags.get("Result", "")
        score = side_score(tags.get("Score", ""))
        imps = _imps(tags.get("ScoreIMP", ""))
        table = tags.get("Table", "")
        line = BoardResult(
            round=match.round,
            table=_whole(table, 1, cells.LARGEST) or (1 if open_room else 2),
            ns=ns,
            ew=ew,
            ns_score=score,
            ew_score=None if score is None else -score,
            ns_points=imps[0],
            ew_points=imps[1],
            contract=contract,
            tricks=_whole(result, 0, 13),
            auction=record.auction,
            play=record.play,
            room="open" if open_room else "closed",
        )
        if record.vulnerability is not None:  # (no Score: that of contract and tricks)
            self.computed += fill_scores([line], record.vulnerability)
        return line


def _add(section: Section, number: int, lines: list[BoardResult]) -> None:
    for board in section.results:
        if board.number == number:
            board.results += lines
            return
    section.results.append(Board(number, list(lines)))


def _plays(team: int, section: Section) -> bool:
    return any(team in (m.home, m.away) for m in section.matches)


def _totals(match: Match) -> None:
    """The match's IMPs from its boards' (the file's ``ScoreIMP``): each side's won boards
    summed, where any board has them."""
    home: list[float] = []
    for board in match.boards:
        for line in board.results:
            side = line.ns_points if line.ns == match.home else line.ew_points
            if side is not None:
                home.append(side)
                break
    if home:
        match.home_imps = sum(i for i in home if i > 0)
        match.away_imps = -sum(i for i in home if i < 0)


def side_score(text: str) -> int | None:
    """``Score "NS 120"`` (or ``"EW 50"``, or a bare number for N-S) as N-S's points; None
    for anything else (a score too large for the model included).

    >>> side_score("EW 50"), side_score("4294967296"), side_score("x")
    (-50, None, None)
    """
    try:
        found = cells.score(text)
    except ValueError:
        return None
    return found if isinstance(found, int) and not isinstance(found, Special) else None


def _whole(text: str, low: int, high: int) -> int | None:
    """A tag's whole number from ``low`` to ``high``; None for anything else."""
    try:
        value = cells.whole(text.strip())
    except ValueError:
        return None
    return value if low <= value <= high else None


def imps_of_tag(text: str) -> tuple[float | None, float | None]:
    """``ScoreIMP``'s N-S and E-W IMPs (see :func:`_imps`)."""
    return _imps(text)


def _imps(text: str) -> tuple[float | None, float | None]:
    """``ScoreIMP "NS 4 EW -4"`` as N-S's and E-W's IMPs (``NS 4`` alone: E-W the opposite).

    >>> _imps("NS 4 EW -4"), _imps("NS -1.5"), _imps("")
    ((4.0, -4.0), (-1.5, 1.5), (None, None))
    """
    words = text.split()
    found: dict[str, float] = {}
    for side, value in zip(words[::2], words[1::2], strict=False):
        try:
            found[side.upper()] = cells.decimal(value) or 0.0
        except ValueError:
            return None, None
    ns, ew = found.get("NS"), found.get("EW")
    if ns is not None and ew is None:
        ew = -ns
    if ew is not None and ns is None:
        ns = -ew
    return ns, ew


def _player(name: str) -> Player:
    """A roster name (RealBridge writes ``"First Last#number"``)."""
    name, _, number = name.partition("#")
    words = name.split()
    return Player(
        last_name=words[-1] if words else "",
        first_name=" ".join(words[:-1]),
        player_number=number.strip(),
    )
