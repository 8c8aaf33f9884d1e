"""Benchmark: reading USEBIO into the results model, next to lxml's bare parse of the same bytes.

From one run: a synthetic event of about 10 MB and one of about 100 MB (pairs events of
13-table Mitchell sections, written by bridgeio's own USEBIO writer); the real producers'
layouts, each a corpus file repeated to about 10 MB (Compscore and NZ Scorer by default,
``--layouts`` names others); and each corpus file as it is. For each: lxml's bare parse
(``etree.parse`` with lxml's default parser), bridgeio's read with every traveller line looked
at (the model is built eagerly: the read is the same with or without looking, both are shown),
and the peak memory a fresh process adds while reading.

A producer's layout is repeated by its boards: in each container of results (the EVENT, each
SECTION and SESSION) the run of result BOARDs is copied until the file is about 10 MB, set off
by the whitespace the producer puts between boards; the rest of the file (its PARTICIPANTS, hand
set, header) is left byte for byte. Each layout is measured twice: its copies numbered on from
the last (BOARD_NUMBER plus the run's highest number each time), and copied as they are, board
numbers repeating as in a file of several sessions (issue 29: a held-out Compscore layout read
so was at 3.4-4.7x). Each copy is checked to be read with every traveller line.
The corpus is read in place (``--corpus``); where it is absent, that is said and its lines are
left out.

Bar (issue 14.4, 18 for the producers' layouts, 29 for their repeated numbers): every traveller
line of each 10 MB event read in at most 3x lxml's bare parse, in pure Python (before: 4.6-5.1x
with the C walker, 6.8x without; 1.6x / 3.1x for a read that touched no line; 2.1-3.5x by lxml
elements before plain lines were captured from the text, 1.8-2.5x after). Times are this
process's processor time, the best of several alternating rounds. Memory is the reading
process's own high-water mark (VmHWM), taken after a warm-up read of a tiny event so that the
modules a first read imports are not counted as the file's.

    python benchmarks/usebio.py [--megabytes 10 100] [--rounds 5] [--corpus DIR]
                                [--layouts compscore_mp_pairs_mitchell.xml nzscorer_pairs.xml]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import re
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
LAYOUTS = ("compscore_mp_pairs_mitchell.xml", "nzscorer_pairs.xml")
"""The producers' layouts repeated to 10 MB by default: one file of each producer."""


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
    sized = Event(1, "Size", date=datetime.date(2024, 5, 1), sections=[section("A"), section("B")])
    write(Results([sized]), probe)
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


_BOARD = re.compile(rb"<BOARD[\s>].*?</BOARD\s*>", re.S)
_BOARD_NUMBER = re.compile(rb"(<BOARD_NUMBER>\s*)(\d+)")


def board_runs(source: bytes) -> list[tuple[int, int]]:
    """Where the runs of result BOARDs are (start, end): BOARDs before the last EVENT's end
    with nothing but whitespace between them (a hand set's boards come after the event)."""
    runs: list[tuple[int, int]] = []
    for found in _BOARD.finditer(source, 0, source.rindex(b"</EVENT>")):
        if runs and not source[runs[-1][1] : found.start()].strip():
            runs[-1] = (runs[-1][0], found.end())
        else:
            runs.append((found.start(), found.end()))
    return runs


def repeated(source: bytes, megabytes: int, renumber: bool = True) -> bytes:
    """A producer's file with each run of result BOARDs copied until the whole is about
    ``megabytes``: each copy's boards numbered on from the last copy's (``renumber``), or
    with the numbers they had."""
    runs = board_runs(source)
    size = sum(end - start for start, end in runs)
    if not size:
        raise SystemExit("no result BOARDs to repeat")
    copies = max(1, round((megabytes * 1_000_000 - len(source)) / size) + 1)
    parts, at = [], 0
    for start, end in runs:
        block = source[start:end]
        boards = list(_BOARD.finditer(block))
        gap = block[boards[0].end() : boards[1].start()] if len(boards) > 1 else b""
        highest = max(int(number) for _, number in _BOARD_NUMBER.findall(block))
        parts.append(source[at:end])
        for copy in range(1, copies):
            parts.append(gap)
            parts.append(_renumbered(block, copy * highest) if renumber else block)
        at = end
    parts.append(source[at:])
    return b"".join(parts)


def _renumbered(block: bytes, shift: int) -> bytes:
    """Boards with their numbers ``shift`` on."""
    return _BOARD_NUMBER.sub(lambda m: m.group(1) + b"%d" % (int(m.group(2)) + shift), block)


def layout(source: Path, path: Path, megabytes: int, renumber: bool = True) -> None:
    """``source`` repeated to ``megabytes`` at ``path`` (boards renumbered or not); checked
    to be read with every traveller line."""
    data = repeated(source.read_bytes(), megabytes, renumber)
    path.write_bytes(data)
    lines = sum(
        len(board.results)
        for event in bridgeio.read(path, "usebio").events
        for part in event.sections
        for board in part.results
    )
    if lines != data.count(b"<TRAVELLER_LINE"):
        raise SystemExit(f"{path.name}: {lines} of {data.count(b'<TRAVELLER_LINE')} lines read")


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
    cli.add_argument("--layouts", nargs="*", default=list(LAYOUTS), help="corpus files to repeat")
    cli.add_argument("--layout-megabytes", type=int, default=10)
    args = cli.parse_args()
    corpus = Path(args.corpus)
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
    if not corpus.is_dir():
        print(f"the corpus is not at {corpus}: the producers' layouts and its files are left out")
    for name in args.layouts if corpus.is_dir() else []:
        for renumber, how in ((True, "renumbered"), (False, "repeated")):
            path = folder / f"{Path(name).stem[:20]}-{args.layout_megabytes}MB-{how}.xml"
            layout(corpus / name, path, args.layout_megabytes, renumber)
            measure(path, warm_up, args.rounds, bar=True)
            path.unlink()
    for path in sorted(corpus.glob("*.xml")):
        measure(path, warm_up, args.rounds)
    print(
        f"ratio: bridgeio's read with every traveller line looked at / lxml's bare parse "
        f"(bar {BAR}x for each 10 MB event: bridgeio's own and each producer's layout repeated, "
        "its boards renumbered and with their numbers repeating; "
        "pure Python; the read builds every line, so a read that looks at none costs the same: "
        "(read)); peak: memory the read adds to a fresh process, and its ratio to the file's size"
    )
    warm_up.unlink()


if __name__ == "__main__":
    main()
