"""How the recap writes values for a person: numbers, scores, contracts, cards, board lists.

Values that carry suit symbols (contracts, cards) become small records the templates render
with a text alternative for each symbol; everything else becomes plain text, which the
templates escape.

>>> number_text(4.5), number_text(12.0), score_text(-50), board_ranges([1, 2, 3, 7, 9, 10])
('4.5', '12', '-50', '1–3, 7, 9–10')
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeio.model.cards import Card, Seat, Strain
from bridgeio.model.contract import Contract
from bridgeio.model.results import Assigned, Score, Special

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
"""A suit letter's symbol and the words a screen reader says for it."""
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
RANK_TEXT = {"T": "10"}

_SPECIAL_TEXT = {
    Special.LATE_PLAY: "late play",
    Special.NOT_PLAYED: "not played",
    Special.NOT_IN_PLAY: "not in play",
    Special.AVERAGE_MINUS: "ave−",
    Special.AVERAGE: "ave",
    Special.AVERAGE_PLUS: "ave+",
}


@dataclass(frozen=True)
class ContractText:
    """A contract for a template: level, strain letter (``"NT"`` or a suit letter), ``"x"``
    or ``"xx"``; level 0 is a pass-out.

    >>> contract_text(Contract.parse("4HX", "S"))
    ContractText(level=4, strain='H', doubling='x')
    """

    level: int
    strain: str
    doubling: str

    @property
    def plain(self) -> str:
        """As plain text (``"4Hx"``, ``"Pass"``): for sorting and for tests."""
        return "Pass" if self.level == 0 else f"{self.level}{self.strain}{self.doubling}"


@dataclass(frozen=True)
class CardText:
    """A card for a template: its suit letter and its rank as people write it (``"10"``)."""

    suit: str
    rank: str


def number_text(value: float | None) -> str:
    """A total or matchpoints: no trailing zeros, at most two decimals; empty for None."""
    if value is None:
        return ""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def percent_text(value: float | None) -> str:
    """A percentage with two decimals (``"55.25"``); empty for None.

    >>> percent_text(55.25), percent_text(None)
    ('55.25', '')
    """
    return "" if value is None else f"{value:.2f}"


def score_text(score: Score | None) -> str:
    """A side's score: points (``"-50"``), an adjusted score's name, ``"70%"``; empty for
    None."""
    if score is None:
        return ""
    if isinstance(score, Special):
        return _SPECIAL_TEXT[score]
    if isinstance(score, Assigned):
        return str(score)
    return str(score)


def score_key(score: Score | None) -> tuple[int, int]:
    """Sort key: points from the highest, then adjusted scores, then none."""
    if isinstance(score, int) and not isinstance(score, Special):
        return (0, -score)
    return (1, 0) if score is not None else (2, 0)


def contract_text(contract: Contract | None) -> ContractText | None:
    """A contract as :class:`ContractText`; None for none."""
    if contract is None:
        return None
    if contract.passed_out or contract.strain is None:
        return ContractText(0, "", "")
    strain = "NT" if contract.strain is Strain.NOTRUMP else contract.strain.text
    return ContractText(contract.level, strain, "x" * int(contract.doubling))


def card_text(card: Card | None) -> CardText | None:
    """A lead as :class:`CardText`; None for none.

    >>> card_text(Card.from_text("DT"))
    CardText(suit='D', rank='10')
    """
    if card is None:
        return None
    return CardText(card.suit.char, RANK_TEXT.get(card.rank, card.rank))


def seat_text(seat: Seat | None) -> str:
    """A seat's letter (``"N"``); empty for none."""
    return "" if seat is None else seat.char


def tricks_text(contract: Contract | None, tricks: int | None) -> str:
    """Tricks taken against the contract: ``"="``, ``"+1"``, ``"-2"``; the count alone when
    there is no contract; empty when unknown.

    >>> tricks_text(Contract.parse("4S", "N"), 11), tricks_text(Contract.parse("3NT", "E"), 7)
    ('+1', '-2')
    """
    if tricks is None:
        return ""
    if contract is None or contract.passed_out:
        return "" if contract is not None else str(tricks)
    over = tricks - contract.level - 6
    return "=" if over == 0 else f"{over:+d}"


def board_ranges(boards: list[int]) -> str:
    """Board numbers as runs: ``"1–3, 7"``."""
    runs: list[list[int]] = []
    for board in sorted(set(boards)):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
