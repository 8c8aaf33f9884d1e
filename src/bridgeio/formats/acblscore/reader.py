"""Reading an ACBLscore game file into the results model.

The walk follows pointers (blocks are in no fixed order) and checks every block against the
file's bounds. Each record is read with one ``struct`` call (:mod:`.records`); only what the
model holds is decoded, the rest stays in the bytes for the provenance objects to decode
when asked. A damaged file is read as far as it can be: each part that cannot be read (an
event, a section's entries, a board) is reported as an error naming its byte, the result is
marked ``partial``, and the rest is read all the same. Only a file that is no game file at
all (its magic or master table) raises :class:`~bridgeio.errors.FormatError`.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.model.results import Event, Results
>>> read_bytes(build(Results([Event(1, "Tuesday Pairs")]))).events[0].name
'Tuesday Pairs'
"""

from __future__ import annotations

import datetime
import struct
from collections.abc import Callable
from functools import partial
from typing import Any

from bridgeio.errors import FormatError, Problem, Severity, report
from bridgeio.files import collector_paused, input_size
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore import records as R
from bridgeio.formats.acblscore.codes import (
    EVENT_KINDS,
    PIGMENTS,
    SCORINGS,
    award_ranking,
    player_rank,
    raw_score,
)
from bridgeio.formats.acblscore.decode import (
    BAD,
    chars,
    joined,
    looks_like_date,
    parse_date,
    text,
)
from bridgeio.formats.acblscore.provenance import (
    BoardKept,
    EntryKept,
    EventKept,
    GameFile,
    MatchKept,
    PlayerKept,
    SectionKept,
    StratKept,
)
from bridgeio.model.cards import Seat
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Section,
    Strat,
    StratRank,
)

MAX_FILE = 64 << 20  # real game files are tens of kilobytes

_EVENT_TEXTS = R.EVENT.getter(
    "name", "session_name", "director", "date", "club", "club_number", "rating", "strats"
)
_CLUB_SESSION = R.EVENT.index["club_session"]
_SUMMARY_FIELDS = R.SUMMARY.getter("letter", "details", "board_index")
_STRAT_FIELDS = R.STRAT.getter("letter", "min_mp", "max_mp")
_SECTION_FIELDS = R.SECTION.getter(
    "index_1",
    "index_2",
    "index_3",
    "index_4",
    "match_table",
    "howell",
    "boards",
    "highest_pair",
    "boards_per_round",
    "board_top",
    "rounds",
    "phantom",
    "tables",
    "maximum_score",
    "web",
    "team_match_index",
)
_ENTRY_FIELDS = R.ENTRY.getter("score", "percentage", "strat", "boards_played")
_ENTRY_COUNTED = R.ENTRY.getter("adjustment", "handicap", "score_carryover")
assert {R.ENTRY.kind[name] for name in ("adjustment", "handicap", "score_carryover")} == {"F2"}
_PLAYER_TEXTS = R.PLAYER.getter(
    "last_name", "first_name", "player_number", "city", "state", "country"
)
_PLAYER_NUMBERS = R.PLAYER.getter("masterpoints", "rank")
_TEAM_MATCH = R.TEAM_MATCH.getter("round", "opponent", "imps", "victory_points", "table")
# Rows of a table read in one iter_unpack call each, with their records' compiled layouts.
_PAIRS_ROW, _INDIVIDUAL_ROW = R.BOARD2.struct, R.BOARD4.struct
_INDEX_ITEM, _BOARD_ITEM = R.INDEX_ENTRY.struct, R.BOARD_INDEX_ENTRY.struct
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_DIRECTIONS = (Direction.NS, Direction.EW)
_PLAYERS = {EventKind.INDIVIDUAL: 1, EventKind.PAIRS: 2, EventKind.TEAMS: 6}
_INDEX_TABLES = {EventKind.TEAMS: 1, EventKind.PAIRS: 2, EventKind.INDIVIDUAL: 4}


def read(path: str) -> Results:
    """Read every event of a game file (see the module for damaged files).

    >>> read("/no/such.aca")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such.aca: file: expected an existing file
    """
    return read_bytes(load(path), path)


def load(path: str) -> bytes:
    """The bytes of the game file at ``path`` (at most :data:`MAX_FILE` of them)."""
    size = input_size(path)
    if size > MAX_FILE:
        raise FormatError(path, "file", f"a game file of at most {MAX_FILE} bytes, found {size}")
    with open(path, "rb") as handle:
        return handle.read(size + 1)  # (a file grown since is read no further)


