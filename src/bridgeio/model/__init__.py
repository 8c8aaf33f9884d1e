"""The format-neutral model: cards, deals, suit diagrams."""

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
