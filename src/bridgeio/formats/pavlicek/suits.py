"""ZBS files: 32-bit suit records, grouped into diagrams by their continuation flag (the
grouping; :mod:`.reader` and :mod:`.writer` read and write the files)."""

from __future__ import annotations

import numpy as np

from bridgeio.errors import FormatError


def open_run_of(words: np.ndarray) -> int:
    """How many records at the end carry the "another suit follows" flag."""
    ends = np.flatnonzero((words & 1) == 0)
    return len(words) - (int(ends[-1]) + 1 if len(ends) else 0)


def group_sizes(flags: np.ndarray, path: str) -> np.ndarray:
    """Records per diagram from the continuation flags; at most four suits a diagram."""
    ends = np.flatnonzero(flags == 0)
    if len(flags) and flags[-1] == 1:
        start = int(ends[-1]) + 1 if len(ends) else 0
        raise FormatError(
            path,
            f"record {len(flags)} at byte {(len(flags) - 1) * 4}",
            f"the diagram begun at record {start + 1} to end (flag 0) before the list does",
        )
    sizes = np.diff(np.concatenate(([-1], ends))).astype(np.int64)
    long = np.flatnonzero(sizes > 4)
    if len(long):
        start = int(ends[long[0]] - sizes[long[0]] + 1)
        raise FormatError(
            path,
            f"record {start + 1} at byte {start * 4}",
            f"at most 4 suit records a diagram, found {int(sizes[long[0]])}",
        )
    return sizes
