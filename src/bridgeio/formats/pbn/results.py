"""PBN tournament results: ``ScoreTable`` (every table's result on a board) and
``TotalScoreTable`` (the standings) read into the results model.

A table is a tag whose value is its column header (``Name\\widthAlign`` separated by ``;``)
followed by one line per row: values separated by spaces, strings quoted, ``-`` for none.
Columns are taken by name, so every producer's set is read (Ruter, BridgeComposer, JFR, ...);
columns the model has no field for are kept on the object (:class:`PbnCells`). A row that
cannot be read is a warning naming its line; the file's text, row included, stays in the
deals' provenance, so PBN → PBN still writes it back.

>>> text = '''[Event "Club"]
... [Board "1"]
... [ScoreTable "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;MP_NS;MP_EW"]
... 1  1  2 4H   S 10 C2 "420"  3  1
... 2  3  4 A+   - -  -  -     2.4 1.6
... [TotalScoreTable "Rank;RankTie;PairId;Direction;TotalScoreMP;TotalPercentage;Names"]
... 1 - 1 "N-S" 3.0 75.0 "Ann SMITH - Bob JONES"
... '''
>>> event = tables_to_results(text, "club.pbn").events[0]
>>> line, adjusted = event.sections[0].results[0].results
>>> line.contract, line.tricks, str(line.lead), line.ns_score, line.ns_points
(Contract('4H', declarer='S'), 10, 'C2', 420, 3.0)
>>> adjusted.ns_score, adjusted.ew_points
(<Special.AVERAGE_PLUS: 'ave+'>, 1.6)
>>> entry = event.sections[0].entries[0]
>>> entry.rank, entry.percentage, [(p.first_name, p.last_name) for p in entry.players]
(1, 75.0, [('Ann', 'SMITH'), ('Bob', 'JONES')])
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bridgeio.errors import report
from bridgeio.formats.pbn.scan import scan
from bridgeio.formats.pbn.tables import Columns
from bridgeio.formats.pbn.teams import Record, RecordMatches, attach_lines, match_row
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.provenance import Provenance
from bridgeio.model.results import (
    Assigned,
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    EventKind,
    Player,
    Results,
    Score,
    Scoring,
    Section,
    Special,
)

RESULT_TABLES = ("ScoreTable", "TotalScoreTable")
_TOKEN = re.compile(r'"([^"]*)"|(\S+)')
_ADJUSTED = {"A+": Special.AVERAGE_PLUS, "A-": Special.AVERAGE_MINUS, "A=": Special.AVERAGE}
SEATS = ("North", "East", "South", "West")  # the model's order for individuals' seats


@dataclass(eq=False)
class PbnCells(Provenance):
    """The cells of a table row the model has no field for, by column name (kept so that a
    later PBN writer can write them back; the file's text itself is in the deals)."""

    format = "pbn"
    cells: dict[str, str] = field(default_factory=dict)


def has_results(text: str) -> bool:
    """Whether PBN text holds a score table.

    >>> has_results('[ScoreTable "Table;Score_NS"]'), has_results('[Board "1"]')
    (True, False)
    """
    return re.search(r"^\s*\[(Total)?ScoreTable\s", text, re.MULTILINE) is not None


def split_row(row: str) -> list[str]:
    """The cells of a table row: quoted strings (quotes removed) or runs of non-spaces.

    >>> split_row('"A"  4 1 3N  W  7 "Ann SMITH - Bob JONES" -')
    ['A', '4', '1', '3N', 'W', '7', 'Ann SMITH - Bob JONES', '-']
    """
    if '"' not in row:
        return row.split()  # (most rows: no string cell)
    parts = row.split('"')  # outside, inside, outside, ... where each string stands alone
    last = len(parts) - 1
    if last % 2:
        return _tokens(row)
    found = parts[0].split()
    for i in range(1, last, 2):
        before, after = parts[i - 1], parts[i + 1]
        if before and not before[-1].isspace() or after and not after[0].isspace():
            return _tokens(row)  # a quote inside a cell
        if not after and i + 1 != last:
            return _tokens(row)  # two strings with no space between
        found.append(parts[i])
        found += after.split()
    return found


def _tokens(row: str) -> list[str]:
    return [quoted or bare for quoted, bare in _TOKEN.findall(row)]  # ("" for a "" cell)


@dataclass
class _Table:
    name: str
    columns: list[str]
    board: int | None
    event: tuple[str, str]  # the game's Event and EventNumber tags
    rows: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)


