"""An event of several sessions on the results site (issue 41), over SQLite and PostgreSQL:
one game with its sessions. Its page shows each session (its id and date, its sections'
standings and boards) then the overall standings; the API and the downloads give the
sessions back whole; a player's history and the club's ladder count the event once, with
its overall percentage and rank, not once a session.

Two uploads: the USEBIO that ``bridgeio merge`` makes of the two session files built from
the corpus' real Ruter club game (:mod:`tests.test_pbn_sessions`), and the USEBIO
specification's layout of two sessions and an overall PARTICIPANTS (with a carried score;
:mod:`tests.test_sessions_usebio`) given players, once with them in the overall standings
too and once in the sessions only (the overall standings then find them by pair number).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.model import sessions_of
from bridgeio.model.results import Results
from tests.conftest import CORPUS
from tests.site.server import Server, serving
from tests.test_pbn_sessions import session_files
from tests.test_sessions_usebio import SPECIFICATION

_NAMES = {1: ("Ann Lee", "Bo Ng"), 2: ("Cy Fox", "Di Ma"), 3: ("Ed Roe", "Flo Day")}
_NAMES[4] = ("Gus Ray", "Hal Orr")


def specification(folder: Path, series: str, overall_players: bool) -> Path:
    """The specification's example with a player name and number (``series`` starts each
    number) for each seat, in each session's PARTICIPANTS and, when ``overall_players``,
    in the overall standings; its own event name and dates (a game of its own)."""
    text = SPECIFICATION.replace("Spring Championship", f"Spring Championship {series}")
    text = text.replace("2024-03-0", f"2024-0{series[-1]}-0")
    overall, _, rest = text.partition("<SESSION ")

    def seated(found: re.Match[str]) -> str:
        pair = int(found.group(1))
        people = "".join(
            f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME>"
            f"<NATIONAL_ID_NUMBER>{series}{pair}{seat}</NATIONAL_ID_NUMBER></PLAYER>"
            for seat, name in enumerate(_NAMES[pair], 1)
        )
        return found.group(0) + people

    pattern = re.compile(r"<PAIR_NUMBER>(\d)</PAIR_NUMBER>")
    if overall_players:
        overall = pattern.sub(seated, overall)
    path = folder / f"spring-{series}.xml"
    path.write_text(overall + "<SESSION " + pattern.sub(seated, rest), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def site(database: str | None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A site over each database of tests/site/conftest.py (PostgreSQL when installed)."""
    with serving(tmp_path_factory.mktemp("sessions") / "r", database) as server:
        server.add_club("north", "ann")
        server.start()
        yield server


@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Ruter championship's two session files merged into one USEBIO."""
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    folder = tmp_path_factory.mktemp("merged")
    first, second = session_files(CORPUS, folder)
    out = folder / "spiren.xml"
    assert run(["merge", str(first), str(second), "-o", str(out)]) == 0
    return out


def _read(path: Path | bytes, tmp: Path, name: str = "back.xml") -> Results:
    if isinstance(path, bytes):
        (tmp / name).write_bytes(path)
        path = tmp / name
    with collect():
        doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


@pytest.fixture(scope="module")
def game(site: Server, merged: Path) -> int:
    answer = site.upload("ann", "north", merged)
    assert answer.status_code == 201, answer.text
    assert answer.json()["status"] == "published"
    return int(answer.json()["id"])


@pytest.fixture(scope="module")
def spring(site: Server, tmp_path_factory: pytest.TempPathFactory) -> dict[str, int]:
    """The specification's layout uploaded twice: players in the overall standings too
    (numbers 71...), and in the sessions only (72...)."""
    folder = tmp_path_factory.mktemp("spring")
    found = {}
    for series, overall in (("71", True), ("72", False)):
        answer = site.upload("ann", "north", specification(folder, series, overall))
        assert answer.status_code == 201, answer.text
        assert answer.json()["status"] == "published", answer.text
        found[series] = int(answer.json()["id"])
    return found


def _part(page: str, prefix: str) -> str:
    """The part of a game page that shows one session (or the overall standings)."""
    start = page.index(f'id="{prefix}game"')
    end = page.find('<article class="game"', start)
    return page[start : end if end > 0 else len(page)]


