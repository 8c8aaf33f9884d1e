"""Butler scoring: each result IMPed against a datum, the board's average score.

Sources: USEBIO 1.4 (reference/usebio-1.4-specification.txt, BUTLER_IMPS: "any method where
scores are compared with a datum score"; DATUM, NS_BUTLER_POINTS); the datum rules are the
programs' own, seen in the corpus and set out in issue 20:

- the datum is the mean of the board's scores in points, optionally after dropping the ``drop``
  highest and ``drop`` lowest (Ruter's ``Butler-2`` drops two: the top and the bottom one,
  found from its recorded ButlerDatum on every board of the corpus file);
- it is rounded to a multiple of 10 (the IMP scale's step), halves away from zero (-285
  becomes -290) as Ruter and Compscore do; other roundings are offered for files that differ;
- adjusted scores (averages, ``A6040``) take no part in the datum.

A result's Butler IMPs are the WBF IMPs (:func:`.imps.imps`) of its score minus the datum.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.imps import imps


class Rounding(StrEnum):
    """How a datum is rounded to a multiple of its step (10 points)."""

    HALF_AWAY = "half-away"  # halves away from zero: -285 -> -290, 285 -> 290
    HALF_UP = "half-up"  # halves towards plus infinity: -285 -> -280
    HALF_EVEN = "half-even"  # halves to the even multiple: 285 -> 280, 275 -> 280
    TOWARD_ZERO = "toward-zero"  # cut: -289 -> -280
    NONE = "none"  # not rounded


@dataclass(frozen=True)
class DatumRule:
    """How a board's datum is made from its scores.

    >>> DatumRule(drop=1).describe()
    'mean dropping the top and bottom 1, rounded to 10 with halves away from zero'
    """

    drop: int = 0  # highest and lowest scores left out, each
    rounding: Rounding = Rounding.HALF_AWAY
    step: int = 10

    def describe(self) -> str:
        """The rule in words, for a report."""
        mean = f"mean dropping the top and bottom {self.drop}" if self.drop else "mean of all"
        if self.rounding is Rounding.NONE:
            return f"{mean}, not rounded"
        how = {
            Rounding.HALF_AWAY: "halves away from zero",
            Rounding.HALF_UP: "halves up",
            Rounding.HALF_EVEN: "halves to even",
            Rounding.TOWARD_ZERO: "cut toward zero",
        }[self.rounding]
        return f"{mean}, rounded to {self.step} with {how}"


def datum(scores: npt.ArrayLike, rule: DatumRule = DatumRule()) -> float:
    """A board's datum from its scores in points (N-S's), by ``rule``.

    The top and bottom are dropped only while at least one score is left. The mean is taken
    on whole numbers, so a half is found exactly.

    >>> datum([150, 100, 80, 50, -50, -90, -110, -180])  # -6.25
    -10.0
    >>> datum([-270, -300], DatumRule(rounding=Rounding.HALF_AWAY))
    -290.0
    >>> datum([-270, -300], DatumRule(rounding=Rounding.HALF_UP))
    -280.0
    >>> datum([100, 0, 0, -1000], DatumRule(drop=1))
    0.0
    """
    values = np.sort(np.asarray(scores, dtype=np.int64))
    if values.size == 0:
        raise ValueError("a datum needs at least one score")
    drop = min(rule.drop, (values.size - 1) // 2)
    kept = values[drop : values.size - drop]
    return _rounded(int(kept.sum()), int(kept.size), rule)


def _rounded(total: int, count: int, rule: DatumRule) -> float:
    """``total / count`` rounded to ``rule.step`` by the rule, in exact integer arithmetic."""
    return float(datums(np.asarray([total]), np.asarray([count]), rule)[0])


def datums(
    totals: npt.NDArray[np.int64], counts: npt.NDArray[np.int64], rule: DatumRule
) -> npt.NDArray[np.float64]:
    """Many boards' datums at once: each ``totals / counts`` (the kept scores' sum and
    number) rounded by ``rule`` in exact integer arithmetic (NaN where a count is 0).

    >>> datums(np.asarray([-570, 570, 10]), np.asarray([2, 2, 0]), DatumRule()).tolist()
    [-290.0, 290.0, nan]
    """
    empty = counts <= 0
    counts = np.where(empty, 1, counts)
    if rule.rounding is Rounding.NONE:
        return np.where(empty, np.nan, totals / counts)
    unit = rule.step * counts
    steps, rest = np.divmod(np.abs(totals), unit)  # |mean| = (steps + rest/unit) * step
    negative = totals < 0
    twice = 2 * rest
    if rule.rounding is Rounding.HALF_AWAY:
        up = twice >= unit
    elif rule.rounding is Rounding.HALF_UP:
        up = (twice > unit) | ((twice == unit) & ~negative)
    elif rule.rounding is Rounding.HALF_EVEN:
        up = (twice > unit) | ((twice == unit) & (steps % 2 == 1))
    else:
        up = np.zeros(totals.shape, dtype=bool)
    magnitude = (steps + up) * rule.step
    return np.where(empty, np.nan, np.where(negative, -magnitude, magnitude).astype(np.float64))


def butler_imps(
    scores: npt.ArrayLike, rule: DatumRule = DatumRule()
) -> tuple[float, npt.NDArray[np.int64]]:
    """The datum of a board and each score's IMPs against it.

    >>> d, won = butler_imps([420, 450, 420, -50]); d, won.tolist()
    (310.0, [3, 4, 3, -8])
    """
    point = datum(scores, rule)
    return point, imps(np.asarray(scores, dtype=np.float64) - point)


DATUM_RULES: tuple[DatumRule, ...] = tuple(
    DatumRule(drop, rounding)
    for rounding in (Rounding.HALF_AWAY, Rounding.HALF_UP, Rounding.HALF_EVEN, Rounding.NONE)
    for drop in range(5)
) + tuple(DatumRule(drop, Rounding.TOWARD_ZERO) for drop in range(5))
"""The rules :func:`datum_rules_agreeing` tries, the likelier first."""


def datum_rules_agreeing(
    boards: Iterable[tuple[npt.ArrayLike, float]], rules: Iterable[DatumRule] = DATUM_RULES
) -> list[DatumRule]:
    """The rules that give every board's recorded datum from its scores; ``boards`` holds
    (scores, recorded datum) pairs.

    >>> boards = [([1000, 100, 0, -20, -500], 30.0), ([-270, -300], -290.0)]
    >>> [r.describe() for r in datum_rules_agreeing(boards)]
    ['mean dropping the top and bottom 1, rounded to 10 with halves away from zero']
    """
    cases = [(np.asarray(s), d) for s, d in boards]
    return [r for r in rules if all(abs(datum(s, r) - d) < 0.005 for s, d in cases)]
