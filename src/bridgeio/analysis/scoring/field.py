"""Every board of a pool matchpointed at once, as arrays.

The pool's lines are read into flat arrays once (board, scores, assigned percentages,
recorded points, pairs); each score's place on its board is then found for all boards
together: scores are ranked, keyed by board and rank, sorted once, and the scores beaten and
tied are counts between binary-search bounds. Factoring, assigned scores and the pairs
listed twice follow as array operations (rules and sources: :mod:`.boards`,
:mod:`.factoring`).

>>> from bridgeio.analysis.scoring.boards import Pool
>>> from bridgeio.model.results import Board, BoardResult, Event, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s) for t, s in
...          [(1, 420), (2, 450), (3, 420)]]
>>> section = Section("A", results=[Board(1, lines)])
>>> pool = Pool(Event(sections=[section]), [section], Convention.ACBL, 3.0, 4)
>>> flat = flatten(pool.sections)
>>> exact(flat, pool).ns.round(3).tolist()  # 3 results of 4: Neuberg
[0.833, 2.833, 0.833]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.arrays import every, filled, some
from bridgeio.analysis.scoring.factoring import Floats, to_precision
from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.model.results import Assigned, BoardResult, Score, Section, Special

if TYPE_CHECKING:
    from bridgeio.analysis.scoring.boards import Pool

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
NAN = float("nan")


@dataclass
class Flat:
    """A pool's lines as arrays, one row a line (NaN: nothing there)."""

    model: list[BoardResult]
    places: list[Section]  # the sections ``section`` indexes
    numbers: list[int]  # the board number of each group
    group: Ints  # each line's board (a group of the pool: board and foul group)
    scores: tuple[Floats, Floats]  # N-S and E-W scores in points (NaN: not in the field)
    shares: tuple[Floats, Floats]  # assigned percentages (NaN: not assigned)
    recorded: tuple[Floats, Floats]  # the file's points (NaN: none)
    pairs: tuple[Ints, Ints]  # N-S and E-W pair numbers
    section: Ints  # each line's section, as an index of the pool's sections
    twice: bool | None = None  # a pair listed twice on a board (found when first asked)
    award: Bools | None = None  # lines whose points are an award, no result (see _awards)
    split: bool = False  # a line with a score on one side only, an assigned one on the other
    # such a line's score counted in both fields (_split_scores): its assigned side's
    # points are then its share, not the rest of the top (see both)
    split_both: bool = False
    # each side's lines that list a pair again on a board, with its first line (see
    # _credit_once: found when first scored)
    copies: list[tuple[Ints, Ints] | None] = field(default_factory=lambda: [None, None])
    played: Ints | None = None  # the results each board had (:func:`results`: made once)
    # the results in each board's field, each side (:func:`_field`: made once)
    sizes: list[Ints | None] = field(default_factory=lambda: [None, None])

    @property
    def size(self) -> int:
        """The number of lines."""
        return len(self.model)

    def line(self, k: int) -> tuple[Section, BoardResult]:
        """Line ``k`` with its section."""
        return self.places[int(self.section[k])], self.model[k]


Placed = list[tuple[Section, BoardResult]]


def flatten(sections: list[Section], split_both: bool = False) -> Flat:
    """Every line of ``sections`` as arrays (boards and foul groups numbered as groups);
    with ``split_both``, a split score's score counted in both directions' fields
    (:func:`_split_scores`)."""
    blocks = [(k, b.number, b.results) for k, s in enumerate(sections) for b in s.results]
    return _flat(blocks, sections, split_both)


def flatten_board(
    number: int, lines: Placed, sections: list[Section], split_both: bool = False
) -> Flat:
    """One board's lines as arrays."""
    index = {id(s): k for k, s in enumerate(sections)}
    return _flat([(index[id(s)], number, [line]) for s, line in lines], sections, split_both)


