"""How a USEBIO file is told from its first bytes."""

from __future__ import annotations

_ROOTS = tuple("<USEBIO".encode(encoding) for encoding in ("ascii", "utf-16-le", "utf-16-be"))


def sniff(head: bytes, size: int) -> bool:
    """A USEBIO root element near the start, in an 8-bit encoding or UTF-16 (as XML allows)."""
    sample = head[:8192]
    return any(root in sample for root in _ROOTS)
