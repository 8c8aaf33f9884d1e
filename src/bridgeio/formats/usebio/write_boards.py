"""Writing BOARD and its TRAVELLER_LINEs (seats, contract, lead, tricks, score, points, round
and table): the writing side of :mod:`~bridgeio.formats.usebio.boards`.

>>> from bridgeio.model.results import Board, BoardResult, Event, Results
>>> boards = BoardWriter(Target(Results([Event(1, "Pairs")]), "1.4"))
>>> line = BoardResult(0, 0, ns=1, ew=2, ns_score=420, ns_points=3.0, ew_points=1.0)
>>> board = boards.board(Board(5, [line]), LineIds({1: "1 NS"}, {2: "2 EW"}))
>>> [(child.tag, child.text) for child in board.find("TRAVELLER_LINE")]
... # doctest: +NORMALIZE_WHITESPACE
[('NS_PAIR_NUMBER', '1 NS'), ('EW_PAIR_NUMBER', '2 EW'), ('SCORE', '420'),
 ('NS_MATCH_POINTS', '3'), ('EW_MATCH_POINTS', '1')]
"""

from __future__ import annotations

from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.names import BOARD_ORDER, LINE_ORDER
from bridgeio.formats.usebio.output import Children, Target, attributes, kept_of, kept_values
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import BoardKept, LineKept
from bridgeio.model.results import Board, BoardResult, Score, Special

_NO_RESULT = (Special.NOT_PLAYED, Special.LATE_PLAY, Special.NOT_IN_PLAY)
SIT_OUT_LOSS = (
    "lines of a pair sitting out a board (a TRAVELLER_LINE names both pairs; the award "
    "counts in the pair's TOTAL_SCORE and PERCENTAGE as the source has them)"
)

PAIRLESS_LOSS = (
    "lines that name no pair (a frequency table's scores: a TRAVELLER_LINE names both pairs)"
)


def pairless(line: BoardResult) -> bool:
    """A line of pairs that names neither (a PBN frequency table's score and count)."""
    return line.seats is None and not line.ns and not line.ew


class LineIds:
    """The ids the writer gives traveller lines' pairs (or players), by number, and the
    element their points go in (``NS_`` and ``EW_`` before ``points``).

    >>> ids = LineIds({1: "1 NS"}, {1: "1 EW"})
    >>> ids.pair(1, "", ids.ew), ids.pair(1, "1NS", ids.ns), ids.pair(7, "", ids.ns)
    ('1 EW', '1NS', '7')
    """

    def __init__(
        self, ns: dict[int, str], ew: dict[int, str], points: str = "MATCH_POINTS"
    ) -> None:
        self.ns, self.ew, self.points = ns, ew, points

    def pair(self, number: int, kept: str, ids: dict[int, str]) -> str | None:
        """A side's id: as written in the line while it is this number, else the entry's."""
        if kept and V.pair_id(kept).number == number:
            return kept
        if number in ids:
            return ids[number]
        return str(number) if number else (kept or None)

    def player(self, number: int, kept: str) -> str | None:
        """An individual's player id, as :meth:`pair` gives a pair's."""
        return self.pair(number, kept, self.ns)


