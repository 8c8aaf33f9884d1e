"""What ``bridgeio.read`` returns: one of the model's document classes, each carrying its kind.

Every place that must know what it holds (a conversion choosing what a target can take,
``info``, the canonical JSON, CSV) asks ``doc.kind`` rather than guessing from attributes.
The classes are named here for type checkers only, so that importing this module needs no
NumPy (a results file never loads it).

>>> from bridgeio.model.movement import Movement
>>> Movement(4, 2, 1, 2, False).kind, DocumentKind.RESULTS == "results"
(<DocumentKind.MOVEMENT: 'movement'>, True)
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, TypeAlias, Union

if TYPE_CHECKING:
    from bridgeio.model.chess import TournamentIndex
    from bridgeio.model.deals import DealSet
    from bridgeio.model.diagrams import DiagramSet
    from bridgeio.model.movement import Movement
    from bridgeio.model.results import Results


class DocumentKind(StrEnum):
    """What a document holds; a format's ``holds`` names the kind it carries."""

    DEALS = "deals"  # a DealSet, or a DiagramSet of suit diagrams (ZBS)
    RESULTS = "results"
    MOVEMENT = "movement"
    TOURNAMENTS = "tournaments"


Document: TypeAlias = Union["DealSet", "DiagramSet", "Results", "Movement", "TournamentIndex"]
"""Any document :func:`bridgeio.read` returns."""


def kind_of(doc: object) -> DocumentKind | None:
    """The kind of a document, None for an object that is not one.

    >>> from bridgeio.model.results import Results
    >>> kind_of(Results()), kind_of("text")
    (<DocumentKind.RESULTS: 'results'>, None)
    """
    kind = getattr(type(doc), "kind", None)
    return kind if isinstance(kind, DocumentKind) else None
