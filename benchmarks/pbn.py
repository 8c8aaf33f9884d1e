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

Writing deal sets with double-dummy tricks as PBN (what ZRD/ZDD -> PBN does), in deals/s, with
the share of it spent on par (OptimumScore and ParContract, worked out for the whole set at once
by ``ParSet``): issue 19's aim is at most about 20%.

Then a PBN results file of 1,000 boards x 20 tables (bar, issue 19: read in under 2 s), made
two ways: synthetic (bridgeio's own ScoreTable/TotalScoreTable of random results, with deals),
and a real corpus results file's games repeated to 1,000 boards; each read as results
(``bridgeio.read``) next to the deals-only read of the same file, with peak memory.

    python benchmarks/pbn.py [--deals N] [--rebuild] [--results-only] [--write-only]
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


RESULTS_BAR_S = 2.0
READ = (
    "import sys, time\n"
    "from bridgeio.formats.pbn import reader\n"
    "began, began_cpu = time.perf_counter(), time.process_time()\n"
    "read = reader.read if sys.argv[2] == 'results' else reader.read_deals\n"
    "doc = read(sys.argv[1])\n"
    "seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu\n"
    "peak = int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])\n"
    "print(seconds, cpu, peak / 1024)\n"
)


def synthetic_results(path: Path, boards: int = 1000, tables: int = 20) -> None:
    """A pairs event of ``boards`` boards played at ``tables`` tables, with its deals, as the
    PBN bridgeio writes."""
    from bridgeio.formats.pbn.write_results import results_text
    from bridgeio.model.contract import Contract
    from bridgeio.model.results import Board, BoardResult, Entry, Event, Results, Section

    rng = np.random.default_rng(19)
    deals = random_deals(rng, boards)
    deals.boards = np.arange(1, boards + 1)
    lines = []
    for number in range(1, boards + 1):
        made = rng.integers(7, 13, tables).tolist()
        board = Board(number)
        for table, tricks in enumerate(made, start=1):
            contract = Contract.parse("4S", "N")
            score = contract.score(tricks, vulnerable=False)
            board.results.append(
                BoardResult(
                    1, table, table, tables + table, score, -score, 9.5, 9.5, contract, tricks
                )
            )
        lines.append(board)
    entries = [
        Entry(str(n), n, score=190.0, percentage=50.0, rank=n) for n in range(1, 2 * tables + 1)
    ]
    event = Event(
        name="Synthetic", sections=[Section("A", entries=entries, results=lines)], deals=deals
    )
    path.write_bytes(b"% PBN 2.1\n% EXPORT\n\n" + results_text(Results([event], format="json")))


def repeated_results(path: Path, source: Path, boards: int = 1000) -> bool:
    """A corpus results file's games repeated (boards renumbered) to ``boards`` boards."""
    if not source.exists():
        return False
    import re

    text = source.read_bytes()
    first = text.find(b"\n[Event ")
    games = text[first:]
    count = len(re.findall(rb'^\[Board "', games, re.M))
    out = [text[:first]]
    for copy in range(-(-boards // count)):
        shift = copy * count
        out.append(
            re.sub(
                rb'^\[Board "(\d+)"',
                lambda m, shift=shift: b'[Board "%d"' % (int(m[1]) + shift),
                games,
                flags=re.M,
            )
        )
    path.write_bytes(b"".join(out))
    return True


def results_benchmark() -> None:
    """The results read next to the deals-only read of the same file."""
    corpus = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pbn"
    files = [(DATA / "results-synthetic.pbn", "synthetic 1,000 boards x 20 tables")]
    synthetic_results(files[0][0])
    real = DATA / "results-ruter-teams.pbn"
    if repeated_results(real, corpus / "gerhardsletten__jrbridge-pbn-api__teams-sub.pbn"):
        files.append((real, "a Ruter teams file repeated to 1,000 boards"))
    print(f"{'PBN results file':<46}{'MB':>6}{'read':>9}{'s':>7}{'CPU s':>7}{'peak MB':>9}")
    for path, label in files:
        size = path.stat().st_size / 1e6
        for how in ("results", "deals"):
            done = subprocess.run(
                [sys.executable, "-c", READ, str(path), how], capture_output=True, text=True
            )
            if done.returncode != 0:
                raise SystemExit(f"reading {path.name} failed:\n{done.stderr}")
            seconds, cpu, peak = (float(x) for x in done.stdout.split())
            bar = f"  (bar: < {RESULTS_BAR_S:g} s)" if how == "results" else ""
            print(f"{label:<46}{size:>6.1f}{how:>9}{seconds:>7.2f}{cpu:>7.2f}{peak:>9.0f}{bar}")
            label = ""


def writer_benchmark(n: int = 1 << 18, repeat: int = 5) -> None:
    """Deal sets with tricks written as PBN in memory, chunk by chunk as a conversion does;
    the best of ``repeat`` runs of CPU time (the machine may be shared), with and without the
    par tags."""
    import io
    import time

    from bridgeio.formats.pbn import writer

    rng = np.random.default_rng(17)
    chunks = [random_deals(rng, min(CHUNK, n - start)) for start in range(0, n, CHUNK)]
    with_par = writer.par_tags

    def no_par(deals, boards):
        return []

    best = {}
    for _ in range(repeat):
        for name, tags in (("with par", with_par), ("without", no_par)):
            writer.par_tags = tags
            began = time.process_time()
            write_chunks(chunks, io.BytesIO())
            seconds = time.process_time() - began
            best[name] = min(best.get(name, seconds), seconds)
        began = time.process_time()
        for chunk in chunks:
            with_par(chunk, chunk.board_numbers())
        best["par alone"] = min(best.get("par alone", 1e9), time.process_time() - began)
    writer.par_tags = with_par
    total = best["with par"]
    print(f"{'deals -> PBN (' + format(n, ',') + ' deals)':<34}{'CPU s':>8}{'deals/s':>12}")
    for name in ("with par", "without"):
        print(f"{'  ' + name:<34}{best[name]:>8.2f}{n / best[name]:>12,.0f}")
    share = best["par alone"] / total
    extra = (total - best["without"]) / total
    print(
        f"  par: {best['par alone']:.2f} s = {share:.0%} of the write (aim: <= ~20%); "
        f"the write with par takes {extra:.0%} more than without (the tags' bytes too)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--results-only", action="store_true")
    parser.add_argument("--write-only", action="store_true")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    if not args.results_only:
        writer_benchmark()
    if args.write_only:
        return
    results_benchmark()
    if args.results_only:
        return
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
