"""Reading Pavlicek's files: ZBD, ZDD, ZRD and ZRJ records into a deal set (whole, or chunk
by chunk in bounded memory), ZBS suit records into diagrams."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek.deal_records import (
    CHUNK_RECORDS,
    allocate,
    decode_chunk,
    raw_chunks,
    report_cut,
)
from bridgeio.formats.pavlicek.layout import LOCATOR_LIMIT, ZBS, RecordLayout
from bridgeio.formats.pavlicek.suits import group_sizes, open_run_of
from bridgeio.model import DealSet, DiagramSet

MAX_ZBS_BYTES = 1 << 31  # 2 GiB of suit records is beyond any real diagram collection


def read(path: str, layout: RecordLayout) -> DealSet:
    """Read a whole file into one :class:`DealSet`, decoding straight into its arrays."""
    capacity = input_size(path) // layout.size
    result = allocate(layout, capacity)
    count = 0
    for raw, first, trailing in raw_chunks(path, layout):
        view = result[first : first + len(raw)]  # views of the result's arrays
        decode_chunk(raw, layout, first, path, out=view)
        count = first + len(raw)
        if trailing is not None:
            result.terminated, result.trailing = True, trailing
    if count < capacity:
        shortened = result[:count]
        shortened.terminated, shortened.trailing = result.terminated, result.trailing
        result = shortened
    result.format = layout.name
    return result


def iter_chunks(path: str, layout: RecordLayout, records: int = CHUNK_RECORDS) -> Iterator[DealSet]:
    """Decode a file chunk by chunk; the last chunk carries the end marker and trailing bytes."""
    for raw, first, trailing in raw_chunks(path, layout, records):
        chunk = decode_chunk(raw, layout, first, path)
        if trailing is not None:
            chunk.terminated, chunk.trailing = True, trailing
        yield chunk


def read_diagrams(path: str) -> DiagramSet:
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
        open_run = open_run_of(words)
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
