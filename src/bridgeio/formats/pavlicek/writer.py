"""Writing Pavlicek's files: a deal set as ZBD, ZDD, ZRD or ZRJ records (chunk by chunk),
diagrams or deals as ZBS suit records; an end marker and what followed it are written back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from bridgeio.errors import ConversionError
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek.deal_records import encode_chunk, marker_at
from bridgeio.formats.pavlicek.layout import RecordLayout
from bridgeio.model import NO_SEAT, DealSet, DiagramSet, Seat, as_deals
from bridgeio.model.document import Document


def write_chunks(
    chunks: Iterable[Document],
    handle: BinaryIO,
    layout: RecordLayout,
    seat: Seat | str | None = None,
    source: str | None = None,
) -> None:
    """Write deal chunks as records; an end marker and trailing bytes are written if the last
    chunk had them."""
    target = Seat.from_char(seat) if isinstance(seat, str) else seat
    last = None
    for chunk in chunks:
        chunk = as_deals(chunk, layout.name)
        _require(chunk, layout, target, source)
        data = encode_chunk(chunk, layout, target)
        _refuse_false_markers(data, layout, source)
        handle.write(data)
        last = chunk
    if last is not None and last.terminated:
        handle.write(bytes(layout.end_bits // 8) + last.trailing)


def _require(deals: DealSet, layout: RecordLayout, seat: Seat | None, source: str | None) -> None:
    if layout.has_deal:
        if deals.seats is None:
            raise ConversionError(layout.name, "the cards of each deal", source)
        if (deals.seats == NO_SEAT).any() or (deals.seats > 3).any():
            raise ConversionError(layout.name, "whole deals (every card placed)", source)
    if layout.has_tricks and deals.tricks is None:
        raise ConversionError(layout.name, "double-dummy tricks", source)
    if layout.field("target") is not None and seat is None and deals.target is None:
        raise ConversionError(layout.name, "a target seat (give --seat N, E, S or W)", source)


def _refuse_false_markers(data: bytes, layout: RecordLayout, source: str | None) -> None:
    """A record that begins like the end marker would cut the list short when read back.

    Only ZDD can meet this (notrump 0 tricks for all four declarers, which real double-dummy
    results never give); a deal always has cards outside West's first 16.
    """
    raw = np.frombuffer(data, dtype=np.uint8).reshape(-1, layout.size)
    if marker_at(raw, layout) is not None:
        raise ConversionError(
            layout.name,
            "no record with 0 notrump tricks for all four declarers (it would "
            "read as the end of the list)",
            source,
        )


def as_diagrams(doc: Document, source: str | None = None) -> DiagramSet:
    """``doc`` as suit diagrams (each deal a four-suit one); :class:`ConversionError` for deals
    without cards."""
    if isinstance(doc, DiagramSet):
        return doc
    deals = doc if isinstance(doc, DealSet) else as_deals(doc, "zbs")
    if deals.seats is None:
        raise ConversionError("zbs", "the cards of each deal", source)
    return DiagramSet.from_deals(deals)


def write_diagrams(doc: Document, handle: BinaryIO, source: str | None = None) -> None:
    """Diagrams (or deals as four-suit diagrams) as ZBS records, then any end marker and the
    bytes that followed it."""
    diagrams = as_diagrams(doc, source)
    words = (codec.encode_locators(diagrams.locations) << 1).astype("<u4")
    ends = np.cumsum(diagrams.group_sizes) - 1
    if (words[ends] == 0).any():  # it would read back as the end of the list
        raise ConversionError("zbs", "a card in play in the last suit of every diagram", source)
    flags = np.ones(len(words), dtype="<u4")
    flags[ends] = 0
    handle.write((words | flags).tobytes())
    if diagrams.terminated:
        handle.write(bytes(4) + diagrams.trailing)


def write_diagram_chunks(
    chunks: Iterable[Document], handle: BinaryIO, source: str | None = None
) -> None:
    """Deals in chunks, each deal as a four-suit diagram."""
    for chunk in chunks:
        write_diagrams(as_diagrams(chunk, source), handle, source)
