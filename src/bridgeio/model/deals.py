"""Deals: a :class:`Deal` for display and single records, a NumPy-backed :class:`DealSet` for bulk.

Array layout (the contract every format module reads and writes):

* ``seats``: ``(n, 52)`` uint8, the :class:`Seat` holding each card (card numbering in
  :mod:`bridgeio.model.cards`); :data:`NO_SEAT` where a file does not place a card.
* ``tricks``: ``(n, 5, 4)`` uint8, double-dummy tricks by ``[deal, strain, declarer]`` in
  :class:`Strain` order (S, H, D, C, NT) and :class:`Seat` order (N, E, S, W);
  :data:`UNKNOWN_TRICKS` where the count is unknown, which is never confused with 0.
* ``dealer``: ``(n,)`` uint8, the :class:`Seat` a file states deals, :data:`NO_SEAT` where it
  states none; ``vulnerability``: ``(n,)`` uint8, the :attr:`Vulnerability.code` it states,
  :data:`UNKNOWN_VULNERABILITY` where none. Either is None for a format that never states them;
  :meth:`DealSet.dealers` and :meth:`DealSet.vulnerabilities` fill the gaps from the board
  number (board 1 North, none vulnerable, ...).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar, Literal, overload

import numpy as np

from bridgeio.model.board import BY_CODE, Vulnerability, vulnerability
from bridgeio.model.cards import RANKS, Card, Seat, Strain
from bridgeio.model.document import DocumentKind
from bridgeio.model.provenance import DealProvenance

NO_SEAT = 255
"""Value in ``seats`` for a card the file does not place."""
UNKNOWN_TRICKS = 15
"""Value in ``tricks`` for an unknown count (any value above 13 is not a trick count)."""
UNKNOWN_VULNERABILITY = 255
"""Value in ``vulnerability`` for a deal whose file states none."""
_CYCLE_VULNERABILITY = np.array([vulnerability(b).code for b in range(1, 17)], dtype=np.uint8)


def board_dealers(boards: np.ndarray) -> np.ndarray:
    """The dealer (:class:`Seat` number) board numbers give: board 1 North, 2 East, ...

    >>> board_dealers(np.array([1, 2, 5, 8])).tolist()
    [0, 1, 0, 3]
    """
    return ((np.asarray(boards, dtype=np.int64) - 1) % 4).astype(np.uint8)


def board_vulnerabilities(boards: np.ndarray) -> np.ndarray:
    """The :attr:`Vulnerability.code` board numbers give (the 16-board cycle).

    >>> [BY_CODE[v].text for v in board_vulnerabilities(np.array([1, 2, 3, 4, 16]))]
    ['None', 'NS', 'EW', 'All', 'EW']
    """
    return _CYCLE_VULNERABILITY[(np.asarray(boards, dtype=np.int64) - 1) % 16]


_PBN_WIDTH = 69  # "N:" + 4 hands of 13 cards + 3 dots each + 3 spaces


@dataclass(eq=False)
class Deal:
    """One deal: where each card is, and optionally its double-dummy tricks.

    >>> d = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    >>> d.hand(Seat.WEST)
    'AT942.AQ4.32.KJ3'
    >>> d.pbn(Seat.EAST)[:21]
    'E:873.J97.AT764.Q4 K5'
    """

    seats: np.ndarray | None
    tricks: np.ndarray | None = None
    board: int | None = None
    target: Seat | None = None
    dealer: Seat | None = None
    """The dealer the file states (None: it states none, the board number's rule applies)."""
    vulnerability: Vulnerability | None = None
    """Who is vulnerable as the file states it (None: the board number's rule)."""

    @classmethod
    def from_pbn(cls, text: str, tricks: np.ndarray | None = None) -> Deal:
        """Parse PBN deal notation (``"N:hand hand hand hand"``); raises ``ValueError``."""
        return cls(parse_pbn_deal(text), tricks)

    def cards(self, seat: Seat) -> list[Card]:
        """The cards of one seat, highest first within each suit, spades first."""
        if self.seats is None:
            return []
        return [Card(int(c)) for c in np.flatnonzero(self.seats == seat)]

    def hand(self, seat: Seat) -> str:
        """One hand in PBN notation (``"AK2.QJ..T98765"``), ``"-"`` if it has no cards."""
        cards = self.cards(seat)
        if not cards:
            return "-"
        suits = [""] * 4
        for card in cards:
            suits[card.suit] += card.rank
        return ".".join(suits)

    def pbn(self, first: Seat = Seat.NORTH) -> str | None:
        """The whole deal in PBN notation, hands clockwise from ``first``."""
        if self.seats is None:
            return None
        hands = " ".join(self.hand(first.next(i)) for i in range(4))
        return f"{first.char}:{hands}"

    def dd(self) -> dict[str, dict[str, int | None]] | None:
        """Double-dummy tricks as ``{declarer: {strain: tricks}}``; None where not known."""
        return dd_dict(self.tricks, self.target)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return (
            _same(self.seats, other.seats)
            and _same(self.tricks, other.tricks)
            and self.board == other.board
            and self.target == other.target
            and self.dealer == other.dealer
            and self.vulnerability == other.vulnerability
        )

    def __repr__(self) -> str:
        return f"Deal({self.pbn()!r})"


def dd_dict(
    tricks: np.ndarray | None, target: Seat | None = None
) -> dict[str, dict[str, int | None]] | None:
    """Tricks ``(5, 4)`` as ``{seat: {strain: n}}`` (N, E, S, W; NT, S, H, D, C), unknown as None.

    With ``target`` only that declarer is given (ZRJ).

    >>> t = np.full((5, 4), 7, dtype=np.uint8); t[Strain.NOTRUMP, Seat.SOUTH] = UNKNOWN_TRICKS
    >>> dd_dict(t, Seat.SOUTH)
    {'S': {'NT': None, 'S': 7, 'H': 7, 'D': 7, 'C': 7}}
    """
    if tricks is None:
        return None
    order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    seats = [target] if target is not None else list(Seat)
    result = {}
    for seat in seats:
        row = {}
        for strain in order:
            value = int(tricks[strain, seat])
            row[strain.text] = value if value <= 13 else None
        result[seat.char] = row
    return result


def parse_pbn_deal(text: str) -> np.ndarray:
    """PBN deal notation to a ``(52,)`` seat array; ``-`` hands leave cards at :data:`NO_SEAT`.

    A single missing hand is filled with the cards nobody holds when the other three hands
    hold 13 cards each. Raises ``ValueError`` naming what is wrong.

    >>> s = parse_pbn_deal("W:AKQJT98765432... - - -"); int(s[0]), int(s[13])
    (3, 255)
    """
    text = text.strip()
    if len(text) < 2 or text[1] != ":":
        raise ValueError(f"deal must start with a seat and ':' (like 'N:'), found {text[:10]!r}")
    first = Seat.from_char(text[0])
    hands = text[2:].split()
    if len(hands) != 4:
        raise ValueError(f"deal must have 4 hands separated by spaces, found {len(hands)}")
    cards: list[str] = []  # each card as chr(64 + card), see _CARD_CODES
    owners: list[str] = []
    missing = []
    for offset, hand in enumerate(hands):
        seat = (first + offset) % 4
        if hand == "-":
            missing.append(seat)
            continue
        suits = hand.upper().split(".")
        if len(suits) != 4:
            raise ValueError(f"hand {hand!r} of {'NESW'[seat]} must have 4 suits separated by '.'")
        for suit, holding in enumerate(suits):
            if holding.strip(RANKS):  # something left that is not a rank
                rank = next(r for r in holding if r not in RANKS)
                raise ValueError(f"{rank!r} in hand {hand!r} is not a rank (AKQJT98765432)")
            cards.append(holding.translate(_CARD_CODES[suit]))
            owners.append(chr(seat) * len(holding))
    held = "".join(cards).encode("latin-1")
    if len(set(held)) != len(held):
        twice = next(code for i, code in enumerate(held) if code in held[:i])
        raise ValueError(f"{Card(twice - 64)} is given twice")
    # A 256-entry table whose entry 64 + card is the holder's seat; cards nobody holds keep
    # their own code (64 and up), which _UNHELD turns into NO_SEAT.
    table = bytes.maketrans(held, "".join(owners).encode("latin-1"))
    seats = table[64:116].translate(_UNHELD)
    if len(missing) == 1 and all(seats.count(s) == 13 for s in range(4) if s not in missing):
        seats = seats.replace(bytes([NO_SEAT]), bytes([missing[0]]))
    return np.frombuffer(seats, dtype=np.uint8).copy()


# Per suit, a str.translate table from rank letter to chr(64 + card).
_CARD_CODES = [
    str.maketrans({rank: chr(64 + suit * 13 + index) for index, rank in enumerate(RANKS)})
    for suit in range(4)
]
_UNHELD = bytes(range(64)) + bytes([NO_SEAT]) * 192


def deal_strings(seats: np.ndarray, first: Seat = Seat.NORTH) -> list[str]:
    """PBN deal notation for every row of a ``(n, 52)`` seat array, vectorised.

    >>> s = np.repeat(np.arange(4, dtype=np.uint8), 13)[None, :]
    >>> deal_strings(s, Seat.EAST)
    ['E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...']
    """
    if len(seats) == 0:
        return []
    out, complete = deal_text(seats, first)
    lines = out.view(f"S{_PBN_WIDTH}").ravel().astype(str).tolist()
    for row in np.flatnonzero(~complete):  # partial deals: the slow, general path
        lines[row] = Deal(seats[row]).pbn(first)
    return lines


def deal_text(seats: np.ndarray, first: Seat = Seat.NORTH) -> tuple[np.ndarray, np.ndarray]:
    """The ASCII of the PBN deal notation of every row of a ``(n, 52)`` seat array, as a
    ``(n, 69)`` uint8 array, and which rows are whole deals (the text of any other row is not
    its notation: :meth:`Deal.pbn` gives it).

    >>> text, whole = deal_text(np.repeat(np.arange(4, dtype=np.uint8), 13)[None, :])
    >>> bytes(text[0][:18]), whole.tolist()
    (b'N:AKQJT98765432...', [True])
    """
    n = len(seats)
    rotated: np.ndarray = (seats.astype(np.int16) - int(first)) % 4
    rotated[seats > 3] = 99  # unplaced cards sort last and mark the row incomplete
    keys = np.sort(rotated * 64 + np.arange(52, dtype=np.int16), axis=1)
    complete = ((keys >> 6) == np.repeat(np.arange(4), 13)).all(axis=1)
    out = np.full((n, _PBN_WIDTH), ord("."), dtype=np.uint8)
    out[:, 0] = ord(first.char)
    out[:, 1] = ord(":")
    out[:, [18, 35, 52]] = ord(" ")
    cards = keys & 63
    index = np.arange(52)
    positions = 2 + 4 * (index // 13) + index + cards // 13
    rank_codes = np.frombuffer(RANKS.encode(), dtype=np.uint8)
    np.put_along_axis(out, positions, rank_codes[np.minimum(cards, 51) % 13], axis=1)
    return out, complete


@dataclass(eq=False)
class DealSet:
    """Many deals as arrays; indexing gives a :class:`Deal`, slicing a smaller ``DealSet``.

    ``boards`` (board numbers), ``dealer`` and ``vulnerability`` (as a file states them),
    ``target`` (the declarer a ZRJ record is about), ``extras``
    (format-specific leftovers, such as reserved bits, kept so a file writes back unchanged)
    and ``provenance`` (what a format such as PBN keeps of each deal beyond the arrays: its
    tags, auction and play) are optional. ``terminated`` and ``trailing`` record an
    end-of-list marker and any bytes found after it; ``format`` names the format the set was
    read from.

    >>> ds = DealSet.from_deals([Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. "
    ...                                        "..AKQJT98765432. ...AKQJT98765432")])
    >>> len(ds), ds.seats.shape, ds[0].hand(Seat.SOUTH)
    (1, (1, 52), '..AKQJT98765432.')
    """

    kind: ClassVar[Literal[DocumentKind.DEALS]] = DocumentKind.DEALS

    seats: np.ndarray | None = None
    tricks: np.ndarray | None = None
    boards: np.ndarray | None = None
    target: np.ndarray | None = None
    extras: dict[str, np.ndarray] = field(default_factory=dict)
    terminated: bool = False
    trailing: bytes = b""
    format: str | None = None
    provenance: DealProvenance | None = None
    dealer: np.ndarray | None = None
    vulnerability: np.ndarray | None = None

    def __post_init__(self) -> None:
        lengths = {
            len(a)
            for a in (
                self.seats,
                self.tricks,
                self.boards,
                self.target,
                self.provenance,
                self.dealer,
                self.vulnerability,
            )
            if a is not None
        }
        if len(lengths) > 1:
            raise ValueError(f"deal set arrays differ in length: {sorted(lengths)}")

    @classmethod
    def empty(cls, with_tricks: bool = False) -> DealSet:
        """A set of no deals, with an empty tricks array when ``with_tricks``."""
        tricks = np.zeros((0, 5, 4), dtype=np.uint8) if with_tricks else None
        return cls(np.zeros((0, 52), dtype=np.uint8), tricks)

    @classmethod
    def from_deals(cls, deals: list[Deal]) -> DealSet:
        """Build a set from single deals (all with or all without cards and tricks)."""

        def stack(values: list[np.ndarray | None], shape: tuple[int, ...]) -> np.ndarray | None:
            if any(v is None for v in values):
                return None
            return np.asarray(values, dtype=np.uint8).reshape(len(values), *shape)

        boards = [d.board for d in deals]
        targets = [d.target for d in deals]
        dealers = [NO_SEAT if d.dealer is None else int(d.dealer) for d in deals]
        vulnerable = [
            UNKNOWN_VULNERABILITY if d.vulnerability is None else d.vulnerability.code
            for d in deals
        ]
        return cls(
            seats=stack([d.seats for d in deals], (52,)),
            tricks=stack([d.tricks for d in deals], (5, 4)) if deals else None,
            boards=np.asarray(boards, dtype=np.int64) if deals and None not in boards else None,
            target=np.asarray(targets, dtype=np.uint8) if deals and None not in targets else None,
            dealer=_stated(dealers, NO_SEAT),
            vulnerability=_stated(vulnerable, UNKNOWN_VULNERABILITY),
        )

    def __len__(self) -> int:
        for array in (self.seats, self.tricks, self.boards, self.target, self.dealer):
            if array is not None:
                return len(array)
        return 0

    @overload
    def __getitem__(self, index: int) -> Deal: ...

    @overload
    def __getitem__(self, index: slice) -> DealSet: ...

    def __getitem__(self, index: int | slice) -> Deal | DealSet:
        if isinstance(index, slice):
            return self._take(index)
        index = range(len(self))[index]  # IndexError for a bad index, negative allowed
        return Deal(
            seats=None if self.seats is None else self.seats[index],
            tricks=None if self.tricks is None else self.tricks[index],
            board=None if self.boards is None else int(self.boards[index]),
            target=None if self.target is None else Seat(int(self.target[index])),
            dealer=_seat_or_none(self.dealer, index),
            vulnerability=_vulnerability_or_none(self.vulnerability, index),
        )

    def __iter__(self) -> Iterator[Deal]:
        for i in range(len(self)):
            yield self[i]

    def _take(self, rows: slice) -> DealSet:
        def cut(a: np.ndarray | None) -> np.ndarray | None:
            return None if a is None else a[rows]

        return DealSet(
            cut(self.seats),
            cut(self.tricks),
            cut(self.boards),
            cut(self.target),
            {k: v[rows] for k, v in self.extras.items()},
            format=self.format,
            provenance=None if self.provenance is None else self.provenance.take(rows),
            dealer=cut(self.dealer),
            vulnerability=cut(self.vulnerability),
        )

    def board_numbers(self) -> np.ndarray:
        """Board numbers: the stored ones, or 1, 2, 3, … by position."""
        if self.boards is not None:
            return self.boards
        return np.arange(1, len(self) + 1, dtype=np.int64)

    def dealers(self, boards: np.ndarray | None = None) -> np.ndarray:
        """Each deal's dealer (:class:`Seat` number): the one its file states, else the one
        its board number gives (the set's own, or ``boards``).

        >>> ds = DealSet(boards=np.array([1, 2]), dealer=np.array([NO_SEAT, 3], np.uint8))
        >>> ds.dealers().tolist(), ds.dealers(np.array([3, 4])).tolist()
        ([0, 3], [2, 3])
        """
        rule = board_dealers(self.board_numbers() if boards is None else boards)
        if self.dealer is None:
            return rule
        return np.where(self.dealer == NO_SEAT, rule, self.dealer).astype(np.uint8)

    def vulnerabilities(self, boards: np.ndarray | None = None) -> np.ndarray:
        """Each deal's :attr:`Vulnerability.code`: as its file states it, else as its board
        number gives it (the set's own, or ``boards``).

        >>> ds = DealSet(boards=np.array([1, 2]), vulnerability=np.array([3, 255], np.uint8))
        >>> [BY_CODE[v].text for v in ds.vulnerabilities()]
        ['All', 'NS']
        """
        rule = board_vulnerabilities(self.board_numbers() if boards is None else boards)
        if self.vulnerability is None:
            return rule
        stated = self.vulnerability
        return np.where(stated == UNKNOWN_VULNERABILITY, rule, stated).astype(np.uint8)

    def unlike_boards(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Which deals' stated dealer, and which deals' stated vulnerability, differ from
        what ``boards`` give: what a format that holds only board numbers loses.

        >>> ds = DealSet(dealer=np.array([0, 0], np.uint8))
        >>> [mask.tolist() for mask in ds.unlike_boards(np.array([1, 2]))]
        [[False, True], [False, False]]
        """
        n = len(self)
        dealer = np.zeros(n, dtype=bool)
        if self.dealer is not None:
            dealer = (self.dealer != NO_SEAT) & (self.dealer != board_dealers(boards))
        vulnerable = np.zeros(n, dtype=bool)
        if self.vulnerability is not None:
            stated = self.vulnerability
            vulnerable = (stated != UNKNOWN_VULNERABILITY) & (
                stated != board_vulnerabilities(boards)
            )
        return dealer, vulnerable

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealSet):
            return NotImplemented
        return (
            len(self) == len(other)
            and all(
                _same(getattr(self, name), getattr(other, name))
                for name in ("seats", "tricks", "boards", "target")
            )
            and _same(self.dealers(), other.dealers())
            and _same(self.vulnerabilities(), other.vulnerabilities())
            and self.terminated == other.terminated
            and self.trailing == other.trailing
        )

    def __repr__(self) -> str:
        parts = [f"{len(self)} deals"]
        parts.append("with cards" if self.seats is not None else "no cards")
        parts.append("with tricks" if self.tricks is not None else "no tricks")
        return f"DealSet({', '.join(parts)})"


def concat(sets: list[DealSet]) -> DealSet:
    """Join deal sets end to end (the first set's end marker and trailing bytes are not kept)."""
    if not sets:
        return DealSet.empty()

    def join(name: str) -> np.ndarray | None:
        arrays = [getattr(s, name) for s in sets]
        return None if any(a is None for a in arrays) else np.concatenate(arrays)

    extras = {}
    for key in sets[0].extras:
        if all(key in s.extras for s in sets):
            extras[key] = np.concatenate([s.extras[key] for s in sets])
    kept = [s.provenance for s in sets]
    provenance = None
    first = kept[0]
    if first is not None and all(type(p) is type(first) for p in kept):
        provenance = type(first).join([p for p in kept if p is not None])
    return DealSet(
        join("seats"),
        join("tricks"),
        join("boards"),
        join("target"),
        extras,
        sets[-1].terminated,
        sets[-1].trailing,
        sets[0].format,
        provenance,
        _join_stated([s.dealer for s in sets], [len(s) for s in sets], NO_SEAT),
        _join_stated(
            [s.vulnerability for s in sets], [len(s) for s in sets], UNKNOWN_VULNERABILITY
        ),
    )


def board_deals(deals: DealSet) -> dict[int, list[int]]:
    """The rows of each board number's deals, one row a deal (the first where it is given
    again alike): several where a file deals a number again with the hands placed otherwise
    (the sessions of one event each numbering their boards from 1; a room that turned the
    deal), in the order first met.

    >>> one, two = (Deal.from_pbn(f"N:{h}") for h in (
    ...     "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    ...     ".AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"))
    >>> deals = DealSet.from_deals([one, one, two, one])
    >>> deals.boards = np.array([1, 1, 2, 2]); board_deals(deals)
    {1: [0], 2: [2, 3]}
    """
    if deals.seats is None:
        return {}
    seen: dict[int, dict[bytes, int]] = {}
    for row, number in enumerate(deals.board_numbers().tolist()):
        seen.setdefault(number, {}).setdefault(deals.seats[row].tobytes(), row)
    return {number: list(rows.values()) for number, rows in seen.items()}


def _join_stated(
    arrays: list[np.ndarray | None], lengths: list[int], unknown: int
) -> np.ndarray | None:
    """Stated dealers or vulnerabilities of sets joined, ``unknown`` for a set without them."""
    if all(a is None for a in arrays):
        return None
    return np.concatenate(
        [
            np.full(n, unknown, np.uint8) if a is None else a
            for a, n in zip(arrays, lengths, strict=True)
        ]
    )


def _stated(values: list[int], unknown: int) -> np.ndarray | None:
    """A stated-values column, None where no value is stated."""
    if all(v == unknown for v in values):
        return None
    return np.asarray(values, dtype=np.uint8)


def _seat_or_none(stated: np.ndarray | None, index: int) -> Seat | None:
    if stated is None or stated[index] == NO_SEAT:
        return None
    return Seat(int(stated[index]))


def _vulnerability_or_none(stated: np.ndarray | None, index: int) -> Vulnerability | None:
    if stated is None or stated[index] == UNKNOWN_VULNERABILITY:
        return None
    return BY_CODE[int(stated[index])]


def _same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and bool(np.array_equal(a, b))
