"""Writing the canonical JSON (DESIGN.md): the documents ``bridgeio dump`` prints.

>>> import bridgeio, io, numpy as np
>>> deals = bridgeio.model.DealSet(np.repeat(np.arange(4, dtype=np.uint8), 13)[None])
>>> out = io.BytesIO(); write_chunks([deals], out, source="zbd")
>>> out.getvalue().decode()[:60]
'{"format": "zbd", "records": [\\n{"deal": "N:AKQJT98765432... '
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, BinaryIO

from bridgeio.formats.json.write_results import results_document, results_text
from bridgeio.model.document import Document, DocumentKind

if TYPE_CHECKING:
    from bridgeio.model.deals import DealSet
    from bridgeio.model.diagrams import DiagramSet

# The codecs of the other kinds of document are imported when one is met (deal sets need
# NumPy, tournaments pathlib): dumping a results file loads only the results codec.


WHOLE = (DocumentKind.RESULTS, DocumentKind.TOURNAMENTS, DocumentKind.MOVEMENT)
"""The kinds of document written whole (deal sets are streamed a record at a time)."""


def document(doc: Document, source: str | None = None) -> dict[str, Any]:
    """The whole canonical JSON document of a model object, as Python data."""
    if doc.kind == DocumentKind.RESULTS:
        return results_document(doc, source)
    if doc.kind == DocumentKind.TOURNAMENTS:
        from bridgeio.formats.json.tournaments import tournaments_document

        return tournaments_document(doc, source)
    if doc.kind == DocumentKind.MOVEMENT:
        from bridgeio.formats.json.movement import movement_document

        return movement_document(doc, source)
    from bridgeio.formats.json.deals import deal_records, diagram_records  # (NumPy: deals only)
    from bridgeio.model.diagrams import DiagramSet

    records = diagram_records(doc) if isinstance(doc, DiagramSet) else deal_records(doc)
    result: dict[str, Any] = {"format": source or doc.format or "json", "records": records}
    if doc.terminated:
        result["end_marker"] = True
        if doc.trailing:
            result["trailing_hex"] = doc.trailing.hex()
    return result


def text(doc: Document, source: str | None = None) -> str:
    """``json.dumps(document(doc, source))``: the document as one line of JSON text (a
    results file's written faster, by :func:`~bridgeio.formats.json.write_results.results_text`)."""
    if doc.kind == DocumentKind.RESULTS:
        return results_text(doc, source)
    return json.dumps(document(doc, source))


def write_chunks(chunks: Iterable[Document], handle: BinaryIO, source: str | None = None) -> None:
    """Stream one JSON document, a record a line, from chunks of deals or diagrams (or write
    results, a movement or a tournament index whole)."""
    chunks = iter(chunks)
    head = next(chunks, None)
    if head is not None and head.kind in WHOLE:
        handle.write(text(head, source).encode() + b"\n")
        return
    from bridgeio.formats.json.deals import deal_records, diagram_records
    from bridgeio.model.diagrams import DiagramSet

    opened = written = False  # the head of the document written; a record written
    done = 0  # records written: where a chunk without board numbers starts
    last: DealSet | DiagramSet | None = None
    for chunk in itertools.chain([] if head is None else [head], chunks):
        if chunk.kind != DocumentKind.DEALS:
            raise ValueError(f"a {chunk.kind} document among chunks of deals")
        if not opened:
            name = source or chunk.format or "json"
            handle.write(f'{{"format": {json.dumps(name)}, "records": ['.encode())
            opened = True
        if isinstance(chunk, DiagramSet):
            records = diagram_records(chunk)
        else:
            records = deal_records(chunk, done)
        done += len(chunk)
        for record in records:
            handle.write((",\n" if written else "\n").encode() + json.dumps(record).encode())
            written = True
        last = chunk
    if not opened:
        handle.write(f'{{"format": {json.dumps(source or "json")}, "records": ['.encode())
    tail = "\n]"
    if last is not None and last.terminated:
        tail += ', "end_marker": true'
        if last.trailing:
            tail += f', "trailing_hex": "{last.trailing.hex()}"'
    handle.write((tail + "}\n").encode())
