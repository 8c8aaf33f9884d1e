"""A matchpoint session recomputed: every board's points, every total, percentage and rank,
each compared with what the file records (and, when asked, put in its place).

How a file scores is found from the file itself, through the model only: the convention from
each board's top against its results (top n−1: ACBL; 2(n−1): European), the precision from
the recorded points, the rounding (half up, halves to even, cut) and whether short travellers
print unfactored points from which of them the recorded points agree with, the way totals
and percentages are formed likewise (sources in :mod:`.boards` and :mod:`.totals`).

An error is a figure alone against the rule the rest of the file follows; where no rule
reproduces the bulk of a file's board points, one warning says so (:mod:`.report`).

>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> def board(number, points):
...     return Board(number, [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s,
...         ns_points=p, ew_points=2 - p) for t, s, p in zip((1, 2, 3), (420, 170, 140), points)])
>>> boards = [board(n, (2, 1, 0)) for n in range(1, 7)] + [board(7, (2, 0, 1))]
>>> done = rescore(Results([Event(sections=[Section("A", results=boards)])]))
>>> [str(d.problem) for d in done.differences][:1]
['event 1, section A, board 7, pairs 2/2: error: N-S matchpoints 0 recorded, 1 by the rule']
>>> done.methods[1].describe()
'ACBL matchpoints, top 2, 2 decimals'
>>> done = rescore(Results([Event(sections=[Section("A", results=boards[5:])])]))
>>> done.differences, done.unchecked  # doctest: +ELLIPSIS
([], ['event 1: board points not checked: no known rule reproduces them (closest: ACBL \
matchpoints, top 2, 2 decimals, 1 of 2 agree)'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.arrays import every, filled, some, trues
from bridgeio.analysis.scoring.board_a_match import rescore_board_a_match
from bridgeio.analysis.scoring.boards import Pool, candidates
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.factoring import ROUNDINGS, Floats
from bridgeio.analysis.scoring.field import (
    Flat,
    Sides,
    agreeing,
    agreement,
    both,
    centred,
    exact,
    field_sizes,
    flatten_board,
    on_own_top,
    own_tops,
    results,
)
from bridgeio.analysis.scoring.imp_events import rescore_imps
from bridgeio.analysis.scoring.individuals import rescore_individuals
from bridgeio.analysis.scoring.matches import rescore_matches
from bridgeio.analysis.scoring.matchpoints import (
    MISSING_AVERAGES,
    SMALL_GROUPS,
    Convention,
    short_variants,
)
from bridgeio.analysis.scoring.overall import rescore_sessions
from bridgeio.analysis.scoring.played import lone_tables
from bridgeio.analysis.scoring.ranking import Kept, overall_ranks
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring, reproduces
from bridgeio.analysis.scoring.standings import fill_standings
from bridgeio.analysis.scoring.totals import Sources, check_totals
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
        if event.sessions:  # each session alone, then the overall standings
            rescore_sessions(event, convention, apply, done, _rescore_event)
        else:
            _rescore_event(event, convention, apply, done)
    return done


def _rescore_event(
    event: Event, convention: Convention | None, apply: bool, done: Rescoring
) -> None:
    """:func:`rescore` of one event (of an event of sessions: one session's)."""
    if (lone := lone_tables(event)) is not None:  # (played boards: the field not held)
        done.unchecked.append(lone)
    elif event.kind is EventKind.PAIRS and event.scoring is Scoring.MATCHPOINTS:
        _event(event, convention, apply, done)
    elif event.kind is EventKind.PAIRS and event.scoring in IMP_PAIRS:
        rescore_imps(event, apply, done)
    elif event.kind is EventKind.INDIVIDUAL and event.scoring is Scoring.MATCHPOINTS:
        rescore_individuals(event, convention, apply, done)
    elif event.kind is EventKind.TEAMS and event.scoring in TEAM_SCORING:
        rescore_matches(event, apply, done)
    elif event.kind is EventKind.TEAMS and event.scoring is Scoring.BOARD_A_MATCH:
        rescore_board_a_match(event, apply, done)
    else:
        text = (
            f"event {event.number}: {event.kind.value} scored by {event.scoring.value}: "
            "matchpoint and IMP pairs, matchpoint individuals, IMP and board-a-match team "
            "matches only are checked here"
        )
        done.unchecked.append(text)
        done.unscored.append(f"{event.kind.value} scored by {event.scoring.value}")


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
    done = rescore(rescored, chosen, apply=True)
    done.filled = fill_standings(rescored)  # (standings none recorded: from the points)
    return rescored, done


def _event(event: Event, convention: Convention | None, apply: bool, done: Rescoring) -> None:
    found = candidates(event, convention)
    covered = {id(s) for group in found for s in group[0].sections}
    missed = [s.name or "?" for s in event.sections if s.results and id(s) not in covered]
    if missed:
        _unscored(event, missed, done)
    kept = Kept.of(event)
    for group in found:
        pool, flat, scored = max(
            ((p, f, _method(p, f)) for p in group for f in [p.lines()]),
            key=lambda t: t[2].fit(),
        )  # (ties: the first)
        method = scored.method
        done.methods.setdefault(event.number, method)
        where = _where(pool)
        fits = scored.agreeing, scored.compared
        if convention is None and not reproduces(*fits):
            done.agreement["boards"][0] += fits[0]
            done.agreement["boards"][1] += fits[1]
            done.not_reproduced(where, "board points", method.describe(), *fits)
            mine = scored.sources(np.ones(flat.size, dtype=bool))  # the file's own points
            check_totals(pool, flat, mine, None, method, apply, done, kept)
            continue
        wrong = _compare(pool, flat, scored, method, apply, done)
        applied = scored.sources()
        check_totals(pool, flat, scored.sources(wrong), applied, method, apply, done, kept)
    overall_ranks(event, done, kept, apply)


def _where(pool: Pool) -> str:
    """The event and, where it has several, the sections of a pool, for a message."""
    names = [s.name for s in pool.sections if s.name]
    several = len(pool.event.sections) > 1 and names
    return f"event {pool.event.number}" + (f", section {', '.join(names)}" if several else "")


def _unscored(event: Event, missed: list[str], done: Rescoring) -> None:
    """Sections whose recorded top fits no convention's (one warning), or that hold no
    result to score."""
    text = f"event {event.number}: section {', '.join(missed)}"
    tops = {s.board_top for s in event.sections if (s.name or "?") in missed}
    if any(tops) or any(_has_points(s) for s in event.sections if (s.name or "?") in missed):
        done.not_reproduced(text, "board points", "no top of 1 or 2 a score beaten", 0, 0)
    else:
        done.unchecked.append(f"{text}: no board results to score: not checked")


def _has_points(section: Section) -> bool:
    return any(x.ns_points is not None for b in section.results for x in b.results)


@dataclass
class Scored:
    """How a pool's file prints its board points (:class:`Method`), the points as printed,
    factored (rounded and exact), the top and offset of each line's points, and how many
    boards the printed points reproduce."""

    method: Method
    printed: Sides
    rounded: Sides
    exact: Sides
    tops: Floats
    offsets: Floats
    agreeing: int
    recorded: Sides
    compared: int = 0  # the boards with points recorded
    awards: Sides | None = None  # the points of lines that are an award (sit-outs), else NaN
    agree: npt.NDArray[np.int64] | None = None  # each line's recorded points that agree
    plain: Sources | None = None  # the sources with no line overridden, made once

    def fit(self) -> tuple[int, int]:
        """How well the rule fits the file: the boards it reproduces, then the recorded
        points it gives (two ways of scoring a pool that reproduce as many boards: the one
        that gives more of its points)."""
        return self.agreeing, 0 if self.agree is None else int(self.agree.sum())

    def sources(self, wrong: npt.NDArray[np.bool_] | None = None) -> Sources:
        """The points the totals are formed from: with ``wrong``, the file's own where a
        line's recorded points are not the rule's (its board reported already)."""
        awards = self.awards
        if wrong is None or not some(wrong):
            if self.plain is None:  # (one object: the same points are summed once)
                self.plain = Sources(
                    self.printed, self.rounded, self.exact, self.tops, self.offsets, awards
                )
            return self.plain
        keep = self.recorded
        return Sources(
            _override(self.printed, keep, wrong),
            _override(self.rounded, keep, wrong),
            _override(self.exact, keep, wrong),
            self.tops,
            self.offsets,
            awards,
        )


def _override(values: Sides, recorded: Sides, where: npt.NDArray[np.bool_]) -> Sides:
    """``values`` with the recorded figure (where there is one) on the lines of ``where``."""
    out = []
    for value, kept in zip(values.pairs(), recorded.pairs(), strict=True):
        out.append(np.where(where & ~np.isnan(kept), kept, value))
    return Sides(out[0], out[1])


def _method(pool: Pool, flat: Flat) -> Scored:
    """How the pool's file rounds and prints its board points (see the module), with the
    points as printed on the travellers, as totalled (rounded) and exact."""
    acbl = pool.convention is Convention.ACBL and not pool.centred
    decimals = 2 if acbl else max(1, _decimals(flat))
    factored, plain = both(flat, pool)
    played = results(flat)
    sizes = field_sizes(flat)
    uneven = ((sizes < pool.results) | (sizes < played))[flat.group]  # factored or assigned
    tops = filled(flat.size, float(pool.top))
    if pool.centred:
        factored = centred(factored, pool.top)
    chosen, rounding, printed = "factored", ROUNDINGS[0], factored.rounded(decimals, ROUNDINGS[0])
    agree = agreeing(flat, printed)
    # where the file may print its points otherwise, the way most agree (none looked for
    # where the first way, factored and rounded half up, gives every one of them already)
    if some(uneven) and not every(agree[uneven] == 2):
        short = (played < pool.results)[flat.group]
        own = own_tops(flat, pool)
        variants = {"factored": factored}
        count, chosen, rounding = _best(flat, variants, uneven, decimals)
        if count < 2 * trues(uneven):  # (the other ways looked at only where needed)
            variants = _variants(flat, pool, factored, plain, own, short, uneven)
            count, chosen, rounding = _best(flat, variants, uneven, decimals)
        printed = variants[chosen].rounded(decimals, rounding)
        agree = agreeing(flat, printed)
        if chosen in SAME:  # (the points so given count in the totals too)
            factored = variants[chosen]
        elif chosen != "factored":
            tops = np.where(short if chosen == "short unfactored" else uneven, own, tops)
    same = chosen == "factored" or chosen in SAME
    rounded = printed if same else factored.rounded(decimals, rounding)
    method = Method(pool.convention, pool.top, decimals, rounding, chosen == "short unfactored")
    method.factored = some(sizes < pool.results)
    method.centred = pool.centred
    method.assigned_unfactored = chosen == "own top"
    method.own_averages = chosen == LAW_12C2
    method.short_boards = chosen if chosen in (MISSING_AVERAGES, SMALL_GROUPS) else ""
    blank = np.isnan(flat.recorded[0]) & np.isnan(flat.recorded[1])  # nothing to reproduce
    if flat.award is not None:
        blank |= flat.award  # (an award's points are not the board's)
    whole = (agree == 2) | blank
    boards = len(flat.numbers)
    compared = trues(np.bincount(flat.group[~blank], None, boards))
    wrong = 0 if every(whole) else trues(np.bincount(flat.group[~whole], None, boards))
    offsets = tops / 2 if pool.centred else np.zeros(flat.size)
    recorded = Sides(flat.recorded[0], flat.recorded[1])
    awards = None
    if flat.award is not None:
        awards = Sides(*(np.where(flat.award, points, np.nan) for points in flat.recorded))
    return Scored(
        method,
        printed,
        rounded,
        factored,
        tops,
        offsets,
        compared - wrong,
        recorded,
        compared,
        awards,
        agree=agree,
    )


def _variants(
    flat: Flat,
    pool: Pool,
    factored: Sides,
    plain: Sides,
    own: Floats,
    short: npt.NDArray[np.bool_],
    uneven: npt.NDArray[np.bool_],
) -> dict[str, Sides]:
    """The ways a file prints the points of a board short of results or with an assigned
    score: factored; unfactored where short (assigned scores a share of the pool's top);
    on the board's own top (assigned scores a share of it: BriAn)."""
    own_top = on_own_top(flat, pool, plain)
    field = field_sizes(flat)[flat.group]
    top, results = pool.top, pool.results
    shorts = short_variants(plain.pairs(), flat.shares, field, results, pool.convention, top)
    if pool.centred:  # (each board less half its top: its own, unfactored)
        plain, own_top = centred(plain, own), centred(own_top, own)
    found = {
        "factored": factored,
        "short unfactored": _mixed(short, plain, factored),
        "own top": _mixed(uneven, own_top, factored),
    }
    averages = own_averages(flat, pool, factored)
    if averages is not None:
        found[LAW_12C2] = averages
    for name, (ns, ew) in shorts.items():  # (the rules of :mod:`.matchpoints`)
        given = centred(Sides(ns, ew), pool.top) if pool.centred else Sides(ns, ew)
        found[name] = Sides(
            *(
                np.where(np.isnan(g), f, g)
                for g, f in zip(given.pairs(), factored.pairs(), strict=True)
            )
        )
    return found


LAW_12C2 = "averages at the pair's own percentage"
SAME = (LAW_12C2, MISSING_AVERAGES, SMALL_GROUPS)  # the points printed are those totalled


def own_averages(flat: Flat, pool: Pool, points: Sides) -> Sides | None:
    """``points`` with each average plus at the pair's own percentage on its other boards
    where that is more than 60 %, each average minus at it where less than 40 % (Law 12C2(a):
    "60 % or the percentage obtained on other boards if greater"; Ruter's "A+" and "A-",
    found on its files); None where the pool has no average plus or minus."""
    shares = flat.shares
    plus_minus = [(side == 60) | (side == 40) for side in shares]
    if not (some(plus_minus[0]) or some(plus_minus[1])):
        return None
    top = float(pool.top)
    offset = top / 2 if pool.centred else 0.0
    split = np.array(pool.directed(), dtype=np.int64)
    width = int(max(flat.pairs[0].max(initial=0), flat.pairs[1].max(initial=0))) + 1
    keys = [
        (flat.section * 2 + split[flat.section] * side) * width + flat.pairs[side]
        for side in (0, 1)
    ]
    played = [~np.isnan(points.pairs()[side]) & np.isnan(shares[side]) for side in (0, 1)]
    code, index = np.unique(np.concatenate(keys), return_inverse=True)
    mask = np.concatenate(played)
    values = np.nan_to_num(np.concatenate(points.pairs())) + offset
    earned = np.bincount(index, np.where(mask, values, 0.0), code.size)
    boards = np.bincount(index, mask.astype(np.float64), code.size)
    share = 100 * earned / np.maximum(boards * top, 1e-9)
    out = []
    for side in (0, 1):
        own = share[index[side * flat.size : (side + 1) * flat.size]]
        given = shares[side]
        better = np.where(given == 60, np.maximum(60.0, own), np.minimum(40.0, own))
        value = better / 100 * top - offset
        out.append(
            np.where(
                plus_minus[side] & (boards[index[side * flat.size : (side + 1) * flat.size]] > 0),
                value,
                points.pairs()[side],
            )
        )
    return Sides(out[0], out[1])


def _best(
    flat: Flat, variants: dict[str, Sides], uneven: npt.NDArray[np.bool_], decimals: int
) -> tuple[int, str, str]:
    """The variant and rounding most recorded points of the uneven lines agree with (ties:
    the first of each: factored, half up), with how many agree."""
    parts = {name: v.part(uneven) for name, v in variants.items()}
    best = (-1, "factored", ROUNDINGS[0])
    for rounding in ROUNDINGS:
        for name, part in parts.items():
            count = int(agreeing(flat, part.rounded(decimals, rounding), uneven).sum())
            if count > best[0]:
                best = (count, name, rounding)
        if best[0] == 2 * trues(uneven):
            break  # (every point: none can do better)
    return best


def _mixed(where: npt.NDArray[np.bool_], these: Sides, others: Sides) -> Sides:
    """``these`` on the lines of ``where``, ``others`` elsewhere."""
    return Sides(np.where(where, these.ns, others.ns), np.where(where, these.ew, others.ew))


def _decimals(flat: Flat) -> int:
    """The most decimals a recorded point needs (at most 2)."""
    values = np.concatenate(flat.recorded)
    values = values[~np.isnan(values)]
    for decimals in (0, 1):
        if np.all(np.abs(np.round(values, decimals) - values) < EPS):
            return decimals
    return 2


def _compare(
    pool: Pool, flat: Flat, scored: Scored, method: Method, apply: bool, done: Rescoring
) -> npt.NDArray[np.bool_]:
    """Every board's recorded points against the printed ones; a difference for each line
    that differs (or one for a line whose points are an assigned score's). The lines that
    differ."""
    printed = scored.printed
    wrong = (agreeing(flat, printed) if scored.agree is None else scored.agree) < 2
    if not some(wrong):
        done.agreement["boards"][0] += len(flat.numbers)
        done.agreement["boards"][1] += len(flat.numbers)
        return wrong
    bad = np.unique(flat.group[wrong])
    sides = agreement(flat, printed, 0), agreement(flat, printed, 1)
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
            if flat.award is not None and flat.award[k]:
                continue  # (an award's points are not the board's)
            section, line = flat.line(k)
            for side, recorded, rule, agrees in (
                ("N-S", line.ns_points, float(printed.ns[k]), sides[0][k]),
                ("E-W", line.ew_points, float(printed.ew[k]), sides[1][k]),
            ):
                if agrees:
                    continue
                value = None if np.isnan(rule) else rule
                place = line_place(pool.event.number, section.name, number, line)
                done.differences.append(
                    Difference(place, f"{side} matchpoints", _none(recorded), _none(value))
                )
                if apply:
                    setattr(line, "ns_points" if side == "N-S" else "ew_points", value)
    return wrong


def _none(value: float | None) -> object:
    return "none" if value is None else value


def _left_out(
    pool: Pool, number: int, lines: list[tuple[Section, BoardResult]], method: Method
) -> tuple[Section, BoardResult, str] | None:
    """The line whose recorded points are an assigned score's, when scoring it as one makes
    every other line of the board agree (the score was kept, the matchpoints adjusted)."""
    if len(lines) < 5 or pool.centred:  # on a small board, too many readings fit
        return None
    for section, line in lines:
        if type(line.ns_score) is not int or line.ns_points is None or line.ew_points is None:
            continue
        ns_share, ew_share = (100 * p / pool.top for p in (line.ns_points, line.ew_points))
        if not (ns_share % 5 < EPS and ew_share % 5 < EPS):
            continue
        trial = [(s, _assigned(x, ns_share, ew_share) if x is line else x) for s, x in lines]
        flat = flatten_board(number, trial, pool.sections, pool.split_both)
        again = exact(flat, pool).rounded(method.decimals, method.rounding)
        if every(agreeing(flat, again) == 2):
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
