"""Each pair's total, percentage and rank from its board points.

Sources: ACBLscore (reference/acblscore-game-files-decoded.txt, entry structure 0x08-0x1C,
section 0x4E; issue 20): the session score is the sum of the stored 2-decimal board points
scaled by the boards of a full session (maximum score / top) over the boards played, and the
percentage is that stored score over the maximum score. Compscore: the total is the sum of
the factored points at full precision and the percentage that sum over the top times the
boards played. NZ Scorer: the total is the percentage. Which of these a file follows is
found from the file: the rule most of its totals agree with. Ranks: one place per pair with
a better total in its direction (or the whole field of a Howell), ties sharing the best place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.boards import Pool
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.factoring import Floats
from bridgeio.analysis.scoring.field import Flat, Sides
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring
from bridgeio.model.results import Direction, Entry, Section

HALF = 0.005 + 1e-6  # totals and percentages carry two decimals


Rows = list[tuple[Section, Entry]]


@dataclass
class Tallies:
    """Each row's points over the session (rounded and exact) and boards played."""

    points: Floats
    exact: Floats
    played: Floats


def tallies(pool: Pool, flat: Flat, rounded: Sides, exact: Sides) -> tuple[Rows, Tallies]:
    """The entries with a recorded total and points on the boards, with their sums (one
    code per pair: section, direction for a Mitchell, number; summed by ``bincount``)."""
    mitchell = [any(e.direction is not None for e in s.entries) for s in pool.sections]
    directed = np.array(mitchell, dtype=np.int64)
    ranked = [
        (k * 2 + (mitchell[k] and entry.direction is Direction.EW), section, entry)
        for k, section in enumerate(pool.sections)
        for entry in section.entries
        if entry.score is not None
    ]
    numbers = np.array([entry.number for _, _, entry in ranked], dtype=np.int64)
    width = int(max(flat.pairs[0].max(initial=0), flat.pairs[1].max(initial=0))) + 1
    size = 2 * len(pool.sections) * width
    negative = min(flat.pairs[0].min(initial=0), flat.pairs[1].min(initial=0)) < 0
    if size > 1 << 20 or negative:  # pair numbers too large to count in place
        return _tallies_sparse(pool, flat, rounded, exact)
    codes, points, exacts = [], [], []
    for side in (0, 1):
        value = rounded.pairs()[side]
        scored = ~np.isnan(value)
        field = flat.section * 2 + directed[flat.section] * side  # a Howell's pairs: one
        codes.append((field * width + flat.pairs[side])[scored])
        points.append(value[scored])
        exacts.append(exact.pairs()[side][scored])
    code = np.concatenate(codes)
    sums = np.asarray(np.bincount(code, np.concatenate(points), size), dtype=np.float64)
    sums_exact = np.asarray(np.bincount(code, np.concatenate(exacts), size), dtype=np.float64)
    played = np.bincount(code, minlength=size).astype(np.float64)
    fields = np.array([k for k, _, _ in ranked], dtype=np.int64)
    at = np.where(numbers < width, fields * width + numbers, 0)
    found = (numbers < width) & (played[at] > 0) if at.size else np.zeros(0, dtype=bool)
    rows = [
        (section, entry)
        for (_, section, entry), ok in zip(ranked, found.tolist(), strict=True)
        if ok
    ]
    at = at[found]
    return rows, Tallies(sums[at], sums_exact[at], np.maximum(played[at], 1.0))


def _tallies_sparse(pool: Pool, flat: Flat, rounded: Sides, exact: Sides) -> tuple[Rows, Tallies]:
    """:func:`tallies` for pair numbers too large to count in place: the codes numbered
    densely by a sort first."""
    mitchell = [any(e.direction is not None for e in s.entries) for s in pool.sections]
    directed = np.array(mitchell, dtype=np.int64)
    codes, points, exacts = [], [], []
    for side in (0, 1):
        value = rounded.pairs()[side]
        scored = ~np.isnan(value)
        split = directed[flat.section] * side  # a Howell's pairs are one field
        codes.append(((flat.section * 2 + split) * 100_000 + flat.pairs[side])[scored])
        points.append(value[scored])
        exacts.append(exact.pairs()[side][scored])
    keys, index = np.unique(np.concatenate(codes), return_inverse=True)
    sums = np.bincount(index, weights=np.concatenate(points))
    sums_exact = np.bincount(index, weights=np.concatenate(exacts))
    played = np.bincount(index).astype(np.float64)
    ranked = [
        (k, section, entry)
        for k, section in enumerate(pool.sections)
        for entry in section.entries
        if entry.score is not None
    ]
    ew = Direction.EW
    wanted = [
        (k * 2 + (mitchell[k] and entry.direction is ew)) * 100_000 + entry.number
        for k, _, entry in ranked
    ]
    rows = [(section, entry) for _, section, entry in ranked]
    at = np.searchsorted(keys, np.array(wanted, dtype=np.int64))
    at = np.minimum(at, max(keys.size - 1, 0))
    found = keys[at] == np.array(wanted, dtype=np.int64) if keys.size else np.zeros(0, bool)
    rows = [row for row, ok in zip(rows, found.tolist(), strict=True) if ok]
    at = at[found]
    return rows, Tallies(sums[at], sums_exact[at], np.maximum(played[at], 1))


