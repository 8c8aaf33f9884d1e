"""bridgeio's canonical JSON (DESIGN.md): what ``bridgeio dump`` prints, readable back."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:  # the codec is imported when first used
    import importlib

    if name.startswith("__"):
        raise AttributeError(name)
    for part in ("writer", "reader"):
        module = importlib.import_module(f"{__name__}.{part}")
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
