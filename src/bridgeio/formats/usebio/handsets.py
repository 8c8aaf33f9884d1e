"""HANDSET: the hand records some producers add (a USEBIO 1.0 element that 1.4 no longer
describes): each BOARD's four HANDs by DIRECTION and suit, read into a
:class:`~bridgeio.model.DealSet` and written back in the layout it had.

>>> from lxml import etree
>>> from bridgeio.formats.usebio.problems import Problems
>>> hands = HandsetReader(Problems("x.xml", report=False))
>>> board = etree.fromstring(
...     "<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>"
...     "<HAND><DIRECTION>North</DIRECTION><SPADES>AKQJT98765432</SPADES></HAND>"
...     "<HAND><DIRECTION>East</DIRECTION><HEARTS>AKQJT98765432</HEARTS></HAND>"
...     "<HAND><DIRECTION>South</DIRECTION><DIAMONDS>AKQJT98765432</DIAMONDS></HAND></BOARD>")
>>> hands.board(board)
>>> deals, layout = hands.finish(etree.Element("HANDSET"))
>>> deals.boards.tolist(), deals[0].hand(Seat.WEST), layout.seats
([3], '...AKQJT98765432', 'NES')
"""

from __future__ import annotations

import numpy as np
from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import kept_element
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.provenance import Handset
from bridgeio.model import DealSet, Seat, parse_pbn_deal

SUIT_TAGS = {"SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}
VOIDS = frozenset({"", "-", "--", "---", "\u2013", "\u2014", "VOID"})
"""How producers write a suit with no cards (upper case, spaces removed): PairsScorer and
EBUScore ``-``; others leave the element empty or out. Each is unambiguous: no rank reads so."""
SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


class HandsetReader:
    """Reads the boards of one HANDSET as the stream passes them, then the deal set."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.rows: list[np.ndarray] = []
        self.numbers: list[int] = []
        self.seats = ""
        self.suits = ""
        self.void = ""  # the first void's spelling, as written

    def board(self, element: Element) -> None:
        """One BOARD of the hand set: its deal, or a problem reported and the board left out."""
        hands: dict[Seat, str] = {}
        number = len(self.numbers) + 1
        for child in element:
            if child.tag == "BOARD_NUMBER":
                number = self._number(child, number)
            elif child.tag == "HAND":
                self._hand(child, hands)
        if not self.numbers and not self.seats:  # the layout, as the first board has it
            self.seats = "".join(seat.char for seat in hands)
        deal = "N:" + " ".join(hands.get(seat, "-") for seat in Seat)
        try:
            seats = parse_pbn_deal(deal)
        except ValueError as error:
            self.problems.add(
                place(element), f"the hands of a HANDSET board: {error}", kind="unreadable HAND"
            )
            return
        self.rows.append(seats)
        self.numbers.append(number)

    def _number(self, element: Element, default: int) -> int:
        try:
            return V.whole(element.text or "", lowest=0)
        except V.Unreadable as error:
            self.problems.add(
                place(element),
                f"BOARD_NUMBER {element.text!r}: expected {error.expected}",
                kind="unreadable BOARD_NUMBER",
            )
            return default

    def _hand(self, element: Element, hands: dict[Seat, str]) -> None:
        texts = {str(child.tag): (child.text or "").strip().upper() for child in element}
        try:
            seat = V.seat_value(texts.get("DIRECTION", ""))
        except V.Unreadable:
            self.problems.add(
                place(element),
                f"HAND's DIRECTION {texts.get('DIRECTION', '')!r}: expected North, East, "
                "South or West",
                kind="unreadable HAND",
            )
            return
        if seat in hands:
            self.problems.add(
                place(element), f"{SEAT_NAMES[seat]}'s HAND given twice", kind="unreadable HAND"
            )
            return
        hands[seat] = ".".join(self._holding(element, tag) for tag in SUIT_TAGS)
        if not self.suits:
            self.suits = "".join(SUIT_TAGS[tag] for tag in texts if tag in SUIT_TAGS)

    def _holding(self, hand: Element, tag: str) -> str:
        """A suit's cards as PBN ranks ('' for a void, however the producer spelled it)."""
        suit = hand.find(tag)
        written = "".join((suit.text or "").split()) if suit is not None else ""
        ranks = written.upper().replace("10", "T")
        if ranks not in VOIDS:
            return ranks
        if written and not self.void:
            self.void = written
        return ""

    def finish(self, element: Element) -> tuple[DealSet, Handset]:
        """The deals of the hand set the stream has passed, and its layout."""
        seats = np.array(self.rows, dtype=np.uint8).reshape(len(self.rows), 52)
        deals = DealSet(seats, boards=np.array(self.numbers, dtype=np.int64))
        deals.format = "usebio"
        others = tuple(kept_element(child) for child in element if child.tag != "BOARD")
        parent = element.getparent()
        layout = Handset(
            in_event=parent is not None and parent.tag == "EVENT",
            seats=self.seats or "ENSW",
            suits=self.suits if len(self.suits) == 4 else "SHDC",
            attributes=tuple(element.items()),
            elements=others,
            void=self.void,
        )
        return deals, layout


def handset_element(deals: DealSet, layout: Handset) -> Element:
    """A HANDSET of ``deals`` in ``layout`` (seats and suits in its order)."""
    element = etree.Element("HANDSET", dict(layout.attributes))
    for xml in layout.elements:
        element.append(etree.fromstring(xml))
    boards = deals.board_numbers()
    seat_order = [Seat.from_char(c) for c in layout.seats] or list(Seat)
    seat_order += [s for s in Seat if s not in seat_order]
    suit_tags = {letter: tag for tag, letter in SUIT_TAGS.items()}
    for index, deal in enumerate(deals):
        if deal.seats is None:  # no card known: no board to write
            continue
        board = etree.SubElement(element, "BOARD")
        etree.SubElement(board, "BOARD_NUMBER").text = str(int(boards[index]))
        for seat in seat_order:
            if not deal.cards(seat):  # not known: a HAND left out says so
                continue
            holding = dict(zip("SHDC", deal.hand(seat).split("."), strict=True))
            hand = etree.SubElement(board, "HAND")
            etree.SubElement(hand, "DIRECTION").text = SEAT_NAMES[seat]
            for letter in layout.suits:
                etree.SubElement(hand, suit_tags[letter]).text = holding[letter] or layout.void
    return element