def _tables(
    text: str,
) -> tuple[
    list[_Table], dict[tuple[str, str], dict[str, str]], list[tuple[tuple[str, str], Record]]
]:
    """The score tables of the text (read by the PBN scanner: comments, escapes and several
    tags on a line as everywhere else), each with its game's board and event, and the first
    value of each tag in each event (for its name, date, scoring and kind). A game's event is
    its ``Event`` tag with bridgeio's ``EventNumber`` (a file of several events); a game
    without one (or with ``"#"``) is in the event before it. Also the per-record team results
    (a game with a contract, in a match its ``HomeTeam``/``VisitTeam`` tags name, carried
    over from the games before it), each with its event."""
    tables: list[_Table] = []
    records: list[tuple[tuple[str, str], Record]] = []
    carried: dict[str, str] = {}
    events: dict[tuple[str, str], dict[str, str]] = {}
    board: int | None = None
    event = ("", "")
    for game in scan(text).games:
        values = {tag.name: tag.value for tag in game.tags}
        name, number = values.get("Event", "#"), values.get("EventNumber", "#")
        event = (event[0] if name == "#" else name, event[1] if number == "#" else number)
        tags = events.setdefault(event, {})
        for tag in game.tags:
            tags.setdefault(tag.name, tag.value)
            if tag.name == "Board":
                board = _int(tag.value)
            elif tag.name in RESULT_TABLES:
                rows = [(row.line, row.text) for row in tag.section if row.text]
                columns = _column_names(tag.value)
                tables.append(_Table(tag.name, list(columns), board, event, rows))
        carried |= {k: v for k, v in values.items() if k in _CARRIED}
        if "Contract" in values and "HomeTeam" in carried and "VisitTeam" in carried:
            stage = (event[0], carried.get("Date", ""), carried.get("Stage", ""))
            home, visit = carried["HomeTeam"], carried["VisitTeam"]
            found = Record(game.line, stage, board or 0, home, visit, values)
            records.append((event, found))
    return tables, events, records


_CARRIED = ("HomeTeam", "VisitTeam", "Stage", "Date")


@functools.lru_cache(maxsize=256)
def _column_names(header: str) -> tuple[str, ...]:
    """The column names of a table header (a file repeats its headers)."""
    return Columns.parse(header).names


def tables_to_results(text: str, path: str) -> Results:
    """The results model of the score tables in a PBN file's ``text``: one event for each
    ``Event`` (and ``EventNumber``) that has a table."""
    tables, events, records = _tables(text)
    builders: dict[tuple[str, str], _Builder] = {}
    converted = _Cells()
    for table in tables:
        builder = builders.setdefault(table.event, _Builder(path))
        matches = "TeamId_Home" in table.columns and "Contract" not in table.columns
        if matches:
            builder.kind = EventKind.TEAMS
        elif table.name == "ScoreTable" and builder.score_table(table, converted):
            continue  # (read at once)
        for number, row in table.rows:
            cells = split_row(row)
            if len(cells) != len(table.columns):
                expected = f"{len(table.columns)} values (the {table.name} columns)"
                builder.warn(number, f"{expected}, found {len(cells)}: row not read")
                continue
            values = dict(zip(table.columns, cells, strict=True))
            try:
                if matches:
                    builder.section(values).matches.append(match_row(values))
                elif table.name == "ScoreTable":
                    builder.score_row(values, table.board)
                else:
                    builder.total_row(values)
            except ValueError as error:
                builder.warn(number, f"a {table.name} row ({error}): row not read")
    if not tables:
        for event, record in records:
            builders.setdefault(event, _Builder(path)).records.add(record)
    problems = [p for b in builders.values() for p in b.problems]
    found = [b.event(events[key], tables) for key, b in builders.items()]
    return Results(found, format="pbn", problems=problems)


