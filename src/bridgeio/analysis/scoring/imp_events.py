"""IMP events (Butler and cross-IMP pairs, team matches): every board's IMPs recomputed from the
raw scores, each entry's total and rank, and the recorded figures checked against them.

Sources: the IMP scale, cross-IMPs and Butler datums as :mod:`.imps` and :mod:`.butler` cite;
USEBIO 1.4's TOTAL_SCORE ("the sum of the cross-IMP scores for each board. Similar rules apply
to Butler-IMPS"); Ruter's TotalScoreIMP, the IMPs per board played (found in the corpus file,
to two decimals); ranks with ties as results lists print them (equal totals share the best
place, the next entry's place counts every entry above it), an entry that played no board
placed after all that did (Ruter). A board is compared across every section of the event
that played it (one field, as Ruter's datum is), or section by section.

:func:`detect_imp_rules` finds from a file's own figures which rules it was scored by, and
:func:`check_imps` reports each figure that differs from the recomputation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.butler import DATUM_RULES, DatumRule, butler_imps
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.imps import CrossAverage, cross_imps
from bridgeio.analysis.scoring.teams import match_imps
from bridgeio.errors import Problem
from bridgeio.model.results import BoardResult, Direction, Entry, Event, Results, Section

TOLERANCE = 0.005  # recorded figures carry two decimals


class ImpMethod(StrEnum):
    """What a pair's board score is compared with."""

    BUTLER = "butler"  # a datum
    CROSS = "cross"  # every other result


class Total(StrEnum):
    """How an entry's board scores make its total."""

    SUM = "sum"  # USEBIO TOTAL_SCORE, Compscore
    PER_BOARD = "per-board"  # the sum over the boards played (Ruter's TotalScoreIMP)


class RankScope(StrEnum):
    """Which entries are ranked together."""

    EVENT = "event"  # every entry of the event (Ruter)
    DIRECTION = "direction"  # each section's N-S and E-W apart (Mitchell)


@dataclass(frozen=True)
class ImpRules:
    """How an IMP pairs event is scored.

    >>> ImpRules(datum=DatumRule(drop=1), total=Total.PER_BOARD).describe()
    'Butler IMPs, datum the mean dropping the top and bottom 1, rounded to 10 with halves \
away from zero, across sections; totals per board played, ranked across the event'
    """

    method: ImpMethod = ImpMethod.BUTLER
    datum: DatumRule = DatumRule()
    cross: CrossAverage = CrossAverage.OTHERS
    decimals: int = 2  # a cross-IMP board score's
    across_sections: bool = True
    total: Total = Total.SUM
    rank_scope: RankScope = RankScope.EVENT

    def describe(self) -> str:
        """The rules in words, for a report."""
        if self.method is ImpMethod.BUTLER:
            how = f"Butler IMPs, datum the {self.datum.describe()}"
        else:
            how = f"{self.cross.rule}, {self.decimals} decimals"
        where = "across sections" if self.across_sections else "section by section"
        total = "summed" if self.total is Total.SUM else "per board played"
        ranked = "across the event" if self.rank_scope is RankScope.EVENT else "by direction"
        return f"{how}, {where}; totals {total}, ranked {ranked}"


@dataclass
class Field:
    """One board as compared: its lines in every section pooled (or one section)."""

    event: int
    board: int
    sections: list[str] = field(default_factory=list)
    lines: list[BoardResult] = field(default_factory=list)

    def place(self, index: int) -> str:
        """Where line ``index`` is: event, section, board and pairs."""
        return line_place(self.event, self.sections[index], self.board, self.lines[index])


def fields(results: Results, across_sections: bool = True) -> Iterator[Field]:
    """Every board of every event, its sections pooled or one at a time."""
    for event in results.events:
        groups = [event.sections] if across_sections else [[s] for s in event.sections]
        for group in groups:
            boards: dict[int, Field] = {}
            for section in group:
                for board in section.results:
                    pooled = boards.setdefault(board.number, Field(event.number, board.number))
                    pooled.sections.extend(section.name for _ in board.results)
                    pooled.lines.extend(board.results)
            yield from (boards[n] for n in sorted(boards))


