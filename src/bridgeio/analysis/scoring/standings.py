"""Standings from scratch: each entry's total, percentage and rank made from its board points,
where a section's entries record none (a game as the tables entered it, such as a Bridgemate
database, once :func:`.session.rescore` has put each board's points in place).

The rules are those the checks know (:mod:`.totals`, :mod:`.imp_totals`, :mod:`.ranking`),
so that what is made here checks as made by one of them:

- a pair's points are those of every board it has points on, N-S or E-W (a sit-out's award
  too); the boards it has none on (sat out, not played) are not counted;
- matchpoints: the total is the points summed, scaled to the boards of a full session (the
  most any pair of the session played) for a pair that played fewer, at 2 decimals (ACBLscore's
  stored score); the percentage that total over the top times the boards of a full session
  (a pair that played every board: its points over the tops of its boards);
- IMPs (Butler, cross-IMPs, IMP pairs): the IMPs summed, scaled likewise; no percentage;
- the rank is the place by total in its field: a Mitchell's pairs in their direction within
  their section, a Howell's within their section (sections scored across the field are
  matchpointed as one, :mod:`.boards`, but ranked each alone); equal totals share the best
  place (``tied``).

>>> from bridgeio.model.results import Board, BoardResult, Entry, Event, Results, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t + 2, ns_score=s, ew_score=-s, ns_points=p,
...          ew_points=2 - p) for t, s, p in [(1, 420, 2.0), (2, 170, 0.0)]]
>>> pairs = [Entry(str(n), n) for n in (1, 2, 3, 4)]
>>> doc = Results([Event(sections=[Section("A", results=[Board(1, lines)], entries=pairs)])])
>>> fill_standings(doc)
12
>>> [(e.number, e.score, e.percentage, e.rank) for e in pairs]
[(1, 2.0, 100.0, 1), (2, 0.0, 0.0, 3), (3, 0.0, 0.0, 3), (4, 2.0, 100.0, 1)]
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from bridgeio.model.results import Direction, Entry, Event, EventKind, Results, Scoring, Section

Key = tuple[int, Direction | None]


@dataclass
class Tally:
    """One pair's points and boards played."""

    points: float = 0.0
    boards: int = 0


def fill_standings(results: Results) -> int:
    """Fill each entry's total, percentage (matchpoints) and rank from the board points, in
    every pairs section whose entries record no total, percentage or rank; return how many
    figures were filled (0: none was blank, or no board has points)."""
    filled = 0
    for event in results.events:
        if event.kind is not EventKind.PAIRS:
            continue
        sessions: dict[int | None, list[Section]] = defaultdict(list)
        for section in event.sections:
            if section.entries and _blank(section) and _has_points(section):
                sessions[section.session].append(section)
        for sections in sessions.values():  # (each session its own boards and top)
            filled += _fill_event(event, sections)
    return filled


def _blank(section: Section) -> bool:
    return all(e.score is None and e.percentage is None and e.rank is None for e in section.entries)


def _has_points(section: Section) -> bool:
    lines = (line for board in section.results for line in board.results)
    return any(line.ns_points is not None or line.ew_points is not None for line in lines)


def _fill_event(event: Event, sections: list[Section]) -> int:
    """The standings of sections of one session: a full session's boards and the top are
    theirs."""
    tallies = [_tallies(section) for section in sections]
    full = max((t.boards for found in tallies for t in found.values()), default=0)
    matchpoints = event.scoring is Scoring.MATCHPOINTS
    top = _top(sections) if matchpoints else None
    filled = 0
    for section, found in zip(sections, tallies, strict=True):
        for entry in section.entries:
            tally = found.get(_key(section, entry))
            if tally is None or not tally.boards:
                continue
            entry.score = _stored(tally.points * full / tally.boards)
            entry.boards_played = entry.boards_played or tally.boards
            filled += 1
            if top:
                entry.percentage = _stored(100 * entry.score / (top * full))
                filled += 1
    return filled + _rank(sections)


def _key(section: Section, entry: Entry) -> Key:
    return entry.number, entry.direction if section.directional else None


def _tallies(section: Section) -> dict[Key, Tally]:
    """Each pair's points and boards (by number, and direction in a Mitchell)."""
    directed = section.directional
    found: dict[Key, Tally] = defaultdict(Tally)
    for board in section.results:
        for line in board.results:
            for number, points, direction in (
                (line.ns, line.ns_points, Direction.NS),
                (line.ew, line.ew_points, Direction.EW),
            ):
                if number and points is not None:
                    tally = found[number, direction if directed else None]
                    tally.points += points
                    tally.boards += 1
    return found


def _top(sections: list[Section]) -> float | None:
    """A board's top: the recorded one, else what both sides of a scored line share."""
    recorded = {s.board_top for s in sections if s.board_top}
    if recorded:
        return float(max(recorded))
    shared = [
        line.ns_points + line.ew_points
        for section in sections
        for board in section.results
        for line in board.results
        if line.ns_points is not None
        and line.ew_points is not None
        and isinstance(line.ns_score, int)
        and isinstance(line.ew_score, int)
    ]
    return max(shared, default=None)


def _rank(sections: list[Section]) -> int:
    """Each entry's place by total in its field: a Mitchell's direction within its section,
    or the section (as ACBLscore ranks sections not "ranked together", and as most programs
    rank a club's sections). Equal totals share the best place. How many ranks were given."""
    fields: dict[tuple[int, Direction | None], list[Entry]] = defaultdict(list)
    for index, section in enumerate(sections):
        for entry in section.entries:
            if entry.score is not None:
                way = entry.direction if section.directional else None
                fields[index, way].append(entry)
    for entries in fields.values():
        totals = [entry.score or 0.0 for entry in entries]
        for entry in entries:
            own = entry.score or 0.0
            entry.rank = 1 + sum(total > own + 1e-9 for total in totals)
            entry.tied = sum(abs(total - own) < 1e-9 for total in totals) > 1
    return sum(len(entries) for entries in fields.values())


def _stored(value: float) -> float:
    """A figure at 2 decimals, halves up."""
    return math.floor(value * 100 + 0.5 + 1e-6) / 100


def recorded(results: Results) -> bool:
    """Whether any pairs line records its points or any entry a total, percentage or rank
    (False: a game as the tables entered it, to be scored from scratch).

    >>> from bridgeio.model.results import Board, BoardResult, Event, Section
    >>> game = Results([Event(sections=[Section("A", results=[Board(1, [BoardResult(1, 1, 1, 2,
    ...     ns_score=420, ew_score=-420)])])])])
    >>> recorded(game), recorded(as_scored(game, Scoring.BUTLER))
    (False, False)
    """
    return any(
        line.ns_points is not None or line.ew_points is not None
        for event in results.events
        for section in event.sections
        for board in section.results
        for line in board.results
    ) or any(not _blank(s) for event in results.events for s in event.sections if s.entries)


def as_scored(results: Results, scoring: Scoring) -> Results:
    """``results`` with every pairs event to be scored by ``scoring`` (a director's choice):
    where an event was scored otherwise, its recorded board points and standings are set
    aside, to be made again from the scores (the document is changed and returned)."""
    for event in results.events:
        if event.kind is not EventKind.PAIRS or event.scoring is scoring:
            continue
        event.scoring = scoring
        for section in event.sections:
            for board in section.results:
                for line in board.results:
                    line.ns_points = line.ew_points = None
            for entry in section.entries:
                entry.score = entry.percentage = None
                entry.rank, entry.tied = None, False
    return results
