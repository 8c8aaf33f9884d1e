"""Richard Pavlicek's binary deal formats: ZBS, ZBD, ZDD, ZRD and ZRJ.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "d.zbd")
>>> deals = bridgeio.model.DealSet(np.repeat(np.arange(4, dtype=np.uint8), 13)[None])
>>> bridgeio.write(deals, path); os.path.getsize(path)
13
>>> bridgeio.read(path)[0].hand(bridgeio.Seat.NORTH)
'AKQJT98765432...'
"""

from __future__ import annotations

from functools import partial

import numpy as np

from bridgeio.formats.pavlicek import checks, codec, records, suits
from bridgeio.formats.pavlicek.layout import LAYOUTS, LOCATOR_LIMIT, ZBS, RecordLayout
from bridgeio.formats.pavlicek.records import RecordFile
from bridgeio.registry import FileFormat, register_format

SNIFF_RECORDS = 16


def plausible(layout: RecordLayout, head: bytes, size: int) -> bool:
    """Do the first records of a file decode cleanly as ``layout``?"""
    whole = min(len(head) // layout.size, SNIFF_RECORDS)
    raw = np.frombuffer(head, dtype=np.uint8, count=whole * layout.size).reshape(whole, layout.size)
    stop = records.marker_at(raw, layout)
    if stop is None and size % layout.size:
        return False
    rows = raw if stop is None else raw[:stop]
    if not len(rows):
        return False
    if layout is ZBS:
        words = rows.view("<u4").ravel()
        return bool(((words >> 1) < LOCATOR_LIMIT).all())
    if layout.has_deal and not codec.whole_deals(rows).all():
        return False
    nibbles = checks._nibble_bytes(rows, layout)
    if nibbles is not None and ((nibbles & 15) == 14).any() | ((nibbles >> 4) == 14).any():
        return False
    return not (layout.name == "zrj" and (rows[:, 13] & 0b1100).any())


def _register(layout: RecordLayout) -> None:
    if layout is ZBS:
        reader, writer, chunks_writer, chunk_reader = (
            suits.read,
            suits.write,
            suits.write_chunks,
            None,
        )
    else:
        reader = partial(records.read, layout=layout)
        chunk_reader = partial(records.iter_chunks, layout=layout)
        chunks_writer = partial(records.write_chunks, layout=layout)
        writer = None
    register_format(
        FileFormat(
            name=layout.name,
            extensions=(f".{layout.name}",),
            description=layout.title,
            sniff=partial(plausible, layout),
            read=reader,
            write=writer,
            iter_chunks=chunk_reader,
            write_chunks=chunks_writer,
            check=partial(checks.check, layout=layout),
            options={"seat": "ZRJ target hand: N, E, S or W"} if layout.name == "zrj" else {},
            record_size=layout.size,
        )
    )


for _layout in LAYOUTS.values():
    _register(_layout)

__all__ = ["RecordFile", "LAYOUTS", "plausible"]