def _points(score: object) -> bool:
    return type(score) is int


@dataclass(frozen=True)
class BoardImps:
    """A board's recomputed IMPs: N-S's and E-W's for each line (NaN where a line has no
    score in points), and the datum (Butler)."""

    datum: float | None
    ns: npt.NDArray[np.float64]
    ew: npt.NDArray[np.float64]


def board_imps(board: Field, rules: ImpRules) -> BoardImps:
    """The IMPs of every line of a board with a score in points (adjusted lines get NaN).

    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s)
    ...          for t, s in [(1, 420), (2, 450), (3, -50)]]
    >>> scored = board_imps(Field(1, 1, ["A"] * 3, lines), ImpRules())
    >>> scored.datum, scored.ns.tolist(), scored.ew.tolist()
    (270.0, [4.0, 5.0, -8.0], [-4.0, -5.0, 8.0])
    """
    count = len(board.lines)
    ns, ew = np.full(count, np.nan), np.full(count, np.nan)
    played = [i for i, line in enumerate(board.lines) if _points(line.ns_score)]
    if not played:
        return BoardImps(None, ns, ew)
    ns_scores = np.asarray([board.lines[i].ns_score for i in played], dtype=np.float64)
    ew_scores = np.asarray([_ew(board.lines[i]) for i in played], dtype=np.float64)
    point = None
    if rules.method is ImpMethod.BUTLER:
        point, won = butler_imps(ns_scores.astype(np.int64), rules.datum)
        ns[played] = won
        ew[played] = match_imps(ew_scores, -point)  # E-W's score against E-W's datum
    else:
        ns[played] = np.round(cross_imps(ns_scores, rules.cross), rules.decimals)
        ew[played] = np.round(cross_imps(ew_scores, rules.cross), rules.decimals)
    return BoardImps(point, ns, ew)


def _ew(line: BoardResult) -> int:
    """E-W's score in points: recorded apart only where a split score makes it differ."""
    if type(line.ew_score) is int:
        return line.ew_score
    assert type(line.ns_score) is int  # (only lines with a score in points are IMPed)
    return -line.ns_score


def ranks(
    totals: npt.ArrayLike, absent: npt.ArrayLike | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each total's place, higher first, as the low and high ends of its tie (equal at a
    place of its own); ``absent`` entries (no board played) come after all the others.

    >>> low, high = ranks([2.93, 1.79, 1.79, -0.5, 0.0], absent=[0, 0, 0, 0, 1])
    >>> low.tolist(), high.tolist()
    ([1, 2, 2, 4, 5], [1, 3, 3, 4, 5])
    """
    values = np.asarray(totals, dtype=np.float64)
    if absent is not None:  # below every total played, tied among themselves
        values = np.where(np.asarray(absent, dtype=bool), -np.inf, values)
    ordered = np.sort(-values)
    low = np.searchsorted(ordered, -values, side="left") + 1
    high = np.searchsorted(ordered, -values, side="right")
    return low.astype(np.int64), high.astype(np.int64)


@dataclass
class _Tally:
    """An entry's IMPs and boards gathered from the lines."""

    imps: float = 0.0
    boards: int = 0


EntryKey = tuple[int, str, Direction | None, int]  # event, section, direction, number


def _entry_key(event: Event, section: Section, entry: Entry) -> EntryKey:
    return (event.number, section.name, entry.direction, entry.number)


