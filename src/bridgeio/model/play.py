"""The play of a board: cards in the order played, and a claim; the rules that go with it (a card
follows suit when it can, the highest trump or else the highest card of the suit led wins the
trick, its winner leads to the next, a claim sets declarer's tricks in all).

The hands are given as ``holder``: the :class:`~bridgeio.model.cards.Seat` number holding each
card 0-51 (a deal's ``seats`` row), so that the rules need no deal type.

>>> from bridgeio.model.contract import Contract
>>> play = Play(tuple(Card.from_text(c) for c in "SA S2 S3 S4 HK".split()), claim=9)
>>> [(t.leader.char, t.winner) for t in play.tricks(Seat.WEST, Strain.HEARTS)]
[('W', <Seat.WEST: 3>), ('W', None)]
>>> play.declarer_tricks(Contract.parse("4H", "S"))
9
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgeio.model.cards import Card, Seat, Strain
from bridgeio.model.contract import Contract


@dataclass(frozen=True)
class Trick:
    """Up to four cards from ``leader`` on; ``winner`` once the trick has four cards."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None


def winning_index(cards: Sequence[Card], trump: Strain | None) -> int:
    """Which of a trick's cards wins it (0 is the lead): the highest trump, else the highest
    card of the suit led (a lower card number is a higher rank).

    >>> winning_index([Card.from_text(c) for c in ("HK", "HA", "S2", "H3")], Strain.SPADES)
    2
    >>> winning_index([Card.from_text(c) for c in ("HK", "HA", "S2", "H3")], Strain.NOTRUMP)
    1
    """
    trump_suit = -1 if trump is None else int(trump)  # (NOTRUMP, 4, is no suit)
    best, top = 0, int(cards[0])
    for index in range(1, len(cards)):
        card = int(cards[index])
        if card // 13 == top // 13:
            if card < top:
                best, top = index, card
        elif card // 13 == trump_suit:
            best, top = index, card
    return best


@dataclass(frozen=True)
class Play:
    """The cards played, in order from the opening lead, and ``claim``: declarer's tricks in
    all where play stopped on a claim (or a concession), None where it did not.

    >>> Play(claim=10).claim, Play().cards
    (10, ())
    """

    cards: tuple[Card, ...] = ()
    claim: int | None = None

    def __post_init__(self) -> None:
        if self.claim is not None and not 0 <= self.claim <= 13:
            raise ValueError(f"a claim is of 0-13 tricks, not {self.claim}")

    def __deepcopy__(self, memo: dict[int, object]) -> Play:
        """The play itself: it is immutable (a copy of a document with thousands of plays
        would otherwise copy every card)."""
        return self

    @classmethod
    def parse(cls, texts: Sequence[str], claim: int | None = None) -> Play:
        """A play from cards as text (``"SA"``, ``"h2"``); ``ValueError`` for one that is not."""
        return cls(tuple(Card.from_text(t.strip()) for t in texts), claim)

    def tricks(self, leader: Seat, trump: Strain | None) -> list[Trick]:
        """The tricks, each led by the winner of the one before (the first by ``leader``)."""
        found = []
        for start in range(0, len(self.cards), 4):
            cards = self.cards[start : start + 4]
            winner = leader.next(winning_index(cards, trump)) if len(cards) == 4 else None
            found.append(Trick(leader, cards, winner))
            leader = winner if winner is not None else leader
        return found

    def won(self, contract: Contract) -> int:
        """The tricks declarer's side won in the whole tricks played."""
        declarer, strain = _declarer(contract)
        side = declarer % 2
        return sum(
            1
            for t in self.tricks(declarer.next(), strain)
            if t.winner is not None and t.winner % 2 == side
        )

    def declarer_tricks(self, contract: Contract) -> int | None:
        """Declarer's tricks in all: the claim where there is one, else those won in play when
        all 13 tricks were played; None for a play that stopped without a claim."""
        if self.claim is not None:
            return self.claim
        if len(self.cards) == 52:
            return self.won(contract)
        return None

    def problems(self, holder: Sequence[int], contract: Contract) -> list[tuple[int, str]]:
        """Where the play breaks the rules, as (card index, what is wrong): a card its player
        does not hold (or played before), a revoke (not following suit while holding it), a
        card after the thirteenth trick, a claim of fewer tricks than declarer had won or more
        than could still be won. Cards after a card not held are not judged.

        >>> from bridgeio.model.deals import parse_pbn_deal
        >>> holder = parse_pbn_deal("N:AKQJT98765432... .AKQJT98765432.. "
        ...                         "..AKQJT98765432. ...AKQJT98765432")
        >>> Play.parse(["HA", "S2"]).problems(holder, Contract.parse("1S", "N"))
        [(1, 'S2 is not a card of S (held by N)')]
        """
        declarer, strain = _declarer(contract)
        problems: list[tuple[int, str]] = []
        left = [Seat(s) if s < 4 else None for s in holder]
        played: set[int] = set()
        for number, trick in enumerate(self.tricks(declarer.next(), strain)):
            for offset, card in enumerate(trick.cards):
                index = 4 * number + offset
                seat = trick.leader.next(offset)
                if index >= 52:
                    return problems + [(index, f"{card} after the thirteenth trick")]
                lead = trick.cards[0] if offset else None
                wrong = _card_problem(left, played, seat, card, lead)
                if wrong is not None:
                    problems.append((index, wrong))
                    if left[card] is not seat:
                        return problems
                left[card] = None
                played.add(card)
        return problems + self._claim_problems(contract)

    def _claim_problems(self, contract: Contract) -> list[tuple[int, str]]:
        if self.claim is None:
            return []
        whole = len(self.cards) // 4
        won = self.won(contract)
        if not won <= self.claim <= won + 13 - whole:
            return [
                (
                    len(self.cards),
                    f"a claim of {self.claim} tricks after {whole} tricks, {won} of them "
                    f"declarer's: {won}-{won + 13 - whole} can be claimed",
                )
            ]
        return []


def _declarer(contract: Contract) -> tuple[Seat, Strain]:
    if contract.declarer is None or contract.strain is None:
        raise ValueError(f"{contract.text}: a play needs a contract with a declarer")
    return contract.declarer, contract.strain


def _card_problem(
    left: list[Seat | None], played: set[int], seat: Seat, card: Card, lead: Card | None
) -> str | None:
    """What is wrong with ``seat`` playing ``card`` when ``left`` says who still holds each
    card and ``played`` which were played (``lead``: the trick's first card, None for a
    lead)."""
    holder = left[card]
    if holder is not seat:
        where = f"held by {holder.char}" if holder is not None else "not in the deal"
        where = "played before" if card in played else where
        return f"{card} is not a card of {seat.char} ({where})"
    if lead is not None and card.suit != lead.suit:
        held = [c for c in range(lead.suit * 13, lead.suit * 13 + 13) if left[c] is seat]
        if held:
            return f"a revoke: {seat.char} plays {card} on {lead} led, holding {Card(held[0])}"
    return None
