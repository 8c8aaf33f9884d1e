"""ACBLscore game files: read every event, write back byte for byte, anonymise."""

from __future__ import annotations

import importlib
from typing import Any

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
    "compiled",
    "sections",
    "writer",
)


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
