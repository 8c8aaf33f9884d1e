"""Benchmark: rendering the HTML recap of a 3-section club game.

The game is the corpus's first ACBLscore file with an event of three sections (about 50 pairs,
27 boards, 600 traveller lines), read once; what is timed is building the page's view and
rendering it (``Game.of`` and ``render_game``): the work of ``bridgeio recap`` beyond reading
the file. Times are processor time, the best of several rounds (the first render, which loads
and compiles the templates, is shown apart). With the bundled example hands the page also has
its hand diagrams, makeable contracts and par (the hands are another game's: the timing is what
counts). The corpus is read in place (``--corpus``); where it is absent, that is said.

Bar (issue 21): under 0.5 s.

    python benchmarks/recap.py [--rounds 5] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import time
import warnings
from pathlib import Path

import bridgeio
from bridgeio.model.results import Event
from bridgeio.recap import Game, render_game

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / "shared" / "corpus"
BAR = 0.5


def three_sections(corpus: Path) -> Event | None:
    """The first event of three sections in the corpus's ACBLscore files."""
    for path in sorted((corpus / "acblscore").glob("*.[aA][cC][aAmMeE]")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = bridgeio.read(path)
        for event in results.events:
            if len(event.sections) == 3:
                return event
    return None


def render(event: Event) -> str:
    return render_game(Game.of(event, "game"), "game", "", event.deals)


def timed(event: Event) -> tuple[float, int]:
    began = time.process_time()
    html = render(event)
    return time.process_time() - began, len(html)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    event = three_sections(args.corpus)
    if event is None:
        print(f"no 3-section ACBLscore game at {args.corpus}: nothing to time")
        return
    lines = sum(len(b.results) for s in event.sections for b in s.results)
    entries = sum(len(s.entries) for s in event.sections)
    print(f"3 sections, {entries} entries, {lines} traveller lines")
    first, _ = timed(event)
    print(f"first render (templates loaded and compiled): {first:.3f} s")
    for label in ("as the file holds it", "with 16 hands, solved"):
        if label.startswith("with"):
            event.deals = bridgeio.read(HERE.parent / "examples" / "deals.pbn")
        best, size = min(timed(event) for _ in range(args.rounds))
        verdict = "within" if best < BAR else "OVER"
        print(f"{label}: {best:.3f} s, {size / 1e3:.0f} kB ({verdict} the {BAR} s bar)")


if __name__ == "__main__":
    main()