def entry_totals(results: Results, rules: ImpRules) -> dict[EntryKey, tuple[float, int]]:
    """Each entry's total (by ``rules.total``) and boards played, from the recomputed IMPs
    (a line the rules cannot score, an adjusted one, counts with its recorded IMPs).
    Entries are keyed by event, section, direction (None for a Howell pair) and number."""
    howell = {
        (e.number, s.name): all(x.direction is None for x in s.entries)
        for e in results.events
        for s in e.sections
    }
    tallies: dict[EntryKey, _Tally] = defaultdict(_Tally)
    for board in fields(results, rules.across_sections):
        scored = board_imps(board, rules)
        for i, line in enumerate(board.lines):
            plain = howell.get((board.event, board.sections[i]), False)
            for side, number, won, recorded in (
                (Direction.NS, line.ns, scored.ns[i], line.ns_points),
                (Direction.EW, line.ew, scored.ew[i], line.ew_points),
            ):
                value = recorded if np.isnan(won) else float(won)
                if value is None:
                    continue
                tally = tallies[(board.event, board.sections[i], None if plain else side, number)]
                tally.imps += value
                tally.boards += 1
    return {key: (_total(t, rules), t.boards) for key, t in tallies.items()}


def _total(tally: _Tally, rules: ImpRules) -> float:
    if rules.total is Total.PER_BOARD:
        return tally.imps / tally.boards if tally.boards else 0.0
    return tally.imps


def check_imps(results: Results, rules: ImpRules) -> list[Problem]:
    """A problem for every line whose recorded N-S or E-W IMPs, and every entry whose total
    or rank, differ from the recomputation by ``rules``; lines the rules cannot score
    (adjusted) are counted in one warning.

    >>> from bridgeio.model.results import Board
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -9)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> [str(p) for p in check_imps(Results([event]), ImpRules())]
    ['event 1, section A, board 7, pairs 3/3: error: N-S IMPs -9 recorded, -8 by the rule \
(Butler IMPs, datum 270), E-W IMPs 9 recorded, 8']
    """
    problems: list[Problem] = []
    unscored = 0
    for board in fields(results, rules.across_sections):
        scored = board_imps(board, rules)
        unscored += int(np.isnan(scored.ns).sum())
        problems.extend(_check_board(board, scored, rules))
    problems.extend(_check_entries(results, rules))
    if unscored:
        problems.append(
            Problem("results", f"{unscored:,} lines have no score in points: not IMPed", "warning")
        )
    return problems


def _check_board(board: Field, scored: BoardImps, rules: ImpRules) -> Iterator[Problem]:
    how = "Butler IMPs" if rules.method is ImpMethod.BUTLER else rules.cross.rule
    if scored.datum is not None:
        how = f"{how}, datum {scored.datum:g}"
    for i, line in enumerate(board.lines):
        wrong = [
            (side, recorded, float(rule))
            for side, recorded, rule in (
                ("N-S", line.ns_points, scored.ns[i]),
                ("E-W", line.ew_points, scored.ew[i]),
            )
            if recorded is not None and not np.isnan(rule) and abs(recorded - rule) > TOLERANCE
        ]
        if wrong:
            (side, recorded, rule), *rest = wrong
            text = f"{side} IMPs {recorded:g} recorded, {rule:g} by the rule ({how})"
            text += "".join(f", {s} IMPs {r:g} recorded, {v:g}" for s, r, v in rest)
            yield Problem(board.place(i), text)


def _check_entries(results: Results, rules: ImpRules) -> Iterator[Problem]:
    totals = entry_totals(results, rules)
    for event in results.events:
        entries = [(s, x) for s in event.sections for x in s.entries]
        computed = [totals.get(_entry_key(event, s, x), (0.0, 0)) for s, x in entries]
        for (section, entry), (total, _) in zip(entries, computed, strict=True):
            if entry.score is not None and abs(entry.score - total) > TOLERANCE + 1e-9:
                yield Problem(
                    _entry_place(event, section, entry),
                    f"total {entry.score:g} recorded, {total:.2f} by the rule",
                )
        yield from _check_ranks(event, entries, computed, rules)


