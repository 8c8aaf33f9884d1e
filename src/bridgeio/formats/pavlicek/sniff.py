"""Sniffing Pavlicek's headerless record files on evidence.

These files have no signature, so a file is called ZBS/ZBD/ZDD/ZRD/ZRJ only when it is not
something else (empty, text, a known binary container) and its first records fit the layout:
whole deals, trick counts a double-dummy solver can give, locators below 5^13, diagrams of at
most four suits. From content alone a few whole records are needed as evidence; a file whose
extension names the format may be shorter or cut (``resembles``), and its reader says how.

>>> from bridgeio.formats.pavlicek.layout import ZBD, ZBS
>>> plausible(b"hello, world\\n", 13, ZBS)
False
>>> plausible(b"", 0, ZBD)
False
"""

from __future__ import annotations

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.formats.pavlicek import codec
from bridgeio.formats.pavlicek import deal_records as records
from bridgeio.formats.pavlicek.layout import LOCATOR_LIMIT, ZBS, RecordLayout
from bridgeio.model import UNKNOWN_TRICKS, Seat

SNIFF_RECORDS = 16  # records looked at (64 bytes of ZBS at least)
# Whole records needed before a file is called one of these formats by its content alone
MIN_EVIDENCE_RECORDS = 4
MIN_EVIDENCE_BYTES = 64
TEXT_SAMPLE = 1024

# Signatures of common files whose bytes could otherwise pass for records.
FOREIGN_SIGNATURES = (
    b"\x7fELF",  # executable
    b"PK\x03\x04",  # ZIP (also docx, xlsx, jar)
    b"PK\x05\x06",  # empty ZIP
    b"%PDF",
    b"\x1f\x8b",  # gzip
    b"BZh",
    b"\xfd7zXZ",
    b"7z\xbc\xaf",
    b"\x89PNG",
    b"GIF8",
    b"\xff\xd8\xff",  # JPEG
    b"\xd0\xcf\x11\xe0",  # OLE (xls, doc)
    b"SQLite format 3",
    b"\xef\xbb\xbf",  # UTF-8 byte order mark: a text file
    b"\xff\xfe",
    b"\xfe\xff",
)


def plausible(head: bytes, size: int, layout: RecordLayout) -> bool:
    """Do the content and size of a file show it to be a ``layout`` file?

    >>> from bridgeio.formats.pavlicek.layout import ZBD
    >>> from bridgeio.formats.pavlicek.deal_records import encode_chunk
    >>> from bridgeio.model import Deal, DealSet
    >>> deal = Deal.from_pbn(
    ...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    >>> records = encode_chunk(DealSet.from_deals([deal] * 5), ZBD)
    >>> plausible(records, len(records), ZBD), plausible(records[:39], 39, ZBD)  # 5 deals; 3
    (True, False)
    """
    rows = _fitting_records(head, size, layout)
    if rows is None:
        return False
    return len(rows) >= max(MIN_EVIDENCE_RECORDS, -(-MIN_EVIDENCE_BYTES // layout.size))


def resembles(head: bytes, size: int, layout: RecordLayout) -> bool:
    """Could this be a short or damaged ``layout`` file, named by its extension? Anything not
    empty, not text and not another kind of file: its reader then says what is wrong."""
    return size > 0 and not _foreign(head)


def _fitting_records(head: bytes, size: int, layout: RecordLayout) -> np.ndarray | None:
    """The records before any end marker among the first ones, if they all fit ``layout``."""
    if size == 0 or _foreign(head):
        return None
    whole = min(len(head) // layout.size, SNIFF_RECORDS)
    raw = np.frombuffer(head, dtype=np.uint8, count=whole * layout.size).reshape(whole, layout.size)
    stop = records.marker_at(raw, layout)
    if stop is None and size % layout.size:
        return None
    rows = raw if stop is None else raw[:stop]
    if not len(rows) or not _fits(rows, layout):
        return None
    return rows


def _fits(rows: np.ndarray, layout: RecordLayout) -> bool:
    if layout is ZBS:
        return _fits_zbs(rows.view("<u4").ravel())
    try:  # the reader's own checks: 13 cards a hand, trick counts 0-13 or 15
        deals = records.decode_chunk(rows, layout, 0, "<sniffed>")
    except FormatError:
        return False
    if layout.name == "zrj":  # one hand's tricks only: nothing to compare; reserved bits 0
        return not deals.extras["reserved"].any()
    return deals.tricks is None or _solver_shaped(deals.tricks)


def _fits_zbs(words: np.ndarray) -> bool:
    """Locators below 5^13, diagrams of at most four suits, no seat given more than 13 cards."""
    if ((words >> 1) >= LOCATOR_LIMIT).any():
        return False
    seats = codec.decode_locators(words >> 1)  # (n, 13) model seats, NO_SEAT unused
    group = np.cumsum(np.concatenate(([0], (words[:-1] & 1) == 0)))
    sizes = np.bincount(group)
    if (sizes > 4).any():
        return False
    for seat in range(4):  # model seats; unused cards are NO_SEAT
        held = np.bincount(group, weights=(seats == seat).sum(axis=1), minlength=len(sizes))
        if (held > 13).any():
            return False
    return True


def _solver_shaped(tricks: np.ndarray) -> bool:
    """Partners' double-dummy tricks in one strain differ only by the opening lead's effect:
    in at least half the records no two partners' known counts differ by more than 4
    (random nibbles pass about one record in 500). ``tricks`` is the model's ``(n, 5, 4)``."""
    known = tricks != UNKNOWN_TRICKS
    close = np.ones(tricks.shape[:2], dtype=bool)
    for seat, partner in ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST)):
        apart = np.abs(tricks[:, :, seat].astype(int) - tricks[:, :, partner]) > 4
        close &= ~(apart & known[:, :, seat] & known[:, :, partner])
    return bool(close.all(axis=1).mean() >= 0.5)


def _foreign(head: bytes) -> bool:
    """Is this the start of a file of another kind: a known signature, or text?"""
    if head.startswith(FOREIGN_SIGNATURES):
        return True
    return _is_text(head[:TEXT_SAMPLE])


def _is_text(sample: bytes) -> bool:
    """Printable UTF-8 or UTF-16 (tabs and line ends allowed) throughout the sample."""
    if not sample:
        return False
    even = sample[: len(sample) & ~1]
    return any(
        _printable(part, encoding)
        for part, encoding in ((sample, "utf-8"), (even, "utf-16-le"), (even, "utf-16-be"))
    )


def _printable(sample: bytes, encoding: str) -> bool:
    """Does ``sample`` decode as printable text? For UTF-16 mostly ASCII too: random bytes
    often decode to printable CJK characters, the text files met here never do."""
    try:
        text = sample.decode(encoding)
    except UnicodeDecodeError as cut:
        if cut.start < len(sample) - 3:  # not just a character cut by the sample's end
            return False
        text = sample[: cut.start].decode(encoding)
    if not text or not all(ch.isprintable() or ch in "\t\n\r\f" for ch in text):
        return False
    return encoding == "utf-8" or sum(ch.isascii() for ch in text) * 2 >= len(text)
