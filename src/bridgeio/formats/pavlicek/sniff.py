"""Sniffing Pavlicek's headerless record files: do a file's size and first records fit?"""

from __future__ import annotations

import numpy as np

from bridgeio.formats.pavlicek import checks, codec, records
from bridgeio.formats.pavlicek.layout import LOCATOR_LIMIT, ZBS, RecordLayout

SNIFF_RECORDS = 16


def plausible(head: bytes, size: int, layout: RecordLayout) -> bool:
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


def resembles(head: bytes, size: int, layout: RecordLayout) -> bool:
    """Could this be a damaged (cut, say) or empty file of ``layout``, named by its extension?"""
    if size % layout.size == 0:
        return True
    return plausible(head, size - size % layout.size, layout)
