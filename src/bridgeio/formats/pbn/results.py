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

import copy
import datetime
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridgeio.errors import report
from bridgeio.formats.pbn import cells
from bridgeio.formats.pbn.blocks import other_date, vulnerability_code
from bridgeio.formats.pbn.lines import SEATS, Converted, PbnCells, fill_scores, score_lines
from bridgeio.formats.pbn.played import (
    PlayedPairs,
    is_played,
    played_line,
    read_played,
    score_problem,
)
from bridgeio.formats.pbn.scan import scan
from bridgeio.formats.pbn.sessions import joined
from bridgeio.formats.pbn.standings import entry, from_lines, overall
from bridgeio.formats.pbn.tables import Columns
from bridgeio.formats.pbn.tagvalues import header_value, plain
from bridgeio.formats.pbn.teams import Record, RecordMatches, attach_lines, match_row, side_score
from bridgeio.model.board import BY_CODE, Vulnerability, vulnerability
from bridgeio.model.deals import UNKNOWN_VULNERABILITY
from bridgeio.model.directions import unknown_direction
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Results,
    Scoring,
    Section,
)
from bridgeio.model.sessions import Session, add_session

__all__ = ["SEATS", "PbnCells", "has_results", "scoring_of", "split_row", "tables_to_results"]

RESULT_TABLES = ("ScoreTable", "TotalScoreTable")
MOST_TABLES = 10_000
"""The most table results a board of a frequency table is read as (a bound on memory)."""
_TOKEN = re.compile(r'"([^"]*)"|(\S+)')


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
    vulnerable: str = ""  # the game's Vulnerable tag


@dataclass
class _Found:
    """What :func:`_tables` finds in a file's games."""

    tables: list[_Table] = field(default_factory=list)
    events: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    records: list[tuple[tuple[str, str], Record]] = field(default_factory=list)
    played: list[tuple[tuple[str, str], Played]] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)  # (line, message)


def _tables(text: str) -> _Found:
    """The score tables of the text (read by the PBN scanner: comments, escapes and several
    tags on a line as everywhere else), each with its game's board, vulnerability and event,
    and the first value of each tag in each event (for its name, date, scoring and kind). A
    game's event is its ``Event`` tag with bridgeio's ``EventNumber`` (a file of several
    events); a game without one (or with ``"#"``) is in the event before it; a table whose
    header is ``"#"`` has the columns of the table of its name before it (PBN's inheritance).
    Also the per-record team results (a game with a contract, in a match its
    ``HomeTeam``/``VisitTeam`` tags name, carried over from the games before it), each with
    its event."""
    found = _Found()
    carried: dict[str, str] = {}
    headers: dict[str, str] = {}
    board: int | None = None
    vulnerable = ""
    event = ("", "")
    for game in scan(text).games:
        values = plain({tag.name: tag.value for tag in game.tags})
        name, number = values.get("Event", "#"), values.get("EventNumber", "#")
        event = (event[0] if name == "#" else name, event[1] if number == "#" else number)
        tags = found.events.setdefault(event, {})
        vulnerable = vulnerable if values.get("Vulnerable", "#") == "#" else values["Vulnerable"]
        for tag in game.tags:
            tags.setdefault(tag.name, header_value(tag.value))
            if tag.name == "Board" and tag.value != "#":
                board = _board(tag.value, tag.line, found.problems)
            elif tag.name in RESULT_TABLES:
                header = headers.get(tag.name, "") if tag.value == "#" else tag.value
                headers[tag.name] = header
                rows = [(row.line, row.text) for row in tag.section if row.text]
                columns = list(_column_names(header))
                found.tables.append(_Table(tag.name, columns, board, event, rows, vulnerable))
        carried |= {k: v for k, v in values.items() if k in _CARRIED}
        if "Contract" in values and "HomeTeam" in carried and "VisitTeam" in carried:
            stage = (event[0], carried.get("Date", ""), carried.get("Stage", ""))
            home, visit = carried["HomeTeam"], carried["VisitTeam"]
            record = Record(game.line, stage, board or 0, home, visit, values)
            record.auction, record.play = read_played(game, values, found.problems)
            _check_score(game, values, board or 0, vulnerable, found.problems)
            record.vulnerability = _vulnerability(vulnerable, board or 0)
            found.records.append((event, record))
        elif is_played(values):
            auction, play = read_played(game, values, found.problems)
            stated = _check_score(game, values, board or 0, vulnerable, found.problems)
            line = played_line(values, stated)
            line.auction, line.play = auction, play
            vul = _vulnerability(vulnerable, board or 0)
            found.played.append((event, Played(game.line, board or 0, values, line, vul)))
    return found


