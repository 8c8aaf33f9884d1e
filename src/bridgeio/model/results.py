"""Results of duplicate bridge sessions: events, sections, entries (pairs, teams, individuals),
players, every board's table results, and team matches. Format-neutral: ACBLscore, USEBIO and
PBN score tables all map onto it, and every writer works from it.

Values are typed: a contract is a :class:`~bridgeio.model.contract.Contract`, a seat a
:class:`~bridgeio.model.cards.Seat`, a lead a :class:`~bridgeio.model.cards.Card`, a score a
:data:`Score` (points, or a typed adjusted result), a date a :class:`datetime.date`. What a
format holds beyond these fields is kept in that format's own :class:`Provenance` object:
``Results.provenance`` for the file, and ``kept`` on an event, section, entry, player, board,
table result or match for what belongs to that object.

>>> from bridgeio.model.contract import Contract
>>> line = BoardResult(1, 2, ns=3, ew=5, contract=Contract.parse("4H", "S"), tricks=10,
...                    ns_score=420, ew_score=-420)
>>> line.declarer, line.contract.text, score_text(Special.AVERAGE_PLUS), parse_score("70%")
(<Seat.SOUTH: 2>, '4H', 'ave+', Assigned(percent=70.0))
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Literal

from bridgeio.errors import Problem
from bridgeio.model.auction import Auction
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.document import DocumentKind
from bridgeio.model.play import Play
from bridgeio.model.provenance import Provenance
from bridgeio.model.sessions import Session

if TYPE_CHECKING:
    from bridgeio.model.deals import DealSet


class Special(StrEnum):
    """A result assigned instead of a score (the canonical JSON writes the value).

    ``percent`` is what it is worth in matchpoints (ACBLscore, USEBIO: 60/50/40 %), None for
    those worth nothing fixed (a board not played, a late play not yet entered).
    """

    LATE_PLAY = "late_play"
    NOT_PLAYED = "not_played"
    NOT_IN_PLAY = "not_in_play"
    AVERAGE_MINUS = "ave-"
    AVERAGE = "ave"
    AVERAGE_PLUS = "ave+"

    @property
    def percent(self) -> float | None:
        """Its worth in matchpoint percent (40, 50, 60 for the averages); None when not fixed."""
        return _PERCENT.get(self)


_PERCENT = {Special.AVERAGE_MINUS: 40.0, Special.AVERAGE: 50.0, Special.AVERAGE_PLUS: 60.0}


@dataclass(frozen=True)
class Assigned:
    """An assigned (artificial) score given as a percentage, when it is not one of the
    averages (USEBIO ``A7030`` gives N-S 70 % and E-W 30 %).

    >>> str(Assigned(70.0)), Assigned.for_percent(60.0)
    ('70%', <Special.AVERAGE_PLUS: 'ave+'>)
    """

    percent: float

    def __str__(self) -> str:
        return f"{self.percent:g}%"

    @staticmethod
    def for_percent(percent: float) -> Special | Assigned:
        """Average, average plus or minus where the percentage is one of theirs."""
        for special, value in _PERCENT.items():
            if value == percent:
                return special
        return Assigned(percent)


Score = int | Special | Assigned
"""A side's result on a board: points (420, -50), or an adjusted result."""


def score_text(score: Score | None) -> str | int | None:
    """A score as the canonical JSON writes it: points as a number, else its name.

    >>> score_text(-50), score_text(Special.NOT_PLAYED), score_text(Assigned(70)), score_text(None)
    (-50, 'not_played', '70%', None)
    """
    if score is None or isinstance(score, int) and not isinstance(score, Special):
        return score
    return str(score)


