"""Benchmark: rescoring a season, every corpus game repeated to 2,000 games.

Prints games/s for reading the games (into the model, nothing else) and for scoring them
(every board's matchpoints, totals, percentages and ranks recomputed and compared:
:func:`bridgeio.analysis.scoring.rescore`), and the bar of issue 20: scoring adds at most half
the read time. Each corpus game (the ACBLscore files and the USEBIO matchpoint files) is read
and scored in turn until 2,000 games are done; the best of ``--rounds`` rounds is kept.

    python benchmarks/scoring.py [--corpus DIR] [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import itertools
import time
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


def timed(paths: list[Path], games: int, score: bool) -> float:
    """Seconds to read (and with ``score``, to score) ``games`` games from ``paths``."""
    start = time.perf_counter()
    for path in itertools.islice(itertools.cycle(paths), games):
        doc = bridgeio.read(path)
        if score:
            assert isinstance(doc, Results)
            rescore(doc)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent / "shared" / "corpus")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    paths = corpus_games(args.corpus)
    read = min(timed(paths, args.games, False) for _ in range(args.rounds))
    both = min(timed(paths, args.games, True) for _ in range(args.rounds))
    scoring = both - read
    print(f"{len(paths)} corpus games repeated to {args.games:,} games")
    print(f"read only:        {args.games / read:8.1f} games/s  ({read:.2f} s)")
    print(f"read and score:   {args.games / both:8.1f} games/s  ({both:.2f} s)")
    print(f"scoring alone:    {args.games / scoring:8.1f} games/s  ({scoring:.2f} s)")
    verdict = "met" if scoring <= read / 2 else "NOT met"
    print(f"bar: scoring adds {scoring / read:.0%} of the read time (at most 50%): {verdict}")


if __name__ == "__main__":
    main()
