"""IMP pairs events (Butler and cross-IMP pairs): every board's IMPs recomputed from the raw
scores, each entry's total and rank (:mod:`.imp_totals`), and the recorded figures checked
against them.

Sources: the IMP scale, cross-IMPs and Butler datums as :mod:`.imps` and :mod:`.butler` cite;
the totals as :mod:`.imp_totals` sets out. A board is compared across every section of the
event that played it (one field, as Ruter's datum is), or section by section.

The policy, for each kind of figure (board IMPs, totals, ranks): every known convention is
tried, and the one that reproduces most of the file's own figures is chosen and said in words
(:meth:`ImpRules.describe`). It must reproduce the bulk of them (three in four,
:func:`reproduces`): then a figure that alone disagrees is an error (a typo, a changed
score), and ``score`` may put the rule's figure in its place. Where no known rule reproduces
the bulk, that is one warning naming the closest rule, never a list of errors, and nothing of
that kind is rewritten. A board with a line whose IMPs are recorded and whose score is not
(or is no number a board can score) is not checked: said at the line.

:func:`detect_imp_rules` finds from a file's own figures which rules it was scored by, and
:func:`check_imps` reports each figure that differs from the recomputation by given rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from bridgeio.analysis.scoring import imp_totals as T
from bridgeio.analysis.scoring.arrays import trues
from bridgeio.analysis.scoring.butler import DATUM_RULES, DatumRule
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.imp_lines import Field as Field  # (re-exported)
from bridgeio.analysis.scoring.imp_lines import Floats, ImpLines, Ints
from bridgeio.analysis.scoring.imp_lines import fields as fields
from bridgeio.analysis.scoring.imp_totals import RankScope as RankScope
from bridgeio.analysis.scoring.imp_totals import Total as Total
from bridgeio.analysis.scoring.imp_totals import ranks as ranks
from bridgeio.analysis.scoring.imps import CrossAverage
from bridgeio.analysis.scoring.report import GHOST, UNLISTED, Difference, Rescoring, reproduces
from bridgeio.errors import Problem
from bridgeio.model.results import Direction, Entry, Event, Results, Scoring

Bools = T.Bools


class ImpMethod(StrEnum):
    """What a pair's board score is compared with."""

    BUTLER = "butler"  # a datum
    CROSS = "cross"  # every other result


@dataclass(frozen=True)
class ImpRules:
    """How an IMP pairs event is scored.

    >>> ImpRules(datum=DatumRule(drop=1), total=Total.PER_BOARD).describe()
    'Butler IMPs, datum the mean dropping the top and bottom 1, rounded to 10 with halves \
away from zero, across sections; totals per board played, ranked across the event'
    >>> ImpRules(ImpMethod.CROSS, both_directions=True, exact=True).describe()
    'cross-IMPs averaged over the other results, 2 decimals, across sections, over both \
directions; totals summed from the unrounded boards, rounded to 2 decimals, ranked across \
the event'
    """

    method: ImpMethod = ImpMethod.BUTLER
    datum: DatumRule = DatumRule()
    cross: CrossAverage = CrossAverage.OTHERS
    decimals: int = 2  # a cross-IMP board figure's (Butler IMPs are whole)
    across_sections: bool = True
    total: Total = Total.SUM
    exact: bool = False  # totals from the unrounded board figures, rounded once
    total_decimals: int = 2
    rank_scope: RankScope = RankScope.EVENT
    both_directions: bool = False  # (said) a pair's total counts both directions

    @property
    def board_decimals(self) -> int:
        """The decimals of a board figure."""
        return 0 if self.method is ImpMethod.BUTLER else self.decimals

    def describe(self) -> str:
        """The rules in words, for a report."""
        return f"{self.board_words()}; {self.total_words()}, {self.rank_words()}"

    def board_words(self) -> str:
        """How the board figures are made, in words."""
        if self.method is ImpMethod.BUTLER:
            how = f"Butler IMPs, datum the {self.datum.describe()}"
        else:
            how = f"{self.cross.rule}, {self.decimals} decimals"
        how += ", across sections" if self.across_sections else ", section by section"
        return how + (", over both directions" if self.both_directions else "")

    def total_words(self) -> str:
        """How the totals are made, in words."""
        exact = self.exact and self.method is ImpMethod.CROSS
        return f"totals {self.total.describe(exact, self.total_decimals)}"

    def rank_words(self) -> str:
        """How the entries are ranked, in words."""
        return f"ranked {self.rank_scope.words}"


