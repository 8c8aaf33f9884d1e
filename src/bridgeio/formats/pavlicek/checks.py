"""``validate`` for Pavlicek files: every problem listed with its record and byte, none raised."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import BinaryIO

import numpy as np

from bridgeio.errors import Problem
from bridgeio.files import input_size
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek.deal_records import cut_problem, marker_at, tail_is_end_marker
from bridgeio.formats.pavlicek.layout import LOCATOR_LIMIT, RecordLayout

Add = Callable[[int, str], None]  # report a problem of the record at an index

MAX_LISTED = 50  # problems of one kind listed before they are only counted


def check(path: str, layout: RecordLayout) -> list[Problem]:
    """All problems of a ZBD, ZDD, ZRD, ZRJ or ZBS file (see the module docstring)."""
    size = input_size(path)
    problems: list[Problem] = []
    counts: dict[str, int] = {}

    def add(index: int, message: str) -> None:
        kind = message.split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] <= MAX_LISTED:
            problems.append(Problem(f"record {index + 1} at byte {index * layout.size}", message))

    records = size // layout.size
    end = None
    flags_tail = 0
    with open(path, "rb") as handle:
        for first, raw in _chunks(handle, layout, records):
            stop = marker_at(raw, layout)
            rows = raw if stop is None else raw[:stop]
            flags_tail = _check_rows(rows, layout, first, add, flags_tail)
            if stop is not None:
                end = first + stop
                break
        tail = handle.read() if end is None else b""
    if tail and tail_is_end_marker(tail, layout):
        end = records
    cut = end is None and size % layout.size
    if layout.name == "zbs" and flags_tail and not cut:
        last = (end if end is not None else records) - 1
        add(last, "unfinished diagram: the last record's flag says another suit follows")
    if cut:  # the same problem as the reader reports, so validate lists it once
        problems.append(cut_problem(layout, records, size, flags_tail))  # (0 unless ZBS)
    elif end is not None and size > end * layout.size + layout.end_bits // 8:
        after = size - end * layout.size - layout.end_bits // 8
        problems.append(
            Problem(
                f"record {end + 1} at byte {end * layout.size}",
                f"end-of-list marker followed by {after} more bytes (not read as records)",
                "warning",
            )
        )
    for kind, count in counts.items():
        if count > MAX_LISTED:
            problems.append(
                Problem("file", f"{count - MAX_LISTED} more problems of the kind '{kind}'")
            )
    return problems


def _chunks(handle: BinaryIO, layout: RecordLayout, total: int) -> Iterator[tuple[int, np.ndarray]]:
    step = 1 << 16
    for first in range(0, total, step):
        count = min(step, total - first)
        block = handle.read(count * layout.size)
        yield first, np.frombuffer(block, dtype=np.uint8).reshape(count, layout.size)


def _check_rows(raw: np.ndarray, layout: RecordLayout, first: int, add: Add, flag_in: int) -> int:
    """Report the problems of a block of records; returns the ZBS flag of its last record."""
    if layout.has_deal:
        counts = codec.seat_counts(raw)
        for row in np.flatnonzero((counts != 13).any(axis=1)):
            found = ", ".join(f"{s} {c}" for s, c in zip("WNES", counts[row].tolist(), strict=True))
            add(first + int(row), f"not 13 cards a hand: {found}")
    nibble_bytes = _nibble_bytes(raw, layout)
    if nibble_bytes is not None:
        nibbles = np.concatenate([nibble_bytes & 15, nibble_bytes >> 4], axis=1)
        for row in np.flatnonzero((nibbles == 14).any(axis=1)):
            add(first + int(row), "trick count 14: a count is 0-13, or 15 for unknown")
    if layout.name == "zrj":
        for row in np.flatnonzero(raw[:, 13] & 0b1100):
            add(first + int(row), "reserved bits 106-107 are not zero")
    if layout.name == "zbs":
        return _check_suits(raw, first, add, flag_in)
    return 0


def _nibble_bytes(raw: np.ndarray, layout: RecordLayout) -> np.ndarray | None:
    tricks = layout.field("tricks")
    if tricks is not None:
        start = tricks.first_bit // 8
        return raw[:, start : start + 10]
    if layout.field("target_tricks") is not None:  # the NT nibble is the high half of byte 13
        return np.concatenate([raw[:, 13:14] & 0xF0, raw[:, 14:16]], axis=1)
    return None


def _check_suits(raw: np.ndarray, first: int, add: Add, flag_in: int) -> int:
    words = raw.view("<u4").ravel()
    for bad in np.flatnonzero((words >> 1) >= LOCATOR_LIMIT).tolist():
        add(first + bad, f"locator {int(words[bad] >> 1)} is not below 5^13 = {LOCATOR_LIMIT}")
    run = flag_in
    for row, flag in enumerate((words & 1).tolist()):
        run = run + 1 if flag else 0
        if run == 4:
            add(first + row, "a diagram of more than 4 suit records")
    return run
