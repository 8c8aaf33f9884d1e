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
# Within a strain the four nibbles are W, N, E, S: (byte, shift) of each model seat N, E, S, W
SEAT_NIBBLES = ((0, 4), (1, 0), (1, 4), (0, 0))

# Counts of each seat code in one byte, packed 6 bits per code: 13 bytes sum without overflow.
_PACKED_COUNTS = np.array(
    [sum(1 << (6 * ((b >> (2 * k)) & 3)) for k in range(4)) for b in range(256)], dtype=np.uint32
)
WHOLE_DEAL = sum(13 << (6 * code) for code in range(4))


def decode_seats(raw: np.ndarray, out: np.ndarray) -> None:
    """Bytes ``(n, 13)`` of 2-bit seat codes -> model seats ``(n, 52)`` written into ``out``."""
    for k in range(4):
        out[:, k::4] = ((raw >> (2 * k)) + 3) & 3


def encode_seats(seats: np.ndarray, out: np.ndarray) -> None:
    """Model seats ``(n, 52)`` -> bytes ``(n, 13)``; every seat must be 0-3."""
    codes = (seats + 1) & 3
    out[:] = codes[:, 0::4] | (codes[:, 1::4] << 2) | (codes[:, 2::4] << 4) | (codes[:, 3::4] << 6)


def whole_deals(raw: np.ndarray) -> np.ndarray:
    """For bytes ``(n, 13)``: does each record give every hand 13 cards?"""
    return _PACKED_COUNTS[raw].sum(axis=1, dtype=np.uint32) == WHOLE_DEAL


def seat_counts(raw: np.ndarray) -> np.ndarray:
    """Cards per Pavlicek seat code (W, N, E, S) for each record of bytes ``(n, 13)``."""
    packed = _PACKED_COUNTS[raw].sum(axis=1, dtype=np.uint32)
    return np.stack([(packed >> (6 * code)) & 63 for code in range(4)], axis=1)


def decode_tricks(raw: np.ndarray, out: np.ndarray) -> None:
    """Bytes ``(n, 10)`` of ZDD nibbles -> model tricks ``(n, 5, 4)`` written into ``out``."""
    ordered = raw.reshape(len(raw), 5, 2)[:, STRAIN_BYTES]
    for seat, (byte, shift) in enumerate(SEAT_NIBBLES):
        out[:, :, seat] = (ordered[:, :, byte] >> shift) & 15


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
    return _ZBS_SEAT[digits]


def encode_locators(locations: np.ndarray) -> np.ndarray:
    """``(n, 13)`` model seats (``NO_SEAT`` unused) -> locators."""
    return (_ZBS_DIGIT[locations] * _POWERS).sum(axis=1)