@dataclass(frozen=True)
class Scored:
    """Every line's IMPs recomputed by some rules, unrounded (NaN where the rules cannot
    score it, or its board has a line whose score is missing), with each board's datum
    (Butler)."""

    rules: ImpRules
    datum: Floats | None
    ns: Floats
    ew: Floats

    @classmethod
    def of(cls, lines: ImpLines, rules: ImpRules) -> Scored:
        """The lines scored by ``rules``."""
        point: Floats | None = None
        if rules.method is ImpMethod.BUTLER:
            point, ns, ew = lines.butler(rules.datum)
        else:
            ns, ew = lines.cross(rules.cross)
        unchecked = np.isin(lines.group, lines.group[lines.missing])
        ns, ew = np.where(unchecked, np.nan, ns), np.where(unchecked, np.nan, ew)
        return cls(rules, point, ns, ew)

    def how(self, board: int) -> str:
        """The rule of a board's IMPs, for a report."""
        if self.datum is None:
            return self.rules.cross.rule
        return f"Butler IMPs, datum {self.datum[board]:g}"

    def wrong(self, lines: ImpLines) -> tuple[Bools, Bools]:
        """Lines whose recorded N-S, E-W IMPs the rule does not give (or none is recorded)."""
        decimals = self.rules.board_decimals
        found = []
        for computed, recorded in ((self.ns, lines.ns_recorded), (self.ew, lines.ew_recorded)):
            found.append(~np.isnan(computed) & ~T.agree(recorded, computed, decimals))
        return found[0], found[1]

    def own(self, lines: ImpLines) -> Scored:
        """The file's own board figures: the recorded ones where the rule gives others (the
        totals' rule is found from these; their boards are reported already)."""
        ns_wrong, ew_wrong = self.replaced(lines)
        if not (ns_wrong.any() or ew_wrong.any()):
            return self
        ns = np.where(ns_wrong, lines.ns_recorded, self.ns)
        return Scored(self.rules, self.datum, ns, np.where(ew_wrong, lines.ew_recorded, self.ew))

    def replaced(self, lines: ImpLines) -> tuple[Bools, Bools]:
        """Lines whose recorded N-S, E-W IMPs the rule does not give, where one is
        recorded."""
        ns_wrong, ew_wrong = self.wrong(lines)
        return ns_wrong & ~np.isnan(lines.ns_recorded), ew_wrong & ~np.isnan(lines.ew_recorded)

    def printed(self, lines: ImpLines) -> tuple[Floats, Floats]:
        """The board figures as a file prints them: the recorded one where the rule gives it,
        else the rule's rounded (NaN where the rule gives none)."""
        decimals = self.rules.board_decimals
        sides = []
        for computed, recorded in ((self.ns, lines.ns_recorded), (self.ew, lines.ew_recorded)):
            rounded = T.round_half_away(computed, decimals)
            sides.append(np.where(T.agree(recorded, computed, decimals), recorded, rounded))
        return sides[0], sides[1]


@dataclass(frozen=True)
class EntryFigures:
    """Each entry's total by the rules, its boards played and its place (low, high)."""

    totals: Floats
    boards: Ints
    rules: ImpRules

    @classmethod
    def of(cls, lines: ImpLines, rules: ImpRules, scored: Scored) -> EntryFigures:
        """The entries' figures by ``rules`` from the lines ``scored``."""
        ns, ew = (scored.ns, scored.ew) if rules.exact else scored.printed(lines)
        sums, boards = T.tallies(lines, ns, ew)
        return cls(T.totals(lines, sums, boards, rules.total, rules.total_decimals), boards, rules)

    def recorded(self, lines: ImpLines) -> EntryFigures:
        """The same with each total the file records in place of the rule's."""
        given = ~np.isnan(lines.scores)
        if not given.any():
            return self
        return replace(self, totals=np.where(given, lines.scores, self.totals))

    def places(self, lines: ImpLines) -> Ints:
        """Each entry's place and the last place of its tie (0 where it records no rank)."""
        rules = self.rules
        return T.places(lines, rules.rank_scope, self.totals, self.boards, rules.total_decimals)

    def total_agreement(self, lines: ImpLines, rules: ImpRules) -> tuple[Bools, Bools]:
        """Entries whose recorded total the rules give, and those that record one."""
        return T.agree(lines.scores, self.totals, rules.total_decimals), ~np.isnan(lines.scores)

    def rank_agreement(self, lines: ImpLines, places: Ints) -> tuple[Bools, Bools]:
        """Entries whose recorded rank the ``places`` give, and those that record one."""
        ranks, tied = lines.ranks
        given = ranks > 0
        right = (ranks == places[:, 0]) & (tied == (places[:, 1] > places[:, 0]))
        return right & given, given


