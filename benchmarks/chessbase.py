"""Benchmark: reading and sort-walking a ChessBase tournament file of 1,000,000 tournaments.

Prints, from one run, records/s for bridgeio (read, then walk the sort tree; and the same with
every tournament decoded) next to a plain per-record ``struct`` loop doing the same walk, the
baseline of issue 6. Bar: at least 500,000 records/s.

    python benchmarks/chessbase.py [--records N]
"""

from __future__ import annotations

import argparse
import struct
import tempfile
import time
from pathlib import Path

import numpy as np

import bridgeio
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.model.chess import PAIRINGS, PartialDate, Tournament

SLOT = struct.Struct("<iib40s30sIBBBBBBBBII")


def random_tournaments(n: int) -> list[Tournament]:
    rng = np.random.default_rng(5)
    letters = np.frombuffer(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz", np.uint8)
    titles = letters[rng.integers(0, len(letters), (n, 12))].view("S12").ravel()
    places = letters[rng.integers(0, len(letters), (n, 8))].view("S8").ravel()
    years = rng.integers(1850, 2026, n).tolist()
    months = rng.integers(0, 13, n).tolist()
    days = rng.integers(1, 29, n).tolist()
    pairings = rng.integers(0, len(PAIRINGS), n).tolist()
    return [
        Tournament(
            titles[i].decode(),
            places[i].decode(),
            PartialDate(years[i], months[i], days[i] if months[i] else 0),
            PAIRINGS[pairings[i]],
            rounds=i % 15,
            games=i % 300,
            first_game=i,
        )
        for i in range(n)
    ]


def baseline(path: Path) -> int:
    """The plain way: struct-unpack every slot, then walk the tree through the tuples."""
    data = path.read_bytes()
    capacity, root = struct.unpack_from("<ii", data)
    header = 28 + struct.unpack_from("<i", data, 24)[0]
    slots = [SLOT.unpack_from(data, header + i * 99) for i in range(capacity)]
    order, stack, node = [], [], root
    while stack or node != -1:
        while node != -1:
            stack.append(node)
            node = slots[node][0]
        node = stack.pop()
        order.append(node)
        node = slots[node][1]
    return len(order)


def ours(path: Path, decode: bool) -> int:
    db = bridgeio.read(path)
    order = db.sort_order()
    if decode:
        titles = [db.tournaments[i].title for i in order]
        assert len(titles) == len(order)
    return len(order)


def best(action, *args, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action(*args)
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    args = parser.parse_args()
    n = args.records
    path = Path(tempfile.mkdtemp(prefix="bridgeio-bench-")) / "big.cbt"
    bridgeio.write(TournamentFile.new(random_tournaments(n)), path)
    print(f"file: {n:,} tournaments, {path.stat().st_size:,} bytes")
    assert ours(path, False) == baseline(path) == n
    walk = n / best(ours, path, False)
    decoded = n / best(ours, path, True)
    base = n / best(baseline, path)
    print(f"{'task':<38}{'records/s':>14}")
    print(f"{'bridgeio: read + sort walk':<38}{walk:>14,.0f}")
    print(f"{'bridgeio: read + walk + decode all':<38}{decoded:>14,.0f}")
    print(f"{'baseline: struct loop + walk':<38}{base:>14,.0f}")
    print(
        f"bar >= 500,000 records/s (read + walk): {'yes' if walk >= 500_000 else 'NO'}; "
        f"{walk / base:.1f}x the baseline"
    )
    path.unlink()


if __name__ == "__main__":
    main()
