"""The site's pages over HTTP, on ``bridgeio serve`` (SQLite) with real files: markup in names
stays text on every new page (statistics, ladder, feed, board by board), player search says
how many it found and pages through them, error pages lead somewhere, a director sees a
draft waiting behind a published game, unpublishing takes a game and its rows back, the
ladder agrees with the players' histories, and the recap pages' small faults are gone.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import CORPUS
from tests.site.server import Server, serving
from tests.test_recap import EXAMPLES, HOSTILE, hostile_results

ATOM = "{http://www.w3.org/2005/Atom}"
BEVERLY = sorted((CORPUS / "acblscore").glob("beverly-hills-bridge-club_17*"))[:4]


@pytest.fixture(scope="module")
def site(database: str | None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A site over each database of tests/site/conftest.py (PostgreSQL when installed)."""
    with serving(tmp_path_factory.mktemp("pages") / "r", database) as server:
        server.add_club("north", "ann")
        server.add_club("beverly", "bo")
        server.start()
        yield server


@pytest.fixture(scope="module")
def hostile(site: Server, tmp_path_factory: pytest.TempPathFactory) -> int:
    path = hostile_results(tmp_path_factory.mktemp("hostile"))
    answer = site.upload("ann", "north", path, name=HOSTILE[1] + ".xml")
    assert answer.status_code == 201, answer.text
    return int(answer.json()["id"])


def _clean(html: str) -> None:
    for value in HOSTILE:
        assert value not in html


def test_markup_in_names_is_text_on_every_page(site: Server, hostile: int) -> None:
    number = "Z100000"  # the hostile player's, in the example game
    player = httpx.get(f"{site.url}/api/players/{number}").json()
    assert player["name"] == " ".join(HOSTILE)
    scorecard = player["games"][0]["scorecard"]
    mine = httpx.get(site.url + scorecard)
    assert mine.status_code == 303 and "?me=s0-ns1#s0-ns1" in mine.headers["location"]
    pages = [
        "/",
        f"/players/{number}",
        "/search?q=onerror",
        "/clubs/north/ladder?min=1",
        f"/games/{hostile}/boards/1?me=s0-ns1",
        mine.headers["location"].split("#")[0],
    ]
    for path in pages:
        answer = httpx.get(site.url + path)
        assert answer.status_code == 200, path
        _clean(answer.text)
        assert "&lt;img src=x onerror=alert(1)&gt;" in answer.text, path
    marked = httpx.get(site.url + mine.headers["location"].split("#")[0]).text
    assert marked.count('<tr class="mine') >= 10
    links = re.findall(r'href="(/games/\d+/player\?[^"]+)"', marked)
    assert len(links) == 20  # each player of the game, in their scorecard
    found = httpx.get(site.url + links[0].replace("&amp;", "&"))
    assert found.headers["location"] == f"/players/{number}"
    other = httpx.get(f"{site.url}/games/{hostile}/player", params={"number": number, "name": "X"})
    assert other.headers["location"] == "/players?name=X&club=north"  # not their number
    feed = httpx.get(f"{site.url}/clubs/north/feed.atom")
    _clean(feed.text)
    entry = ET.fromstring(feed.content).find(f"{ATOM}entry")
    assert entry is not None and entry.findtext(f"{ATOM}title") == HOSTILE[0]


def test_the_ladder_as_json_is_the_players_averages(site: Server, hostile: int) -> None:
    answer = httpx.get(f"{site.url}/api/clubs/north/ladder", params={"min": 1}).json()
    assert answer["minimum"] == 1 and answer["club"] == "north"
    players = answer["players"]
    assert len(players) == 20  # the example game's 10 pairs
    first = players[0]
    history = httpx.get(site.url + "/api" + first["url"]).json()["games"]
    assert first["average"] == history[0]["percentage"] and first["rank"] == 1
    none = httpx.get(f"{site.url}/api/clubs/north/ladder", params={"min": 2}).json()
    assert none["players"] == []
    bad = httpx.get(f"{site.url}/api/clubs/north/ladder", params={"from": "May"})
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.json()["error"]
    later = httpx.get(f"{site.url}/api/clubs/north/ladder?min=1&from=2099-01-01").json()
    assert later["players"] == []


@pytest.mark.skipif(len(BEVERLY) < 4, reason="the corpus is absent")
def test_search_says_how_many_and_pages_through_them(site: Server) -> None:
    for path in BEVERLY:
        assert site.upload("bo", "beverly", path).status_code == 201
    everyone = httpx.get(f"{site.url}/api/search", params={"q": "a"}).json()
    page = httpx.get(f"{site.url}/search", params={"q": "a"}).text
    total = int(re.search(r"<p>(\d+) players&#39; names hold", page).group(1))  # type: ignore[union-attr]
    assert total > 50 and "1 to 50 shown" in page and 'rel="next"' in page
    assert len(everyone) == min(100, total)
    assert "Club beverly" in page and "<td>beverly</td>" not in page
    last = httpx.get(f"{site.url}/search", params={"q": "a", "start": total - 1}).text
    assert f"{total} to {total} shown" in last and 'rel="next"' not in last


def test_error_pages_lead_somewhere_and_give_no_command(site: Server) -> None:
    missing = httpx.get(f"{site.url}/games/99999")
    assert missing.status_code == 404
    assert 'href="/"' in missing.text and 'href="/search"' in missing.text
    anonymous = httpx.post(f"{site.url}/games/1/unpublish")
    assert anonymous.status_code in (401, 403)
    refused = httpx.get(f"{site.url}/games/99999/versions/1.csv")
    assert refused.status_code == 404
    for page in (missing.text, httpx.get(site.url + "/").text):
        assert "bridgeio site" not in page and "Bearer" not in page


