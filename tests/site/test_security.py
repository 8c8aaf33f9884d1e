"""The results site under attack (issue 31, "Security tests"), over SQLite on 127.0.0.1:
anonymous uploads, another club's director, forms without their CSRF token, password
guessing, markup in names, a 200 MB upload, a zip bomb, an XML entity bomb and a file that
makes a reader slow, each refused within its limit while the site goes on serving others.
"""

from __future__ import annotations

import io
import socket
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bridgeio.cli import run
from tests.browser.cdp import Browser, chromium, problems
from tests.site.server import PASSWORD, Server, serving
from tests.test_recap import EXAMPLES, HOSTILE, hostile_results

LIMIT = 30_000_000  # upload bytes
SECONDS = 1.0  # reading an upload


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("site") / "results"
    limits = dict(upload_bytes=LIMIT, check_seconds=SECONDS, check_memory=400_000_000, solve=True)
    with serving(folder, **limits) as server:
        server.add_club("north", "ann")
        server.add_club("south", "bob")
        server.start()
        yield server


def stored(site: Server) -> list[Path]:
    """Every file in the site's store (kept or being received)."""
    return sorted(p for p in (site.folder / "files").rglob("*") if p.is_file())


def test_anonymous_upload_is_401_and_keeps_nothing(site: Server) -> None:
    before = stored(site)
    with (EXAMPLES / "club-game.ACA").open("rb") as handle:
        answer = httpx.post(f"{site.url}/api/clubs/north/games", files={"file": handle})
    assert answer.status_code == 401 and "error" in answer.json()
    bad = httpx.post(
        f"{site.url}/api/clubs/north/games",
        headers={"Authorization": "Bearer bio_forged"},
        files={"file": b"x"},
    )
    assert bad.status_code == 401
    assert httpx.post(f"{site.url}/api/tokens").status_code == 401
    assert stored(site) == before


def test_a_director_of_one_club_cannot_upload_or_publish_for_another(site: Server) -> None:
    before = stored(site)
    refused = site.upload("bob", "north", EXAMPLES / "club-game.ACA")
    assert refused.status_code == 403 and "does not direct" in refused.json()["error"]
    assert stored(site) == before  # refused before a byte was kept
    draft = site.upload("ann", "north", EXAMPLES / "club-game.ACA", publish=False)
    assert draft.status_code == 201 and draft.json()["status"] == "draft"
    game = draft.json()["id"]
    bob = {"Authorization": f"Bearer {site.token('bob')}"}
    ann = {"Authorization": f"Bearer {site.token('ann')}"}
    assert httpx.post(f"{site.url}/api/games/{game}/publish", headers=bob).status_code == 403
    assert httpx.get(f"{site.url}/api/games/{game}").status_code == 404  # a draft is not public
    assert httpx.get(f"{site.url}/games/{game}/versions/1").status_code == 404
    assert httpx.get(f"{site.url}/games/{game}/versions/1", headers=ann).status_code == 200
    listed = httpx.get(f"{site.url}/api/clubs/north/games").json()
    assert game not in [g["id"] for g in listed]
    assert game in [
        g["id"] for g in httpx.get(f"{site.url}/api/clubs/north/games", headers=ann).json()
    ]
    published = httpx.post(f"{site.url}/api/games/{game}/publish", headers=ann)
    assert published.status_code == 200 and published.json()["status"] == "published"
    assert httpx.get(f"{site.url}/api/games/{game}").status_code == 200
    versions = httpx.get(f"{site.url}/api/games/{game}/versions").json()
    assert [v["status"] for v in versions] == ["published"] and versions[0]["version"] == 1


def test_a_form_posted_without_its_csrf_token_is_403(site: Server) -> None:
    with httpx.Client(base_url=site.url) as browser:
        login = browser.get("/login")
        assert login.status_code == 200 and "bridgeio_csrf" in browser.cookies
        token = login.text.split('name="csrf" value="')[1].split('"')[0]
        form = {"user": "ann", "password": PASSWORD}
        assert browser.post("/session", data=form).status_code == 403
        assert browser.post("/session", data={**form, "csrf": "forged"}).status_code == 403
        logged = browser.post("/session", data={**form, "csrf": token})
        assert logged.status_code == 303 and logged.headers["location"] == "/clubs/north"
        cookie = logged.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie
        page = browser.get("/clubs/north")
        assert 'enctype="multipart/form-data"' in page.text  # the director's upload form
        files = {"file": ("club-game.ACA", (EXAMPLES / "club-game.ACA").read_bytes())}
        assert browser.post("/clubs/north/games", files=files).status_code == 403
        done = browser.post("/clubs/north/games", files=files, data={"csrf": token})
        assert done.status_code == 201 and "Publish version" in done.text
        game = done.text.split('action="/games/')[1].split("/")[0]
        assert browser.post(f"/games/{game}/publish").status_code == 403
        assert browser.post(f"/games/{game}/publish", data={"csrf": token}).status_code == 303
        assert browser.post("/logout").status_code == 403


