"""The WBF's IMP scale (Laws of Duplicate Bridge 2017, Law 78B), a rule of the game kept in the
model so that a format holding a teams match (LIN's vugraph) and the scoring engine
(:mod:`bridgeio.analysis.scoring.imps`) use one table.

>>> imps_of(420 - 170), imps_of(-50), imps_of(10), imps_of(5000)
(6, -2, 0, 24)
"""

from __future__ import annotations

from bisect import bisect_right

IMP_TABLE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The smallest difference in points worth 1, 2, ... 24 IMPs (the WBF scale)."""

_FROM = tuple(step - 5 for step in IMP_TABLE)
# The published ranges cover multiples of 10 only (20-40, 50-80, ...): a difference between two
# ranges counts for the higher one from the midpoint on (15 and more is 1 IMP).


def imps_of(difference: float) -> int:
    """The IMPs a side gains for a difference in points (negative for a loss)."""
    won = bisect_right(_FROM, abs(difference))
    return won if difference >= 0 else -won
