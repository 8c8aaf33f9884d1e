"""Seats, suits, strains and cards: the small exact types the rest of the model is built on.

Card numbering used everywhere in bridgeio: ``card = suit * 13 + rank_index`` where suits run
spades, hearts, diamonds, clubs (0-3) and ``rank_index`` 0 is the ace, 12 the two. This is also
the order of the 52 columns of a :class:`~bridgeio.model.DealSet`.
"""

from __future__ import annotations

from enum import IntEnum

RANKS = "AKQJT98765432"
"""Rank characters by rank index (0 = ace)."""


def _lookup(text: str, letters: str, enum: type[IntEnum], kind: str) -> int:
    """The index of a one-letter code or a member name (case-insensitive)."""
    key = text.strip().upper()
    if len(key) == 1 and key in letters:
        return letters.index(key)
    for member in enum:
        if member.name == key:
            return int(member)
    raise ValueError(f"not a {kind}: {text!r}")


class Seat(IntEnum):
    """A seat at the table, clockwise from North.

    >>> Seat.from_char("e"), Seat.SOUTH.char, Seat.WEST.next()
    (<Seat.EAST: 1>, 'S', <Seat.NORTH: 0>)
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def char(self) -> str:
        """The seat's letter: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (``-1``: the one before)."""
        return Seat((self + steps) % 4)

    @classmethod
    def from_char(cls, text: str) -> Seat:
        """A seat from its letter or name (``"E"``, ``"east"``)."""
        return cls(_lookup(text, "NESW", cls, "seat"))


class Suit(IntEnum):
    """A suit, in rank order from spades.

    >>> Suit.from_char("H"), Suit.CLUBS.char
    (<Suit.HEARTS: 1>, 'C')
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def char(self) -> str:
        """The suit's letter: ``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return "SHDC"[self]

    @classmethod
    def from_char(cls, text: str) -> Suit:
        """A suit from its letter or name (``"H"``, ``"hearts"``)."""
        return cls(_lookup(text, "SHDC", cls, "suit"))


class Strain(IntEnum):
    """A denomination for play: the four suits (same numbers as :class:`Suit`) and notrump.

    >>> Strain.from_text("nt"), Strain.HEARTS.text, Strain(Suit.CLUBS)
    (<Strain.NOTRUMP: 4>, 'H', <Strain.CLUBS: 3>)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    NOTRUMP = 4

    @property
    def text(self) -> str:
        """``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"NT"``."""
        return ("S", "H", "D", "C", "NT")[self]

    @classmethod
    def from_text(cls, text: str) -> Strain:
        """A strain from ``"N"``, ``"NT"`` or a suit's letter or name (any case)."""
        key = text.strip().upper()
        if key in ("N", "NT"):
            return cls.NOTRUMP
        return cls(Suit.from_char(key))


class Card(int):
    """A card as its number 0-51 (spades ace first), with suit and rank.

    >>> c = Card.from_text("HQ"); int(c), c.suit, c.rank, str(c)
    (15, <Suit.HEARTS: 1>, 'Q', 'HQ')
    """

    def __new__(cls, number: int) -> Card:
        if not 0 <= number < 52:
            raise ValueError(f"card number out of range: {number}")
        return super().__new__(cls, number)

    @classmethod
    def of(cls, suit: Suit | int, rank: str) -> Card:
        """The card of ``suit`` and rank letter (``"A"`` ... ``"2"``, ten ``"T"``); ``ValueError``
        for another rank."""
        index = RANKS.find(rank.upper())
        if index < 0 or len(rank) != 1:
            raise ValueError(f"not a rank: {rank!r}")
        return cls(int(suit) * 13 + index)

    @classmethod
    def from_text(cls, text: str) -> Card:
        """A card from its suit letter and rank letter (``"HQ"``, ``"c2"``); ``ValueError`` for
        anything else."""
        found = _BY_TEXT.get(text)  # (a play of thousands of cards: one lookup a card)
        if found is not None:
            return found
        if len(text) != 2:
            raise ValueError(f"not a card: {text!r}")
        return cls.of(Suit.from_char(text[0]), text[1])

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 13)

    @property
    def rank(self) -> str:
        """The card's rank letter, ``"A"`` ... ``"2"`` (ten is ``"T"``)."""
        return RANKS[self % 13]

    def __str__(self) -> str:
        return self.suit.char + self.rank

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_BY_TEXT = {
    suit + rank: Card(number * 13 + index)
    for number, letter in enumerate("SHDC")
    for suit in (letter, letter.lower())
    for index, name in enumerate(RANKS)
    for rank in {name, name.lower()}
}
"""Each card by the texts :meth:`Card.from_text` reads (``HQ``, ``hq``, ``Hq``, ``hQ``)."""
