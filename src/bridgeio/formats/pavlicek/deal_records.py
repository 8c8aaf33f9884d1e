"""The fixed-size deal records of ZBD, ZDD, ZRD and ZRJ files: raw chunks of a file, decoded
into the model's arrays and encoded from them, random access, and the problems of a cut file
(:mod:`.reader` and :mod:`.writer` read and write whole files with these).

Files are read in chunks straight into the model's arrays, so memory stays near the size of the
decoded arrays, and large files can be streamed chunk by chunk with bounded memory.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Iterator

import numpy as np

from bridgeio.errors import FormatError, Problem, report
from bridgeio.files import input_size
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek.layout import RecordLayout
from bridgeio.model import UNKNOWN_TRICKS, Deal, DealSet, Seat

CHUNK_RECORDS = 1 << 16


def marker_at(raw: np.ndarray, layout: RecordLayout) -> int | None:
    """Index of the first record of ``raw`` ``(n, size)`` that starts with the end marker."""
    if not len(raw):
        return None
    # The marker is 16 or 32 null bits: one unaligned word a record, far faster than any(axis=1)
    heads = codec.word_view(raw, "<u2" if layout.end_bits == 16 else "<u4", 0, 1)[:, 0]
    if heads.all():
        return None
    return int(np.flatnonzero(heads == 0)[0])


def decode_chunk(
    raw: np.ndarray, layout: RecordLayout, first: int, path: str, out: DealSet | None = None
) -> DealSet:
    """Decode records ``(n, size)`` (``first`` numbers the first for messages), into ``out``'s
    arrays when given (views of a larger set), else into new arrays."""
    n = len(raw)
    deals = out if out is not None else allocate(layout, n)
    if layout.has_deal:
        _require_whole_deals(raw, layout, first, path)
        codec.decode_seats(raw, _present(deals.seats))
    if layout.field("tricks") is not None:
        bad = codec.decode_tricks(raw, _field_byte(layout, "tricks"), _present(deals.tricks))
        if bad is not None:
            raise FormatError(path, _place(layout, first + bad), "tricks 0-13 or 15, found 14")
    if layout.field("target") is not None:
        reserved = codec.decode_target(
            raw[:, 13:16], _present(deals.tricks), _present(deals.target)
        )
        deals.extras["reserved"][:] = reserved
        _require_trick_counts(_present(deals.tricks), layout, first, path)
    return deals


def _present(array: np.ndarray | None) -> np.ndarray:
    """An array the layout guarantees (allocated by ``allocate`` or required of the input)."""
    assert array is not None
    return array


def _field_byte(layout: RecordLayout, name: str) -> int:
    """The first byte of a byte-aligned field of ``layout``."""
    field = layout.field(name)
    assert field is not None and field.first_bit % 8 == 0
    return field.first_bit // 8


def allocate(layout: RecordLayout, n: int) -> DealSet:
    """An empty deal set of ``n`` deals with the arrays a file of ``layout`` fills."""
    deals = DealSet()
    if layout.has_deal:
        deals.seats = np.empty((n, 52), dtype=np.uint8)
    if layout.has_tricks:
        deals.tricks = np.empty((n, 5, 4), dtype=np.uint8)
    if layout.field("target") is not None:
        deals.target = np.empty(n, dtype=np.uint8)
        deals.extras["reserved"] = np.empty(n, dtype=np.uint8)
    return deals


def _place(layout: RecordLayout, index: int) -> str:
    return f"record {index + 1} at byte {index * layout.size}"


def _require_whole_deals(raw: np.ndarray, layout: RecordLayout, first: int, path: str) -> None:
    ok = codec.whole_deals(raw)
    if not ok.all():
        bad = int(np.flatnonzero(~ok)[0])
        counts = codec.seat_counts(raw[bad : bad + 1])[0]
        found = ", ".join(f"{s} {c}" for s, c in zip("WNES", counts.tolist(), strict=True))
        raise FormatError(
            path, _place(layout, first + bad), f"13 cards in each hand, found {found}"
        )


def _require_trick_counts(tricks: np.ndarray, layout: RecordLayout, first: int, path: str) -> None:
    bad = (tricks > 13) & (tricks != UNKNOWN_TRICKS)
    if bad.any():
        row = int(np.flatnonzero(bad.any(axis=(1, 2)))[0])
        value = int(tricks[row][bad[row]][0])
        raise FormatError(path, _place(layout, first + row), f"tricks 0-13 or 15, found {value}")


def raw_chunks(
    path: str, layout: RecordLayout, records: int = CHUNK_RECORDS
) -> Iterator[tuple[np.ndarray, int, bytes | None]]:
    """``(raw records, number of the first, trailing)`` chunk by chunk; ``trailing`` is None
    until the end marker is met, then the bytes after it (and the iteration ends)."""
    size = input_size(path)
    with open(path, "rb") as handle:
        index = 0
        while True:
            block = handle.read(records * layout.size)
            whole = len(block) // layout.size
            raw = np.frombuffer(block, dtype=np.uint8, count=whole * layout.size)
            raw = raw.reshape(whole, layout.size)
            stop = marker_at(raw, layout)
            if stop is None and whole * layout.size < len(block):  # the last block
                tail = block[whole * layout.size :]
                if not tail_is_end_marker(tail, layout):
                    report_cut(path, layout, index + whole, size)
                    yield raw, index, None
                    return
                stop = whole
            if stop is not None:
                marker_end = stop * layout.size + layout.end_bits // 8
                yield raw[:stop], index, block[marker_end:] + handle.read()
                return
            yield raw, index, None
            index += whole
            if len(block) < records * layout.size:
                return


def tail_is_end_marker(tail: bytes, layout: RecordLayout) -> bool:
    """Is a partial last record an end marker (and what follows it)?"""
    return len(tail) >= layout.end_bits // 8 and not any(tail[: layout.end_bits // 8])


def report_cut(path: str, layout: RecordLayout, whole: int, size: int, open_run: int = 0) -> None:
    """Report a file cut inside a record, whose whole records are read (see ``cut_problem``)."""
    problem = cut_problem(layout, whole, size, open_run)
    report(path, problem.place, problem.message)


def cut_problem(layout: RecordLayout, whole: int, size: int, open_run: int = 0) -> Problem:
    """The problem of a file of ``size`` bytes that ends inside record ``whole + 1``; a ZBS
    file's last ``open_run`` records, a diagram the cut left unfinished, are left out too."""
    left_out = f"; the unfinished diagram of the last {open_run} of them left out"
    return Problem(
        _place(layout, whole),
        f"{layout.size} bytes a record, the file ends {size - whole * layout.size} byte(s) into "
        f"it (length {size} is not a whole number of records): cut, the {whole:,} whole "
        f"records read{left_out if open_run else ''}",
    )


