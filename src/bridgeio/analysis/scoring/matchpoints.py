"""Matchpoints: each board's scores ranked against each other, and the recorded points checked.

Sources: the matchpoint rule as ACBLscore applies it, one for each score beaten and a half
for each score tied (top n-1), and as the European programs do (Compscore, NZ Scorer: two for
each score beaten and one for each tie, top 2(n-1)), both observed in the corpus files and set
out in issue 20; sections combined for scoring share one top (ACBLscore's CFIG2, described in
reference/acblscore-game-files-decoded.txt). A board's scores are sorted once and each score's
place found by binary search, not by comparing pairs of scores.

E-W points are ranked on E-W's own scores, so a split score (N-S +110, E-W -90) counts for
each side as recorded.

A board played fewer times than the most-played board is factored (Neuberg's formula and
the ACBL small-group rule: :mod:`.factoring`), or, as ScoreBridge (England) scores it, each
comparison with a result it lacks counts as an average, half of a score beaten
(:func:`missing_as_averages`: three results on a board of four score 5, 3 and 1 in European
units, where Neuberg gives 5.67, 3 and 0.33); which one a file follows is found from its
points (:mod:`.session`).
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np
import numpy.typing as npt

TOLERANCE = 0.005  # recorded points carry two decimals


class Convention(StrEnum):
    """How a score beaten and a score tied are worth: ``per_beat`` and half of it per tie.

    >>> Convention.ACBL.per_beat, Convention.EUROPEAN.per_beat, Convention.EUROPEAN.top(5)
    (1, 2, 8)
    """

    ACBL = "acbl"  # 1 per score beaten, 1/2 per tie
    EUROPEAN = "european"  # 2 per score beaten, 1 per tie (EBU, EBL, NZ)

    @property
    def per_beat(self) -> int:
        """Matchpoints for each score beaten."""
        return 1 if self is Convention.ACBL else 2

    @property
    def rule(self) -> str:
        """The rule in words, for a report."""
        if self is Convention.ACBL:
            return "ACBL: 1 per score beaten, 1/2 per tie"
        return "European: 2 per score beaten, 1 per tie"

    def top(self, results: int) -> int:
        """The top on a board played ``results`` times."""
        return self.per_beat * (results - 1)


def matchpoints(
    scores: npt.ArrayLike, convention: Convention = Convention.ACBL
) -> npt.NDArray[np.float64]:
    """Each score's matchpoints against the other scores of one board (all from one side).

    >>> matchpoints([420, 450, 420, -50]).tolist()
    [1.5, 3.0, 1.5, 0.0]
    >>> matchpoints([420, 450, 420, -50], Convention.EUROPEAN).tolist()
    [3.0, 6.0, 3.0, 0.0]
    """
    values = np.asarray(scores, dtype=np.float64)
    ordered = np.sort(values)
    beaten = np.searchsorted(ordered, values, side="left")
    tied = np.searchsorted(ordered, values, side="right") - beaten - 1  # not itself
    per_beat = convention.per_beat
    return (per_beat * beaten + per_beat / 2 * tied).astype(np.float64)


MISSING_AVERAGES = "missing comparisons as averages"
"""The name of ScoreBridge's way of scoring a short board (:func:`missing_as_averages`)."""


def missing_as_averages(
    points: npt.ArrayLike, field: npt.ArrayLike, results: int, convention: Convention
) -> npt.NDArray[np.float64]:
    """Matchpoints earned against a board's ``field`` results (each line's count) with each
    comparison with a missing result, up to ``results`` (the most-played board's), counted
    as an average: half a score beaten (ScoreBridge, England; its percentages are then the
    total over the full top times the boards played).

    >>> missing_as_averages([4.0, 2.0, 0.0], [3, 3, 3], 4, Convention.EUROPEAN).tolist()
    [5.0, 3.0, 1.0]
    >>> missing_as_averages([1.0, 0.0], [2, 2], 4, Convention.ACBL).tolist()
    [2.0, 1.0]
    """
    missing = np.maximum(results - np.asarray(field, dtype=np.float64), 0.0)
    return np.asarray(points, dtype=np.float64) + convention.per_beat / 2 * missing


Floats = npt.NDArray[np.float64]

SMALL_GROUPS = "one or two results 60 % or 65/55 % of the top"
"""The name of the ACBL small-group rule met on a European board (Ruter, :func:`small_groups`)."""


def short_variants(
    points: tuple[Floats, Floats],
    shares: tuple[Floats, Floats],
    field: npt.NDArray[np.int64],
    results: int,
    convention: Convention,
    top: float,
) -> dict[str, tuple[Floats, Floats]]:
    """The ways of scoring a short board this module knows, each line's both sides from
    ``points`` before factoring (``field``: each line's board's results in points; only
    the lines with a score in points of a board with fewer than ``results`` in points
    change, an assigned score keeps its share; NaN: the line is factored as usual):
    :data:`MISSING_AVERAGES` (ScoreBridge), and :data:`SMALL_GROUPS` (NaN where the line's
    board has more than two results)."""
    averages, small = [], []
    for side in (0, 1):
        scored = (field < results) & np.isnan(shares[side])
        given = missing_as_averages(points[side], field, results, convention)
        averages.append(np.where(scored, given, np.nan))
        few = small_groups(points[side], field, results, convention, top)
        small.append(np.where(scored, few, np.nan))
    return {MISSING_AVERAGES: (averages[0], averages[1]), SMALL_GROUPS: (small[0], small[1])}


def small_groups(
    points: npt.ArrayLike, field: npt.ArrayLike, results: int, convention: Convention, top: float
) -> Floats:
    """The ACBL small-group rule (:func:`.factoring.small_group`) in either unit: a result
    alone on its board 60 % of ``top``, of two the better 65 % and the worse 55 % (tied: 60
    % each); NaN on a board of more results (or complete). Ruter applies it to its European
    points (a board of four with two results and two averages: 65 % and 55 %, its centred
    0.9 and 0.3 on a top of ±3; gerhardsletten/jrbridge-pbn-api ``pairs.pbn`` board 37).

    >>> small_groups([2.0, 0.0, 0.0], [2, 2, 1], 4, Convention.EUROPEAN, 6).round(2).tolist()
    [3.9, 3.3, 3.6]
    """
    n = np.asarray(field, dtype=np.float64)
    beaten = np.asarray(points, dtype=np.float64) / convention.per_beat  # 1, 1/2 or 0
    found = np.where(n == 1, 0.6 * top, (0.55 + 0.1 * beaten) * top)
    return np.asarray(np.where((n <= 2) & (n < results), found, np.nan), dtype=np.float64)
