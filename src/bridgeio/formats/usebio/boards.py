"""BOARD and TRAVELLER_LINE elements into the model's boards and table results.

Each traveller line's children are read once, text by tag, and turned into a
:class:`~bridgeio.model.results.BoardResult` with typed values: the contract parsed once with
its declarer, the lead a card, the score points or an assigned score. Conversions go through
per-read caches (a file repeats its texts: "4S", "420", "1 NS"), which keeps a big file's read
within a small multiple of lxml's own parse. A text that is not what its element holds is a
problem reported with its line, its value None in the model and the text kept for writing
back.

>>> from lxml import etree
>>> from bridgeio.formats.usebio.problems import Fields, Problems
>>> element = etree.fromstring(
...     "<BOARD><BOARD_NUMBER>7</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
...     "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
...     "<LEAD>KH</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>")
>>> board = BoardReader(Problems("x.xml", report=False)).board(element, Context())
>>> line = board.results[0]
>>> board.number, line.ns, line.contract, line.declarer, line.lead, line.ns_score, line.ew_score
(7, 1, Contract('4S', declarer='N'), <Seat.NORTH: 0>, Card('HK'), 420, -420)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.names import POINTS_KINDS
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.problems import Fields, Problems
from bridgeio.formats.usebio.provenance import BoardKept, LineKept
from bridgeio.formats.usebio.travellers import MARK, Capture, Misaligned, Template
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.directions import KNOWN, direction_named
from bridgeio.model.results import Board, BoardResult, Direction, Score

SEAT_TAGS = ("N_PLAYER_NUMBER", "E_PLAYER_NUMBER", "S_PLAYER_NUMBER", "W_PLAYER_NUMBER")
POINT_TAGS = frozenset(f"{side}_{kind}" for side in ("NS", "EW") for kind in POINTS_KINDS)
BASE_TAGS = frozenset(
    {
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "CONTRACT",
        "PLAYED_BY",
        "LEAD",
        "TRICKS",
        "SCORE",
        "EW_SCORE",
        "ROUND_NUMBER",
        "TABLE_NUMBER",
        "DIRECTION",
        *SEAT_TAGS,
    }
)
LINE_TAGS = BASE_TAGS | POINT_TAGS
"""The traveller line's elements the model reads; others are kept whole."""

# Boards whose lines hold anything but plain text children (attributes, elements inside a
# line's child) are read child by child, keeping what the model has no field for.
_ODD = etree.XPath("count(TRAVELLER_LINE/@* | TRAVELLER_LINE/*/* | TRAVELLER_LINE/*/@*)")

_BAD: Any = object()  # a cached text that is not what its element holds
_NO_SCORE: tuple[Score | None, Score | None] = (None, None)

T = TypeVar("T")


@dataclass
class Context:
    """What lines need from around them: the section's entry ids as the writer would give them
    (by number, for each side), the points element the event's scoring implies, and for a team
    match's lines the two teams (home sat N-S where a line says DIRECTION NS)."""

    ns_ids: Mapping[int, str] = field(default_factory=dict)
    ew_ids: Mapping[int, str] = field(default_factory=dict)
    points: str = "MATCH_POINTS"
    teams: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.ns_tag = f"NS_{self.points}"
        self.ew_tag = f"EW_{self.points}"
        self.tags = BASE_TAGS | {self.ns_tag, self.ew_tag}
        self.plain_tags = self.tags - {"DIRECTION", "EW_SCORE", *SEAT_TAGS}
        # the texts lines use for the entries (by side), and the numbers they stand for
        self.ns_numbers = {text: number for number, text in self.ns_ids.items()}
        self.ew_numbers = {text: number for number, text in self.ew_ids.items()}


class LineCheck(Protocol):
    """What a validator asks of each traveller line as the reader reads it."""

    def line(self, texts: Mapping[str, str | None], element: Element, context: Context) -> None:
        """Check one line: ``texts`` are its children's texts by tag."""


def kept_element(child: Element) -> str:
    """An element the model has no field for, kept whole as XML text."""
    return etree.tostring(child, encoding="unicode", with_tail=False)


def board_imps(board: Board) -> float | None:
    """A team match board's IMPS (the home team's IMPs on it)."""
    return board.imps


