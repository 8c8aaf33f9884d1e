"""Benchmark: reading USEBIO into the results model, next to lxml's bare parse of the same bytes.

From one run: a synthetic event of about 10 MB and one of about 100 MB (pairs events of
13-table Mitchell sections, written by bridgeio's own USEBIO writer), and each corpus file.
For each: lxml's bare parse (``etree.parse`` with lxml's default parser), bridgeio's read
with every traveller line looked at (the model is built eagerly: the read is the same with or
without looking, both are shown), and the peak memory a fresh process adds while reading.

Bar (issue 14.4): every traveller line of the 10 MB event read in at most 3x lxml's bare parse,
in pure Python (before: 4.6-5.1x with the C walker, 6.8x without; 1.6x / 3.1x for a read that
touched no line). Times are this process's processor time, the best of several alternating
rounds. Memory is the reading process's own high-water mark (VmHWM), taken after a
warm-up read of a tiny event so that the modules a first read imports are not counted as the
file's.

    python benchmarks/usebio.py [--megabytes 10 100] [--rounds 5]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

import bridgeio
from bridgeio.formats.usebio.writer import write
from bridgeio.model.cards import Card
from bridgeio.model.contract import Contract
from bridgeio.model.results import (
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    Player,
    Results,
    Section,
)

BAR = 3.0


def section(name: str) -> Section:
    """A 13-table Mitchell section of 26 boards, every line filled in."""
    result = Section(name)
    for direction in (Direction.NS, Direction.EW):
        for n in range(1, 14):
            result.entries.append(
                Entry(
                    f"{name}{n}{direction.value}",
                    n,
                    direction,
                    score=150.5 + n,
                    percentage=50 + n / 10,
                    rank=n,
                    players=[
                        Player(f"Last{n}", f"First{n}", f"{n:07d}"),
                        Player(f"Lastb{n}", f"Firstb{n}", f"{n + 100:07d}"),
                    ],
                )
            )
    contract, lead = Contract.parse("4S", "N"), Card.from_text("HK")
    for number in range(1, 27):
        board = Board(number)
        for table in range(1, 14):
            board.results.append(
                BoardResult(
                    (number - 1) // 2 + 1,
                    table,
                    table,
                    (table + number) % 13 + 1,
                    420,
                    -420,
                    6.5,
                    5.5,
                    contract=contract,
                    tricks=10,
                    lead=lead,
                )
            )
        result.results.append(board)
    return result


def synthetic(path: Path, megabytes: int) -> None:
    """A pairs event of as many sections as make about ``megabytes`` of XML."""
    names = [a + b for a in " ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    probe = tempfile.TemporaryFile()
    write(Results([Event(1, "Size", sections=[section("A"), section("B")])]), probe)
    per_section = probe.tell() / 2
    count = max(2, round(megabytes * 1_000_000 / per_section))
    event = Event(
        1,
        "Synthetic congress",
        date=datetime.date(2024, 5, 1),
        club="Benchmark Club",
        sections=[section(names[i].strip()) for i in range(count)],
    )
    with open(path, "wb") as handle:
        write(Results([event]), handle)


def seconds(action: Callable[[Path], Any], path: Path) -> float:
    """The processor time one call takes (the machine may be shared: wall time would count
    the other programs' turns too; both sides are single-threaded)."""
    gc.collect()
    began = time.process_time()
    action(path)
    return time.process_time() - began


def lxml_parse(path: Path) -> Any:
    """lxml's bare parse: the whole tree, lxml's default parser."""
    return etree.parse(str(path))


def read_only(path: Path) -> Any:
    return bridgeio.read(path, "usebio")


def read_every_line(path: Path) -> int:
    """Read, then look at every traveller line's contract, score and matchpoints."""
    results = bridgeio.read(path, "usebio")
    looked = 0
    for event in results.events:
        for part in event.sections:
            for board in part.results:
                for line in board.results:
                    looked += line.contract is not None and line.ns_score is not None
                    looked += line.ns_points is not None
    return looked


# VmHWM (this process's own peak) rather than ru_maxrss, which Linux carries over from the
# parent across exec. A warm-up read first, so that imports are not counted as the file's.
MEASURE = """
import sys
import bridgeio

def high_water():
    with open("/proc/self/status") as status:
        return next(int(l.split()[1]) for l in status if l.startswith("VmHWM")) * 1024

bridgeio.read(sys.argv[2], "usebio")
warmed = high_water()
results = bridgeio.read(sys.argv[1], "usebio")
print(high_water() - warmed)
"""


def peak_memory(path: Path, warm_up: Path) -> int:
    """Peak resident memory a fresh process adds while reading ``path`` (libxml2's tree
    included, which tracemalloc cannot see)."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path), str(warm_up)],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1])


def measure(path: Path, warm_up: Path, rounds: int, bar: bool = False) -> None:
    """One file's line: the best of ``rounds`` alternating rounds of each (this machine's
    speed drifts; both see the same drift)."""
    size = path.stat().st_size
    repeat = max(1, 2_000_000 // size)  # small files: batches of about 2 MB
    best = {"lxml": float("inf"), "read": float("inf"), "every line": float("inf")}
    actions = {"lxml": lxml_parse, "read": read_only, "every line": read_every_line}
    names = list(actions)
    for round_number in range(rounds):
        turn = round_number % len(names)  # each goes first in turn: what ran before matters
        for name in names[turn:] + names[:turn]:
            took = sum(seconds(actions[name], path) for _ in range(repeat)) / repeat
            best[name] = min(best[name], took)
    peak = peak_memory(path, warm_up)
    ratio = best["every line"] / best["lxml"]
    verdict = ("ok" if ratio <= BAR else "OVER") if bar else ""
    print(
        f"{path.name[:40]:<40}{size / 1e6:>8.2f}{best['lxml'] * 1000:>10.1f}"
        f"{best['read'] * 1000:>10.1f}{best['every line'] * 1000:>12.1f}{ratio:>8.2f}x"
        f"{best['read'] / best['lxml']:>8.2f}x{peak / 1e6:>9.1f}{peak / size:>7.2f}x  {verdict}"
    )


WARM_UP = (
    '<?xml version="1.0"?><USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB>'
    '<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE><PARTICIPANTS><PAIR><PAIR_NUMBER>1'
    "</PAIR_NUMBER><PLAYER><PLAYER_NAME>A B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
    "<LEAD>HK</LEAD><SCORE>420</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS></TRAVELLER_LINE>"
    "</BOARD></EVENT><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND><DIRECTION>North"
    "</DIRECTION><SPADES>AKQJT98765432</SPADES><HEARTS/><DIAMONDS/><CLUBS/></HAND></BOARD>"
    "</HANDSET></USEBIO>"
)


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    cli = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    cli.add_argument("--megabytes", type=int, nargs="*", default=[10, 100])
    cli.add_argument("--rounds", type=int, default=5)
    cli.add_argument("--corpus", default=str(here.parent / "shared" / "corpus" / "usebio"))
    args = cli.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bridgeio-bench-"))
    warm_up = folder / "warm-up.xml"
    warm_up.write_text(WARM_UP)
    print(
        f"{'file':<40}{'MB':>8}{'lxml ms':>10}{'read ms':>10}{'every line':>12}"
        f"{'ratio':>9}{'(read)':>9}{'peak MB':>9}{'/size':>8}"
    )
    for megabytes in args.megabytes:
        path = folder / f"synthetic-{megabytes}MB.xml"
        synthetic(path, megabytes)
        rounds = args.rounds if megabytes <= 20 else max(1, args.rounds // 2)
        measure(path, warm_up, rounds, bar=megabytes == 10)
        path.unlink()
    for path in sorted(Path(args.corpus).glob("*.xml")):
        measure(path, warm_up, args.rounds)
    print(
        f"ratio: bridgeio's read with every traveller line looked at / lxml's bare parse "
        f"(bar {BAR}x for the 10 MB event, pure Python; the read builds every line, so a read "
        "that looks at none costs the same: (read)); peak: memory the read adds to a fresh "
        "process, and its ratio to the file's size"
    )
    warm_up.unlink()


if __name__ == "__main__":
    main()
