"""What a file holds, as typed data: the facts ``bridgeio info`` shows a person (its text is
made in :mod:`bridgeio.cli.describe`) and ``bridgeio info --json`` gives a script.

One summary class a document kind (:func:`bridgeio.analysis.overview.summarize` picks it);
deal files' summaries, which need NumPy, are in :mod:`bridgeio.analysis.deal_summary`.
``to_json()`` gives the documented shape (README, "info --json"): the fields below, by name,
with dates as ISO text.

>>> from bridgeio.model.results import Entry, Event, Player, Results, Section
>>> pair = Entry("1NS", 1, "NS", score=61.5, percentage=56.94, rank=1,
...              players=[Player("Smith", "Ann"), Player("Jones", "Bo")])
>>> found = summarize_results(
...     Results([Event(1, "Monday Pairs", sections=[Section("A", entries=[pair])])]), "usebio")
>>> row = found.to_json()["events"][0]["sections"][0]["standings"][0]
>>> row["rank"], row["rank_text"], row["names"], row["percentage"]
(1, '1', ['Ann Smith', 'Bo Jones'], 56.94)
"""

from __future__ import annotations

import dataclasses
import datetime
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from bridgeio.model.document import DocumentKind
from bridgeio.model.results import Entry, Event, Results, Scoring, Section

if TYPE_CHECKING:
    from bridgeio.model.chess import TournamentIndex
    from bridgeio.model.movement import Movement

JSON = dict[str, Any]


class Summary:
    """What every summary offers: its kind and its JSON."""

    kind: ClassVar[str]

    def to_json(self) -> JSON:
        """The documented ``info --json`` shape: ``format`` and ``kind`` first, then the
        fields of the summary by name."""
        assert dataclasses.is_dataclass(self)
        data = {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"format": data.pop("format"), "kind": self.kind, **data}


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


# ------------------------------------------------------------------------------ results


@dataclass(frozen=True)
class ProblemLine:
    """A problem with the file, where it is and how bad."""

    severity: str  # "error" or "warning"
    place: str
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class AwardLine:
    """One award of an entry in this event (masterpoints and the like) and its colour."""

    points: float
    color: str


@dataclass(frozen=True)
class Standing:
    """One entry of a section's standings, as results pages show it."""

    direction: str | None
    rank: int | None
    rank_text: str  # "3", a tie "3=" or the span "6-7" a file records; "" when unranked
    number: int
    score: float | None
    percentage: float | None
    names: list[str]  # a team's name, else its players' names
    awards: list[AwardLine]


@dataclass(frozen=True)
class SectionSummary:
    """A section's shape and its standings, by direction then rank."""

    name: str
    movement: str
    tables: int | None
    rounds: int | None
    boards: int | None
    top: float | None
    standings: list[Standing]


@dataclass(frozen=True)
class EventSummary:
    """An event: what it is, when and where, and its sections."""

    number: int
    name: str
    session: str
    date: datetime.date | None
    club: str
    club_number: str
    kind: str
    scoring: str
    match_scoring: str | None  # a teams event's matches (VPs), where the file says
    pairwise_scoring: str | None  # its pairs' boards against the field (cross-IMPs)
    scoring_text: str  # all three in words: "VPs (IMPs a board, pairwise cross-IMPs)"
    rating: str
    sections: list[SectionSummary]


@dataclass(frozen=True)
class ResultsSummary(Summary):
    """A results file: its events, and whether it was read only in part."""

    kind: ClassVar[str] = DocumentKind.RESULTS.value
    format: str
    partial: bool
    problems: list[ProblemLine]  # what the reader recorded on the results (a damaged part)
    events: list[EventSummary]


def summarize_results(results: Results, fmt: str) -> ResultsSummary:
    """Events, sections and each section's standings with names, scores and percentages."""
    return ResultsSummary(
        fmt,
        results.partial,
        [ProblemLine(p.severity, p.place, p.message) for p in results.problems],
        [_event(event) for event in results.events],
    )


def _event(event: Event) -> EventSummary:
    return EventSummary(
        event.number,
        event.name,
        event.session_name,
        event.date,
        event.club,
        event.club_number,
        str(event.kind),
        str(event.scoring),
        None if event.match_scoring is None else str(event.match_scoring),
        None if event.pairwise_scoring is None else str(event.pairwise_scoring),
        scoring_words(event, kind=False),
        event.rating,
        [summarize_section(section) for section in event.sections],
    )


_NAMES = {
    Scoring.IMPS: "IMPs",
    Scoring.CROSS_IMPS: "cross-IMPs",
    Scoring.BUTLER: "Butler IMPs",
    Scoring.VICTORY_POINTS: "VPs",
}


def scoring_words(event: Event, kind: bool = True) -> str:
    """How an event is scored, as its file states it: the kind (with ``kind``), then the
    scoring, with how its boards and its pairs are scored where the file says more.

    >>> scoring_words(Event(scoring=Scoring.CROSS_IMPS))
    'pairs, cross imps'
    >>> from bridgeio.model.results import EventKind
    >>> teams = Event(kind=EventKind.TEAMS, scoring=Scoring.IMPS,
    ...               match_scoring=Scoring.VICTORY_POINTS, pairwise_scoring=Scoring.CROSS_IMPS)
    >>> scoring_words(teams), scoring_words(teams, kind=False)
    ('teams, VPs (IMPs a board, pairwise cross-IMPs)', 'VPs (IMPs a board, pairwise cross-IMPs)')
    """
    text = event.scoring.value.replace("_", " ")
    more = []
    match = event.match_scoring
    if match is not None and match is not event.scoring:
        text = _NAMES.get(match, match.value.replace("_", " "))
        more.append(f"{_NAMES.get(event.scoring, event.scoring.value)} a board")
    if event.pairwise_scoring is not None:
        more.append(f"pairwise {_NAMES.get(event.pairwise_scoring, event.pairwise_scoring.value)}")
    text += f" ({', '.join(more)})" if more else ""
    return f"{event.kind.value}, {text}" if kind else text


