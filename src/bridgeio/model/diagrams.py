"""Suit diagrams: where each card of one to four suits lies, unused cards allowed (ZBS records).

A diagram holds suits in rank order from spades: a one-suit diagram is spades, a two-suit
diagram spades and hearts, and so on. Locations are :class:`Seat` values or :data:`NO_SEAT`
for a card that is not in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np

from bridgeio.errors import ConversionError
from bridgeio.model.cards import RANKS, Seat, Suit
from bridgeio.model.deals import NO_SEAT, DealSet, concat
from bridgeio.model.document import DocumentKind


@dataclass(eq=False)
class Diagram:
    """One diagram: ``locations`` has a row of 13 (ace first) per suit, spades first.

    >>> d = Diagram(np.array([[3, 3, 0] + [NO_SEAT] * 10], dtype=np.uint8))
    >>> d.holdings()
    {'S': {'W': 'AK', 'N': 'Q', 'E': '', 'S': ''}}
    """

    locations: np.ndarray

    def holdings(self) -> dict[str, dict[str, str]]:
        """``{suit: {seat: ranks}}`` for the suits this diagram holds, seats W, N, E, S."""
        sizes = np.array([len(self.locations)], dtype=np.int64)
        return DiagramSet(self.locations, sizes).holdings()[0]

    @classmethod
    def from_holdings(cls, holdings: dict[str, dict[str, str]]) -> Diagram:
        """The inverse of :meth:`holdings`; suits must be the first k of S, H, D, C."""
        suits = [Suit.from_char(s) for s in holdings]
        if suits != list(Suit)[: len(suits)] or not suits:
            raise ValueError(f"a diagram holds suits in order from spades, found {list(holdings)}")
        rows = np.full((len(suits), 13), NO_SEAT, dtype=np.uint8)
        for suit, by_seat in zip(suits, holdings.values(), strict=True):
            for seat_char, ranks in by_seat.items():
                seat = Seat.from_char(seat_char)
                for rank in ranks.upper():
                    index = RANKS.find(rank)
                    if index < 0 or rows[suit, index] != NO_SEAT:
                        raise ValueError(f"bad or repeated rank {rank!r} in {suit.char}")
                    rows[suit, index] = seat
        return cls(rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Diagram) and np.array_equal(self.locations, other.locations)

    def __repr__(self) -> str:
        return f"Diagram({self.holdings()})"


@dataclass(eq=False)
class DiagramSet:
    """Many diagrams: ``locations`` ``(records, 13)`` and ``group_sizes`` (suits per diagram).

    >>> ds = DiagramSet.from_deals(DealSet(np.repeat(np.arange(4, dtype=np.uint8), 13)[None]))
    >>> len(ds), ds.group_sizes.tolist(), ds.to_deals().seats.shape
    (1, [4], (1, 52))
    """

    kind: ClassVar[Literal[DocumentKind.DEALS]] = DocumentKind.DEALS

    locations: np.ndarray
    group_sizes: np.ndarray
    terminated: bool = False
    trailing: bytes = b""
    format: str | None = None

    def __post_init__(self) -> None:
        if int(self.group_sizes.sum()) != len(self.locations):
            raise ValueError("group sizes do not add up to the number of records")
        if len(self.group_sizes) and not ((self.group_sizes >= 1) & (self.group_sizes <= 4)).all():
            raise ValueError("a diagram holds one to four suits")

    @classmethod
    def from_diagrams(cls, diagrams: list[Diagram]) -> DiagramSet:
        """A set of the given diagrams, in order."""
        rows = [d.locations for d in diagrams]
        locations = np.concatenate(rows) if rows else np.zeros((0, 13), dtype=np.uint8)
        return cls(locations.astype(np.uint8), np.array([len(r) for r in rows], dtype=np.int64))

    @classmethod
    def from_deals(cls, deals: DealSet) -> DiagramSet:
        """Each deal becomes a four-suit diagram; the deals must have cards."""
        if deals.seats is None:
            raise ValueError("deals without cards make no diagrams")
        return cls(deals.seats.reshape(-1, 13).copy(), np.full(len(deals), 4, dtype=np.int64))

    def is_deals(self) -> bool:
        """True when every diagram is a whole deal (four suits, every card placed)."""
        return bool((self.group_sizes == 4).all() and (self.locations != NO_SEAT).all())

    def to_deals(self) -> DealSet:
        """The diagrams as deals; ``ValueError`` unless :meth:`is_deals`."""
        if not self.is_deals():
            raise ValueError("only diagrams of four suits with every card placed are deals")
        return DealSet(self.locations.reshape(-1, 52).copy())

    def starts(self) -> np.ndarray:
        """Where each diagram's first suit record is in ``locations``."""
        return np.concatenate(([0], np.cumsum(self.group_sizes)[:-1])).astype(np.int64)

    def holdings(self) -> list[dict[str, dict[str, str]]]:
        """:meth:`Diagram.holdings` of every diagram, built in one pass over the set.

        >>> DiagramSet.from_diagrams([Diagram(np.array([[1] * 13], dtype=np.uint8))]).holdings()
        [{'S': {'W': '', 'N': '', 'E': 'AKQJT98765432', 'S': ''}}]
        """
        seats = np.array([Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH], dtype=np.uint8)
        ranks = np.frombuffer(RANKS.encode(), dtype=np.uint8)
        # (records, 4 seats, 13 cards): each card's rank where the seat holds it, else a space
        text = np.where(self.locations[:, None, :] == seats[:, None], ranks, ord(" "))
        flat = text.astype(np.uint8).tobytes().decode("ascii")
        held = [flat[i : i + 13].replace(" ", "") for i in range(0, len(flat), 13)]
        suits = [suit.char for suit in Suit]
        result = []
        record = 0
        for size in self.group_sizes.tolist():
            diagram = {}
            for suit in suits[:size]:
                w, n, e, s = held[4 * record : 4 * record + 4]
                diagram[suit] = {"W": w, "N": n, "E": e, "S": s}
                record += 1
            result.append(diagram)
        return result

    def __len__(self) -> int:
        return len(self.group_sizes)

    def __getitem__(self, index: int) -> Diagram:
        index = range(len(self))[index]
        start = int(self.starts()[index])
        return Diagram(self.locations[start : start + int(self.group_sizes[index])])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, DiagramSet)
            and np.array_equal(self.locations, other.locations)
            and np.array_equal(self.group_sizes, other.group_sizes)
            and self.terminated == other.terminated
            and self.trailing == other.trailing
        )

    def __repr__(self) -> str:
        return f"DiagramSet({len(self)} diagrams, {len(self.locations)} suit records)"


def as_deals(doc: object, target: str) -> DealSet:
    """A deal set from deals, whole-deal diagrams or a results file's deal set, else
    :class:`ConversionError`."""
    if isinstance(doc, DealSet):
        return doc
    if isinstance(doc, DiagramSet):
        if not doc.is_deals():
            raise ConversionError(target, "whole deals (four suits, every card placed)", "zbs")
        deals = doc.to_deals()
        deals.format = doc.format
        return deals
    events = getattr(doc, "events", None)  # a results file: its events' hand records
    if isinstance(events, list):
        hands = [e.deals for e in events if isinstance(getattr(e, "deals", None), DealSet)]
        if hands:
            return hands[0] if len(hands) == 1 else concat(hands)
    raise ConversionError(target, "deals", getattr(doc, "format", None) or type(doc).__name__)
