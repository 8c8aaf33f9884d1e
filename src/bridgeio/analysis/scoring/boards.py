"""Each board's matchpoints from its raw scores: the field, factoring and assigned scores.

Sources: :mod:`.matchpoints` (the matchpoint rule), :mod:`.factoring` (Neuberg, the ACBL
small-group rule, assigned scores). Sections scored across share boards and one top
(ACBLscore's CFIG2, reference/acblscore-game-files-decoded.txt; NZ Scorer pools its sections
the same way): the sections of an event with the same recorded top are scored as one field
when that top is the top of the pooled results, else each alone. A fouled board's versions
(``foul_group``) are matchpointed apart (ACBLscore). A pair listed twice on a board (a
phantom or sit-out row of an ACBLscore movement) is a result of the field like any other,
but it is credited once: its points on the board are those of its first line.

The arithmetic over every board of a pool at once is :mod:`.field`'s.

Lines with no result (not played, not in play, a late play not yet entered) are no result:
they get no points and do not count in the field.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.model.results import Assigned, BoardResult, Event, Score, Section, Special


@dataclass
class Pool:
    """Sections of an event scored as one field, with the top and results a board has."""

    event: Event
    sections: list[Section]
    convention: Convention
    top: float
    results: int  # N: the results of a complete board

    def boards(self) -> Iterator[tuple[int, list[tuple[Section, BoardResult]]]]:
        """Each board (and foul group) with its lines in every section of the pool."""
        boards: dict[tuple[int, int], list[tuple[Section, BoardResult]]] = defaultdict(list)
        for section in self.sections:
            for board in section.results:
                if any(line.foul_group for line in board.results):
                    for line in board.results:
                        boards[board.number, line.foul_group].append((section, line))
                else:
                    boards[board.number, 0].extend((section, line) for line in board.results)
        for (number, _), lines in sorted(boards.items()):
            yield number, lines


def assigned(score: Score | None) -> float | None:
    """The percentage of the top an assigned score is worth (None: not assigned)."""
    if isinstance(score, Assigned):
        return score.percent
    if isinstance(score, Special):
        return score.percent
    return None


def ew_score(line: BoardResult) -> Score | None:
    """E-W's score: recorded apart where a split score makes it other than minus N-S's."""
    if line.ew_score is not None:
        return line.ew_score
    return -line.ns_score if type(line.ns_score) is int else line.ns_score


def played(line: BoardResult) -> bool:
    """Is the line a result (a score in points or an assigned score)?"""
    score = line.ns_score
    if type(score) is int:
        return True
    return assigned(score) is not None or assigned(line.ew_score) is not None


def recorded_top(lines: list[BoardResult]) -> float | None:
    """The top most lines' N-S and E-W points add up to (None without points)."""
    sums = Counter(
        round(line.ns_points + line.ew_points, 2)
        for line in lines
        if line.ns_points is not None
        and line.ew_points is not None
        and type(line.ns_score) is int
        and type(ew_score(line)) is int
    )
    return float(sums.most_common(1)[0][0]) if sums else None


def pools(event: Event, convention: Convention | None) -> list[Pool]:
    """The event's sections grouped as they are scored, each group with its convention,
    top and results of a complete board (see the module)."""
    by_top: dict[object, list[Section]] = defaultdict(list)
    for section in event.sections:
        if section.results:
            by_top[section.board_top].append(section)
    found: list[Pool] = []
    for group in by_top.values():
        pooled = _pool(event, group, convention)
        if pooled is not None or len(group) == 1:
            found.extend([pooled] if pooled is not None else [])
            continue
        for section in group:
            alone = _pool(event, [section], convention)
            if alone is not None:
                found.append(alone)
    return found


def _pool(event: Event, sections: list[Section], convention: Convention | None) -> Pool | None:
    """The sections as one field, when their top fits their results (None: it does not)."""
    counts: Counter[tuple[int, int]] = Counter()
    lines = []
    for section in sections:
        for board in section.results:
            lines.extend(board.results)
            if any(line.foul_group for line in board.results):
                for line in board.results:
                    counts[board.number, line.foul_group] += played(line)
            else:
                counts[board.number, 0] += sum(map(played, board.results))
    most = max(counts.values(), default=0)
    if not most:
        return None
    given = sections[0].board_top
    top = float(given) if given else recorded_top(lines)
    if top is None:
        chosen = convention or Convention.ACBL
        return Pool(event, sections, chosen, float(chosen.top(most)), most)
    fits = [c for c in Convention if c.top(most) >= top and (top / c.per_beat).is_integer()]
    if convention is None:
        exact = [c for c in fits if c.top(most) == top]
        if not exact:
            return None
        convention = exact[0]
    elif convention not in fits:
        return None
    return Pool(event, sections, convention, top, int(top / convention.per_beat) + 1)
