"""A matchpoint session recomputed: every board's points, every total, percentage and rank,
each compared with what the file records (and, when asked, put in its place).

How a file scores is found from the file itself, through the model only: the convention from
each board's top against its results (top n−1: ACBL; 2(n−1): European), the precision from
the recorded points, the rounding (half up, halves to even, cut) and whether short travellers
print unfactored points from which of them the recorded points agree with, the way totals
and percentages are formed likewise (sources in :mod:`.boards` and :mod:`.totals`).

>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p, ew_points=2 - p)
...          for t, s, p in [(1, 420, 2), (2, 170, 1), (3, 170, 1)]]
>>> done = rescore(Results([Event(sections=[Section("A", results=[Board(7, lines)])])]))
>>> [str(d.problem) for d in done.differences][:1]
['event 1, section A, board 7, pairs 2/2: error: N-S matchpoints 1 recorded, 0.5 by the rule']
>>> done.methods[1].describe()
'ACBL matchpoints, top 2, 2 decimals'
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from bridgeio.analysis.scoring.boards import Points, Pool, board_points, played, pools
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.factoring import ROUNDINGS
from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.analysis.scoring.totals import Method, check_totals
from bridgeio.errors import Problem
from bridgeio.model.results import (
    Assigned,
    BoardResult,
    Event,
    EventKind,
    Results,
    Scoring,
    Section,
)

EPS = 1e-6


@dataclass(frozen=True)
class Difference:
    """A recorded figure that differs from its recomputation."""

    place: str
    what: str  # "N-S matchpoints", "total", "percentage", "rank", ...
    recorded: object
    computed: object
    note: str = ""

    @property
    def problem(self) -> Problem:
        """The difference as an error of ``bridgeio validate``."""
        note = f" ({self.note})" if self.note else ""
        return Problem(
            self.place,
            f"{self.what} {_text(self.recorded)} recorded, {_text(self.computed)} by the rule"
            f"{note}",
        )


def _text(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


@dataclass
class Rescoring:
    """What :func:`rescore` found: the differences, what it could not check (each said
    once), the method of each event, and counts of agreement (agreeing, compared)."""

    differences: list[Difference] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    methods: dict[int, Method] = field(default_factory=dict)
    agreement: dict[str, list[int]] = field(
        default_factory=lambda: {k: [0, 0] for k in ("boards", "totals", "percentages", "ranks")}
    )

    def problems(self) -> list[Problem]:
        """Errors for the differences, one warning for each thing not checked."""
        found = [d.problem for d in self.differences]
        return found + [Problem("results", text, "warning") for text in self.unchecked]

    def count(self, what: str, agrees: bool) -> None:
        """Count one comparison of ``what``."""
        self.agreement[what][0] += agrees
        self.agreement[what][1] += 1


def rescore(
    results: Results, convention: Convention | None = None, apply: bool = False
) -> Rescoring:
    """Recompute every matchpoint figure of ``results`` and compare it with the recorded one;
    with ``apply``, put each figure that differs at the file's precision in its place."""
    done = Rescoring()
    for event in results.events:
        if event.kind is not EventKind.PAIRS or event.scoring is not Scoring.MATCHPOINTS:
            done.unchecked.append(
                f"event {event.number}: {event.kind.value} scored by {event.scoring.value}: "
                "matchpoint pairs only are checked here"
            )
            continue
        _event(event, convention, apply, done)
    return done


def score(
    doc: Results, convention: Convention | str | None = None
) -> tuple[Results, list[Difference]]:
    """``doc`` rescored: a copy with every matchpoint figure that differs from the
    recomputation at the file's precision replaced, and the list of those differences.
    ``convention`` ("acbl" or "european") overrides the one found from the file.

    >>> import bridgeio
    >>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=1.0,
    ...          ew_points=1.0) for t, s in [(1, 420), (2, 450)]]
    >>> doc = Results([Event(sections=[Section("A", results=[Board(1, lines)])])])
    >>> new, differences = bridgeio.score(doc, convention="european")
    >>> [(line.ns_points, line.ew_points) for line in new.events[0].sections[0].results[0].results]
    [(0.0, 2.0), (2.0, 0.0)]
    >>> len(differences), doc.events[0].sections[0].results[0].results[0].ns_points
    (4, 1.0)
    """
    chosen = Convention(convention) if isinstance(convention, str) else convention
    rescored = copy.deepcopy(doc)
    rescored.provenance = doc.provenance  # the file's bytes: shared, never changed
    return rescored, rescore(rescored, chosen, apply=True).differences


def _event(event: Event, convention: Convention | None, apply: bool, done: Rescoring) -> None:
    found = pools(event, convention)
    covered = {id(s) for pool in found for s in pool.sections}
    missed = [s.name or "?" for s in event.sections if s.results and id(s) not in covered]
    if missed:
        done.unchecked.append(
            f"event {event.number}: section {', '.join(missed)}: no top fits its results "
            "(no matchpoints recorded, or a convention that does not fit): not checked"
        )
    for pool in found:
        method = _method(pool)
        done.methods.setdefault(event.number, method)
        boards = [
            board_points(pool, lines, method.decimals, method.rounding)
            for _, lines in pool.boards()
        ]
        for number, points in zip((n for n, _ in pool.boards()), boards, strict=True):
            _compare_board(pool, number, points, method, apply, done)
        check_totals(pool, boards, method, apply, done)


