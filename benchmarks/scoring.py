"""Benchmark: rescoring a season, every corpus game repeated to 2,000 games.

Prints games/s for reading the games (into the model, nothing else) and for scoring them
(every board's matchpoints, totals, percentages and ranks recomputed and compared:
:func:`bridgeio.analysis.scoring.rescore`), and the bar of issue 20: scoring adds at most half
the read time. Each corpus game (the ACBLscore and USEBIO files) is read and at once scored,
in turn, until 2,000 games are done, the two timed apart; the best of ``--rounds`` is kept.
Times are the process's CPU time (a machine shared with other work moves wall-clock times by
a third from one run to the next; ``--wall`` times the wall clock instead).

    python benchmarks/scoring.py [--corpus DIR] [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from pathlib import Path

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.model.results import Results

HERE = Path(__file__).resolve().parents[1]


def corpus_games(corpus: Path) -> list[Path]:
    """Every ACBLscore game and every USEBIO file of the corpus (not the cut-short one)."""
    found = [
        p
        for folder in ("acblscore", "usebio")
        for p in sorted((corpus / folder).iterdir())
        if p.is_file() and not p.name.startswith("trunc")
    ]
    return found


def timed(paths: list[Path], games: int, clock: Callable[[], float]) -> tuple[float, float]:
    """Seconds reading and seconds scoring ``games`` games from ``paths``, each game read
    and then scored at once (so that both meet the machine in the same state)."""
    reading = scoring = 0.0
    for path in itertools.islice(itertools.cycle(paths), games):
        start = clock()
        doc = bridgeio.read(path)
        read = clock()
        assert isinstance(doc, Results)
        rescore(doc)
        reading += read - start
        scoring += clock() - read
    return reading, scoring


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent / "shared" / "corpus")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--wall", action="store_true", help="time the wall clock")
    args = parser.parse_args()
    paths = corpus_games(args.corpus)
    clock = time.perf_counter if args.wall else time.process_time
    rounds = [timed(paths, args.games, clock) for _ in range(args.rounds)]
    read = min(r for r, _ in rounds)
    scoring = min(s for _, s in rounds)
    both = read + scoring
    kind = "wall-clock" if args.wall else "CPU"
    print(
        f"{len(paths)} corpus games repeated to {args.games:,} games "
        f"(best of {args.rounds}, {kind} time)"
    )
    print(f"read only:        {args.games / read:8.1f} games/s  ({read:.2f} s)")
    print(f"scoring alone:    {args.games / scoring:8.1f} games/s  ({scoring:.2f} s)")
    print(f"read and score:   {args.games / both:8.1f} games/s  ({both:.2f} s)")
    verdict = "met" if scoring <= read / 2 else "NOT met"
    print(f"bar: scoring adds {scoring / read:.0%} of the read time (at most 50%): {verdict}")


if __name__ == "__main__":
    main()