def parse_score(value: object) -> Score | None:
    """A score from the canonical JSON (a number, a special name, or ``"70%"``).

    >>> parse_score(420), parse_score("ave-"), parse_score("65%"), parse_score(None)
    (420, <Special.AVERAGE_MINUS: 'ave-'>, Assigned(percent=65.0), None)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError(f"not a score: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _SPECIALS:
            return _SPECIALS[text]
        if text.endswith("%"):
            return Assigned.for_percent(float(text[:-1]))
    raise ValueError(f"not a score: {value!r}")


_SPECIALS = {s.value: s for s in Special}


class Direction(StrEnum):
    """The direction a pair sat (Mitchell movements rank each direction apart)."""

    NS = "NS"
    EW = "EW"


class MovementKind(StrEnum):
    """What a section's free-text ``movement`` names, as far as it matters to the rest: whether
    pairs keep a direction and are numbered apart in each (a Mitchell, a web Mitchell).

    >>> MovementKind.of("Mitchell"), MovementKind.of("team"), MovementKind.of("3/4 Howell")
    (<MovementKind.MITCHELL: 'mitchell'>, <MovementKind.TEAMS: 'teams'>, <MovementKind.OTHER: ''>)
    >>> [k.value for k in MovementKind if k.directional]
    ['mitchell', 'web']
    """

    MITCHELL = "mitchell"
    WEB = "web"  # ACBLscore's web Mitchell: boards move apart from pairs; pairs keep direction
    HOWELL = "howell"
    TEAMS = "teams"
    INDIVIDUAL = "individual"
    OTHER = ""  # none named, or a name bridgeio does not know

    @classmethod
    def of(cls, text: str) -> MovementKind:
        """The kind ``text`` names (case and a plural ``team`` aside); OTHER for any other."""
        name = text.strip().lower()
        return _MOVEMENT_KINDS.get("teams" if name == "team" else name, cls.OTHER)

    @property
    def directional(self) -> bool:
        """Whether pairs of this movement are numbered apart in each direction."""
        return self in (MovementKind.MITCHELL, MovementKind.WEB)


_MOVEMENT_KINDS = {k.value: k for k in MovementKind if k.value}


class EventKind(StrEnum):
    """Who competes: pairs, teams or individuals."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class Scoring(StrEnum):
    """How boards are scored. Formats with finer kinds keep theirs in their provenance."""

    MATCHPOINTS = "matchpoints"
    IMPS = "imps"  # team matches: IMPs between the two tables
    BUTLER = "butler"  # IMPs against a datum
    CROSS_IMPS = "cross_imps"
    AGGREGATE = "aggregate"  # total points
    VICTORY_POINTS = "victory_points"
    BOARD_A_MATCH = "board_a_match"
    WIN_LOSS = "win_loss"
    OTHER = "other"


@dataclass
class Award:
    """Masterpoints of one colour, and the ranking that earned them (e.g. "OA", "SB")."""

    points: float
    color: str
    ranking: str = ""


@dataclass
class StratRank:
    """Where an entry ranked in one strat: section and overall places (low-high for ties)."""

    rank: int = 0
    section_low: int = 0
    section_high: int = 0
    overall_low: int = 0
    overall_high: int = 0
    qualified: bool = False


@dataclass
class Strat:
    """A flight of a stratified event: its letter and masterpoint limits (None: no limit)."""

    letter: str
    min_mp: int | None = None
    max_mp: int | None = None
    kept: Provenance | None = field(default=None, compare=False, repr=False)


@dataclass
class Player:
    """A player as an entry lists them."""

    last_name: str = ""
    first_name: str = ""
    player_number: str = ""
    masterpoints: float | None = None
    city: str = ""
    state: str = ""
    country: str = ""
    rank: str = ""
    awards: dict[str, list[Award]] = field(default_factory=dict)  # "previous", "current", "total"
    kept: Provenance | None = field(default=None, compare=False, repr=False)

    @property
    def name(self) -> str:
        """First name then last name (``"Ann Smith"``)."""
        return f"{self.first_name} {self.last_name}".strip()


@dataclass
class Entry:
    """A pair, team or individual as ranked: ``id`` is how players see it (``"3NS"``)."""

    id: str
    number: int
    direction: Direction | None = None  # Mitchell pairs; None for Howell pairs and teams
    name: str = ""  # a team's name
    score: float | None = None
    percentage: float | None = None
    rank: int | None = None
    tied: bool = False  # shares its rank with another entry
    strat: int | None = None
    players: list[Player] = field(default_factory=list)
    awards: dict[str, list[Award]] = field(default_factory=dict)
    ranks: list[StratRank] = field(default_factory=list)  # one per strat
    boards_played: int | None = None
    seat: Seat | None = None  # individuals: the seat they started in
    kept: Provenance | None = field(default=None, compare=False, repr=False)
    handicap: float | None = None  # a handicap event's allowance (NZ Scorer: half of it added)
    carry_forward: float | None = None  # a score carried from earlier sessions (not in ``score``)


