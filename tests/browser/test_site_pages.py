"""The results site's pages in headless Chromium, walked as people use them, on real corpus
files: a director (log in, upload through the form a file with errors, read the problems,
publish it, upload the correction, roll back) and a player on a phone (search, their history
with statistics, their own scorecard with their lines marked, the game board by board).
Every page is checked for what the browser refused (the site's Content-Security-Policy) and,
on the phone, for a page wider than the screen; screenshots are left in /tmp/bridgeio-site-*.png.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.cdp import Browser, chromium, problems
from tests.conftest import CORPUS
from tests.site.server import PASSWORD, Server, serving

ACBL = CORPUS / "acblscore"
TRUNCATED = ACBL / "truncated_friendly-bridge-club_170807.aca"  # the same game, cut short
CORRECTED = ACBL / "friendly-bridge-club_170807.aca"
PLAYED = sorted(ACBL.glob("beverly-hills-bridge-club_1707*")) + sorted(
    ACBL.glob("beverly-hills-bridge-club_1708[01]*")
)
PLAYER = "J976974"  # David Raphel: in eight of these games
PROGRAM = chromium()

pytestmark = [
    pytest.mark.skipif(PROGRAM is None, reason="chromium is not installed (make browser)"),
    pytest.mark.skipif(not TRUNCATED.exists() or not PLAYED, reason="the corpus is absent"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("pages") / "results") as server:
        server.add_club("friendly", "director")
        server.add_club("beverly", "scorer")
        server.start()
        for path in PLAYED:
            assert server.upload("scorer", "beverly", path).status_code == 201
        yield server


@pytest.fixture
def browser() -> Iterator[Browser]:
    assert PROGRAM is not None
    made = Browser(PROGRAM)
    try:
        yield made
    finally:
        made.close()


def _go(browser: Browser, site: Server, action: str) -> str:
    """Run ``action`` (a script that follows a link or submits a form), wait for the page it
    leads to; its address. Nothing refused on the way."""
    browser.events.clear()
    browser.evaluate(action)
    browser.wait_for("Page.loadEventFired")
    url = str(browser.evaluate("location.href"))
    assert _refused(browser.events, site) == [], url
    return url


def _refused(events: list[dict[str, Any]], site: Server) -> list[str]:
    """What the browser refused or reported (the site's own addresses are the navigation)."""
    return [p for p in problems(events, "") if not p.startswith(f"request: {site.url}/")]


def _open(browser: Browser, site: Server, path: str) -> None:
    found = browser.open(site.url + path)
    assert _refused(found, site) == [], path


def _text(browser: Browser, selector: str = "body") -> str:
    return str(browser.evaluate(f"document.querySelector({selector!r}).innerText"))


def _shot(browser: Browser, name: str, whole: bool = True) -> Path:
    if whole:
        data = browser.screenshot()
    else:
        data = base64.b64decode(browser.tab("Page.captureScreenshot", {"format": "png"})["data"])
    path = Path(f"/tmp/bridgeio-site-{name}.png")
    path.write_bytes(data)
    return path


def _choose_file(browser: Browser, selector: str, path: Path) -> None:
    root = browser.tab("DOM.getDocument")["root"]["nodeId"]
    node = browser.tab("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    browser.tab("DOM.setFileInputFiles", {"files": [str(path)], "nodeId": node})


def _click(selector: str) -> str:
    return f"document.querySelector({selector!r}).click()"


def _versions(site: Server, game: str, cookies: Any) -> dict[int, str]:
    answer = httpx.get(f"{site.url}/api/games/{game}/versions", cookies=cookies)
    return {v["version"]: v["status"] for v in answer.json()}


def test_a_director_uploads_reads_the_problems_publishes_corrects_and_rolls_back(
    site: Server, browser: Browser
) -> None:
    _open(browser, site, "/login")
    browser.evaluate(
        "document.getElementById('user').value = 'director';"
        f"document.getElementById('password').value = {PASSWORD!r}"
    )
    assert _go(browser, site, _click("form.box button")).endswith("/clubs/friendly")

    # the file cut short: checked, not published; the game named, every problem shown
    _choose_file(browser, "#file", TRUNCATED)
    _go(browser, site, _click("form.box button"))
    page = _text(browser)
    assert "Monday Afternoon Pairs" in _text(browser, "h1") and "not yet published" in page
    assert page.count("error") >= 2 and "truncated" in page
    assert "Publish version 1 anyway" in page and "has 2 errors" in page
    _shot(browser, "uploaded")

    # the draft's page: its banner, its problems, its button, its own downloads
    _go(browser, site, _click("a[href$='/versions/1']"))
    banner = _text(browser, ".banner")
    assert "a draft, not published" in banner and "truncated" in banner
    links = browser.evaluate("[...document.querySelectorAll('a')].map(a => a.pathname)")
    game = next(p for p in links if p.endswith("/versions/1.xml")).split("/")[2]
    assert f"/games/{game}.xml" not in links
    cookies = {c["name"]: c["value"] for c in browser.tab("Network.getCookies")["cookies"]}
    draft = httpx.get(f"{site.url}/games/{game}/versions/1.csv", cookies=cookies)
    assert draft.status_code == 200 and draft.text.startswith("event,")
    _shot(browser, "draft")

    # published: the public page, in the site's header
    assert _go(browser, site, _click("form.publish button")).endswith(f"/games/{game}")
    assert "Club friendly" in _text(browser, "nav.site")
    assert _versions(site, game, cookies) == {1: "published"}

    # the correction: version 2, published at once
    _open(browser, site, "/clubs/friendly")
    _choose_file(browser, "#file", CORRECTED)
    browser.evaluate("document.querySelector('input[name=publish]').checked = true")
    _go(browser, site, _click("form.box button"))
    assert "version 2, published" in _text(browser)
    assert _versions(site, game, cookies) == {1: "published", 2: "published"}
    corrected = httpx.get(f"{site.url}/games/{game}").text.count('class="entry"')
    standings = httpx.get(f"{site.url}/games/{game}.csv").text.splitlines()
    number = standings[1].split(",")[5].split(" & ")[0]  # a player of the correction
    assert [g["game"] for g in httpx.get(f"{site.url}/api/players/{number}").json()["games"]] == [
        int(game)
    ]

    # roll back to version 1: it is the public one again, version 2 withdrawn
    _open(browser, site, f"/games/{game}/versions")
    _shot(browser, "versions")
    assert "Roll back to version 1" in _text(browser)
    assert _go(browser, site, _click("table.versions form button")).endswith("/versions")
    assert _versions(site, game, cookies) == {1: "published", 2: "withdrawn"}
    public = httpx.get(f"{site.url}/games/{game}").text.count('class="entry"')
    assert public < corrected  # the file cut short lost a section
    history = httpx.get(f"{site.url}/api/players/{number}")  # their rows went with version 2
    assert history.status_code == 404 or history.json()["games"] == []
    listing = httpx.get(f"{site.url}/api/clubs/friendly/games", cookies=cookies).json()
    assert [g["status"] for g in listing] == ["published"]
    _shot(browser, "rolled-back")


def _phone(browser: Browser) -> None:
    browser.viewport(390, 844, mobile=True)


def _fits(browser: Browser) -> None:
    width = browser.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} pixels wide on a 390-pixel phone"


def test_a_player_on_a_phone_finds_their_games_scorecard_and_boards(
    site: Server, browser: Browser
) -> None:
    _phone(browser)
    _open(browser, site, "/")
    assert "Latest games" in _text(browser) and "Club beverly" in _text(browser, "table.recent")
    browser.evaluate("document.getElementById('q').value = 'raphel'")
    _go(browser, site, _click("form.box button"))
    assert "Club beverly" in _text(browser, "table.players")  # the club's name, not its slug
    _go(browser, site, _click(f"a[href='/players/{PLAYER}']"))
    _fits(browser)
    history = httpx.get(f"{site.url}/api/players/{PLAYER}").json()["games"]
    assert len(history) >= 6
    stats = _text(browser, ".stats")
    mean = sum(g["percentage"] for g in history) / len(history)
    assert f"{len(history)}\ngames" in stats and f"{mean:.2f}%\naverage" in stats
    points = browser.evaluate("document.querySelectorAll('svg.trend circle').length")
    assert points == len(history)
    partners = {g["partner"] for g in history}
    rows = browser.evaluate("document.querySelectorAll('table.partners tbody tr').length")
    assert rows == min(10, len(partners))
    _shot(browser, "player")

    # the newest game's row opens the player's scorecard, their lines marked
    url = _go(browser, site, _click("table.history tbody tr a"))
    assert "?me=" in url and "#" in url
    marked = browser.evaluate("document.querySelectorAll('tr.mine').length")
    assert marked >= 2  # their standings line and their lines in the travellers
    anchor = url.split("#")[1]
    top = browser.evaluate(f"document.getElementById({anchor!r}).getBoundingClientRect().top")
    assert abs(top) < 50  # the scorecard is at the top of the screen
    _shot(browser, "scorecard", whole=False)

    # board by board: one board a screen, their line marked, the next board a tap away
    _go(browser, site, _click(".banner a[href*='/boards/']"))
    _fits(browser)
    assert _text(browser, "h1").startswith("Board 1")
    assert browser.evaluate("document.querySelectorAll('main tr.mine').length") == 1
    _shot(browser, "board-1", whole=False)
    _go(browser, site, _click("a[rel=next]"))
    assert _text(browser, "h1").startswith("Board 2")
    assert browser.evaluate("document.querySelectorAll('main tr.mine').length") == 1
    _shot(browser, "board-2", whole=False)


def test_the_ladder_and_the_feed(site: Server, browser: Browser) -> None:
    answer = httpx.get(f"{site.url}/api/clubs/beverly/ladder", params={"min": 3}).json()
    players = answer["players"]
    assert players and all(p["games"] >= 3 for p in players)
    assert [p["average"] for p in players] == sorted((p["average"] for p in players), reverse=True)
    raphel = next(p for p in players if p["player_number"] == PLAYER)
    history = httpx.get(f"{site.url}/api/players/{PLAYER}").json()["games"]
    assert raphel["games"] == len(history)
    mean = sum(g["percentage"] for g in history) / len(history)
    assert raphel["average"] == pytest.approx(mean, abs=0.01)
    _phone(browser)
    _open(browser, site, "/clubs/beverly/ladder")
    _fits(browser)
    assert "David Raphel" in _text(browser, "table.ladder")
    _shot(browser, "ladder")

    feed = httpx.get(f"{site.url}/clubs/beverly/feed.atom")
    assert feed.headers["content-type"].startswith("application/atom+xml")
    import xml.etree.ElementTree as ET

    root = ET.fromstring(feed.content)
    entries = root.findall("{http://www.w3.org/2005/Atom}entry")
    assert len(entries) == len(PLAYED)
