"""Benchmark: ``bridgeio recap`` of a club game as a whole process, and the page's render.

Issue 29's bar: a recap of a club game under 0.5 s as a whole process (it took 0.7–1.4 s, about
0.37 s of it imports and 0.05–0.09 s the render). Each file is recapped as a user runs it
(``bridgeio recap FILE -o page.html``, Python's bytecode cache on: a machine that sets
PYTHONDONTWRITEBYTECODE would compile every module from source each time), alternating with
the baselines of the same machine load: ``python -c pass`` and ``bridgeio info`` of the same
file. Figures are wall-clock times of whole processes, the best and the median of ``--runs``
(and the processor time of the best), the first run apart (it compiles the templates, which
are then kept in the user's cache folder). It then lists the heavy packages the recap loads
(pandas, pyarrow and DuckDB must not load) and times the render alone (``Game.of`` and
``render_games``, processor time, best of ``--rounds``) of the corpus's 3-section game.

The files: the bundled example club game (one section), and the corpus's first ACBLscore
file with an event of three sections (about 50 pairs, 27 boards, 600 traveller lines), read in
place (``--corpus``); where it is absent, that is said.

    python benchmarks/recap.py [--runs 9] [--rounds 5] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import bridgeio
from bridgeio.model.results import Event
from bridgeio.recap import Game, render_games

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "shared" / "corpus"
CLUB = HERE.parent / "examples" / "club-game.ACA"
BAR = 0.5
BRIDGEIO = str(Path(sys.executable).with_name("bridgeio"))
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
BEFORE = "before (issue 29): 0.7-1.4 s a recap of a club game, about 0.37 s of it imports"
HEAVY = ("pandas", "pyarrow", "duckdb", "numpy", "jinja2", "lxml")


def three_sections(corpus: Path) -> tuple[Path, Event] | None:
    """The first ACBLscore file of the corpus with an event of three sections, and that event."""
    for path in sorted((corpus / "acblscore").glob("*.[aA][cC][aAmMeE]")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = bridgeio.read(path)
        for event in results.events:
            if len(event.sections) == 3:
                return path, event
    return None


def process(command: list[str]) -> tuple[float, float]:
    """Wall-clock and processor seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_processes(path: Path, runs: int) -> None:
    """The recap of ``path`` beside its baselines, alternating, ``runs`` times each."""
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "page.html")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "bridgeio info": [BRIDGEIO, "info", str(path)],
            "bridgeio recap": [BRIDGEIO, "recap", str(path), "-o", page, "--force"],
        }
        first = process(commands["bridgeio recap"])
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(process(command))
        print(f"{path.name}: {os.path.getsize(page) / 1e3:,.0f} kB page")
        print(f"  first recap (templates compiled): {first[0]:.3f} s wall, {first[1]:.3f} s cpu")
        for name, found in times.items():
            best = min(found)
            median = statistics.median(wall for wall, _ in found)
            verdict = ""
            if name == "bridgeio recap":
                verdict = f"  ({'within' if best[0] < BAR else 'OVER'} the {BAR} s bar)"
            print(
                f"  {name:<16} best {best[0]:.3f} s (cpu {best[1]:.3f} s), "
                f"median {median:.3f} s{verdict}"
            )


def loaded(path: Path) -> list[str]:
    """The heavy packages a recap of ``path`` imports."""
    code = (
        "import sys, tempfile, os\n"
        "from bridgeio.cli import run\n"
        f"run(['recap', {str(path)!r}, '-o', os.path.join(tempfile.mkdtemp(), 'x.html')])\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENVIRONMENT
    )
    names = set(done.stdout.split("\n")[-2].split()) if done.stdout else set()
    return [name for name in HEAVY if name in names]


def render(event: Event) -> str:
    return render_games([(Game.of(event, "game"), event.deals)], "game")


def timed(event: Event) -> tuple[float, int]:
    began = time.process_time()
    html = render(event)
    return time.process_time() - began, len(html)


def renders(event: Event, rounds: int) -> None:
    lines = sum(len(b.results) for s in event.sections for b in s.results)
    entries = sum(len(s.entries) for s in event.sections)
    print(f"render alone: 3 sections, {entries} entries, {lines} traveller lines")
    first, _ = timed(event)
    print(f"  first render (templates loaded): {first:.3f} s")
    for label in ("as the file holds it", "with 16 hands, solved"):
        if label.startswith("with"):
            event.deals = bridgeio.read(HERE.parent / "examples" / "deals.pbn")
        best, size = min(timed(event) for _ in range(rounds))
        print(f"  {label}: {best:.3f} s, {size / 1e3:.0f} kB (before: 0.05-0.09 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    print(BEFORE)
    found = three_sections(args.corpus)
    files = [CLUB] + ([found[0]] if found else [])
    for path in files:
        whole_processes(path, args.runs)
    heavy = loaded(files[-1])
    unwanted = [n for n in heavy if n in ("pandas", "pyarrow", "duckdb")]
    verdict = f"UNWANTED: {', '.join(unwanted)}" if unwanted else "pandas, pyarrow, duckdb: none"
    print(f"heavy packages a recap loads: {', '.join(heavy) or 'none'} ({verdict})")
    if found is None:
        print(f"no 3-section ACBLscore game at {args.corpus}: the render is not timed")
        return
    renders(found[1], args.rounds)


if __name__ == "__main__":
    main()