def section_part(flat: Flat, k: int) -> Flat:
    """The lines of section ``k`` of ``flat`` alone, as :func:`flatten` of that section
    gives them (sections that prove scored apart are not read again: their lines are
    together in ``flat``, in order; each line's figures are its own).

    >>> from bridgeio.model.results import Board, BoardResult, Section
    >>> def section(name, scores):
    ...     return Section(name, results=[Board(n, [BoardResult(1, 1, ns=1, ew=1, ns_score=s)])
    ...                                   for n, s in scores])
    >>> both = flatten([section("A", [(2, 420), (5, 50)]), section("B", [(5, -100)])])
    >>> b = section_part(both, 1)
    >>> b.numbers, b.group.tolist(), b.scores[0].tolist(), b.section.tolist()
    ([5], [0], [-100.0], [0])
    """
    low, high = flat.section.searchsorted([k, k + 1]).tolist()
    lines = slice(low, high)
    used, group = np.unique(flat.group[lines], return_inverse=True)
    scores = (flat.scores[0][lines], flat.scores[1][lines])
    shares = (flat.shares[0][lines], flat.shares[1][lines])
    award = None if flat.award is None else flat.award[lines]
    return Flat(
        flat.model[lines],
        [flat.places[k]],
        [flat.numbers[i] for i in used.tolist()],
        group.reshape(-1).astype(np.int64),
        scores,
        shares,
        (flat.recorded[0][lines], flat.recorded[1][lines]),
        (flat.pairs[0][lines], flat.pairs[1][lines]),
        np.zeros(high - low, dtype=np.int64),
        award=award if award is not None and some(award) else None,
        split=_split_scores(scores, shares, False),
    )


def _flat(
    blocks: list[tuple[int, int, list[BoardResult]]],
    sections: list[Section],
    split_both: bool = False,
) -> Flat:
    """Blocks of lines (section index, board number, lines) as arrays: one comprehension a
    column, each made an array at once (assigned scores, rare, are looked at one by one)."""
    model = [line for _, _, lines in blocks for line in lines]
    sizes = [len(lines) for _, _, lines in blocks]
    # (a comprehension a field: twice as fast as reading the fields together and
    # transposing them)
    ns = [line.ns_score for line in model]
    ew = [line.ew_score for line in model]
    ns_points = [line.ns_points for line in model]
    ew_points = [line.ew_points for line in model]
    section = np.repeat(np.array([k for k, _, _ in blocks], dtype=np.int64), sizes)
    numbers, group = _groups(blocks, sizes, model)
    ns_scores = _points(ns)
    ew_scores, ew_side = _ew_points(ns, ew, ns_scores)
    recorded = (np.array(ns_points, dtype=np.float64), np.array(ew_points, dtype=np.float64))
    pairs = (
        np.array([line.ns for line in model], dtype=np.int64),
        np.array([line.ew for line in model], dtype=np.int64),
    )
    ns_shares = _shares(ns, ns_scores)
    # (E-W's scores N-S's negated: the same assigned scores, where the same lines have none)
    shares = (ns_shares, ns_shares if ew_side is ns else _shares(ew_side, ew_scores))
    split = _split_scores((ns_scores, ew_scores), shares, split_both)
    award = _awards(pairs, (ns_scores, ew_scores), shares, recorded)
    if award is not None:  # no result of the field: neither a score nor an assigned one
        shares = (np.where(award, NAN, shares[0]), np.where(award, NAN, shares[1]))
    return Flat(
        model,
        sections,
        numbers,
        group,
        (ns_scores, ew_scores),
        shares,
        recorded,
        pairs,
        section,
        award=award,
        split=split,
        split_both=split and split_both,
    )


def _split_scores(
    scores: tuple[Floats, Floats], shares: tuple[Floats, Floats], both: bool = True
) -> bool:
    """Whether a line is a split score, one side's a score in points and the other's an
    assigned score; with ``both``, each such score then counts in both directions' fields
    (the assigned side's from minus the other's), in place, the assigned side given its
    share all the same. Programs differ, and which one a file follows is found from its
    points (:func:`.boards.candidates` tries both): Ruter counts the table's score in both
    fields (its ``+0`` beside ``A=`` or ``A+``: the other tables' points rank the table's 0
    in both directions); ACBLscore in its own direction only (a pair given an average
    plus at a ninth table of a Mitchell, its opponents' score a copy of theirs at another
    table: NAP unit finals, 2017).

    >>> scores, shares = (np.array([NAN, 450.0]), np.array([0.0, -450.0])), (
    ...     np.array([50.0, NAN]), np.array([NAN, NAN]))
    >>> _split_scores(scores, shares), scores[0].tolist()
    (True, [-0.0, 450.0])
    """
    one = np.isnan(scores[0]) != np.isnan(scores[1])
    if not some(one):  # (a score on both sides or on neither: the usual case)
        return False
    found = False
    for side in (0, 1):
        where = one & np.isnan(scores[side]) & ~np.isnan(shares[side])
        found = found or some(where)
        if both:
            scores[side][where] = -scores[1 - side][where]
    return found


