"""Nothing lost (issue 38), over SQLite and PostgreSQL, through the real server: a hand record
joins its game and never replaces it; a version that would drop names, ranks or totals stays a
draft; publishing at once from several clients lists a game once in each player's history; a
cut multipart body is refused; each event of a two-event game has its USEBIO download; refused
uploads and a killed server's partial files leave nothing in ``files/``; downloads asked for at
once do not collide.
"""

from __future__ import annotations

import dataclasses
import socket
import subprocess
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import bridgeio
from tests.conftest import CORPUS
from tests.site.server import Server, serving
from tests.test_recap import EXAMPLES

GAME = EXAMPLES / "club-game.ACA"
TWO_EVENTS = CORPUS / "acblscore" / "long-beach-bridge_170612.ACA"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, database: str | None) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("site") / "results"
    with serving(folder, database) as server:
        server.add_club("north", "ann")
        server.start()
        yield server


def numbers(site: Server, game: int) -> list[str]:
    """The player numbers of a game's public version."""
    document = httpx.get(f"{site.url}/api/games/{game}").json()
    return [
        p["player_number"]
        for e in document["events"]
        for s in e["sections"]
        for entry in s["entries"]
        for p in entry["players"]
        if p.get("player_number")
    ]


def histories(site: Server, game: int) -> dict[str, int]:
    """How many times each player of the game lists it."""
    found = {}
    for number in numbers(site, game):
        answer = httpx.get(f"{site.url}/api/players/{number}")
        assert answer.status_code == 200, answer.text
        found[number] = sum(g["game"] == game for g in answer.json()["games"])
    return found


def rewritten(path: Path, folder: Path, name: str, change: Any) -> Path:
    """A real file read, changed by ``change(document)`` and written as canonical JSON."""
    document = bridgeio.read(path)
    change(document)
    target = folder / name
    bridgeio.write(document, target, "json")
    return target


def test_a_hand_record_joins_its_game_and_never_replaces_it(site: Server, tmp_path: Path) -> None:
    game = site.upload("ann", "north", GAME).json()
    before = histories(site, game["id"])
    assert before and set(before.values()) == {1}
    # a hand record with the game's date and event name, uploaded as a game: 422, nothing kept
    text = (EXAMPLES / "deals.pbn").read_text()
    record = tmp_path / "handrecord.pbn"
    record.write_text(
        text.replace('[Event "?"]', '[Event "Tuesday Afternoon Pairs"]').replace(
            '[Date "?"]', '[Date "2026.11.17"]'
        )
    )
    files = site.files()
    refused = site.upload("ann", "north", record)
    assert refused.status_code == 422, refused.text
    assert "hand record" in refused.json()["error"] and "/deals" in refused.json()["error"]
    assert site.files() == files
    assert (
        httpx.get(f"{site.url}/api/games/{game['id']}/versions").json()[-1]["version"]
        == (game["version"])
    )
    # POST /api/games/{id}/deals: a new version with the deals and every result kept
    with record.open("rb") as handle:
        added = httpx.post(
            f"{site.url}/api/games/{game['id']}/deals",
            headers=site.bearer("ann"),
            files={"file": ("handrecord.pbn", handle)},
            data={"publish": "true"},
            timeout=120,
        )
    assert added.status_code == 201, added.text
    answer = added.json()
    assert answer["id"] == game["id"] and answer["version"] == game["version"] + 1
    assert answer["status"] == "published", answer["problems"]
    document = httpx.get(f"{site.url}/api/games/{game['id']}").json()
    deals = document["events"][0]["deals"]
    assert [d["board"] for d in deals] == list(range(1, 17)), deals[:1]
    assert histories(site, game["id"]) == before  # names, ranks, histories: all still there
    # a file that is not a hand record is refused, and the game stays as it is
    with GAME.open("rb") as handle:
        wrong = httpx.post(
            f"{site.url}/api/games/{game['id']}/deals",
            headers=site.bearer("ann"),
            files={"file": ("club-game.ACA", handle)},
        )
    assert wrong.status_code == 422 and "holds no deals" in wrong.json()["error"]


