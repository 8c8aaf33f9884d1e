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
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.butler import DATUM_RULES, DatumRule
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.imp_lines import Field as Field  # (re-exported)
from bridgeio.analysis.scoring.imp_lines import Floats, ImpLines, Ints
from bridgeio.analysis.scoring.imp_lines import fields as fields
from bridgeio.analysis.scoring.imps import CrossAverage
from bridgeio.analysis.scoring.report import Difference, Rescoring
from bridgeio.errors import Problem
from bridgeio.model.results import Entry, Event, Results, Section

Bools = npt.NDArray[np.bool_]

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


@dataclass(frozen=True)
class Scored:
    """Every line's IMPs recomputed by some rules (NaN where the rules cannot score it),
    with each board's datum (Butler) and each entry's total, boards played and place."""

    rules: ImpRules
    datum: Floats | None
    ns: Floats
    ew: Floats

    @classmethod
    def of(cls, lines: ImpLines, rules: ImpRules) -> Scored:
        """The lines scored by ``rules``."""
        if rules.method is ImpMethod.BUTLER:
            point, ns, ew = lines.butler(rules.datum)
            return cls(rules, point, ns, ew)
        ns, ew = lines.cross(rules.cross, rules.decimals)
        return cls(rules, None, ns, ew)

    def how(self, board: int) -> str:
        """The rule of a board's IMPs, for a report."""
        if self.datum is None:
            return self.rules.cross.rule
        return f"Butler IMPs, datum {self.datum[board]:g}"


def entry_totals(lines: ImpLines, rules: ImpRules, scored: Scored) -> tuple[Floats, Ints]:
    """Each entry's total (by ``rules.total``) and boards played."""
    won, boards = lines.tallies(scored.ns, scored.ew)
    if rules.total is Total.PER_BOARD:
        won = np.divide(won, boards, out=np.zeros_like(won), where=boards > 0)
    return won, boards


def entry_places(lines: ImpLines, rules: ImpRules, totals: Floats, boards: Ints) -> Ints:
    """Each entry's place and the last place of its tie, as rows (0 where none is recorded):
    ranked by their totals as printed (two decimals) within ``rules.rank_scope``."""
    places = np.zeros((len(lines.entries), 2), dtype=np.int64)
    groups: dict[object, list[int]] = defaultdict(list)
    for i, (event, section, entry) in enumerate(lines.entries):
        if entry.rank is not None:
            scope = rules.rank_scope is RankScope.EVENT
            groups[
                (event.number,) if scope else (event.number, section.name, entry.direction)
            ].append(i)
    for members in groups.values():
        low, high = ranks(np.round(totals[members], 2), boards[members] == 0)
        places[members, 0], places[members, 1] = low, high
    return places


def _lines_wrong(lines: ImpLines, scored: Scored) -> tuple[Bools, Bools]:
    """Lines whose recorded N-S, E-W IMPs differ from the rule's (or none is recorded)."""
    wrong = []
    for computed, recorded in ((scored.ns, lines.ns_recorded), (scored.ew, lines.ew_recorded)):
        off = np.isnan(recorded) | (np.abs(np.nan_to_num(recorded) - computed) > TOLERANCE)
        wrong.append(~np.isnan(computed) & off)
    return wrong[0], wrong[1]


def imp_differences(
    lines: ImpLines, rules: ImpRules, apply: bool = False, done: Rescoring | None = None
) -> list[Difference]:
    """Each recorded IMP figure of ``lines`` that differs from the recomputation by
    ``rules`` (a line's IMPs, an entry's total and rank); with ``apply``, the recomputed
    figure is put in its place; agreement is counted in ``done``."""
    scored = Scored.of(lines, rules)
    found = list(_board_differences(lines, scored, apply, done))
    totals, boards = entry_totals(lines, rules, scored)
    places = entry_places(lines, rules, totals, boards)
    for i, (event, section, entry) in enumerate(lines.entries):
        place = _entry_place(event, section, entry)
        if entry.score is not None:
            right = abs(entry.score - totals[i]) <= TOLERANCE + 1e-9
            if done is not None:
                done.count("totals", right)
            if not right:
                found.append(Difference(place, "total", entry.score, round(float(totals[i]), 2)))
                if apply:
                    entry.score = round(float(totals[i]), 2)
        if entry.rank is not None:
            low, high = (int(v) for v in places[i])
            right = entry.rank == low and entry.tied == (high > low)
            if done is not None:
                done.count("ranks", right)
            if not right:
                recorded = f"{entry.rank}{'=' if entry.tied else ''}"
                found.append(Difference(place, "rank", recorded, _tie(low, high)))
                if apply:
                    entry.rank, entry.tied = low, high > low
    return found