def _imps(child: Element) -> float | None:
    """A BOARD's IMPS as a number; None where it is not one (then kept as written)."""
    if len(child) or child.attrib:
        return None
    try:
        return V.decimal(child.text or "")
    except V.Unreadable:
        return None


class TextReader:
    """A file's texts into values, each text converted once (a file repeats its texts: "4S",
    "420", "1 NS"); an unreadable text is :class:`~bridgeio.formats.usebio.values.Unreadable`."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._declarers: dict[str, Seat | None] = {}
        self._contracts: dict[tuple[str, str | None], Contract | None] = {}
        self._leads: dict[str, Card] = {}
        self._wholes: dict[str, int] = {}
        self._trick_counts: dict[str, int] = {}
        self._points_read: dict[str, float] = {}
        self._scores: dict[str, tuple[Score, Score]] = {}
        self._kept: dict[tuple[Any, ...], LineKept] = {}
        self.rank_first_leads: bool | None = None

    def pair_number(self, text: str) -> int:
        """The number of a pair id (cached by text)."""
        number = self._ids.get(text)
        if number is None:
            number = self._ids[text] = V.pair_id(text).number
        return number

    def declarer(self, text: str) -> Seat | None:
        """The seat PLAYED_BY names, None for a text that names none."""
        found = self._declarers.get(text, _BAD)
        if found is _BAD:
            try:
                found = V.seat_value(text)
            except V.Unreadable:
                found = None
            self._declarers[text] = found
        return found  # type: ignore[no-any-return]

    def contract(self, text: str, played_by: str | None) -> Contract | None:
        """A contract with its declarer (cached by texts); Unreadable for a text that is none."""
        key = (text, played_by)
        found = self._contracts.get(key, _BAD)
        if found is _BAD:
            found = self._contracts[key] = V.contract_value(text, played_by)
        return found  # type: ignore[no-any-return]

    def lead(self, text: str) -> Card:
        """A lead (cached by text); notes whether the file writes leads rank first."""
        card = self._leads.get(text)
        if card is None:
            card = self._leads[text] = V.lead_value(text)
            if self.rank_first_leads is None:
                self.rank_first_leads = "".join(text.split()).upper()[:1] not in "SHDC"
        return card

    def whole(self, text: str) -> int:
        """A whole number (cached by text)."""
        return _cached(self._wholes, text, V.whole)

    def tricks(self, text: str) -> int:
        """Tricks taken, 0-13 (cached by text)."""
        return _cached(self._trick_counts, text, _tricks)

    def points(self, text: str) -> float:
        """A line's points (cached by text)."""
        return _cached(self._points_read, text, V.decimal)

    def score(self, text: str) -> tuple[Score, Score]:
        """Both sides' scores of a SCORE (cached by text)."""
        return _cached(self._scores, text, V.score_value)

    def kept(self, key: tuple[Any, ...]) -> LineKept:
        """One kept object for every line that keeps the same things."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = LineKept(*key)
        return found


class BoardReader(TextReader):
    """Reads boards and their lines for one file, with its caches and its problems."""

    def __init__(self, problems: Problems, check: LineCheck | None = None) -> None:
        super().__init__()
        self.problems = problems
        self.check = check
        self._board_numbers: dict[str, int] = {}
        self.plain = _Plain()
        self.capture: Capture | None = None  # where the file's plain lines were captured

    # ---------------------------------------------------------------------------- boards

    def board(self, element: Element, context: Context) -> Board:
        """A BOARD with its traveller lines."""
        odd = _ODD(element) != 0
        # Lines of plain text children, in a file no validator reads along, are built from
        # what earlier lines taught where every text is known (most lines of a big file).
        plain = None if odd or self.check is not None or context.teams is not None else self.plain
        plain_lines = context.plain_tags.issuperset
        # What a plain line's texts give, bound once a board. A line whose texts are all
        # known is built here, in the loop (most lines of a big file: each step saved counts).
        plays, points, rounds, tables, leads = self.plain.lookups()
        ns_numbers, ew_numbers = context.ns_numbers, context.ew_numbers
        ns_tag, ew_tag = context.ns_tag, context.ew_tag
        number_text: str | None = None
        imps: float | None = None
        results: list[BoardResult] = []
        append = results.append
        others: list[str] = []
        capture = self.capture
        if capture is not None:  # the file's plain lines, captured from its text
            next_line = capture.lines.popleft
            plain_capture = context.teams is None and context.plain_tags.issuperset(
                capture.template.tags
            )
            plain_texts = _plain_texts(capture.template, context.ns_tag, context.ew_tag)
        for child in element:
            tag = child.tag
            if tag == "TRAVELLER_LINE":
                if capture is not None and not len(child) and child.get(MARK) is not None:
                    try:  # (a captured line's stand-in: its line is the next kept)
                        match = next_line()
                    except IndexError:
                        raise Misaligned from None
                    if plain_capture:  # as for the lines below, the texts in their order
                        t = plain_texts(match)
                        try:
                            play = plays[t[:4]]
                            append(
                                BoardResult(
                                    rounds[t[4]],
                                    tables[t[5]],
                                    ns_numbers[t[6]],  # type: ignore[index]
                                    ew_numbers[t[7]],  # type: ignore[index]
                                    play[1],
                                    play[2],
                                    points[t[8]],
                                    points[t[9]],
                                    play[0],
                                    play[3],
                                    leads[t[10]],
                                )
                            )
                            continue
                        except KeyError:
                            pass
                    append(self.captured(child, match, capture.template, context, plain_capture))
                    continue
                if plain is None:
                    append(self.line(child, context, odd))
                    continue
                texts: dict[str, str | None] = {}
                for item in child:  # (a plain loop: cheaper than a comprehension)
                    texts[item.tag] = item.text  # type: ignore[index]
                if len(texts) != len(child):  # a tag twice: read it child by child
                    append(self._line(child, context, None))
                    continue
                if plain_lines(texts):
                    get = texts.get
                    try:  # (a text not seen before is a KeyError: read the line with care)
                        play = plays[
                            (get("CONTRACT"), get("PLAYED_BY"), get("SCORE"), get("TRICKS"))
                        ]
                        append(
                            BoardResult(
                                rounds[get("ROUND_NUMBER")],
                                tables[get("TABLE_NUMBER")],
                                ns_numbers[get("NS_PAIR_NUMBER")],  # type: ignore[index]
                                ew_numbers[get("EW_PAIR_NUMBER")],  # type: ignore[index]
                                play[1],
                                play[2],
                                points[get(ns_tag)],
                                points[get(ew_tag)],
                                play[0],
                                play[3],
                                leads[get("LEAD")],
                            )
                        )
                        continue
                    except KeyError:
                        pass
                append(self._line(child, context, texts))
            elif tag == "BOARD_NUMBER" and number_text is None and not len(child):
                number_text = child.text or ""
            elif tag == "IMPS" and imps is None and _imps(child) is not None:
                imps = _imps(child)
            else:
                others.append(kept_element(child))
        number, bad_number = self._board_number(number_text, element)
        kept = None
        if others or bad_number or element.attrib:
            kept = BoardKept(tuple(element.items()), tuple(others), number_text=bad_number)
        return Board(number, results, kept, imps)

    def _board_number(self, text: str | None, element: Element) -> tuple[int, str]:
        if text is None:
            self.problems.add(place(element), "BOARD has no BOARD_NUMBER", kind="board number")
            return 0, ""
        try:
            return _cached(self._board_numbers, text, _board_number), ""
        except V.Unreadable as error:
            self.problems.add(
                place(element),
                f"BOARD_NUMBER {text!r}: expected {error.expected}",
                kind="board number",
            )
            return 0, text

    # ---------------------------------------------------------------------------- lines

    def captured(
        self,
        element: Element,
        match: re.Match[str],
        template: Template,
        context: Context,
        looked_up: bool = False,
    ) -> BoardResult:
        """A line captured from the file's text (``element`` its stand-in, ``match`` its
        texts by ``template``), read as :meth:`line` reads one of plain children
        (``looked_up``: :meth:`board` already looked its texts up in what lines taught)."""
        texts = template.texts(match)

        def located(tag: str) -> str:
            line = template.where(match, tag, element.sourceline or 0)
            path = element.getroottree().getpath(element)
            return f"line {line} {path}/{tag}"

        if not looked_up and texts.keys() <= context.plain_tags and context.teams is None:
            result = self.plain.result(texts, context)
            if result is not None:
                return result
        return self._line(element, context, texts, located)

    def line(self, element: Element, context: Context, odd: bool = False) -> BoardResult:
        """One TRAVELLER_LINE (``odd``: the board's lines hold more than plain text
        children, so read this one child by child)."""
        texts: dict[str, str | None] | None = None
        if not odd:
            texts = cast(dict[str, str | None], {c.tag: c.text for c in element})
            if len(texts) != len(element):
                texts = None  # a tag twice: read it child by child
            elif texts.keys() <= context.plain_tags and context.teams is None:
                result = self.plain.result(texts, context)
                if result is not None:
                    if self.check is not None:
                        self.check.line(texts, element, context)
                    return result
        return self._line(element, context, texts)

    def _line(
        self,
        element: Element,
        context: Context,
        texts: dict[str, str | None] | None,
        located: Callable[[str], str] | None = None,
    ) -> BoardResult:
        """A line the plain path did not build: ``texts`` its children's texts by tag, None
        where it is read child by child (``located``: where a child is, for a line captured
        from the text)."""
        others: list[str] = []
        odd = False
        if texts is None:
            texts = self._odd_line(element, others)
            odd = True
        elif not texts.keys() <= context.tags:
            if not texts.keys() <= LINE_TAGS:
                texts = self._odd_line(element, others)
            odd = True
        if self.check is not None:
            self.check.line(texts, element, context)
        return self._result(texts, element, context, others, odd, located)

    def _odd_line(self, element: Element, others: list[str]) -> dict[str, str | None]:
        """A line's texts child by child: a child the model reads once, with text only;
        anything else kept whole in ``others``."""
        texts: dict[str, str | None] = {}
        for child in element:
            tag = child.tag
            if tag in LINE_TAGS and tag not in texts and not len(child) and not child.attrib:
                texts[tag] = child.text
            else:
                others.append(kept_element(child))
        return texts

    def _result(
        self,
        texts: dict[str, str | None],
        element: Element,
        context: Context,
        others: list[str],
        odd: bool,
        located: Callable[[str], str] | None = None,
    ) -> BoardResult:
        get = texts.get
        kept: list[tuple[str, str]] = []  # texts the model could not take, as written
        ns_text, ew_text = get("NS_PAIR_NUMBER"), get("EW_PAIR_NUMBER")
        ns = self.pair_number(ns_text) if ns_text else 0
        ew = self.pair_number(ew_text) if ew_text else 0
        direction = get("DIRECTION") or ""
        if context.teams is not None and not (ns or ew):
            ns, ew = _team_seats(context.teams, direction)
            if direction.strip() and direction_named(direction) is None:
                _unknown_direction(self.problems, element, direction)
        seats = players = None
        if "N_PLAYER_NUMBER" in texts:
            seats, players = _seats(self.pair_number, texts, context)
            ns, ew = seats[0], seats[1]
        where = Fields(self.problems, element, kept, located)
        contract = self._contract(get("CONTRACT"), get("PLAYED_BY"), where)
        ns_score, ew_score = where.value("SCORE", get("SCORE"), self.score, _NO_SCORE)
        split = get("EW_SCORE")  # a split score's E-W side (as bridgeio writes it)
        if split is not None:
            ew_score = where.value("EW_SCORE", split, V.side_score, ew_score)
        points_tag = ""
        ns_points, ew_points = get(context.ns_tag), get(context.ew_tag)
        if odd:
            ns_points, ew_points, points_tag = _other_points(texts, context, kept)
        kind = points_tag or context.points
        nsp = where.value(f"NS_{kind}", ns_points, self.points, None)
        ewp = where.value(f"EW_{kind}", ew_points, self.points, None)
        result = BoardResult(
            where.value("ROUND_NUMBER", get("ROUND_NUMBER"), self.whole, 0),
            _table(self.whole, get("TABLE_NUMBER"), kept),
            ns,
            ew,
            ns_score,
            ew_score,
            None if seats else nsp,
            None if seats else ewp,
            contract,
            where.value("TRICKS", get("TRICKS"), self.tricks, None),
            where.value("LEAD", get("LEAD"), self.lead, None),
            0,
            seats,
            (nsp, ewp, nsp, ewp) if seats else None,
        )
        ns_kept = "" if ns_text is None or context.ns_ids.get(ns) == ns_text else ns_text
        ew_kept = "" if ew_text is None or context.ew_ids.get(ew) == ew_text else ew_text
        if ns_kept or ew_kept or players or direction or points_tag or kept or odd:
            # (a captured line has none: its stand-in has only the mark)
            attributes = tuple(element.items()) if odd and located is None else ()
            key = (attributes, tuple(others), tuple(kept), ns_kept, ew_kept, players or ())
            if any(key) or direction or points_tag:
                result.kept = self.kept((*key, direction, points_tag))
        if result.kept is None and not seats and split is None:  # nothing odd: learnt
            self.plain.learn(texts, context, result)
        return result

    def _contract(self, text: str | None, played_by: str | None, where: Fields) -> Contract | None:
        if played_by is not None and played_by.strip():
            if self.declarer(played_by) is None:
                where.fail("PLAYED_BY", played_by, "a seat N, E, S or W")
                played_by = None
        elif played_by is not None:
            played_by = None
        if text is None or not text.strip():
            if played_by is not None:
                where.keep("PLAYED_BY", played_by)
            return None
        try:
            contract = self.contract(text, played_by)
        except V.Unreadable as error:
            where.fail("CONTRACT", text, error.expected)
            contract = None
        else:
            if contract is None:  # "not played" (NP): kept as written
                where.keep("CONTRACT", text)
        if played_by is not None and (contract is None or contract.declarer is None):
            where.keep("PLAYED_BY", played_by)
        return contract


class _Plain:
    """What lines read without a problem taught: their texts and what each gave, so that a
    line whose texts are all known is built with a dictionary look-up a field or two (a
    file repeats its texts: "4S" by "N" taking "10" for "420", "6.5", "1NS"). The contract,
    declarer, score and tricks are looked up together: few combinations, one look-up."""

    def __init__(self) -> None:
        self.plays: dict[tuple[str | None, ...], tuple[Any, Any, Any, Any]] = {
            (None, None, None, None): (None, None, None, None)
        }
        self.points: dict[str | None, float | None] = {None: None}
        self.rounds: dict[str | None, int] = {None: 0}
        self.tables: dict[str | None, int] = {None: 0}
        self.leads: dict[str | None, Card | None] = {None: None}

    def result(self, texts: dict[str, str | None], context: Context) -> BoardResult | None:
        """The line, if every text is known (None: read it with care)."""
        get = texts.get
        points = self.points
        try:  # (a text not seen before is a KeyError: rare once a file's texts are known)
            play = self.plays[(get("CONTRACT"), get("PLAYED_BY"), get("SCORE"), get("TRICKS"))]
            return BoardResult(
                self.rounds[get("ROUND_NUMBER")],
                self.tables[get("TABLE_NUMBER")],
                context.ns_numbers[get("NS_PAIR_NUMBER")],  # type: ignore[index]
                context.ew_numbers[get("EW_PAIR_NUMBER")],  # type: ignore[index]
                play[1],
                play[2],
                points[get(context.ns_tag)],
                points[get(context.ew_tag)],
                play[0],
                play[3],
                self.leads[get("LEAD")],
            )
        except KeyError:
            return None

    def lookups(
        self,
    ) -> tuple[
        dict[tuple[str | None, ...], tuple[Any, Any, Any, Any]],
        dict[str | None, float | None],
        dict[str | None, int],
        dict[str | None, int],
        dict[str | None, Card | None],
    ]:
        """What the lines taught, for :meth:`BoardReader.board` to build lines from: the
        plays (contract, declarer, score and tricks, by their texts), the points, rounds,
        tables and leads, each by its text."""
        return self.plays, self.points, self.rounds, self.tables, self.leads

    def learn(self, texts: dict[str, str | None], context: Context, line: BoardResult) -> None:
        """Remember what a line read without a problem gave for each of its texts."""
        get = texts.get
        key = (get("CONTRACT"), get("PLAYED_BY"), get("SCORE"), get("TRICKS"))
        self.plays[key] = (line.contract, line.ns_score, line.ew_score, line.tricks)
        self.points[get(context.ns_tag)] = line.ns_points
        self.points[get(context.ew_tag)] = line.ew_points
        self.rounds[get("ROUND_NUMBER")] = line.round
        self.tables[get("TABLE_NUMBER")] = line.table
        self.leads[get("LEAD")] = line.lead


def _seats(
    pair_number: Callable[[str], int], texts: Mapping[str, str | None], context: Context
) -> tuple[tuple[int, int, int, int], tuple[str, ...] | None]:
    """An individual event's four players (N, E, S, W), and their ids as written where
    the entries would give others."""
    written = [texts.get(tag) or "" for tag in SEAT_TAGS]
    n, e, s, w = (pair_number(text) if text else 0 for text in written)
    ids = context.ns_ids
    same = all(ids.get(p) == t for p, t in zip((n, e, s, w), written, strict=True))
    return (n, e, s, w), None if same else tuple(written)


def _table(whole: Callable[[str], int], text: str | None, kept: list[tuple[str, str]]) -> int:
    """TABLE_NUMBER: a number, or a table's name ("Green8", allowed), kept as written."""
    if text is None or not text.strip():
        return 0
    try:
        return whole(text)
    except V.Unreadable:
        kept.append(("TABLE_NUMBER", text))
        return 0


