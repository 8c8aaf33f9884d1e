"""Every table's result in a section as the recap shows it: the traveller lines of each board,
which each pair's scorecard reads from the other side.

>>> from bridgeio.model.contract import Contract
>>> from bridgeio.model.results import Board, BoardResult, Direction, Entry, Section
>>> s = Section("A", entries=[Entry("1NS", 1, Direction.NS), Entry("2EW", 2, Direction.EW)])
>>> s.results = [Board(5, [BoardResult(1, 1, 1, 2, 420, -420, 7.0, 1.0,
...                                    Contract.parse("4S", "N"), 10)])]
>>> [(b, [line.contract.plain for line in found]) for b, found in travellers(s, Roster(s, 0))]
[(5, ['4S'])]
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeio.model.results import BoardResult, Section
from bridgeio.recap.checks import EPS, Checks, Figure
from bridgeio.recap.entries import Roster, Who
from bridgeio.recap.play import PlayView, play_view
from bridgeio.recap.text import (
    CardText,
    ContractText,
    card_text,
    contract_text,
    number_text,
    score_key,
    score_text,
    seat_text,
    tricks_text,
)

SAT_OUT = Who("", "sat out")
"""The absent side of a pair's sit-out (Ruter's ``Bye``: one pair number, 0 for the other):
the pair's award is its score and points."""


@dataclass
class Line:
    """One table's result on one board, both sides; ``mark`` is ``"top"``/``"bottom"`` for
    N-S's best and worst matchpoints on the board (E-W's are the other way round)."""

    board: int
    round: int
    table: int
    ns: list[Who]
    ew: list[Who]
    contract: ContractText | None
    declarer: str
    lead: CardText | None
    tricks: str
    ns_score: str
    ew_score: str
    ns_points: float | None
    ew_points: float | None
    sort_key: tuple[int, int]
    mark: str = ""
    ns_check: Figure | None = None
    ew_check: Figure | None = None
    note: str = ""
    play: PlayView | None = None  # the table's auction and play, where the file has them

    @property
    def ns_points_text(self) -> str:
        """N-S's matchpoints (or IMPs) for the board as the file records them."""
        return number_text(self.ns_points)

    @property
    def ew_points_text(self) -> str:
        """E-W's matchpoints (or IMPs) for the board as the file records them."""
        return number_text(self.ew_points)

    @property
    def mirrored(self) -> bool:
        """Whether E-W's score says no more than N-S's (N-S's negated, the same adjusted
        score, or none): a phone shows N-S's alone."""
        negated = self.ns_score[1:] if self.ns_score.startswith("-") else f"-{self.ns_score}"
        same = self.ew_score == self.ns_score and not self.ns_score.lstrip("-")[:1].isdigit()
        return self.ew_score in ("", negated) or same or self.ew_score == self.ns_score == "0"

    @property
    def note_short(self) -> str:
        """The note's first part (``"scored as an assigned 50%/50%"``)."""
        return self.note.split(":")[0]

    @property
    def ns_shown(self) -> float | None:
        """N-S's points as shown: the file's, else the computed ones."""
        return _shown(self.ns_points, self.ns_check)

    @property
    def ew_shown(self) -> float | None:
        """E-W's points as shown: the file's, else the computed ones."""
        return _shown(self.ew_points, self.ew_check)

    @property
    def ew_mark(self) -> str:
        """E-W's top or bottom: N-S's the other way round."""
        return {"top": "bottom", "bottom": "top"}.get(self.mark, "")


def _shown(recorded: float | None, check: Figure | None) -> float | None:
    if recorded is None and check is not None:
        return check.computed
    return recorded


def line(board: int, result: BoardResult, roster: Roster, found: Checks | None = None) -> Line:
    """The traveller line of one result."""
    if result.seats is not None:  # individuals: N, E, S, W
        north, east, south, west = result.seats
        ns = [roster.player(north), roster.player(south)]
        ew = [roster.player(east), roster.player(west)]
        points = result.points or (None, None, None, None)
        ns_points = result.ns_points if result.ns_points is not None else points[0]
        ew_points = result.ew_points if result.ew_points is not None else points[1]
    else:
        ns = [SAT_OUT if result.sit_out and not result.ns else roster.ns(result.ns)]
        ew = [SAT_OUT if result.sit_out and not result.ew else roster.ew(result.ew)]
        ns_points, ew_points = result.ns_points, result.ew_points
    checked = found.lines.get(id(result)) if found is not None else None
    return Line(
        board=board,
        round=result.round,
        table=result.table,
        ns=ns,
        ew=ew,
        contract=contract_text(result.contract),
        declarer=seat_text(result.declarer),
        lead=card_text(result.lead),
        tricks=tricks_text(result.contract, result.tricks),
        ns_score=score_text(result.ns_score),
        ew_score=score_text(result.ew_score),
        ns_points=ns_points,
        ew_points=ew_points,
        sort_key=score_key(result.ns_score),
        ns_check=checked.ns if checked is not None and checked.ns.state else None,
        ew_check=checked.ew if checked is not None and checked.ew.state else None,
        note=checked.note if checked is not None else "",
        play=_play(result),
    )


