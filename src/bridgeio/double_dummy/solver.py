"""Double-dummy tricks from DDS, through endplay (``pip install bridgeio[dds]``)."""

from __future__ import annotations

import dataclasses

import numpy as np

from bridgeio.model import Deal
from bridgeio.model.deals import NO_SEAT, UNKNOWN_TRICKS, DealSet

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


def with_tricks(deals: DealSet) -> DealSet:
    """``deals`` with double-dummy tricks for every whole deal that lacks them (known tricks
    kept, everything else of the set as it was: boards, dealer, vulnerability, provenance).

    >>> whole = DealSet.from_deals([Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. "
    ...                                           "..AKQJT98765432. ...AKQJT98765432")])
    >>> known = dataclasses.replace(whole, tricks=np.full((1, 5, 4), 6, dtype=np.uint8))
    >>> with_tricks(known) is known  # (nothing to solve: no solver needed)
    True
    """
    if deals.seats is None or not len(deals):
        return deals
    if deals.tricks is not None and not (deals.tricks == UNKNOWN_TRICKS).any():
        return deals
    whole = ~(deals.seats == NO_SEAT).any(axis=1)
    tricks = np.full((len(deals), 5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    if deals.tricks is not None:
        tricks[:] = deals.tricks
    tricks[whole] = solve_seats(deals.seats[whole])
    return dataclasses.replace(deals, tricks=tricks)
