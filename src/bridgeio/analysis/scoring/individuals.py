"""Individual events: each seat's matchpoints, each player's total, percentage and rank.

A table's North and South share N-S's matchpoints on the board, East and West E-W's. The
units are found from the recorded points (or, where a file left them out, from its totals):
1 or 2 per score beaten (:class:`.matchpoints.Convention`), and whether they are centred on
the board's average, the points less half the top, as Ruter's "MatchPoints;MP1" individuals
print them (a top on a board of five results is +4, an average 0; found in the corpus file,
whose percentages are 50 + 50·total/Σ(top/2)). A board played fewer times than the most is
factored with Neuberg (:mod:`.factoring`) before it is centred. A player's percentage is the
share of the tops of the boards they played, a rank counts the players with a higher total
(equal totals share a place, :func:`.imp_events.ranks`).

A factored board's points are printed at the file's precision, rounded as its figures show
(:data:`.factoring.ROUNDINGS`: Ruter rounds halves away from zero); a player's total is the
sum of the board figures as printed (Ruter's individuals: 620.7 recorded where the unrounded
figures add up to 620.6) or of the unrounded ones rounded once, whichever the file's totals
follow (the percentages likewise).

>>> from bridgeio.model.results import Board, BoardResult, Event, EventKind, Results, Section
>>> table = [(1, 420, (0, 6, 0, 6)), (2, 450, (4, 2, 4, 2)), (3, 450, (3, 3, 3, 3)),
...          (4, 500, (6, 0, 6, 0))]
>>> lines = [BoardResult(1, t, t, t + 2, s, -s, seats=(t, t + 4, t + 8, t + 12), points=p)
...          for t, s, p in table]
>>> event = Event(kind=EventKind.INDIVIDUAL, sections=[Section("", results=[Board(1, lines)])])
>>> done = Rescoring()
>>> rescore_individuals(event, None, True, done)
>>> [str(d.problem) for d in done.differences][:1]
['event 1, board 1, table 2, player 2 (North): error: matchpoints 4 recorded, 3 by the rule']
>>> [line.points for line in lines][1], done.methods[1].describe()
((3.0, 3.0, 3.0, 3.0), 'European matchpoints per seat, top 6')

Where no known rule reproduces the bulk of the seat points, that is one warning (nothing
rewritten: :mod:`.report`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.factoring import ROUNDINGS, neuberg, to_precision
from bridgeio.analysis.scoring.imp_events import ranks
from bridgeio.analysis.scoring.imp_totals import decimals_of, round_half_away
from bridgeio.analysis.scoring.matchpoints import Convention, matchpoints
from bridgeio.analysis.scoring.report import Difference, Rescoring, reproduces
from bridgeio.model.results import BoardResult, Entry, Event, Section

Floats = npt.NDArray[np.float64]
SEATS = ("North", "East", "South", "West")  # the order of a line's seats and points
TOLERANCE = 0.005


@dataclass(frozen=True)
class Units:
    """How an individual's board points are counted."""

    convention: Convention
    centred: bool  # the points less half the board's top (the average is 0)
    top: int = 0  # the most common top, for a report
    decimals: int = 0
    rounding: str = ROUNDINGS[0]
    exact: bool = False  # totals from the unrounded board figures (else as printed)

    def describe(self) -> str:
        """``European matchpoints per seat, centred on the average, top 8``."""
        name = "ACBL" if self.convention is Convention.ACBL else "European"
        centred = ", centred on the average" if self.centred else ""
        places = f", {self.decimals} decimals" if self.decimals else ""
        if self.decimals and self.rounding != ROUNDINGS[0]:
            places += f" ({self.rounding})"
        totals = ", totals from the unrounded figures" if self.exact else ""
        return f"{name} matchpoints per seat{centred}, top {self.top}{places}{totals}"


@dataclass
class _Board:
    number: int
    lines: list[tuple[Section, BoardResult]]


def _boards(event: Event) -> list[_Board]:
    """Every board of the event, its sections pooled; only lines with four seats."""
    found: dict[int, _Board] = {}
    for section in event.sections:
        for board in section.results:
            pooled = found.setdefault(board.number, _Board(board.number, []))
            pooled.lines.extend((section, x) for x in board.results if x.seats is not None)
    return [found[n] for n in sorted(found)]


def _scored(board: _Board, units: Units, most: int, exact: bool = False) -> Floats:
    """Each line's four seats' points (NaN where the line has no score in points), as
    printed (``exact``: unrounded)."""
    points = np.full((len(board.lines), 4), np.nan)
    played = [i for i, (_, x) in enumerate(board.lines) if type(x.ns_score) is int]
    if not played:
        return points
    lines = [board.lines[i][1] for i in played]
    ns_scores = np.asarray([x.ns_score for x in lines], dtype=np.float64)
    ew_scores = np.asarray(
        [
            x.ew_score if type(x.ew_score) is int else -s
            for x, s in zip(lines, ns_scores, strict=True)
        ],
        dtype=np.float64,
    )
    convention = units.convention
    ns = neuberg(matchpoints(ns_scores, convention), most, convention)
    ew = neuberg(matchpoints(ew_scores, convention), most, convention)
    offset = convention.top(most) / 2 if units.centred else 0.0
    ns, ew = ns - offset, ew - offset
    points[played] = np.stack([ns, ew, ns, ew], axis=1)
    return points if exact else to_precision(points, units.decimals, units.rounding)


