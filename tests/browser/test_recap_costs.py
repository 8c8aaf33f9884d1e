"""A solved LIN match's recap in headless Chromium (issue 39, ``bridgeio recap --solve``): with
its names full of markup (written to a LIN file by bridgeio and read back), a person who opens
each line's details sees, on a desktop and on a phone, a mark on each card that cost its side
tricks double dummy, titled with the cost, and the line's legend with the tricks each side
lost; the names are text (no dialog, no request, no console error); on the phone nothing is
wider than the screen.

Skipped, with the reason, when Chromium, endplay or the LIN corpus is absent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.model.results import Player, Results
from bridgeio.recap import Game, render_game
from bridgeio.recap.costs import SolvedPlay, solve_plays
from bridgeio.recap.play import play_view
from tests.browser.cdp import Browser, chromium, problems
from tests.browser.test_recap_play import PHONE, open_every_line
from tests.test_recap import HOSTILE
from tests.test_recap_auctions import FILES, played

PROGRAM = chromium()
pytestmark = [
    pytest.mark.skipif(PROGRAM is None, reason="Chromium is not installed (make test installs it)"),
    pytest.mark.skipif(not FILES, reason="the LIN corpus (../shared/corpus/world/lin) is absent"),
]
pytest.importorskip("endplay", reason="the marks need endplay (bridgeio[dds])")

SEEN = """(() => {
  const shown = (e) => e.getClientRects().length > 0;
  const room = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter(
    (e) => shown(e) && e.getBoundingClientRect().right > room + 0.5 &&
           !e.closest(".vh")).map((e) => e.tagName + "." + e.className);
  return {
    title: document.querySelector("h1").textContent,
    text: document.body.innerText,
    room, page: document.documentElement.scrollWidth, wide,
    lines: [...document.querySelectorAll("details.play")].map((d) => ({
      open: d.open,
      marks: [...d.querySelectorAll("table.tricks td span.cost")].filter(shown)
        .map((s) => [s.textContent, s.title, s.nextElementSibling.textContent]),
      legend: [...d.querySelectorAll("p.costs")].filter(shown).map((p) => p.innerText),
    })),
  };
})()"""


def hostile_match(tmp_path: Path) -> Results:
    """The corpus's first LIN match, its title and a team's and a player's names markup,
    written as LIN by bridgeio, read back and solved."""
    doc = bridgeio.read(FILES[0])
    assert isinstance(doc, Results)
    event = doc.events[0]
    event.name = HOSTILE[0]
    entry = event.sections[0].entries[0]
    entry.name = HOSTILE[1]
    if not entry.players:  # (GIB's seats are named after their teams: no players read)
        entry.players.append(Player())
    entry.players[0].first_name, entry.players[0].last_name = HOSTILE
    path = tmp_path / "hostile.lin"
    bridgeio.write(doc, path)
    again = bridgeio.read(path)
    assert isinstance(again, Results)
    assert again.events[0].name == HOSTILE[0]  # the file really carries them
    assert solve_plays([again]) > 0
    return again


def expected(doc: Results) -> list[tuple[list[list[str]], str]]:
    """Each line's marks (W N E S in each trick, trick by trick) and legend, in page order."""
    found = []
    for line in played(doc):
        assert isinstance(line.play, SolvedPlay)
        view = play_view(line.auction, line.play, line.contract)
        marks = [
            [f"−{k}", f"cost {k} trick" + "s" * (k > 1), f" (cost {k} trick{'s' * (k > 1)})"]
            for trick in view.tricks
            for k in trick.costs
            if k
        ]
        found.append((marks, view.lost_text))
    return found


@pytest.mark.parametrize("size", [(1280, 900), PHONE], ids=["desktop", "phone"])
def test_a_solved_lin_match_shows_each_cards_cost(
    browser: Browser, size: tuple[int, int], tmp_path: Path
) -> None:
    doc = hostile_match(tmp_path)
    event = doc.events[0]
    page = tmp_path / "match.html"
    page.write_text(render_game(Game.of(event, "m"), "m", "", event.deals), encoding="utf-8")
    browser.viewport(*size, mobile=size == PHONE)
    try:
        url = page.as_uri()
        assert problems(browser.open(url), url) == []  # no dialog, request or error
        open_every_line(browser)
        seen: dict[str, Any] = browser.evaluate(SEEN)
    finally:
        browser.viewport(0, 0)
    assert seen["title"] == HOSTILE[0] and HOSTILE[1] in seen["text"]
    wanted = expected(doc)
    assert len(seen["lines"]) == len(wanted) > 0
    for shown, (marks, legend) in zip(seen["lines"], wanted, strict=True):
        assert shown["open"]
        assert shown["marks"] == marks
        assert len(shown["legend"]) == 1 and shown["legend"][0].endswith(legend)
    assert sum(len(m) for m, _ in wanted) > 0  # GIB's robots gave some tricks away
    if size == PHONE:
        assert seen["room"] <= PHONE[0]
        assert seen["page"] <= seen["room"] and seen["wide"] == []
