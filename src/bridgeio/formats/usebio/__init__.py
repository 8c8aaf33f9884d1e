"""USEBIO XML results (1.0-1.4): read into the results model, write, validate, anonymise.

Modules: ``parsing`` (safe streaming parse), ``reader`` (the one pass), ``events``,
``entries``, ``boards``, ``matches``, ``handsets`` (what each element becomes in the model),
``values`` (texts and values both ways), ``provenance`` (what the model has no field for),
``checks`` (schema and rules in the reader's pass), ``writer`` and ``output`` (writing),
``anonymize`` (byte for byte), ``names`` (the vocabulary).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgeio.model.document import Document
    from bridgeio.model.results import Results


def split_events(doc: Document) -> list[tuple[str, Results]]:
    """One file a USEBIO event: several events give OUT-1.xml, OUT-2.xml, ..."""
    from bridgeio.model.results import Results

    if not isinstance(doc, Results):
        return []
    return [
        (str(event.number), Results([event], doc.format, provenance=doc.provenance))
        for event in doc.events
    ]


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in ("reader", "writer", "checks", "anonymize"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