class _Builder:
    """Sections, entries and boards gathered row by row."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.sections: dict[str, Section] = {}
        self.boards: dict[tuple[str, int], Board] = {}
        self.kind = EventKind.PAIRS
        self.imps = self.matchpoints = False
        self.problems: list[Any] = []
        self.records = RecordMatches()

    def warn(self, line: int, message: str) -> None:
        self.problems.append(report(self.path, f"line {line}", message, "warning"))

    def section(self, values: dict[str, str]) -> Section:
        name = _text(values.pop("Section", "-"))
        if name not in self.sections:
            self.sections[name] = Section(name)
        return self.sections[name]

    def score_row(self, values: dict[str, str], board: int | None) -> None:
        if board is None:
            raise ValueError("no Board tag before the table")
        section = self.section(values)
        line = _line(values)
        self._note_columns(values, individual=line.seats is not None)
        self._add(section.name, board, line)

    def score_table(self, table: _Table, cells: _Cells) -> bool:
        """A whole ScoreTable read at once, column by column (:func:`_score_lines`); False,
        with nothing done, for one that has a row :meth:`score_row` must tell about."""
        rows = [(number, split_row(row)) for number, row in table.rows]
        good = [found for _, found in rows if len(found) == len(table.columns)]
        if table.board is None:
            return False
        try:
            found_lines, kept = _score_lines(table.columns, good, cells)
        except (ValueError, KeyError):
            return False  # (row by row: the warning names the row)
        lines = iter(found_lines)
        read = False
        for number, found in rows:
            if len(found) != len(table.columns):
                expected = f"{len(table.columns)} values (the {table.name} columns)"
                self.warn(number, f"{expected}, found {len(found)}: row not read")
                continue
            section, line = next(lines)
            self._add(section, table.board, line)
            read = True
        if read:  # (as score_row: the columns a row keeps)
            self._note_columns(kept, individual="PlayerId_North" in table.columns)
        return True

    def _add(self, name: str, board: int, line: BoardResult) -> None:
        if name not in self.sections:
            self.sections[name] = Section(name)
        section = self.sections[name]
        key = (name, board)
        if key not in self.boards:
            self.boards[key] = Board(board)
            section.results.append(self.boards[key])
        self.boards[key].results.append(line)

    def _note_columns(self, columns: Any, individual: bool) -> None:
        """What a read row's columns say of the event's kind and scoring."""
        if individual:
            self.kind = EventKind.INDIVIDUAL
        if "TeamId_Home" in columns:  # (the match's columns stay in the line's cells)
            self.kind = EventKind.TEAMS
        self.imps = self.imps or "IMP_NS" in columns
        self.matchpoints = self.matchpoints or "MP_NS" in columns or "MP_North" in columns

    def total_row(self, values: dict[str, str]) -> None:
        section = self.section(values)
        if "TeamId" in values:
            self.kind = EventKind.TEAMS
        section.entries.append(_entry(values))

    def event(self, tags: dict[str, str], tables: list[_Table]) -> Event:
        """The event of the rows read, named and dated by its games' tags; its scoring and
        kind from the ``Scoring`` and ``Competition`` tags where they name one, else from
        the columns."""
        if self.records.teams:
            self._record_sections()
        scoring = Scoring.MATCHPOINTS
        if self.imps and not self.matchpoints:
            scoring = Scoring.BUTLER
        if any("TotalScoreIMP" in t.columns for t in tables) and not self.matchpoints:
            scoring = Scoring.BUTLER
        if self.records.teams or any(s.matches for s in self.sections.values()):
            scoring = Scoring.IMPS if scoring == Scoring.BUTLER else scoring
        number = _int(tags.get("EventNumber", ""))
        event = Event(
            number=number or 1,
            name=_text(tags.get("Event", "")).strip("?"),
            date=_date(tags.get("EventDate") or tags.get("Date", "")),
            kind=_COMPETITIONS.get(tags.get("Competition", "").lower(), self.kind),
            scoring=scoring_of(tags.get("Scoring", "")) or scoring,
            sections=list(self.sections.values()),
        )
        for section in event.sections:
            section.results.sort(key=lambda b: b.number)
            if section.movement == "team":
                continue  # (per-record results: figured as read)
            attach_lines(section)
            lines = [line for board in section.results for line in board.results]
            section.boards = len(section.results) or None
            section.tables = max((line.table for line in lines), default=0) or None
            section.rounds = max((line.round for line in lines), default=0) or None
        return event

    def _record_sections(self) -> None:
        """The sections of per-record team results, with a warning where boards were
        played in one room only (said once)."""
        sections, lonely = self.records.sections()
        for section in sections:
            self.sections[section.name] = section
        self.kind, self.imps = EventKind.TEAMS, True
        if lonely:
            first = min(line for line, _ in lonely)
            self.warn(
                first,
                f"both rooms of each board of a team match, found {len(lonely)} board(s) with"
                " one room only (first here): kept as one line, without the other room",
            )


_COMPETITIONS = {
    "individuals": EventKind.INDIVIDUAL,
    "individual": EventKind.INDIVIDUAL,
    "pairs": EventKind.PAIRS,
    "teams": EventKind.TEAMS,
}


def scoring_of(tag: str) -> Scoring | None:
    """The scoring a ``Scoring`` tag names (PBN 2.1's values and producers' spellings with
    their options after ``;``); None for one it does not name.

    >>> scoring_of("IMP;Butler-2;Mean"), scoring_of("MatchPoints;MP1"), scoring_of("Rubber")
    (<Scoring.BUTLER: 'butler'>, <Scoring.MATCHPOINTS: 'matchpoints'>, None)
    """
    words = tag.lower().replace("-", "").split(";")
    first, rest = words[0].strip(), " ".join(words[1:])
    if first in ("mp", "matchpoints", "mp1", "mp2"):
        return Scoring.MATCHPOINTS
    if first in ("imp", "imps"):
        if "butler" in rest or "datum" in rest:
            return Scoring.BUTLER
        return Scoring.CROSS_IMPS if "cross" in rest else Scoring.IMPS
    if first in ("butler", "crossimps", "crossimp"):
        return Scoring.BUTLER if first == "butler" else Scoring.CROSS_IMPS
    return {
        "bam": Scoring.BOARD_A_MATCH,
        "total": Scoring.AGGREGATE,
        "totalpoints": Scoring.AGGREGATE,
        "vp": Scoring.VICTORY_POINTS,
    }.get(first)


def _line(values: dict[str, str]) -> BoardResult:
    """One ScoreTable row as a table result (cells the model has no field for kept)."""
    seats = None
    if "PlayerId_North" in values:
        seats = (
            _number(values.pop("PlayerId_North")),
            _number(values.pop("PlayerId_East")),
            _number(values.pop("PlayerId_South")),
            _number(values.pop("PlayerId_West")),
        )
    ns = seats[0] if seats else _number(values.pop("PairId_NS", "-"))
    ew = seats[1] if seats else _number(values.pop("PairId_EW", "-"))
    ns_score, ew_score = _scores(values)
    contract, tricks = _contract(values)
    points = None
    if seats is not None:
        points = tuple(_float(values.pop(f"MP_{seat}", "-")) for seat in SEATS)
    ns_points = _float(values.pop("MP_NS", values.pop("IMP_NS", "-")))
    ew_points = _float(values.pop("MP_EW", values.pop("IMP_EW", "-")))
    lead = _text(values.pop("Lead", "-"))
    return BoardResult(
        round=_number(values.pop("Round", "-")),
        table=_number(values.pop("Table", "-")),
        ns=ns,
        ew=ew,
        ns_score=ns_score,
        ew_score=ew_score,
        ns_points=ns_points,  # (individuals: their points are each player's)
        ew_points=ew_points,
        contract=contract,
        tricks=tricks,
        lead=_lead(lead),
        seats=seats,
        points=points,  # type: ignore[arg-type]
        kept=PbnCells(values) if values else None,
    )


class _Cells:
    """Cells already converted, by converter and text: a file repeats its contracts, leads,
    scores and numbers, each converted once."""

    def __init__(self) -> None:
        self.known: dict[Callable[[Any], Any], dict[Any, Any]] = {}

    def convert(self, cells: Iterable[Any], how: Callable[[Any], Any]) -> list[Any]:
        """``how`` of every cell (``ValueError`` as ``how`` raises it)."""
        cells = list(cells)
        known = self.known.setdefault(how, {})
        for cell in set(cells).difference(known):
            known[cell] = how(cell)
        return list(map(known.__getitem__, cells))


_NOT_KEPT = {"Section", "Score_NS", "Score_EW", "Contract", "Declarer", "Result", "Lead"}
_NOT_KEPT |= {"MP_NS", "IMP_NS", "MP_EW", "IMP_EW", "Round", "Table"}


def _score_lines(
    columns: list[str], rows: list[list[str]], cells: _Cells
) -> tuple[list[tuple[str, BoardResult]], list[str]]:
    """:func:`_line` of every row of a ScoreTable (each as many cells as there are columns),
    column by column: the same table results, with their sections, and the columns kept in
    the lines' cells. ``ValueError`` (or ``KeyError``) where a row cannot be read."""
    at = {name: i for i, name in enumerate(columns)}  # (a repeated name: its last column)
    by_column = list(zip(*rows, strict=True)) or [()] * len(columns)
    none = ("-",) * len(rows)

    def raw(name: str) -> tuple[str, ...]:
        return by_column[at[name]] if name in at else none

    def column(name: str, how: Callable[[str], Any]) -> list[Any]:
        return cells.convert(raw(name), how)

    dropped = set(_NOT_KEPT)
    seats: list[Any] = [None] * len(rows)
    points: list[Any] = [None] * len(rows)
    if "PlayerId_North" in at:
        players = [f"PlayerId_{seat}" for seat in SEATS]
        seats = list(zip(*(cells.convert(by_column[at[p]], _number) for p in players), strict=True))
        ns, ew = [s[0] for s in seats], [s[1] for s in seats]
        points = list(zip(*(column(f"MP_{seat}", _float) for seat in SEATS), strict=True))
        dropped |= {*players, *(f"MP_{seat}" for seat in SEATS)}
    else:
        ns, ew = column("PairId_NS", _number), column("PairId_EW", _number)
        dropped |= {"PairId_NS", "PairId_EW"}
    texts = [raw(name) for name in ("Score_NS", "Score_EW", "Contract")]
    scores = cells.convert(zip(*texts, strict=True), _row_scores)
    plays = [raw(name) for name in ("Contract", "Declarer", "Result")]
    contracts = cells.convert(zip(*plays, strict=True), _row_contract)
    ns_points = column("MP_NS" if "MP_NS" in at else "IMP_NS", _float)
    ew_points = column("MP_EW" if "MP_EW" in at else "IMP_EW", _float)
    kept = [(name, i) for name, i in at.items() if name not in dropped]
    lines = []
    for row, section, round_, table, n, e, score, play, lead, seat, point, p, q in zip(
        rows,
        column("Section", _text),
        column("Round", _number),
        column("Table", _number),
        ns,
        ew,
        scores,
        contracts,
        column("Lead", _lead),
        seats,
        points,
        ns_points,
        ew_points,
        strict=True,
    ):
        values = {name: row[i] for name, i in kept}
        if play[2] is not None:
            values["Contract"] = play[2]  # an adjusted score written in the Contract column
        line = BoardResult(
            round=round_,
            table=table,
            ns=n,
            ew=e,
            ns_score=score[0],
            ew_score=score[1],
            ns_points=p,
            ew_points=q,
            contract=play[0],
            tricks=play[1],
            lead=lead,
            seats=seat,
            points=point,
        )
        line.kept = PbnCells(values) if values else None
        lines.append((section, line))
    return lines, [name for name, _ in kept]


