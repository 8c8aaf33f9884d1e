"""The summary of any document, as ``bridgeio info`` shows it (:mod:`.summary` for results,
movements and tournaments; :mod:`.deal_summary` for deal files, which needs NumPy).

>>> from bridgeio.model.movement import Movement, Table
>>> found = summarize(Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")]]),
...                   "asc")
>>> found.kind, found.guide_cards[3][0]
('movement', RoundSeat(table=2, direction='NS', group='B'))
"""

from __future__ import annotations

from bridgeio.analysis.summary import (
    Summary,
    summarize_movement,
    summarize_results,
    summarize_tournaments,
)
from bridgeio.model.document import Document, DocumentKind


def summarize(doc: Document, fmt: str) -> Summary:
    """The summary of a document read whole, ``fmt`` the name of the format it came from."""
    if doc.kind == DocumentKind.RESULTS:
        return summarize_results(doc, fmt)
    if doc.kind == DocumentKind.MOVEMENT:
        return summarize_movement(doc, fmt)
    if doc.kind == DocumentKind.TOURNAMENTS:
        return summarize_tournaments(doc, fmt)
    from bridgeio.analysis.deal_summary import summarize_deal_file  # (NumPy: deals only)

    return summarize_deal_file(doc, fmt)