@dataclass(frozen=True)
class Detected:
    """The rules a file's figures agree with best, and how many of its figures agree."""

    rules: ImpRules
    lines: int  # lines whose recorded IMPs agree (both sides)
    checked: int  # lines with recorded IMPs and a score in points
    totals: tuple[int, int] = (0, 0)  # totals agreeing, recorded
    ranks: tuple[int, int] = (0, 0)  # ranks agreeing, recorded
    alternatives: tuple[ImpRules, ...] = ()  # other board rules as good, of those tried
    boards: tuple[int, int] = (0, 0)  # boards whose every line agrees, boards compared


def _board_agreement(lines: ImpLines, scored: Scored) -> tuple[int, int, int, int]:
    """Lines agreeing and compared, boards agreeing and compared."""
    checked = ~np.isnan(lines.ns_recorded) & ~np.isnan(scored.ns)
    ns_wrong, ew_wrong = scored.wrong(lines)
    ew_none = np.isnan(lines.ew_recorded)  # a line may record N-S's IMPs only
    agree = checked & ~ns_wrong & (~ew_wrong | ew_none)
    boards = np.unique(lines.group[checked])
    bad = np.unique(lines.group[checked & ~agree])
    return int(agree.sum()), int(checked.sum()), boards.size - bad.size, boards.size


def _candidates(results: Results, decimals: int) -> Iterator[ImpRules]:
    """The board rules tried, the likelier first: every Butler datum rule, then cross-IMPs
    (cross-IMPs first where the file prints its board figures with decimals: Butler IMPs are
    whole), each with the sections pooled and (where an event has several) apart."""
    several = any(len(e.sections) > 1 for e in results.events)
    poolings = (True, False) if several else (True,)
    butler = [
        ImpRules(ImpMethod.BUTLER, r, across_sections=across)
        for across in poolings
        for r in DATUM_RULES
    ]
    cross = [
        ImpRules(ImpMethod.CROSS, cross=average, decimals=decimals, across_sections=across)
        for across in poolings
        for average in CrossAverage
    ]
    yield from (cross + butler) if decimals else (butler + cross)


def detect_imp_rules(results: Results) -> Detected | None:
    """The rules that best explain a file's recorded IMPs, totals and ranks: the datum rules
    of :data:`.butler.DATUM_RULES` and both cross-IMP averages, sections pooled or apart (the
    search stops at the first that fits every line); then how totals are made and ranked.
    Where no line records IMPs, the rules are the first that the recorded totals fit
    (``lines`` and ``checked`` are 0); None when none does.

    >>> from bridgeio.model.results import Board, BoardResult, Section
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -8)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> found = detect_imp_rules(Results([event]))
    >>> found.rules.datum.describe(), found.lines, found.checked
    ('mean of all, rounded to 10 with halves away from zero', 3, 3)
    """
    return _detect(results, {})


def _recorded_decimals(results: Results) -> tuple[int, int]:
    """The decimals the file prints its board IMPs and its totals with."""
    lines = [
        v
        for e in results.events
        for s in e.sections
        for b in s.results
        for x in b.results
        for v in (x.ns_points, x.ew_points)
        if v is not None
    ]
    scores = [x.score for e in results.events for s in e.sections for x in s.entries]
    return T.decimals_of(lines), T.decimals_of([v for v in scores if v is not None])


def _detect(results: Results, flats: dict[bool, ImpLines]) -> Detected | None:
    """:func:`detect_imp_rules`, the lines it flattens kept in ``flats`` (by pooling)."""
    decimals, total_decimals = _recorded_decimals(results)
    found = board_rules(results, flats, decimals)
    if found is None:
        return _from_totals(results, flats, decimals, total_decimals)
    rules, counts, others = found
    lines = flats[rules.across_sections]
    rules = replace(rules, total_decimals=total_decimals, both_directions=lines.switched)
    entry_counts, rules = _entry_rules(lines, rules)
    return Detected(
        rules, counts[0], counts[1], entry_counts[0], entry_counts[1], others, counts[2:]
    )


