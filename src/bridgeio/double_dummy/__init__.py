"""Random deals and double-dummy solving (DDS through endplay, an optional extra)."""

from bridgeio.double_dummy.generate import random_deals
from bridgeio.double_dummy.solver import SolverMissing, solve_seats, with_tricks

__all__ = ["random_deals", "solve_seats", "with_tricks", "SolverMissing"]
