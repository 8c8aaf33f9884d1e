"""Pavlicek's published checksum: the sum of all 32-bit little-endian words, kept as 64 bits."""

from __future__ import annotations

import numpy as np

from bridgeio.files import PathLike, input_size

BLOCK = 1 << 24  # bytes summed at a time: bounded memory for any file size


def word_sum(path: PathLike) -> int:
    """The 64-bit sum of the file's 32-bit little-endian words; a short last word is zero-padded.

    >>> import tempfile, os; p = os.path.join(tempfile.mkdtemp(), "w.bin")
    >>> _ = open(p, "wb").write(bytes([1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 2]))
    >>> hex(word_sum(p))
    '0x100000002'
    """
    input_size(path)
    total = 0
    with open(path, "rb") as handle:
        while block := handle.read(BLOCK):
            if len(block) % 4:
                block += bytes(4 - len(block) % 4)
            total += int(np.frombuffer(block, dtype="<u4").sum(dtype=np.uint64))
    return total & 0xFFFF_FFFF_FFFF_FFFF
