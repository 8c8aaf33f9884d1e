"""Matchpoints: each board's scores ranked against each other, and the recorded points checked.

Sources: the matchpoint rule as ACBLscore applies it, one for each score beaten and a half
for each score tied (top n-1), and as the European programs do (Compscore, NZ Scorer: two for
each score beaten and one for each tie, top 2(n-1)), both observed in the corpus files and set
out in issue 20; sections combined for scoring share one top (ACBLscore's CFIG2, described in
reference/acblscore-game-files-decoded.txt). A board's scores are sorted once and each score's
place found by binary search, not by comparing pairs of scores.

E-W points are ranked on E-W's own scores, so a split score (N-S +110, E-W -90) counts for
each side as recorded.

Not yet: boards with adjusted scores, boards played fewer times than the top (Neuberg
factoring, M' = M·N/n + (N−n)/(2n) in ACBL units) and the ACBL small-group rule. Such boards
are skipped and counted; factoring is the next step of the engine.
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