def _row_scores(texts: tuple[str, str, str]) -> tuple[Score | None, Score | None]:
    """:func:`_scores` of a row's Score_NS, Score_EW and Contract cells."""
    ns, ew, contract = texts
    return _scores({"Score_NS": ns, "Score_EW": ew, "Contract": contract})


def _row_contract(texts: tuple[str, str, str]) -> tuple[Contract | None, int | None, str | None]:
    """:func:`_contract` of a row's Contract, Declarer and Result cells, and the Contract
    cell's text where it is kept (an adjusted score)."""
    values = dict(zip(("Contract", "Declarer", "Result"), texts, strict=True))
    contract, tricks = _contract(values)
    return contract, tricks, values.get("Contract")


def _lead(text: str) -> Card | None:
    lead = _text(text)
    return Card.from_text(lead) if lead else None


def _contract(values: dict[str, str]) -> tuple[Contract | None, int | None]:
    """Contract (with its declarer) and tricks taken; an adjusted score's row has neither."""
    text = _text(values.pop("Contract", "-"))
    declarer = _text(values.pop("Declarer", "-"))
    tricks = _text(values.pop("Result", "-"))
    count = int(tricks) if tricks else None
    if not text or text.upper() in _ADJUSTED or text.endswith("%"):
        if text:
            values["Contract"] = text  # an adjusted score written in the Contract column
            return None, None
        contract = None  # (tricks without a contract are kept as the file has them)
    else:
        contract = Contract.parse(text, Seat.from_char(declarer) if declarer else None)
    if count is not None and not 0 <= count <= 13:
        raise ValueError(f"0-13 tricks, found {count}")
    return contract, count


