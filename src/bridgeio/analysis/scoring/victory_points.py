"""Victory points: a match's IMP margin on the WBF 2013 continuous 20-point scale.

Source: the WBF Scoring Panel's technical report "The New WBF IMP to VP Scales" (2013; see
reference/FACTS.md). For a match of ``N`` boards the blitz margin is ``X = 15·√N`` IMPs and a
winning margin ``I`` earns

    VP(I) = 10 + 10 · (1 − τ³ ^ (I / X)) / (1 − τ³),  τ = (√5 − 1) / 2  (τ³ = √5 − 2),

capped at 20 from ``X`` on. Each value is rounded to two decimals; where rounding leaves an IMP
worth more than the one before it (the scale must be concave: every extra IMP worth no more
than the last), the value in the middle is raised by 0.01 until none is left, which is how the
published tables differ from plain rounding. The loser scores 20 minus the winner's VPs, so
a match always sums to 20 (rounding each side on its own would not: 10.005 and 9.995).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import numpy.typing as npt

R = math.sqrt(5.0) - 2.0  # τ³, τ the golden ratio's conjugate
MAXIMUM = 2000  # 20 VPs, in hundredths


def blitz(boards: int) -> float:
    """The margin in IMPs that wins 20-0 in a match of ``boards`` boards (15·√N).

    >>> blitz(16), round(blitz(12), 2)
    (60.0, 51.96)
    """
    if boards < 1:
        raise ValueError(f"a match of at least one board, found {boards}")
    return 15.0 * math.sqrt(boards)


def _formula_cents(margin: npt.NDArray[np.float64], boards: int) -> npt.NDArray[np.int64]:
    """The winner's VPs by the formula alone, in hundredths, rounded half up."""
    x = blitz(boards)
    vp = 10.0 + 10.0 * (1.0 - R ** (np.minimum(margin, x) / x)) / (1.0 - R)
    return np.floor(vp * 100.0 + 0.5 + 1e-9).astype(np.int64)


@cache
def _scale_cents(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0, 1, ... up to the blitz (corrected)."""
    top = math.ceil(blitz(boards))
    cents = _formula_cents(np.arange(top + 1, dtype=np.float64), boards)
    while True:  # concavity: an IMP may not be worth more than the one before
        bend = cents[2:] - 2 * cents[1:-1] + cents[:-2]
        rising = np.flatnonzero(bend > 0)
        if rising.size == 0:
            return tuple(int(c) for c in cents)
        cents[rising[0] + 1] += 1


def vp_scale(boards: int) -> npt.NDArray[np.float64]:
    """The winner's VPs for each whole margin from 0 to the blitz, as the WBF tables list them.

    >>> vp_scale(16)[:6].tolist(), float(vp_scale(16)[-1]), len(vp_scale(16))
    ([10.0, 10.31, 10.61, 10.91, 11.2, 11.48], 20.0, 61)
    """
    return np.asarray(_scale_cents(boards), dtype=np.float64) / 100.0


def victory_points(margin: npt.ArrayLike, boards: int) -> npt.NDArray[np.float64]:
    """The VPs of the side whose IMP margin (its IMPs minus the other side's) is ``margin``,
    in a match of ``boards`` boards: the table for whole margins, 20 minus the winner's VPs
    for a losing margin. A fractional margin (cross-IMP or Butler totals) takes the formula
    rounded to two decimals (the tables list whole margins only).

    >>> victory_points([0, 1, -1, 60, -75, 2.5], 16).tolist()
    [10.0, 10.31, 9.69, 20.0, 0.0, 10.76]
    """
    values = np.asarray(margin, dtype=np.float64)
    size = abs(values)
    table = np.asarray(_scale_cents(boards), dtype=np.int64)
    whole = size == np.round(size)
    index = np.minimum(np.round(size), len(table) - 1).astype(np.int64)
    winner = np.where(whole, table[index], _formula_cents(size, boards))
    cents = np.where(values >= 0, winner, MAXIMUM - winner)
    return cents.astype(np.float64) / 100.0


def match_victory_points(home_imps: float, away_imps: float, boards: int) -> tuple[float, float]:
    """Both sides' VPs for a match: they always sum to 20.

    >>> match_victory_points(37, 12, 16)
    (15.92, 4.08)
    """
    home = float(victory_points(home_imps - away_imps, boards))
    return home, round(20.0 - home, 2)
