"""What a format carries in the canonical JSON beyond the model, given back to that format:
the format named in ``kept``/``provenance`` (or a deal record's key) restores its own
provenance through the registry, so the JSON format imports no other format.

>>> restore("no-such-format", {}, "x.json") is None
True
"""

from __future__ import annotations

from typing import Any

from bridgeio.model.document import Document
from bridgeio.model.provenance import Provenance
from bridgeio.registry import FileFormat, formats, get_format


def _registered(name: str | None) -> FileFormat | None:
    """The registered format called ``name``, None for no such format."""
    try:
        return get_format(name) if name else None
    except ValueError:
        return None


def restore(name: str, data: Any, path: str) -> Provenance | None:
    """The provenance format ``name`` carried as ``data`` (None for a format that carries
    none); ``ValueError`` or :class:`~bridgeio.errors.FormatError` for data it cannot read."""
    fmt = _registered(name)
    if fmt is None or fmt.restore is None:
        return None
    found = fmt.restore(data, path)
    if not isinstance(found, Provenance):
        raise ValueError(f"{name} provenance: not restorable from {type(data).__name__}")
    return found


def carry(doc: Document, name: str | None) -> Provenance | None:
    """What the format ``name`` that ``doc`` was read from keeps of it beyond the model, where
    the document holds none itself (that format's registered ``carry``), else None."""
    fmt = _registered(name)
    if fmt is None or fmt.carry is None:
        return None
    found = fmt.carry(doc)
    return found if isinstance(found, Provenance) else None


def carriers() -> list[str]:
    """The names of the formats that restore what they carry."""
    return [fmt.name for fmt in formats() if fmt.restore is not None]
