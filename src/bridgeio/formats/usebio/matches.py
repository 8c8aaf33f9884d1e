"""MATCH elements into the model's team (and Swiss pairs) matches, with their boards.

A teams MATCH is reported from its TEAM's side: TEAM is the model's ``home``, OPPOSING_TEAM
its ``away`` (0 for ``NONE``, a bye). Its scores are victory points or IMPs as the event's
match scoring says; in a VP event the IMP totals come from the boards' IMPS. Traveller lines
without pair numbers sit by DIRECTION: the first team N-S on a line marked NS.

>>> from lxml import etree
>>> from bridgeio.formats.usebio.boards import BoardReader
>>> from bridgeio.formats.usebio.problems import Fields, Problems
>>> problems = Problems("x.xml", report=False)
>>> match = MatchReader(problems, BoardReader(problems)).match(etree.fromstring(
...     "<MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>11</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
...     "<TEAM_SCORE>19</TEAM_SCORE><OPPOSING_TEAM_SCORE>1</OPPOSING_TEAM_SCORE>"
...     "<BOARD><BOARD_NUMBER>6</BOARD_NUMBER><IMPS>10</IMPS><TRAVELLER_LINE>"
...     "<DIRECTION>EW</DIRECTION><SCORE>-50</SCORE></TRAVELLER_LINE></BOARD></MATCH>"), True)
>>> (match.round, match.home, match.away, match.home_vp, match.away_vp, match.home_imps)
(2, 11, 2, 19.0, 1.0, 10.0)
>>> line = match.boards[0].results[0]; (line.ns, line.ew)
(2, 11)
"""

from __future__ import annotations

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import BoardReader, Context, board_imps, kept_element
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.problems import Fields, Problems
from bridgeio.formats.usebio.provenance import MatchKept
from bridgeio.model.results import Board, Match

TEAM_FIELDS = (
    "ROUND_NUMBER",
    "TEAM",
    "OPPOSING_TEAM",
    "TEAM_SCORE",
    "SCORE",
    "OPPOSING_TEAM_SCORE",
)
PAIR_FIELDS = (
    "ROUND_NUMBER",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "NS_VICTORY_POINTS",
    "EW_VICTORY_POINTS",
    "NS_SCORE",
    "EW_SCORE",
)
SCORE_TAGS = {
    "teams": (("TEAM_SCORE", "OPPOSING_TEAM_SCORE"), ("SCORE", "OPPOSING_TEAM_SCORE")),
    "pairs": (("NS_VICTORY_POINTS", "EW_VICTORY_POINTS"), ("NS_SCORE", "EW_SCORE")),
}


class MatchReader:
    """Reads the matches of one file."""

    def __init__(self, problems: Problems, boards: BoardReader) -> None:
        self.problems = problems
        self.boards = boards

    def match(
        self, element: Element, victory_points: bool, boards: list[Board] | None = None
    ) -> Match:
        """A MATCH; ``victory_points``: the event's matches are scored in VPs (else IMPs);
        ``boards``: its boards as the stream read them (else read here from ``element``)."""
        form = "pairs" if element.find("NS_PAIR_NUMBER") is not None else "teams"
        known = PAIR_FIELDS if form == "pairs" else TEAM_FIELDS
        texts: dict[str, str] = {}
        others: list[str] = []
        board_elements: list[Element] = []
        for child in element:
            tag = child.tag
            if tag == "BOARD":
                board_elements.append(child)
            elif tag in known and tag not in texts and not len(child):
                texts[str(tag)] = child.text or ""
            else:
                others.append(kept_element(child))
        bad: list[tuple[str, str]] = []
        home_tag, away_tag = (
            ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER") if form == "pairs" else ("TEAM", "OPPOSING_TEAM")
        )
        home_text, away_text = texts.get(home_tag, ""), texts.get(away_tag, "")
        home = V.pair_id(home_text).number
        away = 0 if away_text.strip().upper() == "NONE" else V.pair_id(away_text).number
        score_tag = next((s for s in SCORE_TAGS[form] if s[0] in texts), SCORE_TAGS[form][0])
        read = Fields(self.problems, element, bad)
        first = read.value(score_tag[0], texts.get(score_tag[0]), V.decimal, None)
        second = read.value(score_tag[1], texts.get(score_tag[1]), V.decimal, None)
        match = Match(read.value("ROUND_NUMBER", texts.get("ROUND_NUMBER"), V.whole, 0), home, away)
        vp_form = score_tag[0] == "NS_VICTORY_POINTS"
        set_scores(match, first, second, victory_points or vp_form)
        if boards is None:
            lines = Context(teams=(home, away))
            boards = [self.boards.board(board, lines) for board in board_elements]
        match.boards = boards
        imps = [board_imps(board) for board in boards]
        if victory_points and match.boards and None not in imps:
            match.home_imps = sum(i for i in imps if i is not None and i > 0)
            match.away_imps = -sum(i for i in imps if i is not None and i < 0)
        match.kept = MatchKept(
            tuple(element.items()),
            tuple(others),
            tuple(bad),
            form=form,
            home_text=home_text if V.pair_id(home_text).text != str(home) else "",
            away_text=away_text if V.pair_id(away_text).text != str(away) else "",
            score_tag=score_tag[0] if score_tag[0] in texts else "",
        )
        return match


def set_scores(
    match: Match, first: float | None, second: float | None, victory_points: bool
) -> None:
    """A match's two scores as its VPs or its IMPs."""
    if victory_points:
        match.home_vp, match.away_vp = first, second
    else:
        match.home_imps, match.away_imps = first, second
