"""HTML recaps (issue 21): every corpus results file's recap shows what the file holds and is
valid HTML5 (every page: its distinct markup parsed by html5lib in strict mode, the whole page
by libxml2 with unique ids and links that lead somewhere; see tests/recap_html.py); names,
clubs and titles that are markup render as text; the command writes a page or a site."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import html5lib
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.errors import DataLossWarning
from bridgeio.model.movement import Movement, Table
from bridgeio.model.results import Results
from bridgeio.recap import Game, content_security_policy, game_page, render_game
from bridgeio.recap.text import percent_text
from tests import recap_html
from tests.recap_corpus import pages as corpus_pages
from tests.recap_corpus import read, results_files

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
HOSTILE = ("<img src=x onerror=alert(1)>", "</script><script>alert(2)</script>")
FILES = results_files()


def parse(html: str, strict: bool = True) -> Any:
    """The document tree (libxml2 reporting no error, ids unique, links leading somewhere);
    with ``strict`` an HTML5 parse error fails the test."""
    if strict:
        recap_html.strict(html)
    return recap_html.tree(html)


def text(element: Any) -> str:
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def by_class(tree: Any, tag: str, name: str) -> list[Any]:
    return [e for e in tree.iter(tag) if name in (e.get("class") or "").split()]


def pages(path: Path) -> list[tuple[Any, str]]:
    doc = read(path)
    assert isinstance(doc, Results)
    return [(event, render_game(Game.of(event, "x"), "x", "", event.deals)) for event in doc.events]


@pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
@pytest.mark.parametrize(("tag", "path"), FILES, ids=[t for t, _ in FILES])
def test_every_corpus_recap_is_html_showing_the_file(tag: str, path: Path) -> None:
    for event, html in corpus_pages(path):  # (rendered once a session)
        tree = parse(html)
        policy = [m.get("content") for m in tree.iter("meta") if m.get("http-equiv")]
        assert policy == [content_security_policy()]
        rows = by_class(tree, "tr", "entry")
        entries = [e for s in event.sections for e in s.entries]
        assert len(rows) == len(entries)
        shown = {text(r) for r in rows}
        for entry in entries:
            rank = "" if entry.rank is None else f"{entry.rank}{'=' if entry.tied else ''}"
            names = [p.name for p in entry.players if p.name]
            # (no rank recorded: the engine's, marked computed, before the id)
            assert any(
                (line.startswith(f"{rank} {entry.id}") if rank else entry.id in line.split()[:4])
                and all(n in line for n in names)
                and percent_text(entry.percentage) in line
                for line in shown
            )
        travellers = {t.get("id"): t for t in by_class(tree, "table", "traveller")}
        for index, section in enumerate(event.sections):
            for board in section.results:
                table = travellers[f"b{board.number}-s{index}"]
                assert len(table.find("tbody")) == len(board.results)


def hostile_results(tmp_path: Path) -> Path:
    """The example club game with markup for its title, club and a player's names, written
    as USEBIO by bridgeio's writer."""
    results = bridgeio.read(EXAMPLES / "club-game.ACA")
    event = results.events[0]
    event.name, event.club = HOSTILE
    player = event.sections[0].entries[0].players[0]
    player.first_name, player.last_name = HOSTILE
    path = tmp_path / "hostile.xml"
    with warnings.catch_warnings():  # what USEBIO cannot hold of an ACBLscore game
        warnings.simplefilter("ignore", DataLossWarning)
        bridgeio.write(results, path)
    again = bridgeio.read(path).events[0]
    assert (again.name, again.club) == HOSTILE  # the file really carries them
    return path


def test_markup_in_names_clubs_and_titles_is_text(tmp_path: Path) -> None:
    path = hostile_results(tmp_path)
    (event, html), *_ = pages(path)
    tree = parse(html)
    assert not list(tree.iter("img"))
    assert len(list(tree.iter("script"))) == 1
    assert text(next(tree.iter("h1"))) == HOSTILE[0]
    assert HOSTILE[1] in text(tree) and "<img" in text(tree)
    for value in HOSTILE:
        assert value not in html