def _recorded(board: _Board) -> Floats:
    return np.asarray(
        [[np.nan if p is None else p for p in (x.points or (None,) * 4)] for _, x in board.lines],
        dtype=np.float64,
    ).reshape(len(board.lines), 4)


@dataclass
class _Tally:
    points: float = 0.0
    tops: float = 0.0  # the tops of the boards played, in the units' percentage base
    offsets: float = 0.0
    boards: int = 0


def _tallies(
    event: Event, boards: list[_Board], scored: list[Floats], units: Units, most: int
) -> dict[tuple[str, int], _Tally]:
    tallies: dict[tuple[str, int], _Tally] = {}
    top = float(units.convention.top(most))
    offset = top / 2 if units.centred else 0.0
    for board, points in zip(boards, scored, strict=True):
        recorded = _recorded(board)
        for i, (section, line) in enumerate(board.lines):
            assert line.seats is not None
            for seat, player in enumerate(line.seats):
                value = points[i, seat] if not np.isnan(points[i, seat]) else recorded[i, seat]
                if np.isnan(value):
                    continue
                tally = tallies.setdefault((section.name, player), _Tally())
                tally.points += float(value)
                tally.tops += top
                tally.offsets += offset
                tally.boards += 1
    return tallies


def _most(boards: list[_Board]) -> int:
    counts = [sum(type(x.ns_score) is int for _, x in b.lines) for b in boards]
    return max(counts, default=0)


def _agreement(boards: list[_Board], units: Units, most: int) -> tuple[int, int]:
    agree = checked = 0
    for board in boards:
        recorded, points = _recorded(board), _scored(board, units, most)
        both = ~np.isnan(recorded) & ~np.isnan(points)
        checked += int(both.sum())
        agree += int((both & (np.abs(np.nan_to_num(recorded) - points) <= TOLERANCE)).sum())
    return agree, checked


def _decimals(boards: list[_Board]) -> int:
    values = np.concatenate([_recorded(b).ravel() for b in boards] or [np.zeros(0)])
    values = values[~np.isnan(values)]
    for decimals in (0, 1):
        if np.all(np.abs(np.round(values, decimals) - values) < 1e-6):
            return decimals
    return 2


CANDIDATES = [Units(c, centred) for centred in (True, False) for c in Convention]


def detect_units(event: Event, convention: Convention | None = None) -> Units | None:
    """The units the event's recorded seat points fit best (or, where none is recorded, the
    first whose totals fit every player's), with the rounding of the points and the way of
    the totals the file's figures follow; None when neither says."""
    boards = _boards(event)
    most, decimals = _most(boards), _decimals(boards)
    candidates = [
        Units(u.convention, u.centred, u.convention.top(most), decimals)
        for u in CANDIDATES
        if convention is None or u.convention is convention
    ]
    tried = [(_agreement(boards, u, most), u) for u in candidates]
    (best, checked), units = max(tried, key=lambda t: t[0][0])
    if checked:
        return _totalled(event, boards, _rounded(boards, units, most, best, checked), most)
    if not any(
        x.score is not None or x.rank is not None for s in event.sections for x in s.entries
    ):
        return None
    for units in candidates:
        if not _entry_differences(event, boards, units, most, False):
            return units
    return None


def _rounded(boards: list[_Board], units: Units, most: int, best: int, checked: int) -> Units:
    """``units`` with the rounding most seat points agree with (the first of the best: halves
    up; looked for only where a point disagrees and the points have decimals)."""
    if best == checked or not units.decimals:
        return units
    for rounding in ROUNDINGS[1:]:
        trial = replace(units, rounding=rounding)
        agree = _agreement(boards, trial, most)[0]
        if agree > best:
            best, units = agree, trial
    return units


def _totalled(event: Event, boards: list[_Board], units: Units, most: int) -> Units:
    """``units`` with the totals from the unrounded board figures where more of the file's
    totals and percentages agree so than from the figures as printed."""
    if not units.decimals:
        return units
    printed = _entry_differences(event, boards, units, most, False)
    if not printed:
        return units
    exact = replace(units, exact=True)
    return (
        exact
        if len(_entry_differences(event, boards, exact, most, False)) < len(printed)
        else units
    )


