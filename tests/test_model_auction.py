"""The rules of auctions and play (model/auction.py, model/play.py), as properties: every
auction made of legal calls is legal and names the contract of its last bid; every illegal
call is found where it is; every play that follows suit is legal, its tricks add up and each
trick is won by the card the rules name; a card not held or a revoke is found where it is."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeio.model.auction import DOUBLE, PASS, REDOUBLE, Auction, Call
from bridgeio.model.cards import Card, Seat, Strain
from bridgeio.model.contract import Contract, Doubling
from bridgeio.model.play import Play, winning_index

SEATS = st.sampled_from(list(Seat))


@st.composite
def legal_auctions(draw: st.DrawFn) -> Auction:
    """An auction of legal calls, complete or not, each drawn from the legal ones."""
    auction = Auction(draw(SEATS))
    for _ in range(draw(st.integers(0, 40))):
        legal = auction.legal_calls()
        if not legal:
            break
        # mostly passes and low bids, so that auctions also end
        weights = st.sampled_from(legal[: 1 + draw(st.integers(0, 4))])
        auction = Auction(auction.dealer, (*auction.calls, draw(weights)))
    return auction


@given(legal_auctions())
def test_legal_calls_make_a_legal_auction(auction: Auction) -> None:
    assert auction.problems() == []
    contract = auction.contract()
    assert (contract is None) == (not auction.complete)
    bids = [(i, c) for i, c in enumerate(auction.calls) if c.is_bid]
    if contract is None:
        return
    if not bids:
        assert contract.passed_out and auction.calls == (PASS,) * 4
        return
    last_index, last = bids[-1]
    assert (contract.level, contract.strain) == (last.level, last.strain)
    assert contract.declarer is not None
    assert contract.declarer % 2 == auction.seat(last_index) % 2  # the side of the last bid
    firsts = [i for i, c in bids if c.strain is last.strain and i % 2 == last_index % 2]
    assert contract.declarer is auction.seat(firsts[0])
    after = auction.calls[last_index + 1 :]
    doubling = Doubling.REDOUBLED if REDOUBLE in after else Doubling(DOUBLE in after)
    assert contract.doubling is doubling
    assert auction.calls[-3:] == (PASS,) * 3


@given(legal_auctions(), st.integers(0, 37))
def test_an_illegal_call_is_found_where_it_is(auction: Auction, number: int) -> None:
    call = Call(number)
    longer = Auction(auction.dealer, (*auction.calls, call))
    if call in auction.legal_calls():
        assert longer.problems() == []
    else:
        assert [index for index, _ in longer.problems()] == [len(auction.calls)]


@given(legal_auctions())
def test_texts_read_back(auction: Auction) -> None:
    alerted = frozenset(i for i in range(len(auction.calls)) if i % 3 == 1)
    marked = Auction(auction.dealer, auction.calls, alerted)
    assert Auction.parse(auction.dealer, marked.texts()) == marked


def test_the_rules_of_doubles() -> None:
    def problems(text: str) -> list[int]:
        return [i for i, _ in Auction.parse(Seat.NORTH, text.split()).problems()]

    assert problems("X") == [0]  # nothing to double
    assert problems("1C X XX X") == [3]  # a redoubled bid is not doubled again
    assert problems("1C X P XX") == [3]  # not the doublers' side
    assert problems("1C X P P XX") == []  # the doubled side, two passes later
    assert problems("1C P P X") == []  # in the pass-out seat
    assert problems("1C XX") == [1]
    assert problems("1C P P P P") == [4]
    assert Auction.parse(Seat.WEST, "P P P".split()).contract() is None


# ------------------------------------------------------------------------------- play


@st.composite
def legal_plays(draw: st.DrawFn) -> tuple[np.ndarray, Contract, Play]:
    """A random deal, a contract, and a play that follows suit whenever it can."""
    order = draw(st.permutations(range(52)))
    holder = np.zeros(52, dtype=np.uint8)
    for position, card in enumerate(order):
        holder[card] = position // 13
    strain = draw(st.sampled_from(list(Strain)))
    contract = Contract(draw(st.integers(1, 7)), strain, declarer=draw(SEATS))
    hands = {s: [Card(c) for c in range(52) if holder[c] == s] for s in Seat}
    cards: list[Card] = []
    assert contract.declarer is not None
    leader = contract.declarer.next()
    for _ in range(draw(st.integers(0, 13))):
        trick: list[Card] = []
        for offset in range(4):
            hand = hands[leader.next(offset)]
            following = [c for c in hand if trick and c.suit == trick[0].suit]
            card = draw(st.sampled_from(following or hand))
            hand.remove(card)
            trick.append(card)
        cards += trick
        leader = leader.next(winning_index(trick, strain))
    return holder, contract, Play(tuple(cards))


@settings(max_examples=60)
@given(legal_plays())
def test_a_play_that_follows_suit_is_legal(drawn: tuple[np.ndarray, Contract, Play]) -> None:
    holder, contract, play = drawn
    assert play.problems(holder, contract) == []
    assert contract.declarer is not None and contract.strain is not None
    tricks = play.tricks(contract.declarer.next(), contract.strain)
    assert len(tricks) == len(play.cards) // 4
    for before, after in zip(tricks, tricks[1:], strict=False):
        assert after.leader is before.winner
    for trick in tricks:  # the winner, found another way: the best by (trump, led suit, rank)
        best = max(range(4), key=lambda i: _strength(trick.cards[i], trick.cards[0], contract))
        assert trick.winner is trick.leader.next(best)
    won = play.won(contract)
    assert 0 <= won <= len(tricks)
    if len(play.cards) == 52:
        assert play.declarer_tricks(contract) == won
    else:
        assert play.declarer_tricks(contract) is None
        claimed = Play(play.cards, claim=won)
        assert claimed.declarer_tricks(contract) == won
        assert claimed.problems(holder, contract) == []
        if won + 14 - len(tricks) <= 13:  # (a claim of 14 is no claim at all)
            too_many = Play(play.cards, claim=won + 14 - len(tricks))
            assert [i for i, _ in too_many.problems(holder, contract)] == [len(play.cards)]


def _strength(card: Card, lead: Card, contract: Contract) -> tuple[bool, bool, int]:
    """How strong a card is in a trick: a trump, then of the suit led, then by rank."""
    trump = contract.strain is not Strain.NOTRUMP and int(card.suit) == int(contract.strain or 0)
    return trump, card.suit == lead.suit, -int(card)


@settings(max_examples=60)
@given(legal_plays(), st.integers(0, 51))
def test_a_card_not_held_is_found(drawn: tuple[np.ndarray, Contract, Play], at: int) -> None:
    holder, contract, play = drawn
    if not play.cards:
        return
    at %= len(play.cards)
    seat = holder[play.cards[at]]
    stranger = next(c for c in range(52) if holder[c] != seat)
    cards = (*play.cards[:at], Card(stranger), *play.cards[at + 1 :])
    found = Play(cards).problems(holder, contract)
    assert found and found[0][0] <= at  # (a revoke before it, where the swap made one)
    assert any(index == at for index, _ in found)


def test_a_revoke_is_found() -> None:
    holder = np.array([c // 13 for c in range(52)], dtype=np.uint8)  # N spades, E hearts ...
    holder[0], holder[13] = 1, 0  # N holds the HA, E the SA
    play = Play.parse(["HA", "SA", "D2", "C2"])  # N leads; E holds hearts but plays the SA
    problems = play.problems(holder, Contract.parse("1NT", "W"))
    assert problems == [(1, "a revoke: E plays SA on HA led, holding HK")]
