"""Benchmark: the results site (``bridgeio serve``) on loopback.

A site is made in a temporary folder (SQLite), served by ``bridgeio serve`` on 127.0.0.1, and
the bundled club game (examples/club-game.ACA: 10 tables, 26 boards) uploaded through the API
and published. Then, from one run:

- page views per second of the game's published recap (``/games/ID``: the site finds the
  public version in the database and sends its page) beside the same page served as a static
  file by the same server (``/static/``, Starlette's StaticFiles), each for ``--seconds`` with
  ``--readers`` kept-alive connections. Bar: the recap at 50% of the static file's rate or more.
- the time from upload to published for the club game (the API call with ``publish=true``
  returns when the game is public; its page is then fetched), the median of ``--uploads``.
  Bar: under 1 s. Double-dummy solving, when the site solves, goes on after publishing: its
  time is shown for a game with hands (a USEBIO corpus file with a hand record) when endplay
  and the corpus are there.

    python benchmarks/site.py [--seconds 10] [--readers 16] [--uploads 7]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402 - after the path is set

from tests.site.load import read_for  # noqa: E402
from tests.site.server import Server  # noqa: E402

CLUB_GAME = ROOT / "examples" / "club-game.ACA"
CORPUS = ROOT.parent / "shared" / "corpus"
RATE_BAR, PUBLISH_BAR = 0.5, 1.0


def rate(server: Server, path: str, seconds: float, readers: int) -> float:
    """Views a second of ``path`` by ``readers`` connections for ``seconds``."""
    seen = read_for(server.port, readers, seconds, lambda _n: ("view", path))
    if seen.errors:
        raise RuntimeError(f"{path}: {seen.errors[:3]}")
    return len(seen.latencies["view"]) / seconds


def upload_times(server: Server, count: int) -> list[float]:
    """Seconds from sending the club game to its public page, ``count`` times."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        answer = server.upload("director", "club", CLUB_GAME)
        assert answer.status_code == 201 and answer.json()["status"] == "published", answer.text
        assert httpx.get(server.url + answer.json()["url"]).status_code == 200
        times.append(time.perf_counter() - started)
    return times


def solving_time(server: Server) -> str:
    """Seconds until a game with hands shows its makeable contracts, after publishing."""
    import importlib.util

    if importlib.util.find_spec("endplay") is None:
        return "not measured (endplay is not installed)"
    found = sorted((CORPUS / "usebio").glob("compscore_mp_pairs_howell.xml"))
    if not found:
        return f"not measured (no corpus at {CORPUS})"
    answer = server.upload("director", "club", found[0])
    published = time.perf_counter()
    page = server.url + answer.json()["url"]
    while "Makeable contracts" not in httpx.get(page).text:
        if time.perf_counter() - published > 600:
            return "over 600 s"
        time.sleep(0.2)
    took = time.perf_counter() - published
    return f"{took:.1f} s after publishing (a USEBIO game with its hands)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--readers", type=int, default=16)
    parser.add_argument("--uploads", type=int, default=7)
    given = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bridgeio-site-bench-"))
    server = Server(folder / "site", solve=True)
    try:
        server.add_club("club", "director")
        (server.folder / "static").mkdir()
        server.start()
        time.sleep(2)  # the workers' fork server warms up in the background
        times = upload_times(server, given.uploads)
        answer = server.upload("director", "club", CLUB_GAME)
        game = answer.json()["id"]
        (server.folder / "static" / "recap.html").write_bytes(
            httpx.get(f"{server.url}/games/{game}").content
        )
        static = rate(server, "/static/recap.html", given.seconds, given.readers)
        published = rate(server, f"/games/{game}", given.seconds, given.readers)
        solved = solving_time(server)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    share = published / static
    median = statistics.median(times)
    print(f"results site on 127.0.0.1 ({given.readers} connections, {given.seconds:g} s each):")
    print(
        f"  published recap /games/{game}: {published:,.0f} views/s   "
        f"same page as a static file: {static:,.0f} views/s   "
        f"= {share:.0%} (bar >= {RATE_BAR:.0%}: {'met' if share >= RATE_BAR else 'NOT met'})"
    )
    print(
        f"  upload to published, club game ({CLUB_GAME.name}): median {median * 1000:.0f} ms "
        f"of {len(times)} (min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}) "
        f"(bar < {PUBLISH_BAR:g} s: {'met' if median < PUBLISH_BAR else 'NOT met'})"
    )
    print(f"  double-dummy solving: {solved}")


if __name__ == "__main__":
    main()
