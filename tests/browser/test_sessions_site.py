"""An event of several sessions on the results site in headless Chromium (issue 41): the
game page of the USEBIO specification's two-session layout (given players) shows each session
with its date, standings and boards, then the overall standings; nothing refused by the site's
Content-Security-Policy; a player's page lists the event once, and following its scorecard
link marks the player's lines in the first session; on a phone the session's boards go board
by board. Screenshots are left in /tmp/bridgeio-site-sessions-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.cdp import Browser, chromium, problems
from tests.site.server import Server, serving
from tests.site.test_sessions_site import specification

PROGRAM = chromium()
pytestmark = pytest.mark.skipif(PROGRAM is None, reason="chromium is not installed (make browser)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, int]]:
    folder = tmp_path_factory.mktemp("sessions")
    with serving(folder / "results") as server:
        server.add_club("north", "ann")
        server.start()
        answer = server.upload("ann", "north", specification(folder, "71", True))
        assert answer.status_code == 201, answer.text
        yield server, int(answer.json()["id"])


@pytest.fixture
def browser() -> Iterator[Browser]:
    assert PROGRAM is not None
    made = Browser(PROGRAM)
    try:
        yield made
    finally:
        made.close()


def _open(browser: Browser, server: Server, path: str) -> None:
    found = browser.open(server.url + path)
    refused = [p for p in problems(found, "") if not p.startswith(f"request: {server.url}/")]
    assert refused == [], (path, refused)


def _texts(browser: Browser, selector: str) -> list[str]:
    found = browser.evaluate(
        f"JSON.stringify([...document.querySelectorAll({selector!r})].map(e => e.innerText))"
    )
    import json

    listed: list[str] = json.loads(str(found))
    return listed


def test_the_game_page_shows_the_sessions_then_the_overall_standings(
    site: tuple[Server, int], browser: Browser
) -> None:
    server, game = site
    _open(browser, server, f"/games/{game}")
    parts = _texts(browser, "article.game")
    assert len(parts) == 3
    saturday, sunday, overall = parts
    assert "Session SAT" in saturday and "2024-01-02" in saturday
    assert "Session SUN" in sunday and "2024-01-03" in sunday
    assert "Overall standings" in overall
    for part, figures in ((saturday, ("75.00", "25.00")), (sunday, ("50.00",))):
        for figure in figures:
            assert figure in part
        assert "Gus Ray" in part and "Board 2" in part
    for figure in ("62.50", "37.50"):
        assert figure in overall
    assert "Board 1" not in overall
    Path("/tmp/bridgeio-site-sessions-game.png").write_bytes(browser.screenshot())


def test_a_player_sees_the_event_once_and_their_lines_in_a_session(
    site: tuple[Server, int], browser: Browser
) -> None:
    server, game = site
    _open(browser, server, "/players/7141")
    rows = _texts(browser, "table.history tr.played")
    assert len(rows) == 1 and "62.5" in rows[0] and "Hal Orr" in rows[0]
    link = browser.evaluate("document.querySelector('table.history tr.played a').href")
    _open(browser, server, str(link).removeprefix(server.url))
    assert "#session1-s0-x4" in str(browser.evaluate("location.href"))
    marked = _texts(browser, '[id="session1-game"] tr.mine')
    assert len(marked) >= 3 and _texts(browser, '[id="session2-game"] tr.mine') == []
    browser.viewport(390, 844, mobile=True)
    _open(browser, server, f"/games/{game}/boards/1?session=2")
    text = str(browser.evaluate("document.body.innerText"))
    assert "140" in text and "110" in text and "420" not in text
    width = browser.evaluate("document.documentElement.scrollWidth")
    assert int(width) <= 390
    Path("/tmp/bridgeio-site-sessions-board.png").write_bytes(browser.screenshot())