def test_the_command_writes_a_page_and_a_site(tmp_path: Path, capsys: Any) -> None:
    club, deals = str(EXAMPLES / "club-game.ACA"), str(EXAMPLES / "deals.pbn")
    page = tmp_path / "club.html"
    assert run(["recap", club, "--deals", deals, "-o", str(page)]) == 0
    html = page.read_text()
    tree = parse(html)
    assert len(by_class(tree, "div", "hand")) == 4 * 10  # 10 boards, hands from --deals
    assert len(by_class(tree, "table", "dd")) == 10  # the example deals are solved
    assert 'download="tuesday-afternoon-pairs.pbn"' in html
    site = tmp_path / "site"
    assert run(["recap", club, str(hostile_results(tmp_path)), "-o", str(site)]) == 0
    assert sorted(p.name for p in site.iterdir()) == [
        "club-game.html",
        "hostile.html",
        "index.html",
    ]
    index = parse((site / "index.html").read_text())
    assert [a.get("href") for a in index.iter("a")] == ["club-game.html", "hostile.html"]
    assert capsys.readouterr().out.splitlines() == [str(page), str(site / "index.html")]


def test_the_command_refuses_a_file_of_deals(tmp_path: Path, capsys: Any) -> None:
    assert run(["recap", str(EXAMPLES / "deals.pbn"), "-o", str(tmp_path / "x.html")]) == 2
    assert "holds no results" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def test_the_html5_check_finds_an_error_anywhere_in_a_page() -> None:
    """The check parses each shape of row, board and scorecard once: an error in the last
    scorecard's last row is a new shape, and is found."""
    html = game_page(bridgeio.read(EXAMPLES / "club-game.ACA").events[0], "x")
    assert len(recap_html.distinct(html)) < len(html) / 2
    recap_html.strict(html)
    last = html.rindex("</td></tr>")
    broken = html[:last] + "</td></span></tr>" + html[last + len("</td></tr>") :]
    with pytest.raises(html5lib.html5parser.ParseError):
        recap_html.strict(broken)
    with pytest.raises(AssertionError):
        recap_html.tree(broken)


@pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
def test_the_html5_check_finds_an_error_in_the_last_play() -> None:
    """Each shape of a line's auction and play is parsed once: an error in the last one's
    summary is a new shape, and is found."""
    play = '<details class="play">'
    html = next(  # (endplay's example2.pbn: 558 plays, 3 MB)
        h
        for t, p in FILES
        if t.startswith("pbn")
        for _, h in corpus_pages(p)
        if h.count(play) > 100 and len(h) < 5_000_000
    )
    assert recap_html.distinct(html).count(play) < html.count(play) / 2
    recap_html.strict(html)
    last = html.index("</summary>", html.rindex(play))
    broken = html[:last] + "</span></summary>" + html[last + len("</summary>") :]
    with pytest.raises(html5lib.html5parser.ParseError):
        recap_html.strict(broken)


def movement_grid(html: str) -> list[list[str]]:
    table = by_class(parse(html), "table", "movement")[0]
    return [[text(c) for c in row] for row in table.iter("tr")]


def test_a_movement_seats_results_that_number_no_rounds(tmp_path: Path, capsys: Any) -> None:
    """The example game with its rounds and tables taken out (as a USEBIO file has them),
    given its movement as an ASC schedule, shows the movement and rounds of the original."""
    club = EXAMPLES / "club-game.ACA"
    results = bridgeio.read(club)
    for board in results.events[0].sections[0].results:
        for line in board.results:
            line.round = line.table = 0
    bare = tmp_path / "no-rounds.xml"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataLossWarning)
        bridgeio.write(results, bare)
    schedule = tmp_path / "movement.asc"
    assert run(["convert", str(club), str(schedule)]) == 0
    pages = {}
    for name, args in (
        ("original", [str(club)]),
        ("bare", [str(bare)]),
        ("seated", [str(bare), "--movement", str(schedule)]),
    ):
        pages[name] = tmp_path / f"{name}.html"
        assert run(["recap", *args, "-o", str(pages[name])]) == 0
    original = movement_grid(pages["original"].read_text())
    assert original[0][:2] == ["Round", "Table 1"] and len(original) == 6  # 5 rounds
    assert movement_grid(pages["seated"].read_text()) == original
    assert movement_grid(pages["bare"].read_text())[0] == ["N-S", "E-W", "Boards"]
    capsys.readouterr()
    assert run(["recap", str(bare), "--movement", str(club), "-o", str(tmp_path / "x.html")]) == 2
    assert "holds no movement" in capsys.readouterr().err
    other = tmp_path / "other.asc"  # two tables, one round: pairs 1 v 3 and 2 v 4 only
    bridgeio.write(Movement(4, 2, 1, 1, False, [[Table((1, 3), "A"), Table((2, 4), "A")]]), other)
    assert run(["recap", str(bare), "--movement", str(other), "-o", str(tmp_path / "y.html")]) == 0
    assert "note: the movement seats 4 of 50 table results" in capsys.readouterr().err