def board_rules(
    results: Results, flats: dict[bool, ImpLines] | None = None, decimals: int | None = None
) -> tuple[ImpRules, tuple[int, int, int, int], tuple[ImpRules, ...]] | None:
    """The board rules the recorded line IMPs of ``results`` fit best (the first of the
    best; the search stops at one that fits every line), with the lines agreeing and
    compared and the boards agreeing and compared, and the other rules as good; None where
    no line records IMPs beside a score. ``decimals``: those of the board figures (else
    found from them)."""
    flats = {} if flats is None else flats
    decimals = _recorded_decimals(results)[0] if decimals is None else decimals
    tried: list[tuple[tuple[int, int, int, int], ImpRules]] = []
    for rules in _candidates(results, decimals):
        lines = _lines(results, flats, rules.across_sections)
        counts = _board_agreement(lines, Scored.of(lines, rules))
        if counts[1] == 0:
            return None
        tried.append((counts, rules))
        if counts[0] == counts[1]:
            break
    counts, rules = max(tried, key=lambda t: t[0][0])  # the first of the best
    return rules, counts, tuple(r for n, r in tried if n[0] == counts[0] and r is not rules)


def _lines(results: Results, flats: dict[bool, ImpLines], across: bool) -> ImpLines:
    if across not in flats:
        flats[across] = _ghosted(ImpLines.of(results, across))
    return flats[across]


def _ghosted(lines: ImpLines) -> ImpLines:
    """The lines with an entry of no figure (:data:`.report.GHOST`) for each pair that plays
    on them and has none in its section's standings, so that it takes its place among the
    others and is counted neither for nor against a rule."""
    none = len(lines.entries)
    lost = (lines.ns_entry == none) | (lines.ew_entry == none)
    if not lost.any():
        return lines
    sections = {(e.number, s.name): (e, s) for e, s, _ in lines.entries}
    entries, made = list(lines.entries), dict[tuple[int, str, Direction | None, int], int]()
    sides = lines.ns_entry.copy(), lines.ew_entry.copy()
    for k in lost.nonzero()[0].tolist():
        board, i = lines.where[k]
        found, line = lines.boards[board], lines.boards[board].lines[i]
        if (found.event, found.sections[i]) not in sections:
            continue  # (a section with no standings)
        event, section = sections[(found.event, found.sections[i])]
        apart = any(x.direction is not None for x in section.entries)
        for side, direction, number in ((0, Direction.NS, line.ns), (1, Direction.EW, line.ew)):
            if sides[side][k] != none or number <= 0:
                continue
            facing = direction if apart else None
            key = (event.number, section.name, facing, number)
            if key not in made:
                made[key] = len(entries)
                tail = "" if facing is None else facing.name
                entries.append(
                    (event, section, Entry(f"{number}{tail}", number, facing, kept=GHOST))
                )
            sides[side][k] = made[key]
    if not made:
        return lines
    for column in sides:
        column[column == none] = len(entries)
    extra = len(entries) - none
    ranks, tied = lines.ranks
    return replace(
        lines,
        entries=entries,
        ns_entry=sides[0],
        ew_entry=sides[1],
        scores=np.concatenate([lines.scores, np.full(extra, np.nan)]),
        ranks=(np.concatenate([ranks, np.zeros(extra, dtype=np.int64)]),
               np.concatenate([tied, np.zeros(extra, dtype=bool)])),
        groups={},
    )  # fmt: skip