def summarize_section(section: Section) -> SectionSummary:
    """A section's shape and its standings: each direction's entries by rank (then score)."""
    groups: dict[str | None, list[Entry]] = {}
    for entry in section.entries:
        groups.setdefault(entry.direction, []).append(entry)
    standings = []
    for entries in groups.values():
        ranked = sorted(entries, key=lambda e: (e.rank or 10**6, -(e.score or 0)))
        shared = Counter(e.rank for e in ranked if e.rank)
        standings += [_standing(e, e.rank is not None and shared[e.rank] > 1) for e in ranked]
    return SectionSummary(
        section.name,
        section.movement,
        section.tables,
        section.rounds,
        section.boards,
        section.board_top,
        standings,
    )


def _standing(entry: Entry, shared: bool) -> Standing:
    names = [entry.name] if entry.name else [p.name for p in entry.players if p.name]
    return Standing(
        entry.direction,
        entry.rank,
        rank_text(entry, shared),
        entry.number,
        entry.score,
        entry.percentage,
        names,
        [AwardLine(a.points, a.color) for a in awards(entry)],
    )


def rank_text(entry: Entry, shared: bool = False) -> str:
    """An entry's rank as results pages show it: ``3``, a tie ``3=`` (or ``3-4`` where the
    file records the places the tie spans); empty when the file ranks it not.

    >>> from bridgeio.model.results import StratRank
    >>> rank_text(Entry("1", 1, rank=3)), rank_text(Entry("1", 1, rank=3, tied=True))
    ('3', '3=')
    >>> rank_text(Entry("1", 1, rank=6, ranks=[StratRank(6, section_low=6, section_high=7)]))
    '6-7'
    """
    if not entry.rank:
        return ""
    if entry.ranks:
        first = entry.ranks[0]  # the open (first) strat's, whose rank the entry's is
        if first.section_high > first.section_low and first.section_low <= entry.rank:
            return f"{first.section_low}-{first.section_high}"
    return f"{entry.rank}=" if entry.tied or shared else str(entry.rank)


def awards(entry: Entry) -> list[Any]:
    """An entry's awards of this event: the current ones where the file tells them from the
    running totals, else the totals; those worth nothing left out.

    >>> from bridgeio.model.results import Award
    >>> awards(Entry("1", 1, awards={"current": [Award(1.15, "R"), Award(0, "B")]}))
    [Award(points=1.15, color='R', ranking='')]
    """
    found = entry.awards.get("current") or entry.awards.get("total") or []
    return [a for a in found if a.points]


# ----------------------------------------------------------------------------- movements


@dataclass(frozen=True)
class RoundSeat:
    """Where a contestant sits in one round."""

    table: int
    direction: str
    group: str


@dataclass(frozen=True)
class MovementSummary(Summary):
    """A schedule: its size, the round x table grid and each contestant's guide card."""

    kind: ClassVar[str] = DocumentKind.MOVEMENT.value
    format: str
    participants: int
    individual: bool
    tables: int
    rounds: int
    board_groups: int
    flags: list[str]
    comment: str
    compact: bool  # H/M: only round 1 given, later rounds not known
    schedule: list[list[list[int] | None]]  # [round][table]: the seats, None where unused
    groups: list[list[str | None]]  # [round][table]: the board group
    guide_cards: dict[int, list[RoundSeat | None]]  # contestant: each round's seat, None if out
    trailing: str


def summarize_movement(movement: Movement, fmt: str) -> MovementSummary:
    """The schedule as a grid, and each contestant's rounds."""
    everyone = movement.seatings()
    rounds = len(movement.schedule)
    cards: dict[int, list[RoundSeat | None]] = {}
    for contestant in range(1, movement.participants + 1):
        seats: list[RoundSeat | None] = [None] * rounds
        for round_number, table, direction, group in everyone.get(contestant, []):
            seats[round_number - 1] = RoundSeat(table, direction, group)
        cards[contestant] = seats
    return MovementSummary(
        fmt,
        movement.participants,
        movement.individual,
        movement.tables,
        movement.rounds,
        movement.groups,
        list(movement.flags),
        movement.comment,
        movement.compact,
        [[None if t is None else list(t.seats) for t in row] for row in movement.schedule],
        [[None if t is None else t.group for t in row] for row in movement.schedule],
        cards,
        movement.trailing,
    )


# --------------------------------------------------------------------------- tournaments


@dataclass(frozen=True)
class TournamentLine:
    """One tournament of a ChessBase index."""

    id: int
    date: str | None  # ISO, partly known dates as "1886-01" or "1886"
    title: str
    place: str
    nation: str
    pairing: str
    rounds: int
    games: int


@dataclass(frozen=True)
class TournamentsSummary(Summary):
    """A tournament index: its tournaments in sort order."""

    kind: ClassVar[str] = DocumentKind.TOURNAMENTS.value
    format: str
    slots: int
    tournaments: list[TournamentLine] = field(default_factory=list)


def summarize_tournaments(index: TournamentIndex, fmt: str) -> TournamentsSummary:
    """Tournaments in the file's sort order (deleted slots left out)."""
    lines = []
    for slot in index.sort_order():
        t = index.tournaments[slot]
        if t is None:  # a deleted slot is never in the sort order
            continue
        date = t.date.iso() or None
        lines.append(
            TournamentLine(slot, date, t.title, t.place, t.nation, t.pairing, t.rounds, t.games)
        )
    return TournamentsSummary(fmt, len(index.tournaments), lines)