def _lines_of(section: Any, entry: Any, either_way: bool) -> int:
    """The traveller lines that seat ``entry`` (by number in its direction, or either way)."""
    found = 0
    for board in section.results:
        for line in board.results:
            if line.seats is not None:
                return -1  # (an individual: not counted here)
            ns = line.ns == entry.number and (
                either_way or entry.direction is None or entry.direction.value == "NS"
            )
            ew = line.ew == entry.number and (
                either_way or entry.direction is None or entry.direction.value == "EW"
            )
            found += ns + ew
    return found


@pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
@pytest.mark.parametrize(("tag", "path"), FILES, ids=[t for t, _ in FILES])
def test_a_sit_out_shows_as_one_and_each_pair_has_every_line_it_played(
    tag: str, path: Path
) -> None:
    """A pair sitting out (Ruter's Bye rows, issue 29) is shown against "sat out" with its
    award, never against "pair 0"; a pair of a section numbered one number a pair (Ruter's
    Howell, each pair given the direction it started in) has its lines either way on its
    scorecard."""
    for event, html in corpus_pages(path):
        if all(section.matches for section in event.sections):
            continue  # (teams only: nothing to check; its page parsed by the first test)
        tree = parse(html, strict=False)
        cards = {c.get("id"): c for c in by_class(tree, "article", "scorecard")}
        for index, section in enumerate(event.sections):
            if section.matches:  # (a team's scorecard lists its matches first)
                continue
            numbers = [(e.number, e.direction) for e in section.entries]
            either_way = len({n for n, _ in numbers}) == len(numbers)
            sit_outs = [x for b in section.results for x in b.results if x.sit_out]
            for entry in section.entries:
                card = cards.get(
                    f"s{index}-{entry.direction.value.lower() if entry.direction else 'x'}"
                    f"{entry.number}"
                )
                expected = _lines_of(section, entry, either_way)
                if card is None or expected < 0 or card.find(".//tbody") is None:
                    continue
                rows = [text(r) for r in card.find(".//tbody")]
                assert len(rows) == expected, (tag, entry.number)
                mine = [x for x in sit_outs if entry.number in (x.ns, x.ew) and (x.ns or x.ew)]
                assert sum(" sat out " in f" {r} " for r in rows) == len(mine)
            against = [text(t) for t in by_class(tree, "table", "traveller")]
            assert sum(t.count("sat out") for t in against) == len(sit_outs)


def test_a_boards_stated_dealer_and_vulnerability_are_shown_not_its_numbers() -> None:
    """A hand record that states board 1's dealer South, both vulnerable (its number gives
    North, none): the diagram and par follow what the record states."""
    import numpy as np

    from bridgeio.model.deals import DealSet
    from bridgeio.recap.hands import Hands

    deal = DealSet.from_deals(
        [
            bridgeio.Deal.from_pbn(
                "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
            )
        ]
    )
    stated = DealSet(
        seats=deal.seats,
        boards=np.array([1]),
        dealer=np.array([2], dtype=np.uint8),
        vulnerability=np.array([3], dtype=np.uint8),
    )
    shown, plain = Hands.of(stated).board(1), Hands.of(deal).board(1)
    assert (shown.dealer, shown.vulnerability) == ("South", "Both")
    assert (plain.dealer, plain.vulnerability) == ("North", "None")
    assert Hands.of(stated).board(2).dealer == Hands.of(None).board(2).dealer
