"""Writing MATCH: a team match (TEAM, OPPOSING_TEAM) or a pairs' match of a Swiss event
(NS_PAIR_NUMBER, EW_PAIR_NUMBER), its scores in IMPs or victory points, and its boards: the
writing side of :mod:`~bridgeio.formats.usebio.matches`.

>>> from bridgeio.model.results import Entry, Event, EventKind, Match, Results, Section
>>> teams = [Entry(str(n), n, None) for n in (1, 2)]
>>> section = Section("", entries=teams, matches=[Match(2, 1, 2, home_imps=31, away_imps=12)])
>>> target = Target(Results([Event(1, "Teams", kind=EventKind.TEAMS, sections=[section])]), "1.4")
>>> match = MatchWriter(target, BoardWriter(target)).match(section.matches[0], section, "")
>>> [(child.tag, child.text) for child in match]  # doctest: +NORMALIZE_WHITESPACE
[('ROUND_NUMBER', '2'), ('TEAM', '1'), ('OPPOSING_TEAM', '2'), ('TEAM_SCORE', '31'),
 ('OPPOSING_TEAM_SCORE', '12')]
"""

from __future__ import annotations

from lxml import etree

from bridgeio.formats.usebio.boards import board_imps
from bridgeio.formats.usebio.entries import id_maps
from bridgeio.formats.usebio.names import MATCH_ORDER, points_tag
from bridgeio.formats.usebio.output import Children, Target, attributes, kept_of, kept_values
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import MatchKept
from bridgeio.formats.usebio.write_boards import BoardWriter, LineIds
from bridgeio.model.results import Match, Scoring, Section


class MatchWriter:
    """Builds MATCH elements, their boards by ``boards``."""

    def __init__(self, target: Target, boards: BoardWriter) -> None:
        self.target = target
        self.losses = target.losses
        self.boards = boards

    def match(self, match: Match, section: Section, prefix: str) -> Element:
        """MATCH of ``section`` (its ids after ``prefix``): round, sides, scores, boards."""
        kept = kept_of(match, MatchKept)
        element = etree.Element("MATCH", attributes(kept.attributes, "MATCH", self.losses))
        children = self.target.children(MATCH_ORDER, "MATCH")
        ns_ids, ew_ids = id_maps(section.entries, prefix)
        if match.round:
            children.text("ROUND_NUMBER", str(match.round))
        ids = LineIds(ns_ids, ew_ids)
        first, second, vp = self._sides(children, match, kept, ids)
        home, away_score = (
            (match.home_vp, match.away_vp) if vp else (match.home_imps, match.away_imps)
        )
        children.text(first, self.target.number(home))
        children.text(second, self.target.number(away_score))
        self._losses(match, vp)
        written = {"ROUND_NUMBER", first, second}
        kept_values(children, kept, written)
        children.kept(kept.elements)
        children.into(element)
        ids = LineIds(ns_ids, ew_ids, points_tag(self.target.event.scoring))
        for board in match.boards:
            element.append(self.boards.board(board, ids, (match.home, match.away)))
        return element

    def _sides(
        self, children: Children, match: Match, kept: MatchKept, ids: LineIds
    ) -> tuple[str, str, bool]:
        """The two sides' ids; the elements their scores go in, and whether those are
        victory points."""
        vps = Scoring.VICTORY_POINTS
        vp = vps in (self.target.event.scoring, self.target.event.match_scoring)
        if kept.form == "pairs":
            children.text("NS_PAIR_NUMBER", ids.pair(match.home, kept.home_text, ids.ns))
            children.text("EW_PAIR_NUMBER", ids.pair(match.away, kept.away_text, ids.ew))
            first, second = ("NS_VICTORY_POINTS", "EW_VICTORY_POINTS")
            if kept.score_tag == "NS_SCORE" or (not vp and kept.score_tag != "NS_VICTORY_POINTS"):
                first, second = ("NS_SCORE", "EW_SCORE")
            return first, second, vp or first == "NS_VICTORY_POINTS"
        children.text("TEAM", ids.pair(match.home, kept.home_text, ids.ns))
        away = "NONE" if match.away == 0 else ids.pair(match.away, kept.away_text, ids.ns)
        children.text("OPPOSING_TEAM", away)
        first = kept.score_tag if kept.score_tag in ("TEAM_SCORE", "SCORE") else "TEAM_SCORE"
        return first, "OPPOSING_TEAM_SCORE", vp

    def _losses(self, match: Match, vp: bool) -> None:
        """What a match's scores hold that USEBIO's cannot: VPs of an event scored by IMPs,
        IMP totals of one scored by VPs that its boards do not add up to."""
        if not vp:
            if match.home_vp is not None or match.away_vp is not None:
                self.losses.add("victory points of matches in an event scored by IMPs")
            return
        imps = [board_imps(board) for board in match.boards]
        totals: tuple[float | None, float | None] = (None, None)
        if match.boards and None not in imps:
            totals = (sum(i for i in imps if i and i > 0), -sum(i for i in imps if i and i < 0))
        if (match.home_imps, match.away_imps) not in (totals, (None, None)):
            self.losses.add(
                "IMP totals of matches scored by VPs (USEBIO gives IMPs board by board)"
            )
