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

import numpy as np

from bridgeio.analysis.scoring.boards import Pool, pools
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.factoring import ROUNDINGS
from bridgeio.analysis.scoring.field import (
    Flat,
    Sides,
    agreeing,
    both,
    exact,
    field_sizes,
    flatten_board,
    results,
)
from bridgeio.analysis.scoring.imp_events import rescore_imps
from bridgeio.analysis.scoring.individuals import rescore_individuals
from bridgeio.analysis.scoring.matches import rescore_matches
from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring
from bridgeio.analysis.scoring.totals import check_totals
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
IMP_PAIRS = (Scoring.BUTLER, Scoring.CROSS_IMPS, Scoring.IMPS)  # by :mod:`.imp_events`
TEAM_SCORING = (Scoring.IMPS, Scoring.VICTORY_POINTS)  # team matches, by :mod:`.matches`


def rescore(
    results: Results, convention: Convention | None = None, apply: bool = False
) -> Rescoring:
    """Recompute every matchpoint figure of ``results`` (and every IMP figure of a Butler or
    cross-IMP pairs event, by the rules its figures fit) and compare it with the recorded one;
    with ``apply``, put each figure that differs at the file's precision in its place."""
    done = Rescoring()
    for event in results.events:
        if event.kind is EventKind.PAIRS and event.scoring is Scoring.MATCHPOINTS:
            _event(event, convention, apply, done)
        elif event.kind is EventKind.PAIRS and event.scoring in IMP_PAIRS:
            rescore_imps(event, apply, done)
        elif event.kind is EventKind.INDIVIDUAL and event.scoring is Scoring.MATCHPOINTS:
            rescore_individuals(event, convention, apply, done)
        elif event.kind is EventKind.TEAMS and event.scoring in TEAM_SCORING:
            rescore_matches(event, apply, done)
        else:
            done.unchecked.append(
                f"event {event.number}: {event.kind.value} scored by {event.scoring.value}: "
                "matchpoint and IMP pairs, matchpoint individuals and IMP team matches only "
                "are checked here"
            )
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
    rescored, done = rescored_copy(doc, convention)
    return rescored, done.differences


def rescored_copy(
    doc: Results, convention: Convention | str | None = None
) -> tuple[Results, Rescoring]:
    """:func:`score` with the whole report: the rescored copy and what the rescoring found
    (methods, what it could not check, agreement)."""
    chosen = Convention(convention) if isinstance(convention, str) else convention
    rescored = copy.deepcopy(doc)
    rescored.provenance = doc.provenance  # the file's bytes: shared, never changed
    return rescored, rescore(rescored, chosen, apply=True)


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
        flat = pool.lines()
        method, printed, rounded, exact_points = _method(pool, flat)
        done.methods.setdefault(event.number, method)
        _compare(pool, flat, printed, method, apply, done)
        check_totals(pool, flat, rounded, exact_points, method, apply, done)


def _method(pool: Pool, flat: Flat) -> tuple[Method, Sides, Sides, Sides]:
    """How the pool's file rounds and prints its board points (see the module), with the
    points as printed on the travellers, as totalled (rounded) and exact."""
    decimals = 2 if pool.convention is Convention.ACBL else max(1, _decimals(flat))
    factored, unfactored_points = both(flat, pool)
    played = results(flat)
    sizes = field_sizes(flat)
    uneven = ((sizes < pool.results) | (sizes < played))[flat.group]  # factored or assigned
    rounding = ROUNDINGS[0]
    if uneven.any():  # where the roundings can differ: the one most points agree with
        part = factored.part(uneven)
        agreement: dict[str, int] = {}
        for r in ROUNDINGS:  # (the first that fits every point: none can do better)
            agreement[r] = int(agreeing(flat, part.rounded(decimals, r), uneven).sum())
            if agreement[r] == 2 * part.ns.size:
                break
        rounding = max(agreement, key=lambda r: agreement[r])  # ties: the first, half up
    rounded = factored.rounded(decimals, rounding)
    short = (played < pool.results)[flat.group]
    printed, unfactored = rounded, False
    if short.any():
        plain = unfactored_points.rounded(decimals, rounding)
        unfactored = bool(
            agreeing(flat, plain.part(short), short).sum()
            > agreeing(flat, rounded.part(short), short).sum()
        )
        if unfactored:
            printed = Sides(
                np.where(short, plain.ns, rounded.ns), np.where(short, plain.ew, rounded.ew)
            )
    method = Method(pool.convention, pool.top, decimals, rounding, unfactored)
    method.factored = bool((sizes < pool.results).any())
    return method, printed, rounded, factored


