"""Benchmark: Pavlicek ZRD files at the size of Pavlicek's solved-deal library.

Builds a ZRD file of 10,485,760 random valid deals (241 MB) and prints, from one run, records/s
for decoding to the deal set, encoding, the checksum and converting to PBN, next to two
baselines: a naive NumPy decoder (unpackbits, nibble masks, fancy-index renumbering; no
validation) and a plain pure-Python per-record decoder (int.from_bytes and shifts). Decoding is
warm: the best of a few runs in one process, the file in the page cache. Bars: decode at least
3.5x the naive NumPy decoder (issue 15), 50x the pure-Python one and 8 million records/s
(issue 2); peak memory of decoding under 3x the decoded arrays.

    python benchmarks/pavlicek.py [--records N] [--pbn-records N] [--baseline-records N]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

import bridgeio
from bridgeio.analysis.checksum import word_sum
from bridgeio.formats.pavlicek.codec import MODEL_SEAT, MODEL_STRAIN
from bridgeio.formats.pavlicek.deal_records import encode_chunk
from bridgeio.formats.pavlicek.layout import ZRD
from bridgeio.model import DealSet

LIBRARY_SIZE = 10_485_760
CHUNK = 1 << 18


def random_deals(rng: np.random.Generator, n: int) -> DealSet:
    """Uniformly random deals with random trick counts 0-13."""
    ordered = np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (n, 1))
    seats = rng.permuted(ordered, axis=1)
    tricks = rng.integers(0, 14, size=(n, 5, 4), dtype=np.uint8)
    return DealSet(seats, tricks)


def build(path: Path, n: int) -> float:
    """Write ``n`` random deals; returns the seconds spent encoding (generation not counted)."""
    rng = np.random.default_rng(7)
    encoding = 0.0
    with open(path, "wb") as handle:
        for start in range(0, n, CHUNK):
            deals = random_deals(rng, min(CHUNK, n - start))
            began = time.perf_counter()
            data = encode_chunk(deals, ZRD)
            encoding += time.perf_counter() - began
            handle.write(data)
    return encoding


def baseline_decode(path: Path, n: int) -> list:
    """The plain pure-Python decoder: one record at a time, int.from_bytes and shifts."""
    deals = []
    with open(path, "rb") as handle:
        for _ in range(n):
            record = handle.read(23)
            bits = int.from_bytes(record[:13], "little")
            seats = [(bits >> (2 * card)) & 3 for card in range(52)]
            tricks_bits = int.from_bytes(record[13:], "little")
            tricks = [(tricks_bits >> (4 * k)) & 15 for k in range(20)]
            deals.append((seats, tricks))
    return deals


def naive_numpy_decode(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The straightforward NumPy decoder: unpack every bit, pair them, renumber by indexing."""
    raw = np.fromfile(path, dtype=np.uint8).reshape(-1, ZRD.size)
    n = len(raw)
    bits = np.unpackbits(raw[:, :13], axis=1, bitorder="little").reshape(n, 52, 2)
    seats = MODEL_SEAT[bits[:, :, 0] | (bits[:, :, 1] << 1)]
    packed = raw[:, 13:]
    nibbles = np.stack([packed & 15, packed >> 4], axis=2).reshape(n, 5, 4)  # W N E S
    tricks = np.empty_like(nibbles)
    tricks[:, MODEL_STRAIN] = nibbles[:, :, [1, 2, 3, 0]]  # model seats N E S W
    return seats, tricks


def best_of(repeat: int, action, *args) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    return min(timed(action, *args)[1] for _ in range(repeat))


def timed(action, *args):
    began = time.perf_counter()
    result = action(*args)
    return result, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=LIBRARY_SIZE)
    parser.add_argument(
        "--pbn-records",
        type=int,
        default=1 << 20,
        help="records converted to PBN (the whole file would be ~7 GB of text)",
    )
    parser.add_argument("--baseline-records", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3, help="decode runs (the best counts)")
    parser.add_argument("--dir", default=None, help="where to put the test files")
    args = parser.parse_args()
    n = args.records
    folder = Path(args.dir or tempfile.mkdtemp(prefix="bridgeio-bench-"))
    zrd = folder / "random.zrd"

    encode_seconds = build(zrd, n)
    size = os.path.getsize(zrd)
    print(f"file: {n:,} random deals, {size:,} bytes ({zrd})")

    # Best of a few runs: the first touch of fresh memory in a new VM is slow, once.
    decode_seconds = float("inf")
    for _ in range(args.repeat):
        deals = None
        tracemalloc.start()
        deals, seconds = timed(bridgeio.read, zrd)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        decode_seconds = min(decode_seconds, seconds)
    decoded = deals.seats.nbytes + deals.tricks.nbytes
    assert len(deals) == n

    seats, tricks = naive_numpy_decode(zrd)  # the baseline must decode the same deals
    assert np.array_equal(seats, deals.seats) and np.array_equal(tricks, deals.tricks)
    del seats, tricks
    naive_rate = n / best_of(args.repeat, naive_numpy_decode, zrd)

    total, checksum_seconds = timed(word_sum, zrd)

    pbn_n = min(args.pbn_records, n)
    part = folder / "part.zrd"
    bridgeio.write(deals[:pbn_n], part)
    del deals
    _, pbn_seconds = timed(bridgeio.convert, part, folder / "part.pbn")

    base_n = min(args.baseline_records, n)
    _, base_seconds = timed(baseline_decode, zrd, base_n)
    base_rate = base_n / base_seconds

    rate = n / decode_seconds
    print(f"{'task':<28}{'bridgeio rec/s':>16}{'baseline rec/s':>16}{'ratio':>9}")
    print(
        f"{'decode to deal set':<28}{rate:>16,.0f}{naive_rate:>16,.0f}{rate / naive_rate:>8.1f}x"
        "  (naive NumPy)"
    )
    print(f"{'':<28}{'':>16}{base_rate:>16,.0f}{rate / base_rate:>8.0f}x  (pure Python)")
    print(f"{'encode':<28}{n / encode_seconds:>16,.0f}")
    print(f"{'checksum':<28}{n / checksum_seconds:>16,.0f}   (sum {total:016X})")
    print(f"{'convert to PBN':<28}{pbn_n / pbn_seconds:>16,.0f}   (first {pbn_n:,} records)")
    print(
        f"decode: best of {args.repeat} runs; baseline measured on the first {base_n:,} records "
        "of the same file"
    )
    print(
        f"decode peak memory {peak / 2**20:,.0f} MiB = {peak / decoded:.2f}x the decoded "
        f"arrays ({decoded / 2**20:,.0f} MiB)"
    )
    print(
        f"bars: decode >= 3.5x naive NumPy: {'yes' if rate >= 3.5 * naive_rate else 'NO'}; "
        f">= 50x pure Python: {'yes' if rate >= 50 * base_rate else 'NO'}; "
        f">= 8,000,000 rec/s: {'yes' if rate >= 8e6 else 'NO'}; "
        f"peak < 3x decoded: {'yes' if peak < 3 * decoded else 'NO'}"
    )
    for leftover in (zrd, part, folder / "part.pbn"):
        leftover.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
