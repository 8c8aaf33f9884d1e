"""ZBS files: 32-bit suit records, grouped into diagrams by their continuation flag."""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from bridgeio.errors import ConversionError, FormatError
from bridgeio.files import input_size
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek.layout import LOCATOR_LIMIT, ZBS
from bridgeio.formats.pavlicek.records import report_cut
from bridgeio.model import DealSet, DiagramSet

MAX_ZBS_BYTES = 1 << 31  # 2 GiB of suit records is beyond any real diagram collection


def read(path: str) -> DiagramSet:
    """Read a ZBS file into diagrams, stopping at the null record that ends a list."""
    size = input_size(path)
    if size > MAX_ZBS_BYTES:
        raise FormatError(path, "file", f"at most {MAX_ZBS_BYTES} bytes of ZBS records")
    with open(path, "rb") as handle:
        data = handle.read()
    whole = len(data) // 4
    words = np.frombuffer(data, dtype="<u4", count=whole)
    zeros = np.flatnonzero(words == 0)
    terminated = len(zeros) > 0
    count = int(zeros[0]) if terminated else whole
    words = words[:count]
    if not terminated and whole * 4 != len(data):  # cut: whole diagrams read, the cut said
        open_run = _open_run(words)
        report_cut(path, ZBS, whole, len(data), open_run)
        words = words[: len(words) - open_run]
    locators = words >> 1
    too_big = np.flatnonzero(locators >= LOCATOR_LIMIT)
    if len(too_big):
        i = int(too_big[0])
        raise FormatError(
            path,
            f"record {i + 1} at byte {i * 4}",
            f"a locator below 5^13 = {LOCATOR_LIMIT}, found {int(locators[i])}",
        )
    sizes = group_sizes(words & 1, path)
    result = DiagramSet(
        codec.decode_locators(locators),
        sizes,
        terminated,
        data[count * 4 + 4 :] if terminated else b"",
    )
    result.format = "zbs"
    return result


def _open_run(words: np.ndarray) -> int:
    """How many records at the end carry the "another suit follows" flag."""
    ends = np.flatnonzero((words & 1) == 0)
    return len(words) - (int(ends[-1]) + 1 if len(ends) else 0)


def group_sizes(flags: np.ndarray, path: str) -> np.ndarray:
    """Records per diagram from the continuation flags; at most four suits a diagram."""
    ends = np.flatnonzero(flags == 0)
    if len(flags) and flags[-1] == 1:
        start = int(ends[-1]) + 1 if len(ends) else 0
        raise FormatError(
            path,
            f"record {len(flags)} at byte {(len(flags) - 1) * 4}",
            f"the diagram begun at record {start + 1} to end (flag 0) before the list does",
        )
    sizes = np.diff(np.concatenate(([-1], ends))).astype(np.int64)
    long = np.flatnonzero(sizes > 4)
    if len(long):
        start = int(ends[long[0]] - sizes[long[0]] + 1)
        raise FormatError(
            path,
            f"record {start + 1} at byte {start * 4}",
            f"at most 4 suit records a diagram, found {int(sizes[long[0]])}",
        )
    return sizes


def as_diagrams(doc: DealSet | DiagramSet, source: str | None = None) -> DiagramSet:
    """``doc`` as suit diagrams (each deal a four-suit one); :class:`ConversionError` for deals
    without cards."""
    if isinstance(doc, DiagramSet):
        return doc
    if doc.seats is None:
        raise ConversionError("zbs", "the cards of each deal", source)
    return DiagramSet.from_deals(doc)


def write(doc: DealSet | DiagramSet, handle: BinaryIO, source: str | None = None) -> None:
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


def write_chunks(chunks: Iterable[DealSet], handle: BinaryIO, source: str | None = None) -> None:
    """Deals in chunks, each deal as a four-suit diagram."""
    for chunk in chunks:
        write(as_diagrams(chunk, source), handle, source)
