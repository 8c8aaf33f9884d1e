"""bridgeio's canonical JSON (DESIGN.md): what ``bridgeio dump`` prints, readable back.

>>> sniff(b'{"format": "zrd", "records": []}', 32), sniff(b"[1, 2]", 6)
(True, False)
"""

from __future__ import annotations

from typing import Any


def sniff(head: bytes, size: int) -> bool:
    """True when ``head`` starts a JSON object with a ``"records"`` or (near its start)
    ``"format"`` key."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"{") and (b'"records"' in head or b'"format"' in head[:200])


def __getattr__(name: str) -> Any:  # the codec is imported when first used
    import importlib

    if name.startswith("__"):
        raise AttributeError(name)
    for part in ("writer", "reader"):
        module = importlib.import_module(f"{__name__}.{part}")
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
