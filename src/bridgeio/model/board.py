"""The rules a board number carries: who deals and who is vulnerable.

>>> dealer(6), vulnerability(6)
(<Seat.EAST: 1>, <Vulnerability.EW: 'EW'>)
"""

from __future__ import annotations

from enum import Enum

from bridgeio.model.cards import Seat


class Vulnerability(Enum):
    """Who is vulnerable on a board; the values are PBN's spellings.

    >>> Vulnerability.from_text("Both"), Vulnerability.from_text("love"), Vulnerability.NS.text
    (<Vulnerability.BOTH: 'All'>, <Vulnerability.NONE: 'None'>, 'NS')
    >>> Vulnerability.EW.is_vulnerable(Seat.WEST), Vulnerability.EW.is_vulnerable(Seat.NORTH)
    (True, False)
    """

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @property
    def text(self) -> str:
        """PBN's spelling: ``None``, ``NS``, ``EW`` or ``All``."""
        return self.value

    @property
    def code(self) -> int:
        """The number a deal set stores (:data:`BY_CODE`): bit 0 North-South vulnerable,
        bit 1 East-West.

        >>> [v.code for v in Vulnerability]
        [0, 1, 2, 3]
        """
        return BY_CODE.index(self)

    def is_vulnerable(self, seat: Seat) -> bool:
        """Is the side of ``seat`` vulnerable?"""
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (seat in (Seat.NORTH, Seat.SOUTH))

    @classmethod
    def from_text(cls, text: str) -> Vulnerability:
        """From the spellings producers use (PBN, USEBIO, ACBLscore); ``ValueError`` if none."""
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        found = _SPELLINGS.get(key)
        if found is None:
            raise ValueError(f"not a vulnerability: {text!r}")
        return found


BY_CODE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
"""Each vulnerability by its :attr:`Vulnerability.code`."""

_SPELLINGS = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "NIL": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "N": Vulnerability.NS,
    "NORTHSOUTH": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "E": Vulnerability.EW,
    "EASTWEST": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
    "B": Vulnerability.BOTH,
}

_CYCLE = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
    Vulnerability.NONE,
    Vulnerability.EW,
    Vulnerability.BOTH,
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.BOTH,
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
)


def dealer(board: int) -> Seat:
    """The dealer of a board by the standard rotation: board 1 North, 2 East, ...

    >>> dealer(1), dealer(4), dealer(5)
    (<Seat.NORTH: 0>, <Seat.WEST: 3>, <Seat.NORTH: 0>)
    """
    return Seat((board - 1) % 4)


def vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board by the standard 16-board cycle.

    >>> [vulnerability(b).text for b in (1, 2, 3, 4, 16, 17)]
    ['None', 'NS', 'EW', 'All', 'EW', 'None']
    """
    return _CYCLE[(board - 1) % 16]