@dataclass
class BoardResult:
    """One table's result on one board.

    Pairs: ``ns`` and ``ew`` are the pair numbers. Individuals: ``seats`` holds the four
    players (N, E, S, W), ``points`` their matchpoints, and ``ns``/``ew`` are North's and
    East's numbers. ``tricks`` is the tricks declarer took. ``auction`` and ``play`` are the
    table's calls and cards where the file holds them; ``room`` (``"open"``, ``"closed"``)
    the room of a teams line from played boards.
    """

    round: int
    table: int
    ns: int
    ew: int
    ns_score: Score | None = None
    ew_score: Score | None = None
    ns_points: float | None = None
    ew_points: float | None = None
    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    foul_group: int = 0
    seats: tuple[int, int, int, int] | None = None
    points: tuple[float | None, float | None, float | None, float | None] | None = None
    kept: Provenance | None = field(default=None, compare=False, repr=False)
    auction: Auction | None = None
    play: Play | None = None
    room: str | None = None

    @property
    def declarer(self) -> Seat | None:
        """The contract's declarer; None without a contract or a declarer."""
        return None if self.contract is None else self.contract.declarer

    @property
    def sit_out(self) -> bool:
        """A pair sitting out the board: one pair number is 0 (no opponents). Its score is
        what it was awarded (an assigned percentage, or not played) and its points the
        award the file records; the other side's score is None.

        >>> BoardResult(1, 7, ns=14, ew=0, ns_score=Assigned(59.0), ns_points=0.9).sit_out
        True
        """
        return self.seats is None and (self.ns == 0) != (self.ew == 0)


@dataclass
class Board:
    """A board's number and every table's result on it; ``imps``, in a team match, the IMPs
    the home team won on it where the file records them with the board (USEBIO ``IMPS``)."""

    number: int
    results: list[BoardResult] = field(default_factory=list)
    kept: Provenance | None = field(default=None, compare=False, repr=False)
    imps: float | None = None


@dataclass
class Segment:
    """One segment of a team match (a set of boards scored apart): each team's IMPs."""

    number: int
    home_imps: float | None = None
    away_imps: float | None = None


@dataclass
class Seating:
    """Who sat where in a team match: a player of the home or away team (``home``), in a
    segment, a room (``"open"`` or ``"closed"``) and a seat."""

    home: bool
    segment: int
    room: str
    seat: Seat
    player: Player


@dataclass
class Match:
    """A team match in one round, with its boards where the file has them; a match that is
    scheduled but not yet played has no scores. ``home``/``away`` are team numbers; the
    IMPs are the match's totals, ``segments`` each segment's where the file has them, and
    ``lineup`` who sat where."""

    round: int
    home: int
    away: int
    home_imps: float | None = None
    away_imps: float | None = None
    home_vp: float | None = None
    away_vp: float | None = None
    table: int | None = None
    boards: list[Board] = field(default_factory=list)
    kept: Provenance | None = field(default=None, compare=False, repr=False)
    segments: list[Segment] = field(default_factory=list)
    lineup: list[Seating] = field(default_factory=list)


