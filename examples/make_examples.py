"""Make the example files that ``make demo`` shows: 16 random deals, solved double dummy.

The deals come from a fixed seed; the tricks from endplay's DDS solver (``pip install endplay``),
so this script is run by hand, once, and its output committed: the demo needs no solver.

    python examples/make_examples.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from endplay.dds import calc_all_tables
from endplay.types import Deal as SolverDeal

import bridgeio
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.model import DealSet
from bridgeio.model.chess import PartialDate, Tournament

HERE = Path(__file__).parent


TOURNAMENTS = [
    ("Hastings", "Hastings", (1895, 8, 5), "round_robin", "ENG", 21),
    ("London", "London", (1851, 5, 27), "knockout", "ENG", 4),
    ("Linares", "Linares", (1994, 2, 23), "round_robin", "ESP", 13),
    ("World Championship", "New York", (1886, 1, 11), "match", "USA", 20),
    ("Olympiad", "Buenos Aires", (1939, 8, 24), "team", "ARG", 0),
    ("Wijk aan Zee", "Wijk aan Zee", (2024, 1, 13), "round_robin", "NED", 13),
    ("Reykjavik Open", "Reykjavik", (2024, 4, 0), "swiss", "ISL", 9),
]


def tournaments() -> None:
    """A small ChessBase tournament file of famous events (our own writer, our own data)."""
    entries = [
        Tournament(title, place, PartialDate(*date), pairing, nation=nation, rounds=rounds,
                   complete=True, games=rounds * 2, first_game=10 * number)
        for number, (title, place, date, pairing, nation, rounds) in enumerate(TOURNAMENTS)
    ]
    bridgeio.write(TournamentFile.new(entries), HERE / "tournaments.cbt")


def main() -> None:
    tournaments()
    rng = np.random.default_rng(2026_11_21)
    seats = rng.permuted(np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (16, 1)), axis=1)
    deals = DealSet(seats)
    tables = calc_all_tables([SolverDeal(deal.pbn()) for deal in deals])
    deals.tricks = np.array([table.to_list() for table in tables], dtype=np.uint8)
    bridgeio.write(deals, HERE / "deals.pbn")


if __name__ == "__main__":
    main()
