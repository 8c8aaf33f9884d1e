"""Vectorised bit codecs between Pavlicek record bytes and the model's arrays.

Pavlicek numbers seats West, North, East, South (0-3) and strains NT, S, H, D, C; the model
numbers seats North, East, South, West and strains S, H, D, C, NT. The conversions below do
the renumbering while they unpack, so no second pass over the data is needed.
"""

from __future__ import annotations

import numpy as np

from bridgeio.model import NO_SEAT

# Pavlicek seat code -> model seat: W(0)->3, N(1)->0, E(2)->1, S(3)->2, i.e. (code + 3) & 3.
MODEL_SEAT = np.array([3, 0, 1, 2], dtype=np.uint8)
PAVLICEK_SEAT = np.array([1, 2, 3, 0], dtype=np.uint8)  # model seat -> Pavlicek code
# Pavlicek strain position (NT, S, H, D, C) -> model strain (S=0 … C=3, NT=4)
MODEL_STRAIN = np.array([4, 0, 1, 2, 3])
STRAIN_BYTES = np.array([1, 2, 3, 4, 0])  # model strain -> Pavlicek strain position

# Lookup tables over 16-bit words (eight cards or four trick counts at a time). The record
# bytes are read through unaligned 16-bit views, so each table lookup does the work of many
# shifts and masks, and the renumbering into model order comes free.
_WORDS = np.arange(1 << 16)
_SEATS_OF_BYTE = np.zeros(256, dtype=np.uint32)  # a byte's 4 cards as 4 model-seat bytes
for _k in range(4):
    _SEATS_OF_BYTE |= MODEL_SEAT[(np.arange(256) >> (2 * _k)) & 3].astype(np.uint32) << (8 * _k)
_SEATS_OF_WORD = _SEATS_OF_BYTE[_WORDS & 255].astype(np.uint64) | (
    _SEATS_OF_BYTE[_WORDS >> 8].astype(np.uint64) << 32
)
# Counts of each seat code, packed 6 bits per code: 13 bytes sum without overflow.
_COUNTS_OF_BYTE = np.array(
    [sum(1 << (6 * ((b >> (2 * k)) & 3)) for k in range(4)) for b in range(256)], dtype=np.uint32
)
_COUNTS_OF_WORD = _COUNTS_OF_BYTE[_WORDS & 255] + _COUNTS_OF_BYTE[_WORDS >> 8]
WHOLE_DEAL = sum(13 << (6 * code) for code in range(4))
# A strain's two bytes (nibbles W, N, E, S from the low end) -> tricks of N, E, S, W as bytes;
# a word with a count of 14 (never valid) -> BAD_TRICKS, so decoding also validates.
_TRICKS_OF_WORD = (
    ((_WORDS >> 4) & 15)
    | (((_WORDS >> 8) & 15) << 8)
    | ((_WORDS >> 12) << 16)
    | ((_WORDS & 15) << 24)
).astype(np.uint32)
BAD_TRICKS = 0xFFFFFFFF
_TRICKS_OF_WORD[((_WORDS[:, None] >> np.arange(0, 16, 4)) & 15 == 14).any(axis=1)] = BAD_TRICKS


def word_view(array: np.ndarray, dtype: str, offset: int, count: int) -> np.ndarray:
    """``count`` little-endian words of ``dtype`` from byte ``offset`` of each row of a
    C-contiguous ``(n, width)`` byte array, without copying (unaligned reads are fine)."""
    return np.ndarray(
        (len(array), count),
        dtype=dtype,
        buffer=array,
        offset=offset,
        strides=(array.strides[0], np.dtype(dtype).itemsize),
    )


def decode_seats(raw: np.ndarray, out: np.ndarray) -> None:
    """Records ``(n, size)`` whose bytes 0-12 are a ZBD deal -> model seats ``(n, 52)``."""
    if not len(raw):
        return
    words = word_view(raw, "<u2", 0, 6)
    cards = word_view(out, "<u8", 0, 6)
    # np.take with mode="clip" skips index checks (every u16 is in the table); gathering into
    # a contiguous scratch row and copying it out beats gathering into the strided column.
    scratch = np.empty(len(raw), dtype=np.uint64)
    for column in range(6):
        np.take(_SEATS_OF_WORD, words[:, column], out=scratch, mode="clip")
        cards[:, column] = scratch
    word_view(out, "<u4", 48, 1)[:, 0] = _SEATS_OF_BYTE[raw[:, 12]]


def encode_seats(seats: np.ndarray, out: np.ndarray) -> None:
    """Model seats ``(n, 52)`` -> bytes ``(n, 13)``; every seat must be 0-3."""
    codes = (seats + 1) & 3
    out[:] = codes[:, 0::4] | (codes[:, 1::4] << 2) | (codes[:, 2::4] << 4) | (codes[:, 3::4] << 6)


def _packed_counts(raw: np.ndarray) -> np.ndarray:
    counts: np.ndarray = _COUNTS_OF_BYTE[raw[:, 12]]
    words = word_view(raw, "<u2", 0, 6)
    scratch = np.empty(len(raw), dtype=np.uint32)
    for column in range(6):
        np.take(_COUNTS_OF_WORD, words[:, column], out=scratch, mode="clip")
        counts += scratch
    return counts