def _form(client: httpx.Client, site: Server, path: str) -> str:
    """The CSRF token of a page's forms (the browser's cookie is set with it)."""
    page = client.get(site.url + path).text
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def test_a_draft_behind_a_published_game_and_unpublishing(site: Server, hostile: int) -> None:
    club_game = EXAMPLES / "club-game.ACA"
    first = site.upload("bo", "beverly", club_game).json()
    second = site.upload("bo", "beverly", club_game, publish=False).json()
    assert second["id"] == first["id"] and second["status"] == "draft"
    game = first["id"]
    director = site.client("bo")
    try:
        listing = director.get("/clubs/beverly").text
        assert f'href="/games/{game}/versions/{second["version"]}">version' in listing
        assert f"version {second['version']}: draft" in listing
        assert "version 2: draft" not in httpx.get(f"{site.url}/clubs/beverly").text
        draft = director.get(f"/games/{game}/versions/{second['version']}").text
        assert "a draft, not published" in draft and "Publish version" in draft
        assert f'href="/games/{game}/versions/{second["version"]}.xml"' in draft
        token = _form(director, site, f"/games/{game}/versions")
        done = director.post(f"/games/{game}/unpublish", data={"csrf": token})
        assert done.status_code == 303
        statuses = {v["status"] for v in director.get(f"/api/games/{game}/versions").json()}
        assert statuses == {"withdrawn", "draft"}
    finally:
        director.close()
    assert httpx.get(f"{site.url}/games/{game}").status_code == 404
    left = httpx.get(f"{site.url}/api/players/Z100000").json()["games"]
    assert {g["club"] for g in left} == {"north"}  # the unpublished game's rows are gone


def test_the_recap_pages_small_faults_are_gone(site: Server, hostile: int) -> None:
    page = httpx.get(f"{site.url}/games/{hostile}").text
    assert "recomputation.Where" not in page and "numbers no rounds" not in page
    assert not re.search(r"Strat [A-Z]: \d+, </span>", page)
    assert '<details class="checks"' in page  # folded: a phone's first screen is the standings
    assert 'rel="next">Board 2 ›</a>' in page
    assert '<nav class="site"' in page and 'href="/clubs/north">Club north</a>' in page


CROSS_IMPS = CORPUS / "world/usebio/jacquicollier__ukbridge-club-website__cross-imp-pairs.xml"


@pytest.mark.skipif(not CROSS_IMPS.exists(), reason="the corpus is absent")
def test_cross_imp_standings_are_one_table_with_the_winner_on_top() -> None:
    import warnings

    import bridgeio
    from bridgeio.recap import Game

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the file's own faults (a contract "42")
        event = bridgeio.read(CROSS_IMPS).events[0]
    section = event.sections[0]
    assert len({e.direction for e in section.entries}) > 1  # pairs seated either way
    (standings,) = Game.of(event, "x").sections[0].standings
    ranks = [row.rank_order for row in standings.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1 and len(ranks) == len(section.entries)


TEAMS = CORPUS / "world/usebio/jacquicollier__ukbridge-club-website__multiple-teams.xml"
STRATIFIED = CORPUS / "acblscore/beverly-hills-bridge-club_170723.aca"


@pytest.mark.skipif(not TEAMS.exists() or not STRATIFIED.exists(), reason="the corpus is absent")
def test_a_teams_table_is_headed_team_and_strat_ranks_end_without_a_comma() -> None:
    import bridgeio
    from bridgeio.recap import game_page

    teams = game_page(bridgeio.read(TEAMS).events[0], "teams")
    assert '<button type="button">Team</button>' in teams
    assert '<button type="button">Pair</button>' not in teams
    strats = game_page(bridgeio.read(STRATIFIED).events[0], "strats")
    inline = re.findall(r'<span class="strat-inline"><br>(.*?)</span>', strats)
    assert inline and "Strat A: 1" in inline[0]
    assert all(not text.endswith(",") and not text.endswith(", ") for text in inline)


def test_publishing_an_older_version_through_the_api_rolls_back_to_it(site: Server) -> None:
    club_game = EXAMPLES / "club-game.ACA"
    versions = [site.upload("ann", "north", club_game).json() for _ in range(2)]
    game = versions[0]["id"]
    assert [v["version"] for v in versions] == [1, 2] and versions[1]["id"] == game
    bearer = {"Authorization": f"Bearer {site.token('ann')}"}
    done = httpx.post(f"{site.url}/api/games/{game}/publish", json={"version": 1}, headers=bearer)
    assert done.status_code == 200 and done.json()["version"] == 1
    listed = httpx.get(f"{site.url}/api/games/{game}/versions", headers=bearer).json()
    assert {v["version"]: v["status"] for v in listed} == {1: "published", 2: "withdrawn"}
    public = httpx.get(f"{site.url}/api/games/{game}/versions", headers={}).json()
    assert [v["version"] for v in public] == [1]
    history = httpx.get(f"{site.url}/api/players/Z100000").json()["games"]
    assert [g["game"] for g in history].count(game) == 1  # version 1's rows, once
    again = httpx.post(f"{site.url}/api/games/{game}/publish", json={"version": 2}, headers=bearer)
    assert again.status_code == 200
    listed = httpx.get(f"{site.url}/api/games/{game}/versions", headers=bearer).json()
    assert {v["version"]: v["status"] for v in listed} == {1: "published", 2: "published"}
    assert [g["game"] for g in httpx.get(f"{site.url}/api/players/Z100000").json()["games"]].count(
        game
    ) == 1
