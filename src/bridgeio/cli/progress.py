"""The progress of a long command on stderr, shown on a terminal only."""

from __future__ import annotations

import sys
import time


class Progress:
    """Records done, on a terminal only: a bar when the total is known, a count when not."""

    def __init__(self, label: str, total: int | None = None) -> None:
        self.label, self.total, self.done = label, total, 0
        self.shown = 0.0
        self.live = sys.stderr.isatty()

    def update(self, count: int, note: str = "") -> None:
        """Count ``count`` more records done; on a terminal, redraw (with ``note``) at most ten
        times a second."""
        self.done += count
        now = time.monotonic()
        if self.live and now - self.shown > 0.1:
            self.shown = now
            if self.total:
                share = min(self.done / self.total, 1.0)
                bar = "#" * int(share * 30)
                text = f"{self.label} [{bar:<30}] {self.done:,}/{self.total:,}"
            else:
                text = f"{self.label}: {self.done:,} records"
            sys.stderr.write(f"\r{text} {note}\x1b[K")
            sys.stderr.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live and self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
