"""The rows of the ``calls`` and ``cards`` tables: every call of a line's auction and every
card of its play, keyed as the line's ``results`` row is (with its ``room``).

A card's seat follows from the contract: declarer's left-hand opponent leads, each trick's
winner leads the next (the trump suit decides). Without a declared contract the cards are
still rows, their seats null. ``dd_cost`` stays null: solving the play is ``--solve``'s.

>>> from bridgeio.model.auction import Auction
>>> from bridgeio.model.cards import Seat
>>> from bridgeio.model.contract import Contract
>>> from bridgeio.model.play import Play
>>> from bridgeio.model.results import Board, BoardResult
>>> line = BoardResult(1, 2, 3, 4, auction=Auction.parse(Seat.NORTH, "1S P 2S! P P P".split(),
...                    {2: "weak"}), play=Play.parse("HA H2 H3 H4 SA".split()),
...                    contract=Contract.parse("2S", "N"), room="open")
>>> calls, cards = [], []
>>> play_rows((0, 1, "A"), [Board(7, [line])], calls, cards)
>>> calls[2][6:], cards[4][6:]
(('open', 2, 'S', '2S', 'weak'), ('open', 2, 1, 'E', 'SA', None))
"""

from __future__ import annotations

from typing import Any

from bridgeio.model.auction import Auction, Call
from bridgeio.model.cards import Card
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play, winning_index
from bridgeio.model.results import Board

_SEATS = "NESW"
_CARDS = tuple(str(Card(number)) for number in range(52))
_CALLS = tuple(Call(number).text for number in range(38))


def play_rows(
    keys: tuple[int, int, str],
    boards: list[Board],
    calls: list[tuple[Any, ...]],
    cards: list[tuple[Any, ...]],
) -> None:
    """Add to ``calls`` and ``cards`` the rows of every line of ``boards`` that has an
    auction or a play."""
    for board in boards:
        for line in board.results:
            if line.auction is None and line.play is None:
                continue
            place = (*keys, board.number, line.round or None, line.table or None, line.room)
            if line.auction is not None:
                calls.extend(call_rows(place, line.auction))
            if line.play is not None:
                cards.extend(card_rows(place, line.play, line.contract))


def call_rows(place: tuple[Any, ...], auction: Auction) -> list[tuple[Any, ...]]:
    """One row a call: its index from 0 (the dealer's), seat, call, and its alert: the
    explanation, ``""`` for an alert without one, null for a call not alerted."""
    dealer = int(auction.dealer)
    explained = auction.explanations
    alerted = auction.alerted
    rows = []
    for index, call in enumerate(auction.calls):
        alert = explained.get(index)
        if alert is None and index in alerted:
            alert = ""
        rows.append((*place, index, _SEATS[(dealer + index) % 4], _CALLS[call], alert))
    return rows


def card_rows(
    place: tuple[Any, ...], play: Play, contract: Contract | None
) -> list[tuple[Any, ...]]:
    """One row a card: its trick and place in the trick (both from 1), who played it, the
    card, and its cost (null: not solved)."""
    if contract is None or contract.declarer is None or contract.strain is None:
        return [
            (*place, index // 4 + 1, index % 4 + 1, None, _CARDS[card], None)
            for index, card in enumerate(play.cards)
        ]
    rows = []
    cards, trump = play.cards, contract.strain
    leader = (int(contract.declarer) + 1) % 4
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        number = start // 4 + 1
        for offset, card in enumerate(trick):
            rows.append(
                (*place, number, offset + 1, _SEATS[(leader + offset) % 4], _CARDS[card], None)
            )
        if len(trick) == 4:  # its winner leads the next (Play.tricks' rule, without its objects)
            leader = (leader + winning_index(trick, trump)) % 4
    return rows
