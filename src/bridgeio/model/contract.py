"""Contracts and their duplicate score (Law 77 of the Laws of Duplicate Bridge).

>>> c = Contract.parse("4 S x", declarer="S")
>>> c, c.text, c.score(10, vulnerable=True), c.ns_score(9, Vulnerability.NONE)
(Contract('4SX', declarer='S'), '4SX', 790, -100)
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import IntEnum

from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Seat, Strain


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled; ``text`` is ``""``, ``"X"`` or ``"XX"``."""

    NONE = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def text(self) -> str:
        """``""``, ``"X"`` or ``"XX"``."""
        return "X" * self


_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C|SA)(XX|X|RD|R|\*\*|\*|)$")
_PASSES = {"P", "PASS", "AP", "PASSED", "ALLPASS", "PASSEDOUT", "PO", "0"}
_STRAINS = {
    "NT": Strain.NOTRUMP,
    "N": Strain.NOTRUMP,
    "SA": Strain.NOTRUMP,
    "S": Strain.SPADES,
    "H": Strain.HEARTS,
    "D": Strain.DIAMONDS,
    "C": Strain.CLUBS,
}
_DOUBLINGS = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2, "R": 2, "RD": 2}


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7, strain, doubling and declarer; level 0 is a pass-out.

    ``text`` is the canonical spelling (``"4SX"``, ``"3NT"``, ``"Pass"``); :meth:`parse`
    reads the spellings of PBN, USEBIO, ACBLscore and hand-written files.

    >>> Contract.parse("3N"), Contract.parse("5Cx"), Contract.parse("Pass").text
    (Contract('3NT'), Contract('5CX'), 'Pass')
    """

    level: int
    strain: Strain | None = None
    doubling: Doubling = Doubling.NONE
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubling:
                raise ValueError("a passed-out board has no strain or doubling")
        elif not 1 <= self.level <= 7 or self.strain is None:
            raise ValueError(f"a contract needs a level 1-7 and a strain, not {self.level}")

    @property
    def passed_out(self) -> bool:
        """True for a passed-out board (level 0)."""
        return self.level == 0

    @property
    def text(self) -> str:
        """``"4SX"``, ``"3NT"``, ``"7HXX"`` or ``"Pass"`` (the declarer is not part of it)."""
        if self.strain is None:
            return "Pass"
        return f"{self.level}{self.strain.text}{Doubling(self.doubling).text}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        seat = f", declarer={self.declarer.char!r}" if self.declarer is not None else ""
        return f"Contract({self.text!r}{seat})"

    @classmethod
    def parse(cls, text: str, declarer: Seat | str | None = None) -> Contract:
        """A contract from its usual spellings; ``ValueError`` when it is not one.

        Accepted: level, strain (``S H D C N NT``, or ``SA``), then ``X``/``XX`` (or ``*``,
        ``**``, ``R``), spaces anywhere, any case; ``Pass``/``P``/``AP`` for a pass-out.
        A declarer may be given as a seat or its letter.

        >>> Contract.parse("7 nt xx", "W").text, Contract.parse("AP").passed_out
        ('7NTXX', True)
        >>> Contract.parse("8S")
        Traceback (most recent call last):
        ValueError: not a contract: '8S'
        """
        level, strain, doubling = _parse(text)
        seat = Seat.from_char(declarer) if isinstance(declarer, str) else declarer
        if level == 0:
            seat = None
        return cls(level, strain, Doubling(doubling), seat)

    def with_declarer(self, declarer: Seat | None) -> Contract:
        """The same contract played by ``declarer``."""
        return Contract(self.level, self.strain, self.doubling, declarer)

    def score(self, tricks: int, vulnerable: bool) -> int:
        """The declaring side's duplicate score when declarer takes ``tricks`` (0-13)."""
        return duplicate_score(self, tricks, vulnerable)

    def ns_score(self, tricks: int, vulnerability: Vulnerability) -> int:
        """The score from North-South's side (a pass-out is 0); needs a declarer."""
        if self.passed_out:
            return 0
        if self.declarer is None:
            raise ValueError(f"{self.text}: the score for a side needs the declarer")
        points = self.score(tricks, vulnerability.is_vulnerable(self.declarer))
        return points if self.declarer in (Seat.NORTH, Seat.SOUTH) else -points


@functools.lru_cache(maxsize=512)
def _parse(text: str) -> tuple[int, Strain | None, int]:
    compact = re.sub(r"\s+", "", text).upper()
    if compact in _PASSES:
        return 0, None, 0
    match = _CONTRACT.match(compact)
    if not match:
        raise ValueError(f"not a contract: {text!r}")
    return int(match.group(1)), _STRAINS[match.group(2)], _DOUBLINGS[match.group(3)]


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for ``contract`` with ``tricks`` taken (Law 77).

    >>> [duplicate_score(Contract.parse(c), t, v) for c, t, v in
    ...  [("3NT", 9, False), ("4S", 10, True), ("1CXX", 7, False), ("3NTX", 6, True)]]
    [400, 620, 230, -800]
    """
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0-13, not {tricks}")
    if contract.strain is None:
        return 0
    needed = contract.level + 6
    if tricks < needed:
        return -_undertricks(needed - tricks, contract.doubling, vulnerable)
    return _made(contract, tricks - needed, vulnerable)


def _trick_values(strain: Strain) -> tuple[int, int]:
    """(first trick, each later trick) for a strain, undoubled."""
    if strain is Strain.NOTRUMP:
        return 40, 30
    return (20, 20) if strain in (Strain.DIAMONDS, Strain.CLUBS) else (30, 30)


def _made(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    assert contract.strain is not None
    first, later = _trick_values(contract.strain)
    multiplier = 1 << contract.doubling  # 1, 2, 4
    trick_score = (first + later * (contract.level - 1)) * multiplier
    score = trick_score
    if trick_score >= 100:
        score += 500 if vulnerable else 300
    else:
        score += 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    if contract.doubling:
        score += 50 * contract.doubling  # "for the insult": 50 doubled, 100 redoubled
        score += overtricks * (200 if vulnerable else 100) * contract.doubling
    else:
        score += overtricks * later
    return score


def _undertricks(down: int, doubling: int, vulnerable: bool) -> int:
    if not doubling:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (down - 1)
    else:
        points = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return points * doubling
