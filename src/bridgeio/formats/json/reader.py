"""Reading the canonical JSON (DESIGN.md) back into the model: every document ``bridgeio dump``
writes, told apart by its keys.
"""

from __future__ import annotations

import json
from typing import Any

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.json.read_results import results_from_document
from bridgeio.model.document import Document

MAX_JSON_BYTES = 1 << 30

KINDS = ("records", "events", "schedule", "tournaments")
"""The key that tells each kind of document apart: deals, results, a movement, tournaments."""


def from_document(data: Any, path: str = "<data>") -> Document:
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
        results = results_from_document(data, path)
        if "records" in data and results.events:  # a PBN file with both: the first event's
            from bridgeio.formats.json.deals import deals_from_document
            from bridgeio.model.deals import DealSet

            deals = deals_from_document(data, path)
            if isinstance(deals, DealSet):
                results.events[0].deals = deals
        return results
    if "schedule" in data:
        from bridgeio.formats.json.movement import movement_from_document

        return movement_from_document(data, path)
    if "tournaments" in data:
        from bridgeio.formats.json.tournaments import tournaments_from_document

        return tournaments_from_document(data, path)
    from bridgeio.formats.json.deals import deals_from_document

    return deals_from_document(data, path)


def read(path: str) -> Document:
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
