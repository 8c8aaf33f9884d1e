"""International Match Points: the WBF scale, and cross-IMPs (each result against every other).

Sources: the IMP scale of the WBF (Laws of Duplicate Bridge 2017, Law 78B; the ranges are in
reference/FACTS.md): a difference of 0-10 points is 0 IMPs, 20-40 is 1, ... 4000 and more is
24, and a side losing by a difference scores minus the IMPs the other side gains
(antisymmetric). Cross-IMPs (also called IMPs across the field): each result on a board is
IMPed against every other result of the board in the same direction; how the comparisons are
combined differs between programs:

- ``CrossAverage.OTHERS``, the mean over the other results (``n - 1`` comparisons): what the
  USEBIO 1.4 specification requires a file to record (NS_CROSS_IMP_POINTS, "the average of
  the IMP scores against every other table at which the board was played, not the sum") and
  ACBLscore's "Average IMPs" scoring method (event scoring 2 in
  reference/acblscore-game-files-decoded.txt);
- ``CrossAverage.TOTAL``, the sum of the comparisons: ACBLscore's "Total IMPs" (scoring 3).

Every comparison of a board is made at once on an ``n x n`` array of differences.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.model.imps import IMP_TABLE

_STEPS = np.asarray(IMP_TABLE, dtype=np.float64) - 5.0
# The published ranges cover multiples of 10 only (20-40, 50-80, ...). A difference between two
# ranges (against an unrounded datum, or a split score) counts for the higher range from the
# midpoint on: 15 and more is 1 IMP, 45 and more is 2.


def imps(difference: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The IMPs for a difference in points (or an array of them), by the WBF scale.

    >>> imps([0, 10, 20, -40, 50, 420, 430, 3990, 4000, 9999]).tolist()
    [0, 0, 1, -1, 2, 9, 10, 23, 24, 24]
    """
    values = np.asarray(difference, dtype=np.float64)
    won = np.searchsorted(_STEPS, np.abs(values), side="right")
    return (np.sign(values) * won).astype(np.int64)


class CrossAverage(StrEnum):
    """How a result's IMPs against the other results of a board are combined."""

    OTHERS = "others"  # mean over the n-1 other results (USEBIO, ACBLscore "Average IMPs")
    TOTAL = "total"  # sum of the comparisons (ACBLscore "Total IMPs")

    @property
    def rule(self) -> str:
        """The rule in words, for a report."""
        if self is CrossAverage.OTHERS:
            return "cross-IMPs averaged over the other results"
        return "cross-IMPs summed over the other results"


def cross_imps(
    scores: npt.ArrayLike, average: CrossAverage = CrossAverage.OTHERS
) -> npt.NDArray[np.float64]:
    """Each score's cross-IMPs against the other scores of one board (all from one side).

    >>> cross_imps([420, 450, -50]).tolist()
    [4.5, 6.0, -10.5]
    >>> cross_imps([420, 450, -50], CrossAverage.TOTAL).tolist()
    [9.0, 12.0, -21.0]
    """
    values = np.asarray(scores, dtype=np.float64)
    table = imps(values[:, None] - values[None, :])  # the diagonal is 0: a score against itself
    total: npt.NDArray[np.float64] = table.sum(axis=1).astype(np.float64)
    if average is CrossAverage.TOTAL or len(values) < 2:
        return total
    return np.asarray(total / (len(values) - 1), dtype=np.float64)
