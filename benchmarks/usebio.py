"""Benchmark: reading USEBIO into the results model, next to lxml's bare parse of the same bytes.

From one run: each corpus file and a synthetic event of about 100 MB (a pairs event with many
sections and boards, written by bridgeio's own USEBIO writer). Bars (issue 4): at most 2.5x
lxml's parse time; peak memory at most 5x the file size. Memory is the fresh reading process's
own high-water mark, taken after a warm-up read of a tiny event so that the modules a first read
imports are not counted as the file's (the warm-up's own growth is printed too).

    python benchmarks/usebio.py [--megabytes 100]
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lxml import etree

import bridgeio
from bridgeio.formats.usebio import reader
from bridgeio.formats.usebio.reader import parser
from bridgeio.formats.usebio.writer import to_xml
from bridgeio.model.results import Board, BoardResult, Entry, Event, Player, Results, Section


def synthetic(megabytes: int) -> bytes:
    """A pairs event of 13-table Mitchell sections until the XML reaches the size asked for."""
    sections = []
    per_section = None
    letters = [a + b for a in " ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
    index = 0
    while True:
        name = letters[index].strip()
        index += 1
        section = Section(name, "mitchell")
        for direction in ("NS", "EW"):
            for n in range(1, 14):
                section.entries.append(
                    Entry(
                        f"{n}{direction}",
                        n,
                        direction,
                        150.5 + n,
                        50 + n / 10,
                        n,
                        players=[
                            Player(f"Last{n}", f"First{n}", f"{n:07d}"),
                            Player(f"Lastb{n}", f"Firstb{n}", f"{n:07d}"),
                        ],
                    )
                )
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
                        contract="4S",
                        declarer="N",
                        lead="HK",
                        tricks=10,
                    )
                )
            section.results.append(board)
        sections.append(section)
        if per_section is None:
            per_section = len(to_xml(Results(events=[Event(1, "Size", sections=[section])])))
        if len(sections) * per_section >= megabytes * 1_000_000:
            break
    return to_xml(
        Results(
            events=[
                Event(
                    1,
                    "Synthetic congress",
                    date="2024-05-01",
                    club="Benchmark Club",
                    sections=sections,
                )
            ]
        )
    )


def seconds_of(action, path: Path, times: int = 1) -> float:
    """Seconds a call of `action` takes, over `times` calls in a row."""
    gc.collect()
    began = time.perf_counter()
    for _ in range(times):
        action(path)
    return (time.perf_counter() - began) / times


# VmHWM (the peak of this process's own memory map) rather than ru_maxrss, which Linux carries
# over from the parent across exec. A warm-up read of a 0.7-kilobyte event first, with a board
# of traveller lines and a board of hands: the modules and first-use caches a first read needs
# (about 1 MB) are not the file's memory. Prints the warm-up's own growth and then the file's.
MEASURE = """
import sys
import bridgeio

def high_water():
    with open("/proc/self/status") as status:
        return next(int(l.split()[1]) for l in status if l.startswith("VmHWM")) * 1024

bridgeio.available_formats()
before = high_water()
bridgeio.read(sys.argv[2])
warmed = high_water()
results = bridgeio.read(sys.argv[1])
print(warmed - before, high_water() - warmed)
"""

WARM_UP = (
    '<?xml version="1.0"?><USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME></CLUB>'
    '<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE><PARTICIPANTS><PAIR><PAIR_NUMBER>1'
    "</PAIR_NUMBER><PLAYER><PLAYER_NAME>A B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT>"
    "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND><DIRECTION>North</DIRECTION>"
    "<SPADES>AKQJT98765432</SPADES><HEARTS/><DIAMONDS/><CLUBS/></HAND></BOARD></HANDSET>"
    "</USEBIO>"
)


def peak_memory(path: Path, warm_up: Path) -> tuple[int, int]:
    """Peak resident memory a fresh process adds while reading (libxml2's tree included,
    which tracemalloc cannot see): (the warm-up read's, this file's after it)."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path), str(warm_up)],
        capture_output=True,
        text=True,
        check=True,
    )
    first, then = done.stdout.split()
    return int(first), int(then)


def lxml_parse(path: Path):
    return etree.parse(str(path), parser())


def report(path: Path, warm_up: Path) -> bool:
    size = path.stat().st_size
    # Rounds of a batch of lxml's parses then a batch of our reads (batches of about 2 MB), and
    # the best round of each: this machine's speed drifts, and both see the same drift.
    times = max(1, 2_000_000 // size)
    bare = ours = float("inf")
    for _ in range(3 if size > 10_000_000 else 15):
        bare = min(bare, seconds_of(lxml_parse, path, times))
        ours = min(ours, seconds_of(bridgeio.read, path, times))
    _, peak = peak_memory(path, warm_up)
    ratio = ours / bare
    ok = ratio <= 2.5 and peak <= 5 * size
    print(
        f"{path.name[:44]:<44}{size / 1e6:>9.2f}{bare * 1000:>10.1f}{ours * 1000:>10.1f}"
        f"{ratio:>7.2f}x{peak / size:>8.2f}x  {'ok' if ok else 'OVER'}"
    )
    return ok


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    cli = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cli.add_argument("--megabytes", type=int, default=100)
    cli.add_argument("--corpus", default=str(here.parent / "shared" / "corpus" / "usebio"))
    args = cli.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bridgeio-bench-"))
    big = folder / "synthetic.xml"
    big.write_bytes(synthetic(args.megabytes))
    warm_up = folder / "warm-up.xml"
    warm_up.write_text(WARM_UP)
    print(f"{'file':<44}{'MB':>9}{'lxml ms':>10}{'ours ms':>10}{'time':>8}{'memory':>9}")
    results = [report(p, warm_up) for p in sorted(Path(args.corpus).glob("*.xml"))]
    results.append(report(big, warm_up))
    fixed, _ = peak_memory(warm_up, warm_up)
    print(
        "time: ours / lxml's bare parse (bar 2.5x); memory: peak resident memory the read "
        "adds / file size (bar 5x),"
    )
    print(
        f"  measured after a warm-up read of a {len(WARM_UP)}-byte event, which itself added "
        f"{fixed / 1e6:.2f} MB (imports and first-use caches)"
    )
    print(f"bars met for {sum(results)} of {len(results)} files")
    walker = "built" if reader.board_columns is not None else "NOT built (Python walk)"
    print(f"the C walker of USEBIO boards: {walker}")
    big.unlink()
    warm_up.unlink()


if __name__ == "__main__":
    main()
