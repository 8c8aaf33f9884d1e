"""Benchmark: a club game's Bridgemate database to a scored USEBIO file, the whole process,
beside ``bridgeio score`` of the USEBIO file it wrote, in the same run.

``bridgeio score game.bws game.xml`` (reading the Access pages, matchpointing every board,
making every total, percentage and rank, writing USEBIO) against ``bridgeio score game.xml
again.xml`` (reading USEBIO, rescoring it, writing it), each a whole process as a person
runs it (start-up included, Python's bytecode cache on), alternating, the best of
``--rounds`` kept. The bars of issue 40: the database at most 2x the USEBIO file, and under
1 s for a club game. Times are each process's CPU time (user and system: a machine shared
with other work moves wall-clock times by half from one run to the next); ``--wall`` times
the wall clock instead.

The club game is zdenecek/bridgemanager's ``BMInput1.bws`` as first committed (an 8-table
Howell of 15 pairs, 154 results), taken from its mirror; or give ``--game FILE``.

    python benchmarks/bws.py [--game FILE.bws] [--rounds N] [--wall]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
MIRROR = Path("/work/.mirror/zdenecek+bridgemanager/repo")
GAME = ("713858c052e40e78761bd6faaf57e154c74e5987", "BMInput1.bws")
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
BARS = {"ratio": 2.0, "seconds": 1.0}


def club_game(into: Path) -> Path:
    """The club game, taken out of the mirror of its repository."""
    git = MIRROR / ".git" if (MIRROR / ".git").is_dir() else MIRROR
    commit, path = GAME
    shown = subprocess.run(
        ["git", "--git-dir", str(git), "show", f"{commit}:{path}"], capture_output=True
    )
    if shown.returncode:
        sys.exit(f"no club game: the mirror of zdenecek/bridgemanager is not at {MIRROR}")
    target = into / "club-game.bws"
    target.write_bytes(shown.stdout)
    return target


def timed(args: list[str], wall: bool) -> float:
    """One whole ``bridgeio`` process: its CPU time (or wall-clock time), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [str(BIN / "bridgeio"), *args], capture_output=True, text=True, env=ENVIRONMENT
    )
    elapsed = time.perf_counter() - began
    if done.returncode not in (0, 1):
        sys.exit(f"bridgeio {' '.join(args)} failed: {done.stderr.strip()}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed if wall else cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, help="a Bridgemate database (default: the mirror's)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="time the wall clock, not the CPU")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        game = options.game or club_game(here)
        usebio, again = here / "game.xml", here / "again.xml"
        database: list[float] = []
        rescored: list[float] = []
        for _ in range(options.rounds + 1):  # (the first: warms the bytecode cache, dropped)
            database.append(timed(["score", str(game), str(usebio), "--force"], options.wall))
            rescored.append(timed(["score", str(usebio), str(again), "--force"], options.wall))
        check = subprocess.run(
            [str(BIN / "bridgeio"), "validate", str(usebio)], capture_output=True, env=ENVIRONMENT
        )
    bws, xml = min(database[1:]), min(rescored[1:])
    ratio = bws / xml
    clock = "wall-clock" if options.wall else "CPU"
    print(f"club game: {game.name}, best of {options.rounds} rounds, {clock} time")
    print(f"  bridgeio score game.bws game.xml   {bws:6.3f} s   (bar: under {BARS['seconds']} s)")
    print(f"  bridgeio score game.xml again.xml  {xml:6.3f} s")
    print(f"  ratio                              {ratio:6.2f} x   (bar: at most {BARS['ratio']} x)")
    print(f"  the USEBIO written validates: {'yes' if check.returncode == 0 else 'NO'}")
    held = ratio <= BARS["ratio"] and bws < BARS["seconds"] and check.returncode == 0
    print("bars: " + ("hold" if held else "DO NOT HOLD"))


if __name__ == "__main__":
    main()
