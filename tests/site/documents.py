"""Reading canonical JSON documents in the site's tests."""

from __future__ import annotations

from typing import Any


def sections_of(event: dict[str, Any]) -> list[dict[str, Any]]:
    """An event's sections in canonical JSON: its own, or its sessions' in turn."""
    if "sessions" in event:
        return [s for session in event["sessions"] for s in session["sections"]]
    return list(event["sections"])
