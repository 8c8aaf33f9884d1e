"""Canonical JSON (DESIGN.md): the documents ``bridgeio dump`` prints, and reading them back.

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

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.json.results import results_document, results_from_document, results_text
from bridgeio.model.document import Document, DocumentKind

if TYPE_CHECKING:
    from bridgeio.model.deals import DealSet
    from bridgeio.model.diagrams import DiagramSet

MAX_JSON_BYTES = 1 << 30

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
    results file's written faster, by :func:`~bridgeio.formats.json.results.results_text`)."""
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
    last: DealSet | DiagramSet | None = None
    for chunk in itertools.chain([] if head is None else [head], chunks):
        if chunk.kind != DocumentKind.DEALS:
            raise ValueError(f"a {chunk.kind} document among chunks of deals")
        if not opened:
            name = source or chunk.format or "json"
            handle.write(f'{{"format": {json.dumps(name)}, "records": ['.encode())
            opened = True
        records = diagram_records(chunk) if isinstance(chunk, DiagramSet) else deal_records(chunk)
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


KINDS = ("records", "events", "schedule", "tournaments")
"""The key that tells each kind of document apart: deals, results, a movement, tournaments."""


def from_document(data: Any, path: str = "<data>") -> Any:
    """The model object of a canonical JSON document, told apart by its keys: ``records``
    (deals or suit diagrams), ``events`` (results; a PBN file's may hold ``records`` too),
    ``schedule`` (a movement), ``tournaments``. :class:`FormatError` naming the JSON path
    of anything malformed.

    >>> from_document({"format": "asc", "schedule": []}, "m.json")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: m.json: individual: expected a value (the key is missing)
    >>> from_document([1, 2], "x.json")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: x.json: top level: expected an object with one of the keys ...
    """
    found = [key for key in KINDS if isinstance(data, dict) and key in data]
    if not found:
        raise FormatError(path, "top level", f"an object with one of the keys {', '.join(KINDS)}")
    if len(found) > 1 and found != ["records", "events"]:
        raise FormatError(
            path, "top level", f"one of the keys {', '.join(KINDS)}, found {' and '.join(found)}"
        )
    if "events" in data:
        return results_from_document(data, path)
    if "schedule" in data:
        from bridgeio.formats.json.movement import movement_from_document

        return movement_from_document(data, path)
    if "tournaments" in data:
        from bridgeio.formats.json.tournaments import tournaments_from_document

        return tournaments_from_document(data, path)
    from bridgeio.formats.json.deals import deals_from_document

    return deals_from_document(data, path)


def read(path: str) -> Any:
    """The model object of the canonical JSON document in the file at ``path``."""
    if input_size(path) > MAX_JSON_BYTES:
        raise FormatError(path, "file", f"a JSON file of at most {MAX_JSON_BYTES} bytes")
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise FormatError(path, "text", "UTF-8 JSON") from None
    except json.JSONDecodeError as error:
        raise FormatError(
            path, f"line {error.lineno} column {error.colno}", f"JSON ({error.msg})"
        ) from None
    except RecursionError:
        raise FormatError(path, "nesting", "JSON nested less deeply") from None
    return from_document(data, path)
