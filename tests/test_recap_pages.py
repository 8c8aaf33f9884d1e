"""Where a recap goes (issue 29): one input file is one page, its events one after another;
``-o`` names a folder when it ends in ``/`` or is a folder already, and several inputs make a
folder, never a folder named like a page."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model.results import Results
from bridgeio.recap import write_recap
from tests.conftest import CORPUS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CLUB = EXAMPLES / "club-game.ACA"


def two_events() -> Results:
    """The example club game, and the same game again as a second event of the file."""
    doc = bridgeio.read(CLUB)
    second = copy.deepcopy(doc.events[0])
    second.number, second.name = 2, "Evening Pairs"
    doc.events.append(second)
    return doc


def several_events_file() -> Path:
    """A real game file of several events (a NAP final's flights)."""
    found = sorted((CORPUS / "acblscore").glob("unit-finals_*.ACA"))
    if not found:
        pytest.skip(f"no game file of several events in {CORPUS}")
    return found[0]


def assert_whole_page(html: str, titles: list[str]) -> None:
    """Every event's title, ids each once, every link inside the page to an id of it."""
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]
    links = set(re.findall(r'href="#([^"]+)"', html))
    assert links <= set(ids), sorted(links - set(ids))[:5]
    for title in titles:
        assert f"<h1>{title}</h1>" in html
    assert html.count("<main>") == 1 and html.count("<!DOCTYPE html>") == 1


def test_one_file_of_two_events_is_one_page(tmp_path: Path) -> None:
    doc = two_events()
    written = write_recap([("game.ACA", doc)], str(tmp_path / "game.html"))
    assert written == [str(tmp_path / "game.html")] and (tmp_path / "game.html").is_file()
    html = (tmp_path / "game.html").read_text()
    assert_whole_page(html, ["Tuesday Afternoon Pairs", "Evening Pairs"])
    assert html.count('<article class="game"') == 2
    assert 'id="e2-standings"' in html and 'href="#e2-game"' in html


def test_a_folder_is_named_by_a_slash_an_existing_folder_or_several_inputs(
    tmp_path: Path,
) -> None:
    doc = two_events()
    site = tmp_path / "site"
    written = write_recap([("game.ACA", doc)], f"{site}/")
    assert written == [str(site / "index.html"), str(site / "game.html")]
    index = (site / "index.html").read_text()
    assert 'href="game.html"' in index and 'href="game.html#e2-game"' in index  # each game
    (tmp_path / "existing").mkdir()
    assert write_recap([("game.ACA", doc)], str(tmp_path / "existing"))[1].endswith("game.html")
    club = bridgeio.read(CLUB)
    pages = write_recap([("a.ACA", club), ("a.xml", club)], str(tmp_path / "two"))
    assert [Path(p).name for p in pages] == ["index.html", "a.html", "a-2.html"]


def test_several_inputs_never_make_a_folder_named_like_a_page(tmp_path: Path) -> None:
    club = bridgeio.read(CLUB)
    with pytest.raises(ValueError, match="names a page"):
        write_recap([("a.ACA", club), ("b.ACA", club)], str(tmp_path / "week.html"))
    assert list(tmp_path.iterdir()) == []


def test_the_command_on_a_real_file_of_several_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = several_events_file()
    events = bridgeio.read(game).events
    assert len(events) > 1
    page = tmp_path / "game.html"
    assert run(["recap", str(game), "-o", str(page)]) in (0, 1)
    assert capsys.readouterr().out.strip() == str(page)
    assert page.is_file()
    html = page.read_text()
    assert html.count('<article class="game"') == len(events)
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    assert set(re.findall(r'href="#([^"]+)"', html)) <= set(ids)

    monkeypatch.chdir(tmp_path)  # no -o: the input's name with .html, here
    assert run(["recap", str(game)]) in (0, 1)
    assert (tmp_path / f"{game.stem}.html").is_file()
    assert run(["recap", str(game), "-o", "site/"]) in (0, 1)
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == sorted(
        [f"{game.stem}.html", "index.html"]
    )
    assert run(["recap", str(game), str(CLUB), "-o", "week.html"]) == 2
    assert "names a page" in capsys.readouterr().err
    assert not (tmp_path / "week.html").exists()


def test_a_recap_loads_no_pandas_pyarrow_or_duckdb(tmp_path: Path) -> None:
    """A recap's process stays light (issue 29, benchmarks/recap.py times it)."""
    code = (
        "import sys\n"
        "from bridgeio.cli import run\n"
        f"run(['recap', {str(CLUB)!r}, '-o', {str(tmp_path / 'x.html')!r}])\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    loaded = set(done.stdout.splitlines()[-1].split())
    assert (tmp_path / "x.html").is_file()
    assert not loaded & {"pandas", "pyarrow", "duckdb", "lxml", "endplay"}


def test_compiled_templates_are_kept_where_they_can_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgeio.recap import page

    monkeypatch.setenv("BRIDGEIO_CACHE", str(tmp_path / "cache"))
    cache = page._compiled_templates()
    assert cache is not None
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(page.TEMPLATES), bytecode_cache=cache
    )
    environment.get_template("game.html.j2")
    kept = list((tmp_path / "cache" / "recap-templates").iterdir())
    assert kept  # compiled once, then loaded
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("BRIDGEIO_CACHE", str(blocked))
    assert page._compiled_templates() is None  # no cache: the templates are compiled each time


def test_a_sites_links_join_the_pages_contents() -> None:
    """``links`` (a results site's downloads) are entries of the page's contents, once."""
    from bridgeio.recap import Game, render_game, render_games

    doc = two_events()
    links = [("USEBIO", "/games/7.xml"), ("<PBN>", "/games/7.pbn")]
    one = render_game(Game.of(doc.events[0], "x"), "x", "", None, links)
    assert one.count('<a href="/games/7.xml">USEBIO</a>') == 1
    assert '<a href="/games/7.pbn">&lt;PBN&gt;</a>' in one  # escaped
    games = [(Game.of(e, "x", "" if i == 0 else "e2-"), None) for i, e in enumerate(doc.events)]
    assert render_games(games, "x", "", links).count('href="/games/7.xml"') == 1
