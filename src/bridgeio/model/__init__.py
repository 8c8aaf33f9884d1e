"""The format-neutral model: cards, boards, contracts, deals, suit diagrams, results,
movements, chess tournaments, and the :data:`Document` union that ``bridgeio.read`` returns.

Every public class of the model's modules is importable from here (one explicit
``__all__``). Names are imported when first used, so that a results or movement file needs
no NumPy.

>>> from bridgeio.model import Contract, Results, duplicate_score, vulnerability
>>> vulnerability(7), duplicate_score(Contract.parse("4H", "S"), 10, vulnerable=True)
(<Vulnerability.BOTH: 'All'>, 620)
>>> Results().kind
<DocumentKind.RESULTS: 'results'>
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgeio.model.board import (
        Vulnerability,
        dealer,
        vulnerability,
    )
    from bridgeio.model.cards import (
        RANKS,
        Card,
        Seat,
        Strain,
        Suit,
    )
    from bridgeio.model.chess import (
        PartialDate,
        Tournament,
        TournamentIndex,
    )
    from bridgeio.model.contract import (
        Contract,
        Doubling,
        duplicate_score,
    )
    from bridgeio.model.deals import (
        NO_SEAT,
        UNKNOWN_TRICKS,
        Deal,
        DealSet,
        concat,
        deal_strings,
        parse_pbn_deal,
    )
    from bridgeio.model.diagrams import (
        Diagram,
        DiagramSet,
        as_deals,
    )
    from bridgeio.model.document import (
        Document,
        DocumentKind,
        kind_of,
    )
    from bridgeio.model.movement import (
        Movement,
        Table,
    )
    from bridgeio.model.par import (
        UNKNOWN_PAR,
        Par,
        ParContract,
        ParSet,
        par_scores,
        par_set,
    )
    from bridgeio.model.provenance import (
        DealProvenance,
        IndexProvenance,
        Provenance,
    )
    from bridgeio.model.pseudonyms import (
        Pseudonyms,
        anonymize,
    )
    from bridgeio.model.results import (
        Assigned,
        Award,
        Board,
        BoardResult,
        Direction,
        Entry,
        Event,
        EventKind,
        Match,
        Player,
        Results,
        Score,
        Scoring,
        Seating,
        Section,
        Segment,
        Special,
        Strat,
        StratRank,
        parse_score,
        score_text,
    )

_MODULES = {
    "bridgeio.model.board": ("Vulnerability", "dealer", "vulnerability"),
    "bridgeio.model.cards": ("RANKS", "Card", "Seat", "Strain", "Suit"),
    "bridgeio.model.chess": ("PartialDate", "Tournament", "TournamentIndex"),
    "bridgeio.model.contract": ("Contract", "Doubling", "duplicate_score"),
    "bridgeio.model.deals": (
        "NO_SEAT",
        "UNKNOWN_TRICKS",
        "Deal",
        "DealSet",
        "concat",
        "deal_strings",
        "parse_pbn_deal",
    ),
    "bridgeio.model.diagrams": ("Diagram", "DiagramSet", "as_deals"),
    "bridgeio.model.document": ("Document", "DocumentKind", "kind_of"),
    "bridgeio.model.movement": ("Movement", "Table"),
    "bridgeio.model.par": ("UNKNOWN_PAR", "Par", "ParContract", "ParSet", "par_scores", "par_set"),
    "bridgeio.model.provenance": ("DealProvenance", "IndexProvenance", "Provenance"),
    "bridgeio.model.pseudonyms": ("Pseudonyms", "anonymize"),
    "bridgeio.model.results": (
        "Assigned",
        "Award",
        "Board",
        "BoardResult",
        "Direction",
        "Entry",
        "Event",
        "EventKind",
        "Match",
        "Player",
        "Results",
        "Score",
        "Scoring",
        "Seating",
        "Section",
        "Segment",
        "Special",
        "Strat",
        "StratRank",
        "parse_score",
        "score_text",
    ),
}
"""Each module of the model and the names it exports."""

_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "Vulnerability",
    "dealer",
    "vulnerability",
    "RANKS",
    "Card",
    "Seat",
    "Strain",
    "Suit",
    "PartialDate",
    "Tournament",
    "TournamentIndex",
    "Contract",
    "Doubling",
    "duplicate_score",
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
    "Document",
    "DocumentKind",
    "kind_of",
    "Movement",
    "Table",
    "UNKNOWN_PAR",
    "Par",
    "ParContract",
    "ParSet",
    "par_scores",
    "par_set",
    "DealProvenance",
    "IndexProvenance",
    "Provenance",
    "Pseudonyms",
    "anonymize",
    "Assigned",
    "Award",
    "Board",
    "BoardResult",
    "Direction",
    "Entry",
    "Event",
    "EventKind",
    "Match",
    "Player",
    "Results",
    "Score",
    "Scoring",
    "Seating",
    "Section",
    "Segment",
    "Special",
    "Strat",
    "StratRank",
    "parse_score",
    "score_text",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
