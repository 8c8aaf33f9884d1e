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
import subprocess
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

CORPUS = Path("/work/shared/corpus")
MIRROR = Path("/work/.mirror")
MIRRORED = {  # repository (mirrored as owner+name): its files of played boards
    "sihengz02+bridge-lin2json-parser": [f"raw_file/{n}.lin" for n in range(74800, 74808)],
    "ThorvaldAagaard+Bridge-Robot-Utilities": [
        "Example/Match- GIBNS v GIBEW BC 1-4.lin",
        "Example/Match- GIBNS v GIBEW BC.pbn",
    ],
    "dominicprice+endplay": ["tests/lin/example1.lin"],
}


def real_files(tmp: Path) -> list[Path]:
    """The corpus's files of played boards, and the mirrored ones taken out into ``tmp``."""
    found = sorted((CORPUS / "world" / "lin").glob("*.lin"))
    found += sorted((CORPUS / "world" / "pbn").glob("*.pbn"))
    found += sorted((CORPUS / "pbn").glob("dominicprice__endplay__example*.pbn"))
    for repo, paths in MIRRORED.items():
        git = MIRROR / repo / "repo"
        for path in paths:
            shown = subprocess.run(
                ["git", "--git-dir", str(git), "show", f"HEAD:{path}"],
                capture_output=True,
                check=False,
            )
            if shown.returncode == 0:
                out = tmp / f"{repo}__{path.replace('/', '__').replace(' ', '_')}"
                out.write_bytes(shown.stdout)
                found.append(out)
    return found


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


def naive_costs(play: PlayToSolve) -> list[int]:
    """One endplay ``solve_board`` call a card: the best score less the played card's."""
    from endplay.dds import solve_board
    from endplay.types import Deal as SolverDeal
    from endplay.types import Denom, Player

    deal = SolverDeal(bridgeio.model.Deal(play.holder).pbn())
    deal.first, deal.trump = Player((play.declarer + 1) % 4), Denom(play.strain)
    costs = []
    for card in play.cards:
        scores = {int(c.suit) * 13 + 14 - c.rank.to_alternate(): s for c, s in solve_board(deal)}
        costs.append(max(scores.values()) - scores[card])
        deal.play("SHDC"[card // 13] + "AKQJT98765432"[card % 13])
    return costs


def rates(plays: list[PlayToSolve]) -> tuple[float, float, int]:
    """Cards a second our way and the naive way, and the cards whose costs differ."""
    cards = sum(len(p.cards) for p in plays)
    began = time.perf_counter()
    ours = play_costs(plays)
    ours_rate = cards / (time.perf_counter() - began)
    began = time.perf_counter()
    theirs = [naive_costs(p) for p in plays]
    naive_rate = cards / (time.perf_counter() - began)
    differ = sum(
        int(np.sum(np.array(o) != np.array(t))) if o is not None else len(t)
        for o, t in zip(ours, theirs, strict=True)
    )
    return ours_rate, naive_rate, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200, help="plays of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = real_plays(real_files(Path(tempfile.mkdtemp(prefix="bridgeio-bench-"))))
    if not found:
        raise SystemExit("no real plays here: neither the corpus nor the mirrors")
    kinds = {
        f"real ({len(found)} plays, repeated)": [found[k % len(found)] for k in range(args.plays)],
        "synthetic (random legal cards)": synthetic_plays(args.plays, args.seed),
    }
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
