"""Text a person reads about deal files: counts, what each record holds, a deal drawn as a
diagram with its double-dummy table."""

from __future__ import annotations

from collections import Counter

import numpy as np

from bridgeio.model.board import dealer, vulnerability
from bridgeio.model.cards import Seat, Strain, Suit
from bridgeio.model.deals import UNKNOWN_TRICKS, Deal, DealSet
from bridgeio.model.diagrams import DiagramSet
from bridgeio.model.par import Par

_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def diagram(deal: Deal) -> str:
    """A deal as the usual compass diagram, with its double-dummy table when known.

    >>> print(diagram(Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. "
    ...                             "..AKQJT98765432. ...AKQJT98765432")).splitlines()[0])
                  S AKQJT98765432
    """

    def lines(seat: Seat) -> list[str]:
        holdings = deal.hand(seat).split(".") if deal.hand(seat) != "-" else ["?"] * 4
        return [f"{suit.char} {h or '-'}" for suit, h in zip(Suit, holdings, strict=True)]

    north, east, south, west = (lines(s) for s in Seat)
    rows = [" " * 14 + line for line in north]
    rows += [f"{w:<28}{e}" for w, e in zip(west, east, strict=True)]
    rows += [" " * 14 + line for line in south]
    if deal.tricks is not None:
        rows.append("")
        rows.append("      " + "".join(f"{s.text:>4}" for s in _STRAINS))
        for seat in Seat if deal.target is None else [deal.target]:
            cells = []
            for strain in _STRAINS:
                value = int(deal.tricks[strain, seat])
                cells.append(f"{value:>4}" if value <= 13 else "   ?")
            rows.append(f"    {seat.char} " + "".join(cells))
    return "\n".join(rows)


def describe_deals(deals: DealSet, count: int, fmt: str, show: int = 1) -> str:
    """A summary of a deal file: counts, what each record holds, end marker, first deals."""
    parts = [f"{fmt} file: {count:,} deal records"]
    holds = []
    holds.append("cards" if deals.seats is not None else "no cards")
    if deals.tricks is not None:
        holds.append(
            "one hand's double-dummy tricks" if deals.target is not None else "double-dummy tricks"
        )
        unknown = int(np.count_nonzero(deals.tricks == UNKNOWN_TRICKS))
        if unknown and deals.target is None:
            holds.append(f"{unknown:,} unknown trick counts in the first {len(deals):,} records")
    else:
        holds.append("no tricks")
    parts.append("holds: " + ", ".join(holds))
    if deals.target is not None:
        targets = Counter(Seat(int(t)).char for t in deals.target)
        parts.append("target hands: " + ", ".join(f"{k} {v:,}" for k, v in sorted(targets.items())))
    if deals.terminated:
        parts.append(f"ends with an end-of-list marker; {len(deals.trailing):,} bytes after it")
    for i in range(min(show, len(deals))):
        deal = deals[i]
        assert isinstance(deal, Deal)
        title = f"board {deal.board}" if deal.board is not None else f"record {i + 1}"
        parts.append(f"\n{title}:")
        if deal.seats is not None:
            parts.append(diagram(deal))
        elif deal.tricks is not None:
            parts.append(str(deal.dd()))
        line = par_line(deal, deal.board if deal.board is not None else i + 1)
        if line:
            parts.append(line)
    return "\n".join(parts)


def par_line(deal: Deal, board: int) -> str | None:
    """The par of a deal with all its tricks known (dealer and vulnerability by board number).

    >>> t = np.full((5, 4), 6, dtype=np.uint8); t[Strain.SPADES] = (10, 3, 10, 3)
    >>> par_line(Deal(None, t), 2)
    'par (board 2: dealer E, vulnerable NS): NS 620: NS 4S'
    """
    if deal.tricks is None or deal.target is not None:
        return None
    found = Par.of(deal.tricks, dealer(board), vulnerability(board))
    if found is None:
        return None
    rules = f"board {board}: dealer {dealer(board).char}, vulnerable {vulnerability(board).text}"
    return f"par ({rules}): {found.text}"


def describe_diagrams(diagrams: DiagramSet, fmt: str, show: int = 1) -> str:
    """A summary of a suit diagram file: counts, suits a diagram, end marker, first diagrams."""
    sizes = Counter(int(s) for s in diagrams.group_sizes)
    parts = [f"{fmt} file: {len(diagrams):,} diagrams in {len(diagrams.locations):,} suit records"]
    parts.append("suits a diagram: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(sizes.items())))
    if diagrams.is_deals() and len(diagrams):
        parts.append("every diagram is a whole deal")
    if diagrams.terminated:
        parts.append(f"ends with an end-of-list marker; {len(diagrams.trailing):,} bytes after it")
    for i in range(min(show, len(diagrams))):
        parts.append(f"\ndiagram {i + 1}:")
        for suit, seats in diagrams[i].holdings().items():
            parts.append(f"  {suit}: " + "  ".join(f"{s} {r or '-'}" for s, r in seats.items()))
    return "\n".join(parts)


def describe_deal_file(doc: object, fmt: str) -> str:
    """One screen about a deal set or a set of suit diagrams."""
    if isinstance(doc, DiagramSet):
        return describe_diagrams(doc, fmt)
    if isinstance(doc, DealSet):
        return describe_deals(doc, len(doc), fmt)
    raise TypeError(f"no summary for a {type(doc).__name__}")
