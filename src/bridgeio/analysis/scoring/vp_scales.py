"""Which victory-point scale a file's matches were converted by, found from their own figures.

Scales differ between countries and programs (USEBIO 1.4's VP_SCALE names WBF_DISCRETE,
WBF_CONTINUOUS, BBO VP20, SBU, IRL, ACBL20, ACBL30, ABF and OTHER; the ACBL's 20- and 30-point
scales are discrete, with a band of IMP margins for each VP). Two readings are tried:

- the WBF 2013 continuous scale on the match's boards (:mod:`.victory_points`);
- a discrete scale read from the file itself: every match gives one point of the scale, its
  IMP margin and the winner's VPs, and a sound file's points make one scale, the VPs never
  falling as the margin grows, one VP figure for each margin and every match's VPs summing to
  the scale's total (20, 30, 25...). A match that breaks this against two or more others that
  agree among themselves is the odd one: its VPs are not the scale's (where two matches
  contradict only each other, neither is blamed).

The first reading that reproduces the bulk of the file's matches is its scale.

>>> points = [MatchVps(m, 3, v, 20 - v) for m, v in [(0, 10), (2, 12), (-3, 7), (4, 13), (9, 16)]]
>>> fit = fit_scale(points)
>>> fit.describe(), fit.agree, fit.wrong
('a 20-VP scale found from the file (IMP margin 0: 10, 2: 12, 3-4: 13, 9: 16)', 5, {})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.victory_points import victory_points

CENT = 0.005  # VPs carry at most two decimals
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class MatchVps:
    """A match's IMP margin (home minus away), its boards and both sides' recorded VPs."""

    margin: float
    boards: int
    home: float
    away: float


@dataclass
class ScaleFit:
    """The scale found: its name, how many matches it reproduces, and the matches it does
    not (by index: the VPs the scale gives, as text)."""

    name: str
    agree: int
    compared: int
    wrong: dict[int, str] = field(default_factory=dict)
    table: dict[float, float] = field(default_factory=dict)  # margin: winner's VPs (a file's)
    total: float = 20.0

    def describe(self) -> str:
        """The scale in words."""
        if not self.table:
            return self.name
        bands = _bands(self.table)
        return f"a {self.total:g}-VP scale found from the file (IMP margin {bands})"

    def vps(self, margin: float, boards: int) -> tuple[float, float] | None:
        """Both sides' VPs for ``margin`` by this scale (None where it does not say)."""
        if not self.table:
            if boards < 1:
                return None
            home = float(victory_points(margin, boards))
            return home, round(self.total - home, 2)
        winner = self.table.get(abs(margin))
        if winner is None:
            return None
        return (winner, self.total - winner) if margin >= 0 else (self.total - winner, winner)


def _bands(table: dict[float, float]) -> str:
    """``0: 10, 2: 12, 3-4: 13``: the margins seen, joined where they share their VPs."""
    runs: list[tuple[float, float, float]] = []
    for margin in sorted(table):
        vps = table[margin]
        if runs and runs[-1][2] == vps:
            runs[-1] = (runs[-1][0], margin, vps)
        else:
            runs.append((margin, margin, vps))
    return ", ".join(
        f"{low:g}: {v:g}" if low == high else f"{low:g}-{high:g}: {v:g}" for low, high, v in runs
    )


def fit_scale(matches: list[MatchVps]) -> ScaleFit:
    """The scale that reproduces most of ``matches``: the WBF 2013 continuous scale where it
    reproduces three in four, else the discrete scale the matches make themselves."""
    wbf = _wbf(matches)
    if wbf.agree >= 0.75 * wbf.compared:
        return wbf
    own = _own(matches)
    return own if own.agree > wbf.agree else wbf


def _wbf(matches: list[MatchVps]) -> ScaleFit:
    fit = ScaleFit("the WBF 2013 continuous scale", 0, len(matches))
    for i, match in enumerate(matches):
        home, away = fit.vps(match.margin, match.boards) or (np.nan, np.nan)
        if abs(home - match.home) <= CENT and abs(away - match.away) <= CENT:
            fit.agree += 1
        else:
            fit.wrong[i] = f"{home:g}–{away:g}"
    return fit


def _own(matches: list[MatchVps]) -> ScaleFit:
    """The scale the matches make themselves, and the matches that do not fit it."""
    sums = Counter(round(m.home + m.away, 2) for m in matches)
    total = sums.most_common(1)[0][0] if sums else 20.0
    fit = ScaleFit("a scale found from the file", 0, len(matches), total=total)
    margins = np.asarray([abs(m.margin) for m in matches], dtype=np.float64)
    winners = np.asarray([m.home if m.margin >= 0 else m.away for m in matches])
    for i, match in enumerate(matches):  # a match whose two sides' VPs are not the scale's
        if abs(match.home + match.away - total) > CENT:
            fit.wrong[i] = f"VPs summing to {total:g}"
    kept = np.asarray([i not in fit.wrong for i in range(len(matches))], dtype=bool)
    odd = _odd_ones(margins, winners, kept)
    for i in np.flatnonzero(odd).tolist():
        fit.wrong[i] = _expected(margins, winners, kept & ~odd, i, total)
    good = kept & ~odd & (_conflicts(margins, winners, kept & ~odd) == 0)
    fit.agree = int(good.sum())
    for margin, vps in zip(margins[good].tolist(), winners[good].tolist(), strict=True):
        fit.table[margin] = vps
    return fit


def _conflicts(margins: Floats, vps: Floats, kept: Bools) -> Ints:
    """How many kept matches each match contradicts (a smaller margin with more VPs, a
    larger one with fewer, the same margin with other VPs)."""
    m, v = margins[:, None], vps[:, None]
    other_m, other_v = margins[None, :], vps[None, :]
    against = (
        ((other_m < m) & (other_v > v + CENT))
        | ((other_m > m) & (other_v < v - CENT))
        | ((other_m == m) & (np.abs(other_v - v) > CENT))
    )
    return np.asarray((against & kept[None, :]).sum(axis=1), dtype=np.int64)


def _odd_ones(margins: Floats, vps: Floats, kept: Bools) -> Bools:
    """The matches left out, one at a time, the most contradicted first, while one
    contradicts two or more of the others."""
    odd = np.zeros(margins.size, dtype=bool)
    while True:
        counts = np.where(kept & ~odd, _conflicts(margins, vps, kept & ~odd), 0)
        if counts.size == 0 or counts.max() < 2:
            return odd
        odd[int(np.argmax(counts))] = True


def _expected(margins: Floats, vps: Floats, kept: Bools, i: int, total: float) -> str:
    """The winner's VPs the other matches give a margin: those of the same margin, else the
    range between the margins either side; as both sides' VPs where it is one figure."""
    same = kept & (margins == margins[i])
    if same.any():
        low = high = float(np.median(vps[same]))
    else:
        below, above = kept & (margins < margins[i]), kept & (margins > margins[i])
        low = float(vps[below].max()) if below.any() else total / 2
        high = float(vps[above].min()) if above.any() else total
    if low == high:
        return f"{low:g}–{total - low:g} (winner first)"
    return f"between {low:g} and {high:g} to the winner"
