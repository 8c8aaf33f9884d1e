"""Shared fixtures and Hypothesis strategies."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bridgeio.model import UNKNOWN_TRICKS, DealSet

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"

settings.register_profile(
    "default",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
settings.load_profile("default")


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    return CORPUS


def random_seats(seed: int, n: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    ordered = np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (n, 1))
    return rng.permuted(ordered, axis=1)


def random_tricks(seed: int, n: int, unknown: float = 0.1) -> np.ndarray:
    """Tricks ``(n, 5, 4)`` shaped like a solver's: partners' counts differ by at most one."""
    rng = np.random.default_rng(seed + 1)
    side = rng.integers(0, 14, size=(n, 5, 1))  # the tricks North-South can take
    by_seat = np.concatenate([side, 13 - side, side, 13 - side], axis=2)  # N E S W (the model's)
    tricks = np.clip(by_seat + rng.integers(-1, 2, size=(n, 5, 4)), 0, 13).astype(np.uint8)
    tricks[rng.random((n, 5, 4)) < unknown] = UNKNOWN_TRICKS
    # Real results never give every declarer 0 in notrump; such a ZDD record ends the list.
    tricks[(tricks[:, 4] == 0).all(axis=1), 4, 0] = 1
    return tricks


@st.composite
def deal_sets(
    draw,
    cards: bool = True,
    tricks: bool = True,
    boards: bool = False,
    min_size: int = 0,
    max_size: int = 40,
    stated: bool = False,
) -> DealSet:
    """Random deal sets: whole deals and trick counts 0-13 or unknown; with ``stated``, a
    dealer and vulnerability stated (or not) for each deal."""
    n = draw(st.integers(max(min_size, 0 if cards else 1), max_size))
    seed = draw(st.integers(0, 2**32 - 1))
    result = DealSet(
        random_seats(seed, n) if cards else None,
        random_tricks(seed, n, draw(st.sampled_from([0.0, 0.1, 1.0]))) if tricks else None,
    )
    if boards:
        result.boards = np.array(
            draw(st.lists(st.integers(0, 10**6), min_size=n, max_size=n)), dtype=np.int64
        )
    if stated:
        rng = np.random.default_rng(seed + 2)
        result.dealer = rng.choice(np.array([0, 1, 2, 3, 255], np.uint8), n)
        result.vulnerability = rng.choice(np.array([0, 1, 2, 3, 255], np.uint8), n)
    return result


def write_bytes(folder: Path, name: str, data: bytes) -> str:
    path = folder / name
    path.write_bytes(data)
    return str(path)
