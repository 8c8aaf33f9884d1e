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

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.errors import Problem
from bridgeio.model.results import BoardResult, Event, Results, Section

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


@dataclass(frozen=True)
class Traveller:
    """One board's comparable lines: the board in every section scored on the same top."""

    event: int
    board: int
    sections: tuple[str, ...]  # the section of each line
    lines: tuple[BoardResult, ...]

    def place(self, index: int) -> str:
        """Where line ``index`` is: event, section, board and pairs."""
        return line_place(self.event, self.sections[index], self.board, self.lines[index])


def plain_boards(results: Results, convention: Convention) -> Iterator[Traveller]:
    """The travellers whose points are plain matchpoints in ``convention``: every line a
    score in points with its recorded points, and the board's top (the points most lines
    add up to) that of as many results as the traveller has. Sections of an event with the
    same recorded top are pooled first (scored across); one section alone when they do not
    add up.
    """
    for event in results.events:
        for group in _by_top(event.sections):
            for board, pooled in _boards(group).items():
                if _plain(pooled, convention):
                    yield _traveller(event, board, pooled)
                elif len(group) > 1:
                    yield from _one_section_at_a_time(event, board, pooled, convention)


Placed = list[tuple[Section, BoardResult]]


def _by_top(sections: list[Section]) -> list[list[Section]]:
    groups: dict[object, list[Section]] = defaultdict(list)
    for section in sections:
        key = section.board_top if section.board_top is not None else id(section)
        groups[key].append(section)
    return list(groups.values())


def _boards(sections: list[Section]) -> dict[int, Placed]:
    boards: dict[int, Placed] = defaultdict(list)
    for section in sections:
        for board in section.results:
            boards[board.number].extend((section, line) for line in board.results)
    return boards


def _one_section_at_a_time(
    event: Event, board: int, pooled: Placed, convention: Convention
) -> Iterator[Traveller]:
    by_section: dict[int, Placed] = defaultdict(list)
    for section, line in pooled:
        by_section[id(section)].append((section, line))
    for lines in by_section.values():
        if _plain(lines, convention):
            yield _traveller(event, board, lines)


def _traveller(event: Event, board: int, lines: Placed) -> Traveller:
    return Traveller(
        event.number, board, tuple(s.name for s, _ in lines), tuple(line for _, line in lines)
    )


def _plain(lines: Placed, convention: Convention) -> bool:
    if len(lines) < 2:
        return False
    for _, line in lines:
        if type(line.ns_score) is not int or line.ns_points is None or line.ew_points is None:
            return False
        if line.ew_score is not None and type(line.ew_score) is not int:
            return False
    sums = Counter(round(line.ns_points + line.ew_points, 2) for _, line in lines)  # type: ignore[operator]
    return sums.most_common(1)[0][0] == convention.top(len(lines))


def check_matchpoints(results: Results, convention: Convention) -> list[Problem]:
    """A problem for every line whose recorded N-S or E-W matchpoints differ from the
    recomputation, on the boards :func:`plain_boards` finds; the other boards are counted in
    one warning.

    >>> from bridgeio.model.results import Board, BoardResult, Event, Section
    >>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p,
    ...          ew_points=2 - p) for t, s, p in [(1, 420, 2), (2, 170, 1), (3, 170, 1)]]
    >>> event = Event(sections=[Section("A", results=[Board(7, lines)])])
    >>> [str(p) for p in check_matchpoints(Results([event]), Convention.ACBL)]
    ['event 1, section A, board 7, pairs 2/2: error: N-S matchpoints 1 recorded, 0.5 by the \
rule (ACBL: 1 per score beaten, 1/2 per tie)', 'event 1, section A, board 7, pairs 2/2: \
error: E-W matchpoints 1 recorded, 1.5 by the rule (ACBL: 1 per score beaten, 1/2 per tie)', \
'event 1, section A, board 7, pairs 3/3: error: N-S matchpoints 1 recorded, 0.5 by the rule \
(ACBL: 1 per score beaten, 1/2 per tie)', 'event 1, section A, board 7, pairs 3/3: error: \
E-W matchpoints 1 recorded, 1.5 by the rule (ACBL: 1 per score beaten, 1/2 per tie)']
    """
    problems: list[Problem] = []
    checked: set[tuple[int, str, int]] = set()
    for traveller in plain_boards(results, convention):
        checked.update((traveller.event, s, traveller.board) for s in traveller.sections)
        problems.extend(_check_traveller(traveller, convention))
    total = sum(len(s.results) for e in results.events for s in e.sections)
    if total > len(checked):
        problems.append(
            Problem(
                "results",
                f"{total - len(checked):,} of {total:,} boards are not checked: adjusted "
                "scores, boards played fewer times (factoring) or sections that do not add up",
                "warning",
            )
        )
    return problems


def _check_traveller(traveller: Traveller, convention: Convention) -> list[Problem]:
    ns = matchpoints([_points(line.ns_score) for line in traveller.lines], convention)
    ew = matchpoints([_ew_score(line) for line in traveller.lines], convention)
    problems = []
    for index, line in enumerate(traveller.lines):
        for side, recorded, rule in (
            ("N-S", line.ns_points, ns[index]),
            ("E-W", line.ew_points, ew[index]),
        ):
            if recorded is not None and abs(recorded - rule) > TOLERANCE:
                problems.append(
                    Problem(
                        traveller.place(index),
                        f"{side} matchpoints {recorded:g} recorded, {rule:g} by the rule "
                        f"({convention.rule})",
                    )
                )
    return problems


def _points(score: object) -> int:
    """A plain score (:func:`plain_boards` lets no other through)."""
    assert type(score) is int
    return score


def _ew_score(line: BoardResult) -> int:
    """E-W's score: recorded apart where a split score makes it other than minus N-S's."""
    return -_points(line.ns_score) if line.ew_score is None else _points(line.ew_score)
