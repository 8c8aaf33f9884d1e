"""Benchmark: ``dd_cost`` (what each card cost its side double-dummy) in cards a second, our
batch way (DDS's play analysis, every position of a play in one analysis, 200 plays a call)
beside the naive way (one endplay ``solve_board`` call a card, the played card's score taken
from the scores of every card), from one run, on the same plays. Bar (issue 39): at least 3x.

Plays: real producers' (BBO vugraph and hand-viewer LIN, BEN/GIB/BBO played-board PBN: the
shared corpus's files and the mirrored repositories', wherever found here), repeated to
``--plays``; and as many synthetic ones (random deals and contracts, each card a random legal
one). Both ways must give every card the same cost: the run says how many differ.

    python benchmarks/play.py [--plays N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

import bridgeio
from bridgeio.analysis.tables.build import add_document
from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.play import plays_to_solve
from bridgeio.double_dummy import random_deals
from bridgeio.double_dummy.play_cost import PlayToSolve, play_costs
from bridgeio.model.cards import Card
from bridgeio.model.play import winning_index
from bridgeio.model.results import Results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_play_cost import naive_costs, played_files  # noqa: E402 - after the path is set


def real_plays(paths: list[Path]) -> list[PlayToSolve]:
    """Every completed or claimed play of the files that DDS can follow (as the export
    solves them)."""
    plays = []
    for path in paths:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                doc = bridgeio.read(path)
            except bridgeio.FormatError:
                continue
        if not isinstance(doc, Results):
            continue
        tables = Tables()
        add_document(tables, 0, doc)
        pending = plays_to_solve(tables.rows["cards"], 0, 0, doc)
        plays += [play for _, play in pending if play.solvable()]
    return plays


def synthetic_plays(count: int, seed: int) -> list[PlayToSolve]:
    """Random deals and contracts, each card a random legal one, all 52 cards played."""
    rng = np.random.default_rng(seed)
    plays = []
    for deal in next(random_deals(count, seed)).seats:
        declarer, strain = int(rng.integers(4)), int(rng.integers(5))
        plays.append(PlayToSolve(deal, declarer, strain, _random_play(deal, declarer, strain, rng)))
    return plays


def _random_play(
    deal: np.ndarray, declarer: int, strain: int, rng: np.random.Generator
) -> list[int]:
    hands = [sorted(np.flatnonzero(deal == seat).tolist()) for seat in range(4)]
    trump = None if strain == 4 else strain
    leader, cards = (declarer + 1) % 4, []
    for _ in range(13):
        trick: list[int] = []
        for offset in range(4):
            hand = hands[(leader + offset) % 4]
            suited = [c for c in hand if trick and c // 13 == trick[0] // 13]
            card = int(rng.choice(suited or hand))
            hand.remove(card)
            trick.append(card)
        cards += trick
        leader = (leader + winning_index([Card(c) for c in trick], trump)) % 4  # type: ignore[arg-type]
    return cards


def rates(plays: list[PlayToSolve], chunk: int = 50) -> tuple[float, float, int]:
    """Cards a second our way and the naive way, and the cards whose costs differ. The two
    ways take turns, ``chunk`` plays at a time, so that a change in the machine's load (other
    work on its cores) weighs on both alike."""
    ours_time = naive_time = 0.0
    differ = 0
    for start in range(0, len(plays), chunk):
        some = plays[start : start + chunk]
        began = time.perf_counter()
        ours = play_costs(some)
        ours_time += time.perf_counter() - began
        began = time.perf_counter()
        theirs = [naive_costs(p) for p in some]
        naive_time += time.perf_counter() - began
        differ += sum(
            int(np.sum(np.array(o) != np.array(t))) if o is not None else len(t)
            for o, t in zip(ours, theirs, strict=True)
        )
    cards = sum(len(p.cards) for p in plays)
    return cards / ours_time, cards / naive_time, differ


def _spread(found: list[PlayToSolve], count: int) -> list[PlayToSolve]:
    """``count`` plays spread over all those found (each file's), repeated where too few."""
    if count <= len(found):
        return [found[k * len(found) // count] for k in range(count)]
    return [found[k % len(found)] for k in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200, help="plays of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = real_plays(played_files(Path(tempfile.mkdtemp(prefix="bridgeio-bench-"))))
    if not found:
        raise SystemExit("no real plays here: neither the corpus nor the mirrors")
    kinds = {
        f"real ({len(found)} found)": _spread(found, args.plays),
        "synthetic (random legal cards)": synthetic_plays(args.plays, args.seed),
    }
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} (both ways share what others leave)")
    print(f"{'plays':<36}{'cards':>7}{'batch c/s':>11}{'naive c/s':>11}{'ratio':>8}{'differ':>8}")
    for name, plays in kinds.items():
        ours, naive, differ = rates(plays)
        cards = sum(len(p.cards) for p in plays)
        print(
            f"{name:<36}{cards:>7}{ours:>11.1f}{naive:>11.1f}{ours / naive:>7.1f}x{differ:>8}"
            f"   bar >= 3x: {'yes' if ours >= 3 * naive else 'NO'}"
        )


if __name__ == "__main__":
    main()
