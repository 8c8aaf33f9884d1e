"""A board's hands as the recap shows them: the diagram with high-card points, dealer and
vulnerability, and where double-dummy tricks are known the makeable contracts and par.

>>> from bridgeio.model.deals import Deal, DealSet
>>> deal = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
>>> hands = Hands.of(DealSet.from_deals([deal]))
>>> one = hands.board(1)
>>> one.dealer, one.vulnerability, [h.hcp for h in one.hands], one.hands[0].suits[0]
('North', 'None', [7, 7, 12, 14], ('S', 'Q J 6'))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bridgeio.model.board import BY_CODE, Vulnerability, dealer, vulnerability
from bridgeio.model.cards import RANKS, Seat, Strain
from bridgeio.model.deals import NO_SEAT, DealSet, board_deals
from bridgeio.model.par import Par
from bridgeio.recap.text import SEAT_NAMES, ContractText, contract_text

_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "N-S",
    Vulnerability.EW: "E-W",
    Vulnerability.BOTH: "Both",
}
_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


@dataclass
class Hand:
    """One seat's cards: ``suits`` as (suit letter, ranks spaced for reading, ``""`` for a
    void), and its high-card points."""

    seat: str
    suits: list[tuple[str, str]]
    hcp: int


@dataclass
class BoardHands:
    """What a board's number and hand record say: dealer, vulnerability, the four hands (N, E,
    S, W; none without a complete deal), the makeable contracts (level by strain NT S H D C
    for N, S, E, W; ``"–"`` for none, ``"?"`` unknown) and par."""

    number: int
    dealer: str
    vulnerability: str
    hands: list[Hand]
    makeable: list[tuple[str, list[str]]] | None = None
    par_score: str = ""
    par_contracts: list[tuple[ContractText, str]] | None = None
    dealt_again: bool = False  # the number was dealt again with other cards: no hands shown

    @property
    def strains(self) -> list[str]:
        """The makeable table's column heads."""
        return [s.text if s is not Strain.NOTRUMP else "NT" for s in _STRAINS]


class Hands:
    """A hand record found by board number."""

    def __init__(self, deals: DealSet | None) -> None:
        self.deals = deals
        self.rows: dict[int, int] = {}
        self.stated: dict[int, tuple[Seat, Vulnerability]] = {}  # (as the hand record says)
        self.dealt_again: set[int] = set()  # numbers of several deals: no hands shown
        if deals is not None and deals.seats is not None:
            numbers = deals.board_numbers()
            dealers, vulnerable = deals.dealers(numbers), deals.vulnerabilities(numbers)
            # a number dealt again with the hands placed otherwise (sessions numbering boards
            # from 1) shows no hands: one diagram cannot be every line's deal
            grouped = board_deals(deals)
            self.rows = {n: rows[0] for n, rows in grouped.items() if len(rows) == 1}
            self.dealt_again = {n for n, rows in grouped.items() if len(rows) > 1}
            for number, row in self.rows.items():
                self.stated[number] = (Seat(int(dealers[row])), BY_CODE[vulnerable[row]])

    @classmethod
    def of(cls, deals: DealSet | None) -> Hands:
        """The hands of a deal set (rows numbered from 1 when it has no board numbers)."""
        return cls(deals)

    def board(self, number: int) -> BoardHands:
        """Board ``number``: its dealer and vulnerability always; hands when the record holds
        the whole deal, or an ending (as many cards in each hand: a problem's diagram);
        makeable contracts and par when its tricks are known."""
        seat, vulnerable = self.stated.get(number, (dealer(number), vulnerability(number)))
        found = BoardHands(number, SEAT_NAMES[seat.char], _VULNERABLE[vulnerable], [])
        row = self.rows.get(number)
        if row is None or self.deals is None or self.deals.seats is None:
            found.dealt_again = number in self.dealt_again
            return found
        seats = self.deals.seats[row]
        if (seats == NO_SEAT).any():
            held = np.bincount(seats[seats != NO_SEAT], minlength=4)
            if held[0] and (held == held[0]).all():  # an ending: its hands, nothing solved
                found.hands = [_hand(seats, seat) for seat in Seat]
            return found
        found.hands = [_hand(seats, seat) for seat in Seat]
        if self.deals.tricks is not None:
            _double_dummy(found, self.deals.tricks[row], seat, vulnerable)
        return found


def _hand(seats: np.ndarray, seat: Seat) -> Hand:
    suits = []
    hcp = 0
    for suit in range(4):
        ranks = [RANKS[i] for i in range(13) if seats[suit * 13 + i] == seat]
        hcp += sum(_HCP.get(r, 0) for r in ranks)
        suits.append(("SHDC"[suit], " ".join("10" if r == "T" else r for r in ranks)))
    return Hand(SEAT_NAMES[seat.char], suits, hcp)


def _double_dummy(
    found: BoardHands, tricks: np.ndarray, seat: Seat, vulnerable: Vulnerability
) -> None:
    if (tricks > 13).all():
        return
    found.makeable = [
        (SEAT_NAMES[seat.char], [_level(int(tricks[strain, seat])) for strain in _STRAINS])
        for seat in _DD_SEATS
    ]
    par = Par.of(tricks, seat, vulnerable)
    if par is None:
        return
    side = "N-S" if par.score >= 0 else "E-W"
    found.par_score = "0" if par.score == 0 else f"{side} {abs(par.score)}"
    found.par_contracts = []
    for one in par.contracts:
        shown = contract_text(one.contract)
        if shown is not None:
            found.par_contracts.append((shown, one.side))


def _level(tricks: int) -> str:
    if tricks > 13:
        return "?"
    return str(tricks - 6) if tricks >= 7 else "–"