def _play(result: BoardResult) -> PlayView | None:
    """The line's auction and play, where the file holds either."""
    if result.auction is None and result.play is None:
        return None
    return play_view(result.auction, result.play, result.contract, result.room)


def travellers(
    section: Section, roster: Roster, marks: bool = True, checked: Checks | None = None
) -> list[tuple[int, list[Line]]]:
    """Each board's lines, sorted by N-S's score from the highest (adjusted scores last);
    with ``marks``, N-S's full top and zero marked (:func:`_mark`; the points recorded, else
    computed); ``checked``: the scoring engine's findings on the lines."""
    found = []
    for board in sorted(section.results, key=lambda b: b.number):
        shown = (line(board.number, r, roster, checked) for r in board.results)
        lines = sorted(shown, key=_order)
        if marks:
            _mark(lines, checked.half_top if checked is not None else None)
        found.append((board.number, lines))
    return found


def _order(found: Line) -> tuple[tuple[int, int], int, int]:
    return found.sort_key, found.round, found.table


def _mark(lines: list[Line], half_top: float | None) -> None:
    """N-S's full top and zero on a board, never merely its best and worst line (a board
    short of results scored by ScoreBridge's averages gives its best line 5 of 6): a line
    whose E-W got nothing is N-S's top, one whose N-S got nothing their bottom. Points
    centred on the average (the two sides' adding up to 0, Ruter's) have their top at half
    the event's top (``half_top``, from the engine's method; unknown: no marks).

    >>> def at(ns, ew): return Line(1, 1, 1, [], [], None, "", None, "", "", "", ns, ew, (0, 0))
    >>> lines = [at(5, 1), at(3, 3), at(1, 5), at(6, 0), at(2.5, -2.5)]
    >>> _mark(lines, None); [x.mark for x in lines]
    ['', '', '', 'top', '']
    >>> _mark(lines, 2.5); [x.mark for x in lines]
    ['', '', '', 'top', 'top']
    """
    for found in lines:
        ns, ew = found.ns_shown, found.ew_shown
        found.mark = "" if ns is None or ew is None else _full(ns, ew, half_top)


def _full(ns: float, ew: float, half_top: float | None) -> str:
    """``"top"`` for N-S's full top, ``"bottom"`` for their zero, else ``""``."""
    if abs(ns + ew) < EPS:  # centred on the average (or a board of no comparison)
        if half_top is None or half_top < EPS:
            return ""
        return "top" if abs(ns - half_top) < EPS else "bottom" if abs(ns + half_top) < EPS else ""
    if abs(ew) < EPS and ns > EPS:
        return "top"
    return "bottom" if abs(ns) < EPS and ew > EPS else ""


@dataclass
class ScoreLine:
    """One line of a scorecard: a traveller line seen from one side (``"NS"`` or ``"EW"``)."""

    line: Line
    side: str

    @property
    def opponents(self) -> list[Who]:
        """Who sat the other way."""
        return self.line.ew if self.side == "NS" else self.line.ns

    @property
    def partner(self) -> list[Who]:
        """Who sat this way (the entry itself; in an individual, with its partner)."""
        return self.line.ns if self.side == "NS" else self.line.ew

    @property
    def score(self) -> str:
        """This side's score."""
        return self.line.ns_score if self.side == "NS" else self.line.ew_score

    @property
    def points(self) -> str:
        """This side's matchpoints (or IMPs) as the file records them."""
        return self.line.ns_points_text if self.side == "NS" else self.line.ew_points_text

    @property
    def check(self) -> Figure | None:
        """The engine's finding on this side's points."""
        return self.line.ns_check if self.side == "NS" else self.line.ew_check

    @property
    def mark(self) -> str:
        """This side's top or bottom."""
        return self.line.mark if self.side == "NS" else self.line.ew_mark


def scorecards(boards: list[tuple[int, list[Line]]]) -> dict[str, list[ScoreLine]]:
    """Every entry's lines (by its anchor), board by board."""
    found: dict[str, list[ScoreLine]] = {}
    for _, lines in boards:
        for one in lines:
            for side, whos in (("NS", one.ns), ("EW", one.ew)):
                for who in whos:
                    if who.anchor:
                        found.setdefault(who.anchor, []).append(ScoreLine(one, side))
    return found
