"""Random deals: whole, uniform, and fixed by the seed."""

from __future__ import annotations

import hashlib

import numpy as np

import bridgeio
from bridgeio.cli import run
from bridgeio.double_dummy import random_deals
from bridgeio.model import concat


def deals_of(count: int, seed: int, chunk: int = 1 << 16):
    return concat(list(random_deals(count, seed, chunk)))


def test_deals_are_whole_and_numbered():
    deals = deals_of(500, 3)
    for seat in range(4):
        assert ((deals.seats == seat).sum(axis=1) == 13).all()
    assert deals.boards.tolist() == list(range(1, 501))


def test_the_seed_fixes_the_deals_whatever_the_chunk_size():
    assert np.array_equal(deals_of(300, 9).seats, deals_of(300, 9, chunk=7).seats)
    assert not np.array_equal(deals_of(300, 9).seats, deals_of(300, 10).seats)


def test_the_stream_is_pinned():
    """Pinned digest: a change here would break 'the same deals on any machine'."""
    digest = hashlib.sha256(deals_of(1000, 2026).seats.tobytes()).hexdigest()
    assert digest == PINNED_DIGEST


def test_vectorised_shuffle_matches_the_documented_algorithm():
    """Python integers, one deal at a time: PCG64 raw words, Fisher-Yates from the top card,
    j = floor(word * (i + 1) / 2**64), positions 0-12 to North, 13-25 East, ..."""
    bits = np.random.PCG64(77)
    words = [int(w) for w in bits.random_raw(51 * 20)]
    expected = []
    for deal in range(20):
        deck = list(range(52))
        for step, i in enumerate(range(51, 0, -1)):
            j = (words[51 * deal + step] * (i + 1)) >> 64
            deck[i], deck[j] = deck[j], deck[i]
        seats = [0] * 52
        for position, card in enumerate(deck):
            seats[card] = position // 13
        expected.append(seats)
    assert deals_of(20, 77).seats.tolist() == expected


def test_every_card_goes_to_every_seat_about_equally_often():
    seats = deals_of(40_000, 1).seats
    counts = np.stack([(seats == s).sum(axis=0) for s in range(4)])  # (4, 52)
    expected = 10_000
    # Each cell is binomial(40000, 1/4): sd ~ 87; 5 sd bounds fail by chance ~1e-6 per cell.
    assert (np.abs(counts - expected) < 5 * 87).all()


def test_generate_command(tmp_path):
    assert run(["generate", "--count", "25", "--seed", "4", str(tmp_path / "a.pbn")]) == 0
    assert run(["generate", "-n", "25", "--seed", "4", str(tmp_path / "a.zbd")]) == 0
    assert (
        bridgeio.read(tmp_path / "a.pbn").seats.tolist()
        == bridgeio.read(tmp_path / "a.zbd").seats.tolist()
    )
    assert run(["generate", "-n", "5", str(tmp_path / "a.zrd")]) == 2  # no tricks to write


PINNED_DIGEST = "a4e23f40c415a266945a7faaee004d8942569702c6b75556ae1ec946c7026b2d"