def rescore_individuals(
    event: Event, convention: Convention | None, apply: bool, done: Rescoring
) -> None:
    """An individual event rescored in the units its figures fit (see the module)."""
    units = detect_units(event, convention)
    if units is None:
        done.unchecked.append(
            f"event {event.number}: individual with no matchpoints, totals or percentages "
            "that fit a convention: not checked"
        )
        return
    done.methods.setdefault(event.number, units)
    boards = _boards(event)
    most = _most(boards)
    agree, checked = _agreement(boards, units, most)
    if convention is None and not reproduces(agree, checked):  # (seat points, one a seat)
        where = f"event {event.number}"
        done.not_reproduced(where, "seat points", units.describe(), agree, checked)
        return
    for board in boards:
        _compare_board(event, board, units, most, apply, done)
    for difference in _entry_differences(event, boards, units, most, apply, done):
        done.differences.append(difference)


def _compare_board(
    event: Event, board: _Board, units: Units, most: int, apply: bool, done: Rescoring
) -> None:
    recorded, points = _recorded(board), _scored(board, units, most)
    off = ~np.isnan(points) & (
        np.isnan(recorded) | (np.abs(np.nan_to_num(recorded) - points) > TOLERANCE)
    )
    done.count("boards", not off.any())
    for i in np.flatnonzero(off.any(axis=1)).tolist():
        section, line = board.lines[i]
        assert line.seats is not None
        where = f", section {section.name}" if section.name else ""
        for seat in np.flatnonzero(off[i]).tolist():
            place = (
                f"event {event.number}{where}, board {board.number}, table {line.table}, "
                f"player {line.seats[seat]} ({SEATS[seat]})"
            )
            was = "none" if np.isnan(recorded[i, seat]) else float(recorded[i, seat])
            done.differences.append(Difference(place, "matchpoints", was, float(points[i, seat])))
        if apply:
            kept = np.where(np.isnan(points[i]), recorded[i], points[i])
            line.points = tuple(None if np.isnan(v) else float(v) for v in kept)  # type: ignore[assignment]


def _entry_differences(
    event: Event,
    boards: list[_Board],
    units: Units,
    most: int,
    apply: bool,
    done: Rescoring | None = None,
) -> list[Difference]:
    """Each player's total, percentage and rank against the recomputation."""
    scored = [_scored(b, units, most, units.exact) for b in boards]
    tallies = _tallies(event, boards, scored, units, most)
    entries = [(s, x) for s in event.sections for x in s.entries]
    figures = [_figures(tallies.get((s.name, x.number))) for s, x in entries]
    if units.exact:  # (summed unrounded: rounded once, at the precision the file prints)
        figures = _printed(figures, entries)
    totals = np.asarray([f[0] for f in figures])
    low, high = ranks(np.round(totals, 2), [f[2] == 0 for f in figures])
    found = []
    for k, (section, entry) in enumerate(entries):
        found.extend(
            _entry(event, section, entry, figures[k], (int(low[k]), int(high[k])), apply, done)
        )
    return found


def _printed(
    figures: list[tuple[float, float | None, int]], entries: list[tuple[Section, Entry]]
) -> list[tuple[float, float | None, int]]:
    """Totals and percentages at the decimals the file prints them with."""
    places = [
        decimals_of([getattr(x, name) for _, x in entries if getattr(x, name) is not None])
        for name in ("score", "percentage")
    ]
    return [
        (
            float(round_half_away(t, places[0])),
            None if p is None else float(round_half_away(p, places[1])),
            n,
        )
        for t, p, n in figures
    ]


def _figures(tally: _Tally | None) -> tuple[float, float | None, int]:
    if tally is None or not tally.boards:
        return 0.0, None, 0
    return tally.points, 100 * (tally.points + tally.offsets) / tally.tops, tally.boards


def _entry(
    event: Event,
    section: Section,
    entry: Entry,
    figures: tuple[float, float | None, int],
    place: tuple[int, int],
    apply: bool,
    done: Rescoring | None,
) -> list[Difference]:
    where = f", section {section.name}" if section.name else ""
    at = f"event {event.number}{where}, player {entry.id}"
    total, percentage, _ = figures
    found = []
    for what, recorded, value in (
        ("totals", entry.score, round(total, 2)),
        ("percentages", entry.percentage, None if percentage is None else round(percentage, 2)),
    ):
        if recorded is None or value is None:
            continue
        right = abs(recorded - value) <= TOLERANCE + 1e-9
        if done is not None:
            done.count(what, right)
        if not right:
            found.append(Difference(at, what[:-1], recorded, value))
            if apply:
                setattr(entry, "score" if what == "totals" else "percentage", value)
    low, high = place
    if entry.rank is not None:
        right = entry.rank == low and entry.tied == (high > low)
        if done is not None:
            done.count("ranks", right)
        if not right:
            tie = f"{low}-{high}" if high > low else str(low)
            found.append(Difference(at, "rank", entry.rank, tie))
            if apply:
                entry.rank, entry.tied = low, high > low
    return found