def _method(pool: Pool) -> Method:
    """How the pool's file rounds and prints its board points (see the module)."""
    lines = [line for s in pool.sections for b in s.results for line in b.results]
    decimals = 2 if pool.convention is Convention.ACBL else max(1, _decimals(lines))
    boards = [lines for _, lines in pool.boards() if _uneven(pool, lines)]
    scores = {}
    for rounding in ROUNDINGS:
        scores[rounding] = sum(
            _agreeing(board_points(pool, b, decimals, rounding), False) for b in boards
        )
    rounding = max(ROUNDINGS, key=lambda r: scores[r])  # ties: the first, half up
    short = [b for b in boards if sum(played(line) for _, line in b) < pool.results]
    printed = [board_points(pool, b, decimals, rounding) for b in short]
    unfactored = sum(_agreeing(p, True) for p in printed) > sum(
        _agreeing(p, False) for p in printed
    )
    method = Method(pool.convention, pool.top, decimals, rounding, unfactored)
    method.factored = bool(short)
    return method


def _uneven(pool: Pool, lines: list[tuple[Section, BoardResult]]) -> bool:
    """Does the board need factoring or hold an assigned score (where methods differ)?"""
    scores = [line.ns_score for _, line in lines]
    return len(scores) < pool.results or any(type(s) is not int for s in scores)


def _decimals(lines: list[BoardResult]) -> int:
    """The most decimals a recorded point needs (at most 2)."""
    most = 0
    for line in lines:
        for value in (line.ns_points, line.ew_points):
            if value is not None and most < 2:
                most = max(
                    most, next(d for d in (0, 1, 2, 3) if abs(round(value, d) - value) < EPS)
                )
    return min(most, 2)


def _agreeing(points: Points, unfactored: bool) -> int:
    """How many recorded points agree with ``points``."""
    ns, ew = points.unfactored if unfactored else (points.ns, points.ew)
    count = 0
    for k, (_, line) in enumerate(points.lines):
        count += _agrees(line.ns_points, ns[k]) + _agrees(line.ew_points, ew[k])
    return count


def _agrees(recorded: float | None, computed: float) -> bool:
    """A recorded figure against its recomputation (no points: none or 0 recorded)."""
    if np.isnan(computed):
        return recorded is None or recorded == 0
    return recorded is not None and bool(abs(recorded - computed) < EPS)


def _compare_board(
    pool: Pool, number: int, points: Points, method: Method, apply: bool, done: Rescoring
) -> None:
    short = sum(played(line) for _, line in points.lines) < pool.results
    ns, ew = points.unfactored if short and method.short_unfactored else (points.ns, points.ew)
    wrong = []
    for k, (section, line) in enumerate(points.lines):
        for side, recorded, rule in (
            ("N-S", line.ns_points, ns[k]),
            ("E-W", line.ew_points, ew[k]),
        ):
            if not _agrees(recorded, rule):
                wrong.append((k, section, line, side, recorded, rule))
    done.count("boards", not wrong)
    if not wrong:
        return
    adjusted = _left_out(pool, points, method) if len(wrong) > 2 and len(points.lines) > 4 else None
    if adjusted is not None:
        where, line, shares = adjusted
        done.differences.append(
            Difference(
                line_place(pool.event.number, where.name, number, line),
                "score",
                line.ns_score,
                f"an assigned {shares}",
                "its matchpoints are an assigned score's and the board's other lines are "
                "scored with it left out of the field",
            )
        )
    else:
        for _, section, line, side, recorded, rule in wrong:
            place = line_place(pool.event.number, section.name, number, line)
            value = None if np.isnan(rule) else float(rule)
            done.differences.append(
                Difference(place, f"{side} matchpoints", _none(recorded), _none(value))
            )
    if apply:
        for _, _, line, side, _, rule in wrong:
            value = None if np.isnan(rule) else float(rule)
            if side == "N-S":
                line.ns_points = value
            else:
                line.ew_points = value


def _none(value: float | None) -> object:
    return "none" if value is None else value


def _left_out(
    pool: Pool, points: Points, method: Method
) -> tuple[Section, BoardResult, str] | None:
    """The line whose recorded points are an assigned score's, when scoring it as one makes
    every other line of the board agree (the score was kept, the matchpoints adjusted)."""
    for section, line in points.lines:
        if type(line.ns_score) is not int or line.ns_points is None or line.ew_points is None:
            continue
        ns_share, ew_share = (100 * p / pool.top for p in (line.ns_points, line.ew_points))
        if not (ns_share % 5 < EPS and ew_share % 5 < EPS):
            continue
        trial = [(s, _assigned(x, ns_share, ew_share) if x is line else x) for s, x in points.lines]
        again = board_points(pool, trial, method.decimals, method.rounding)
        if _agreeing(again, False) == 2 * len(trial):
            return section, line, f"{ns_share:g}%/{ew_share:g}%"
    return None


def _assigned(line: BoardResult, ns: float, ew: float) -> BoardResult:
    return BoardResult(
        line.round,
        line.table,
        line.ns,
        line.ew,
        Assigned(ns),
        Assigned(ew),
        line.ns_points,
        line.ew_points,
    )
