"""The results site over SQLite, served by ``bridgeio serve`` on 127.0.0.1: every corpus
results file (world/ too) uploaded through the API (a bearer token) and published; the public
JSON of each game is ``bridgeio dump`` of its file (of the file scored, where it records no
figures: the site publishes such a game scored); each game's page, opened in headless
Chromium, shows its standings; a player in several games has one page listing all of them;
the downloads.
"""

from __future__ import annotations

import json
import subprocess
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import bridgeio
from bridgeio.analysis.scoring.session import rescored_copy
from bridgeio.analysis.scoring.standings import recorded
from bridgeio.errors import collect
from bridgeio.model.results import Results
from tests.browser.cdp import Browser, chromium, problems
from tests.conftest import CORPUS
from tests.recap_corpus import document, results_files
from tests.site.documents import sections_of
from tests.site.server import BIN, Server, serving

FILES = results_files() + [  # and the producers new this stage (corpus/world/)
    (f"world-{p.parent.name}[{n}]", p)
    for n, p in enumerate(sorted(CORPUS.glob("world/*/*.[xp][mb][ln]")) if CORPUS.is_dir() else [])
    if isinstance(document(p), Results)  # (read once a session, shared)
]
pytestmark = pytest.mark.skipif(not FILES, reason="the shared corpus is absent")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # (not a timed test: the largest corpus file, 7,632 lines with plays, takes its check
    # near the default 30 s limit on a busy machine)
    with serving(tmp_path_factory.mktemp("site") / "results", check_seconds=300) as server:
        server.add_club("corpus", "director")
        server.add_club("other", "rival")
        server.start()
        yield server


@pytest.fixture(scope="module")
def dumps(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Any]:
    """``bridgeio dump`` of every file (one run: a document a line); of a file recording no
    figures (played boards without scores), the canonical JSON of it scored."""
    paths = [p for _, p in FILES]
    done = subprocess.run(
        [str(BIN / "bridgeio"), "dump", *map(str, paths)], capture_output=True, timeout=600
    )
    lines = done.stdout.splitlines()
    assert len(lines) == len(paths), done.stderr.decode()[-500:]
    found = {p: json.loads(line) for p, line in zip(paths, lines, strict=True)}
    folder = tmp_path_factory.mktemp("scored")
    for n, path in enumerate(paths):
        doc = document(path)
        if isinstance(doc, Results) and not recorded(doc):
            with collect():
                bridgeio.write(rescored_copy(doc)[0], folder / f"{n}.json")
            found[path] = json.loads((folder / f"{n}.json").read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def uploaded(site: Server) -> dict[Path, dict[str, Any]]:
    """Every corpus results file uploaded and published (two at a time, as two directors'
    programs might): its answer (201), by file."""

    def one(path: Path) -> dict[str, Any]:
        answer = site.upload("director", "corpus", path)
        assert answer.status_code == 201, f"{path.suffix}: {answer.status_code} {answer.text[:300]}"
        return dict(answer.json())

    paths = [p for _, p in FILES]
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(paths, pool.map(one, paths), strict=True))


def test_every_corpus_file_is_published_and_its_json_is_the_dump(
    site: Server, uploaded: dict[Path, dict[str, Any]], dumps: dict[Path, Any]
) -> None:
    with httpx.Client(base_url=site.url, timeout=60) as client:
        for path, answer in uploaded.items():
            # published, unless it would drop what the game's public version shows (a
            # truncated copy of a game uploaded after the whole one): a draft saying so
            lacks = [p for p in answer["problems"] if "stays a draft" in p["message"]]
            assert (answer["status"] == "published") != bool(lacks), (path.name, lacks)
            assert answer["url"] == f"/games/{answer['id']}"
            assert answer["format"] == dumps[path]["format"]
            assert all(set(p) == {"severity", "place", "message"} for p in answer["problems"])
            version = client.get(
                f"/api/games/{answer['id']}/versions/{answer['version']}",
                headers=site.bearer("director"),  # (a draft is its director's)
            )
            assert version.status_code == 200
            assert version.json() == dumps[path], f"{path.suffix}: the JSON is not the dump"
        public = [(p, a) for p, a in uploaded.items() if a["status"] == "published"]
        latest = {a["id"]: p for p, a in sorted(public, key=lambda i: i[1]["version"])}
        for game_id, path in latest.items():
            assert client.get(f"/api/games/{game_id}").json() == dumps[path]
        listed = client.get("/api/clubs/corpus/games").json()
    assert sorted(g["id"] for g in listed) == sorted(latest)
    assert all(g["status"] == "published" for g in listed)
    # a game uploaded again (same club, date and events) is a version of it, each kept
    pairs = [(a["id"], a["version"]) for a in uploaded.values()]
    assert len(set(pairs)) == len(pairs)


def _entries(document: dict[str, Any], event: int) -> int:
    return sum(len(s["entries"]) for s in sections_of(document["events"][event]))


