"""Each pair's total and percentage from its board points, found by the rule the file follows.

Sources: ACBLscore (reference/acblscore-game-files-decoded.txt, entry structure 0x08-0x1C,
section 0x4E; issue 20): the session score is the sum of the stored 2-decimal board points
scaled by the boards of a full session (maximum score / top) over the boards played, and the
percentage is that stored score over the maximum score. Compscore: the total is the sum of
the factored points at full precision and the percentage that sum over the top times the
boards played (a factored board's points, printed to one decimal, may move the total by a
unit of its last digit either way). NZ Scorer: the total is the percentage. BriAn,
PairsScorer, Ruter (issue 28): the sum of the points as printed on the travellers, the
percentage that sum over the tops of the boards played (a board scored on its own top counts
its own top; centred points count from the bottom).

Which of these a file follows is found from the file: each rule is tried on the file's own
board points (a line whose recorded points the board rule does not give keeps its recorded
points: its board is reported already), the one most recorded totals agree with is chosen,
and likewise for the percentages; a rule must reproduce the bulk of them
(:func:`.report.reproduces`), else one warning says that none does. Ranks: :mod:`.ranking`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.arrays import every, filled, some, trues
from bridgeio.analysis.scoring.boards import Pool
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.factoring import Floats
from bridgeio.analysis.scoring.field import Flat, Sides
from bridgeio.analysis.scoring.ranking import Kept, check_ranks, rank_fit
from bridgeio.analysis.scoring.report import (
    GHOST,
    UNLISTED,
    Difference,
    Method,
    Rescoring,
    reproduces,
)
from bridgeio.errors import Problem
from bridgeio.model.results import Direction, Entry, Section

Rows = list[tuple[Section, Entry]]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]


@dataclass
class Sources:
    """Each line's points the totals may be formed from: as printed, factored at the file's
    precision and unrounded; and each line's board top and offset (what brings centred
    points to count from 0)."""

    printed: Sides
    rounded: Sides
    exact: Sides
    tops: Floats
    offsets: Floats
    awards: Sides | None = None  # the points of lines that are an award (sit-outs), else NaN


class Tallies:
    """Each row's sums over the session, each summed when first asked for: points
    (rounded, exact, printed), the tops and offsets of the boards it played, the boards
    played (``played``, counted by :func:`tallies`), the awards of boards it sat out (not
    played), and the adjustments in points a line gives a pair that played (``adjusted``)."""

    def __init__(
        self, src: Sources, sides: tuple[Bools, Bools], index: Ints, keep: Bools, played: Floats
    ) -> None:
        self.src, self.sides, self.index, self.keep = src, sides, index, keep
        self.size = keep.size
        self.played = played
        self.awards: Floats | None = None
        self.adjusted: Floats | None = None
        self.pick: Ints | None = None  # (a view of other rows: see :meth:`picked`)
        self.ghosts = 0  # the last rows: pairs on the boards with no entry (:func:`_ghosts`)
        self.made: dict[str, Floats] = {}

    def _sum(self, name: str, values: tuple[Floats, Floats]) -> Floats:
        if name not in self.made:
            ns, ew = self.sides
            column = np.concatenate([values[0][ns], values[1][ew]])
            column[np.isnan(column)] = 0.0
            sums = np.bincount(self.index, column, self.size + 1)[:-1][self.keep]
            self.made[name] = self._picked(np.asarray(sums, dtype=np.float64))
        return self.made[name]

    def _picked(self, values: Floats, default: float = 0.0) -> Floats:
        if self.pick is None:
            return values
        at = np.maximum(self.pick, 0)
        return np.asarray(np.where(self.pick >= 0, values[at], default), dtype=np.float64)

    def picked(self, pick: Ints) -> Tallies:
        """The sums of other rows: row ``k`` of the result is row ``pick[k]`` of these (-1:
        nothing played)."""
        view = Tallies.__new__(Tallies)
        view.src, view.sides, view.index, view.keep = self.src, self.sides, self.index, self.keep
        view.size, view.pick, view.made, view.ghosts = self.size, pick, {}, 0
        view.played = np.asarray(
            np.where(pick >= 0, self.played[np.maximum(pick, 0)], 1.0), dtype=np.float64
        )
        view.awards = None if self.awards is None else view._picked(self.awards)
        view.adjusted = None if self.adjusted is None else view._picked(self.adjusted)
        return view

    @property
    def points(self) -> Floats:
        """The rounded points summed."""
        return self._sum("points", self.src.rounded.pairs())

    @property
    def exact(self) -> Floats:
        """The unrounded points summed."""
        return self._sum("exact", self.src.exact.pairs())

    @property
    def printed(self) -> Floats:
        """The points as printed summed."""
        if self.src.printed is self.src.rounded:
            return self.points
        return self._sum("printed", self.src.printed.pairs())

    @property
    def tops(self) -> Floats:
        """The tops of the boards played summed."""
        tops = self.src.tops
        if tops.size and not some(tops != tops[0]):  # (one top: no sum needed)
            return np.asarray(self.played * float(tops[0]), dtype=np.float64)
        return self._sum("tops", (tops, tops))

    @property
    def offsets(self) -> Floats | None:
        """What brings centred points to count from 0, summed (None for other points)."""
        if not some(self.src.offsets):
            return None
        return self._sum("offsets", (self.src.offsets, self.src.offsets))


def _wanted(pool: Pool, mitchell: list[bool]) -> list[tuple[int, Section, Entry]]:
    """The entries with a figure to check, each with its field code (section, and direction
    in a Mitchell: a Howell's pairs are one field)."""
    return [
        (k * 2 + (mitchell[k] and entry.direction is Direction.EW), section, entry)
        for k, section in enumerate(pool.sections)
        for entry in section.entries
        if entry.score is not None or entry.percentage is not None or entry.rank is not None
    ]


def tallies(pool: Pool, flat: Flat, src: Sources) -> tuple[Rows, Tallies]:
    """The entries with a figure to check and points on the boards, with their sums (one
    code per pair: section, direction for a Mitchell, number)."""
    mitchell = pool.directed()
    split = np.array(mitchell, dtype=np.int64)
    ranked = _wanted(pool, mitchell)
    sides = (~np.isnan(src.printed.ns), ~np.isnan(src.printed.ew))
    base = flat.section * 2
    fields = np.concatenate([base[sides[0]], (base + split[flat.section])[sides[1]]])
    pairs = np.concatenate([flat.pairs[0][sides[0]], flat.pairs[1][sides[1]]])
    wanted = ([k for k, _, _ in ranked], [e.number for _, _, e in ranked])
    index, lines = _index(fields, pairs, *wanted)
    wanted_before = wanted[0]
    if int(lines.sum()) < pairs.size:  # (some line's pair is no wanted entry: rare)
        ghosts = _ghosts(pool, mitchell, fields[index == len(ranked)], pairs[index == len(ranked)])
        if ghosts:
            ranked = ranked + ghosts
            wanted = ([k for k, _, _ in ranked], [e.number for _, _, e in ranked])
            index, lines = _index(fields, pairs, *wanted)
    keep = lines > 0  # (the wanted entries with a line)
    rows = [(s, e) for (_, s, e), ok in zip(ranked, keep.tolist(), strict=True) if ok]
    counts = Tallies(src, sides, index, keep, lines[keep].astype(np.float64))
    counts.ghosts = len(ranked) - len(wanted_before)
    if src.awards is not None:
        counts.awards = _awards(flat, src.awards, split, wanted, keep)
        adjusted = _awards(flat, _penalties(flat, src.awards), split, wanted, keep)
        counts.adjusted = adjusted if some(adjusted) else None
    return rows, counts


def _ghosts(
    pool: Pool, mitchell: list[bool], fields: Ints, pairs: Ints
) -> list[tuple[int, Section, Entry]]:
    """The pairs that play on the boards and have no entry in their section's standings (a
    row not read, or left out), each as an entry of its own with no figure (:data:`GHOST`):
    they take their places among the others (by their points), and are counted neither for
    nor against a rule."""
    known = {
        (k * 2 + (mitchell[k] and e.direction is Direction.EW), e.number)
        for k, section in enumerate(pool.sections)
        for e in section.entries
    }
    found = []
    for code, number in sorted(set(zip(fields.tolist(), pairs.tolist(), strict=True))):
        section = pool.sections[code // 2]
        if number <= 0 or (code, number) in known or not section.entries:
            continue
        direction = (Direction.EW if code % 2 else Direction.NS) if mitchell[code // 2] else None
        tail = "" if direction is None else direction.name
        ghost = Entry(f"{number}{tail}", number, direction, kept=GHOST)
        found.append((code, section, ghost))
    return found


def ghosts(rows: Rows) -> Bools:
    """Which rows are pairs on the boards with no entry (:func:`_ghosts`)."""
    return np.array([e.kept is GHOST for _, e in rows], dtype=bool)


def _penalties(flat: Flat, awards: Sides) -> Sides:
    """The awards that adjust the total of a pair that played (a line naming both pairs
    with points and no score: Ruter's ``Pen``), not a sit-out's: the total adds them to the
    points of the boards played however these are scaled (found on Ruter's files: a ``Pen``
    of 4 moves a total from 0 to 4 and the percentage with it)."""
    both = (flat.pairs[0] != 0) & (flat.pairs[1] != 0)
    return Sides(np.where(both, awards.ns, np.nan), np.where(both, awards.ew, np.nan))


def _awards(
    flat: Flat,
    awards: Sides,
    split: npt.NDArray[np.int64],
    wanted: tuple[list[int], list[int]],
    keep: npt.NDArray[np.bool_],
) -> Floats:
    """Each row's awards (the points of the boards it sat out)."""
    codes, numbers, points = [], [], []
    for side in (0, 1):
        given = ~np.isnan(awards.pairs()[side])
        codes.append((flat.section * 2 + split[flat.section] * side)[given])
        numbers.append(flat.pairs[side][given])
        points.append(awards.pairs()[side][given])
    index, _ = _index(np.concatenate(codes), np.concatenate(numbers), *wanted)
    sums = np.bincount(index, np.concatenate(points), len(wanted[0]) + 1)[:-1]
    return np.asarray(sums[keep], dtype=np.float64)


def _index(
    fields: npt.NDArray[np.int64],
    pairs: npt.NDArray[np.int64],
    wanted_fields: list[int],
    wanted_pairs: list[int],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each scored line side, the index of its entry among the wanted ones (the number
    of wanted entries where it is none of them), and how many line sides each wanted entry
    has."""
    none = len(wanted_fields)
    if not pairs.size:
        return np.zeros(0, dtype=np.int64), np.zeros(none, dtype=np.int64)
    # (the ufuncs' own reductions: ndarray.min and .max add a Python call each)
    width = max(int(np.maximum.reduce(pairs)), max(wanted_pairs, default=0)) + 1
    low = min(int(np.minimum.reduce(pairs)), min(wanted_pairs, default=0))
    size = (max(int(np.maximum.reduce(fields)), max(wanted_fields, default=0)) + 1) * width
    if low >= 0 and size <= 1 << 20:  # small codes: a table of the wanted ones
        table = np.full(size, none, dtype=np.int64)
        codes = np.array(wanted_fields, dtype=np.int64) * width + np.array(
            wanted_pairs, dtype=np.int64
        )
        table[codes] = np.arange(none)
        index = table[fields * width + pairs]
    else:  # large or negative pair numbers: matched by a sort
        keys = np.array(wanted_fields, dtype=np.int64) * (1 << 40) + np.array(
            wanted_pairs, dtype=np.int64
        )
        order = np.argsort(keys, kind="stable")
        sought = fields * (1 << 40) + pairs
        at = np.minimum(np.searchsorted(keys[order], sought), max(none - 1, 0))
        hit = keys[order][at] == sought if none else np.zeros(sought.size, dtype=bool)
        index = np.where(hit, order[at] if none else 0, none).astype(np.int64)
    return index, np.bincount(index, minlength=none + 1)[:none]


STORED = "the stored points scaled to a full session"
EXACT_SCALED = "the exact points scaled to a full session"
PERCENTAGE = "the percentage"
PRINTED = "the printed points summed"
PLAYED = "the points of the boards played"
HANDICAPPED = "the percentage and half the pair's handicap"


class Rules(Mapping[str, tuple[Floats, Floats]]):
    """Candidate totals and percentages of every row by each rule a file may follow (with a
    director's ``adjust``-ment of each row's points), each made when first asked for."""

    NAMES = (STORED, EXACT_SCALED, PERCENTAGE, PRINTED, PLAYED)

    def __init__(self, pool: Pool, rows: Rows, counts: Tallies, adjust: Floats) -> None:
        self.pool, self.rows, self.counts, self.adjust = pool, rows, counts, adjust
        self.made: dict[str, tuple[Floats, Floats]] = {}
        self.adjusting = some(adjust)
        self.handicaps = handicaps(rows)
        self.names = self.NAMES if self.handicaps is None else (*self.NAMES, HANDICAPPED)

    def __getitem__(self, name: str) -> tuple[Floats, Floats]:
        if name not in self.made:
            self.made[name] = self._make(name)
        return self.made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def _full_session(self, played: Floats) -> Floats:
        """Each row's boards of a full session: its section's maximum score over the top
        (where it has none, the most boards any row played)."""
        top = self.pool.top or 1.0
        maxima = {id(s): s.maximum_score for s in self.pool.sections}
        if len(set(maxima.values())) == 1 and (only := next(iter(maxima.values()))):
            return filled(len(self.rows), only / top)  # (one maximum: the usual case)
        most = float(played.max())
        return np.array([s.maximum_score / top if s.maximum_score else most for s, _ in self.rows])

    def _make(self, name: str) -> tuple[Floats, Floats]:
        counts, top = self.counts, self.pool.top or 1.0
        played = counts.played
        pen, pen_share = self._penalties(played)
        if name in (STORED, EXACT_SCALED):
            full = self._full_session(played)
            if name == STORED:
                scaled = _plus(self._adjusted(counts.points) * full / played, pen)
                stored = np.floor(scaled * 100 + 0.5 + 1e-6) / 100
                return scaled, 100 * stored / (top * full)
            exact = self._adjusted(counts.exact)
            share = _plus(100 * self._offset(exact) / (top * played), pen_share)
            return _plus(exact * full / played, pen), share
        if name in (PERCENTAGE, HANDICAPPED):
            exact = self._adjusted(counts.exact)
            share = _plus(100 * self._offset(exact) / (top * played), pen_share)
            if name == HANDICAPPED and self.handicaps is not None:
                share = share + self.handicaps / 2
            return share, share
        if name == PRINTED:
            printed = self._adjusted(counts.printed)
            awarded = printed if counts.awards is None else printed + counts.awards
            tops = np.where(counts.tops > 0, counts.tops, 1.0)
            return awarded, 100 * self._offset(printed) / tops
        points = self._adjusted(counts.points)
        return _plus(points, pen), _plus(100 * self._offset(points) / (top * played), pen_share)

    # (where there is no adjustment, penalty or offset, none is added: a few array calls
    # fewer a rule, a rule or two a pool)
    def _adjusted(self, points: Floats) -> Floats:
        """The rows' points with the director's adjustments (none: the same)."""
        return points + self.adjust if self.adjusting else points

    def _offset(self, points: Floats) -> Floats:
        """Centred points counted from 0 (others: the same)."""
        offsets = self.counts.offsets
        return points if offsets is None else points + offsets

    def _penalties(self, played: Floats) -> tuple[Floats | float, Floats | float]:
        """Each row's adjustments in points (Ruter's ``Pen``), and the percentage they are
        worth: of a full session's tops, where the boards sat out count by their awards
        (0 and 0 where there is none; PRINTED has them in its awards)."""
        if self.counts.adjusted is None:
            return 0.0, 0.0
        full = self._full_session(played)
        pen = self.counts.adjusted
        return pen, 100 * pen / ((self.pool.top or 1.0) * full)


def _plus(values: Floats, extra: Floats | float) -> Floats:
    """``values`` with ``extra`` added (a penalty, or its share: none where it is 0.0)."""
    return values if isinstance(extra, float) and extra == 0.0 else values + extra


def handicaps(rows: Rows) -> Floats | None:
    """Each row's handicap (0 where none), None where no entry has one: a handicap event
    (NZ Scorer's handicap pairs: the total and percentage are the pair's percentage with
    half its handicap added, found on the corpus' handicap pairs, 18 of 18; its places are
    by the percentage before the handicap)."""
    found = [e.handicap for _, e in rows]
    if found.count(None) == len(found):
        return None
    return np.array([h or 0.0 for h in found], dtype=np.float64)


def _rules(pool: Pool, rows: Rows, counts: Tallies, adjust: Floats) -> Rules:
    """:class:`Rules` of the rows."""
    return Rules(pool, rows, counts, adjust)


EXACT = (EXACT_SCALED, PERCENTAGE)
"""Rules on unrounded points: a total within half a hundredth beyond its rounding agrees
(Compscore's own rounding of a factored board's two sides moves it so)."""


def check_totals(
    pool: Pool,
    flat: Flat,
    check: Sources,
    applied: Sources | None,
    method: Method,
    apply: bool,
    done: Rescoring,
    kept: Kept | None = None,
) -> None:
    """Compare every entry's total, percentage and rank (see the module). ``check`` holds
    the file's own board points (for finding the rules and the errors); ``applied`` those
    the rescored copy has (with ``apply``: what is written); ``kept``, what the entries'
    kept records say for ranking (:class:`.ranking.Kept`)."""
    rows, counts = tallies(pool, flat, check)
    if not rows:
        return
    if counts.ghosts:
        _unlisted(pool, rows[-counts.ghosts :], done)
    scores = Recorded.of([e.score for _, e in rows])
    adjust = np.zeros(len(rows))
    rules = _rules(pool, rows, counts, adjust)
    if not _all_fit(scores, rules):
        # a director's adjustment, where the file keeps one, is looked up only where needed
        adjust = np.array([adjustment(e) for _, e in rows])
        if some(adjust):
            rules = _rules(pool, rows, counts, adjust)
    again, moved = rules, np.zeros(len(rows), dtype=bool)
    if applied is not None and applied is not check:  # (lines the board rule gives otherwise)
        _, other = tallies_for(pool, flat, applied, rows)
        again = _rules(pool, rows, other, adjust)
        moved = (other.points != counts.points) | (other.printed != counts.printed)
    # a total agrees from the file's own board points or, for a pair with a line the board
    # rule gives otherwise (reported already: a changed score, or a changed point the total
    # was made without), from the rule's
    both = (rules, again, moved)
    event = pool.event.number
    rule, totals = _figure(event, "total", rows, scores, both, 0, apply, done)
    if rule:
        method.totals = rule
    shares = Recorded.of([e.percentage for _, e in rows])
    share, percentages = _figure(event, "percentage", rows, shares, both, 1, apply, done, rule)
    if share and not rule:
        method.percentages = share
    if kept is not None and totals is not None:
        kept.rescored(rows, scores.values, totals)
    # the ranks' rule is found from the recorded totals; the places it gives the totals as
    # rescored (where a board's points moved some) are what a rank is checked against too
    basis = "total" if some(scores.given) or rule else "percentage"
    values = _ranked_values(rows, scores.values, shares.values, rules, rule)
    new = None
    if totals is not None or percentages is not None:
        new = _ranked_values(
            rows,
            scores.values if totals is None else totals,
            shares.values if percentages is None else percentages,
            again,
            rule,
        )
    if rules.handicaps is not None:  # places by the total, or by the scratch percentage
        scratch = values - rules.handicaps / 2
        if rank_fit(rows, scratch) > rank_fit(rows, values):
            values, basis = scratch, "percentage before the handicap"
            new = None if new is None else new - rules.handicaps / 2
    check_ranks(pool, rows, values, method, apply, done, kept, basis, new, counts.ghosts)


def _unlisted(pool: Pool, rows: Rows, done: Rescoring) -> None:
    """An error for each pair that plays on the boards with no entry in the standings."""
    for section, entry in rows:
        done.errors.append(Problem(entry_place(pool.event.number, section.name, entry), UNLISTED))


@dataclass
class Recorded:
    """An entry figure as recorded (NaN: none), which rows record it, and the unit of its
    last printed digit."""

    values: Floats
    given: npt.NDArray[np.bool_]
    unit: float
    # each rule's last answer, with the figures it was for (the rules whose totals are
    # looked at to see if one gives them all are looked at again to choose)
    agreed: dict[str, tuple[Floats, Bools]] = field(default_factory=dict)

    @classmethod
    def of(cls, figures: list[float | None]) -> Recorded:
        """The figures, their presence and precision."""
        values = _recorded(figures)
        given = ~np.isnan(values)
        return cls(values, given, 10.0 ** -_decimals(values[given]))

    def agree(self, computed: Floats, rule: str) -> npt.NDArray[np.bool_]:
        """Which recorded figures ``computed`` gives (see :func:`_agrees`)."""
        kept = self.agreed.get(rule)
        if kept is not None and kept[0] is computed:
            return kept[1]
        found = _agrees(self.values, computed, rule, self.unit)
        self.agreed[rule] = (computed, found)
        return found


def _all_fit(scores: Recorded, rules: Rules) -> bool:
    """Whether some rule gives every recorded total."""
    given = scores.given
    return any(every(scores.agree(rules[name][0], name)[given]) for name in rules)


def tallies_for(pool: Pool, flat: Flat, src: Sources, rows: Rows) -> tuple[Rows, Tallies]:
    """:func:`tallies` of the same rows from other points (a row with no line keeps its
    place, with nothing played)."""
    found, counts = tallies(pool, flat, src)
    if len(found) == len(rows):
        return rows, counts
    index = {id(e): k for k, (_, e) in enumerate(found)}
    return rows, counts.picked(np.array([index.get(id(e), -1) for _, e in rows], dtype=np.int64))


def _figure(
    event: int,
    what: str,
    rows: Rows,
    recorded: Recorded,
    both: tuple[Rules, Rules, npt.NDArray[np.bool_]],
    column: int,
    apply: bool,
    done: Rescoring,
    first: str = "",
) -> tuple[str, Floats | None]:
    """Totals (``column`` 0) or percentages (1) checked by the rule most of them agree
    with (ties: ``first``, then the order of the rules): the rule is found from the file's
    own board points, a figure that agrees with neither these nor the rule's is an error,
    one that agrees with the file's points but not the rule's follows from its board
    (:attr:`.Difference.follows`). The rule (``""`` where none is recorded or none
    reproduces them) and the figures as rescored (None: none moves)."""
    given = recorded.given
    if not some(given):
        return "", None
    rules, again, moved = both
    names = sorted(rules, key=lambda name: name != first)
    fitting: dict[str, npt.NDArray[np.bool_]] = {}
    counts: dict[str, int] = {}
    compared, shifted = trues(given), (some(moved))
    for name in names:  # (until one gives every figure: none can do better)
        fits = recorded.agree(rules[name][column], name) & given
        if shifted:
            fits |= moved & given & recorded.agree(again[name][column], name)
        fitting[name], counts[name] = fits, trues(fits)
        if counts[name] == compared:
            break
    rule = max(counts, key=lambda name: counts[name])
    agreeing = counts[rule]
    counted = done.agreement["totals" if column == 0 else "percentages"]
    counted[0] += agreeing
    counted[1] += compared
    plural = f"{what}s"
    if not reproduces(agreeing, compared):
        done.not_reproduced(f"event {event}", plural, rule, agreeing, compared)
        return "", None
    if agreeing == compared and not shifted:
        return rule, None  # (every figure agrees, from points no rule moves: none to report)
    values = again[rule][column]
    wrong = given & ~recorded.agree(values, rule)
    if not some(wrong):
        return rule, None
    alone = ~fitting[rule]
    rescored = recorded.values.copy()
    for k in wrong.nonzero()[0].tolist():
        section, entry = rows[k]
        value = _stored(float(values[k]), recorded.unit)
        rescored[k] = value
        place = entry_place(event, section.name, entry)
        follows = not alone[k]
        done.differences.append(
            Difference(place, what, float(recorded.values[k]), value, follows=follows)
        )
        if apply:
            setattr(entry, "score" if column == 0 else "percentage", value)
    return rule, rescored


def _ranked_values(
    rows: Rows, totals: Floats, percentages: Floats, rules: Rules, rule: str
) -> Floats:
    """What the entries are ranked on: their ``totals`` (where a row records none, the
    rule's), else their ``percentages``."""
    if rule:
        totals = np.where(np.isnan(totals), rules[rule][0], totals)
    if every(np.isnan(totals)):
        totals = percentages
    return totals


def _agrees(
    recorded: Floats, computed: Floats, rule: str, unit: float = 0.01
) -> npt.NDArray[np.bool_]:
    """Figures that agree at the file's precision (``unit``, its last digit: half of it;
    on unrounded points, half a hundredth more: a factored board's two sides carried to
    the hundredth either way)."""
    tolerance = unit / 2 + (0.005 if rule in EXACT else 0.0)
    return np.asarray(np.abs(recorded - computed) <= tolerance + 1e-6)


def _decimals(values: Floats) -> int:
    """The decimals the recorded figures are printed with (0 to 2).

    >>> _decimals(np.array([35.0, 20.6])), _decimals(np.array([416.05]))
    (1, 2)
    """
    figures = values.tolist()  # (a few dozen figures: plain floats, stopping at the first
    # that needs more decimals, are faster than arrays)
    for decimals in (0, 1):
        scale = 10.0**decimals
        if all(abs(v * scale - round(v * scale)) < 1e-5 for v in figures):
            return decimals
    return 2


def _recorded(values: list[float | None]) -> Floats:
    return np.array([np.nan if v is None else v for v in values], dtype=np.float64)


def _stored(value: float, unit: float = 0.01) -> float:
    """A figure as the file stores it: at its precision, halves up (as
    :func:`.to_precision`)."""
    scale = round(1 / unit)
    return math.floor(value * scale + 0.5 + 1e-6) / scale


def adjustment(entry: Entry) -> float:
    """Matchpoints a director added to the pair's total (a penalty is negative), where the
    file keeps one beside the entry (its kept record's ``adjustment``)."""
    value = getattr(entry.kept, "adjustment", None)
    return float(value) if isinstance(value, int | float) else 0.0
