"""The recap of played boards (issue 39): each line with an auction shows it in the four-column
grid (West first, blank cells before the dealer), its alerts numbered to their explanations,
and its play trick by trick, without a script (a ``<details>`` a line); an alert's explanation
is the file's text and renders as text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.model.auction import Auction
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from bridgeio.model.results import Board, BoardResult, Entry, Event, Results, Section
from bridgeio.recap import Game, render_game
from tests.test_recap import by_class, parse, text

LIN = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "world" / "lin"
FILES = sorted(LIN.glob("*.lin")) if LIN.is_dir() else []
COLUMNS = {Seat.WEST: 0, Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3}
HOSTILE = '<img src=x onerror=alert(1)>"</script><script>alert(2)</script>'


def played(doc: Results) -> list[BoardResult]:
    """Every line with an auction or a play, in the order the page shows them."""
    found = []
    for event in doc.events:
        for section in event.sections:
            for match in section.matches:
                found += [line for b in match.boards for line in b.results]
            for board in sorted(section.results, key=lambda b: b.number):
                found += [line for line in board.results]
    return [line for line in found if line.auction is not None or line.play is not None]


def page(doc: Results) -> Any:
    event = doc.events[0]
    return parse(render_game(Game.of(event, "x"), "x", "", event.deals))


def call_texts(auction: Auction) -> list[str]:
    """The grid's cells as text, row by row: blanks before the dealer and after the end."""
    words = {"P": "Pass"}
    cells = [""] * COLUMNS[auction.dealer] + [words.get(c.text, c.text) for c in auction.calls]
    return cells + [""] * (-len(cells) % 4)


def plain(cell: Any) -> str:
    """A cell's text with suit symbols as letters and an alert's number left off."""
    for sup in cell.iter("sup"):
        sup.text = ""
    shown = text(cell)
    for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        shown = shown.replace(symbol, letter)
    return shown


@pytest.mark.skipif(not FILES, reason=f"no LIN corpus at {LIN}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_line_shows_its_auction_and_its_tricks(path: Path) -> None:
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    lines = played(doc)
    tree = page(doc)
    shown = by_class(tree, "details", "play")
    assert len(shown) == len(lines) > 0
    for line, details in zip(lines, shown, strict=True):
        assert line.auction is not None and line.play is not None
        grid = by_class(details, "table", "auction")[0]
        cells = [plain(td) for row in grid.iter("tbody") for td in row.iter("td")]
        assert cells == call_texts(line.auction)
        notes = [text(li) for ol in by_class(details, "ol", "alerts") for li in ol.iter("li")]
        assert notes == [line.auction.explanations[i] for i in sorted(line.auction.explanations)]
        tricks = list(by_class(details, "table", "tricks")[0].iter("tbody"))[0]
        rows = list(tricks.iter("tr"))
        assert len(rows) == (len(line.play.cards) + 3) // 4
        assert line.contract is not None and line.contract.declarer is not None
        first = [plain(td) for td in rows[0].iter("td")]
        assert first[0] == line.contract.declarer.next().char  # the opening leader
        led = by_class(rows[0], "td", "led")
        assert [plain(td) for td in led] == [str(line.play.cards[0]).replace("T", "10")]


def test_alert_explanations_and_names_are_text() -> None:
    auction = Auction.parse(Seat.EAST, "1C! X XX P P P".split(), {0: HOSTILE, 2: "<b>sos</b>"})
    play = Play.parse("HA H2 H3 H4".split(), claim=8)
    line = BoardResult(
        1, 1, 1, 2, 110, -110, auction=auction, play=play, contract=Contract.parse("1CXX", "E")
    )
    line.tricks = 8
    section = Section("A", entries=[Entry("1NS", 1, name=HOSTILE), Entry("2EW", 2)])
    section.results = [Board(2, [line])]
    html = render_game(Game.of(Event(sections=[section]), "x"), "x", "", None)
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>sos" not in html
    tree = parse(html)
    details = by_class(tree, "details", "play")[0]
    grid = by_class(details, "table", "auction")[0]
    assert [plain(td) for td in grid.iter("td")][:4] == ["", "", "1C", "X"]  # East deals
    titles = [sup.get("title") for sup in grid.iter("sup")]
    assert titles == [HOSTILE, "<b>sos</b>"]  # escaped in the page, the text itself once parsed
    notes = [text(li) for li in by_class(details, "ol", "alerts")[0].iter("li")]
    assert notes == [HOSTILE, "<b>sos</b>"]
    assert "claimed 8 tricks" in text(details)
