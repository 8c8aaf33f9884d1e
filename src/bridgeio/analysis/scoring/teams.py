"""Team matches: each board's IMPs from its two tables, the match's IMP totals and its VPs.

Source: Law 78B (IMP scoring) of the Laws of Duplicate Bridge 2017: in a team match the two
results of a board, one from each table, are compared and the difference is converted to IMPs
by the WBF scale (:func:`.imps.imps`). The home team sits N-S at one table (the open room) and
E-W at the other (the closed room), so its result on the board is the open room's N-S score
minus the closed room's. The VPs are the WBF 2013 continuous scale's
(:mod:`.victory_points`), on the number of boards the match had.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.imps import imps
from bridgeio.analysis.scoring.victory_points import match_victory_points


def match_imps(open_ns: npt.ArrayLike, closed_ns: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The home team's IMPs on each board: its N-S pair's score in the open room against
    the N-S score in the closed room, where its E-W pair sat (the away team gains the
    opposite).

    >>> match_imps([420, -50, 100], [-50, -50, 140]).tolist()
    [10, 0, -1]
    """
    return imps(np.asarray(open_ns, dtype=np.float64) - np.asarray(closed_ns, dtype=np.float64))


@dataclass(frozen=True)
class MatchScore:
    """A team match scored: IMPs won by each side (summed over the boards each won) and
    their VPs on the WBF continuous scale."""

    boards: int
    home_imps: int
    away_imps: int
    home_vp: float
    away_vp: float


def score_match(open_ns: npt.ArrayLike, closed_ns: npt.ArrayLike) -> MatchScore:
    """A whole match from the N-S scores of its two rooms, board by board.

    >>> score_match([420, -50, 100, 620], [-50, -50, 140, 170])
    MatchScore(boards=4, home_imps=20, away_imps=1, home_vp=17.84, away_vp=2.16)
    """
    board = match_imps(open_ns, closed_ns)
    home, away = int(board[board > 0].sum()), int(-board[board < 0].sum())
    home_vp, away_vp = match_victory_points(home, away, len(board))
    return MatchScore(len(board), home, away, home_vp, away_vp)
