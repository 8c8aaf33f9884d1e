"""Benchmark: ACBLscore game files, bridgeio against Kidd's Perl decoder, in one run.

Figures (the bars of issue 15, each printed next to its baseline):

* in-process decode, a file read into the model: at or under 1.3 ms a file;
* every corpus file in one ``bridgeio dump`` process: at most 0.5x ``ACBLgamedump.pl`` on the
  same files (whole processes, start-up included);
* ``bridgeio info one.ACA`` against ``ACBLgamedump.pl one.ACA`` as whole processes, with the
  start-up costs apart: ``python -c pass``, importing bridgeio's game file reader, and a
  process that imports only the reader (bridgeio's package ``__init__`` s skipped, as the lazy
  start-up of issue 15 makes them) and reads the file.

The baseline is Kidd's ``ACBLgamedump.pl`` when ``ACBLGAMEDUMP`` points to a copy of it (GPL
code: fetch morrisjones/nap yourself, never copy it into this repository); its in-process
decode is timed by calling its module's ``decode`` from a one-line Perl driver. Without it,
the figures measured for the issue are printed as the baseline. ``--before SRC`` also times
an older bridgeio source tree (its ``src`` folder) in the same run. Timings are the best of
several rounds; Python processes run with bytecode caching on, as installed packages do.

    python benchmarks/acblscore.py [--corpus DIR] [--rounds N] [--before OLD/src]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bridgeio.formats.acblscore.reader import read

HERE = Path(__file__).resolve().parents[1]
ISSUE = {"decode": 1.3, "dump": None, "info": None}  # Perl's figures quoted in issue 15 (ms)
DECODE = """
import sys, time
from pathlib import Path
from bridgeio.formats.acblscore.reader import read
files = [str(p) for p in sorted(Path(sys.argv[1]).iterdir())
         if p.is_file() and not p.name.startswith("truncated")]
times = []
for _ in range(int(sys.argv[2])):
    began = time.perf_counter()
    for name in files:
        read(name)
    times.append(time.perf_counter() - began)
print(1000 * min(times) / len(files))
"""
LEAN = """
import os, sys, types
for name in ("bridgeio", "bridgeio.model", "bridgeio.formats"):  # their __init__s skipped
    module = types.ModuleType(name)
    module.__path__ = [os.path.join(sys.argv[1], *name.split("."))]
    sys.modules[name] = module
from bridgeio.formats.acblscore.reader import read
read(sys.argv[2])
"""
PERL_DECODE = r"""
use Time::HiRes 'time'; use ACBLgamedecode;
my ($dir, $rounds) = @ARGV; my @f = grep { !/truncated/ } glob("$dir/*.*");
my $best = 1e9;
for (1 .. $rounds) { my $t = time; ACBLgamedecode::decode($_, {}, undef) for @f;
  my $d = time - $t; $best = $d if $d < $best; }
printf "%.6f\n", 1000 * $best / @f;
"""


def best_of(rounds: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return min(times)


def decode_each(files: list[str]) -> None:
    """Read each file into the model and let it go (as the Perl loop does)."""
    for name in files:
        read(name)


def python_env(source: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if source:
        env["PYTHONPATH"] = source
    return env


def run(command: list[str], env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, capture_output=True, check=True, env=env)
    return done.stdout.decode()


def line(label: str, ours: float, unit: str, baseline: float | None, name: str) -> None:
    text = f"{label:<48}{ours:>9.2f} {unit}"
    if baseline:
        text += f"   {name} {baseline:.2f} {unit}  ({ours / baseline:.2f}x)"
    print(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus" / "acblscore"))
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--before", help="the src folder of an older bridgeio to time too")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    files = [
        str(p) for p in sorted(corpus.iterdir()) if p.is_file() and not p.name.startswith("trunc")
    ]
    if not files:
        raise SystemExit(f"no game files in {args.corpus}")
    one = files[len(files) // 2]
    env = python_env()
    script = os.environ.get("ACBLGAMEDUMP")
    perl = shutil.which("perl")
    kidd = Path(script) if script and perl and Path(script).is_file() else None
    python = [sys.executable]
    run([*python, "-m", "bridgeio", "info", one], env)  # leaves the bytecode caches

    decode = 1000 * best_of(args.rounds, lambda: decode_each(files)) / len(files)
    dump = best_of(args.rounds, lambda: run([*python, "-m", "bridgeio", "dump", *files], env))
    info = best_of(3 * args.rounds, lambda: run([*python, "-m", "bridgeio", "info", one], env))
    bare = best_of(3 * args.rounds, lambda: run([*python, "-c", "pass"], env))
    reader = "import bridgeio.formats.acblscore.reader"
    imports = best_of(3 * args.rounds, lambda: run([*python, "-c", reader], env))
    lean_read = [*python, "-c", LEAN, str(HERE / "src"), one]
    lean = best_of(3 * args.rounds, lambda: run(lean_read, env))
    if kidd is not None:
        folder = ["-I", str(kidd.parent)]
        rounds = str(args.rounds)
        base_decode = float(run([perl, *folder, "-e", PERL_DECODE, str(corpus), rounds]))
        base_dump = best_of(args.rounds, lambda: run([perl, str(kidd), *files]))
        base_info = best_of(3 * args.rounds, lambda: run([perl, str(kidd), one]))
        name = "ACBLgamedump.pl"
    else:
        base_decode, base_dump, base_info, name = ISSUE["decode"], None, None, "issue 15 (Perl)"
        print("ACBLgamedump.pl: not at hand (set ACBLGAMEDUMP); baseline: issue 15's figures")

    per_run = {"dump": base_dump and 1000 * base_dump, "info": base_info and 1000 * base_info}
    print(f"{len(files)} game files, one for single-file runs: {Path(one).name}")
    line("in-process decode, a file (read -> model)", decode, "ms", base_decode, name)
    line("bridgeio dump, all files, one process", 1000 * dump, "ms", per_run["dump"], name)
    line("bridgeio info one.ACA, whole process", 1000 * info, "ms", per_run["info"], name)
    line("  python -c pass (interpreter start-up)", 1000 * bare, "ms", None, "")
    line("  python -c 'import ...acblscore.reader'", 1000 * imports, "ms", None, "")
    line("  python, the reader alone, reading one.ACA", 1000 * lean, "ms", per_run["info"], name)
    if args.before:
        old = python_env(args.before)
        bridgeio_old = [*python, "-m", "bridgeio"]
        old_decode = float(run([*python, "-c", DECODE, str(corpus), str(args.rounds)], old))
        old_dump = best_of(args.rounds, lambda: run([*bridgeio_old, "dump", *files], old))
        old_info = best_of(3 * args.rounds, lambda: run([*bridgeio_old, "info", one], old))
        line("before: in-process decode, a file", old_decode, "ms", base_decode, name)
        line("before: bridgeio dump, all files", 1000 * old_dump, "ms", per_run["dump"], name)
        line("before: bridgeio info one.ACA", 1000 * old_info, "ms", per_run["info"], name)
    print("bars: " + "; ".join(verdicts(decode, dump, info, base_dump, base_info)))


def verdicts(
    decode: float, dump: float, info: float, base_dump: float | None, base_info: float | None
) -> list[str]:
    def said(ok: bool | None) -> str:
        return "?" if ok is None else "yes" if ok else "NO"

    return [
        f"decode <= 1.3 ms a file: {said(decode <= 1.3)}",
        f"dump <= 0.5x Perl: {said(None if base_dump is None else dump <= 0.5 * base_dump)}",
        f"info faster than Perl: {said(None if base_info is None else info < base_info)}",
    ]


if __name__ == "__main__":
    main()