@dataclass
class Played:
    """A played board's game without teams tags: its board, tags and line."""

    line: int
    board: int
    tags: dict[str, str]
    result: BoardResult
    vulnerability: Vulnerability


def _check_score(
    game: Any, values: dict[str, str], board: int, vulnerable: str, problems: list[tuple[int, str]]
) -> int | None:
    """The game's ``Score`` as N-S's; a problem at its line where its contract, tricks and
    vulnerability make another."""
    stated = side_score(values.get("Score", ""))
    problem = score_problem(values, _vulnerability(vulnerable, board), stated)
    if problem is not None:
        line = next((t.line for t in game.tags if t.name == "Score"), game.line)
        problems.append((line, problem))
    return stated


_CARRIED = ("HomeTeam", "VisitTeam", "Stage", "Date")


def _board(value: str, line: int, problems: list[tuple[int, str]]) -> int | None:
    """A Board tag's number; None (said, where it is a number too large) for none."""
    try:
        return cells.whole(value.strip(), "a board number")
    except ValueError as error:
        if value.strip().isdecimal():
            problems.append((line, f"{error}: the board's score tables not read"))
        return None


@functools.lru_cache(maxsize=256)
def _column_names(header: str) -> tuple[str, ...]:
    """The column names of a table header (a file repeats its headers)."""
    return Columns.parse(header).names