def test_a_version_that_drops_names_ranks_or_totals_stays_a_draft(
    site: Server, tmp_path: Path
) -> None:
    game = site.upload("ann", "north", GAME).json()

    def nameless(document: Any) -> None:
        for section in document.events[0].sections:
            for entry in section.entries:
                entry.rank = None
                entry.players = [
                    dataclasses.replace(p, first_name="", last_name="") for p in entry.players
                ]

    answer = site.upload("ann", "north", rewritten(GAME, tmp_path, "bare.json", nameless))
    assert answer.status_code == 201, answer.text
    found = answer.json()
    assert found["id"] == game["id"] and found["status"] == "draft"
    said = " ".join(p["message"] for p in found["problems"] if p["severity"] == "error")
    assert "no player names for 10 entries" in said and "no ranks" in said
    assert "totals" not in said  # the scores are all there
    public = httpx.get(f"{site.url}/api/games/{game['id']}").json()
    assert public["events"][0]["sections"][0]["entries"][0]["players"][0]["last_name"]
    listed = httpx.get(f"{site.url}/api/clubs/north/games", headers=site.bearer("ann")).json()
    mine = next(g for g in listed if g["id"] == game["id"])
    assert mine["status"] == "published" and mine["newer_draft"] == found["version"]
    anonymous = httpx.get(f"{site.url}/api/clubs/north/games").json()
    assert "newer_draft" not in next(g for g in anonymous if g["id"] == game["id"])


def test_an_older_version_published_again_is_a_roll_back(site: Server, tmp_path: Path) -> None:
    def renamed(document: Any) -> None:
        document.events[0].name = "Roll back"

    first = site.upload("ann", "north", rewritten(GAME, tmp_path, "a.json", renamed)).json()

    def corrected(document: Any) -> None:
        renamed(document)
        document.events[0].sections[0].entries[0].players[0] = dataclasses.replace(
            document.events[0].sections[0].entries[0].players[0], last_name="Corrected"
        )

    second = site.upload("ann", "north", rewritten(GAME, tmp_path, "b.json", corrected)).json()
    assert (second["id"], second["version"], second["status"]) == (first["id"], 2, "published")

    def shown() -> str:
        document = httpx.get(f"{site.url}/api/games/{first['id']}").json()
        return str(document["events"][0]["sections"][0]["entries"][0]["players"][0]["last_name"])

    assert shown() == "Corrected"
    publish = f"{site.url}/api/games/{first['id']}/publish"
    back = httpx.post(publish, json={"version": 1}, headers=site.bearer("ann"))
    assert back.status_code == 200 and back.json()["version"] == 1
    assert shown() != "Corrected" and set(histories(site, first["id"]).values()) == {1}
    versions = f"{site.url}/api/games/{first['id']}/versions"
    listed = httpx.get(versions, headers=site.bearer("ann")).json()
    assert [(v["public"], v["status"]) for v in listed] == [
        (True, "published"),
        (False, "withdrawn"),
    ]
    assert [v["version"] for v in httpx.get(versions).json()] == [1]  # the public: not version 2
    assert httpx.get(f"{site.url}/games/{first['id']}/versions/2").status_code == 404
    withdrawn = httpx.post(
        f"{site.url}/api/games/{first['id']}/unpublish", headers=site.bearer("ann")
    )
    assert withdrawn.status_code == 200 and withdrawn.json()["status"] == "withdrawn"
    assert httpx.get(f"{site.url}/api/games/{first['id']}").status_code == 404
    assert httpx.get(f"{site.url}/games/{first['id']}").status_code == 404
    assert httpx.get(versions).status_code == 404
    listed = httpx.get(versions, headers=site.bearer("ann")).json()
    assert [v["status"] for v in listed] == ["withdrawn", "withdrawn"]


def test_simultaneous_publishes_list_the_game_once(site: Server, tmp_path: Path) -> None:
    def renamed(document: Any) -> None:
        document.events[0].name = "Publishing race"

    path = rewritten(GAME, tmp_path, "race.json", renamed)
    for at_once in (2, 5):
        draft = site.upload("ann", "north", path, publish=False).json()
        barrier = threading.Barrier(at_once)

        def publish(_n: int, draft: dict[str, Any] = draft, barrier: Any = barrier) -> int:
            barrier.wait()
            return httpx.post(
                f"{site.url}/api/games/{draft['id']}/publish",
                headers=site.bearer("ann"),
                timeout=120,
            ).status_code

        with ThreadPoolExecutor(at_once) as pool:
            assert list(pool.map(publish, range(at_once))) == [200] * at_once
        listed = histories(site, draft["id"])
        assert len(listed) == 20 and set(listed.values()) == {1}, (at_once, listed)


def test_a_multipart_body_cut_before_its_end_is_400_and_keeps_nothing(site: Server) -> None:
    files = site.files()
    boundary = "cutcutcut"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="publish"\r\n\r\ntrue\r\n'
        f"--{boundary}\r\nContent-Disposition: form-data; "
        'name="file"; filename="club-game.ACA"\r\n\r\n'
    ).encode()
    body = head + GAME.read_bytes()[:5000]  # no closing boundary
    answer = httpx.post(
        f"{site.url}/api/clubs/north/games",
        headers={
            **site.bearer("ann"),
            "Content-Type": f"multipart/form-data; boundary={boundary}",
        },
        content=body,
    )
    assert answer.status_code == 400 and "cut" in answer.json()["error"]
    assert site.files() == files


