"""Results written as PBN 2.1 tournament tables: one game a board (its hand record where the
source has the deal) with a ``ScoreTable`` of every table's result on it, and the standings
as a ``TotalScoreTable`` in the first game of each event.

A board whose deal the source does not hold has no ``Deal`` tag (``[Deal "?"]`` stops
endplay's parser), and the contract tags of a game are left out (its table results are in the
``ScoreTable``). Where the double-dummy tricks are known the game carries them as an
``OptimumResultTable`` with the par (``OptimumScore``, ``ParContract``). Columns the model
has no field for, kept from a PBN file (:class:`~.results.PbnCells`), are written back after
the standard ones. Team matches are a ``TotalScoreTable`` of PBN 2.1's match columns
(``TeamId_Home``, ``TeamId_Away``, ``IMP_Home``/``IMP_Away``, ``VP_Home``/``VP_Away``) in a
game of their own after the boards, and a match's traveller lines name it in their
``TeamId_Home``/``TeamId_Away`` cells. What PBN cannot hold (strats, masterpoints, ...) is
said as a :class:`~bridgeio.errors.DataLossWarning`.

>>> from bridgeio.model.results import *
>>> from bridgeio.model.contract import Contract
>>> line = BoardResult(1, 2, 3, 4, 420, -420, 1.5, 0.5, Contract.parse("4H", "S"), 10)
>>> entry = Entry("3NS", 3, Direction.NS, score=1.5, percentage=75.0, rank=1,
...               players=[Player("Smith", "Ann"), Player("Jones", "Bob")])
>>> doc = Results([Event(name="Club", sections=[Section("A", entries=[entry],
...                                                     results=[Board(7, [line])])])])
>>> text = results_text(doc).decode()
>>> text.splitlines()[3:8]
['[Board "7"]', '[Dealer "S"]', '[Vulnerable "All"]', '[Scoring "MP"]', '[Competition "Pairs"]']
>>> [line for line in text.splitlines() if not line.startswith("[")]
['"A" 1 - 3 "NS" 1.5 75 "Ann Smith - Bob Jones"', '"A" 2 1 3 4 4H S 10 - 420 - 1.5 0.5']
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from bridgeio.errors import ConversionError, lost
from bridgeio.formats.pbn.provenance import PbnGames
from bridgeio.formats.pbn.results import SEATS, PbnCells, tables_to_results
from bridgeio.formats.pbn.standings import SESSION
from bridgeio.formats.pbn.teams import TOTAL_SEGMENT, MatchCells
from bridgeio.formats.pbn.write_played import holds_play, played_games
from bridgeio.model.board import BY_CODE, dealer, vulnerability
from bridgeio.model.cards import Seat, Strain
from bridgeio.model.deals import DealSet, deal_strings
from bridgeio.model.par import Par, ParSet
from bridgeio.model.results import (
    Assigned,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Results,
    Score,
    Scoring,
    Section,
    Special,
)
from bridgeio.model.sessions import sessions_of

_IMPS = (Scoring.IMPS, Scoring.BUTLER, Scoring.CROSS_IMPS)
SCORING_TAG = {
    Scoring.MATCHPOINTS: "MP",
    Scoring.IMPS: "IMP",
    Scoring.BUTLER: "IMP;Butler",
    Scoring.CROSS_IMPS: "IMP;Cross",
    Scoring.AGGREGATE: "Total",
    Scoring.BOARD_A_MATCH: "BAM",
    Scoring.VICTORY_POINTS: "VP",
}
"""The ``Scoring`` tag of each scoring (the reader takes it back, :func:`.results.scoring_of`)."""
TOTAL_COLUMN = {Scoring.MATCHPOINTS: "TotalScoreMP", Scoring.VICTORY_POINTS: "TotalScoreVP"}
TOTAL_COLUMN |= {Scoring.BOARD_A_MATCH: "TotalScoreBAM"} | {s: "TotalScoreIMP" for s in _IMPS}
COMPETITION = {EventKind.PAIRS: "Pairs", EventKind.TEAMS: "Teams"}
COMPETITION[EventKind.INDIVIDUAL] = "Individuals"
_ADJUSTED = {Special.AVERAGE_PLUS: "A+", Special.AVERAGE_MINUS: "A-", Special.AVERAGE: "A="}
_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_TRICK_ORDER = [(seat, strain) for seat in Seat for strain in _STRAINS]


def number_text(value: float | None) -> str:
    """A number as a cell: the shortest text that reads back as the same float, ``-`` for none.

    >>> number_text(3.0), number_text(62.35), number_text(None)
    ('3', '62.35', '-')
    """
    return "-" if value is None else repr(float(value)).removesuffix(".0")


def quoted(text: str) -> str:
    """A string cell (a ``"`` inside, which a cell cannot hold, becomes ``'``)."""
    return '"' + text.replace('"', "'") + '"' if text else "-"


class Table:
    """A table being built: columns in order, rows of cells by column name."""

    def __init__(self, tag: str, columns: Iterable[str]) -> None:
        self.tag, self.columns = tag, list(columns)
        self.rows: list[dict[str, str]] = []

    def add(self, row: dict[str, str], kept: dict[str, str]) -> None:
        """A row of the model's cells, with the file's own (``kept``) after them."""
        for name in kept:
            if name not in self.columns:
                self.columns.append(name)
        # the file's own cell wins where the model has none (an adjusted score written in
        # the Contract column) and for RankTie where the model ties the entry too
        # (producers differ in what they put there; a tie the model parts is no tie)
        own = {k: v for k, v in kept.items() if (row.get(k, "-") == "-") != (k == "RankTie")}
        self.rows.append(row | own)

    def text(self) -> str:
        """The tag with its header (each column as wide as its widest cell) and its rows."""
        table = [[row.get(name, "-") for name in self.columns] for row in self.rows]
        widths = [max((len(r[i]) for r in table), default=1) for i in range(len(self.columns))]
        right = [all(_numeric(r[i]) for r in table) for i in range(len(self.columns))]
        header = ";".join(
            f"{name}\\{width}{'R' if r else 'L'}"
            for name, width, r in zip(self.columns, widths, right, strict=True)
        )
        lines = [f'[{self.tag} "{header}"]']
        for cells in table:
            padded = [
                c.rjust(w) if r else c.ljust(w)
                for c, w, r in zip(cells, widths, right, strict=True)
            ]
            lines.append(" ".join(padded).rstrip())
        return "\n".join(lines) + "\n"


def _numeric(cell: str) -> bool:
    return cell == "-" or cell.lstrip("-").replace(".", "", 1).isdigit()


def _kept(kept: object) -> dict[str, str]:
    """The cells of a PBN file's own columns, quoted where they must be to stay one cell."""
    if not isinstance(kept, PbnCells | MatchCells):
        return {}
    return {
        name: f'"{cell}"' if not cell or any(c.isspace() for c in cell) else cell
        for name, cell in kept.cells.items()
    }


def faithful_deals(results: Results) -> DealSet | None:
    """The deals of results read from a PBN file whose tables the model holds as the file
    has them (its every byte is then written back, :func:`.writer.game_texts`); None for
    other results, or where the model's tables differ from the file's."""
    deals = results.events[0].deals if results.format == "pbn" and results.events else None
    games = deals.provenance if deals is not None else None
    if not isinstance(games, PbnGames):
        return None
    raw = (games.preamble or b"") + b"".join(games.texts.tolist())
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its rows' warnings were given when it was read)
        again = tables_to_results(text.removeprefix("\ufeff"), "")
    return deals if again.events == results.events else None


def results_text(results: Results, source: str | None = None) -> bytes:
    """The PBN games (UTF-8, without the file's header) of every event of ``results``; a
    :class:`ConversionError` when no event has an entry or a table result (PBN would read
    back as deals). An event of several sessions is written as Ruter writes a
    championship's session files: a PBN event a session (its ``Stage`` tag the session's
    id), the last with the overall standings in the cumulative columns beside the
    session's own (``SessionScoreMP``, ...)."""
    parts = [part for event in results.events for part in session_parts(event)]
    numbered = len(parts) > 1
    games = [g for n, part in enumerate(parts, start=1) for g in _event_games(part, numbered, n)]
    if not any(s.entries or s.results for e in results.events for s in e.sections):
        raise ConversionError("pbn", "entries or table results", source or results.format)
    _report(results, source)
    return "\n".join(games).encode("utf-8")


@dataclass
class SessionPart:
    """What one PBN event of the file holds: an event, or one session of an event of
    several (its ``Stage``; the overall standings by entry id where it is the last)."""

    event: Event
    stage: str = ""
    overall: dict[str, Entry] | None = None


def session_parts(event: Event) -> list[SessionPart]:
    """``event`` as the PBN events written for it: itself, or one a session.

    >>> from bridgeio.model.sessions import Session, add_session
    >>> event = Event(name="Pairs", entries=[Entry("1", 1, score=9.0)])
    >>> add_session(event, Session("SAT"), [Section("A")])
    >>> add_session(event, Session("SUN"), [Section("A")])
    >>> [(p.stage, p.overall) for p in session_parts(event)]  # doctest: +ELLIPSIS
    [('SAT', None), ('SUN', {'1': Entry(id='1', number=1, ..., score=9.0, ...)})]
    """
    if not event.sessions:
        return [SessionPart(event)]
    parts: list[SessionPart] = []
    for session, sections in sessions_of(event):
        date = session.date or event.date
        part = replace(event, date=date, sections=sections, sessions=[], entries=[], deals=None)
        parts.append(SessionPart(part, session.id or str(len(parts) + 1)))
    parts[-1].overall = {e.id: e for e in event.entries} if event.entries else None
    if len(parts) == 1:
        parts[0].event.deals = event.deals
    return parts


def _event_games(part: SessionPart, numbered: bool, number: int) -> list[str]:
    """An event's games: one a board, the first with the standings; an event whose lines
    carry auctions or play as played boards (:mod:`.write_played`)."""
    event = part.event
    deals = _deals_by_board(event.deals)
    boards = sorted({b.number for s in event.sections for b in s.results} | set(deals))
    tables = {number: _score_table(event) for number in boards}
    for section in event.sections:
        teams = _line_matches(section)
        for board in section.results:
            for line in board.results:
                row = _line_cells(section.name, line, event)
                tables[board.number].add(row, teams.get(id(line), {}) | _kept(line.kept))
    standings = _standings(event, part.overall)
    head = [f'[Event "{_tag(event.name)}"]', f'[Site "{_tag(_site(event))}"]']
    head.append(f'[Date "{event.date:%Y.%m.%d}"]' if event.date else '[Date "????.??.??"]')
    tail = [f'[Scoring "{SCORING_TAG[event.scoring]}"]'] if event.scoring in SCORING_TAG else []
    tail.append(f'[Competition "{COMPETITION[event.kind]}"]')
    if part.stage:
        tail.append(f'[Stage "{_tag(part.stage)}"]')
    if numbered:
        tail.append(f'[EventNumber "{number if part.stage else event.number}"]')
    if holds_play(event):  # played boards: a game a table result
        return played_games(event, head, tail)
    games = []
    for number in boards or [0]:  # (no board: one game, for the standings)
        lines = list(head)
        if number:
            lines += _board_tags(number, deals.get(number))
        text = "\n".join(lines + tail) + "\n"
        if standings is not None:
            text, standings = text + standings.text(), None
        if number and tables[number].rows:
            text += tables[number].text()
        games.append(text)
    matches = _matches(event)
    if matches is not None:  # (a game of their own: a game holds a tag once)
        games.append("\n".join(head + tail) + "\n" + matches.text())
    return games


MATCH_COLUMNS = ["Round", "Table", "TeamId_Home", "TeamId_Away", "IMP_Home", "IMP_Away"]
MATCH_COLUMNS += ["VP_Home", "VP_Away"]


def _line_matches(section: Section) -> dict[int, dict[str, str]]:
    """The ``TeamId_Home``/``TeamId_Away`` cells of each line (by its id) of a match."""
    return {
        id(line): {"TeamId_Home": str(match.home), "TeamId_Away": str(match.away)}
        for match in section.matches
        for board in match.boards
        for line in board.results
    }


def _matches(event: Event) -> Table | None:
    """The team matches of the event's sections as a ``TotalScoreTable``; None for none."""
    found = [(s.name, m) for s in event.sections for m in s.matches]
    if not found:
        return None
    named = any(s.name for s in event.sections)
    columns = ["Section"] * named + MATCH_COLUMNS
    columns += ["MatchDetails"] * any(m.segments for _, m in found)
    columns += ["LineupDetails_Home", "LineupDetails_Away"] * any(m.lineup for _, m in found)
    table = Table("TotalScoreTable", columns)
    for name, match in found:
        row = {
            "Section": quoted(name),
            "Round": str(match.round or "-"),
            "Table": str(match.table or "-"),
            "TeamId_Home": str(match.home),
            "TeamId_Away": str(match.away),
            "IMP_Home": number_text(match.home_imps),
            "IMP_Away": number_text(match.away_imps),
            "VP_Home": number_text(match.home_vp),
            "VP_Away": number_text(match.away_vp),
            "MatchDetails": match_details(match),
            "LineupDetails_Home": lineup_details(match, True),
            "LineupDetails_Away": lineup_details(match, False),
        }
        table.add({k: v for k, v in row.items() if k in columns}, _kept(match.kept))
    return table


def match_details(match: Match) -> str:
    """Ruter's ``MatchDetails`` of a match with segments (the totals as segment 200).

    >>> from bridgeio.model.results import Segment
    >>> match_details(Match(1, 2, 7, 45.0, 54.0, segments=[Segment(1, 15.0, 54.0)]))
    '"1,15,54|200,45,54"'
    """
    if not match.segments:
        return "-"
    parts = [(s.number, s.home_imps, s.away_imps) for s in match.segments]
    parts.append((TOTAL_SEGMENT, match.home_imps, match.away_imps))
    return quoted("|".join(",".join(_detail(v) for v in part) for part in parts))


def lineup_details(match: Match, home: bool) -> str:
    """Ruter's ``LineupDetails_Home`` (or ``_Away``) of a match's lineup."""
    seats = [s for s in match.lineup if s.home == home]
    if not seats:
        return "-"
    parts = [
        f"{s.segment},{s.room[:1].upper()},{s.seat.char},{s.player.player_number},"
        f"{s.player.last_name},{s.player.first_name}"
        for s in seats
    ]
    return quoted("|".join(parts))


def _detail(value: float | int | None) -> str:
    return "" if value is None else number_text(value)


def _site(event: Event) -> str:
    return ", ".join(part for part in (event.club, event.city) if part)


def _tag(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


_Deal = tuple[DealSet, int, ParSet]  # a deal of a set, and the par of every deal of its set


def _deals_by_board(deals: DealSet | None) -> dict[int, _Deal]:
    if deals is None:
        return {}
    pars = ParSet.of(deals)  # at once: Par.of costs a third of a millisecond a deal
    return {int(b): (deals, i, pars) for i, b in enumerate(deals.board_numbers().tolist())}


def _board_tags(number: int, deal: _Deal | None) -> list[str]:
    """Board, dealer, vulnerability (as the hand record states them, else by the board's
    number), and the deal with its double-dummy table and par."""
    first, vulnerable = dealer(number), vulnerability(number)
    if deal is not None:
        deals, i, _ = deal
        first = Seat(int(deals.dealers()[i]))
        vulnerable = BY_CODE[int(deals.vulnerabilities()[i])]
    lines = [f'[Board "{number}"]', f'[Dealer "{first.char}"]']
    lines.append(f'[Vulnerable "{vulnerable.text}"]')
    if deal is None:
        return lines
    deals, i, pars = deal
    if deals.seats is not None:
        lines.append(f'[Deal "{deal_strings(deals.seats[i : i + 1], first)[0]}"]')
    if deals.tricks is not None and deals.target is None and (deals.tricks[i] <= 13).any():
        lines += optimum_tags(deals.tricks[i], pars[i])
    return lines


def optimum_tags(tricks: np.ndarray, par: Par | None) -> list[str]:
    """``OptimumScore`` and ``ParContract`` (of ``par``, the deal's; None when a count is
    unknown) and the ``OptimumResultTable`` of one deal's ``(5, 4)`` tricks (unknown counts
    left out).

    >>> t = np.full((5, 4), 6, dtype=np.uint8); t[Strain.NOTRUMP] = (9, 4, 9, 4)
    >>> par = Par.of(t, dealer(2), vulnerability(2))
    >>> optimum_tags(t, par)[:2], optimum_tags(t, par)[3:5]
    (['[OptimumScore "NS 600"]', '[ParContract "NS 3NT"]'], ['N NT  9', 'N  S  6'])
    """
    lines = []
    if par is not None:
        lines += [f'[OptimumScore "{par.optimum_score}"]', f'[ParContract "{par.par_contract}"]']
    lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
    for seat, strain in _TRICK_ORDER:
        count = int(tricks[strain, seat])
        if count <= 13:
            lines.append(f"{seat.char} {strain.text:>2} {count:>2}")
    return lines


def _score_table(event: Event) -> Table:
    named = any(s.name for s in event.sections)
    people = (
        [f"PlayerId_{seat}" for seat in SEATS]
        if event.kind == EventKind.INDIVIDUAL
        else ["PairId_NS", "PairId_EW"]
    )
    columns = ["Section"] * named + ["Table", "Round", *people]
    columns += ["Contract", "Declarer", "Result", "Lead", "Score_NS", "Score_EW"]
    points = "IMP" if event.scoring in _IMPS else "MP"
    if event.kind == EventKind.INDIVIDUAL:
        columns += [f"MP_{seat}" for seat in SEATS]
    columns += [f"{points}_NS", f"{points}_EW"]
    return Table("ScoreTable", columns)


def _line_cells(section: str, line: BoardResult, event: Event) -> dict[str, str]:
    """One table result's cells."""
    points = "IMP" if event.scoring in _IMPS else "MP"
    contract = line.contract
    row = {
        "Section": quoted(section),
        "Table": str(line.table or "-"),
        "Round": str(line.round or "-"),
        "Contract": contract.text if contract else "-",
        "Declarer": contract.declarer.char if contract and contract.declarer is not None else "-",
        "Result": "-" if line.tricks is None else str(line.tricks),
        "Lead": "-" if line.lead is None else str(line.lead),
        f"{points}_NS": number_text(line.ns_points),
        f"{points}_EW": number_text(line.ew_points),
    }
    row["Score_NS"], row["Score_EW"] = _score_cells(line.ns_score, line.ew_score)
    if line.seats is not None:
        for seat, player in zip(SEATS, line.seats, strict=True):
            row[f"PlayerId_{seat}"] = str(player or "-")
        for seat, value in zip(SEATS, line.points or (None,) * 4, strict=True):
            row[f"MP_{seat}"] = number_text(value)
    else:
        row["PairId_NS"], row["PairId_EW"] = str(line.ns or "-"), str(line.ew or "-")
    return row


def _score_cells(ns: Score | None, ew: Score | None) -> tuple[str, str]:
    """Score_NS and Score_EW: points in the column of the side that scored them (PBN 2.1),
    the other ``-``; adjusted scores as ``A+``/``A-``/``A=`` or a percentage."""
    if _points(ns) and _points(ew) and ns == -ew:  # type: ignore[operator]
        return (str(ns), "-") if ns >= 0 else ("-", str(ew))  # type: ignore[operator]
    return _score_cell(ns), _score_cell(ew)


def _points(score: Score | None) -> bool:
    return isinstance(score, int) and not isinstance(score, Special)


def _score_cell(score: Score | None) -> str:
    if score is None:
        return "-"
    if isinstance(score, Special):
        return _ADJUSTED.get(score, "-")  # not played, late play: no PBN spelling
    if isinstance(score, Assigned):
        return str(score)
    return str(score)


def _standings(event: Event, overall: dict[str, Entry] | None = None) -> Table | None:
    entries = [(s.name, e) for s in event.sections for e in s.entries]
    if not entries:
        return None
    named = any(s.name for s in event.sections)
    kind = event.kind
    who = {EventKind.PAIRS: "PairId", EventKind.TEAMS: "TeamId"}.get(kind, "PlayerId")
    columns = ["Section"] * named + ["Rank", "RankTie", who, "Direction"]
    columns += ["TeamName"] * (kind == EventKind.TEAMS)
    columns += [TOTAL_COLUMN.get(event.scoring, "TotalScore"), "TotalPercentage", "NrBoards"]
    columns += ["Name" if kind == EventKind.INDIVIDUAL else "Names"]
    members = max((len(e.players) for _, e in entries if _numbers(e)), default=0)
    if kind == EventKind.INDIVIDUAL:
        columns += ["MemberID"] * bool(members)
    else:
        columns += [f"MemberID{i}" for i in range(1, members + 1)]
    table = Table("TotalScoreTable", columns)
    ties = Counter((name, e.rank) for name, e in entries if e.tied)
    for name, entry in entries:
        row = _entry_cells(entry, kind, columns)
        row["Section"] = quoted(name)
        if entry.tied and entry.rank is not None:
            row["RankTie"] = str(entry.rank + ties[name, entry.rank] - 1)
        if overall is not None:
            row = _in_session(row, overall, entry.id, table)
        table.add(row, _kept(entry.kept))
    table.columns = [c for c in table.columns if c not in _OPTIONAL or _any(table, c)]
    return table


_OPTIONAL = ("NrBoards", "NrBoardsSession", "SessionRankTie")
"""Columns left out where no row has a figure in them."""


def _in_session(
    row: dict[str, str], overall: dict[str, Entry], id: str, table: Table
) -> dict[str, str]:
    """A row of a championship's last session: the session's figures moved to Ruter's
    session columns (added after the total's), the entry's overall figures (``overall``,
    by entry id) in the total's columns."""
    for session, column in SESSION.items():
        if column in row:
            row[session] = row.pop(column)
            if session not in table.columns:
                table.columns.insert(table.columns.index(column) + 1, session)
    total = overall.get(id)
    if total is not None:
        kind = EventKind.INDIVIDUAL if "PlayerId" in table.columns else EventKind.PAIRS
        cells = _entry_cells(total, kind, [c for c in table.columns if c not in SESSION])
        row |= {c: cells[c] for c in SESSION.values() if c in cells}
        if total.tied and total.rank is not None:
            tied = sum(e.rank == total.rank for e in overall.values())
            row["RankTie"] = str(total.rank + tied - 1)  # (the tie's high end, as read)
    return row


def _any(table: Table, column: str) -> bool:
    return any(row.get(column, "-") != "-" for row in table.rows)


def _numbers(entry: Entry) -> bool:
    return any(p.player_number for p in entry.players)


def _entry_cells(entry: Entry, kind: EventKind, columns: list[str]) -> dict[str, str]:
    names = " - ".join(p.name or "?" for p in entry.players)
    row = {
        "Rank": str(entry.rank or "-"),
        "RankTie": "-",
        "PairId": str(entry.number),
        "TeamId": str(entry.number),
        "PlayerId": str(entry.number),
        "TeamName": quoted(entry.name),
        "Direction": quoted(entry.direction.value if entry.direction else ""),
        "TotalPercentage": number_text(entry.percentage),
        "NrBoards": str(entry.boards_played or "-"),
        "Name" if kind == EventKind.INDIVIDUAL else "Names": quoted(names),
    }
    row[columns[columns.index("TotalPercentage") - 1]] = number_text(entry.score)
    if kind == EventKind.INDIVIDUAL:
        row["Direction"] = entry.seat.char if entry.seat is not None else "-"
        if entry.players:
            row["MemberID"] = quoted(entry.players[0].player_number)
    for i, player in enumerate(entry.players, start=1):
        row[f"MemberID{i}"] = quoted(player.player_number)
    return {k: v for k, v in row.items() if k in columns}


@dataclass
class _Losses:
    counts: Counter[str] = field(default_factory=Counter)

    def count(self, what: str, n: int | bool) -> None:
        self.counts[what] += int(n)


def _report(results: Results, source: str | None) -> None:
    """Say what the PBN tables cannot hold (each kind once, with how many)."""
    losses = _Losses()
    for event in results.events:
        losses.count(
            "the club number, director, rating and session name of # events",
            any((event.club_number, event.director, event.rating, event.session_name)),
        )
        losses.count("the strats of # events", bool(event.strats))
        losses.count(
            "the sessions of # events in one PBN event (each session written as a PBN event of"
            " its own, its Stage tag the session's id; the overall standings beside the last"
            " session's, in Ruter's columns)",
            bool(event.sessions),
        )
        losses.count(
            "the carried scores of # entries of the overall standings",
            sum(e.carry_forward is not None for e in event.entries),
        )
        losses.count(
            "the overall standings of # entries without a row in the last session (Ruter's"
            " columns sit beside the session's own)",
            _unseated(event),
        )
        losses.count(
            "the standings, points and matches of # events written as played boards",
            holds_play(event) and any(s.entries or s.matches for s in event.sections),
        )
        for section in event.sections:
            losses.count("the movement schedules of # sections", bool(section.schedule))
            for entry in section.entries:
                losses.count("the strats and awards of # entries", _ranked(entry))
                for player in entry.players:
                    losses.count(
                        "the masterpoints, home and rank of # players",
                        _player_details(player),
                    )
            for board in section.results:
                for line in board.results:
                    marks = (line.ns_score, line.ew_score)
                    losses.count(
                        "the not-played and late-play marks of # table results",
                        any(isinstance(s, Special) and s not in _ADJUSTED for s in marks),
                    )
                    losses.count("the foul groups of # table results", line.foul_group != 0)
                    losses.count(
                        "the claims of # table results that differ from their result",
                        line.play is not None and line.play.claim not in (None, line.tricks),
                    )
                    auction = line.auction
                    losses.count(
                        "which of # calls explained were not alerted (a PBN note marks both)",
                        0 if auction is None else len(set(auction.explanations) - auction.alerted),
                    )
    for what, n in losses.counts.items():
        if n:
            lost("pbn", what.replace("#", f"{n:,}"), source)


def _unseated(event: Event) -> int:
    """How many of an event's overall standings have no row in its last session."""
    if not event.sessions or not event.entries:
        return 0
    last = sessions_of(event)[-1][1]
    ids = {e.id for section in last for e in section.entries}
    return sum(e.id not in ids for e in event.entries)


def _ranked(entry: Entry) -> bool:
    return entry.strat is not None or bool(entry.awards) or bool(entry.ranks)


def _player_details(player: object) -> bool:
    fields = ("masterpoints", "city", "state", "country", "rank", "awards")
    return any(getattr(player, name) not in (None, "", {}) for name in fields)
