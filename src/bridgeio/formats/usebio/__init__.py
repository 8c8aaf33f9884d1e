"""USEBIO XML results (1.0-1.4): read into the results model.

>>> sniff(b'<?xml version="1.0"?><USEBIO Version="1.2">', 40)
True
"""

from __future__ import annotations

from typing import Any

from bridgeio.formats.usebio import reader, validate, writer
from bridgeio.formats.usebio.reader import sniff
from bridgeio.model.results import Results
from bridgeio.registry import FileFormat, register_format


def events(doc: Any) -> list[tuple[str, Results]]:
    """One file a USEBIO event: several events give OUT-1.xml, OUT-2.xml, ..."""
    if not isinstance(doc, Results):
        return []
    parts = []
    for event in doc.events:
        part = Results(events=[event], format=doc.format, extra=dict(doc.extra))
        if len(doc.events) > 1:
            part.extra.pop("deals", None)
        parts.append((str(event.number), part))
    return parts


register_format(
    FileFormat(
        name="usebio",
        extensions=(".xml",),
        description="USEBIO XML results",
        sniff=sniff,
        read=reader.read,
        write=writer.write,
        check=validate.check,
        split=events,
        options={"usebio_version": "USEBIO version to write: 1.4 (default) or 1.2"},
    )
)

__all__ = ["reader", "writer", "sniff", "events"]
