"""One board's tags read into a :class:`LinBoard`: its number and room, players, deal and
dealer, vulnerability, auction with alerts, play and claim. What a tag holds that cannot be
read is reported at the tag's place, and the rest of the board is read.

LIN's conventions: hands and names go South, West, North, East; ``md``'s leading digit is the
dealer (1 South, 2 West, 3 North, 4 East) and the fourth hand may be left out; ``sv`` is ``o``
(or ``0``, ``-``) none, ``n`` N-S, ``e`` E-W, ``b`` both.

>>> from bridgeio.formats.lin.tags import tags
>>> board = read_board(tags("qx|c3|md|2SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"
...                         "sv|e|mb|1S!|an|strong|mb|p|", "x.lin"), "x.lin")
>>> board.number, board.room, board.dealer, board.vulnerability, board.auction.explanations
(3, 'closed', <Seat.WEST: 3>, <Vulnerability.EW: 'EW'>, {0: 'strong'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from bridgeio.errors import report
from bridgeio.formats.lin.tags import Tag
from bridgeio.model.auction import Auction, Call
from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import RANKS, Card, Seat
from bridgeio.model.deals import NO_SEAT
from bridgeio.model.play import Play

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""Seats in LIN's order (hands, names; dealer digit 1-4)."""
_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_ROOMS = {"o": "open", "c": "closed"}
DISPLAY_TAGS = frozenset({"pg", "rh", "st", "sa", "sk", "at", "nt", "hc", "lb", "bt", "tu", "mn"})
"""Tags that only steer a viewer's display or hold commentary (page breaks, headings, text
shown, hands hidden): passed over as holding no board data; the commentary (``nt``, ``at``)
is counted in one warning a file."""


@dataclass
class LinBoard:
    """A board as its tags give it (None where they do not)."""

    place: str
    number: int | None = None
    room: str | None = None
    names: list[str] | None = None
    seats: np.ndarray | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    calls: list[Call] = field(default_factory=list)
    alerted: set[int] = field(default_factory=set)
    explanations: dict[int, str] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    claim: int | None = None
    unread: dict[str, list[str]] = field(default_factory=dict)

    @property
    def holds_board(self) -> bool:
        """Does it hold a board: a number, deal, call or card (not players' names alone)?"""
        return (
            self.number is not None
            or self.seats is not None
            or bool(self.calls or self.cards)
            or self.claim is not None
        )

    @property
    def auction(self) -> Auction | None:
        """The calls made, from the dealer (the board number's where ``md`` names none)."""
        dealer = self.dealer
        if dealer is None and self.number is not None:
            dealer = Seat((self.number - 1) % 4)
        if dealer is None or not self.calls and not self.explanations:
            return None
        return Auction(dealer, tuple(self.calls), frozenset(self.alerted), self.explanations)

    @property
    def play(self) -> Play | None:
        """The cards played and the claim, where there are any."""
        if not self.cards and self.claim is None:
            return None
        return Play(tuple(self.cards), self.claim)


def read_board(found: list[Tag], path: str) -> LinBoard:
    """A board from its tags; commentary and tags not read are listed in ``unread`` by name
    (the places), for the reader to report once a file."""
    board = LinBoard(found[0].place if found else "")
    for tag in found:
        handler = _HANDLERS.get(tag.name)
        if handler is not None:
            handler(board, tag, path)
        elif tag.name not in DISPLAY_TAGS or tag.name in ("nt", "at"):
            board.unread.setdefault(tag.name, []).append(tag.place)
    return board


def _number(board: LinBoard, tag: Tag, path: str) -> None:
    found = re.search(r"\d+", tag.value)
    if found is None or len(found.group()) > 6:
        report(path, tag.place, f"a board number, found {tag.value[:20]!r}: not read", "warning")
        return
    board.number = int(found.group())


def _qx(board: LinBoard, tag: Tag, path: str) -> None:
    label = tag.value.split(",", 1)[0].strip()
    board.room = _ROOMS.get(label[:1].lower())
    _number(board, tag._replace(value=label), path)


def _names(board: LinBoard, tag: Tag, path: str) -> None:
    board.names = [name.strip() for name in tag.value.split(",")]