def _tie(low: int, high: int) -> str:
    return f"{low}-{high}" if high > low else str(low)


def _board_differences(
    lines: ImpLines, scored: Scored, apply: bool, done: Rescoring | None
) -> Iterator[Difference]:
    ns_wrong, ew_wrong = _lines_wrong(lines, scored)
    if done is not None:
        computed = np.unique(lines.group[~np.isnan(scored.ns)])
        bad = np.unique(lines.group[ns_wrong | ew_wrong])
        done.agreement["boards"][0] += computed.size - bad.size
        done.agreement["boards"][1] += computed.size
    for k in np.flatnonzero(ns_wrong | ew_wrong).tolist():
        line = lines.line(k)
        for side, wrong, recorded, rule in (
            ("N-S", ns_wrong, lines.ns_recorded, scored.ns),
            ("E-W", ew_wrong, lines.ew_recorded, scored.ew),
        ):
            if wrong[k]:
                value = float(rule[k])
                how = scored.how(int(lines.group[k]))
                was = "none" if np.isnan(recorded[k]) else float(recorded[k])
                yield Difference(lines.place(k), f"{side} IMPs", was, value, how)
                if apply:
                    setattr(line, "ns_points" if side == "N-S" else "ew_points", value)


def check_imps(results: Results, rules: ImpRules) -> list[Problem]:
    """A problem for every line whose recorded N-S or E-W IMPs, and every entry whose total
    or rank, differ from the recomputation by ``rules``; lines the rules cannot score
    (adjusted) are counted in one warning.

    >>> from bridgeio.model.results import Board, BoardResult
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -9)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> [str(p) for p in check_imps(Results([event]), ImpRules())]  # doctest: +NORMALIZE_WHITESPACE
    ['event 1, section A, board 7, pairs 3/3: error: N-S IMPs -9 recorded, -8 by the rule
      (Butler IMPs, datum 270)', 'event 1, section A, board 7, pairs 3/3: error: E-W IMPs 9
      recorded, 8 by the rule (Butler IMPs, datum 270)']
    """
    lines = ImpLines.of(results, rules.across_sections)
    problems = [d.problem for d in imp_differences(lines, rules)]
    unscored = int((np.isnan(lines.ns_score)).sum())
    if unscored:
        problems.append(
            Problem("results", f"{unscored:,} lines have no score in points: not IMPed", "warning")
        )
    return problems


def rescore_imps(event: Event, apply: bool, done: Rescoring) -> None:
    """An IMP pairs event rescored by the rules its own figures fit (:func:`detect_imp_rules`;
    the default rules where it records no IMPs, said once), its differences and agreement
    put in ``done``."""
    alone = Results([event])
    flats: dict[bool, ImpLines] = {}
    found = _detect(alone, flats)
    rules = ImpRules() if found is None else found.rules
    if found is None or found.checked == 0:
        how = "the default rules" if found is None else "the rules its totals and ranks fit"
        done.unchecked.append(
            f"event {event.number}: no IMPs recorded on the boards: scored by {how} "
            f"({rules.describe()})"
        )
    done.methods.setdefault(event.number, rules)
    lines = flats.get(rules.across_sections) or ImpLines.of(alone, rules.across_sections)
    done.differences.extend(imp_differences(lines, rules, apply, done))
    unscored = int(np.isnan(lines.ns_score).sum())
    if unscored:
        done.unchecked.append(
            f"event {event.number}: {unscored:,} lines have no score in points: their "
            "recorded IMPs are kept and counted in the totals"
        )


def _entry_place(event: Event, section: Section, entry: Entry) -> str:
    return entry_place(event.number, section.name, entry)


@dataclass(frozen=True)
class Detected:
    """The rules a file's figures agree with best, and how many lines and entries agree."""

    rules: ImpRules
    lines: int  # lines whose recorded IMPs agree (both sides)
    checked: int  # lines with recorded IMPs and a score in points
    entries: int  # entries whose total and rank agree
    ranked: int  # entries with a total or a rank
    alternatives: tuple[ImpRules, ...] = ()  # other board rules as good, of those tried


CROSS = tuple(CrossAverage)


