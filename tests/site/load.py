"""A bounded load on a site on loopback: many readers, each a kept-alive HTTP/1.1 connection
asking for pages in turn until a deadline, their latencies and statuses kept."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Seen:
    """What the readers saw: one latency (s) and status per request, by kind of page."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add(self, kind: str, status: int, seconds: float, path: str) -> None:
        """Keep one request's figures (a status other than 200 is an error)."""
        self.latencies.setdefault(kind, []).append(seconds)
        if status != 200:
            self.errors.append(f"{status} {path}")

    def percentile(self, kind: str, share: float) -> float:
        """The latency under which ``share`` of the requests of ``kind`` answered."""
        ordered = sorted(self.latencies[kind])
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _reader(
    port: int, paths: Callable[[], tuple[str, str]], deadline: float, seen: Seen
) -> None:
    reading, writing = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.monotonic() < deadline:
            kind, path = paths()
            started = time.perf_counter()
            writing.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writing.drain()
            status = int((await reading.readline()).split()[1])
            length, closing = 0, False
            while (line := await reading.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                closing |= name.lower() == "connection" and value.strip().lower() == "close"
            await reading.readexactly(length)
            seen.add(kind, status, time.perf_counter() - started, path)
            if closing:
                writing.close()
                reading, writing = await asyncio.open_connection("127.0.0.1", port)
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
        seen.errors.append(f"{type(error).__name__}: {error}")
    finally:
        writing.close()


def read_for(
    port: int, readers: int, seconds: float, pages: Callable[[int], tuple[str, str]]
) -> Seen:
    """``readers`` connections reading ``pages(n)`` (kind, path) for ``seconds``."""
    seen = Seen()
    counter = itertools.count()

    def next_page() -> tuple[str, str]:
        return pages(next(counter))

    async def run() -> None:
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(_reader(port, next_page, deadline, seen) for _ in range(readers)))

    asyncio.run(run())
    return seen