class BoardWriter:
    """Builds BOARD elements with their traveller lines."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.losses = target.losses

    def board(self, board: Board, ids: LineIds, teams: tuple[int, int] | None = None) -> Element:
        """BOARD: its number, what the source kept, and a TRAVELLER_LINE for each result
        (in a team match, with ``teams``, the home and away teams' numbers)."""
        kept = kept_of(board, BoardKept)
        element = etree.Element("BOARD", attributes(kept.attributes, "BOARD", self.losses))
        children = self.target.children(BOARD_ORDER)
        number = str(board.number) if board.number or not kept.number_text else kept.number_text
        children.text("BOARD_NUMBER", number)
        children.text("IMPS", self.target.number(board.imps))
        children.kept(kept.elements)
        children.into(element)
        rank_first = self.target.file.leads_rank_first
        for line in board.results:
            if line.sit_out:  # no TRAVELLER_LINE names one pair alone
                self.losses.add(SIT_OUT_LOSS)
                continue
            if pairless(line):
                self.losses.add(PAIRLESS_LOSS)
                continue
            element.append(self.line(line, ids, teams, rank_first))
        return element

    def line(
        self, line: BoardResult, ids: LineIds, teams: tuple[int, int] | None, rank_first: bool
    ) -> Element:
        """TRAVELLER_LINE of one result (leads rank first, ``KH``, when ``rank_first``)."""
        kept = kept_of(line, LineKept)
        element = etree.Element(
            "TRAVELLER_LINE", attributes(kept.attributes, "TRAVELLER_LINE", self.losses)
        )
        children = self.target.children(LINE_ORDER)
        written = self._seats(children, line, kept, ids, teams)
        self._play(children, line, rank_first, written)
        self._score(children, line, written)
        self._points(children, line, kept, ids.points, written)
        if line.round:
            children.text("ROUND_NUMBER", str(line.round))
            written.add("ROUND_NUMBER")
        if line.table:
            children.text("TABLE_NUMBER", str(line.table))
            written.add("TABLE_NUMBER")
        if line.foul_group:
            self.losses.add("fouled-board groups")
        kept_values(children, kept, written)
        children.kept(kept.elements)
        return children.into(element)

    def _seats(
        self,
        children: Children,
        line: BoardResult,
        kept: LineKept,
        ids: LineIds,
        teams: tuple[int, int] | None,
    ) -> set[str]:
        """Who sat where: pairs' ids, an individual event's four players, or a team match's
        DIRECTION."""
        if line.seats is not None:
            texts = kept.players if len(kept.players) == 4 else ("",) * 4
            for tag, number, text in zip(("N", "E", "S", "W"), line.seats, texts, strict=True):
                children.text(f"{tag}_PLAYER_NUMBER", ids.player(number, text))
            return set()
        if teams is not None and not (kept.ns_id or kept.ew_id):
            home, away = teams
            if {line.ns, line.ew} <= {home, away} and line.ns != line.ew:
                children.text("DIRECTION", "NS" if line.ns == home else "EW")
                return set()
        children.text("DIRECTION", kept.direction or None)
        children.text("NS_PAIR_NUMBER", ids.pair(line.ns, kept.ns_id, ids.ns))
        children.text("EW_PAIR_NUMBER", ids.pair(line.ew, kept.ew_id, ids.ew))
        return set()

    def _play(
        self, children: Children, line: BoardResult, rank_first: bool, written: set[str]
    ) -> None:
        """CONTRACT, PLAYED_BY, LEAD and TRICKS, those the line has."""
        contract = line.contract
        if contract is not None:
            children.text("CONTRACT", contract.text)
            written.add("CONTRACT")
            if contract.declarer is not None:
                children.text("PLAYED_BY", contract.declarer.char)
                written.add("PLAYED_BY")
        if line.lead is not None:
            children.text("LEAD", V.lead_text(line.lead, rank_first))
            written.add("LEAD")
        if line.tricks is not None:
            children.text("TRICKS", str(line.tricks))
            written.add("TRICKS")

    def _score(self, children: Children, line: BoardResult, written: set[str]) -> None:
        """SCORE: N-S's, or an adjusted score's percentages."""
        if line.ns_score is None:
            if line.ew_score is not None:
                self.losses.add("E-W scores of lines with no N-S score")
            return
        text = V.score_text(line.ns_score, line.ew_score)
        if text is None:
            self.losses.add("adjusted scores that are not whole percentages")
            return
        children.text("SCORE", text)
        written.add("SCORE")
        implied = V.score_value(text)[1]
        if line.ew_score is not None and line.ew_score != implied:
            if not (line.ew_score in _NO_RESULT and implied in _NO_RESULT):
                self._split(children, line.ew_score, written)

    def _split(self, children: Children, ew_score: Score, written: set[str]) -> None:
        """A split score's E-W side (USEBIO's SCORE is N-S's): in EW_SCORE, which USEBIO
        names for Swiss pairs matches only; other programs take SCORE for both sides."""
        text = V.side_score_text(ew_score)
        if text is None:
            self.losses.add("E-W sides of split scores (adjusted to no whole percentage)")
            return
        children.text("EW_SCORE", text)
        written.add("EW_SCORE")
        self.losses.add(
            "E-W sides of split scores in an element other programs read (kept in EW_SCORE, "
            "bridgeio's own)"
        )

    def _points(
        self, children: Children, line: BoardResult, kept: LineKept, points: str, written: set[str]
    ) -> None:
        """Each side's points, in the element the line was read from (else ``points``)."""
        kind = kept.points or points
        if line.points is not None:
            ns, ew = line.points[0], line.points[1]
            if line.points[2] != ns or line.points[3] != ew:
                self.losses.add("individual players' matchpoints that differ from their side's")
        else:
            ns, ew = line.ns_points, line.ew_points
        for side, value in (("NS", ns), ("EW", ew)):
            text = self.target.number(value)
            if text is not None:
                children.text(f"{side}_{kind}", text)
                written.add(f"{side}_{kind}")
