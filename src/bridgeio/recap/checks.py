"""The figures a recap shows, checked by the scoring engine (:mod:`bridgeio.analysis.scoring`):
the method the file scores by, and every board's points, total, percentage and rank that
differ from their recomputation, or that the file does not record (then the computed figure
is shown, marked as computed).

The engine recomputes a copy of the event (:func:`~bridgeio.analysis.scoring.rescore` with
``apply``): a figure of the copy that is not the file's is a finding. An individual event the
engine does not score, with no points recorded, gets each board's points here from the
matchpoint rule itself (:func:`~bridgeio.analysis.scoring.matchpoints`), so that its
travellers still show tops and bottoms.

>>> from bridgeio.model.results import Board, BoardResult, Event, Section
>>> lines = [BoardResult(1, t, t, t, s, -s) for t, s in [(1, 420), (2, 170)]]
>>> found = checks(Event(sections=[Section("A", results=[Board(7, lines)])]))
>>> found.method, found.lines[id(lines[0])].ns
('ACBL matchpoints, top 1, 2 decimals', Figure(recorded=None, computed=1.0))
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from bridgeio.analysis.scoring import Convention, Difference, Method, matchpoints, rescore
from bridgeio.analysis.scoring.contracts import entry_place, line_place
from bridgeio.analysis.scoring.standings import fill_standings
from bridgeio.model.results import (
    BoardResult,
    Entry,
    Event,
    EventKind,
    Results,
    Section,
    Special,
)

EPS = 1e-6


@dataclass(frozen=True)
class Figure:
    """A figure the file records (None: it records none) and the recomputed one."""

    recorded: float | None
    computed: float | None

    @property
    def state(self) -> str:
        """``"differs"``, ``"computed"`` (the file has none) or ``""`` (they agree)."""
        if self.recorded is None:
            return "computed" if self.computed is not None else ""
        if self.computed is None or abs(self.recorded - self.computed) > EPS:
            return "differs"
        return ""


@dataclass
class LineCheck:
    """One traveller line's points, each side; ``note`` says why the engine scores the line
    otherwise (an assigned score's points given to a played result)."""

    ns: Figure = Figure(None, None)
    ew: Figure = Figure(None, None)
    note: str = ""


@dataclass
class Checks:
    """What the engine found in one event: its method (``""``: not checked), what it could
    not check, and the figures that differ or are computed, by the model object's ``id``."""

    method: str = ""
    unchecked: list[str] = field(default_factory=list)
    lines: dict[int, LineCheck] = field(default_factory=dict)
    entries: dict[int, dict[str, Figure]] = field(default_factory=dict)  # "total", ...
    half_top: float | None = None  # a board's top of points centred on the average

    @property
    def differences(self) -> int:
        """How many figures differ from their recomputation."""
        shown = [f for c in self.lines.values() for f in (c.ns, c.ew)]
        shown += [f for found in self.entries.values() for f in found.values()]
        return sum(f.state == "differs" for f in shown) + sum(
            bool(c.note) for c in self.lines.values()
        )

    @property
    def computed(self) -> bool:
        """Whether any figure shown is the engine's, the file recording none."""
        return any("computed" in (c.ns.state, c.ew.state) for c in self.lines.values()) or any(
            f.state == "computed" for e in self.entries.values() for f in e.values()
        )


def checks(event: Event) -> Checks:
    """The findings of the scoring engine on ``event`` (what the engine does not score, it
    says in ``unchecked``)."""
    found = Checks()
    plain = copy.copy(event)
    plain.deals = None  # the hands play no part: not copied
    again = copy.deepcopy(plain)
    done = rescore(Results([again]), apply=True)
    fill_standings(Results([again]))  # standings a game as the tables entered it lacks
    found.unchecked = list(done.unchecked)
    method = done.methods.get(event.number)
    found.method = method.describe() if method is not None else ""
    if isinstance(method, Method) and method.centred:
        found.half_top = method.top / 2
    said: dict[tuple[str, str], Difference] = {(d.place, d.what): d for d in done.differences}
    for section, copied in zip(event.sections, again.sections, strict=True):
        if event.kind is EventKind.INDIVIDUAL and not _recorded(section):
            found.method = found.method or _individual(copied)
        _lines(event.number, section, copied, said, found)
        for entry, other in zip(section.entries, copied.entries, strict=True):
            _entry(entry_place(event.number, section.name, entry), entry, other, said, found)
    return found


def _recorded(section: Section) -> bool:
    return any(
        line.ns_points is not None or line.points is not None
        for board in section.results
        for line in board.results
    )


def _individual(section: Section) -> str:
    """Each board's N-S and E-W points of an individual by the ACBL rule (its top, n−1, from
    the board with most results); the method's description, ``""`` without results."""
    most = 0
    for board in section.results:
        lines = [x for x in board.results if _played(x.ns_score)]
        if not lines:
            continue
        most = max(most, len(lines))
        scores = [int(x.ns_score) for x in lines]  # type: ignore[arg-type]
        top = len(lines) - 1
        for line, value in zip(lines, matchpoints(scores).tolist(), strict=True):
            line.ns_points, line.ew_points = value, top - value
    if not most:
        return ""
    return Method(Convention.ACBL, most - 1, 2, "half up").describe()


def _played(score: object) -> bool:
    return isinstance(score, int) and not isinstance(score, Special)


def _lines(
    event: int,
    section: Section,
    copied: Section,
    said: dict[tuple[str, str], Difference],
    found: Checks,
) -> None:
    """Each line's points the engine finds wrong (the recorded and its figure), or that the
    file lacks (the copy's figure); the note of a line it scores otherwise."""
    for board, other in zip(section.results, copied.results, strict=True):
        for line, again in zip(board.results, other.results, strict=True):
            place = line_place(event, section.name, board.number, line)
            sides = []
            for side, what in enumerate(("N-S matchpoints", "E-W matchpoints")):
                recorded = _points(line, side)
                difference = said.get((place, what))
                if recorded is None:
                    sides.append(Figure(None, _points(again, side)))
                elif difference is not None:
                    sides.append(Figure(recorded, _number(difference.computed)))
                else:
                    sides.append(Figure(recorded, recorded))
            scored = said.get((place, "score"))
            note = f"scored as {scored.computed}: {scored.note}" if scored is not None else ""
            if sides[0].state or sides[1].state or note:
                found.lines[id(line)] = LineCheck(sides[0], sides[1], note)


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None


def _points(line: BoardResult, side: int) -> float | None:
    value = line.ns_points if side == 0 else line.ew_points
    if value is None and line.points is not None:
        value = line.points[side]
    return value


def _entry(
    place: str,
    entry: Entry,
    other: Entry,
    said: dict[tuple[str, str], Difference],
    found: Checks,
) -> None:
    """An entry's total, percentage and rank that the engine finds wrong or computes."""
    kept = {}
    for what, recorded, computed in (
        ("total", entry.score, other.score),
        ("percentage", entry.percentage, other.percentage),
        ("rank", entry.rank, other.rank),
    ):
        difference = said.get((place, what))
        if recorded is None and computed is not None:
            kept[what] = Figure(None, computed)
        elif recorded is not None and difference is not None:
            kept[what] = Figure(float(recorded), _number(difference.computed))
    if kept:
        found.entries[id(entry)] = kept
