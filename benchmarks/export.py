"""Benchmark: ``bridgeio export`` of a season of game files, against the routes around it.

A folder of 2,000 ACBLscore game files (the corpus' 49 files copied round-robin under new
names, in a temporary folder) is exported, and files a second printed for:

* ``bridgeio export --to parquet`` on every core, and with ``-j 1`` (one process);
* the route a user has without it: read each file with bridgeio and build pandas frames row
  by row (``frame.loc[len(frame)] = row`` for every traveller line and entry; timed on the first
  ``--sample`` files, as it takes minutes on all), and, for scale, the kinder variant that
  gathers the rows as dicts and makes one frame a file;
* ``bridgeio dump`` of the same files (one process), and Kidd's ``ACBLgamedump.pl`` on them
  (``--perl``, default /work/tools/ACBLgamedump.pl or $ACBLGAMEDUMP; GPL code: run, never
  copied here; skipped with a note when absent);
* the peak resident memory of the export (the largest process of it) for 200 and 2,000 files.

Bars (issue 22): every core at least 10x the row-by-row route; export at most 0.25x Perl's time
and never slower than dump; peak(2,000) at most 1.5x peak(200). Whole processes are timed,
start-up included, each the best of ``--rounds``, the commands taking turns in a round.

    python benchmarks/export.py [--files 2000] [--rounds 3] [--sample 40] [--perl PATH]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ROW_BY_ROW = """
import sys, time
import pandas as pd
import bridgeio
files, gathered = sys.argv[2:], sys.argv[1] == "dicts"
RESULT = ["file", "event", "section", "board", "round", "table", "ns", "ew", "ns_score",
          "ew_score", "ns_points", "ew_points"]
ENTRY = ["file", "event", "section", "entry", "score", "percentage", "rank"]
results, entries = pd.DataFrame(columns=RESULT), pd.DataFrame(columns=ENTRY)
frames = []
began = time.perf_counter()
for n, path in enumerate(files):
    doc = bridgeio.read(path)
    rows, ranked = [], []
    for event in doc.events:
        for section in event.sections:
            for board in section.results:
                for line in board.results:
                    row = [n, event.number, section.name, board.number, line.round, line.table,
                           line.ns, line.ew, line.ns_score, line.ew_score, line.ns_points,
                           line.ew_points]
                    if gathered:
                        rows.append(dict(zip(RESULT, row)))
                    else:
                        results.loc[len(results)] = row
            for entry in section.entries:
                row = [n, event.number, section.name, entry.id, entry.score, entry.percentage,
                       entry.rank]
                if gathered:
                    ranked.append(dict(zip(ENTRY, row)))
                else:
                    entries.loc[len(entries)] = row
    if gathered:
        frames.append((pd.DataFrame(rows), pd.DataFrame(ranked)))
print(time.perf_counter() - began)
"""
PEAK = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def season(folder: Path, corpus: Path, count: int) -> list[str]:
    """``count`` game files in ``folder``: the corpus' copied round-robin, renamed."""
    games = sorted(p for p in corpus.iterdir() if p.is_file() and "truncated" not in p.name)
    folder.mkdir()
    for n in range(count):
        source = games[n % len(games)]
        shutil.copyfile(source, folder / f"game-{n:05d}{source.suffix}")
    return sorted(str(p) for p in folder.iterdir())


CPU: dict[float, float] = {}  # a timing's best wall time: the CPU time of that run


def once(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (CPU: the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return took, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def timed(commands: dict[str, list[str]], rounds: int) -> dict[str, float]:
    """The best wall time of each command over ``rounds`` rounds, the commands taking turns
    in each round (so that other work on a shared machine falls on all of them alike); the
    CPU time of each best run goes to CPU."""
    best = dict.fromkeys(commands, float("inf"))
    for _ in range(rounds):
        for name, command in commands.items():
            took, cpu = once(command)
            if took < best[name]:
                best[name] = took
                CPU[took] = cpu
    return best


def row_by_row(files: list[str], how: str) -> float:
    """Seconds a file of the route a user has today (in-process time, start-up left out)."""
    done = subprocess.run(
        [sys.executable, "-c", ROW_BY_ROW, how, *files], check=True, capture_output=True
    )
    return float(done.stdout) / len(files)


def peak_kb(command: list[str]) -> int:
    done = subprocess.run([sys.executable, "-c", PEAK, *command], check=True, capture_output=True)
    return int(done.stdout)


def show(label: str, seconds: float, files: int, note: str = "") -> None:
    cpu = f"cpu {CPU[seconds]:6.2f} s" if seconds in CPU else " " * 12
    print(f"{label:<46}{files / seconds:>7.0f} files/s {seconds:7.2f} s  {cpu}  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus" / "acblscore"))
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=40)
    default_perl = os.environ.get("ACBLGAMEDUMP", "/work/tools/ACBLgamedump.pl")
    parser.add_argument("--perl", default=default_perl)
    args = parser.parse_args()
    bridgeio = str(BIN / "bridgeio")
    with tempfile.TemporaryDirectory(prefix="bridgeio-export-bench-") as temp:
        work = Path(temp)
        files = season(work / "games", Path(args.corpus), args.files)
        small = season(work / "small", Path(args.corpus), args.files // 10)
        n = len(files)
        out = str(work / "out")
        print(f"{n} game files ({os.cpu_count()} cores, load average {_load()})")
        export = [bridgeio, "export", str(work / "games"), "--to", "parquet", out, "--force"]
        perl = shutil.which("perl")
        kidd = Path(args.perl)
        commands = {
            "every": export,
            "one": [*export, "-j", "1"],
            "dump": [bridgeio, "dump", *files],
        }
        if perl and kidd.is_file():
            commands["perl"] = [perl, "-I", str(kidd.parent), str(kidd), *files]
        best = timed(commands, args.rounds)
        every, dump = best["every"], best["dump"]
        show("bridgeio export, every core", every, n)
        show("bridgeio export -j 1 (one process)", best["one"], n)
        show("bridgeio dump (one process)", dump, n, f"export/dump {every / dump:.2f}x")
        base = best.get("perl")
        if base is not None:
            show("ACBLgamedump.pl (Perl)", base, n, f"export/Perl {every / base:.2f}x")
        else:
            print(f"ACBLgamedump.pl: skipped ({args.perl} or perl not found)")
        sample = files[: args.sample]
        slow = row_by_row(sample, "loc")
        kinder = row_by_row(sample, "dicts")
        show(f"row by row, frame.loc (first {len(sample)} files)", slow * len(sample), len(sample),
             f"every core {slow * n / every:.1f}x faster")  # fmt: skip
        show(f"rows as dicts, a frame a file ({len(sample)})", kinder * len(sample), len(sample),
             f"every core {kinder * n / every:.1f}x faster")  # fmt: skip
        few = peak_kb([bridgeio, "export", str(work / "small"), "--to", "parquet", out, "--force"])
        many = peak_kb(export)
        print(f"peak memory: {len(small)} files {few / 1024:.0f} MB, {n} files "
              f"{many / 1024:.0f} MB ({many / few:.2f}x)")  # fmt: skip
        bars = {
            "every core >= 10x row by row": slow * n / every >= 10,
            "export <= 0.25x Perl": base is None or every <= 0.25 * base,
            "export never slower than dump": every <= dump,
            "peak(2000) <= 1.5x peak(200)": many <= 1.5 * few,
        }
        for bar, met in bars.items():
            print(f"  {'met ' if met else 'MISSED'} {bar}")
        print(f"load average at the end: {_load()} (other work on the machine slows every line)")


def _load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