def _other_points(
    texts: Mapping[str, str | None], context: Context, kept: list[tuple[str, str]]
) -> tuple[str | None, str | None, str]:
    """The points of a line read child by child: of the event's kind if it has them, else of
    the first kind it has (that kind returned); points of any other kind are kept as written."""
    chosen = ""
    ns, ew = texts.get(context.ns_tag), texts.get(context.ew_tag)
    if ns is None and ew is None:
        for kind in _POINTS_ORDER:
            ns, ew = texts.get(f"NS_{kind}"), texts.get(f"EW_{kind}")
            if ns is not None or ew is not None:
                chosen = kind
                break
    mine = {f"NS_{chosen or context.points}", f"EW_{chosen or context.points}"}
    for tag, text in texts.items():
        if tag in POINT_TAGS and tag not in mine:
            kept.append((tag, text or ""))
    return ns, ew, chosen


_POINTS_ORDER = (
    "MATCH_POINTS",
    "BUTLER_POINTS",
    "CROSS_IMP_POINTS",
    "AGGREGATE_POINTS",
    "CROSS_IMPS_POINTS",
)


_PLAIN_ORDER = (
    "CONTRACT",
    "PLAYED_BY",
    "SCORE",
    "TRICKS",
    "ROUND_NUMBER",
    "TABLE_NUMBER",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
)


