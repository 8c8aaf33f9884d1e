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
from bridgeio.model import DealSet

HERE = Path(__file__).parent


def main() -> None:
    rng = np.random.default_rng(2026_11_21)
    seats = rng.permuted(np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (16, 1)), axis=1)
    deals = DealSet(seats)
    tables = calc_all_tables([SolverDeal(deal.pbn()) for deal in deals])
    deals.tricks = np.array([table.to_list() for table in tables], dtype=np.uint8)
    bridgeio.write(deals, HERE / "deals.pbn")


if __name__ == "__main__":
    main()