def read_bytes(data: bytes, path: str = "<data>", quiet: bool = False) -> Results:
    """Read the game file held in ``data``; ``quiet`` collects problems in
    ``Results.problems`` without reporting them as warnings."""
    with collector_paused():  # the model holds no cycles: collecting while it grows is waste
        return Walk(bytes(data), path, quiet).results()


class Walk:
    """One reading of a game file: its bytes, the problems found, and the model being built."""

    def __init__(self, data: bytes, path: str, quiet: bool = False) -> None:
        self.data, self.path, self.quiet = data, path, quiet
        self.file = GameFile(data)
        self.problems: list[Problem] = []
        self.partial = False

    # ------------------------------------------------------------------ checks and problems

    def fail(self, place: str, expected: str) -> FormatError:
        """A :class:`FormatError` at ``place`` in this file."""
        return FormatError(self.path, place, expected)

    def problem(self, place: str, message: str, severity: Severity = "error") -> None:
        """Note a problem (and report it, unless quiet); an error marks the result partial."""
        if severity == "error":
            self.partial = True
        if self.quiet:
            self.problems.append(Problem(place, message, severity, self.path))
        else:
            self.problems.append(report(self.path, place, message, severity))

    def damaged(self, error: FormatError, part: str) -> None:
        """A part that could not be read: reported, and left out of the result."""
        self.problem(error.place, f"{part} left out: expected {error.expected}")

    def block(self, pointer: int, what: str, minimum: int = 0) -> int:
        """Check that a pointer leads to a whole block; returns the length after its word."""
        if not 0 < pointer <= len(self.data) - 2:
            raise self.fail(f"pointer to the {what}", f"an offset inside the file, found {pointer}")
        length: int = struct.unpack_from("<h", self.data, pointer)[0]
        if length < minimum:
            raise self.fail(
                f"{what} at byte {pointer}", f"a block of {minimum} or more bytes, found {length}"
            )
        if pointer + 2 + length > len(self.data):
            raise self.fail(
                f"{what} at byte {pointer}",
                f"its {length} bytes within the file, which ends at byte {len(self.data)}",
            )
        return length

    def check_room(self, pointer: int, what: str, length: int, needed: int, items: str) -> None:
        """Check that a block of ``length`` bytes (after its word) holds ``needed`` bytes,
        counted from the word: what its header says it has (``items``)."""
        if needed > length + 2:
            raise self.fail(
                f"{what} at byte {pointer}", f"room for {items} in a block of {length} bytes"
            )

    def table(self, pointer: int, what: str, count_at: int, first: int, size: int) -> int:
        """Check a table block (its count of items of ``size`` bytes at ``count_at``, the
        items from ``first``) and return the count."""
        length = self.block(pointer, what, first - 2)
        count: int = struct.unpack_from("<H", self.data, pointer + count_at)[0]
        self.check_room(pointer, what, length, first + size * count, f"its {count} entries")
        return count

    def text(self, raw: bytes, at: int, what: Callable[[], str]) -> str:
        """A string field; a damaged one (control characters, undefined bytes) is cleaned
        and reported as a warning naming the field."""
        value = text(raw)
        if BAD in value:
            self.problem(
                f"byte {at}",
                f"{what()}: control characters or undefined bytes, each read as U+FFFD",
                "warning",
            )
        return value

    # ---------------------------------------------------------------------------- the file

    def results(self) -> Results:
        """The whole file: its master table checked, then each event read."""
        data = self.data
        if data[:6] != L.MAGIC:
            raise self.fail("byte 0", "an ACBLscore game file (bytes 12 0A 03 'AC3')")
        if len(data) < L.MASTER_LENGTH + 2:
            raise self.fail(
                "master table at byte 0", f"{L.MASTER_LENGTH + 2} bytes, the file has {len(data)}"
            )
        declared, free_list = struct.unpack_from("<II", data, 6)
        if declared > len(data):
            self.problem(
                f"byte {len(data)}",
                f"the file ends here; its header (byte 6) gives {declared} bytes: truncated",
            )
        elif declared < len(data):
            self.problem(
                f"byte {declared}",
                f"{len(data) - declared} bytes after the end its header (byte 6) gives",
                "warning",
            )
        self.check_free_list(free_list)
        results = Results(format="acblscore", provenance=self.file)
        pointers = struct.unpack_from(f"<{L.MAX_EVENTS}I", data, L.EVENT_POINTERS)
        for slot, pointer in enumerate(pointers):
            if pointer:
                try:
                    results.events.append(self.event(slot, pointer))
                except FormatError as error:
                    self.damaged(error, f"event {slot + 1}")
        results.partial, results.problems = self.partial, self.problems
        self.file.counts = kept_counts(results)
        return results

    def check_free_list(self, pointer: int) -> None:
        """Follow the free block list: one that leaves the file or runs in a circle is
        reported where it goes wrong."""
        seen: set[int] = set()
        while pointer:
            if pointer in seen or not 0 < pointer <= len(self.data) - 6:
                why = "runs in a circle" if pointer in seen else "points outside the file"
                self.problem(f"free block list at pointer {pointer}", f"the list {why}")
                return
            seen.add(pointer)
            pointer = struct.unpack_from("<I", self.data, pointer + 2)[0]

    # ------------------------------------------------------------------------------ events

    def event(self, slot: int, pointer: int) -> Event:
        """The event in master table slot ``slot`` (its details at ``pointer``)."""
        number = slot + 1
        what = f"event {number} details"
        self.block(pointer, what, R.EVENT.size - 2)
        values = R.EVENT.unpack(self.data, pointer, self.path)
        raw = _EVENT_TEXTS(values)
        offsets = R.EVENT.offset

        def field(name: str, i: int) -> str:
            at = pointer + offsets[name]
            return self.text(raw[i], at, lambda: f"event {number} {name.replace('_', ' ')}")

        tournament = values[_CLUB_SESSION] == 0  # the director's field then holds the city
        director = field("director", 2)
        type_code, scoring_code = (
            self.data[L.EVENT_TYPES + slot],
            self.data[L.EVENT_SCORINGS + slot],
        )
        event = Event(
            number=number,
            name=field("name", 0),
            session_name=field("session_name", 1),
            date=self.date(field("date", 3), pointer + offsets["date"], number),
            club=field("club", 4),
            club_number=field("club_number", 5),
            director="" if tournament else director,
            city=director if tournament else "",
            kind=EVENT_KINDS.get(type_code, EventKind.PAIRS),
            scoring=SCORINGS.get(scoring_code, Scoring.OTHER),
            rating=L.RATINGS[raw[6]] if raw[6] < len(L.RATINGS) else f"rating {raw[6]}",
            kept=EventKept(pointer, slot, self.file),
        )
        if type_code not in EVENT_KINDS:
            self.problem(
                f"byte {L.EVENT_TYPES + slot}", f"event {number}: unknown type {type_code}"
            )
        for offset in L.EVENT_STRATS[: max(1, min(3, raw[7]))]:
            letter, low, high = _STRAT_FIELDS(R.STRAT.unpack(self.data, pointer + offset))
            event.strats.append(
                Strat(
                    "" if letter == b"\x00" else chars(letter),
                    low or None,
                    high or None,
                    StratKept(pointer + offset, self.file),
                )
            )
        letters = Rankings([s.letter for s in event.strats])
        for index in range(L.MAX_SECTIONS):
            at = L.SECTION_SUMMARIES + index * L.SECTION_SUMMARY_SIZE
            if self.data[at] == number:
                try:
                    event.sections.append(self.section(index + 1, at, event, letters))
                except FormatError as error:
                    self.damaged(error, f"section {index + 1} of event {number}")
        return event

    def date(self, value: str, at: int, number: int) -> datetime.date | None:
        """An event's date from its text; text that is no date is reported."""
        date = parse_date(value)
        if date is None and value.strip():
            impossible = looks_like_date(value)  # "February 30, 2017": an error in the file
            self.problem(
                f"byte {at}",
                f"event {number} date {value!r}: "
                + ("no such day" if impossible else "not a date ACBLscore writes"),
                "error" if impossible else "warning",
            )
        return date

    # ---------------------------------------------------------------------------- sections

    def section(self, summary: int, at: int, event: Event, letters: Rankings) -> Section:
        """The section whose summary (number ``summary``) is at byte ``at``."""
        letter_raw, details_at, board_index = _SUMMARY_FIELDS(R.SUMMARY.unpack(self.data, at))
        letter = self.text(letter_raw, at + 1, lambda: f"section {summary} letter")
        what = f"section {letter} details"
        self.block(details_at, what, R.SECTION.size - 2)
        values = _SECTION_FIELDS(R.SECTION.unpack(self.data, details_at, self.path))
        (*indexes, match_table, howell, boards, highest, per_round, top, rounds) = values[:11]
        phantom, tables, maximum, web, team_matches = values[11:]
        kind = event.kind
        movement = "howell" if howell else "mitchell"
        if kind == EventKind.TEAMS:
            movement = "teams"
        elif web:
            movement = "web"
        section = Section(
            name=letter,
            movement=movement,
            tables=tables,
            rounds=rounds,
            boards=boards,
            boards_per_round=per_round,
            board_top=top,
            maximum_score=maximum,
            kept=SectionKept(details_at, summary, self.file),
        )
        base = details_at + L.PAIR_MAPPING
        howell_pairs = bool(howell) and kind == EventKind.PAIRS
        reassigned = self.data[base : base + (80 if howell_pairs else 160)]
        try:
            entries = self.entries(indexes, kind, howell_pairs, highest, phantom, base, letters)
            section.entries = entries
            _merge_ties(entries)
        except FormatError as error:
            self.damaged(error, f"entries of section {letter}")
        if board_index:
            remap = None
            if kind == EventKind.PAIRS and any(reassigned):
                remap = (reassigned, howell_pairs)
            try:
                section.results = self.boards(board_index, kind == EventKind.INDIVIDUAL, remap)
            except FormatError as error:
                self.damaged(error, f"board results of section {letter}")
        try:
            if match_table and kind != EventKind.TEAMS:
                section.schedule = self.schedule(match_table, kind == EventKind.INDIVIDUAL)
            if kind == EventKind.TEAMS and team_matches:
                section.matches = self.matches(team_matches, indexes[0])
        except FormatError as error:
            self.damaged(error, f"movement of section {letter}")
        return section

    # ----------------------------------------------------------------------------- entries

    def numbering(self, highest: int, base: int) -> dict[tuple[int, int], tuple[int, int]]:
        """A Howell's {(index table 1-2, position): (number shown, movement number)}.

        Movement pair N starts at the (table, direction) given at +0x50 of the mapping: the
        pair at that position of that direction's index table. It is shown as N unless
        reassigned (byte N - 1 of the mapping).
        """
        data = self.data
        numbering: dict[tuple[int, int], tuple[int, int]] = {}
        unplaced = []
        for pair in range(1, min(highest, 80) + 1):
            table, direction = data[base + 0x4E + 2 * pair], data[base + 0x4F + 2 * pair]
            shown = data[base + pair - 1] or pair
            if table and direction in (1, 2):
                numbering[(direction, table)] = (shown, pair)
            elif table:  # direction 0, seen for a Howell's phantom: the free seat there
                unplaced.append((table, shown, pair))
        for table, shown, pair in unplaced:
            free = [d for d in (1, 2) if (d, table) not in numbering]
            if free:
                numbering[(free[0], table)] = (shown, pair)
        return numbering

    def entries(
        self,
        indexes: list[int],
        kind: EventKind,
        howell: bool,
        highest: int,
        phantom: int,
        base: int,
        letters: Rankings,
    ) -> list[Entry]:
        """The entries of a section's index tables. Mitchell pairs and individuals: position
        p of direction (seat) d is number p unless reassigned (mapping byte 4 (p - 1) + d - 1);
        Howell pairs: see :meth:`numbering`; teams: the number in the index entry."""
        teams = kind == EventKind.TEAMS
        numbering = self.numbering(highest, base) if howell else {}
        members = _PLAYERS[kind]
        data = self.data
        entries = []
        for d, table in enumerate(indexes[: _INDEX_TABLES[kind]], start=1):
            if not table:
                continue
            count = self.table(table, "index table", 6, L.INDEX_ENTRIES, L.INDEX_ENTRY_SIZE)
            start = table + L.INDEX_ENTRIES
            items = _INDEX_ITEM.iter_unpack(data[start : start + 8 * count])
            direction = _DIRECTIONS[d - 1] if kind == EventKind.PAIRS and not howell else None
            seat = _SEATS[d - 1] if kind == EventKind.INDIVIDUAL else None
            side = direction.value if direction else seat.char if seat is not None else ""
            for position, (number, players, pointer) in enumerate(items, start=1):
                if not pointer:
                    continue
                if teams:
                    kept = EntryKept(pointer, self.file, start + 8 * (position - 1), True)
                    entries.append(self.entry(kept, number, min(players, 6), letters, "", None))
                    continue
                if howell:
                    found = numbering.get((d, position))
                    shown, moved = found or (position, position)
                    mapping_at = base + moved - 1 if found else 0
                elif position <= 40:
                    mapping_at = base + 4 * (position - 1) + d - 1
                    shown, moved = data[mapping_at] or position, position
                else:
                    shown, moved, mapping_at = position, position, 0
                if _is_phantom(moved, d, phantom, howell, kind):
                    continue
                kept = EntryKept(pointer, self.file, mapping_at)
                entry = self.entry(kept, shown, members, letters, side, direction)
                entry.seat = seat
                entries.append(entry)
        return entries

    def entry(
        self,
        kept: EntryKept,
        number: int,
        members: int,
        letters: Rankings,
        side: str,
        direction: Direction | None,
    ) -> Entry:
        """A pair, individual or team structure with its players."""
        pointer = kept.at
        self.block(pointer, "entry structure", L.ENTRY_PLAYERS + L.PLAYER_SIZE * members - 2)
        values = R.ENTRY.unpack(self.data, pointer, self.path)
        score, percentage, strat, played = _ENTRY_FIELDS(values)
        ranks = []
        for k in range(len(letters.letters)):
            at = R.ENTRY_RANKS + k * R.RANKING_VALUES
            low, high, overall_low, overall_high, qualified, rank = values[at : at + 6]
            ranks.append(StratRank(rank, low, high, overall_low, overall_high, bool(qualified)))
        start = pointer + L.ENTRY_PLAYERS
        return Entry(
            f"{number}{side}",
            number,
            direction,
            "",
            None if score == -1 else score / 100,
            percentage / 100,
            ranks[0].rank or None if ranks else None,
            False,
            strat,
            [self.player(start + k * L.PLAYER_SIZE, letters) for k in range(members)],
            _awards(values, R.ENTRY_AWARDS, letters),
            ranks,
            played,
            None,
            kept,
        )

    def player(self, at: int, letters: Rankings) -> Player:
        """A player structure (its text cleaned and reported if damaged)."""
        values = R.PLAYER.unpack(self.data, at, self.path)
        raws = _PLAYER_TEXTS(values)
        together = joined(raws)
        texts = together.split("\0")
        if len(texts) != 6 or BAD in together:
            texts = [
                self.text(raw, at + R.PLAYER.offset[name], partial(_players, name))
                for raw, name in zip(raws, _PLAYER_NAMES, strict=True)
            ]
        last, first, number, city, state, country = texts
        masterpoints, rank = _PLAYER_NUMBERS(values)
        return Player(
            last,
            first,
            number,
            masterpoints,
            city,
            state,
            country,
            _RANKS[rank[0]],
            _awards(values, R.PLAYER_AWARDS, letters),
            PlayerKept(at, self.file),
        )

    # ------------------------------------------------------------------------------ boards

    def boards(
        self, pointer: int, individual: bool, remap: tuple[bytes, bool] | None
    ) -> list[Board]:
        """A section's boards from its board results index."""
        count = self.table(pointer, "board results index", 4, L.BOARD_INDEX_ENTRIES, 8)
        start = pointer + L.BOARD_INDEX_ENTRIES
        items = _BOARD_ITEM.iter_unpack(self.data[start : start + 8 * count])
        boards = []
        for i, (number, _, _, table) in enumerate(items):
            board = Board(number, [], BoardKept(start + 8 * i, self.file))
            if table:
                try:
                    board.results = self.rows(table, number, individual)
                except FormatError as error:
                    self.damaged(error, f"results of board {number}")
                if remap is not None:
                    _renumber(board.results, *remap)
            boards.append(board)
        return boards

    def rows(self, table: int, number: int, individual: bool) -> list[BoardResult]:
        """The results in a board's result table (rows of boards not in play left out)."""
        length = self.block(table, f"results table of board {number}", 4)
        row = _INDIVIDUAL_ROW if individual else _PAIRS_ROW
        # The board index counts only scored results; the table's own header counts every
        # row (Not Played ones too), and its length bounds them.
        count = min(self.data[table + 5], (length - 4) // row.size)
        start = table + L.BOARD_RESULTS
        rows = row.iter_unpack(self.data[start : start + count * row.size])
        if individual:
            return [_individual(values) for values in rows if values[3] != 999]
        results: list[BoardResult] = []
        append, make = results.append, BoardResult
        for rnd, tbl, ns, ns_raw, ns_points, ew, ew_raw, ew_points in rows:
            if -900 < ns_raw < 900 and -900 < ew_raw < 900:  # plain scores, as most are
                append(
                    make(
                        rnd, tbl, ns, ew, ns_raw * 10, ew_raw * 10, ns_points / 100, ew_points / 100
                    )
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

    # --------------------------------------------------------------------------- movements

    def schedule(self, pointer: int, individual: bool) -> list[list[tuple[int, ...] | None]]:
        """Rounds x tables from a Pair or Individual Match Table: (NS, EW, first board) or
        (N, E, S, W, first board); None where a table is not in use in a round."""
        length = self.block(pointer, "match table", 5)
        tables, rounds = self.data[pointer + 4], self.data[pointer + 5]
        per_table, width = L.INDIVIDUAL_MATCH if individual else L.PAIR_MATCH
        rounds = min(rounds, per_table)
        self.check_room(
            pointer, "match table", length, L.MATCH_ROWS + tables * per_table * width, "its tables"
        )
        data = self.data
        schedule = []
        for round_index in range(rounds):
            row: list[tuple[int, ...] | None] = []
            for table in range(tables):
                at = pointer + L.MATCH_ROWS + (table * per_table + round_index) * width
                cell = tuple(data[at : at + width])
                row.append(cell if any(cell[:-1]) else None)
            schedule.append(row)
        return schedule

    def matches(self, pointer: int, team_index: int) -> list[Match]:
        """The section's team matches: each team's one-sided records (a team's table, by
        team id) paired into one match where the opponent has the mirror record."""
        teams = self.table(pointer, "team match index", 4, L.TEAM_MATCH_INDEX_TABLES, 4)
        numbers = self.team_numbers(team_index, teams)
        tables = struct.unpack_from(f"<{teams}I", self.data, pointer + L.TEAM_MATCH_INDEX_TABLES)
        records: list[tuple[int, int, int, int, int, int, int]] = []  # team, at, round, ...
        for team_id, table in enumerate(tables, start=1):
            if not table:
                continue
            size = self.block(table, f"team match table {team_id}", L.TEAM_MATCHES - 2)
            rounds = min(self.data[table + 4], (size + 2 - L.TEAM_MATCHES) // L.TEAM_MATCH_SIZE)
            team = numbers.get(team_id, team_id)
            for k in range(rounds):
                at = table + L.TEAM_MATCHES + k * L.TEAM_MATCH_SIZE
                rnd, opponent, imps, vp, tbl = _TEAM_MATCH(R.TEAM_MATCH.unpack(self.data, at))
                if rnd:
                    records.append((team, at, rnd, opponent, imps, vp, tbl))
        mirror = {
            (team, rnd, opponent): i for i, (team, _, rnd, opponent, *_) in enumerate(records)
        }
        used: set[int] = set()
        matches = []
        for i, (team, at, rnd, opponent, imps, vp, tbl) in enumerate(records):
            if i in used:
                continue
            j = mirror.get((opponent, rnd, team))
            away = records[j] if j is not None and j not in used and j != i else None
            used.add(i)
            if away is not None and j is not None:
                used.add(j)
            matches.append(
                Match(
                    rnd,
                    team,
                    opponent,
                    imps,
                    None if away is None else away[4],
                    vp / 100,
                    None if away is None else away[5] / 100,
                    tbl or None,
                    [],
                    MatchKept(at, 0 if away is None else away[1], self.file),
                )
            )
        return matches

    def team_numbers(self, pointer: int, teams: int) -> dict[int, int]:
        """{team id: team number} from the team index table (ids count its entries)."""
        if not pointer:
            return {}
        length = self.block(pointer, "team index table", L.INDEX_ENTRIES - 2)
        count = min(struct.unpack_from("<H", self.data, pointer + 6)[0], (length - 0x12) // 8)
        start = pointer + L.INDEX_ENTRIES
        items = _INDEX_ITEM.iter_unpack(self.data[start : start + 8 * max(count, 0)])
        return {k: number for k, (number, _, _) in enumerate(items, start=1)}


_RANKS = [player_rank(chars(bytes([code]))) if code else "" for code in range(256)]
_PLAYER_NAMES = ("last_name", "first_name", "player_number", "city", "state", "country")


def _players(name: str) -> str:
    return f"player's {name.replace('_', ' ')}"


def _awards(values: tuple[Any, ...], start: int, letters: Rankings) -> dict[str, list[Award]]:
    """The three award sets (previous, current, total) at ``values[start:start + 27]``; a set
    lists its non-empty slots, and only sets with an award are given."""
    sets = values[start : start + 27]
    if not any(sets):
        return {}
    awards: dict[str, list[Award]] = {}
    for name, first in _AWARD_SETS:
        items = []
        for at in (first, first + 3, first + 6):
            if sets[at] or sets[at + 1]:
                items.append(Award(sets[at] / 100, _PIGMENTS[sets[at + 1]], letters[sets[at + 2]]))
        if items:
            awards[name] = items
    return awards


_PIGMENTS = [PIGMENTS.get(code, str(code)) for code in range(256)]
_AWARD_SETS = (("previous", 0), ("current", 9), ("total", 18))


class Rankings(dict[int, str]):
    """An event's award ranking texts by code ("OA", "SB"), worked out once each."""

    def __init__(self, letters: list[str]) -> None:
        super().__init__()
        self.letters = letters

    def __missing__(self, code: int) -> str:
        self[code] = text = award_ranking(code, self.letters)
        return text


def _is_phantom(moved: int, d: int, phantom: int, howell: bool, kind: EventKind) -> bool:
    """The phantom pair (positive: N-S, negative: E-W; Howell: its number) holds no one."""
    if not phantom or kind != EventKind.PAIRS or moved != abs(phantom):
        return False
    return howell or d == (1 if phantom > 0 else 2)


def _merge_ties(entries: list[Entry]) -> None:
    """Entries of one ranking group (a direction, or everyone in a Howell) with the same
    score share the best of their ranks and are marked tied (ACBLscore splits a tie's ranks,
    2 and 3, as a results page shows 2=)."""
    groups: dict[tuple[object, float], list[Entry]] = {}
    for entry in entries:
        if entry.rank and entry.score is not None:
            groups.setdefault((entry.direction or entry.seat, entry.score), []).append(entry)
    for group in groups.values():
        if len(group) > 1:
            best = min(e.rank for e in group if e.rank)
            for entry in group:
                entry.rank, entry.tied = best, True


def _renumber(results: list[BoardResult], mapping: bytes, howell: bool) -> None:
    """Board results name pairs by their movement numbers; give them the reassigned ones."""
    for result in results:
        if howell:
            result.ns = _mapped(mapping, result.ns - 1) or result.ns
            result.ew = _mapped(mapping, result.ew - 1) or result.ew
        else:
            result.ns = _mapped(mapping, 4 * (result.ns - 1)) or result.ns
            result.ew = _mapped(mapping, 4 * (result.ew - 1) + 1) or result.ew


def _mapped(mapping: bytes, at: int) -> int:
    return mapping[at] if 0 <= at < len(mapping) else 0


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


def kept_counts(results: Results) -> dict[str, int]:
    """How many of what the model has no field for a game holds (for the provenance's
    :meth:`~GameFile.contents`): score adjustments, handicaps, carry-over scores, team wins,
    memo lines of events and sections."""
    counts = {
        "lines of memos and notes": 0,
        "score adjustments": 0,
        "handicaps": 0,
        "carry-over scores": 0,
        "team match wins": 0,
    }
    for event in results.events:
        if isinstance(event.kept, EventKept):
            counts["lines of memos and notes"] += len(event.kept.memo)
        for section in event.sections:
            for entry in section.entries:
                kept = entry.kept
                if isinstance(kept, EntryKept) and kept.file is not None:
                    # (the three fields at once: an intfloat is non-zero as its raw value is)
                    adjustment, handicap, carryover = _ENTRY_COUNTED(
                        R.ENTRY.unpack(kept.file.data, kept.at)
                    )
                    counts["score adjustments"] += adjustment != 0
                    counts["handicaps"] += handicap != 0
                    counts["carry-over scores"] += carryover != 0
            counts["team match wins"] += sum(
                1 for m in section.matches if isinstance(m.kept, MatchKept) and m.kept.wins
            )
    return {what: count for what, count in counts.items() if count}