def _scores(values: dict[str, str]) -> tuple[Score | None, Score | None]:
    """N-S and E-W scores; an adjusted result (``A+``, ``60%``) in a score or Contract cell
    gives N-S's, and E-W's the complement."""
    ns = _score(values.pop("Score_NS", "-"))
    ew = _score(values.pop("Score_EW", "-"))
    if isinstance(ns, int) and ew is None:
        ew = -ns
    elif isinstance(ew, int) and ns is None:
        ns = -ew
    adjusted = _score(values.get("Contract", "-"), points=False)
    if ns is None and adjusted is not None:
        ns, ew = adjusted, _complement(adjusted)
    return ns, ew


def _score(text: str, points: bool = True) -> Score | None:
    text = _text(text)
    if not text:
        return None
    if text.upper() in _ADJUSTED:
        return _ADJUSTED[text.upper()]
    if text.endswith("%"):
        return Assigned.for_percent(float(text[:-1]))
    if not points:
        return None
    for side in ("NS ", "EW "):  # the Score column of PBN 2.1: "NS 420"
        if text.upper().startswith(side):
            value = int(text[3:])
            return value if side == "NS " else -value
    return int(text)


def _complement(score: Score) -> Score:
    if isinstance(score, Special):
        mirror = {Special.AVERAGE_PLUS: Special.AVERAGE_MINUS}
        mirror[Special.AVERAGE_MINUS] = Special.AVERAGE_PLUS
        return mirror.get(score, score)
    if isinstance(score, Assigned):
        return Assigned.for_percent(100.0 - score.percent)
    return -score


