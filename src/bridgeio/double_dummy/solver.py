"""Double-dummy tricks from DDS, through endplay (``pip install bridgeio[dds]``)."""

from __future__ import annotations

import numpy as np

from bridgeio.model import Deal

BATCH = 40  # DDS solves at most 40 deals of five strains in one CalcAllTables call
INSTALL_HINT = "double-dummy solving needs endplay: pip install 'bridgeio[dds]'"


class SolverMissing(RuntimeError):
    """endplay (DDS) is not installed."""

    def __init__(self) -> None:
        super().__init__(INSTALL_HINT)


def solve_seats(seats: np.ndarray) -> np.ndarray:
    """Tricks ``(n, 5, 4)`` (strain S H D C NT by declarer N E S W) for deals ``(n, 52)``.

    DDS spreads each batch of 40 deals over all the machine's cores itself.
    """
    try:
        from endplay.dds import calc_all_tables
        from endplay.types import Deal as SolverDeal
    except ImportError:
        raise SolverMissing() from None
    tricks = np.empty((len(seats), 5, 4), dtype=np.uint8)
    for start in range(0, len(seats), BATCH):
        batch = seats[start : start + BATCH]
        tables = calc_all_tables([SolverDeal(Deal(row).pbn()) for row in batch])
        tricks[start : start + len(batch)] = [table.to_list() for table in tables]
    return tricks
