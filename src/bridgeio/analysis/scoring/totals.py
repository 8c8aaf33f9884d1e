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
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.boards import Pool
from bridgeio.analysis.scoring.factoring import Floats
from bridgeio.analysis.scoring.field import Flat, Sides
from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.model.results import Direction, Entry, Section

if TYPE_CHECKING:
    from bridgeio.analysis.scoring.session import Rescoring

HALF = 0.005 + 1e-6  # totals and percentages carry two decimals


@dataclass
class Method:
    """How a file scores: convention, top, precision and rounding of board points, whether
    short travellers print unfactored points, and how totals are formed."""

    convention: Convention
    top: float
    decimals: int
    rounding: str
    short_unfactored: bool = False
    totals: str = ""

    def describe(self) -> str:
        """``ACBL matchpoints, top 12, Neuberg, 2 decimals``."""
        name = "ACBL" if self.convention is Convention.ACBL else "European"
        parts = [f"{name} matchpoints", f"top {self.top:g}"]
        if self.factored:
            parts.append("Neuberg")
        places = f"{self.decimals} decimal{'s' if self.decimals != 1 else ''}"
        if self.rounding != "half up":
            places += f" ({'cut' if self.rounding == 'cut' else 'halves to even'})"
        parts.append(places)
        if self.short_unfactored:
            parts.append("short travellers printed unfactored")
        if self.totals:
            parts.append(f"totals {self.totals}")
        return ", ".join(parts)

    factored: bool = False


Key = tuple[int, Direction | None, int]


@dataclass
class Tally:
    """A pair's points over the session."""

    points: float = 0.0
    exact: float = 0.0
    played: int = 0


def tallies(pool: Pool, flat: Flat, rounded: Sides, exact: Sides) -> dict[Key, Tally]:
    """Each pair's sum of points (rounded and exact) and boards played, summed as arrays."""
    directed = [any(e.direction is not None for e in s.entries) for s in pool.sections]
    codes, points, exacts = [], [], []
    for side in (0, 1):
        value = rounded.pairs()[side]
        scored = ~np.isnan(value)
        split = np.array(directed, dtype=np.int64)[flat.section] * side  # Howell: one side
        codes.append(((flat.section * 2 + split) * 100_000 + flat.pairs[side])[scored])
        points.append(value[scored])
        exacts.append(exact.pairs()[side][scored])
    code = np.concatenate(codes)
    keys, index = np.unique(code, return_inverse=True)
    sums = np.bincount(index, weights=np.concatenate(points))
    sums_exact = np.bincount(index, weights=np.concatenate(exacts))
    played = np.bincount(index)
    found: dict[Key, Tally] = {}
    for k, key in enumerate(keys.tolist()):
        section, pair = divmod(key, 100_000)
        section, split = divmod(section, 2)
        direction = (Direction.EW if split else Direction.NS) if directed[section] else None
        found[section, direction, pair] = Tally(
            float(sums[k]), float(sums_exact[k]), int(played[k])
        )
    return found


Rows = list[tuple[Section, Entry]]


def _rules(
    pool: Pool, rows: Rows, counts: dict[Key, Tally], index: dict[int, int]
) -> dict[str, tuple[Floats, Floats]]:
    """Candidate totals and percentages of every row by each rule a file may follow."""
    keys = [(index[id(s)], e.direction, e.number) for s, e in rows]
    tallies = [counts[key] for key in keys]
    adjust = np.array([_adjustment(e) for _, e in rows])
    points = np.array([t.points for t in tallies]) + adjust
    exact = np.array([t.exact for t in tallies]) + adjust
    played = np.maximum(np.array([t.played for t in tallies], dtype=np.float64), 1)
    top = pool.top or 1.0
    most = max(t.played for t in counts.values())
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
    from bridgeio.analysis.scoring.session import Difference

    counts = tallies(pool, flat, rounded, exact)
    index = {id(s): k for k, s in enumerate(pool.sections)}
    rows = [
        (s, e)
        for s in pool.sections
        for e in s.entries
        if e.score is not None and (index[id(s)], e.direction, e.number) in counts
    ]
    if not rows:
        return
    rules = _rules(pool, rows, counts, index)
    scores = _recorded([e.score for _, e in rows])
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
            place = f"event {pool.event.number}" + (
                f", section {section.name}" if section.name else ""
            )
            done.differences.append(
                Difference(f"{place}, pair {entry.id}", what, float(recorded[k]), value)
            )
            if apply:
                setattr(entry, "score" if what == "total" else "percentage", value)
    _ranks(pool, [(s, e, float(t)) for (s, e), t in zip(rows, totals, strict=True)], apply, done)


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


def _ranks(
    pool: Pool, rows: list[tuple[Section, Entry, float]], apply: bool, done: Rescoring
) -> None:
    """Each entry's place among its direction (ties share the best place)."""
    from bridgeio.analysis.scoring.session import Difference

    groups: dict[Direction | None, list[tuple[Section, Entry, float]]] = defaultdict(list)
    for row in rows:
        groups[row[1].direction].append(row)
    found = []
    for group in groups.values():
        values = np.array([round(total, 2) for _, _, total in group])
        for section, entry, total in group:
            place = int((values > round(total, 2) + 1e-9).sum()) + 1
            last = int((values >= round(total, 2) - 1e-9).sum())  # a tie: any of its places
            if entry.rank is not None:
                found.append(
                    (section, entry, place if not place <= entry.rank <= last else entry.rank)
                )
    wrong = [(s, e, p) for s, e, p in found if e.rank != p]
    if len(wrong) * 10 > len(found):  # most ranks follow another rule (strats, sections)
        done.unchecked.append(
            f"event {pool.event.number}: {len(wrong)} of {len(found)} ranks are not places "
            "by total in a direction (ranked by strat or section?): ranks not checked"
        )
        return
    for _, entry, place in found:
        done.count("ranks", entry.rank == place)
    for section, entry, place in wrong:
        where = f"event {pool.event.number}" + (f", section {section.name}" if section.name else "")
        done.differences.append(Difference(f"{where}, pair {entry.id}", "rank", entry.rank, place))
        if apply:
            entry.rank = place
