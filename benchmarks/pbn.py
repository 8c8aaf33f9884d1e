"""Benchmark: converting a solver's PBN output of 1,000,000 deals to ZRD, streamed.

Builds once, under benchmarks/data/ (gitignored), a PBN file of 1,000,000 random deals each with
its OptimumResultTable (the layout bridgeio and solvers export: the mandatory tags, the table
of 20 rows), and the same deals as ZRD and ZBD. Then, from one run, each conversion in a fresh
process, its wall and CPU time (the conversion alone, not starting Python) and its peak
resident memory:

* PBN -> ZRD (bar, issue 13: under 500 MB peak; the issue measured 46 s and 4.2 GB before
  PBN input streamed), and PBN -> ZBD;
* the baseline: the same deals from Pavlicek's binary files, ZRD -> ZRD and ZBD -> ZBD
  (ZBD -> ZRD itself cannot be: ZBD holds no tricks, which ZRD needs).

    python benchmarks/pbn.py [--deals N] [--rebuild]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import numpy as np

from bridgeio.core import write_stream
from bridgeio.formats.pbn.writer import write_chunks
from pavlicek import random_deals  # the benchmark beside this one: the same random deals

DATA = Path(__file__).resolve().parent / "data"
CHUNK = 1 << 16
BAR_MB = 500


def build(n: int, stem: Path) -> None:
    """The PBN, ZRD and ZBD files of the same ``n`` deals (made once, then reused)."""
    rng = np.random.default_rng(13)
    chunks = [random_deals(rng, min(CHUNK, n - start)) for start in range(0, n, CHUNK)]
    for number, chunk in enumerate(chunks):
        chunk.boards = np.arange(number * CHUNK + 1, number * CHUNK + len(chunk) + 1)
    with open(stem.with_suffix(".pbn"), "wb") as handle:
        write_chunks(chunks, handle)
    for name in ("zrd", "zbd"):
        write_stream(chunks, stem.with_suffix(f".{name}"), name)


PEAK = (
    "import bridgeio, sys, time\n"
    "began, began_cpu = time.perf_counter(), time.process_time()\n"
    "bridgeio.convert(sys.argv[1], sys.argv[2])\n"
    "seconds = time.perf_counter() - began\n"
    "status = open('/proc/self/status').read()\n"
    "peak = int(status.split('VmHWM:')[1].split()[0])\n"  # this program's own high-water mark
    "print(seconds, time.process_time() - began_cpu, peak / 1024)\n"
)


def run(source: Path, target: Path) -> tuple[float, float, float]:
    """Wall and CPU seconds and peak resident megabytes of ``bridgeio.convert`` in a fresh
    process (its own high-water mark: ``ru_maxrss`` of a child would count this one too)."""
    if target.exists():
        target.unlink()
    done = subprocess.run(
        [sys.executable, "-c", PEAK, str(source), str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"converting {source.name} to {target.name} failed:\n{done.stderr}")
    seconds, cpu, peak = (float(x) for x in done.stdout.split())
    return seconds, cpu, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    stem = DATA / f"pbn-{args.deals}"
    if args.rebuild or not all(stem.with_suffix(s).exists() for s in (".pbn", ".zrd", ".zbd")):
        print(f"building {args.deals:,} deals in {DATA} ...", flush=True)
        build(args.deals, stem)
    size = stem.with_suffix(".pbn").stat().st_size / 1e6
    print(f"{args.deals:,} deals; PBN file {size:,.0f} MB")
    print(f"{'conversion':<14}{'seconds':>9}{'CPU s':>8}{'deals/s':>12}{'peak MB':>9}")
    out = DATA / "out"
    for source, target in (("pbn", "zrd"), ("zrd", "zrd"), ("pbn", "zbd"), ("zbd", "zbd")):
        seconds, cpu, peak = run(stem.with_suffix(f".{source}"), out.with_suffix(f".{target}"))
        label = f"{source.upper()} -> {target.upper()}"
        note = "" if source != "pbn" else f"  (bar: < {BAR_MB} MB)" if target == "zrd" else ""
        rate = args.deals / seconds
        print(f"{label:<14}{seconds:>9.1f}{cpu:>8.1f}{rate:>12,.0f}{peak:>9.0f}{note}")
    for name in ("zrd", "zbd"):
        out.with_suffix(f".{name}").unlink(missing_ok=True)


if __name__ == "__main__":
    main()