@pytest.mark.skipif(not TWO_EVENTS.exists(), reason="the shared corpus is absent")
def test_each_event_of_a_game_has_its_usebio_download(site: Server) -> None:
    game = site.upload("ann", "north", TWO_EVENTS).json()
    whole = httpx.get(f"{site.url}/games/{game['id']}.xml")
    assert whole.status_code == 300
    assert "standard output" not in whole.text and f"/games/{game['id']}/events/2.xml" in whole.text
    names = []
    for n in (1, 2):
        answer = httpx.get(f"{site.url}/games/{game['id']}/events/{n}.xml", timeout=120)
        assert answer.status_code == 200, answer.text
        root = ET.fromstring(answer.content)
        assert len(root.findall("EVENT")) == 1
        names.append(root.findtext("EVENT/EVENT_DESCRIPTION"))
    assert names[0] != names[1]
    assert httpx.get(f"{site.url}/games/{game['id']}/events/3.xml").status_code == 404
    # a version's page links its own downloads, each event's too, and they are that version's
    version = f"/games/{game['id']}/versions/{game['version']}"
    page = httpx.get(f"{site.url}{version}").text
    assert f'href="{version}/events/1.xml"' in page and f'href="{version}.json"' in page
    page = httpx.get(f"{site.url}{version}/events/2").text
    assert f'href="{version}/events/2.xml"' in page
    public = httpx.get(f"{site.url}/games/{game['id']}/events/2").text
    assert f'href="/games/{game["id"]}/events/2.xml"' in public
    again = httpx.get(f"{site.url}{version}/events/2.xml", timeout=120)
    assert again.status_code == 200
    assert ET.fromstring(again.content).findtext("EVENT/EVENT_DESCRIPTION") == names[1]
    assert f"{version}/events/1.xml" in httpx.get(f"{site.url}{version}.xml").text
    assert httpx.get(f"{site.url}{version}/events/2.csv").status_code == 404
    one = site.upload("ann", "north", GAME).json()
    assert (
        httpx.get(f"{site.url}/games/{one['id']}.xml", timeout=120).content
        == httpx.get(f"{site.url}/games/{one['id']}/events/1.xml", timeout=120).content
    )


def test_refused_uploads_leave_nothing_and_no_message_names_a_server_path(
    site: Server, tmp_path: Path
) -> None:
    files = site.files()
    damaged = tmp_path / "damaged.ACA"
    damaged.write_bytes(GAME.read_bytes()[:3000])
    for path in (damaged, EXAMPLES / "deals.pbn", Path(__file__)):
        answer = site.upload("ann", "north", path)
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert str(site.folder) not in error and "/files/" not in error, error
        assert error.startswith(path.name), error
    assert site.files() == files


def test_downloads_asked_for_at_once_are_made_once(site: Server) -> None:
    game = site.upload("ann", "north", GAME, name="downloads.ACA").json()

    def get(ext: str) -> int:
        return httpx.get(f"{site.url}/games/{game['id']}.{ext}", timeout=120).status_code

    for ext in ("pbn", "xml", "csv", "aca"):
        with ThreadPoolExecutor(40) as pool:
            assert list(pool.map(get, [ext] * 40)) == [200] * 40, ext


def test_a_killed_servers_partial_upload_is_cleaned_at_start(site: Server) -> None:
    assert site.process is not None
    size = 2_000_000
    with socket.create_connection(("127.0.0.1", site.port)) as sending:
        head = (
            f"POST /api/clubs/north/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {site.token('ann')}\r\n"
            "Content-Type: multipart/form-data; boundary=b\r\n"
            f"Content-Length: {size}\r\n\r\n"
            '--b\r\nContent-Disposition: form-data; name="file"; filename="x.ACA"\r\n\r\n'
        )
        sending.sendall(head.encode() + b"x" * 200_000)
        deadline = time.monotonic() + 10
        while not list((site.folder / "files").glob(".in-*")) and time.monotonic() < deadline:
            time.sleep(0.05)
        partial = list((site.folder / "files").glob(".in-*"))
        assert partial
        site.process.kill()
        site.process.wait()
    assert all(p.exists() for p in partial)
    site.start()
    assert not any(p.exists() for p in partial)
    assert httpx.get(f"{site.url}/api/clubs/north/games").status_code == 200


def test_the_site_folder_is_the_owners_only(site: Server) -> None:
    if site.folder.joinpath("site.db").exists():
        for name in ("site.db", "site.db-wal", "site.db-shm"):
            path = site.folder / name
            if path.exists():
                assert path.stat().st_mode & 0o077 == 0, name
    assert (site.folder / "site.json").stat().st_mode & 0o077 == 0
    listed = subprocess.run(["ls", "-l", str(site.folder)], capture_output=True, text=True)
    assert listed.returncode == 0
