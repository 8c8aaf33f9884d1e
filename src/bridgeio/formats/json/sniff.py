"""How bridgeio's canonical JSON is told from its first bytes."""

from __future__ import annotations


def sniff(head: bytes, size: int) -> bool:
    """True when ``head`` starts a JSON object with a ``"records"`` or (near its start)
    ``"format"`` key."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"{") and (b'"records"' in head or b'"format"' in head[:200])