def _entry_rules(
    lines: ImpLines, rules: ImpRules
) -> tuple[tuple[tuple[int, int], tuple[int, int]], ImpRules]:
    """How totals are made and ranks scoped that the file's own fit best with these board
    rules (the first of the best), with the totals' and the ranks' agreement: the totals'
    rule found from the file's own board figures, the ranks' from its own totals."""
    computed = Scored.of(lines, rules)
    scored = computed.own(lines)
    slack = None if scored is computed else _slack(lines, computed)
    best: tuple[int, int] = (-1, 0)
    chosen = rules
    # (the figures recorded are the same for every trial: one that gives them all is the
    # first of the best, and the search stops there)
    for total, exact in itertools.product(Total, (False, True)):
        trial = replace(rules, total=total, exact=exact)
        right, given = EntryFigures.of(lines, trial, scored).total_agreement(lines, trial)
        if exact and slack is not None:  # (a replaced figure is printed, not unrounded)
            figures = EntryFigures.of(lines, trial, scored)
            off = np.abs(lines.scores - figures.totals)
            right = right | (off <= slack + 1e-7)
        found = (trues(right & given), trues(given))
        if found[0] > best[0]:
            best, chosen = found, trial
        if found[0] == found[1]:
            break
    rank_best: tuple[int, int] = (-1, 0)
    for scope in RankScope:
        trial = replace(chosen, rank_scope=scope)
        figures = EntryFigures.of(lines, trial, scored).recorded(lines)
        right, given = figures.rank_agreement(lines, figures.places(lines))
        found = (trues(right), trues(given))
        if found[0] > rank_best[0]:
            rank_best, rules = found, trial
        if found[0] == found[1]:
            break
    return (best, rank_best), rules


def _slack(lines: ImpLines, computed: Scored) -> Floats:
    """How far each entry's total from the file's own board figures may be from one made
    from the unrounded figures: half a unit of the board figures for each line whose
    recorded figure stands in for the rule's, scaled to a full session, and half a unit of
    the total's last digit for the printed sum so scaled."""
    ns_wrong, ew_wrong = computed.replaced(lines)
    count, boards = T.tallies(lines, ns_wrong.astype(np.float64), ew_wrong.astype(np.float64))
    board_half = T.half_unit(computed.rules.board_decimals)
    scale = np.divide(boards.max(initial=1), boards, out=np.ones(boards.size), where=boards > 0)
    slack = (count * board_half + T.half_unit(computed.rules.total_decimals)) * scale
    return np.asarray(slack, dtype=np.float64)


def _from_totals(
    results: Results, flats: dict[bool, ImpLines], decimals: int, total_decimals: int
) -> Detected | None:
    """Where no line records IMPs, the first rules every entry's total and rank fit (a file
    whose board IMPs were left out); None when no rules fit them all."""
    for candidate in _candidates(results, decimals):
        lines = _lines(results, flats, candidate.across_sections)
        candidate = replace(
            candidate, total_decimals=total_decimals, both_directions=lines.switched
        )
        (totals, ranked), rules = _entry_rules(lines, candidate)
        if totals[1] + ranked[1] == 0:
            return None
        if totals[0] == totals[1] and ranked[0] == ranked[1]:
            return Detected(rules, 0, 0, totals, ranked)
    return None


def check_imps(results: Results, rules: ImpRules) -> list[Problem]:
    """A problem for every line whose recorded N-S or E-W IMPs, and every entry whose total
    or rank, differ from the recomputation by ``rules``; lines the rules cannot score
    (adjusted) are counted in one warning.

    >>> from bridgeio.model.results import Board, BoardResult, Section
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=-p) for t, s, p in [(1, 420, 4), (2, 450, 5), (3, -50, -9)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> [str(p) for p in check_imps(Results([event]), ImpRules())]  # doctest: +NORMALIZE_WHITESPACE
    ['event 1, section A, board 7, pairs 3/3: error: N-S IMPs -9 recorded, -8 by the rule
      (Butler IMPs, datum 270)', 'event 1, section A, board 7, pairs 3/3: error: E-W IMPs 9
      recorded, 8 by the rule (Butler IMPs, datum 270)']
    """
    lines = ImpLines.of(results, rules.across_sections)
    done = Rescoring()
    _compare(lines, rules, Checked(), done)
    problems = [d.problem for d in done.differences]
    unscored = int((np.isnan(lines.ns_score)).sum())
    if unscored:
        problems.append(
            Problem("results", f"{unscored:,} lines have no score in points: not IMPed", "warning")
        )
    return problems


@dataclass(frozen=True)
class Checked:
    """Which kinds of figure are checked (their rule reproduces the file's), and which of
    them rescoring puts in place."""

    boards: bool = True
    totals: bool = True
    ranks: bool = True
    apply: bool = False


