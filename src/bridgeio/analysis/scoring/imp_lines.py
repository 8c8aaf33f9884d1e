"""An IMP event's lines as arrays: each line's board, scores, recorded IMPs and the entries
of its two sides, gathered once so that every rule tried on them is array work.

A Butler datum is found for every board at once: the scores sorted by board, the kept ones
(the top and bottom ``drop`` left out) summed by cumulative sums, and rounded in integers
(:func:`.butler.datums`). Cross-IMPs compare every pair of a board's results, board by board.

>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s)
...          for t, s in [(1, 420), (2, 450), (3, -50)]]
>>> flat = ImpLines.of(Results([Event(sections=[Section("A", results=[Board(7, lines)])])]))
>>> point, ns, ew = flat.butler(DatumRule())
>>> point.tolist(), ns.tolist(), ew.tolist()
([270.0], [4.0, 5.0, -8.0], [-4.0, -5.0, 8.0])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.butler import DatumRule, datums
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.imps import CrossAverage, cross_imps, imps
from bridgeio.model.results import BoardResult, Direction, Entry, Event, Results, Section

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass
class Field:
    """One board as compared: its lines in every section pooled (or one section)."""

    event: int
    board: int
    sections: list[str] = field(default_factory=list)
    lines: list[BoardResult] = field(default_factory=list)

    def place(self, index: int) -> str:
        """Where line ``index`` is: event, section, board and pairs."""
        return line_place(self.event, self.sections[index], self.board, self.lines[index])


def fields(results: Results, across_sections: bool = True) -> Iterator[Field]:
    """Every board of every event, its sections pooled or one at a time."""
    for event in results.events:
        groups = [event.sections] if across_sections else [[s] for s in event.sections]
        for group in groups:
            boards: dict[int, Field] = {}
            for section in group:
                for board in section.results:
                    pooled = boards.setdefault(board.number, Field(event.number, board.number))
                    pooled.sections.extend(section.name for _ in board.results)
                    pooled.lines.extend(board.results)
            yield from (boards[n] for n in sorted(boards))


EntryKey = tuple[int, str, Direction | None, int]  # event, section, direction, number


def _nan(value: float | None) -> float:
    return np.nan if value is None else value


def _score(score: object) -> float:
    return float(score) if isinstance(score, int) and not isinstance(score, bool) else np.nan


@dataclass
class ImpLines:
    """Every line of the boards (:func:`fields`) flattened: ``group`` is each line's board
    (an index into ``boards``), scores NaN where not in points, IMPs NaN where none is
    recorded, and ``ns_entry``/``ew_entry`` index ``entries`` (``len(entries)``: no entry)."""

    boards: list[Field]
    where: list[tuple[int, int]]  # each line's board and place in it
    group: Ints
    ns_score: Floats
    ew_score: Floats
    ns_recorded: Floats
    ew_recorded: Floats
    entries: list[tuple[Event, Section, Entry]]
    ns_entry: Ints
    ew_entry: Ints

    @classmethod
    def of(cls, results: Results, across_sections: bool = True) -> ImpLines:
        """The lines of ``results``, boards pooled across sections or not."""
        boards = list(fields(results, across_sections))
        entries = [(e, s, x) for e in results.events for s in e.sections for x in s.entries]
        index = {_key(e, s, x): i for i, (e, s, x) in enumerate(entries)}
        howell = {
            (e.number, s.name): all(x.direction is None for x in s.entries)
            for e in results.events
            for s in e.sections
        }
        where, rows = [], []
        for b, board in enumerate(boards):
            for i, (name, line) in enumerate(zip(board.sections, board.lines, strict=True)):
                plain = howell.get((board.event, name), False)
                ns_key = (board.event, name, None if plain else Direction.NS, line.ns)
                ew_key = (board.event, name, None if plain else Direction.EW, line.ew)
                where.append((b, i))
                ns = _score(line.ns_score)
                ew = _score(line.ew_score) if type(line.ew_score) is int else -ns
                rows.append(
                    (b, ns, ew, _nan(line.ns_points), _nan(line.ew_points),
                     index.get(ns_key, len(entries)), index.get(ew_key, len(entries)))
                )  # fmt: skip
        table = np.asarray(rows, dtype=np.float64).reshape(len(rows), 7)
        ints = table[:, [0, 5, 6]].astype(np.int64).T
        return cls(
            boards, where, ints[0], table[:, 1], table[:, 2], table[:, 3], table[:, 4],
            entries, ints[1], ints[2],
        )  # fmt: skip

    def place(self, k: int) -> str:
        """Where line ``k`` is."""
        board, i = self.where[k]
        return self.boards[board].place(i)

    def line(self, k: int) -> BoardResult:
        """Line ``k`` of the model."""
        board, i = self.where[k]
        return self.boards[board].lines[i]

    def butler(self, rule: DatumRule) -> tuple[Floats, Floats, Floats]:
        """Every board's datum (NaN: no score in points) and every line's N-S and E-W IMPs
        against it (NaN where the line has no score in points)."""
        played = np.flatnonzero(~np.isnan(self.ns_score))
        group = self.group[played]
        scores = self.ns_score[played].astype(np.int64)
        order = np.lexsort((scores, group))
        counts = np.bincount(group, minlength=len(self.boards)).astype(np.int64)
        starts = np.cumsum(counts) - counts
        drop = np.clip(np.minimum(rule.drop, (counts - 1) // 2), 0, None)
        sums = np.concatenate([[0], np.cumsum(scores[order])])
        low, high = starts + drop, starts + counts - drop
        point = datums(sums[high] - sums[low], high - low, rule)
        at = point[self.group]
        ns = np.where(np.isnan(self.ns_score), np.nan, imps(np.nan_to_num(self.ns_score - at)))
        ew = np.where(np.isnan(self.ns_score), np.nan, imps(np.nan_to_num(self.ew_score + at)))
        return point, ns, ew

    def cross(self, average: CrossAverage, decimals: int) -> tuple[Floats, Floats]:
        """Every line's N-S and E-W cross-IMPs (NaN where it has no score in points)."""
        ns, ew = np.full(self.group.size, np.nan), np.full(self.group.size, np.nan)
        played = ~np.isnan(self.ns_score)
        order = np.flatnonzero(played)[np.argsort(self.group[played], kind="stable")]
        for part in np.split(order, np.flatnonzero(np.diff(self.group[order])) + 1):
            if part.size:
                ns[part] = np.round(cross_imps(self.ns_score[part], average), decimals)
                ew[part] = np.round(cross_imps(self.ew_score[part], average), decimals)
        return ns, ew

    def tallies(self, ns: Floats, ew: Floats) -> tuple[Floats, Ints]:
        """Each entry's IMPs and boards played from the lines' IMPs (a line the rules cannot
        score counts with its recorded IMPs)."""
        size = len(self.entries) + 1
        won: Floats = np.zeros(size)
        boards: Ints = np.zeros(size, dtype=np.int64)
        for computed, recorded, entry in (
            (ns, self.ns_recorded, self.ns_entry),
            (ew, self.ew_recorded, self.ew_entry),
        ):
            value = np.where(np.isnan(computed), recorded, computed)
            counted = ~np.isnan(value)
            won += np.bincount(entry[counted], value[counted], minlength=size)
            boards += np.bincount(entry[counted], minlength=size)
        return won[:-1], boards[:-1]


def _key(event: Event, section: Section, entry: Entry) -> EntryKey:
    return (event.number, section.name, entry.direction, entry.number)