def test_the_eleventh_wrong_password_in_a_minute_is_429(site: Server) -> None:
    with httpx.Client(base_url=site.url) as client:
        for _ in range(10):
            wrong = client.post("/api/session", json={"user": "bob", "password": "guess"})
            assert wrong.status_code == 401
        eleventh = client.post("/api/session", json={"user": "bob", "password": "guess"})
        assert eleventh.status_code == 429 and "error" in eleventh.json()
        right = client.post("/api/session", json={"user": "bob", "password": PASSWORD})
        assert right.status_code == 429  # the right one too, until the minute is over
        other = client.post("/api/session", json={"user": "ann", "password": PASSWORD})
        assert other.status_code == 200  # another user is not locked out


def test_every_page_carries_the_recaps_policy(site: Server) -> None:
    for path in ("/", "/login", "/clubs/north", "/search?q=a", "/games/999", "/api/clubs"):
        answer = httpx.get(site.url + path)
        policy = answer.headers["content-security-policy"]
        assert policy.startswith("default-src 'none'") and "script-src 'sha256-" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.skipif(chromium() is None, reason="Chromium is not installed (make test installs it)")
def test_a_hostile_name_is_shown_as_text(site: Server, tmp_path: Path) -> None:
    name = HOSTILE[0] + ".xml"  # a file name is its last part: markup without a slash
    answer = site.upload("ann", "north", hostile_results(tmp_path), name=name)
    assert answer.status_code == 201, answer.text
    game = answer.json()["id"]
    program = chromium()
    assert program is not None
    browser = Browser(program)
    pages = ("/clubs/north", f"/games/{game}", f"/games/{game}/versions")
    try:
        for page in (site.url + p for p in pages):
            reported = browser.open(page)
            assert problems(reported, page) == [], page  # no dialog, no request, no error
            text = browser.evaluate("document.body.innerText")
            assert HOSTILE[0] in text, page  # the event's name, as text
            assert browser.evaluate("document.images.length") == 0
        assert name in browser.evaluate("document.body.innerText")  # on the versions page
        listed = browser.open(f"{site.url}/clubs/north")
        assert problems(listed, f"{site.url}/clubs/north") == []
        assert name in browser.evaluate("document.body.innerText")  # in the club's list
        html = httpx.get(f"{site.url}/clubs/north").text
        assert HOSTILE[0] not in html and "&lt;img src=x onerror=alert(1)&gt;.xml" in html
    finally:
        browser.close()