def tables_to_results(text: str, path: str) -> Results:
    """The results model of the score tables in a PBN file's ``text``: one event for each
    ``Event`` (and ``EventNumber``) that has a table."""
    found = _tables(text)
    builders: dict[tuple[str, str], _Builder] = {}
    converted = Converted()
    for table in found.tables:
        builder = builders.setdefault(table.event, _Builder(path))
        if "TeamId_Home" in table.columns and "Contract" not in table.columns:
            builder.kind = EventKind.TEAMS
            builder.rows(table, builder.match_row)
        elif table.name == "ScoreTable":
            builder.score_table(table, converted)
        else:
            builder.rows(table, builder.total_row)
    if not found.tables:
        for event, record in found.records:
            builders.setdefault(event, _Builder(path)).records.add(record)
        for event, played in _as_records(found):
            builders.setdefault(event, _Builder(path)).add_played(played)
    problems = [
        report(path, f"line {line}", message, "warning") for line, message in found.problems
    ]
    events = [b.event(found.events[key], found.tables) for key, b in builders.items()]
    events = joined(events, [found.events[key].get("Stage", "") for key in builders])
    if len({e.number for e in events}) < len(events):  # (events without EventNumber tags)
        for index, each in enumerate(events, 1):
            each.number = index
    problems += [p for b in builders.values() for p in b.problems]
    computed = sum(b.computed for b in builders.values())
    if computed:
        message = f"scores computed from contract and tricks for {computed:,} lines"
        problems.append(report(path, "results", message, "warning"))
    return Results(events, format="pbn", problems=problems)


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
        self.played = PlayedPairs()
        self.computed = 0
        self.named: dict[tuple[str, str, int], str] = {}  # (section, side, pair): names
        self.standings: set[tuple[tuple[str, str], ...]] = set()  # the rows read
        self.overall: list[Entry] = []  # a championship's session: the cumulative standings

    def warn(self, line: int, message: str) -> None:
        self.problems.append(report(self.path, f"line {line}", message, "warning"))

    def section(self, values: dict[str, str]) -> Section:
        name = cells.text(values.pop("Section", "-"))
        if name not in self.sections:
            self.sections[name] = Section(name)
        return self.sections[name]

    def rows(self, table: _Table, read: Callable[[dict[str, str], int], None]) -> None:
        """Each row of ``table`` read by ``read`` (by column name, with its line); a row
        that cannot be read is a warning naming its line."""
        for number, found in self._split(table):
            try:
                read(dict(zip(table.columns, found, strict=True)), number)
            except ValueError as error:
                self.warn(number, f"a {table.name} row ({error}): row not read")

    def _split(self, table: _Table) -> list[tuple[int, list[str]]]:
        """The rows of ``table`` as cells; a row of another number of cells is a warning."""
        rows = []
        for number, row in table.rows:
            found = split_row(row)
            if len(found) == len(table.columns):
                rows.append((number, found))
                continue
            expected = f"{len(table.columns)} values (the {table.name} columns)"
            self.warn(number, f"{expected}, found {len(found)}: row not read")
        return rows

    def score_table(self, table: _Table, converted: Converted) -> None:
        """A ScoreTable read at once, column by column (:func:`.lines.score_lines`), or
        row by row where one of its rows cannot be read (a warning names it)."""
        rows = self._split(table)
        if not rows:
            return
        if table.board is None:
            self.warn(
                rows[0][0], f"a {table.name} row (no Board tag before the table): row not read"
            )
            return
        try:
            found, kept = score_lines(table.columns, [cells for _, cells in rows], converted)
        except (ValueError, KeyError):
            found, kept = [], []
            for number, row in rows:
                try:
                    one, kept = score_lines(table.columns, [row], converted)
                except (ValueError, KeyError) as error:
                    self.warn(number, f"a {table.name} row ({error}): row not read")
                    continue
                found += one
        if "Multiplicity" in table.columns:
            found = self._multiplied(found, rows[0][0])
        vulnerability = _vulnerability(table.vulnerable, table.board)
        self.computed += fill_scores((line for _, line in found), vulnerability)
        for section, line in found:
            self._add(section, table.board, line)
        if found:  # (the columns a row keeps)
            self._note_columns(table.columns, individual="PlayerId_North" in table.columns)
            self._names(table, rows)

    def _multiplied(
        self, found: list[tuple[str, BoardResult]], number: int
    ) -> list[tuple[str, BoardResult]]:
        """The lines of a frequency table (a ``Multiplicity`` column: each row a result and
        the number of tables that had it), a line a table. A count that is no number is
        kept as written (one table); a board of more than :data:`MOST_TABLES` tables is
        cut there, with a warning."""
        lines: list[tuple[str, BoardResult]] = []
        for section, line in found:
            cells_kept = line.kept.cells if isinstance(line.kept, PbnCells) else {}
            try:
                count = max(cells.number(cells_kept.get("Multiplicity", "1")), 1)
            except ValueError:
                count = 1
            else:
                cells_kept.pop("Multiplicity", None)
                if isinstance(line.kept, PbnCells) and not cells_kept:
                    line.kept = None
            count = min(count, MOST_TABLES - len(lines))
            lines += [(section, line)] + [(section, copy.copy(line)) for _ in range(count - 1)]
            if len(lines) >= MOST_TABLES:
                self.warn(number, f"a board of more than {MOST_TABLES:,} tables: cut there")
                break
        return lines

    def _names(self, table: _Table, rows: list[tuple[int, list[str]]]) -> None:
        """The names a ScoreTable gives each side (``Names_NS``, ``Names_EW``), for
        standings built from the travellers."""
        for side, pair in (("NS", "PairId_NS"), ("EW", "PairId_EW")):
            if f"Names_{side}" not in table.columns or pair not in table.columns:
                continue
            at, names = table.columns.index(pair), table.columns.index(f"Names_{side}")
            section = table.columns.index("Section") if "Section" in table.columns else None
            for _, row in rows:
                where = cells.text(row[section]) if section is not None else ""
                number = cells.number(row[at])
                if cells.text(row[names]):
                    self.named.setdefault((where, side, number), cells.text(row[names]))

    def _add(self, name: str, board: int, line: BoardResult) -> None:
        if name not in self.sections:
            self.sections[name] = Section(name)
        section = self.sections[name]
        key = (name, board)
        if key not in self.boards:
            self.boards[key] = Board(board)
            section.results.append(self.boards[key])
        self.boards[key].results.append(line)

    def add_played(self, played: Played | Record) -> None:
        """A played board's game: a pairs line, or (a teams file without team tags) a
        record of a match."""
        if isinstance(played, Record):
            self.records.add(played)
        else:
            self.played.add(played.board, played.tags, played.result)
            self.computed += fill_scores([played.result], played.vulnerability)

    def _note_columns(self, columns: Any, individual: bool) -> None:
        """What a read row's columns say of the event's kind and scoring."""
        if individual:
            self.kind = EventKind.INDIVIDUAL
        if "TeamId_Home" in columns:  # (the match's columns stay in the line's cells)
            self.kind = EventKind.TEAMS
        self.imps = self.imps or "IMP_NS" in columns
        self.matchpoints = self.matchpoints or "MP_NS" in columns or "MP_North" in columns

    def match_row(self, values: dict[str, str], line: int) -> None:
        """A team match's row (its line is not needed: a match has no direction)."""
        del line
        self.section(values).matches.append(match_row(values))

    def total_row(self, values: dict[str, str], line: int) -> None:
        """A standings row; one the event's standings already hold (a TotalScoreTable
        repeated in a later game, as PBN 2.0's example does with ``"#"``) is not added again.
        A pair's direction of a name not known (:mod:`bridgeio.model.directions`) is a
        warning at its line (the name is kept). A row of a championship's session gives its
        entry's overall standing too (:func:`.standings.overall`)."""
        row = tuple(values.items())
        section = self.section(values)
        if "TeamId" in values:
            self.kind = EventKind.TEAMS
        pair = "PairId" in values and "TeamId" not in values
        total = overall(values)
        found = entry(values)
        if pair and found.direction is None and isinstance(found.kept, PbnCells):
            name = found.kept.cells.get("Direction")
            if name and row not in self.standings:
                self.warn(line, unknown_direction(name))
        if row not in self.standings:
            self.standings.add(row)
            section.entries.append(found)
            if total is not None:
                self.overall.append(total)

    def event(self, tags: dict[str, str], tables: list[_Table]) -> Event:
        """The event of the rows read, named and dated by its games' tags; its scoring and
        kind from the ``Scoring`` and ``Competition`` tags where they name one, else from
        the columns. A section with table results and no standings has its entries built
        from them (:func:`.standings.from_lines`)."""
        if self.records.teams:
            self._record_sections()
        if self.played.boards:
            self.sections[""] = self.played.section()
        number = _event_number(tags.get("EventNumber", ""))
        event = Event(
            number=number or 1,
            name=cells.text(tags.get("Event", "")).strip("?"),
            date=_date(tags.get("EventDate") or tags.get("Date", "")),
            kind=_COMPETITIONS.get(tags.get("Competition", "").lower(), self.kind),
            scoring=scoring_of(tags.get("Scoring", "")) or self._scoring(tables),
            sections=list(self.sections.values()),
        )
        standings = any(s.entries for s in event.sections)
        for section in event.sections:
            section.results.sort(key=lambda b: b.number)
            if section.movement == "team":
                continue  # (per-record results: figured as read)
            attach_lines(section)
            lines = [line for board in section.results for line in board.results]
            section.boards = len(section.results) or None
            section.tables = max((line.table for line in lines), default=0) or None
            section.rounds = max((line.round for line in lines), default=0) or None
            if not lines and section.matches:  # (a league's schedule of matches alone)
                section.tables = max((m.table or 0 for m in section.matches), default=0) or None
                section.rounds = max(m.round for m in section.matches) or None
            if not standings and event.kind == EventKind.PAIRS:
                section.entries = from_lines(section, self.named)
        if self.overall:  # (a championship's session: one session and the overall standings)
            sections, event.sections = event.sections, []
            add_session(event, Session("", event.date), sections)
            event.entries = self.overall
        return event

    def _scoring(self, tables: list[_Table]) -> Scoring:
        """The scoring the columns read say."""
        scoring = Scoring.MATCHPOINTS
        if self.imps and not self.matchpoints:
            scoring = Scoring.BUTLER
        if any("TotalScoreIMP" in t.columns for t in tables) and not self.matchpoints:
            scoring = Scoring.BUTLER
        if self.records.teams or any(s.matches for s in self.sections.values()):
            scoring = Scoring.IMPS if scoring == Scoring.BUTLER else scoring
        if any("TotalScoreVP" in t.columns or "VP_Home" in t.columns for t in tables):
            scoring = Scoring.VICTORY_POINTS
        return scoring

    def _record_sections(self) -> None:
        """The sections of per-record team results, with a warning where boards were
        played in one room only (said once)."""
        sections, lonely = self.records.sections()
        self.computed += self.records.computed
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


