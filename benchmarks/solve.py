"""Benchmark: `bridgeio solve` next to endplay's own calc_all_tables on the same 1,000 deals.

Both solve with DDS on every core; bridgeio adds reading, resumable bookkeeping (a work file
flushed after every batch) and writing. Bar (issue 7): at least 90% of endplay's rate.

    python benchmarks/solve.py [--deals N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bridgeio
from bridgeio.cli import run


def endplay_rate(path: Path) -> float:
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as SolverDeal

    deals = [SolverDeal(deal.pbn()) for deal in bridgeio.read(path)]
    began = time.perf_counter()
    for start in range(0, len(deals), 40):  # DDS takes at most 40 deals a call
        calc_all_tables(deals[start : start + 40])
    return len(deals) / (time.perf_counter() - began)


def bridgeio_rate(path: Path, count: int) -> float:
    target = path.with_suffix(".zrd")
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "bridgeio", "solve", str(path), str(target)], check=False
    )
    seconds = time.perf_counter() - began
    if done.returncode:
        raise SystemExit("bridgeio solve failed")
    return count / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp(prefix="bridgeio-bench-")) / "deals.zbd"
    assert run(["generate", "--count", str(args.deals), "--seed", "1", str(path)]) == 0
    ours = bridgeio_rate(path, args.deals)
    theirs = endplay_rate(path)
    print(f"{'solver':<40}{'deals/s':>10}")
    print(f"{'bridgeio solve (whole command)':<40}{ours:>10.2f}")
    print(f"{'endplay calc_all_tables':<40}{theirs:>10.2f}")
    print(
        f"bridgeio at {ours / theirs:.1%} of endplay's rate; bar >= 90%: "
        f"{'yes' if ours >= 0.9 * theirs else 'NO'}"
    )


if __name__ == "__main__":
    main()