def _awards(
    pairs: tuple[Ints, Ints],
    scores: tuple[Floats, Floats],
    shares: tuple[Floats, Floats],
    recorded: tuple[Floats, Floats],
) -> Bools | None:
    """The lines whose points are an award, not a result (None: there is none): a pair
    sitting out (one pair number 0, no score in points: Ruter's ``Bye``, its award the
    pair's percentage), or a line with no score at all and points recorded (Ruter's ``Pen``:
    an adjustment). They count in the pair's total, not in the board's field."""
    unscored = np.isnan(scores[0]) & np.isnan(scores[1])
    if not some(unscored):  # (every line a score in points: the usual case)
        return None
    sitting = unscored & ((pairs[0] == 0) | (pairs[1] == 0))
    points = (~np.isnan(recorded[0]) & (recorded[0] != 0)) | (
        ~np.isnan(recorded[1]) & (recorded[1] != 0)
    )
    blank = np.isnan(shares[0]) & np.isnan(shares[1])
    award = sitting | (unscored & blank & points)
    return award if some(award) else None


def _ew_points(
    ns: Sequence[Score | None], ew: Sequence[Score | None], ns_scores: Floats
) -> tuple[Floats, Sequence[Score | None]]:
    """E-W's scores in points, and E-W's scores: where none is recorded apart, minus N-S's
    (an assigned score: N-S's)."""
    missing = ew.count(None)
    if missing == len(ew):  # the usual case: one score a line
        return -ns_scores, ns
    if missing == 0:
        return _points(ew), ew
    both = [
        e if e is not None else (-n if type(n) is int else n) for n, e in zip(ns, ew, strict=True)
    ]
    return _points(both), both


def assigned(score: Score | None) -> float | None:
    """The percentage of the top an assigned score is worth (None: not assigned)."""
    if isinstance(score, Assigned | Special):
        return score.percent
    return None


def results(flat: Flat) -> Ints:
    """The results each board had: scores in points or assigned scores (N-S side), counted
    once a pool (its top is found from them, then its points)."""
    if flat.played is None:
        scored = ~(np.isnan(flat.scores[0]) & np.isnan(flat.shares[0]))
        flat.played = np.bincount(flat.group[scored], None, len(flat.numbers)).astype(np.int64)
    return flat.played


def recorded_top(flat: Flat) -> float | None:
    """The top most lines' N-S and E-W points add up to (None without points), among lines
    with a score in points on both sides."""
    sums = flat.recorded[0] + flat.recorded[1]
    sums = np.round(sums[~np.isnan(sums + flat.scores[0] + flat.scores[1])], 2)
    if sums.size == 0:
        return None
    values, counts = np.unique(sums, return_counts=True)
    return float(values[int(np.argmax(counts))])