SHOWN = """(() => {
  const shown = (e) => e.getClientRects().length > 0;
  return [...document.querySelectorAll("table.standings tr.entry")].filter(shown).length;
})()"""


@pytest.mark.skipif(chromium() is None, reason="Chromium is not installed (make test installs it)")
def test_each_game_page_shows_its_standings_in_a_browser(
    site: Server, uploaded: dict[Path, dict[str, Any]], dumps: dict[Path, Any]
) -> None:
    program = chromium()
    assert program is not None
    browser = Browser(program, 390, 844)  # a phone held upright
    try:
        browser.viewport(390, 844, mobile=True)
        for path, answer in uploaded.items():
            document = dumps[path]
            if answer["status"] != "published":
                continue  # a draft (it would drop what its game shows) is not public
            for event in range(len(document["events"])):
                page = f"{site.url}/games/{answer['id']}/versions/{answer['version']}"
                if event:
                    page = f"{site.url}/games/{answer['id']}/events/{event + 1}"
                    if answer["id"] != _latest_id_upload(uploaded, answer):
                        continue
                reported = browser.open(page)
                assert problems(reported, page) == [], path.suffix
                assert browser.evaluate(SHOWN) == _entries(document, event), path.suffix
    finally:
        browser.close()


def _latest_id_upload(uploaded: dict[Path, dict[str, Any]], answer: dict[str, Any]) -> int:
    """The game id when ``answer`` is its game's public version, else -1."""
    newest = max(a["version"] for a in uploaded.values() if a["id"] == answer["id"])
    return int(answer["id"]) if answer["version"] == newest else -1


def test_a_player_of_several_games_has_one_page_listing_them_all(
    site: Server, uploaded: dict[Path, dict[str, Any]], dumps: dict[Path, Any]
) -> None:
    played: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for path, answer in uploaded.items():
        if answer["id"] != _latest_id_upload(uploaded, answer):
            continue  # an older version: its rows left the tables when the newer came
        for n, event in enumerate(dumps[path]["events"], 1):
            for section in sections_of(event):
                for entry in section["entries"]:
                    for player in entry["players"]:
                        if player.get("player_number"):
                            played[player["player_number"]].add((answer["id"], n))
    number, games = max(played.items(), key=lambda item: len({g for g, _ in item[1]}))
    assert len({g for g, _ in games}) >= 2
    with httpx.Client(base_url=site.url, timeout=60) as client:
        found = client.get(f"/api/players/{number}").json()
        assert sorted(g["game"] for g in found["games"]) == sorted(g for g, _ in games)
        assert {"game", "date", "club", "partner", "percentage", "rank"} <= set(found["games"][0])
        assert all(g["partner"] for g in found["games"])
        page = client.get(f"/players/{number}")
        assert page.status_code == 200 and page.text.count('<tr class="played">') == len(games)
        by_percent = client.get(f"/players/{number}?sort=percentage").text
        assert by_percent.count('<tr class="played">') == len(games)
        shown = [g["percentage"] for g in found["games"] if g["percentage"] is not None]
        cells = by_percent.split('<td class="num" data-v="')[1:][::2]  # each row's %
        assert [float(c.split('"')[0]) for c in cells if c.split('"')[0]] == sorted(shown)
        # search by name finds the player, and the name's page lists the same games
        name = found["name"]
        hits = client.get("/api/search", params={"q": name}).json()
        assert any(h["player_number"] == number for h in hits)
        search = client.get("/search", params={"q": name})
        assert search.status_code == 200 and f"/players/{number}" in search.text
        by_name = client.get("/api/players", params={"name": name, "club": "corpus"}).json()
        assert len(by_name["games"]) >= len(games)
        assert client.get("/api/players/no-such-player").status_code == 404


def test_downloads(
    site: Server, uploaded: dict[Path, dict[str, Any]], dumps: dict[Path, Any]
) -> None:
    """Each format's first file: its game as USEBIO, PBN, ACBLscore, JSON and CSV (or why
    not, 409)."""
    firsts: dict[str, Path] = {}
    for path in uploaded:
        firsts.setdefault(dumps[path]["format"], path)
    with httpx.Client(base_url=site.url, timeout=120) as client:
        for path in firsts.values():
            game = uploaded[path]["id"]
            for ext in ("xml", "pbn", "aca", "json", "csv"):
                got = client.get(f"/games/{game}.{ext}")
                assert got.status_code in (200, 409), (ext, got.text[:200])
                if got.status_code == 409:
                    assert "cannot be written" in got.text
                    continue
                assert "attachment" in got.headers["content-disposition"]
                if ext == "json":
                    assert got.json() == client.get(f"/api/games/{game}").json()
                if ext == "csv":
                    assert got.text.startswith("event,section,entry,direction,names")
            assert client.get(f"/games/{game}.exe").status_code == 404
