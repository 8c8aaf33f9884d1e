"""Results of duplicate bridge sessions: events, sections, entries (pairs, teams, individuals),
players and every board's results. Format-neutral: ACBLscore and USEBIO both map onto it.

Special results (a board not played normally) are strings in place of a score:
``"late_play"``, ``"not_played"``, ``"ave-"``, ``"ave"``, ``"ave+"``.
"""

from __future__ import annotations

from collections import UserList
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SPECIAL_RESULTS = ("late_play", "not_played", "not_in_play", "ave-", "ave", "ave+")

Score = int | str | None
"""A raw score (points for that side, e.g. 420 or -50) or one of :data:`SPECIAL_RESULTS`."""


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
class Player:
    last_name: str = ""
    first_name: str = ""
    player_number: str = ""
    masterpoints: int | None = None
    city: str = ""
    state: str = ""
    country: str = ""
    rank: str = ""
    awards: dict[str, list[Award]] = field(default_factory=dict)  # "previous", "current", "total"
    extra: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass
class Entry:
    """A pair, team or individual as ranked: ``id`` is how players see it (``"3NS"``)."""

    id: str
    number: int
    direction: str | None = None  # "NS", "EW", or None (Howell pairs, teams)
    score: float | None = None
    percentage: float | None = None
    rank: int | None = None
    strat: int | None = None
    players: list[Player] = field(default_factory=list)
    awards: dict[str, list[Award]] = field(default_factory=dict)
    ranks: list[StratRank] = field(default_factory=list)  # one per strat
    boards_played: int | None = None
    extra: dict = field(default_factory=dict)  # what only some formats hold


@dataclass
class BoardResult:
    """One table's result on one board. For individual events ``seats`` holds the four
    players (N, E, S, W) and ``ns``/``ew`` are North's and East's numbers."""

    round: int
    table: int
    ns: int
    ew: int
    ns_score: Score
    ew_score: Score
    ns_points: float | None
    ew_points: float | None
    foul_group: int = 0
    seats: tuple[int, int, int, int] | None = None
    points: tuple[float, float, float, float] | None = None
    contract: str | None = None  # "4SX", "3NT", "PASS"
    declarer: str | None = None  # "N", "E", "S", "W"
    lead: str | None = None  # suit then rank: "HK"
    tricks: int | None = None
    extra: dict = field(default_factory=dict)


class LazyList(UserList):
    """A list made on first use: bulk readers keep a big file's rows as read and build the
    objects only when someone looks (``raw``, the rows as read, stays until then).

    >>> rows = LazyList(lambda: [1, 2, 3]); len(rows), rows[0]
    (3, 1)
    """

    def __init__(self, build: Callable[[], list] | Any = None, raw: Any = None) -> None:
        # (list operations that make new lists, slicing say, pass the items themselves)
        self._build: Callable[[], list] | None = build if callable(build) else None
        self._data: list | None = None if callable(build) else list(build or [])
        self.raw = raw if callable(build) else None

    @property  # type: ignore[override]
    def data(self) -> list:
        if self._data is None:
            self._data = self._build() if self._build else []
            self._build = None
            self.raw = None  # once built, the objects are what counts
        return self._data

    @data.setter
    def data(self, value: list) -> None:
        self._data, self._build, self.raw = value, None, None


@dataclass
class Board:
    number: int
    results: list[BoardResult] = field(default_factory=list)
    extra: dict = field(default_factory=dict)


@dataclass
class Match:
    """One team's match in one round, from that team's side."""

    round: int
    team: int
    opponent: int
    imps: int | None = None
    victory_points: float | None = None
    wins: float | None = None
    boards: int | None = None
    table: int | None = None
    second_opponent: int | None = None  # a short round robin's other opponent


@dataclass
class Section:
    name: str
    movement: str = ""  # "mitchell", "howell", "web", "team", "individual", ...
    tables: int | None = None
    rounds: int | None = None
    boards: int | None = None
    boards_per_round: int | None = None
    board_top: int | None = None
    maximum_score: int | None = None
    entries: list[Entry] = field(default_factory=list)
    results: list[Board] = field(default_factory=list)
    # rounds x tables: (ns, ew, first board) or (n, e, s, w, first board); None for unused
    schedule: list[list[tuple[int, ...] | None]] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)  # team events
    extra: dict = field(default_factory=dict)


@dataclass
class Event:
    number: int
    name: str = ""
    session_name: str = ""
    date: str | None = None  # ISO 8601 where the date could be read, else the text as found
    date_text: str = ""
    club: str = ""
    club_number: str = ""
    director: str = ""
    kind: str = "pairs"  # "pairs", "teams", "individual"
    scoring: str = "matchpoints"
    rating: str = ""
    strats: list[dict] = field(default_factory=list)  # letter, min_mp, max_mp, ...
    sections: list[Section] = field(default_factory=list)
    extra: dict = field(default_factory=dict)


@dataclass
class Results:
    """A results file: one or more events."""

    events: list[Event] = field(default_factory=list)
    format: str | None = None
    partial: bool = False  # True when a damaged file could only be read in part
    problems: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    origin: object | None = field(default=None, repr=False, compare=False)  # the file's bytes
