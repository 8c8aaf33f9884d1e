"""Nothing forged (issue 38), over SQLite and PostgreSQL, through the real server: cookie
calls of the API from elsewhere refused while bearer tokens and this site's own pages work;
login counted atomically per (user, address), X-Forwarded-For ignored; every body limited
before anyone is known and slow bodies cut; JSON errors for odd ids and names; CSV cells a
spreadsheet will not run; tokens listed, revoked, expiring, unable to make tokens; passwords
changed and users removed from the command line; placeholder player numbers name nobody.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import bridgeio
from tests.site.server import PASSWORD, Server, serving
from tests.site.server import bridgeio as command_line
from tests.test_recap import EXAMPLES

GAME = EXAMPLES / "club-game.ACA"
EVIL = "https://evil.example"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, database: str | None) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("site") / "results"
    with serving(folder, database, body_seconds=2.0) as server:
        server.add_club("north", "ann")
        server.add_club("south", "carol")
        server.add_club("east", "dave")
        server.start()
        yield server


def rewritten(folder: Path, name: str, change: Any) -> Path:
    """The club game read, changed by ``change(document)``, written as canonical JSON."""
    document = bridgeio.read(GAME)
    change(document)
    target = folder / name
    bridgeio.write(document, target, "json")
    return target


def test_cookie_calls_of_the_api_need_json_from_this_site(site: Server) -> None:
    same = {"Origin": site.url}
    with contextlib.closing(site.client("ann")) as browser:
        # a new token: text/plain, another origin, or no origin at all are refused
        assert browser.post("/api/tokens", content=b"{}", headers=same).status_code == 415
        assert browser.post("/api/tokens", json={}, headers={"Origin": EVIL}).status_code == 403
        assert browser.post("/api/tokens", json={}).status_code == 403
        multipart = browser.post("/api/tokens", files={"x": b"{}"}, headers=same)
        assert multipart.status_code == 415  # (a form's kind: for uploads only)
        assert browser.post("/api/tokens", json={}, headers=same).status_code == 201
        browser.get("/login")  # the page gives the CSRF cookie; the header sends it back
        token = {"X-CSRF-Token": browser.cookies["bridgeio_csrf"]}
        assert browser.post("/api/tokens", json={}, headers=token).status_code == 201
        # an upload from a form elsewhere: refused before a byte is kept
        files = site.files()
        with GAME.open("rb") as handle:
            forged = browser.post(
                "/api/clubs/north/games",
                files={"file": handle},
                data={"publish": "false"},
                headers={"Origin": EVIL},
            )
        assert forged.status_code == 403 and "error" in forged.json()
        assert site.files() == files
        with GAME.open("rb") as handle:
            own = browser.post(
                "/api/clubs/north/games", files={"file": handle}, data={"publish": "false"}
            )
        assert own.status_code == 403  # a form of no origin is not this site's either
        with GAME.open("rb") as handle:
            own = browser.post("/api/clubs/north/games", files={"file": handle}, headers=same)
        assert own.status_code == 201, own.text
        game = own.json()["id"]
        publish = f"/api/games/{game}/publish"
        assert browser.post(publish, content=b"", headers={"Origin": EVIL}).status_code == 415
        assert browser.post(publish, json={}, headers={"Origin": EVIL}).status_code == 403
        assert browser.post(publish, json={}, headers=same).status_code == 200
    # a scoring program's token needs neither
    assert httpx.post(f"{site.url}{publish}", headers=site.bearer("ann")).status_code == 200


def test_a_login_cannot_be_forged_from_elsewhere(site: Server) -> None:
    body = f'{{"user": "ann", "password": "{PASSWORD}"}}'.encode()
    with httpx.Client(base_url=site.url) as visitor:
        plain = visitor.post("/api/session", content=body, headers={"Content-Type": "text/plain"})
        assert plain.status_code == 415 and "bridgeio_session" not in visitor.cookies
        elsewhere = visitor.post(
            "/api/session", json={"user": "ann", "password": PASSWORD}, headers={"Origin": EVIL}
        )
        assert elsewhere.status_code == 403 and "bridgeio_session" not in visitor.cookies
        form = visitor.post("/session", data={"user": "ann", "password": PASSWORD})
        assert form.status_code == 403 and "bridgeio_session" not in visitor.cookies
        own = visitor.post(
            "/api/session",
            json={"user": "ann", "password": PASSWORD},
            headers={"Origin": site.url},
        )
        assert own.status_code == 200 and "bridgeio_session" in visitor.cookies


def test_sixty_wrong_passwords_at_once_are_counted_one_by_one(site: Server) -> None:
    barrier = threading.Barrier(60)

    def guess(n: int) -> int:
        with httpx.Client(base_url=site.url, timeout=120) as client:
            barrier.wait()
            answer = client.post("/api/session", json={"user": "carol", "password": f"x{n}"})
            assert "error" in answer.json()
            return answer.status_code

    with ThreadPoolExecutor(60) as pool:
        statuses = list(pool.map(guess, range(60)))
    assert set(statuses) <= {401, 429}
    assert 1 <= statuses.count(401) <= 12, statuses.count(401)
    right = {"user": "carol", "password": PASSWORD}
    with httpx.Client(base_url=site.url) as client:
        assert client.post("/api/session", json=right).status_code == 429
        forwarded = {"X-Forwarded-For": "203.0.113.9"}  # not from a proxy of the site's
        assert client.post("/api/session", json=right, headers=forwarded).status_code == 429
    # carol from another address is not locked out by whoever guesses from this one
    other = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(base_url=site.url, transport=other) as client:
        assert client.post("/api/session", json=right).status_code == 200


def _refused_at_once(site: Server, path: str, head: str, chunk: bytes, count: int) -> tuple:
    """Send a large body (``count`` chunks after ``head``) until the server answers; the
    status and the seconds it took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as sending:
        sending.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{head}\r\n".encode())
        sending.setblocking(False)
        answer = b""
        for _ in range(count):
            try:
                sending.sendall(chunk)
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                break
            try:
                answer += sending.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                break
            if b"\r\n\r\n" in answer:
                break
        sending.setblocking(True)
        while b"\r\n\r\n" not in answer:
            more = sending.recv(65536)
            if not more:
                break
            answer += more
    return int(answer.split(b" ", 2)[1]), time.monotonic() - started


