"""Each board's matchpoints from its raw scores: the field, factoring and assigned scores.

Sources: :mod:`.matchpoints` (the matchpoint rule), :mod:`.factoring` (Neuberg, the ACBL
small-group rule, assigned scores). Sections scored across share boards and one top
(ACBLscore's CFIG2, reference/acblscore-game-files-decoded.txt; NZ Scorer pools its sections
the same way): the sections of an event with the same recorded top are scored as one field
when that top is the top of the pooled results, else each alone. A fouled board's versions
(``foul_group``) are matchpointed apart (ACBLscore). A pair listed twice on a board (a
phantom or sit-out row of an ACBLscore movement) is a result of the field like any other,
but it is credited once: its points on the board are those of its first line.

Lines with no result (not played, not in play, a late play not yet entered) are no result:
they get no points and do not count in the field.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from bridgeio.analysis.scoring.factoring import Floats, factored, to_precision
from bridgeio.analysis.scoring.matchpoints import Convention, matchpoints
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
                for line in board.results:
                    boards[board.number, line.foul_group].append((section, line))
        for (number, _), lines in sorted(boards.items()):
            yield number, lines


def worth(score: Score | None) -> float | None:
    """A side's score for the field (points), or NaN-free None for an assigned score and no
    result; see :func:`assigned`."""
    return float(score) if type(score) is int else None


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
    return type(score) is int or assigned(score) is not None or assigned(line.ew_score) is not None


@dataclass
class Points:
    """One board's points, side by side with its lines (NaN: the line gets none)."""

    lines: list[tuple[Section, BoardResult]]
    ns: Floats
    ew: Floats
    exact: tuple[Floats, Floats] = field(default_factory=lambda: (np.empty(0), np.empty(0)))
    """Unrounded points (totals that add factored points at full precision)."""
    unfactored: tuple[Floats, Floats] = field(default_factory=lambda: (np.empty(0), np.empty(0)))
    """Points before factoring, rounded (what some programs print on a short traveller)."""


def board_points(
    pool: Pool, lines: list[tuple[Section, BoardResult]], decimals: int, rounding: str
) -> Points:
    """The points of every line of one board of ``pool``, at the file's precision."""
    ns, exact_ns, plain_ns = _side([line.ns_score for _, line in lines], pool, decimals, rounding)
    ew, exact_ew, plain_ew = _side([ew_score(line) for _, line in lines], pool, decimals, rounding)
    _credit_once(lines, ns, ew)
    _credit_once(lines, exact_ns, exact_ew)
    return Points(lines, ns, ew, (exact_ns, exact_ew), (plain_ns, plain_ew))


def _side(
    scores: list[Score | None], pool: Pool, decimals: int, rounding: str
) -> tuple[Floats, Floats, Floats]:
    """One side's points: rounded, unrounded, and before factoring (rounded)."""
    out = np.full(len(scores), np.nan)
    plain = np.full(len(scores), np.nan)
    field_at = [k for k, s in enumerate(scores) if type(s) is int]
    if field_at:
        values = np.array([scores[k] for k in field_at], dtype=np.float64)
        raw = matchpoints(values, pool.convention)
        plain[field_at] = raw
        out[field_at] = factored(raw, pool.results, pool.top, pool.convention)
    for k, score in enumerate(scores):
        percent = assigned(score)
        if percent is not None:
            out[k] = plain[k] = percent / 100 * pool.top
    return to_precision(out, decimals, rounding), out, to_precision(plain, decimals, rounding)


def _credit_once(lines: list[tuple[Section, BoardResult]], ns: Floats, ew: Floats) -> None:
    """A pair listed twice on the board keeps the points of its first line only."""
    seen: set[tuple[int, int, str]] = set()
    for k, (section, line) in enumerate(lines):
        for points, pair in ((ns, line.ns), (ew, line.ew)):
            if np.isnan(points[k]):
                continue
            key = (id(section), pair, "ns" if points is ns else "ew")
            if key in seen:
                points[k] = np.nan
            seen.add(key)


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
            for line in board.results:
                lines.append(line)
                if played(line):
                    counts[board.number, line.foul_group] += 1
    if not counts:
        return None
    most = max(counts.values())
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
