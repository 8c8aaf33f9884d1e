"""One board's tags read into a :class:`LinBoard`: its number and room, players, deal and
dealer, vulnerability, auction with alerts, play and claim. What a tag holds that cannot be
read is reported at the tag's place, and the rest of the board is read.

LIN's conventions: hands and names go South, West, North, East; ``md``'s leading digit is the
dealer (1 South, 2 West, 3 North, 4 East) and the fourth hand may be left out; ``sv`` is ``o``
(or ``0``, ``-``) none, ``n`` N-S, ``e`` E-W, ``b`` both.

A file's boards are read in one pass over its tags, a card or a call by a table lookup; the
deals of all its boards are read at once (:mod:`.hands`).

>>> from bridgeio.formats.lin.tags import Tags
>>> found = Tags("qx|c3|md|2SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"
...              "sv|e|mb|1S!|an|strong|mb|p|", "x.lin")
>>> board = read_board(found, 0, len(found))
>>> board.number, board.room, board.dealer, board.vulnerability, board.auction.explanations
(3, 'closed', <Seat.WEST: 3>, <Vulnerability.EW: 'EW'>, {0: 'strong'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from bridgeio.errors import report
from bridgeio.formats.lin.tags import Tags
from bridgeio.model.auction import Auction, Call
from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import RANKS, Card, Seat
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
DISPLAY_TAGS = frozenset(
    {"pg", "rh", "st", "sa", "sk", "at", "nt", "hc", "lb", "bt", "tu", "mn", "cr", "cg", "cb", "cs"}
)
"""Tags that only steer a viewer's display or hold commentary (page breaks, headings, text
shown, hands hidden, a teaching file's colours): passed over as holding no board data; the
commentary (``nt``, ``at``) is counted in one warning a file."""
_PASSED_OVER = DISPLAY_TAGS - {"nt", "at"}


@dataclass
class LinBoard:
    """A board as its tags give it (None where they do not), from tag ``first`` of ``tags``.
    ``deal`` is ``md``'s hands as written (the dealer digit taken off) until the file's deals
    are read into ``seats``."""

    tags: Tags
    first: int
    number: int | None = None
    room: str | None = None
    label: str = ""  # qx's letter (o, c: the room) in lower case
    names: list[str] | None = None
    deal: tuple[int, str] | None = None  # (the md tag's index, its hands)
    seats: np.ndarray | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    calls: list[Call] = field(default_factory=list)
    alerted: set[int] = field(default_factory=set)
    explanations: dict[int, str] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    claim: int | None = None
    unread: dict[str, list[int]] = field(default_factory=dict)

    @property
    def place(self) -> str:
        """Where the board starts in the file, for a message."""
        return self.tags.place(self.first) if len(self.tags) else "line 1, column 1"

    @property
    def holds_board(self) -> bool:
        """Does it hold a board: a number, deal, call or card (not players' names alone)?"""
        return (
            self.number is not None
            or self.deal is not None
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


def read_board(found: Tags, start: int, end: int) -> LinBoard:
    """A board from tags ``start`` to ``end`` (left out); commentary and tags not read are
    listed in ``unread`` by name (their indices), for the reader to report once a file."""
    board = LinBoard(found, start)
    names, values = found.names, found.values
    cards, calls = board.cards, board.calls
    for index in range(start, end):
        name = names[index]
        if name == "pc":
            card = _CARDS.get(values[index])
            if card is None:
                _bad_card(board, index)
            else:
                cards.append(card)
        elif name == "mb":
            known = _CALLS.get(values[index])
            if known is None:
                _call(board, index)
            else:
                if known[1]:
                    board.alerted.add(len(calls))
                calls.append(known[0])
        elif name not in _PASSED_OVER:
            handler = _HANDLERS.get(name)
            if handler is not None:
                handler(board, index)
            else:
                board.unread.setdefault(name, []).append(index)
    return board


def _report(board: LinBoard, index: int, message: str, level: str = "error") -> None:
    report(board.tags.path, board.tags.place(index), message, level)  # type: ignore[arg-type]


def _number(board: LinBoard, index: int, value: str | None = None) -> None:
    text = board.tags.values[index] if value is None else value
    found = re.search(r"\d+", text)
    if found is None or len(found.group()) > 6:
        _report(board, index, f"a board number, found {text[:20]!r}: not read", "warning")
        return
    board.number = int(found.group())


_BOARD_HEADING = re.compile(r"\s*(?:[^\W\d_]+\.?\s*)?#?\s*(\d{1,6})\s*")


def _heading(board: LinBoard, index: int) -> None:
    """``ah``: BBO's heading, ``Board 12`` (in any language: a word and the number); other
    headings (a teaching file's ``Your goal: take 5 tricks``) are text, counted unread."""
    found = _BOARD_HEADING.fullmatch(board.tags.values[index])
    if found is None:
        board.unread.setdefault("ah", []).append(index)
    else:
        board.number = int(found.group(1))


def _qx(board: LinBoard, index: int) -> None:
    label = board.tags.values[index].split(",", 1)[0].strip()
    board.label = label[:1].lower() if label[:1].isalpha() else ""
    board.room = _ROOMS.get(board.label)
    _number(board, index, label)


def _names(board: LinBoard, index: int) -> None:
    board.names = [name.strip() for name in board.tags.values[index].split(",")]


def _vulnerability(board: LinBoard, index: int) -> None:
    value = board.tags.values[index]
    found = _VULNERABILITY.get(value.lower()[:1] or "o")
    if found is None:
        _report(board, index, f"o, n, e or b, found {value[:10]!r}: not read")
    board.vulnerability = found


def _deal(board: LinBoard, index: int) -> None:
    value = board.tags.values[index].replace(" ", "")
    if value[:1] in "1234" and value[:1]:
        board.dealer = LIN_SEATS[int(value[0]) - 1]
        value = value[1:]
    if not value.strip(","):  # md|3|: the dealer alone, no cards
        return
    board.deal = (index, value)
    board.seats = None  # (another md's, read before)


def _call(board: LinBoard, index: int) -> None:
    """A call spelt otherwise than :data:`_CALLS` has it (``Pass``, ``1NT!``), calls run
    together (``1nppp``, as a teaching file writes a whole auction), or not a call."""
    text = board.tags.values[index]
    try:
        call = Call.parse(text)
    except ValueError:
        calls = _run_together(text)
        if calls is None:
            _report(board, index, f"a call, found {text[:10]!r}: not read")
            return
        board.unread.setdefault("mb run together", []).append(index)
        board.calls.extend(calls)
        return
    if text.endswith("!"):
        board.alerted.add(len(board.calls))
    board.calls.append(call)


_RUN_TOGETHER = re.compile(r"(?:[1-7](?:nt|[cdhsn])|xx|[pdrx])+", re.IGNORECASE)
_ONE_CALL = re.compile(r"[1-7](?:nt|[cdhsn])|xx|[pdrx]", re.IGNORECASE)


def _run_together(text: str) -> list[Call] | None:
    """Calls written without a tag between them, split one by one: a level takes the strain
    after it (so ``1d`` is one diamond, a ``d`` alone a double); None if it is not that.

    >>> [c.text for c in _run_together("1nppp")], _run_together("1z")
    (['1NT', 'P', 'P', 'P'], None)
    """
    if _RUN_TOGETHER.fullmatch(text) is None:
        return None
    return [_CALLS[found.group().lower()][0] for found in _ONE_CALL.finditer(text)]


def _alert(board: LinBoard, index: int) -> None:
    if not board.calls:
        _report(board, index, "an explanation after a call: not read", "warning")
        return
    board.explanations[len(board.calls) - 1] = board.tags.values[index]


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


def _calls() -> dict[str, tuple[Call, bool]]:
    """Each call by the spellings BBO writes (``p``, ``d``, ``r``, ``1N``, ``3s``; ``!`` an
    alert), in either case: the call and whether it is alerted."""
    texts = ["p", "d", "r", "x", "xx", "pass"]
    texts += [
        f"{level}{strain}" for level in "1234567" for strain in ("c", "d", "h", "s", "n", "nt")
    ]
    found: dict[str, tuple[Call, bool]] = {}
    for text in texts:
        for spelling in (text, text.upper()):
            found[spelling] = (Call.parse(text), False)
            found[spelling + "!"] = (Call.parse(text), True)
    return found


_CALLS = _calls()


def _bad_card(board: LinBoard, index: int) -> None:
    found = board.tags.values[index][:10]
    _report(board, index, f"a card such as SA or H2, found {found!r}: not read")


def _claim(board: LinBoard, index: int) -> None:
    text = board.tags.values[index]
    if not text.isdigit() or int(text) > 13:
        _report(board, index, f"a claim of 0-13 tricks, found {text[:10]!r}: not read")
        return
    board.claim = int(text)


_HANDLERS = {
    "ah": _heading,
    "qx": _qx,
    "pn": _names,
    "sv": _vulnerability,
    "md": _deal,
    "an": _alert,
    "mc": _claim,
}