def _compare(lines: ImpLines, rules: ImpRules, checked: Checked, done: Rescoring) -> None:
    """Each recorded figure of ``lines`` of a checked kind that differs from the
    recomputation by ``rules`` into ``done`` (with ``checked.apply``, the recomputed figure
    is put in its place); agreement is counted."""
    scored = Scored.of(lines, rules)
    if checked.boards:
        done.differences.extend(_board_differences(lines, scored, checked.apply, done))
    else:  # the totals come from the file's own board figures
        nothing = np.full(lines.group.size, np.nan)
        scored = Scored(rules, None, nothing, nothing)
    figures = EntryFigures.of(lines, rules, scored)
    touched = _touched(lines, scored) if checked.boards else None
    own = None  # (the figures from the file's own: what a moved figure is said to follow)
    if touched is not None and touched.any():
        own = EntryFigures.of(lines, rules, scored.own(lines)).recorded(lines)
    if checked.totals:
        _total_differences(lines, rules, figures, checked.apply, done, touched, own)
    if checked.ranks:
        _rank_differences(lines, figures, checked.apply, done, own)


def _touched(lines: ImpLines, scored: Scored) -> Bools:
    """The entries that played a line whose board figures the rule gives otherwise (a
    changed score, or a changed figure: reported at its board already)."""
    ns_wrong, ew_wrong = scored.wrong(lines)
    found = np.zeros(len(lines.entries) + 1, dtype=bool)
    bad = ns_wrong | ew_wrong
    found[lines.ns_entry[bad]] = True
    found[lines.ew_entry[bad]] = True
    return found[:-1]


def _total_differences(
    lines: ImpLines,
    rules: ImpRules,
    figures: EntryFigures,
    apply: bool,
    done: Rescoring,
    touched: Bools | None = None,
    own: EntryFigures | None = None,
) -> None:
    """Each total the rules do not give: an error (a typo), or one that follows from a
    board finding (agreeing with the file's own board figures: ``own``); where two or more
    entries whose board figures all agree are off by amounts nothing in the file explains
    (Pianola's cross-IMP pairs 16 and 17: 53.57 and 21.29 where their boards sum to 56.15
    scaled and 28.14), one warning naming them, their totals left as recorded."""
    right, given = figures.total_agreement(lines, rules)
    printed = T.round_half_away(figures.totals, rules.total_decimals)
    odd = given & ~right & (~touched if touched is not None else False)
    if int(odd.sum()) < 2:
        odd[:] = False
    else:
        done.unchecked.append(_unexplained(lines, odd, figures.totals, printed))
    follows = np.zeros(given.size, dtype=bool)
    if own is not None and touched is not None:
        follows = touched & T.agree(lines.scores, own.totals, rules.total_decimals)
    for i in np.flatnonzero(given).tolist():
        event, section, entry = lines.entries[i]
        done.count("totals", bool(right[i]))
        if not right[i] and not odd[i]:
            value = float(printed[i])
            place = entry_place(event.number, section.name, entry)
            moved = bool(follows[i])
            done.differences.append(Difference(place, "total", entry.score, value, follows=moved))
            if apply:
                entry.score = value


def _unexplained(lines: ImpLines, odd: Bools, totals: Floats, printed: Floats) -> str:
    """The warning for totals that disagree with their own board figures by amounts no known
    rule explains."""
    places, figures = [], []
    for i in np.flatnonzero(odd).tolist():
        event, section, entry = lines.entries[i]
        places.append(entry_place(event.number, section.name, entry))
        figures.append(f"{entry.score:g} recorded, {float(printed[i]):g} from its boards")
    where = places[0].split(",")[0]
    named = ", ".join(p.split(", ", 1)[-1] for p in places)
    return (
        f"{where}: totals of {named} not checked: they disagree with their own board figures "
        f"by amounts no known rule explains ({'; '.join(figures)}); left as recorded"
    )


def _rank_differences(
    lines: ImpLines,
    figures: EntryFigures,
    apply: bool,
    done: Rescoring,
    own: EntryFigures | None = None,
) -> None:
    """Each rank the rules do not give the totals as rescored: an error, or one that
    follows from a board finding (agreeing with the places of the recorded totals,
    ``own``)."""
    places = figures.places(lines)
    right, given = figures.rank_agreement(lines, places)
    follows = np.zeros(given.size, dtype=bool)
    if own is not None and not right[given].all():
        follows = own.rank_agreement(lines, own.places(lines))[0]
    for i in np.flatnonzero(given).tolist():
        event, section, entry = lines.entries[i]
        done.count("ranks", bool(right[i]))
        if not right[i]:
            low, high = (int(v) for v in places[i])
            recorded = f"{entry.rank}{'=' if entry.tied else ''}"
            place = entry_place(event.number, section.name, entry)
            tie = T.tie_text(low, high)
            moved = bool(follows[i])
            done.differences.append(Difference(place, "rank", recorded, tie, follows=moved))
            if apply:
                entry.rank, entry.tied = low, high > low