def encode_chunk(deals: DealSet, layout: RecordLayout, seat: Seat | None = None) -> bytes:
    """Records for a chunk of deals, as bytes."""
    n = len(deals)
    out = np.zeros((n, layout.size), dtype=np.uint8)
    if layout.has_deal:
        codec.encode_seats(_present(deals.seats), out[:, :13])
    tricks = None
    if deals.tricks is not None:
        tricks = np.where(deals.tricks > 15, UNKNOWN_TRICKS, deals.tricks).astype(np.uint8)
    if layout.field("tricks") is not None:
        start = _field_byte(layout, "tricks")
        block = np.empty((n, 10), dtype=np.uint8)
        codec.encode_tricks(_present(tricks), block)
        out[:, start : start + 10] = block
    if layout.field("target") is not None:
        target = np.full(n, seat, np.uint8) if seat is not None else deals.target
        block = np.empty((n, 3), dtype=np.uint8)
        codec.encode_target(_present(tricks), _present(target), deals.extras.get("reserved"), block)
        out[:, 13:16] = block
    return out.tobytes()


class RecordFile:
    """Random access to the records of a file without reading it: ``RecordFile(path)[n]``.

    >>> import tempfile, os; from bridgeio.formats.pavlicek.layout import ZBD
    >>> p = os.path.join(tempfile.mkdtemp(), "one.zbd")
    >>> _ = open(p, "wb").write(bytes([0x55] * 13))  # every card to North
    >>> f = RecordFile(p, ZBD); len(f)
    1
    """

    def __init__(self, path: str | os.PathLike[str], layout: RecordLayout) -> None:
        self.path = os.fspath(path)
        self.layout = layout
        size = input_size(self.path)
        self._handle = open(self.path, "rb")  # noqa: SIM115  (closed by close())
        self._map = mmap.mmap(self._handle.fileno(), 0, access=mmap.ACCESS_READ) if size else None
        self._records = size // layout.size
        self._length: int | None = None

    def __len__(self) -> int:
        """Records before the end marker (found by a fast scan on first use)."""
        if self._length is None:
            self._length = self._records
            for start in range(0, self._records, CHUNK_RECORDS * 16):
                stop = marker_at(self._raw(start, start + CHUNK_RECORDS * 16), self.layout)
                if stop is not None:
                    self._length = start + stop
                    break
        return self._length

    def _raw(self, start: int, stop: int) -> np.ndarray:
        stop = min(stop, self._records)
        if self._map is None or stop <= start:
            return np.zeros((0, self.layout.size), dtype=np.uint8)
        raw = np.frombuffer(
            self._map,
            dtype=np.uint8,
            count=(stop - start) * self.layout.size,
            offset=start * self.layout.size,
        )
        return raw.reshape(-1, self.layout.size)

    def records(self, start: int, stop: int) -> DealSet:
        """Records ``start`` to ``stop`` (0-based, stop excluded) as a deal set."""
        stop = min(stop, len(self))
        return decode_chunk(self._raw(start, stop), self.layout, start, self.path)

    def __getitem__(self, index: int) -> Deal:
        index = range(len(self))[index]
        return self.records(index, index + 1)[0]

    def close(self) -> None:
        """Release the file (also on leaving a ``with`` block)."""
        if self._map is not None:
            self._map.close()
        self._handle.close()

    def __enter__(self) -> RecordFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