@dataclass
class Section:
    """A section: its movement, entries, board results and (teams) matches."""

    name: str
    movement: str = ""  # "mitchell", "howell", "web", "team", "individual", ...
    tables: int | None = None
    rounds: int | None = None
    boards: int | None = None
    boards_per_round: int | None = None
    board_top: int | None = None
    maximum_score: int | None = None
    session: int | None = None
    entries: list[Entry] = field(default_factory=list)
    results: list[Board] = field(default_factory=list)
    # rounds x tables: (ns, ew, first board) or (n, e, s, w, first board); None for unused
    schedule: list[list[tuple[int, ...] | None]] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)  # team events
    kept: Provenance | None = field(default=None, compare=False, repr=False)

    @property
    def directional(self) -> bool:
        """Are the section's pairs known by number and direction (a Mitchell: 1NS and 1EW are
        two pairs)? The one answer for scoring, tables, reports and movements. The entries
        say it where they give directions: a number listed in both (in a Howell, or where
        each pair is listed once with the direction it started in, as Ruter does, a pair's
        boards in both directions are its own); else the movement's name
        (:class:`MovementKind`).

        >>> Section("A", "mitchell").directional, Section("A", "howell").directional
        (True, False)
        >>> pair = lambda n, d: Entry(f"{n}{d}", n, Direction(d))
        >>> Section("A", entries=[pair(1, "NS"), pair(1, "EW")]).directional
        True
        >>> Section("A", "mitchell", entries=[pair(1, "NS"), pair(2, "EW")]).directional
        False
        """
        seen: dict[int, Direction] = {}
        for entry in self.entries:
            if entry.direction is not None:
                if seen.setdefault(entry.number, entry.direction) is not entry.direction:
                    return True
        return not seen and MovementKind.of(self.movement).directional


@dataclass
class Event:
    """One event of a results file (an ACBLscore file holds up to 50). An event played over
    several sessions lists them in ``sessions`` and its overall standings in ``entries``
    (:mod:`bridgeio.model.sessions`); its sections name their session."""

    number: int = 1
    name: str = ""
    session_name: str = ""
    date: datetime.date | None = None
    club: str = ""
    club_number: str = ""
    director: str = ""
    city: str = ""
    kind: EventKind = EventKind.PAIRS
    scoring: Scoring = Scoring.MATCHPOINTS
    rating: str = ""
    # where the file says them: how a teams event's matches are scored (IMPs, VPs), and how
    # its pairs are scored against the field (cross-IMPs, Butler); ``scoring`` is the boards'
    match_scoring: Scoring | None = None
    pairwise_scoring: Scoring | None = None
    strats: list[Strat] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    deals: DealSet | None = field(default=None, compare=False)  # the hand record, if any
    kept: Provenance | None = field(default=None, compare=False, repr=False)
    sessions: list[Session] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)  # overall standings of its sessions


@dataclass
class Results:
    """A results file: one or more events.

    ``partial`` is True when a damaged file could be read only in part; ``problems`` lists
    what was found wrong while reading (also reported as warnings).
    """

    kind: ClassVar[Literal[DocumentKind.RESULTS]] = DocumentKind.RESULTS

    events: list[Event] = field(default_factory=list)
    format: str | None = None
    partial: bool = False
    problems: list[Problem] = field(default_factory=list, compare=False)
    provenance: Provenance | None = field(default=None, compare=False, repr=False)


def outside_matches(section: Section) -> list[Board]:
    """The section's boards with the lines that no match of it holds: a reader may keep a
    match's lines in the section's boards too (PBN's teams records, and the canonical JSON
    written from them), and a line is one row. A line is its match's where the match has a
    line of that board at the same round, table, pairs and room.

    >>> line, other = BoardResult(1, 1, 1, 2), BoardResult(1, 2, 2, 1)
    >>> section = Section("A", results=[Board(1, [line, other])])
    >>> section.matches = [Match(1, 1, 2, boards=[Board(1, [BoardResult(1, 1, 1, 2)])])]
    >>> [b.results for b in outside_matches(section)] == [[other]]
    True
    """
    if not section.matches:
        return section.results
    held = {_where(b.number, line) for m in section.matches for b in m.boards for line in b.results}
    boards = []
    for board in section.results:
        lines = [line for line in board.results if _where(board.number, line) not in held]
        if len(lines) == len(board.results):
            boards.append(board)
        elif lines:
            boards.append(Board(board.number, lines, imps=board.imps))
    return boards


def _where(number: int, line: BoardResult) -> tuple[object, ...]:
    """Where a line sat: its board, round, table, pairs and room."""
    return (number, line.round, line.table, line.ns, line.ew, line.room)
