"""ACBLscore game files: read every event, write back byte for byte, anonymise.

>>> sniff(b"\\x12\\x0a\\x03AC3" + bytes(10), 16), sniff(b"PK", 2)
(True, False)
"""

from __future__ import annotations

import importlib
from typing import Any

MAGIC = b"\x12\x0a\x03AC3"


_MODULES = (
    "anonymize",
    "boards",
    "builder",
    "checks",
    "codes",
    "decode",
    "encode",
    "entries",
    "events",
    "layout",
    "matches",
    "numbering",
    "pairing",
    "provenance",
    "reader",
    "records",
    "sections",
    "writer",
)


def sniff(head: bytes, size: int) -> bool:
    """Does a file start like a game file (its master table's length word and 'AC3')?"""
    return head[:6] == MAGIC


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
