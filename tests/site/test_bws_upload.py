"""A Bridgemate database uploaded to the site as a scoring program would (``bridgeio serve``
over SQLite): the game is scored from the tables' scores and published with its standings (a
rank and percentage for every pair), its downloads validate."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.formats.test_bws_mirrors import WHOLE, mirrored
from tests.site.server import Server, serving


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("bws") / "site") as server:
        server.add_club("north", "ann")
        server.start()
        yield server


def test_a_bridgemate_database_is_published_scored(site: Server, tmp_path: Path) -> None:
    game = mirrored(*WHOLE, tmp_path)
    answer = site.upload("ann", "north", game, name="club-night.bws")
    assert answer.status_code == 201, answer.text
    number = answer.json()["id"]
    document = httpx.get(f"{site.url}/games/{number}.json", timeout=60).json()
    assert document["format"] == "bws"
    entries = document["events"][0]["sections"][0]["entries"]
    assert len(entries) == 15
    assert sorted(e["rank"] for e in entries)[:2] == [1, 2]
    assert all(0 < e["percentage"] < 100 for e in entries)
    page = httpx.get(f"{site.url}/games/{number}", timeout=60).text
    assert "66.25" in page  # (the winners' percentage, as `bridgeio score` makes it)
    usebio = tmp_path / "game.xml"
    usebio.write_bytes(httpx.get(f"{site.url}/games/{number}.xml", timeout=60).content)
    checked = subprocess.run(
        [sys.executable, "-m", "bridgeio", "validate", str(usebio)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads(json.dumps(document))["events"][0]["date"] == "2019-04-26"
