"""The format-neutral model: cards, deals, suit diagrams, results, movements, tournaments.

Names are imported when first used, so that a results or movement file needs no NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgeio.model.cards import RANKS, Card, Seat, Strain, Suit
    from bridgeio.model.deals import (
        NO_SEAT,
        UNKNOWN_TRICKS,
        Deal,
        DealSet,
        concat,
        deal_strings,
        parse_pbn_deal,
    )
    from bridgeio.model.diagrams import Diagram, DiagramSet, as_deals

_WHERE = {
    **dict.fromkeys(("RANKS", "Card", "Seat", "Strain", "Suit"), "bridgeio.model.cards"),
    **dict.fromkeys(
        (
            "NO_SEAT",
            "UNKNOWN_TRICKS",
            "Deal",
            "DealSet",
            "concat",
            "deal_strings",
            "parse_pbn_deal",
        ),
        "bridgeio.model.deals",
    ),
    **dict.fromkeys(("Diagram", "DiagramSet", "as_deals"), "bridgeio.model.diagrams"),
}

__all__ = [
    "RANKS",
    "Card",
    "Seat",
    "Strain",
    "Suit",
    "NO_SEAT",
    "UNKNOWN_TRICKS",
    "Deal",
    "DealSet",
    "concat",
    "deal_strings",
    "parse_pbn_deal",
    "Diagram",
    "DiagramSet",
    "as_deals",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