def _decimals(flat: Flat) -> int:
    """The most decimals a recorded point needs (at most 2)."""
    values = np.concatenate(flat.recorded)
    values = values[~np.isnan(values)]
    for decimals in (0, 1):
        if np.all(np.abs(np.round(values, decimals) - values) < EPS):
            return decimals
    return 2


def _compare(
    pool: Pool, flat: Flat, printed: Sides, method: Method, apply: bool, done: Rescoring
) -> None:
    """Every board's recorded points against ``printed``; a difference for each line that
    differs (or one for a line whose points are an assigned score's)."""
    wrong = agreeing(flat, printed) < 2
    bad = np.unique(flat.group[wrong])
    done.agreement["boards"][0] += len(flat.numbers) - bad.size
    done.agreement["boards"][1] += len(flat.numbers)
    for group in bad.tolist():
        at = np.flatnonzero(flat.group == group)
        lines = [flat.line(k) for k in at.tolist()]
        number = flat.numbers[group]
        adjusted = _left_out(pool, number, lines, method) if wrong[at].sum() > 1 else None
        if adjusted is not None:
            where, line, shares = adjusted
            done.differences.append(
                Difference(
                    line_place(pool.event.number, where.name, number, line),
                    "score",
                    line.ns_score,
                    f"an assigned {shares}",
                    "its matchpoints are an assigned score's and the board's other lines are "
                    "scored with it left out of the field; the board is left as recorded",
                )
            )
            continue  # a finding for the director: the recorded points are not rewritten
        for k in at.tolist():
            section, line = flat.line(k)
            for side, recorded, rule in (
                ("N-S", line.ns_points, float(printed.ns[k])),
                ("E-W", line.ew_points, float(printed.ew[k])),
            ):
                if _agrees(recorded, rule):
                    continue
                value = None if np.isnan(rule) else rule
                place = line_place(pool.event.number, section.name, number, line)
                done.differences.append(
                    Difference(place, f"{side} matchpoints", _none(recorded), _none(value))
                )
                if apply:
                    setattr(line, "ns_points" if side == "N-S" else "ew_points", value)


def _agrees(recorded: float | None, computed: float) -> bool:
    """A recorded figure against its recomputation (no points: none or 0 recorded)."""
    if np.isnan(computed):
        return recorded is None or recorded == 0
    return recorded is not None and bool(abs(recorded - computed) < EPS)


def _none(value: float | None) -> object:
    return "none" if value is None else value


def _left_out(
    pool: Pool, number: int, lines: list[tuple[Section, BoardResult]], method: Method
) -> tuple[Section, BoardResult, str] | None:
    """The line whose recorded points are an assigned score's, when scoring it as one makes
    every other line of the board agree (the score was kept, the matchpoints adjusted)."""
    if len(lines) < 5:  # on a small board, too many readings fit
        return None
    for section, line in lines:
        if type(line.ns_score) is not int or line.ns_points is None or line.ew_points is None:
            continue
        ns_share, ew_share = (100 * p / pool.top for p in (line.ns_points, line.ew_points))
        if not (ns_share % 5 < EPS and ew_share % 5 < EPS):
            continue
        trial = [(s, _assigned(x, ns_share, ew_share) if x is line else x) for s, x in lines]
        flat = flatten_board(number, trial, pool.sections)
        again = exact(flat, pool).rounded(method.decimals, method.rounding)
        if bool((agreeing(flat, again) == 2).all()):
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
