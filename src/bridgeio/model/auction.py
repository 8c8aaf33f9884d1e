"""Auctions: calls (pass, double, redouble, bids) from the dealer, their alerts, and the rules
that make an auction legal and name its contract (Laws 18-22 of the Laws of Duplicate Bridge).

A :class:`Call` is a number, as a :class:`~bridgeio.model.cards.Card` is: 0 pass, 1 double,
2 redouble, then the 35 bids from 1C up (``3 + 5 * (level - 1) + rank``, clubs 0 ... notrump
4), so that a bid is sufficient when its number is higher.

>>> auction = Auction.parse(Seat.NORTH, "1S P 2S! P P P".split())
>>> auction.complete, auction.contract(), auction.problems()
(True, Contract('2S', declarer='N'), [])
>>> [str(c) for c in auction.calls], sorted(auction.alerted)
(['1S', 'P', '2S', 'P', 'P', 'P'], [2])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bridgeio.model.cards import Seat, Strain
from bridgeio.model.contract import Contract, Doubling

_BID_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
"""Strains from the lowest, as bids rank them."""
_STRAIN_LETTERS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
_STRAIN_LETTERS |= {"N": Strain.NOTRUMP, "NT": Strain.NOTRUMP, "SA": Strain.NOTRUMP}
_SPELLINGS = {
    "P": 0,
    "PASS": 0,
    "AP": 0,
    "X": 1,
    "D": 1,
    "DBL": 1,
    "DOUBLE": 1,
    "XX": 2,
    "R": 2,
    "RDBL": 2,
    "REDOUBLE": 2,
}


class Call(int):
    """One call: pass, double, redouble or a bid, as its number (see the module).

    >>> Call.parse("1nt"), Call.parse("d"), Call.bid(7, Strain.CLUBS).level
    (Call('1NT'), Call('X'), 7)
    >>> Call.parse("2H") > Call.parse("2D"), Call.parse("XX").is_bid
    (True, False)
    """

    def __new__(cls, number: int) -> Call:
        if not 0 <= number < 38:
            raise ValueError(f"call number out of range: {number}")
        return super().__new__(cls, number)

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        """The bid of ``level`` (1-7) in ``strain``."""
        if not 1 <= level <= 7:
            raise ValueError(f"a bid's level is 1-7, not {level}")
        return cls(3 + 5 * (level - 1) + _BID_ORDER.index(strain))

    @classmethod
    def parse(cls, text: str) -> Call:
        """A call from the spellings files use (``P``, ``pass``, ``X``, ``d``, ``XX``, ``r``,
        ``1NT``, ``1N``, ``3s``), any case, an alert's ``!`` left off; ``ValueError`` else.

        >>> Call.parse("Pass"), Call.parse("r"), Call.parse("4s!")
        (Call('P'), Call('XX'), Call('4S'))
        >>> Call.parse("8C")
        Traceback (most recent call last):
        ValueError: not a call: '8C'
        """
        key = text.strip().rstrip("!").strip().upper()
        if key in _SPELLINGS:
            return cls(_SPELLINGS[key])
        if len(key) >= 2 and key[0] in "1234567" and key[1:] in _STRAIN_LETTERS:
            return cls.bid(int(key[0]), _STRAIN_LETTERS[key[1:]])
        raise ValueError(f"not a call: {text!r}")

    @property
    def is_bid(self) -> bool:
        """A bid (a level and a strain), not pass, double or redouble."""
        return self >= 3

    @property
    def level(self) -> int:
        """A bid's level 1-7; 0 for pass, double and redouble."""
        return (self - 3) // 5 + 1 if self >= 3 else 0

    @property
    def strain(self) -> Strain | None:
        """A bid's strain; None for pass, double and redouble."""
        return _BID_ORDER[(self - 3) % 5] if self >= 3 else None

    @property
    def text(self) -> str:
        """``P``, ``X``, ``XX`` or level and strain (``1NT``, ``4S``): the canonical JSON's."""
        if self < 3:
            return ("P", "X", "XX")[self]
        assert self.strain is not None
        return f"{self.level}{self.strain.text}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Call({self.text!r})"


PASS, DOUBLE, REDOUBLE = Call(0), Call(1), Call(2)