def _rules(
    pool: Pool, rows: Rows, counts: Tallies, adjust: Floats
) -> dict[str, tuple[Floats, Floats]]:
    """Candidate totals and percentages of every row by each rule a file may follow."""
    points, exact, played = counts.points + adjust, counts.exact + adjust, counts.played
    top = pool.top or 1.0
    most = float(played.max())
    full = np.array([s.maximum_score / top if s.maximum_score else most for s, _ in rows])
    scaled = points * full / played
    stored = np.floor(scaled * 100 + 0.5 + 1e-6) / 100
    exact_pct = 100 * exact / (top * played)
    return {
        "the stored points scaled to a full session": (scaled, 100 * stored / (top * full)),
        "the exact points scaled to a full session": (exact * full / played, exact_pct),
        "the percentage": (exact_pct, exact_pct),
        "played": (points, 100 * points / (top * played)),
    }


def check_totals(
    pool: Pool,
    flat: Flat,
    rounded: Sides,
    exact: Sides,
    method: Method,
    apply: bool,
    done: Rescoring,
) -> None:
    """Compare every entry's total, percentage and rank (see the module)."""
    rows, counts = tallies(pool, flat, rounded, exact)
    if not rows:
        return
    scores = _recorded([e.score for _, e in rows])
    adjust = np.zeros(len(rows))
    rules = _rules(pool, rows, counts, adjust)
    fitting = {name: _near(scores, rules[name][0]) for name in list(rules)[:3]}
    if not any(fits.all() for fits in fitting.values()):
        # a director's adjustment, where the file keeps one, is looked up only where needed
        adjust = np.array([_adjustment(e) for _, e in rows])
        if adjust.any():
            rules = _rules(pool, rows, counts, adjust)
            fitting = {name: _near(scores, rules[name][0]) for name in list(rules)[:3]}
    rule = max(fitting, key=lambda name: int(fitting[name].sum()))  # ties: the first
    fits = int(fitting[rule].sum())
    if fits * 2 < len(rows):
        done.unchecked.append(
            f"event {pool.event.number}: {len(rows) - fits} of {len(rows)} totals follow from "
            "the board points by no rule found (a handicap or carry-over?): totals not checked"
        )
        return
    method.totals = rule
    totals, percents = rules[rule]
    shares = _recorded([e.percentage for _, e in rows])
    share_fits = _near(shares, percents) | _near(shares, rules["played"][1])
    for what, recorded, agrees, values in (
        ("total", scores, fitting[rule], totals),
        ("percentage", shares, share_fits, percents),
    ):
        given = ~np.isnan(recorded)
        counted = done.agreement["totals" if what == "total" else "percentages"]
        counted[0] += int((agrees & given).sum())
        counted[1] += int(given.sum())
        for k in np.flatnonzero(given & ~agrees).tolist():
            section, entry = rows[k]
            value = _stored(float(values[k]))
            done.differences.append(
                Difference(_place(pool, section, entry), what, float(recorded[k]), value)
            )
            if apply:
                setattr(entry, "score" if what == "total" else "percentage", value)
    _ranks(pool, rows, totals, apply, done)


def _place(pool: Pool, section: Section, entry: Entry) -> str:
    return entry_place(pool.event.number, section.name, entry)


def _recorded(values: list[float | None]) -> Floats:
    return np.array(values, dtype=np.float64)


def _stored(value: float) -> float:
    """A total as a file stores it: two decimals, halves up (as :func:`.to_precision`)."""
    return math.floor(value * 100 + 0.5 + 1e-6) / 100


def _adjustment(entry: Entry) -> float:
    """Matchpoints a director added to the pair's total (a penalty is negative), where the
    file keeps one beside the entry (its kept record's ``adjustment``)."""
    value = getattr(entry.kept, "adjustment", None)
    return float(value) if isinstance(value, int | float) else 0.0


def _near(recorded: Floats, computed: Floats) -> npt.NDArray[np.bool_]:
    """Figures that agree at two decimals (NaN: nothing recorded, no agreement)."""
    return np.asarray(np.abs(recorded - computed) <= HALF)


def _ranks(pool: Pool, rows: Rows, totals: Floats, apply: bool, done: Rescoring) -> None:
    """Each entry's place among its direction (ties share the best place: a recorded rank
    anywhere in the tie's places agrees)."""
    ranks = _recorded([e.rank for _, e in rows])
    direction = np.array(
        [0 if e.direction is None else 1 + (e.direction is Direction.EW) for _, e in rows]
    )
    values = np.floor(totals * 100 + 0.5 + 1e-6)  # ranked on the stored two decimals
    same = direction[:, None] == direction[None, :]
    place = (same & (values[None, :] > values[:, None])).sum(axis=1) + 1
    last = (same & (values[None, :] >= values[:, None])).sum(axis=1)
    given = ~np.isnan(ranks)
    agrees = (place <= ranks) & (ranks <= last)
    wrong = np.flatnonzero(given & ~agrees)
    found = int(given.sum())
    if wrong.size * 10 > found:  # most ranks follow another rule (strats, sections)
        done.unchecked.append(
            f"event {pool.event.number}: {wrong.size} of {found} ranks are not places "
            "by total in a direction (ranked by strat or section?): ranks not checked"
        )
        return
    done.agreement["ranks"][0] += found - wrong.size
    done.agreement["ranks"][1] += found
    for k in wrong.tolist():
        section, entry = rows[k]
        done.differences.append(
            Difference(_place(pool, section, entry), "rank", entry.rank, int(place[k]))
        )
        if apply:
            entry.rank = int(place[k])