def _board_differences(
    lines: ImpLines, scored: Scored, apply: bool, done: Rescoring
) -> Iterator[Difference]:
    ns_wrong, ew_wrong = scored.wrong(lines)
    computed = np.unique(lines.group[~np.isnan(scored.ns)])
    bad = np.unique(lines.group[ns_wrong | ew_wrong])
    done.agreement["boards"][0] += computed.size - bad.size
    done.agreement["boards"][1] += computed.size
    decimals = scored.rules.board_decimals
    for k in np.flatnonzero(ns_wrong | ew_wrong).tolist():
        line = lines.line(k)
        for side, wrong, recorded, rule in (
            ("N-S", ns_wrong, lines.ns_recorded, scored.ns),
            ("E-W", ew_wrong, lines.ew_recorded, scored.ew),
        ):
            if wrong[k]:
                value = float(T.round_half_away(rule[k], decimals))
                how = scored.how(int(lines.group[k]))
                was = "none" if np.isnan(recorded[k]) else float(recorded[k])
                yield Difference(lines.place(k), f"{side} IMPs", was, value, how)
                if apply:
                    setattr(line, "ns_points" if side == "N-S" else "ew_points", value)


def rescore_imps(event: Event, apply: bool, done: Rescoring) -> None:
    """An IMP pairs event rescored by the rules its own figures fit (:func:`detect_imp_rules`;
    the default rules where it records no IMPs, said once), under the policy of the module:
    its differences, what is not checked and its agreement put in ``done``."""
    alone = Results([event])
    flats: dict[bool, ImpLines] = {}
    found = _detect(alone, flats)
    cross = event.scoring is Scoring.CROSS_IMPS  # (no IMPs recorded: the event's own kind)
    rules = (
        ImpRules(ImpMethod.CROSS if cross else ImpMethod.BUTLER) if found is None else found.rules
    )
    where = f"event {event.number}"
    if found is None or found.checked == 0:
        how = "the default rules" if found is None else "the rules its totals and ranks fit"
        done.unchecked.append(
            f"{where}: no IMPs recorded on the boards: scored by {how} ({rules.describe()})"
        )
    done.methods.setdefault(event.number, rules)
    lines = _lines(alone, flats, rules.across_sections)
    for number, section, entry in lines.entries:
        if entry.kept is GHOST:
            done.errors.append(Problem(entry_place(number.number, section.name, entry), UNLISTED))
    checked = _policy(where, found, rules, apply, done)
    _compare(lines, rules, checked, done)
    _unscored(where, lines, done)


def _policy(
    where: str, found: Detected | None, rules: ImpRules, apply: bool, done: Rescoring
) -> Checked:
    """Which kinds of figure the rules found reproduce (one warning for each that no
    known rule does: not checked, not rewritten)."""
    if found is None:
        return Checked(apply=apply)
    kinds = (
        ("board IMPs", (found.lines, found.checked), rules.board_words()),
        ("totals", found.totals, rules.total_words()),
        ("ranks", found.ranks, rules.rank_words()),
    )
    fits = []
    for what, (agreeing, compared), closest in kinds:
        fits.append(reproduces(agreeing, compared))
        if not fits[-1]:
            done.not_reproduced(where, what, closest, agreeing, compared)
    return Checked(fits[0], fits[1], fits[2], apply)


def _unscored(where: str, lines: ImpLines, done: Rescoring) -> None:
    """What the rules could not score: lines whose score is missing (at their place), and
    lines with an adjusted score (counted)."""
    for k in np.flatnonzero(lines.missing).tolist():
        done.unchecked.append(
            f"{lines.place(k)}: IMPs recorded and no score in points: the board's IMPs are "
            "not checked"
        )
    unscored = int((np.isnan(lines.ns_score) & ~lines.missing).sum())
    if unscored:
        done.unchecked.append(
            f"{where}: {unscored:,} lines have no score in points: their recorded IMPs are "
            "kept and counted in the totals"
        )