def _check_ranks(
    event: Event,
    entries: list[tuple[Section, Entry]],
    computed: list[tuple[float, int]],
    rules: ImpRules,
) -> Iterator[Problem]:
    groups: dict[object, list[int]] = defaultdict(list)
    for i, (section, entry) in enumerate(entries):
        if entry.rank is not None:
            key = None if rules.rank_scope is RankScope.EVENT else (section.name, entry.direction)
            groups[key].append(i)
    for members in groups.values():
        totals = np.round([computed[i][0] for i in members], 2)  # ties as printed
        low, high = ranks(totals, [computed[i][1] == 0 for i in members])
        for i, place, last in zip(members, low.tolist(), high.tolist(), strict=True):
            section, entry = entries[i]
            if entry.rank != place or entry.tied != (last > place):
                tie = f"{place}-{last}" if last > place else str(place)
                yield Problem(
                    _entry_place(event, section, entry),
                    f"rank {entry.rank}{' (tied)' if entry.tied else ''} recorded, {tie} by "
                    "the totals",
                )


def _entry_place(event: Event, section: Section, entry: Entry) -> str:
    where = f", section {section.name}" if section.name else ""
    return f"event {event.number}{where}, pair {entry.id}"


@dataclass(frozen=True)
class Detected:
    """The rules a file's figures agree with best, and how many lines and entries agree."""

    rules: ImpRules
    lines: int  # lines whose recorded IMPs agree (both sides)
    checked: int  # lines with recorded IMPs and a score in points
    entries: int  # entries whose total and rank agree
    ranked: int  # entries with a total or a rank
    alternatives: tuple[ImpRules, ...] = ()  # other board rules as good on these lines


def detect_imp_rules(results: Results) -> Detected | None:
    """The rules that best explain a file's recorded IMPs, totals and ranks: every datum rule
    of :data:`.butler.DATUM_RULES` and both cross-IMP averages, sections pooled or apart;
    then the total and the rank scope. None when no line records IMPs.

    >>> from bridgeio.model.results import Board
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -8)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> found = detect_imp_rules(Results([event]))
    >>> found.rules.datum.describe(), found.lines, found.checked
    ('mean of all, rounded to 10 with halves away from zero', 3, 3)
    """
    candidates = [
        ImpRules(ImpMethod.BUTLER, rule, across_sections=across)
        for across in (True, False)
        for rule in DATUM_RULES
    ] + [
        ImpRules(ImpMethod.CROSS, cross=average, across_sections=across)
        for across in (True, False)
        for average in CrossAverage
    ]
    scored = [(_line_agreement(results, rules), rules) for rules in candidates]
    (best, checked), rules = max(scored, key=lambda s: s[0][0])  # the first of the best
    if checked == 0:
        return None
    others = tuple(r for (n, _), r in scored if n == best and r is not rules)
    options = [
        replace(rules, total=total, rank_scope=scope) for total in Total for scope in RankScope
    ]
    agreeing = [(_entry_agreement(results, r), r) for r in options]
    (entries, ranked), rules = max(agreeing, key=lambda s: s[0][0])
    return Detected(rules, best, checked, entries, ranked, others)


def _line_agreement(results: Results, rules: ImpRules) -> tuple[int, int]:
    agree = checked = 0
    for board in fields(results, rules.across_sections):
        scored = board_imps(board, rules)
        for i, line in enumerate(board.lines):
            if line.ns_points is None or np.isnan(scored.ns[i]):
                continue
            checked += 1
            ew_ok = line.ew_points is None or abs(line.ew_points - scored.ew[i]) <= TOLERANCE
            agree += int(abs(line.ns_points - scored.ns[i]) <= TOLERANCE and ew_ok)
    return agree, checked


def _entry_agreement(results: Results, rules: ImpRules) -> tuple[int, int]:
    wrong = {p.place for p in _check_entries(results, rules)}
    places = [
        _entry_place(e, s, x)
        for e in results.events
        for s in e.sections
        for x in s.entries
        if x.score is not None or x.rank is not None
    ]
    return sum(p not in wrong for p in places), len(places)
