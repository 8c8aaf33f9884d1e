"""Benchmark: decoding every ACBLscore game file of the corpus, in-process and as one command.

Prints, from one run: files/s decoding to the model and to canonical JSON in-process, and the
time per file of one `bridgeio dump` process over all the files, start-up included. Bars
(issue 3): at least 200 files/s in-process; dump under 10 ms a file (Kidd's Perl decoder takes
about 8 ms a file here). When perl and ACBLgamedump.pl are both at hand (ACBLGAMEDUMP=path)
the Perl decoder is timed on the same files too.

    python benchmarks/acblscore.py [--corpus ../shared/corpus/acblscore]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import bridgeio
from bridgeio.formats.json import document


def best_of(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(here.parent / "shared" / "corpus" / "acblscore"))
    args = parser.parse_args()
    files = sorted(
        p for p in Path(args.corpus).iterdir() if p.is_file() and not p.name.startswith("truncated")
    )
    if not files:
        raise SystemExit(f"no game files in {args.corpus}")
    n = len(files)

    def decode() -> None:
        for path in files:
            bridgeio.read(path)

    def to_json() -> None:
        for path in files:
            json.dumps(document(bridgeio.read(path)))

    model_rate = n / best_of(5, decode)
    json_rate = n / best_of(5, to_json)
    command = [sys.executable, "-m", "bridgeio", "dump", *map(str, files)]
    dump_seconds = best_of(
        5, lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    )
    print(f"{n} game files")
    print(f"{'in-process: read to the model':<44}{model_rate:>10,.0f} files/s")
    print(f"{'in-process: read and canonical JSON':<44}{json_rate:>10,.0f} files/s")
    print(
        f"{'bridgeio dump, one process, all files':<44}{1000 * dump_seconds / n:>10.2f} ms/file"
        f"  ({dump_seconds:.3f} s in all, start-up included)"
    )
    perl, dumper = shutil.which("perl"), os.environ.get("ACBLGAMEDUMP")
    if perl and dumper and Path(dumper).exists():
        kidd = best_of(
            3,
            lambda: subprocess.run(
                [perl, dumper, *map(str, files)], stdout=subprocess.DEVNULL, check=True
            ),
        )
        print(f"{'ACBLgamedump.pl (Perl), one process':<44}{1000 * kidd / n:>10.2f} ms/file")
    else:
        print("ACBLgamedump.pl: not at hand here (set ACBLGAMEDUMP); the issue quotes ~8 ms/file")
    print(
        f"bars: >= 200 files/s in-process: {'yes' if model_rate >= 200 else 'NO'}; "
        f"dump < 10 ms/file: {'yes' if 1000 * dump_seconds / n < 10 else 'NO'}"
    )


if __name__ == "__main__":
    main()