def _groups(
    blocks: list[tuple[int, int, list[BoardResult]]], sizes: list[int], model: list[BoardResult]
) -> tuple[list[int], Ints]:
    """The board number of each group (the boards with lines, in order, a fouled board's
    versions apart) and each line's group: found from the blocks' board numbers where no
    board is fouled (the usual case: a few dozen numbers, not a line at a time)."""
    numbers = [n for _, n, _ in blocks]
    fouls = [line.foul_group for line in model]
    if any(fouls):
        code = np.repeat(np.array(numbers, dtype=np.int64) * 64, sizes)
        boards, group = _numbered(code + np.array(fouls, dtype=np.int64))
        return (boards // 64).tolist(), group
    distinct = sorted({n for n, size in zip(numbers, sizes, strict=True) if size})
    at = {number: k for k, number in enumerate(distinct)}
    group = np.repeat(np.array([at.get(n, 0) for n in numbers], dtype=np.int64), sizes)
    return distinct, group


def _numbered(code: Ints) -> tuple[Ints, Ints]:
    """The distinct codes in order and each code's index among them (as ``np.unique`` with
    its inverse), by marking the codes present: they are small (board number x 64)."""
    if code.size == 0 or code.min() < 0 or code.max() > 1 << 22:
        distinct, inverse = np.unique(code, return_inverse=True)
        return distinct.astype(np.int64), inverse.reshape(-1).astype(np.int64)
    present = np.zeros(int(code.max()) + 1, dtype=bool)
    present[code] = True
    distinct = np.flatnonzero(present)
    index = np.cumsum(present) - 1
    return distinct.astype(np.int64), index[code].astype(np.int64)


def _points(scores: Sequence[Score | None]) -> Floats:
    """Scores in points (NaN for any other).

    >>> _points([420, None, Special.AVERAGE, -50]).tolist()
    [420.0, nan, nan, -50.0]
    """
    try:  # the usual case, scores in points or missing: made at once (an assigned score,
        # a string or an object, stops the conversion where it is met)
        return np.array(scores, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):  # an assigned score: the rest as they are
        return np.array([s if type(s) is int else NAN for s in scores], dtype=np.float64)


def _shares(scores: Sequence[Score | None], points: Floats) -> Floats:
    """Assigned percentages (NaN for any other score), looked for where ``points`` has none."""
    out = filled(len(scores), NAN)
    missing = np.isnan(points)
    if not some(missing):  # (every score in points: the usual case)
        return out
    for k in missing.nonzero()[0].tolist():
        share = assigned(scores[k])
        if share is not None:
            out[k] = share
    return out


@dataclass
class Sides:
    """N-S and E-W values of every line of a :class:`Flat`."""

    ns: Floats
    ew: Floats

    def part(self, where: npt.NDArray[np.bool_]) -> Sides:
        """The lines of ``where``."""
        return Sides(self.ns[where], self.ew[where])

    def rounded(self, decimals: int, rounding: str) -> Sides:
        """Both sides at a file's precision."""
        return Sides(
            to_precision(self.ns, decimals, rounding), to_precision(self.ew, decimals, rounding)
        )

    def pairs(self) -> tuple[Floats, Floats]:
        """``(ns, ew)``."""
        return self.ns, self.ew


def exact(flat: Flat, pool: Pool) -> Sides:
    """Every line's points, unrounded: factored, assigned scores as their share of the top,
    a pair listed twice credited on its first line only."""
    return both(flat, pool)[0]


def both(flat: Flat, pool: Pool) -> tuple[Sides, Sides]:
    """:func:`exact`'s points, and the same before factoring (as compared with the results
    the board had), from one matchpointing."""
    ns, plain_ns = _side(flat, pool, 0)
    # E-W's scores the negatives of N-S's (no split score): E-W's points are the rest of
    # each board's top, found without ranking the scores again
    mirrored = _mirrored(flat.scores) and not flat.split_both
    ew, plain_ew = _side(flat, pool, 1, plain_ns if mirrored else None)
    _credit_once(flat, ns, ew)
    _credit_once(flat, plain_ns, plain_ew)
    return Sides(ns, ew), Sides(plain_ns, plain_ew)


def _mirrored(scores: tuple[Floats, Floats]) -> bool:
    """Whether E-W's scores are the negatives of N-S's, line by line (NaN on both sides
    alike): their sum is 0 or NaN, NaN only where both are (whole points: exact)."""
    total = scores[0] + scores[1]
    nan = np.isnan(total)
    if some(total[~nan] != 0) if some(nan) else some(total):
        return False
    return every(np.isnan(scores[0][nan]) & np.isnan(scores[1][nan]))


def field_sizes(flat: Flat) -> Ints:
    """The results in each board's field (scores in points, N-S side)."""
    return _field(flat, 0)


def _field(flat: Flat, side: int, inside: Bools | None = None) -> Ints:
    """The results in each board's field on ``side`` (its lines with a score in points:
    ``inside``), counted once (the matchpoints, their factoring and the file's way of
    printing them all ask)."""
    sizes = flat.sizes[side]
    if sizes is None:
        inside = ~np.isnan(flat.scores[side]) if inside is None else inside
        counted = np.bincount(flat.group[inside], None, len(flat.numbers))
        sizes = flat.sizes[side] = counted.astype(np.int64)
    return sizes


def _side(flat: Flat, pool: Pool, side: int, other: Floats | None = None) -> tuple[Floats, Floats]:
    """One side's points, factored and before factoring (from the ``other`` side's points
    before factoring, where the scores mirror them)."""
    scores, shares = flat.scores[side], flat.shares[side]
    inside = ~np.isnan(scores)
    sizes = _field(flat, side, inside)
    if every(inside):  # (every line a score: no line picked out)
        group = flat.group
        n = sizes[group].astype(np.float64)
        if other is None:
            plain = _matchpoints(group, scores, pool.convention, sizes)
        else:
            plain = pool.convention.per_beat * (n - 1) - other
        out = _factored(plain, n, pool)
        out = out.copy() if out is plain else out
    elif some(inside):
        out = filled(flat.size, NAN)
        group = flat.group[inside]
        n = sizes[group].astype(np.float64)
        if other is None:
            points = _matchpoints(group, scores[inside], pool.convention, sizes)
        else:
            points = pool.convention.per_beat * (n - 1) - other[inside]
        out[inside] = points
        plain = out.copy()
        out[inside] = _factored(points, n, pool)
    else:
        out = filled(flat.size, NAN)
        plain = out.copy()
    given = ~np.isnan(shares)
    if some(given):  # (assigned scores: rare)
        out[given] = plain[given] = shares[given] / 100 * pool.top
    return out, plain


def _matchpoints(group: Ints, scores: Floats, convention: Convention, sizes: Ints) -> Floats:
    """Each score's matchpoints against the other scores of its own board, for all boards
    at once: one key per score (its board, then the score: scores are whole points well
    inside ±2^23), sorted once, and the scores beaten and tied counted between the bounds a
    binary search gives (``sizes``: the scores each board has)."""
    keys = group * (1 << 24)
    keys += scores.astype(np.int64)
    ordered = keys.copy()
    ordered.sort()
    # with ``start`` where a score's board begins, ``below`` and ``above`` the bounds of its
    # score: beaten, below - start; tied, above - below - 1; its points are per beat for
    # each beaten and half for each tied, per_beat / 2 * (below + above - 2 start - 1)
    start = sizes.cumsum() - sizes
    halves = ordered.searchsorted(keys) + ordered.searchsorted(keys, "right")
    halves -= (2 * start + 1)[group]
    return np.asarray(halves * (convention.per_beat / 2), dtype=np.float64)


def _factored(points: Floats, n: Floats, pool: Pool) -> Floats:
    """Neuberg's formula where a board had fewer results than ``pool.results``, and the ACBL
    small-group rule (sources: :mod:`.factoring`)."""
    big, top = float(pool.results), pool.top
    if every(n >= big):  # every board complete: nothing to factor
        return points
    if pool.convention is Convention.ACBL:
        out = points * big / n + (big - n) / (2 * n)
        out = np.where(n == 1, 0.6 * top, out)
        # of two results: the better 65 %, the worse 55 %, a tie 60 % (M is 1, 0 or 1/2)
        out = np.where((n == 2) & (big > 2), (0.55 + 0.1 * points) * top, out)
    else:
        out = (points + 1) * big / n - 1
    return np.asarray(np.where(n >= big, points, out), dtype=np.float64)


def _credit_once(flat: Flat, ns: Floats, ew: Floats) -> None:
    """A pair listed twice on a board keeps the points of its first line only (its other
    lines, with the first of each, kept in ``flat.copies``: a file may print the first
    line's points on them again, as ACBLscore does)."""
    if flat.twice is None:  # one look at all the lines: if none is listed twice, no part is
        flat.twice = _listed_twice(flat)
    if not flat.twice:
        return
    for side, points in ((0, ns), (1, ew)):
        scored = np.flatnonzero(~np.isnan(points))
        if scored.size < 2:
            continue
        _, first, inverse = np.unique(
            _pair_keys(flat, side)[scored], return_index=True, return_inverse=True
        )
        if first.size < scored.size:
            again = np.setdiff1d(np.arange(scored.size), first)
            points[scored[again]] = np.nan
            flat.copies[side] = (scored[again], scored[first[inverse.reshape(-1)[again]]])


def _listed_twice(flat: Flat) -> bool:
    """Whether a pair is listed twice on a board, in either direction (both directions'
    keys counted at once: in place where they are small, else sorted)."""
    pairs = np.concatenate(flat.pairs)
    if pairs.size < 2:
        return False
    # (the ufuncs' own reductions: ndarray.min and .max add a Python call each)
    low, high = int(np.minimum.reduce(pairs)), int(np.maximum.reduce(pairs))
    if low < 0:
        return any(_repeated(_pair_keys(flat, side)) for side in (0, 1))
    width = high + 1
    base = (flat.group * len(flat.places) + flat.section) * (2 * width)
    keys = np.concatenate([base, base + width]) + pairs
    if len(flat.numbers) * len(flat.places) * 2 * width <= 1 << 22:  # (the keys' bound)
        return some(np.bincount(keys) > 1)
    keys.sort()
    return some(keys[1:] == keys[:-1])


def _repeated(keys: Ints) -> bool:
    """Whether a key occurs twice: counted in place where the keys are small, else sorted."""
    if keys.size and 0 <= keys.min() and keys.max() < 1 << 22:
        return bool(np.bincount(keys).max() > 1)
    return bool((np.diff(np.sort(keys)) == 0).any())


def _pair_keys(flat: Flat, side: int) -> Ints:
    """One number for each line's (board, section, pair), as small as the pair numbers let
    it be."""
    pairs = flat.pairs[side]
    if pairs.size and pairs.min() >= 0:
        return (flat.group * len(flat.places) + flat.section) * (int(pairs.max()) + 1) + pairs
    return (flat.group * 1024 + flat.section) * 65536 + pairs


def awarded(flat: Flat) -> Bools:
    """The lines whose points are an award, no result (see :func:`_awards`)."""
    return flat.award if flat.award is not None else np.zeros(flat.size, dtype=bool)


def agreeing(flat: Flat, computed: Sides, where: npt.NDArray[np.bool_] | None = None) -> Ints:
    """For each line (of ``where``: ``computed`` then holds those lines only), how many of
    its two recorded points agree with ``computed`` (:func:`agreement`)."""
    ns = agreement(flat, computed, 0, where)
    return ns.astype(np.int64) + agreement(flat, computed, 1, where)


def agreement(
    flat: Flat, computed: Sides, side: int, where: npt.NDArray[np.bool_] | None = None
) -> Bools:
    """Which lines' (of ``where``'s) recorded points of ``side`` agree with ``computed``: no
    points agree with none or 0 recorded; an award's points are not the board's: they
    agree; a line listing a pair again on a board agrees with none or with the points of
    the pair's first line (see :func:`_credit_once`)."""
    recorded = flat.recorded[side] if where is None else flat.recorded[side][where]
    value = computed.pairs()[side]
    same = np.abs(recorded - value) < 1e-6  # NaN on either side: not the same
    none = np.isnan(value)
    if some(none):  # (a line with no points: rare)
        same = np.where(none, np.isnan(recorded) | (recorded == 0), same)
        copies = flat.copies[side]
        if copies is not None:
            _copied(flat.recorded[side], value, where, copies, same)
    if flat.award is not None:
        same |= flat.award if where is None else flat.award[where]
    return np.asarray(same, dtype=bool)


def _copied(
    recorded: Floats,
    value: Floats,
    where: Bools | None,
    copies: tuple[Ints, Ints],
    same: Bools,
) -> None:
    """``same`` where a line listing a pair again records the points its first line is
    given (``value`` holds the lines of ``where``), in place."""
    again, first = copies
    if where is not None:  # (positions among the lines of ``where``; -1: not one of them)
        at = np.where(where, np.cumsum(where) - 1, -1)
        keep = (at[again] >= 0) & (at[first] >= 0)
        again, first, position = again[keep], at[first[keep]], at[again[keep]]
    else:
        position = again
    same[position] |= np.abs(recorded[again] - value[first]) < 1e-6


def own_tops(flat: Flat, pool: Pool) -> Floats:
    """Each line's board top on the board's own results (its scores in points, assigned
    scores left out): the top a program gives a board it does not factor."""
    n = field_sizes(flat)[flat.group].astype(np.float64)
    return np.asarray(pool.convention.per_beat * np.maximum(n - 1.0, 0.0), dtype=np.float64)


def on_own_top(flat: Flat, pool: Pool, plain: Sides) -> Sides:
    """Points before factoring with each assigned score a share of its board's own top
    (BriAn: an A5050 on a board of five played results and a top of 8 gets 4), not of the
    pool's."""
    tops = own_tops(flat, pool)
    out = []
    for side, points in enumerate(plain.pairs()):
        shares = flat.shares[side]
        given = ~np.isnan(shares) & ~np.isnan(points)
        out.append(np.where(given, shares / 100 * tops, points))
    return Sides(out[0], out[1])


def centred(points: Sides, tops: Floats | float) -> Sides:
    """Points less half their board's top: centred on the average (Ruter's MP1)."""
    return Sides(points.ns - np.divide(tops, 2), points.ew - np.divide(tops, 2))