@dataclass(frozen=True)
class Auction:
    """The calls of a board from ``dealer`` on, which are alerted (by their index from 0),
    and what the alerts say (by index; an explanation may come without an alert mark).

    Nothing is checked when an auction is made (files hold illegal ones):
    :meth:`problems` says where it breaks the rules, :meth:`contract` what it names.

    >>> a = Auction(Seat.EAST, (Call.parse("1H"), DOUBLE, REDOUBLE), explanations={1: "t/o"})
    >>> a.seat(2), a.complete, [str(c) for c in a.legal_calls()][:4]
    (<Seat.WEST: 3>, False, ['P', '1S', '1NT', '2C'])
    """

    dealer: Seat
    calls: tuple[Call, ...] = ()
    alerted: frozenset[int] = frozenset()
    explanations: Mapping[int, str] = field(default_factory=dict, hash=False)

    @classmethod
    def parse(
        cls, dealer: Seat, texts: Iterable[str], explanations: Mapping[int, str] | None = None
    ) -> Auction:
        """An auction from calls as text (``"2S!"``: alerted); ``ValueError`` for a text that
        is not a call."""
        texts = list(texts)
        return cls(
            dealer,
            tuple(Call.parse(t) for t in texts),
            frozenset(i for i, t in enumerate(texts) if t.strip().endswith("!")),
            dict(explanations or {}),
        )

    def texts(self) -> list[str]:
        """The calls as the canonical JSON writes them: an alerted call ends in ``!``."""
        return [c.text + ("!" if i in self.alerted else "") for i, c in enumerate(self.calls)]

    def seat(self, index: int) -> Seat:
        """Who makes call ``index`` (the dealer makes call 0)."""
        return self.dealer.next(index)

    @property
    def complete(self) -> bool:
        """Has the auction ended: three passes after a bid, or four passes?

        >>> Auction(Seat.NORTH, (PASS,) * 4).complete, Auction(Seat.NORTH, (PASS,) * 3).complete
        (True, False)
        """
        return _ended(self.calls) is not None

    def legal_calls(self) -> list[Call]:
        """The calls the next player may make (none once the auction has ended)."""
        if self.complete:
            return []
        state = _State.after(self.calls)
        return [Call(n) for n in range(38) if state.problem(Call(n), len(self.calls)) is None]

    def problems(self) -> list[tuple[int, str]]:
        """Where the auction breaks the rules: (call index, what is wrong), the first illegal
        call only (the ones after it are not judged), or a call after the end.

        >>> Auction.parse(Seat.NORTH, ["1S", "1H"]).problems()
        [(1, '1H after 1S is insufficient')]
        >>> Auction.parse(Seat.NORTH, ["1S", "P", "X"]).problems()
        [(2, "X of partner's 1S")]
        >>> Auction.parse(Seat.NORTH, ["P", "P", "P", "P", "1C"]).problems()
        [(4, 'a call after the auction ended at call 4')]
        """
        ended = _ended(self.calls)
        state = _State()
        for index, call in enumerate(self.calls):
            if ended is not None and index >= ended:
                return [(index, f"a call after the auction ended at call {ended}")]
            wrong = state.problem(call, index)
            if wrong is not None:
                return [(index, wrong)]
            state.add(call, index)
        return []

    def contract(self) -> Contract | None:
        """The contract a complete auction names, with its declarer (the first of the
        declaring side to name the strain); a pass-out is ``Contract(0)``; None while the
        auction has not ended.

        >>> Auction.parse(Seat.SOUTH, "1H P 2C P 2NT X XX P P P".split()).contract()
        Contract('2NTXX', declarer='S')
        """
        if not self.complete:
            return None
        state = _State.after(self.calls)
        if state.bid is None:
            return Contract(0)
        strain = state.bid.strain
        assert strain is not None
        side = state.bidder % 2
        first = next(
            i for i, c in enumerate(self.calls) if c.strain is strain and i % 2 == side and c.is_bid
        )
        return Contract(state.bid.level, strain, Doubling(state.doubling), self.seat(first))


def _ended(calls: Sequence[Call]) -> int | None:
    """The number of calls after which the auction ends (its last call's index + 1), if it
    does: four passes at the start, or three passes after any other call."""
    passes = 0
    for index, call in enumerate(calls):
        passes = passes + 1 if call == PASS else 0
        if passes == 4 or (passes == 3 and index >= 3):
            return index + 1
    return None


@dataclass
class _State:
    """The last bid, who made it (call index), and its doubling, where calls have got to."""

    bid: Call | None = None
    bidder: int = -1
    doubling: int = 0
    doubler: int = -1

    @classmethod
    def after(cls, calls: Sequence[Call]) -> _State:
        state = cls()
        for index, call in enumerate(calls):
            state.add(call, index)
        return state

    def add(self, call: Call, index: int) -> None:
        if call.is_bid:
            self.bid, self.bidder, self.doubling = call, index, 0
        elif call != PASS:
            self.doubling, self.doubler = int(call), index

    def problem(self, call: Call, index: int) -> str | None:
        """What is wrong with ``call`` as call ``index``, or None where it is legal."""
        if call == PASS:
            return None
        if call.is_bid:
            if self.bid is not None and call <= self.bid:
                return f"{call} after {self.bid} is insufficient"
            return None
        if self.bid is None:
            return f"{call} with no bid to {'double' if call == DOUBLE else 'redouble'}"
        if call == DOUBLE:
            if (index - self.bidder) % 2 == 0:
                return f"X of partner's {self.bid}"
            if self.doubling:
                return f"X of {self.bid}{Doubling(self.doubling).text}, already doubled"
            return None
        if self.doubling != 1:
            return f"XX of {self.bid}{Doubling(self.doubling).text}, not doubled"
        if (index - self.doubler) % 2 == 0:
            return "XX of partner's double"
        return None