def whole_deals(raw: np.ndarray) -> np.ndarray:
    """For records ``(n, size)`` starting with a ZBD deal: does every hand get 13 cards?"""
    if not len(raw):
        return np.ones(0, dtype=bool)
    whole: np.ndarray = _packed_counts(raw) == WHOLE_DEAL
    return whole


def seat_counts(raw: np.ndarray) -> np.ndarray:
    """Cards per Pavlicek seat code (W, N, E, S) for each record starting with a ZBD deal."""
    packed = _packed_counts(raw) if len(raw) else np.zeros(0, dtype=np.uint32)
    return np.stack([(packed >> (6 * code)) & 63 for code in range(4)], axis=1)


def decode_tricks(raw: np.ndarray, offset: int, out: np.ndarray) -> int | None:
    """The ZDD nibbles at byte ``offset`` of records ``(n, size)`` -> tricks ``(n, 5, 4)``.
    Returns the index of the first record with a count of 14 (not a trick count), else None."""
    if not len(raw):
        return None
    words = word_view(raw, "<u2", offset, 5)  # strains NT, S, H, D, C
    strains = out.reshape(len(out), 20).view(np.uint32)  # S, H, D, C, NT; seats N, E, S, W
    scratch = np.empty(len(raw), dtype=np.uint32)
    worst = 0
    for position, strain in enumerate(MODEL_STRAIN):
        np.take(_TRICKS_OF_WORD, words[:, position], out=scratch, mode="clip")
        worst = max(worst, int(scratch.max()))
        strains[:, strain] = scratch
    if worst != BAD_TRICKS:
        return None
    return int(np.flatnonzero((strains == BAD_TRICKS).any(axis=1))[0])


def encode_tricks(tricks: np.ndarray, out: np.ndarray) -> None:
    """Model tricks ``(n, 5, 4)`` (each below 16) -> ZDD bytes ``(n, 10)``."""
    pav = tricks[:, MODEL_STRAIN]  # strain positions NT, S, H, D, C
    view = out.reshape(len(out), 5, 2)
    view[:, :, 0] = pav[:, :, 3] | (pav[:, :, 0] << 4)  # W, N
    view[:, :, 1] = pav[:, :, 1] | (pav[:, :, 2] << 4)  # E, S


def decode_target(raw: np.ndarray, tricks_out: np.ndarray, target_out: np.ndarray) -> np.ndarray:
    """ZRJ bytes 13-15 ``(n, 3)`` -> target seat, its tricks (others unknown), reserved bits."""
    first = raw[:, 0]
    target_out[:] = MODEL_SEAT[first & 3]
    nibbles = np.stack(
        [first >> 4, raw[:, 1] & 15, raw[:, 1] >> 4, raw[:, 2] & 15, raw[:, 2] >> 4], axis=1
    )  # NT, S, H, D, C
    tricks_out[:] = 15
    rows = np.arange(len(raw))
    tricks_out[rows, :, target_out] = nibbles[:, STRAIN_BYTES]
    return (first >> 2) & 3


def encode_target(
    tricks: np.ndarray, target: np.ndarray, reserved: np.ndarray | None, out: np.ndarray
) -> None:
    """Model tricks and target seat -> ZRJ bytes 13-15 ``(n, 3)``."""
    rows = np.arange(len(tricks))
    made = tricks[rows, :, target][:, MODEL_STRAIN]  # (n, 5) in NT, S, H, D, C
    extra = 0 if reserved is None else (reserved.astype(np.uint8) & 3) << 2
    out[:, 0] = PAVLICEK_SEAT[target] | extra | (made[:, 0] << 4)
    out[:, 1] = made[:, 1] | (made[:, 2] << 4)
    out[:, 2] = made[:, 3] | (made[:, 4] << 4)


# ZBS: 13 base-5 digits, the first remainder (lowest digit) locating the ace.
_POWERS = 5 ** np.arange(13, dtype=np.int64)
# ZBS digit -> model seat (0 unused; 1-4 = W, N, E, S)
_ZBS_SEAT = np.array([NO_SEAT, 3, 0, 1, 2], dtype=np.uint8)
_ZBS_DIGIT = np.zeros(256, dtype=np.int64)
_ZBS_DIGIT[[0, 1, 2, 3]] = [2, 3, 4, 1]  # model seat -> digit; NO_SEAT -> 0


def decode_locators(locators: np.ndarray) -> np.ndarray:
    """Locators (each below 5**13) -> ``(n, 13)`` model seats, ace first, ``NO_SEAT`` unused."""
    digits = (locators.astype(np.int64)[:, None] // _POWERS) % 5
    seats: np.ndarray = _ZBS_SEAT[digits]
    return seats


def encode_locators(locations: np.ndarray) -> np.ndarray:
    """``(n, 13)`` model seats (``NO_SEAT`` unused) -> locators."""
    locators: np.ndarray = (_ZBS_DIGIT[locations] * _POWERS).sum(axis=1)
    return locators