def _post_raw(site: Server, head: bytes, body: Iterator[bytes]) -> bytes:
    """Send a request by hand (to stream a body the server may refuse midway); its answer."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=30) as raw:
        raw.sendall(head)
        try:
            for chunk in body:
                raw.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed: read what it said
        raw.settimeout(30)
        answer = b""
        try:
            while chunk := raw.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        return answer


def test_a_200_mb_upload_is_refused_before_it_is_kept(site: Server) -> None:
    before = stored(site)
    token = site.token("ann")
    boundary = b"bridgeio-boundary"
    start = (
        b"--"
        + boundary
        + b'\r\nContent-Disposition: form-data; name="file"; filename="big.pbn"\r\n'
        b"Content-Type: application/octet-stream\r\n\r\n"
    )
    total = 200_000_000
    sent = [0]

    def body() -> Iterator[bytes]:
        yield start
        chunk = b"%" * 1_000_000
        while sent[0] < total:
            sent[0] += len(chunk)
            yield chunk

    headers = (
        f"POST /api/clubs/north/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {token}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary.decode()}\r\n"
    )
    # said in advance (Content-Length): refused at once, nothing read
    declared = _post_raw(
        site, (headers + f"Content-Length: {total + len(start)}\r\n\r\n").encode(), iter([start])
    )
    assert declared.startswith(b"HTTP/1.1 413"), declared[:200]
    # not said (chunked): refused when the limit is passed, the received part dropped
    sent[0] = 0

    def chunked() -> Iterator[bytes]:
        for piece in body():
            yield b"%x\r\n" % len(piece) + piece + b"\r\n"
        yield b"0\r\n\r\n"

    streamed = _post_raw(site, (headers + "Transfer-Encoding: chunked\r\n\r\n").encode(), chunked())
    assert streamed.startswith(b"HTTP/1.1 413"), streamed[:200]
    assert sent[0] < total  # the server stopped reading
    time.sleep(0.5)
    assert stored(site) == before


def test_a_zip_bomb_is_refused_at_once(site: Server, tmp_path: Path) -> None:
    bomb = tmp_path / "results.zip"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("results.xml", "w", force_zip64=True) as member:
            zeros = bytes(1 << 20)
            for _ in range(300):  # 300 MB of zeros, some 300 KB packed
                member.write(zeros)
    bomb.write_bytes(buffer.getvalue())
    started = time.monotonic()
    answer = site.upload("ann", "north", bomb)
    assert answer.status_code == 422 and "recognised format" in answer.json()["error"]
    assert time.monotonic() - started < 10


def test_an_xml_entity_bomb_is_refused_within_its_limits(site: Server, tmp_path: Path) -> None:
    lines = ['<?xml version="1.0"?>', "<!DOCTYPE USEBIO [", '<!ENTITY a0 "lol">']
    lines += [f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10)]
    lines += [
        "]>",
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">',
        "<EVENT_DESCRIPTION>&a9;</EVENT_DESCRIPTION></EVENT></USEBIO>",
    ]
    bomb = tmp_path / "bomb.xml"
    bomb.write_text("\n".join(lines))
    started = time.monotonic()
    answer = site.upload("ann", "north", bomb)
    assert answer.status_code == 422 and "entit" in answer.json()["error"]
    assert time.monotonic() - started < 10


def test_a_file_that_makes_a_reader_slow_is_stopped_while_others_are_served(
    site: Server, tmp_path: Path
) -> None:
    slow = tmp_path / "many.pbn"
    assert run(["generate", "-n", "100000", "--seed", "31", str(slow)]) == 0  # 26 MB: seconds
    assert slow.stat().st_size < LIMIT
    latencies: list[float] = []
    done = threading.Event()

    def read_pages() -> None:
        with httpx.Client(base_url=site.url, timeout=30) as client:
            while not done.is_set():
                started = time.monotonic()
                assert client.get("/clubs/north").status_code == 200
                latencies.append(time.monotonic() - started)
                time.sleep(0.05)

    reader = threading.Thread(target=read_pages)
    reader.start()
    try:
        started = time.monotonic()
        answer = site.upload("ann", "north", slow)
        took = time.monotonic() - started
    finally:
        done.set()
        reader.join()
    assert answer.status_code == 422, answer.text[:300]
    assert f"longer than the limit of {SECONDS:g} s" in answer.json()["error"]
    assert took < 30
    assert len(latencies) >= 3 and max(latencies) < 5  # the site went on serving


def test_hands_are_solved_after_publishing(site: Server) -> None:
    """A game with a hand record is public at once; its page gains the makeable contracts
    and par when the background solving is done (endplay installed)."""
    pytest.importorskip("endplay")
    import bridgeio
    from tests.recap_corpus import results_files

    def unsolved(path: Path) -> bool:
        events = bridgeio.read(path).events  # type: ignore[union-attr]
        deals = events[0].deals
        return deals is not None and deals.seats is not None and deals.tricks is None

    found = [p for t, p in results_files() if t.startswith("usebio") and unsolved(p)]
    if not found:
        pytest.skip("no corpus results file with hands and no tricks")
    answer = site.upload("ann", "north", found[0])
    assert answer.status_code == 201 and answer.json()["status"] == "published"
    page = f"{site.url}/games/{answer.json()['id']}"
    assert httpx.get(page).status_code == 200  # public before its hands are solved
    deadline = time.monotonic() + 300
    while "Makeable contracts" not in httpx.get(page).text:
        assert time.monotonic() < deadline, "the hands were not solved in 300 s"
        time.sleep(0.5)
    assert "Par " in httpx.get(page).text
