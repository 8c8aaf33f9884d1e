"""The results site over PostgreSQL (a server started for the tests in a temporary folder,
on a Unix socket; as root it runs as the ``postgres`` user), under load: 100 readers of
published pages and API lists for 30 s on loopback while a director uploads the 49 corpus
ACBLscore games: no error, every upload published once, the p99 latency of a page view
printed; then each game's JSON is ``bridgeio dump`` of its file and a player of several games
has one page listing them all.
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.conftest import CORPUS
from tests.site.documents import sections_of
from tests.site.load import read_for
from tests.site.server import BIN, Server, postgres_programs, postgresql, serving

GAMES = (
    sorted(
        p
        for p in (CORPUS / "acblscore").glob("*.[aA][cC][aAmMeE]")
        if not p.name.startswith("truncated")
    )
    if CORPUS.is_dir()
    else []
)
pytestmark = [
    pytest.mark.skipif(not GAMES, reason="the shared corpus is absent"),
    pytest.mark.skipif(
        postgres_programs() is None,
        reason="PostgreSQL is not installed (apt-get install postgresql; make test installs it "
        "when run as root or with sudo)",
    ),
]
READERS, SECONDS = 100, 30.0


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with (
        postgresql() as database,
        serving(tmp_path_factory.mktemp("site") / "pg", database) as server,
    ):
        server.add_club("load", "director")
        server.start()
        yield server


@pytest.fixture(scope="module")
def loaded(site: Server) -> tuple[list[dict[str, Any]], Any]:
    """The 49 games uploaded while the readers read: each upload's answer, and what the
    readers saw."""
    answers: list[dict[str, Any]] = []
    published: list[int] = []
    first = site.upload("director", "load", GAMES[0])  # something to read from the start
    assert first.status_code == 201, first.text
    answers.append(first.json())
    published.append(first.json()["id"])

    def upload_all() -> None:
        for path in GAMES[1:]:
            answer = site.upload("director", "load", path)
            answers.append({"status_code": answer.status_code, **answer.json()})
            if answer.status_code == 201:
                published.append(answer.json()["id"])

    def pages(n: int) -> tuple[str, str]:
        game = published[n % len(published)]
        return [
            ("page", f"/games/{game}"),
            ("api", "/api/clubs/load/games"),
            ("page", "/clubs/load"),
            ("api", f"/api/games/{game}"),
        ][n % 4]

    director = threading.Thread(target=upload_all)
    director.start()
    try:
        seen = read_for(site.port, READERS, SECONDS, pages)
    finally:
        director.join(timeout=600)
    return answers, seen


def test_readers_and_a_director_at_once(
    site: Server, loaded: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    answers, seen = loaded
    assert len(answers) == len(GAMES)
    assert all(a.get("status_code", 201) == 201 and a["status"] == "published" for a in answers), [
        a.get("error") for a in answers if "error" in a
    ]
    assert seen.errors == []
    views = len(seen.latencies["page"])
    with capsys.disabled():
        print(
            f"\nsite load (PostgreSQL, {READERS} readers, {SECONDS:g} s, {len(GAMES)} uploads): "
            f"{views} page views, p50 {seen.percentile('page', 0.5) * 1000:.0f} ms, "
            f"p99 {seen.percentile('page', 0.99) * 1000:.0f} ms; "
            f"{len(seen.latencies['api'])} API reads, "
            f"p99 {seen.percentile('api', 0.99) * 1000:.0f} ms"
        )
    assert views > READERS
    # nothing lost: every upload is one version, published, and the club lists every game
    pairs = [(a["id"], a["version"]) for a in answers]
    assert len(set(pairs)) == len(pairs)
    with httpx.Client(base_url=site.url, timeout=60) as client:
        versions = {g: client.get(f"/api/games/{g}/versions").json() for g, _ in pairs}
        listed = client.get("/api/clubs/load/games").json()
    assert sum(len(v) for v in versions.values()) == len(GAMES)
    assert all(v["status"] == "published" for found in versions.values() for v in found)
    assert sorted(g["id"] for g in listed) == sorted(versions)


def test_the_json_is_the_dump_and_a_player_has_one_page(site: Server, loaded: Any) -> None:
    answers, _ = loaded
    done = subprocess.run(
        [str(BIN / "bridgeio"), "dump", *map(str, GAMES)], capture_output=True, timeout=600
    )
    dumps = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(dumps) == len(GAMES)
    played: dict[str, set[int]] = defaultdict(set)
    newest = {a["id"]: a["version"] for a in sorted(answers, key=lambda a: a["version"])}
    with httpx.Client(base_url=site.url, timeout=60) as client:
        for answer, document in zip(answers, dumps, strict=True):
            url = f"/api/games/{answer['id']}/versions/{answer['version']}"
            assert client.get(url).json() == document
            if newest[answer["id"]] != answer["version"]:
                continue
            for event in document["events"]:
                for section in sections_of(event):
                    for entry in section["entries"]:
                        for player in entry["players"]:
                            if player.get("player_number"):
                                played[player["player_number"]].add(answer["id"])
        number, games = max(played.items(), key=lambda item: len(item[1]))
        assert len(games) >= 2
        found = client.get(f"/api/players/{number}").json()
        assert {g["game"] for g in found["games"]} == games
        page = client.get(f"/players/{number}")
        assert page.status_code == 200 and page.text.count('<tr class="played">') == len(
            found["games"]
        )


def test_the_schema_is_the_same_on_postgresql(site: Server) -> None:
    from sqlalchemy import create_engine, inspect

    from bridgeio.analysis.tables import SCHEMAS
    from bridgeio.site.config import load

    engine = create_engine(load(site.folder).database)
    try:
        found = inspect(engine)
        for table, schema in SCHEMAS.items():
            assert [c["name"] for c in found.get_columns(table)] == schema.names, table
    finally:
        engine.dispose()