def _vulnerability(board: LinBoard, tag: Tag, path: str) -> None:
    found = _VULNERABILITY.get(tag.value.strip().lower()[:1] or "o")
    if found is None:
        report(path, tag.place, f"o, n, e or b, found {tag.value[:10]!r}: not read", "error")
    board.vulnerability = found


def _deal(board: LinBoard, tag: Tag, path: str) -> None:
    value = tag.value.replace(" ", "")
    if value[:1] in "1234" and value[:1]:
        board.dealer = LIN_SEATS[int(value[0]) - 1]
        value = value[1:]
    try:
        board.seats = parse_hands(value)
    except ValueError as wrong:
        report(path, tag.place, f"a deal: {wrong}; the deal is not read", "error")
        return
    placed = int((board.seats != NO_SEAT).sum())
    if placed < 52:
        message = f"a deal of 52 cards, found {placed}: read as it is (the rest unplaced)"
        report(path, tag.place, message, "warning")


def parse_hands(value: str) -> np.ndarray:
    """The seat of each card from LIN's hands (South, West, North, East; each ``S...H...D...
    C...``, ranks in any order, ten ``T`` or ``10``), the fourth hand filled in where it is
    left out and the others hold 13 cards each; ``ValueError`` where a card is given twice,
    a hand holds more than 13, or a character is not a suit or a rank.

    >>> seats = parse_hands("S2,SA,SK,"); [Seat(seats[c]).char for c in (0, 1, 12)], int(seats[13])
    (['W', 'N', 'S'], 255)
    """
    seats = np.full(52, NO_SEAT, dtype=np.uint8)
    hands = value.upper().replace("10", "T").split(",")
    if len(hands) > 4 and any(h for h in hands[4:]):
        raise ValueError(f"four hands, found {len(hands)}")
    counts = [0, 0, 0, 0]
    for index, hand in enumerate(hands[:4]):
        suit = -1
        for char in hand:
            if char in "SHDC":
                suit = "SHDC".index(char)
            elif char in RANKS and suit >= 0:
                card = suit * 13 + RANKS.index(char)
                if seats[card] != NO_SEAT:
                    raise ValueError(f"{Card(card)} is given twice")
                seats[card] = LIN_SEATS[index]
                counts[index] += 1
            else:
                raise ValueError(f"a suit letter or a rank, found {char!r}")
        if counts[index] > 13:
            raise ValueError(f"13 cards a hand, found {counts[index]}")
    if counts[:3] == [13, 13, 13] and counts[3] == 0:
        seats[seats == NO_SEAT] = Seat.EAST
    return seats


def _call(board: LinBoard, tag: Tag, path: str) -> None:
    text = tag.value.strip()
    try:
        call = Call.parse(text)
    except ValueError:
        report(path, tag.place, f"a call, found {text[:10]!r}: not read", "error")
        return
    if text.endswith("!"):
        board.alerted.add(len(board.calls))
    board.calls.append(call)


def _alert(board: LinBoard, tag: Tag, path: str) -> None:
    if not board.calls:
        report(path, tag.place, "an explanation after a call: not read", "warning")
        return
    board.explanations[len(board.calls) - 1] = tag.value.strip()


_CARDS = {
    spelling: Card(suit * 13 + rank)
    for suit, letter in enumerate("SHDC")
    for rank, name in enumerate(RANKS)
    for spelling in {
        s + r
        for s in (letter, letter.lower())
        for r in (name, name.lower(), "10" if name == "T" else name)
    }
}
"""Each card by the spellings LIN files give it (``SA``, ``sA``, ``s10``, ``hq``)."""


def _card(board: LinBoard, tag: Tag, path: str) -> None:
    card = _CARDS.get(tag.value.strip())
    if card is None:
        found = tag.value.strip()[:10]
        report(path, tag.place, f"a card such as SA or H2, found {found!r}: not read", "error")
        return
    board.cards.append(card)


def _claim(board: LinBoard, tag: Tag, path: str) -> None:
    text = tag.value.strip()
    if not text.isdigit() or int(text) > 13:
        report(path, tag.place, f"a claim of 0-13 tricks, found {text[:10]!r}: not read", "error")
        return
    board.claim = int(text)


_HANDLERS = {
    "ah": _number,
    "qx": _qx,
    "pn": _names,
    "sv": _vulnerability,
    "md": _deal,
    "mb": _call,
    "an": _alert,
    "pc": _card,
    "mc": _claim,
}