def test_the_game_page_shows_each_session_then_the_overall_standings(
    site: Server, game: int, merged: Path
) -> None:
    event = _read(merged, merged.parent).events[0]
    page = httpx.get(f"{site.url}/games/{game}").text
    assert page.count('<article class="game"') == 3  # two sessions, the overall standings
    first, second, overall = (_part(page, p) for p in ("session1-", "session2-", "overall-"))
    assert page.index('id="session1-game"') < page.index('id="session2-game"')
    assert page.index('id="session2-game"') < page.index('id="overall-game"')
    for part, (session, sections) in zip((first, second), sessions_of(event), strict=True):
        assert f"Session {session.id}" in part and session.date is not None
        assert session.date.isoformat() in part
        assert part.count('<tr class="entry"') >= len(sections[0].entries) == 13
        assert 'id="session' in part and "Boards" in part
    assert "Overall standings" in overall and "<h2>Boards" not in overall
    for entry in event.entries:  # each pair's overall figures, in the overall standings
        row = re.search(rf'href="#overall-s0-[a-z]+{entry.number}"[^\n]*', overall)
        assert row is not None, entry.number
        assert entry.percentage is not None and f"{entry.percentage:.2f}" in overall


def test_the_api_and_the_downloads_give_the_sessions_back_whole(
    site: Server, game: int, merged: Path, tmp_path: Path
) -> None:
    source = _read(merged, tmp_path, "source.xml").events[0]
    shown = httpx.get(f"{site.url}/api/games/{game}").json()
    event = shown["events"][0]
    assert "sections" not in event
    assert [(s["id"], s["date"]) for s in event["sessions"]] == [
        (s.id, s.date.isoformat() if s.date else None) for s in source.sessions
    ]
    assert [len(s["sections"][0]["entries"]) for s in event["sessions"]] == [13, 13]
    assert [(e["number"], e["rank"]) for e in event["entries"]] == [
        (e.number, e.rank) for e in source.entries
    ]
    assert httpx.get(f"{site.url}/games/{game}.json").json() == shown

    xml = httpx.get(f"{site.url}/games/{game}.xml")
    assert xml.status_code == 200
    back = _read(xml.content, tmp_path).events[0]
    assert [(s.id, s.date) for s in back.sessions] == [(s.id, s.date) for s in source.sessions]
    assert [(s.session, len(s.entries), len(s.results)) for s in back.sections] == [
        (s.session, len(s.entries), len(s.results)) for s in source.sections
    ]
    assert [(e.number, e.score, e.percentage, e.rank) for e in back.entries] == [
        (e.number, e.score, e.percentage, e.rank) for e in source.entries
    ]

    rows = list(csv.DictReader(io.StringIO(httpx.get(f"{site.url}/games/{game}.csv").text)))
    assert [sum(r["session"] == s for r in rows) for s in ("1", "2", "overall")] == [13, 13, 13]
    whole = {r["entry"]: r for r in rows if r["session"] == "overall"}
    for entry in source.entries:
        assert whole[entry.id]["percentage"] == str(entry.percentage)
        assert whole[entry.id]["names"] == " & ".join(
            f"{p.first_name} {p.last_name}" for p in entry.players
        )


def _history(site: Server, number: str) -> list[dict[str, Any]]:
    answer = httpx.get(f"{site.url}/api/players/{number}")
    assert answer.status_code == 200, answer.text
    games: list[dict[str, Any]] = answer.json()["games"]
    return games


def test_a_player_s_history_counts_the_event_once_with_its_overall_figures(
    site: Server, game: int, spring: dict[str, int], merged: Path
) -> None:
    event = _read(merged, merged.parent).events[0]
    winner = next(e for e in event.entries if e.rank == 1)
    number = winner.players[0].player_number
    assert number
    played = [g for g in _history(site, number) if g["game"] == game]
    assert len(played) == 1, played
    assert (played[0]["percentage"], played[0]["rank"]) == (winner.percentage, 1)
    partner = winner.players[1]
    assert played[0]["partner"] == f"{partner.first_name} {partner.last_name}"

    # the specification's pair 4: 75% then 50% (and a carried score), 62.50% and first overall
    for series in ("71", "72"):  # players in the overall standings, and in the sessions only
        games = _history(site, f"{series}41")
        assert [(g["game"], g["percentage"], g["rank"]) for g in games] == [
            (spring[series], 62.5, 1)
        ], series
        assert games[0]["partner"] == "Hal Orr"
        third = _history(site, f"{series}31")  # pair 3: 25% then 50%, 37.50% and 3= overall
        assert [(g["percentage"], g["rank"]) for g in third] == [(37.5, 3)], series


