"""Boards played fewer times than the top allows, and assigned scores, in matchpoints.

Sources:

* Neuberg's formula, in the units of each convention (issue 20, checked on the corpus
  files): with ``N`` the results a complete board has and ``n`` the results it got, ACBL units
  (1 per score beaten) give ``M' = M·N/n + (N−n)/(2n)``; European units (2 per score beaten)
  give ``M' = (M+1)·N/n − 1``. Both are the same rule: each score's place is scaled as if the
  missing results had been spread over the field (the ACBLscore documentation calls this
  factoring: "the scaling is not to 0 and N-1 but rather to a slightly smaller interval",
  reference/acblscore-game-files-decoded.txt).
* The ACBL small-group rule (ACBLscore, issue 20): a result that is alone on its board gets
  60 % of the top; of two results, the better gets 65 % and the worse 55 % (a tie: 60 % each).
* Assigned scores (Law 12C2: average plus 60 %, average 50 %, average minus 40 %; USEBIO
  ``A6040`` gives each side its own percentage) are that share of the top and are left out
  of the field the other results are compared in.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.matchpoints import Convention

Floats = npt.NDArray[np.float64]


def neuberg(points: npt.ArrayLike, results: int, convention: Convention) -> Floats:
    """Matchpoints ``points`` earned against ``n`` results (their count) scaled to a board of
    ``results`` results (``N``), by Neuberg's formula in the units of ``convention``.

    >>> neuberg([0.0, 1.0, 2.0], 4, Convention.ACBL).round(4).tolist()
    [0.1667, 1.5, 2.8333]
    >>> neuberg([0.0, 2.0, 4.0], 4, Convention.EUROPEAN).round(4).tolist()
    [0.3333, 3.0, 5.6667]
    >>> neuberg([3.0, 1.0], 2, Convention.EUROPEAN).tolist()  # complete: unchanged
    [3.0, 1.0]
    """
    m = np.asarray(points, dtype=np.float64)
    n = m.size
    if n == 0 or n == results:
        return m.copy()
    big = float(results)
    if convention is Convention.ACBL:
        return np.asarray(m * big / n + (big - n) / (2 * n), dtype=np.float64)
    return np.asarray((m + 1) * big / n - 1, dtype=np.float64)


def small_group(points: npt.ArrayLike, top: float) -> Floats | None:
    """The ACBL rule for a board with one or two results (None for more): a lone result 60 %
    of the top; of two, 65 % and 55 % (60 % each when tied).

    >>> small_group([0.0], 12).round(2).tolist(), small_group([1.0, 0.0], 12).round(2).tolist()
    ([7.2], [7.8, 6.6])
    >>> small_group([0.5, 0.5], 10).tolist(), small_group([2.0, 1.0, 0.0], 10) is None
    ([6.0, 6.0], True)
    """
    m = np.asarray(points, dtype=np.float64)
    if m.size == 1:
        return np.array([0.6 * top])
    if m.size != 2:
        return None
    if m[0] == m[1]:
        return np.array([0.6 * top, 0.6 * top])
    share = np.where(m > m[::-1], 0.65, 0.55)
    return np.asarray(share * top, dtype=np.float64)


def factored(points: npt.ArrayLike, results: int, top: float, convention: Convention) -> Floats:
    """A board's raw matchpoints made comparable with a complete board's: Neuberg's formula,
    and for ACBL the small-group rule on a board with one or two results.

    >>> factored([0.0], 13, 12, Convention.ACBL).round(2).tolist()
    [7.2]
    >>> factored([0.0, 2.0, 4.0], 4, 6, Convention.EUROPEAN).round(2).tolist()
    [0.33, 3.0, 5.67]
    """
    m = np.asarray(points, dtype=np.float64)
    if convention is Convention.ACBL and m.size < results:
        fixed = small_group(m, top)
        if fixed is not None:
            return fixed
    return neuberg(m, results, convention)


ROUNDINGS = ("half up", "half even", "cut", "half away")
"""How a file brings a figure to its precision: ACBLscore rounds halves up, Compscore rounds
them to even (12.65 to 12.6, 14.75 to 14.8), NZ Scorer cuts, Ruter rounds halves away from
zero (its centred points: -2.25 to -2.3, found on 246 of its files)."""


def to_precision(values: npt.ArrayLike, decimals: int, rounding: str = "half up") -> Floats:
    """Values at a file's precision, by one of :data:`ROUNDINGS`.

    >>> to_precision([18.95, 0.045, 2.2549], 1).tolist()
    [19.0, 0.0, 2.3]
    >>> to_precision([12.65, 14.75], 1, "half even").tolist()
    [12.6, 14.8]
    >>> to_precision([63.97], 1, "cut").tolist()
    [63.9]
    >>> to_precision([-2.25, 2.25], 1, "half away").tolist()
    [-2.3, 2.3]
    """
    scaled = np.asarray(values, dtype=np.float64) * 10.0**decimals
    eps = 1e-6  # 18.95 is 18.9499999... in binary: the half is the file's, not the float's
    if rounding == "half up":  # up from the half on: one floor
        return np.asarray(np.floor(scaled + (0.5 + eps)) / 10.0**decimals, dtype=np.float64)
    if rounding == "half away":
        away = np.sign(scaled) * np.floor(np.abs(scaled) + (0.5 + eps))
        return np.asarray(away / 10.0**decimals, dtype=np.float64)
    base = np.floor(scaled + eps)
    if rounding == "cut":
        return np.asarray(base / 10.0**decimals, dtype=np.float64)
    fraction = scaled - base
    up = fraction > 0.5 + eps
    half = np.abs(fraction - 0.5) <= eps
    up |= half & (base % 2 == 1)  # (halves to even)
    return np.asarray((base + up) / 10.0**decimals, dtype=np.float64)
