"""Team matches rescored: each board's IMPs from its two rooms, each match's IMP totals and
its victory points (:mod:`.teams`), compared with what the file records.

A board is computable when the match has its two rooms: one line with the home team N-S
(the open room) and one with the away team N-S (the closed room), both with a score in
points. The home team's IMPs on the board are recorded as the open room's N-S points (the
closed room's N-S points are the away team's). A match's totals are the IMPs each side won,
compared only when every board of the match is computable; its VPs on the WBF 2013 scale,
compared only where the file records them (a file on another scale is said once).

>>> from bridgeio.model.results import Board, BoardResult, Event, EventKind, Match, Section
>>> rooms = [BoardResult(1, 1, ns=1, ew=2, ns_score=420, ew_score=-420, ns_points=10),
...          BoardResult(1, 2, ns=2, ew=1, ns_score=-50, ew_score=50, ns_points=-10)]
>>> match = Match(1, 1, 2, home_imps=9, away_imps=0, boards=[Board(1, rooms)])
>>> event = Event(kind=EventKind.TEAMS, sections=[Section("A", matches=[match])])
>>> done = Rescoring()
>>> rescore_matches(event, False, done)
>>> [d.problem.message for d in done.differences]
['home IMPs 9 recorded, 10 by the rule']
>>> done.methods[1].describe()
'team matches: IMPs on the WBF scale between the two rooms, VPs on the WBF 2013 scale'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bridgeio.analysis.scoring.report import Difference, Rescoring
from bridgeio.analysis.scoring.teams import match_imps
from bridgeio.analysis.scoring.victory_points import match_victory_points
from bridgeio.model.results import Board, BoardResult, Event, Match, Section


@dataclass(frozen=True)
class TeamRules:
    """How team matches are scored here (the only way: WBF IMPs, WBF 2013 VPs)."""

    def describe(self) -> str:
        """The method in words, for a report."""
        return (
            "team matches: IMPs on the WBF scale between the two rooms, VPs on the WBF 2013 scale"
        )


def rescore_matches(event: Event, apply: bool, done: Rescoring) -> None:
    """Check (with ``apply``, fill or correct) every team match of ``event``."""
    matches = [(section, match) for section in event.sections for match in section.matches]
    if not matches:
        done.unchecked.append(f"event {event.number}: a teams event with no matches recorded")
        return
    done.methods[event.number] = TeamRules()
    other_scale = 0
    for section, match in matches:
        other_scale += _match(event, section, match, apply, done)
    if other_scale:
        done.unchecked.append(
            f"event {event.number}: the VPs of {other_scale} matches fit not the WBF 2013 "
            "scale (another scale?): VPs not checked"
        )


def _place(event: Event, section: Section, match: Match, board: Board | None = None) -> str:
    where = f"event {event.number}" + (f", section {section.name}" if section.name else "")
    where += f", round {match.round}, match {match.home} v {match.away}"
    return where + (f", board {board.number}" if board is not None else "")


def _rooms(match: Match, board: Board) -> tuple[BoardResult, BoardResult, int, int] | None:
    """The open and closed room lines of ``board`` and their N-S scores, when both are
    there with a score in points."""
    home = [line for line in board.results if line.ns == match.home and line.ew == match.away]
    away = [line for line in board.results if line.ns == match.away and line.ew == match.home]
    if len(home) != 1 or len(away) != 1:
        return None
    opened, closed = home[0].ns_score, away[0].ns_score
    if not isinstance(opened, int) or not isinstance(closed, int):
        return None
    return home[0], away[0], opened, closed


def _match(event: Event, section: Section, match: Match, apply: bool, done: Rescoring) -> int:
    """Rescore one match; 1 when its recorded VPs fit another scale than WBF 2013's."""
    pairs = [(board, _rooms(match, board)) for board in match.boards]
    rooms = [(board, found) for board, found in pairs if found is not None]
    if not rooms:
        return 0
    won = match_imps([r[2] for _, r in rooms], [r[3] for _, r in rooms])
    for (board, (opened, closed, _, _)), imps in zip(rooms, won.tolist(), strict=True):
        _board(_place(event, section, match, board), opened, closed, int(imps), apply, done)
    if len(rooms) < len(match.boards):
        return 0
    home, away = float(won[won > 0].sum()), float(-won[won < 0].sum())
    place = _place(event, section, match)
    for what, recorded, value in (
        ("home IMPs", match.home_imps, home),
        ("away IMPs", match.away_imps, away),
    ):
        _compare(place, what, recorded, value, done, "totals")
    if apply:
        match.home_imps, match.away_imps = home, away
    if match.home_vp is None or match.away_vp is None:
        if apply:
            match.home_vp, match.away_vp = match_victory_points(int(home), int(away), len(rooms))
        return 0
    vps = match_victory_points(int(home), int(away), len(rooms))
    if not np.allclose(vps, (match.home_vp, match.away_vp), atol=0.005):
        return 1
    done.count("totals", True)
    return 0


def _board(
    place: str, opened: BoardResult, closed: BoardResult, imps: int, apply: bool, done: Rescoring
) -> None:
    for what, line, value in (("home IMPs", opened, imps), ("away IMPs", closed, -imps)):
        _compare(place, what, line.ns_points, value, done, "boards")
        if apply:
            line.ns_points, line.ew_points = float(value), float(-value)


def _compare(
    place: str, what: str, recorded: float | None, value: float, done: Rescoring, kind: str
) -> None:
    if recorded is None:
        return
    agrees = abs(recorded - value) < 0.005
    done.count(kind, agrees)
    if not agrees:
        done.differences.append(Difference(place, what, recorded, value))