def test_a_50_mb_anonymous_body_is_refused_at_once(site: Server) -> None:
    size = 50_000_000
    before = site.rss()
    mb = b"x" * 1_000_000
    for path in ("/api/session", "/api/clubs/north/games", "/session"):
        status, seconds = _refused_at_once(
            site, path, f"Content-Type: application/json\r\nContent-Length: {size}\r\n", mb, 50
        )
        assert status == 413 and seconds < 3, (path, status, seconds)
        chunked = b"%x\r\n" % len(mb) + mb + b"\r\n"
        status, seconds = _refused_at_once(
            site,
            path,
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
            chunked,
            50,
        )
        assert status in (400, 401, 413) and seconds < 3, (path, status, seconds)
    assert site.rss() - before < 100_000_000
    assert httpx.get(f"{site.url}/api/clubs").status_code == 200


def test_a_slow_body_is_cut(site: Server) -> None:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", site.port), timeout=30) as sending:
        sending.sendall(
            b"POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user"'
        )
        answer = sending.recv(65536)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
    assert time.monotonic() - started < 10


def test_odd_ids_and_names_are_json_errors(site: Server) -> None:
    for path in (
        "/api/games/9223372036854775808",
        "/api/games/2147483648/versions",
        "/api/no/such/thing",
    ):
        answer = httpx.get(site.url + path)
        assert answer.status_code == 404 and "error" in answer.json(), path
    wrong = httpx.delete(f"{site.url}/api/clubs")
    assert wrong.status_code == 405 and "error" in wrong.json()
    assert httpx.get(f"{site.url}/games/9223372036854775808").status_code == 404
    boundary = "nul"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="publish"\r\n\r\ntrue\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="club\x00game.ACA"\r\n\r\n'
        ).encode()
        + GAME.read_bytes()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    answer = httpx.post(
        f"{site.url}/api/clubs/north/games",
        content=body,
        headers={**site.bearer("ann"), "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    assert answer.status_code == 201 and answer.json()["status"] == "published", answer.text
    versions = httpx.get(f"{site.url}/games/{answer.json()['id']}/versions")
    assert versions.status_code == 200 and "\x00" not in versions.text


def test_csv_cells_are_not_formulas(site: Server, tmp_path: Path) -> None:
    hostile = ['=HYPERLINK("http://evil.example")', "+SUM(A1)", "-2+3", "@cmd", "\tTab"]

    def named(document: Any) -> None:
        document.events[0].name = "Formulas"
        entries = document.events[0].sections[0].entries
        for entry, name in zip(entries, hostile, strict=False):
            entry.players = [
                dataclasses.replace(p, first_name="", last_name=name) for p in entry.players
            ]

    game = site.upload("ann", "north", rewritten(tmp_path, "formulas.json", named)).json()
    text = httpx.get(f"{site.url}/games/{game['id']}.csv").text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 10
    for row in rows:
        for column in ("event", "section", "entry", "direction", "names", "player_numbers"):
            assert row[column][:1] not in ("=", "+", "-", "@", "\t", "\r"), row[column]
        float(row["score"])  # numbers stay numbers
    shown = {r["names"] for r in rows}
    for name in hostile:  # each kept whole, behind a quote
        assert f"'{name} & {name}" in shown, (name, shown)
    assert sum(n.startswith("'") for n in shown) == len(hostile)  # the others as they are


def test_tokens_are_listed_revoked_and_expire(site: Server) -> None:
    same = {"Origin": site.url}
    with contextlib.closing(site.client("dave")) as browser:
        made = browser.post("/api/tokens", json={}, headers=same)
        assert made.status_code == 201 and set(made.json()) == {"id", "token"}
        secret, token_id = made.json()["token"], made.json()["id"]
        bearer = {"Authorization": f"Bearer {secret}"}
        assert httpx.get(f"{site.url}/api/clubs/east/games", headers=bearer).status_code == 200
        listed = browser.get("/api/tokens")
        assert listed.status_code == 200 and secret not in listed.text
        mine = [t for t in listed.json() if t["id"] == token_id]
        assert mine and set(mine[0]) == {"id", "created", "last_used", "expires"}
        assert mine[0]["last_used"] is not None and mine[0]["expires"] > mine[0]["created"]
        # a token cannot make, list or revoke tokens
        assert httpx.post(f"{site.url}/api/tokens", headers=bearer).status_code == 403
        assert httpx.get(f"{site.url}/api/tokens", headers=bearer).status_code == 403
        revoked = browser.delete(f"/api/tokens/{token_id}", headers=same)
        assert revoked.status_code == 204
        assert httpx.get(f"{site.url}/api/clubs/east/games", headers=bearer).status_code == 401
        again = browser.delete(f"/api/tokens/{token_id}", headers=same)
        assert again.status_code == 404 and "error" in again.json()
        # expiry: a token past its date is refused
        other = browser.post("/api/tokens", json={}, headers=same).json()
    from sqlalchemy import create_engine, update

    from bridgeio.site.config import load
    from bridgeio.site.schema import tokens

    engine = create_engine(load(site.folder).database)
    try:
        with engine.begin() as db:
            past = __import__("datetime").datetime(2001, 1, 1)
            db.execute(update(tokens).where(tokens.c.id == other["id"]).values(expires=past))
    finally:
        engine.dispose()
    expired = httpx.post(
        f"{site.url}/api/games/1/publish", headers={"Authorization": f"Bearer {other['token']}"}
    )
    assert expired.status_code == 401 and "expired" in expired.json()["error"]


def test_passwords_are_changed_and_users_removed_from_the_command_line(site: Server) -> None:
    folder = str(site.folder)
    short = command_line(
        "site", "set-password", folder, "dave", "--password-stdin", stdin="short1\n"
    )
    assert short.returncode == 2 and "at least 12" in short.stderr
    new = "a brand new passphrase"
    done = command_line(
        "site", "set-password", folder, "dave", "--password-stdin", stdin=new + "\n"
    )
    assert done.returncode == 0, done.stderr
    with httpx.Client(base_url=site.url) as client:
        assert (
            client.post("/api/session", json={"user": "dave", "password": new}).status_code == 200
        )
        old = client.post("/api/session", json={"user": "dave", "password": PASSWORD})
        assert old.status_code == 401
    token = site.token("ann")  # (made before ann goes)
    missing = command_line("site", "remove-user", folder, "nobody")
    assert missing.returncode == 2 and "no user nobody" in missing.stderr
    assert command_line("site", "remove-user", folder, "dave").returncode == 0
    with httpx.Client(base_url=site.url) as client:
        assert (
            client.post("/api/session", json={"user": "dave", "password": new}).status_code == 401
        )
    assert (
        httpx.get(f"{site.url}/api/clubs", headers={"Authorization": f"Bearer {token}"}).status_code
        == 200
    )


def test_placeholder_numbers_name_nobody(site: Server, tmp_path: Path) -> None:
    def zeroed(name: str) -> Any:
        def change(document: Any) -> None:
            document.events[0].name = name
            for entry in document.events[0].sections[0].entries:
                entry.players = [dataclasses.replace(p, player_number="0") for p in entry.players]

        return change

    for name in ("Zero one", "Zero two"):
        answer = site.upload("ann", "north", rewritten(tmp_path, f"{name}.json", zeroed(name)))
        assert answer.status_code == 201, answer.text
    assert httpx.get(f"{site.url}/api/players/0").status_code == 404
    assert httpx.get(f"{site.url}/api/players/00").status_code == 404


def test_a_number_belongs_to_the_body_that_issued_it(site: Server, tmp_path: Path) -> None:
    acbl = site.upload("ann", "north", GAME).json()["id"]
    document = bridgeio.read(GAME)
    document.events[0].name = "The same numbers in England"
    for entry in document.events[0].sections[0].entries:  # (club-game's players say US)
        entry.players = [dataclasses.replace(p, country=None, state=None) for p in entry.players]
    usebio = tmp_path / "england.xml"
    bridgeio.write(document, usebio, "usebio")
    ebu = site.upload("ann", "north", usebio).json()["id"]
    both = httpx.get(f"{site.url}/api/players/Z100000")
    assert both.status_code == 300
    assert [p["body"] for p in both.json()["players"]] == ["ACBL", "EBU"]
    assert "ACBL and EBU" in both.json()["error"]
    found = {}
    for body in ("ACBL", "EBU"):
        one = httpx.get(f"{site.url}/api/players/{body}/Z100000")
        assert one.status_code == 200 and one.json()["body"] == body
        found[body] = {g["game"] for g in one.json()["games"]}
    # (the module's other games of the club game are ACBL's too)
    assert acbl in found["ACBL"] and ebu not in found["ACBL"] and found["EBU"] == {ebu}
    assert httpx.get(f"{site.url}/api/players/SBU/Z100000").status_code == 404
    # the pages: the number's page names each body, each body's page its own games
    page = httpx.get(f"{site.url}/players/Z100000")
    assert page.status_code == 300 and "ACBL and EBU" in page.text
    assert (
        'href="/players/ACBL/Z100000"' in page.text and 'href="/players/EBU/Z100000"' in page.text
    )
    english = httpx.get(f"{site.url}/players/EBU/Z100000")
    assert english.status_code == 200 and "The same numbers in England" in english.text
    american = httpx.get(f"{site.url}/players/ACBL/Z100000").text
    assert "The same numbers in England" not in american
    assert httpx.get(f"{site.url}/players/SBU/Z100000").status_code == 404
    # a name on a game's page leads to the player of the body that issued it in that game
    name = httpx.get(f"{site.url}/api/players/EBU/Z100000").json()["name"]
    for game, body in ((ebu, "EBU"), (acbl, "ACBL")):
        link = httpx.get(
            f"{site.url}/games/{game}/player", params={"number": "Z100000", "name": name}
        )
        assert link.status_code == 303 and link.headers["location"] == f"/players/{body}/Z100000"
    # the country a file gives its players says whose numbers they are
    assert httpx.get(f"{site.url}/api/players/Z107919").status_code == 300


def test_a_bug_under_api_is_a_json_500(tmp_path: Path) -> None:
    """The site's own failure (here: the application asked before it started) is
    ``{"error"}`` under /api, and names no path of the server."""
    from starlette.testclient import TestClient

    from bridgeio.site.app import application
    from bridgeio.site.config import create
    from bridgeio.site.db import connect, migrate

    site = create(tmp_path / "site")
    migrate(connect(site.database))
    client = TestClient(application(site), raise_server_exceptions=False)
    answer = client.get("/api/clubs")
    assert answer.status_code == 500 and set(answer.json()) == {"error"}
    assert str(tmp_path) not in answer.text
    assert client.get("/clubs/x").status_code == 500


def test_forwarded_addresses_count_only_from_the_sites_proxies(tmp_path: Path) -> None:
    import json

    with serving(tmp_path / "proxied") as server:
        settings = json.loads((server.folder / "site.json").read_text())
        settings["proxies"] = ["127.0.0.1"]
        (server.folder / "site.json").write_text(json.dumps(settings))
        server.add_club("north", "ann")
        server.start()
        wrong = {"user": "ann", "password": "not the password"}
        with httpx.Client(base_url=server.url) as client:
            one = {"X-Forwarded-For": "203.0.113.1"}
            statuses = [client.post("/api/session", json=wrong, headers=one) for _ in range(11)]
            assert [a.status_code for a in statuses] == [401] * 10 + [429]
            right = {"user": "ann", "password": PASSWORD}
            other = {"X-Forwarded-For": "203.0.113.2"}  # another client behind the proxy
            assert client.post("/api/session", json=right, headers=other).status_code == 200
            assert client.post("/api/session", json=right, headers=one).status_code == 429