def _candidates(results: Results) -> Iterator[ImpRules]:
    """The board rules tried, the likelier first: every Butler datum rule, then cross-IMPs,
    each with the sections pooled and (where an event has several) apart."""
    several = any(len(e.sections) > 1 for e in results.events)
    poolings = (True, False) if several else (True,)
    for across in poolings:
        yield from (ImpRules(ImpMethod.BUTLER, r, across_sections=across) for r in DATUM_RULES)
    for across in poolings:
        yield from (
            ImpRules(ImpMethod.CROSS, cross=a, across_sections=across) for a in CrossAverage
        )


def detect_imp_rules(results: Results) -> Detected | None:
    """The rules that best explain a file's recorded IMPs, totals and ranks: the datum rules
    of :data:`.butler.DATUM_RULES` and both cross-IMP averages, sections pooled or apart (the
    search stops at the first that fits every line); then the total and the rank scope.
    Where no line records IMPs, the rules are the first that every recorded total and rank
    fit (``lines`` and ``checked`` are 0); None when none does.

    >>> from bridgeio.model.results import Board, BoardResult
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -8)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> found = detect_imp_rules(Results([event]))
    >>> found.rules.datum.describe(), found.lines, found.checked
    ('mean of all, rounded to 10 with halves away from zero', 3, 3)
    """
    return _detect(results, {})


def _detect(results: Results, flats: dict[bool, ImpLines]) -> Detected | None:
    """:func:`detect_imp_rules`, the lines it flattens kept in ``flats`` (by pooling)."""
    tried: list[tuple[int, int, ImpRules]] = []
    for rules in _candidates(results):
        lines = flats.get(rules.across_sections) or ImpLines.of(results, rules.across_sections)
        flats[rules.across_sections] = lines
        agree, checked = _line_agreement(lines, Scored.of(lines, rules))
        if checked == 0:
            return _from_totals(results, flats)
        tried.append((agree, checked, rules))
        if agree == checked:
            break
    best, checked, rules = max(tried, key=lambda t: t[0])  # the first of the best
    others = tuple(r for n, _, r in tried if n == best and r is not rules)
    (entries, ranked), rules = _entry_rules(flats[rules.across_sections], rules)
    return Detected(rules, best, checked, entries, ranked, others)


def _entry_rules(lines: ImpLines, rules: ImpRules) -> tuple[tuple[int, int], ImpRules]:
    """The total and rank scope the entries' recorded totals and ranks fit best with these
    board rules, with the agreement (the first of the best)."""
    scored = Scored.of(lines, rules)
    options = [
        replace(rules, total=total, rank_scope=scope) for total in Total for scope in RankScope
    ]
    agreeing = [(_entry_agreement(lines, r, scored), r) for r in options]
    return max(agreeing, key=lambda s: s[0][0])


def _from_totals(results: Results, flats: dict[bool, ImpLines]) -> Detected | None:
    """Where no line records IMPs, the first rules every entry's total and rank fit (a file
    whose board IMPs were left out); None when no rules fit them all."""
    for candidate in _candidates(results):
        across = candidate.across_sections
        lines = flats.setdefault(across, flats.get(across) or ImpLines.of(results, across))
        (agree, ranked), rules = _entry_rules(lines, candidate)
        if ranked == 0:
            return None
        if agree == ranked:
            return Detected(rules, 0, 0, agree, ranked)
    return None


def _line_agreement(lines: ImpLines, scored: Scored) -> tuple[int, int]:
    checked = ~np.isnan(lines.ns_recorded) & ~np.isnan(scored.ns)
    ns_wrong, ew_wrong = _lines_wrong(lines, scored)
    ew_none = np.isnan(lines.ew_recorded)  # a line may record N-S's IMPs only
    agree = checked & ~ns_wrong & (~ew_wrong | ew_none)
    return int(agree.sum()), int(checked.sum())


def _entry_agreement(lines: ImpLines, rules: ImpRules, scored: Scored) -> tuple[int, int]:
    totals, boards = entry_totals(lines, rules, scored)
    places = entry_places(lines, rules, totals, boards)
    agree = ranked = 0
    for i, (_, _, entry) in enumerate(lines.entries):
        if entry.score is None and entry.rank is None:
            continue
        ranked += 1
        total_ok = entry.score is None or abs(entry.score - totals[i]) <= TOLERANCE + 1e-9
        low, high = (int(v) for v in places[i])
        rank_ok = entry.rank is None or (entry.rank == low and entry.tied == (high > low))
        agree += total_ok and rank_ok
    return agree, ranked