@functools.lru_cache(maxsize=64)
def _plain_texts(
    template: Template, ns_tag: str, ew_tag: str
) -> Callable[[re.Match[str]], tuple[str | None, ...]]:
    """The texts :meth:`BoardReader.board` builds a captured plain line from, in its order."""
    return template.getter((*_PLAIN_ORDER, ns_tag, ew_tag, "LEAD"))


def _tricks(text: str) -> int:
    return V.whole(text, highest=13)


def _cached(cache: dict[str, T], text: str, convert: Callable[[str], T]) -> T:
    found = cache.get(text)
    if found is None:
        found = cache[text] = convert(text)
    return found


def _board_number(text: str) -> int:
    return V.whole(text, lowest=1)


def _unknown_direction(problems: Problems, element: Element, direction: str) -> None:
    """A team's line whose DIRECTION names no direction: said at it (kept as written; the
    first team taken as N-S)."""
    child = next(element.iterchildren("DIRECTION"), None)
    where = place(child) if child is not None else place(element)
    taken = "the first team taken as sitting N-S"
    message = f"DIRECTION {direction!r}: expected {KNOWN}: {taken}"
    problems.add(where, message, kind="unreadable DIRECTION")


def _team_seats(teams: tuple[int, int], direction: str) -> tuple[int, int]:
    """N-S and E-W of a team match's line: the first team sat where DIRECTION says."""
    home, away = teams
    return (away, home) if direction_named(direction) is Direction.EW else (home, away)
