"""An IMP event's lines as arrays: each line's board, scores, recorded IMPs and the entries
of its two sides, gathered once so that every rule tried on them is array work.

A Butler datum is found for every board at once: the scores sorted by board, the kept ones
(the top and bottom ``drop`` left out) summed by cumulative sums, and rounded in integers
(:func:`.butler.datums`). Cross-IMPs compare every pair of a board's results, board by board,
unrounded (a file's rounding is the caller's).

A line's sides are the entries of its pair numbers: in a section whose pair numbers are unique
across N-S and E-W (a Howell, an arrow-switched Mitchell, a Mitchell numbered through) by the
number alone, so that a pair who sat both ways counts every board it played; where a number
stands for one pair N-S and another E-W (a Mitchell's 3NS and 3EW), by number and direction.
A score is a number only when it is points a board can score (an ``int`` of at most
:data:`MOST_POINTS`); a line with IMPs recorded and no such score is ``missing``.

>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s)
...          for t, s in [(1, 420), (2, 450), (3, -50)]]
>>> flat = ImpLines.of(Results([Event(sections=[Section("A", results=[Board(7, lines)])])]))
>>> point, ns, ew = flat.butler(DatumRule())
>>> point.tolist(), ns.tolist(), ew.tolist()
([270.0], [4.0, 5.0, -8.0], [-4.0, -5.0, 8.0])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.butler import DatumRule, datums
from bridgeio.analysis.scoring.contracts import line_place
from bridgeio.analysis.scoring.imps import CrossAverage, cross_imps, imps
from bridgeio.model.results import BoardResult, Direction, Entry, Event, Results, Section

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

MOST_POINTS = 1_000_000
"""No board scores more (a grand slam redoubled with every overtrick is under 10,000): a larger
figure is not a score the IMP scale can take (nor a float hold exactly past 2**53)."""


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


def points(score: object) -> float:
    """A side's score as a number of points, NaN where it is none (an adjusted score, no
    score, or a figure past :data:`MOST_POINTS`).

    >>> points(-420), points(None), points(10**30)
    (-420.0, nan, nan)
    """
    if isinstance(score, int) and not isinstance(score, bool) and abs(score) <= MOST_POINTS:
        return float(score)
    return np.nan


def _scores(scores: Sequence[object]) -> Floats:
    """:func:`points` of each score (the common case first: a score in range)."""
    return np.array(
        [
            float(s) if type(s) is int and -MOST_POINTS <= s <= MOST_POINTS else points(s)
            for s in scores
        ],
        dtype=np.float64,
    )


def _is_none(values: Sequence[object]) -> Bools:
    """Which values are None."""
    return np.array([v is None for v in values], dtype=bool)


def _directed(section: Section) -> bool:
    """Does a pair number of ``section`` stand for one pair N-S and another E-W?"""
    seen: dict[int, set[Direction | None]] = {}
    for entry in section.entries:
        seen.setdefault(entry.number, set()).add(entry.direction)
    return any(Direction.NS in sides and Direction.EW in sides for sides in seen.values())


def _entry_key(event: int, section: Section, directed: bool, entry: Entry) -> EntryKey:
    return (event, section.name, entry.direction if directed else None, entry.number)


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
    missing: Bools  # IMPs recorded, and no score in points nor an adjusted one
    switched: bool = False  # some entry sat N-S on one board and E-W on another
    scores: Floats = field(default_factory=lambda: np.zeros(0))  # entries' totals (NaN: none)
    ranks: tuple[Ints, Bools] = field(  # entries' ranks (0: none) and ties
        default_factory=lambda: (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool))
    )
    groups: dict[object, list[list[int]]] = field(default_factory=dict)  # (by rank scope)

    @classmethod
    def of(cls, results: Results, across_sections: bool = True) -> ImpLines:
        """The lines of ``results``, boards pooled across sections or not."""
        boards = list(fields(results, across_sections))
        entries = [(e, s, x) for e in results.events for s in e.sections for x in s.entries]
        directed = {(e.number, s.name): _directed(s) for e in results.events for s in e.sections}
        index = {
            _entry_key(e.number, s, directed[(e.number, s.name)], x): i
            for i, (e, s, x) in enumerate(entries)
        }
        # (a column at a time: a comprehension a field, each made an array at once)
        sizes = [len(board.lines) for board in boards]
        lines = [line for board in boards for line in board.lines]
        where = [(b, i) for b, size in enumerate(sizes) for i in range(size)]
        sides = [
            (board.event, name, directed.get((board.event, name), False))
            for board in boards
            for name in board.sections
        ]
        none = len(entries)
        ns_entry = [
            index.get((event, name, Direction.NS if apart else None, line.ns), none)
            for (event, name, apart), line in zip(sides, lines, strict=True)
        ]
        ew_entry = [
            index.get((event, name, Direction.EW if apart else None, line.ew), none)
            for (event, name, apart), line in zip(sides, lines, strict=True)
        ]
        ns_given = [line.ns_score for line in lines]
        ew_given = [line.ew_score for line in lines]
        ns_raw, ew_raw = _scores(ns_given), _scores(ew_given)
        # a side with no score recorded at all: the other's negated (N-S first, from E-W's
        # as recorded; then E-W from N-S's as found)
        ns = np.where(np.isnan(ns_raw) & _is_none(ns_given), -ew_raw, ns_raw)
        ew = np.where(_is_none(ew_given) | np.isnan(ew_raw), -ns, ew_raw)
        missing = np.zeros(len(lines), dtype=bool)
        for k in np.isnan(ns).nonzero()[0].tolist():  # (NaN: no score in points)
            missing[k] = _missing(lines[k])
        group = np.repeat(np.arange(len(boards), dtype=np.int64), sizes)
        found = cls(
            boards, where, group, ns, ew,
            np.array([line.ns_points for line in lines], dtype=np.float64),
            np.array([line.ew_points for line in lines], dtype=np.float64),
            entries, np.array(ns_entry, dtype=np.int64), np.array(ew_entry, dtype=np.int64),
            missing,
        )  # fmt: skip
        found.switched = found._switched()
        found.scores = np.asarray(
            [np.nan if x.score is None else x.score for _, _, x in entries], dtype=np.float64
        )
        found.ranks = (
            np.asarray([x.rank or 0 for _, _, x in entries], dtype=np.int64),
            np.asarray([x.tied for _, _, x in entries], dtype=bool),
        )
        return found

    def _switched(self) -> bool:
        known = len(self.entries)
        ns = set(self.ns_entry[self.ns_entry < known].tolist())
        return bool(ns & set(self.ew_entry[self.ew_entry < known].tolist()))

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
        played = (~np.isnan(self.ns_score)).nonzero()[0]
        group = self.group[played]
        scores = self.ns_score[played].astype(np.int64)  # whole numbers (:func:`points`)
        order = np.lexsort((scores, group))
        counts = np.bincount(group, minlength=len(self.boards)).astype(np.int64)
        starts = counts.cumsum() - counts
        drop = np.clip(np.minimum(rule.drop, (counts - 1) // 2), 0, None)
        sums = np.concatenate([[0], scores[order].cumsum()])
        low, high = starts + drop, starts + counts - drop
        point = datums(sums[high] - sums[low], high - low, rule)
        at = point[self.group]
        ns = np.where(np.isnan(self.ns_score), np.nan, imps(np.nan_to_num(self.ns_score - at)))
        ew = np.where(np.isnan(self.ns_score), np.nan, imps(np.nan_to_num(self.ew_score + at)))
        return point, ns, ew

    def cross(self, average: CrossAverage) -> tuple[Floats, Floats]:
        """Every line's N-S and E-W cross-IMPs, unrounded (NaN where it has no score in
        points)."""
        ns, ew = np.full(self.group.size, np.nan), np.full(self.group.size, np.nan)
        played = ~np.isnan(self.ns_score)
        order = np.flatnonzero(played)[np.argsort(self.group[played], kind="stable")]
        for part in np.split(order, np.flatnonzero(np.diff(self.group[order])) + 1):
            if part.size:
                ns[part] = cross_imps(self.ns_score[part], average)
                ew[part] = cross_imps(self.ew_score[part], average)
        return ns, ew


def _missing(line: BoardResult) -> bool:
    """A line with IMPs recorded whose score is no number of points and no adjusted score."""
    recorded = line.ns_points is not None or line.ew_points is not None
    given = [s for s in (line.ns_score, line.ew_score) if s is not None]
    return recorded and (not given or all(type(s) is int and np.isnan(points(s)) for s in given))
