"""What a deal file holds, as typed data (:mod:`.summary` for the other kinds): counts, what
each record holds, the end-of-list marker, and the first deals with their double-dummy
tables and par.

>>> deals = DealSet.from_deals([Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. "
...                                           "..AKQJT98765432. ...AKQJT98765432")])
>>> found = summarize_deals(deals, 1, "zbd").to_json()
>>> found["records"], found["cards"], found["tricks"], found["first"][0]["deal"][:18]
(1, True, None, 'N:AKQJT98765432...')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from bridgeio.analysis.summary import Summary
from bridgeio.model.board import dealer, vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.deals import UNKNOWN_TRICKS, Deal, DealSet
from bridgeio.model.diagrams import DiagramSet
from bridgeio.model.document import DocumentKind
from bridgeio.model.par import Par


@dataclass(frozen=True)
class ParLine:
    """A deal's par, with the dealer and vulnerability it was found for."""

    dealer: str
    vulnerable: str
    text: str  # "NS 620: NS 4S"


@dataclass(frozen=True)
class DealPreview:
    """One deal as ``info`` shows it."""

    record: int  # from 1
    board: int | None
    deal: str | None  # PBN, from North; None where the file holds no cards (ZDD)
    dd: dict[str, dict[str, int | None]] | None  # {declarer: {strain: tricks}}
    par: ParLine | None


@dataclass(frozen=True)
class DealsSummary(Summary):
    """A deal file: its records, what they hold, and its first deals."""

    kind: ClassVar[str] = DocumentKind.DEALS.value
    format: str
    records: int
    cards: bool
    tricks: str | None  # "all" (every declarer's), "target" (one hand's: ZRJ) or None
    unknown_tricks: int  # trick counts stored unknown (15) in the first ``sampled`` records
    sampled: int
    targets: dict[str, int]  # ZRJ: records by target hand
    end_marker: bool
    trailing_bytes: int
    first: list[DealPreview]


@dataclass(frozen=True)
class DiagramsSummary(Summary):
    """A file of suit diagrams (ZBS)."""

    kind: ClassVar[str] = "diagrams"
    format: str
    diagrams: int
    suit_records: int
    suits_a_diagram: dict[int, int]  # suits in a diagram: how many diagrams hold that many
    whole_deals: bool
    end_marker: bool
    trailing_bytes: int
    first: list[dict[str, dict[str, str]]]  # {suit: {seat: ranks}}


def summarize_deals(deals: DealSet, count: int, fmt: str, show: int = 1) -> DealsSummary:
    """A deal file of ``count`` records whose first are ``deals``, with ``show`` previews."""
    tricks = None if deals.tricks is None else "target" if deals.target is not None else "all"
    unknown = 0
    if deals.tricks is not None and deals.target is None:
        unknown = int(np.count_nonzero(deals.tricks == UNKNOWN_TRICKS))
    targets = {}
    if deals.target is not None:
        targets = dict(sorted(Counter(Seat(int(t)).char for t in deals.target).items()))
    previews = [_preview(deals, i) for i in range(min(show, len(deals)))]
    return DealsSummary(
        fmt,
        count,
        deals.seats is not None,
        tricks,
        unknown,
        len(deals),
        targets,
        deals.terminated,
        len(deals.trailing),
        previews,
    )


def _preview(deals: DealSet, index: int) -> DealPreview:
    deal = deals[index]
    assert isinstance(deal, Deal)
    return DealPreview(
        index + 1,
        deal.board,
        deal.pbn(),
        deal.dd(),
        par_line(deal, deal.board if deal.board is not None else index + 1),
    )


def par_line(deal: Deal, board: int) -> ParLine | None:
    """The par of a deal with all its tricks known (dealer and vulnerability as its file
    states them, else by board number).

    >>> from bridgeio.model.cards import Strain
    >>> t = np.full((5, 4), 6, dtype=np.uint8); t[Strain.SPADES] = (10, 3, 10, 3)
    >>> par_line(Deal(None, t), 2)
    ParLine(dealer='E', vulnerable='NS', text='NS 620: NS 4S')
    """
    if deal.tricks is None or deal.target is not None:
        return None
    first = dealer(board) if deal.dealer is None else deal.dealer
    vulnerable = vulnerability(board) if deal.vulnerability is None else deal.vulnerability
    found = Par.of(deal.tricks, first, vulnerable)
    if found is None:
        return None
    return ParLine(first.char, vulnerable.text, found.text)


def summarize_diagrams(diagrams: DiagramSet, fmt: str, show: int = 1) -> DiagramsSummary:
    """A suit diagram file: counts, suits a diagram, end marker, its first diagrams."""
    sizes = Counter(int(s) for s in diagrams.group_sizes)
    return DiagramsSummary(
        fmt,
        len(diagrams),
        len(diagrams.locations),
        dict(sorted(sizes.items())),
        bool(diagrams.is_deals() and len(diagrams)),
        diagrams.terminated,
        len(diagrams.trailing),
        [diagrams[i].holdings() for i in range(min(show, len(diagrams)))],
    )


def summarize_deal_file(doc: object, fmt: str) -> DealsSummary | DiagramsSummary:
    """The summary of a deal set or a set of suit diagrams, read whole."""
    if isinstance(doc, DiagramSet):
        return summarize_diagrams(doc, fmt)
    if isinstance(doc, DealSet):
        return summarize_deals(doc, len(doc), fmt)
    raise TypeError(f"no summary for a {type(doc).__name__}")