def _vulnerability(tag: str, board: int) -> Vulnerability:
    """The board's vulnerability: its Vulnerable tag where it names one (as the deals
    read it), else the rule."""
    code = vulnerability_code(tag)
    return vulnerability(board) if code == UNKNOWN_VULNERABILITY else BY_CODE[code]


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


def _event_number(text: str) -> int | None:
    """An EventNumber tag's number (None for none, or one too large to hold)."""
    number = _int(text)
    return number if number and number <= cells.LARGEST else None


def _int(text: str) -> int | None:
    return int(text) if text.strip().isdigit() else None


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date(*(int(part) for part in text.split(".")))
    except (TypeError, ValueError, OverflowError):  # (a year of 100 digits, say)
        return other_date(text)  # "2012.08.??" and the like: not a whole date


def _as_records(found: _Found) -> list[tuple[tuple[str, str], Played | Record]]:
    """The played boards without teams tags: pairs lines, or where the games name their
    rooms (``Room``) or an IMP event plays each board twice, the records of one match of
    two teams (named by the open room's players)."""
    played = found.played
    if not played:
        return []
    rooms = any(p.tags.get("Room", "").lower() in ("open", "closed") for _, p in played)
    counts: dict[int, int] = {}
    for _, p in played:
        counts[p.board] = counts.get(p.board, 0) + 1
    imps = scoring_of(played[0][1].tags.get("Scoring", "")) in (Scoring.IMPS, Scoring.BUTLER)
    if not rooms and not (imps and set(counts.values()) == {2}):
        return list(played)
    first = next((p for _, p in played if p.tags.get("Room", "open").lower() == "open"))
    home = " - ".join(n for n in (first.tags.get("North"), first.tags.get("South")) if n)
    visit = " - ".join(n for n in (first.tags.get("East"), first.tags.get("West")) if n)
    home, visit = home or "Home", visit or "Away"
    out: list[tuple[tuple[str, str], Played | Record]] = []
    for event, p in played:
        record = Record(p.line, (event[0], "", ""), p.board, home, visit, p.tags)
        record.auction, record.play = p.result.auction, p.result.play
        record.vulnerability = p.vulnerability
        out.append((event, record))
    return out