def _entry(values: dict[str, str]) -> Entry:
    """One TotalScoreTable row as an entry with its players."""
    individual = "PlayerId" in values
    team = _text(values.pop("TeamName", "-")) if "TeamId" in values else ""
    number = _number(values.pop("PlayerId" if individual else "PairId", values.pop("TeamId", "-")))
    sat = _text(values.pop("Direction", "-"))
    tie = _text(values.pop("RankTie", "-"))
    score = None
    for column in ("TotalScoreMP", "TotalScoreIMP", "TotalScoreVP", "TotalScoreBAM", "TotalScore"):
        if column in values:
            score = _float(values.pop(column))
            break
    entry = Entry(
        id=str(number),
        number=number,
        direction=None if individual else _direction(sat),
        name=team,
        score=score,
        percentage=_float(values.pop("TotalPercentage", "-")),
        rank=_number(values.pop("Rank", "-")) or None,
        tied=bool(tie),
        boards_played=_number(values.pop("NrBoards", "-")) or None,
        players=_players(values, individual),
    )
    if individual and len(sat) == 1 and sat in "NESW":
        entry.seat = Seat.from_char(sat)  # the seat the player started in
    if tie:
        values["RankTie"] = tie  # the high end of the tie, kept
    if values:
        entry.kept = PbnCells(values)
    return entry


def _players(values: dict[str, str], individual: bool) -> list[Player]:
    names = _text(values.pop("Name" if individual else "Names", "-"))
    players = [_player(n) for n in names.split(" - ")] if names else []
    if individual and players:
        players[0].player_number = _text(values.pop("MemberID", "-"))
    for i, player in enumerate(players, start=1):
        if f"MemberID{i}" in values:
            player.player_number = _text(values.pop(f"MemberID{i}"))
    return players


def _player(name: str) -> Player:
    """``"Ann SMITH"``: the last name is the words in capitals at the end (else the last).

    >>> p = _player("Anne Marie VAN DYKE"); p.first_name, p.last_name
    ('Anne Marie', 'VAN DYKE')
    """
    words = name.split()
    cut = len(words)
    while cut > 0 and words[cut - 1].isupper():
        cut -= 1
    if cut == len(words) or cut == 0:
        cut = max(len(words) - 1, 0)
    return Player(last_name=" ".join(words[cut:]), first_name=" ".join(words[:cut]))


def _direction(text: str) -> Direction | None:
    compact = text.replace("-", "").upper()
    return Direction(compact) if compact in ("NS", "EW") else None


def _text(text: str) -> str:
    """A cell's value, ``""`` for none (``-``)."""
    return "" if text.strip() == "-" else text.strip()


def _number(text: str) -> int:
    text = _text(text)
    if not text:
        return 0
    if not text.lstrip("-").isdigit():
        raise ValueError(f"a number, found {text!r}")
    return int(text)


def _float(text: str) -> float | None:
    text = _text(text).rstrip("%")
    return float(text) if text else None


def _int(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date(*(int(part) for part in text.split(".")))
    except (TypeError, ValueError, OverflowError):  # (a year of 100 digits, say)
        return None  # "2012.08.??" and the like: not a whole date
