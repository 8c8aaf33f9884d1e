"""Uniformly random deals, the same for a seed on every machine.

The stream is the PCG64 bit generator's raw 64-bit output (NumPy guarantees it stays the same
across versions and platforms, unlike its higher-level sampling methods), used by a
Fisher-Yates shuffle of the 52 cards, 51 draws a deal. Each draw maps a 64-bit word to
``0 <= j <= i`` by exact integer arithmetic (floor(word * (i + 1) / 2**64)), so the deals
depend only on the seed and the deal number, never on the machine or the chunk size.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from bridgeio.model import DealSet

DRAWS = 51
_DEALT = np.repeat(np.arange(4, dtype=np.uint8), 13)  # positions 0-12 North, 13-25 East, ...


def _below(words: np.ndarray, bound: int) -> np.ndarray:
    """floor(words * bound / 2**64), exactly, for a small bound (no 128-bit integers needed)."""
    high, low = words >> np.uint64(32), words & np.uint64(0xFFFFFFFF)
    bound64 = np.uint64(bound)
    return (high * bound64 + ((low * bound64) >> np.uint64(32))) >> np.uint64(32)


def shuffled_decks(words: np.ndarray) -> np.ndarray:
    """Decks ``(n, 52)`` of card numbers from ``(n, 51)`` random words."""
    n = len(words)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for step, i in enumerate(range(51, 0, -1)):
        j = _below(words[:, step], i + 1).astype(np.intp)
        top = decks[:, i].copy()
        decks[:, i] = decks[rows, j]
        decks[rows, j] = top
    return decks


def random_deals(count: int, seed: int, chunk: int = 1 << 16) -> Iterator[DealSet]:
    """``count`` random deals for ``seed``, in chunks (numbered boards 1, 2, ...).

    >>> first = next(random_deals(2, seed=1))
    >>> len(first), (first.seats == 0).sum(axis=1).tolist()
    (2, [13, 13])
    >>> next(random_deals(1, seed=1))[0] == first[0]
    True
    """
    if count < 0 or seed < 0:
        raise ValueError("the count and the seed must not be negative")
    bits = np.random.PCG64(seed)
    done = 0
    while done < count:
        n = min(chunk, count - done)
        words = bits.random_raw(n * DRAWS).reshape(n, DRAWS)
        decks = shuffled_decks(words)
        seats = np.empty((n, 52), dtype=np.uint8)
        np.put_along_axis(seats, decks.astype(np.intp), np.broadcast_to(_DEALT, (n, 52)), axis=1)
        deals = DealSet(seats)
        deals.boards = np.arange(done + 1, done + n + 1, dtype=np.int64)
        done += n
        yield deals