def test_the_scorecard_link_opens_the_first_session_s_lines_marked(
    site: Server, spring: dict[str, int]
) -> None:
    game = spring["71"]
    link = _history(site, "7141")[0]["scorecard"]
    assert "session=1" in link
    found = httpx.get(site.url + link)
    assert found.status_code == 303
    assert found.headers["location"].endswith("?me=session1-s0-x4#session1-s0-x4")
    page = httpx.get(site.url + found.headers["location"].split("#")[0]).text
    first = _part(page, "session1-")
    assert first.count('<tr class="mine') >= 3  # its standing and two boards' lines
    assert _part(page, "session2-").count('<tr class="mine') == 0
    second = f"/games/{game}/mine?event=1&session=2&section=&entry=x-4"
    assert httpx.get(site.url + second).headers["location"].endswith("#session2-s0-x4")
    for wrong in ("session=3", "session=", "session=x"):  # to the game's page, no anchor
        bad = httpx.get(f"{site.url}/games/{game}/mine?event=1&{wrong}&section=&entry=x-4")
        assert bad.headers["location"] == f"/games/{game}", wrong


def test_the_ladder_counts_the_event_once(site: Server, spring: dict[str, int]) -> None:
    listed = httpx.get(f"{site.url}/api/clubs/north/ladder?min=1").json()["players"]
    by_number = {p["player_number"]: p for p in listed}
    for series in ("71", "72"):
        for pair, percentage in ((4, 62.5), (1, 62.5), (2, 37.5), (3, 37.5)):
            player = by_number[f"{series}{pair}1"]
            assert (player["games"], player["average"]) == (1, percentage), (series, pair)


def test_a_board_of_each_session_board_by_board(site: Server, spring: dict[str, int]) -> None:
    game = spring["71"]
    page = httpx.get(f"{site.url}/games/{game}").text
    assert f'href="/games/{game}/boards/1?session=1"' in page  # the site's header
    for session, scores in (("1", ("420", "170")), ("2", ("140", "110"))):
        shown = httpx.get(f"{site.url}/games/{game}/boards/1?session={session}")
        assert shown.status_code == 200, session
        for score in scores:
            assert f">{score}<" in shown.text, (session, score)
        assert f"/games/{game}/boards/2?session={session}" in shown.text
        assert f"#session{session}-b1" in shown.text
    assert httpx.get(f"{site.url}/games/{game}/boards/1").status_code == 404
    assert httpx.get(f"{site.url}/games/{game}/boards/3?session=1").status_code == 404


def test_a_real_file_of_one_session_keeps_its_scorecard_links(site: Server) -> None:
    """A club's USEBIO that names its one SESSION (PairsScorer's example, corpus/world): its
    page shows the session; each player's scorecard link finds its lines in it."""
    path = CORPUS / "world/usebio/jacquicollier__ukbridge-club-website__mp-pairs.xml"
    if not path.is_file():
        pytest.skip(f"{path.name} is not in the corpus")
    doc = _read(path, path.parent)
    event = doc.events[0]
    assert len(event.sessions) == 1 and not event.entries
    answer = site.upload("ann", "north", path)
    assert answer.status_code == 201, answer.text
    game = int(answer.json()["id"])
    page = httpx.get(f"{site.url}/games/{game}").text
    assert "Session 1" in page and page.count('id="session1-s0-') == len(event.sections[0].entries)
    entries = event.sections[0].entries
    for entry in entries[:3]:
        number = entry.players[0].player_number
        assert number
        games = [g for g in _history(site, number) if g["game"] == game]
        assert [(g["percentage"], g["rank"]) for g in games] == [(entry.percentage, entry.rank)]
        found = httpx.get(site.url + games[0]["scorecard"])
        anchor = found.headers["location"].rpartition("#")[2]
        side = entry.direction.value.lower() if entry.direction else "x"
        assert anchor == f"session1-s0-{side}{entry.number}"
        assert f'id="{anchor}"' in page
