"""The recap of a LIN match in headless Chromium (issue 39): a person who opens a line's
details (a click, no script needed) sees its auction in the four-column grid and its play
trick by trick, on a desktop and on a phone, where neither table is wider than the screen;
the page reports no console error and requests nothing.

Skipped, with the reason, when Chromium is not installed or the LIN corpus is absent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.model.results import BoardResult, Results
from bridgeio.recap import Game, render_game
from tests.browser.cdp import Browser, chromium, problems
from tests.test_recap_auctions import FILES, call_texts, played

PROGRAM = chromium()
PHONE = (390, 844)
pytestmark = [
    pytest.mark.skipif(PROGRAM is None, reason="Chromium is not installed (make test installs it)"),
    pytest.mark.skipif(not FILES, reason="the LIN corpus (../shared/corpus/world/lin) is absent"),
]

NEXT_CLOSED = """(() => {
  const closed = [...document.querySelectorAll("details.match-boards, details.play")]
    .filter((d) => !d.open && (!d.parentElement.closest("details") ||
                               d.parentElement.closest("details").open));
  if (!closed.length) { return null; }
  const summary = closed[0].querySelector("summary");
  summary.scrollIntoView({block: "center"});
  const box = summary.getBoundingClientRect();
  return {x: box.left + 8, y: box.top + box.height / 2};
})()"""

SEEN = """(() => {
  const shown = (e) => e.getClientRects().length > 0;
  const text = (e) => e.innerText.replace(/\\s+/g, " ").trim()
    .replace(/♠/g, "S").replace(/♥/g, "H").replace(/♦/g, "D").replace(/♣/g, "C");
  const bare = (td) => {  // a call without its alert's number
    const copy = td.cloneNode(true);
    copy.querySelectorAll("sup").forEach((sup) => sup.remove());
    return text({innerText: copy.textContent});
  };
  const room = document.documentElement.clientWidth;
  return [...document.querySelectorAll("details.play")].map((d) => {
    const grid = d.querySelector("table.auction");
    const tricks = d.querySelector("table.tricks");
    const wide = [grid, tricks].filter((t) => t && t.getBoundingClientRect().right > room + 0.5);
    return {
      open: d.open,
      calls: [...grid.querySelectorAll("tbody td")].filter(shown).map(bare),
      tricks: [...tricks.tBodies[0].rows].filter(shown).length,
      led: [...tricks.querySelectorAll("td.led")].filter(shown).map(text),
      notes: [...d.querySelectorAll("ol.alerts li")].filter(shown).map(text),
      wide: wide.length,
    };
  });
})()"""


def open_every_line(browser: Browser) -> None:
    """Click each closed match and line summary in turn, as a person would."""
    for _ in range(500):
        place = browser.evaluate(NEXT_CLOSED)
        if place is None:
            return
        browser.click(place["x"], place["y"])
    raise AssertionError("a summary does not open on a click")


def check(seen: list[dict[str, Any]], lines: list[BoardResult]) -> None:
    assert len(seen) == len(lines) > 0
    for shown, line in zip(seen, lines, strict=True):
        assert line.auction is not None and line.play is not None
        assert shown["open"] and shown["wide"] == 0
        assert shown["calls"] == call_texts(line.auction)
        assert shown["tricks"] == (len(line.play.cards) + 3) // 4
        leads = [str(line.play.cards[i]).replace("T", "10") for i in range(0, 52, 4)]
        assert shown["led"] == leads[: shown["tricks"]]
        explained = line.auction.explanations
        assert shown["notes"] == [explained[i] for i in sorted(explained)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("size", [(1280, 900), PHONE], ids=["desktop", "phone"])
def test_each_auction_and_play_is_seen(
    browser: Browser, path: Path, size: tuple[int, int], tmp_path: Path
) -> None:
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    event = doc.events[0]
    page = tmp_path / "match.html"
    page.write_text(render_game(Game.of(event, "m"), "m", "", event.deals), encoding="utf-8")
    browser.viewport(*size, mobile=size == PHONE)
    try:
        url = page.as_uri()
        assert problems(browser.open(url), url) == []
        open_every_line(browser)
        check(browser.evaluate(SEEN), played(doc))
    finally:
        browser.viewport(0, 0)


STEPS = """(() => {
  const details = document.querySelector("details.play");
  details.open = true;
  const buttons = [...details.querySelectorAll(".steps button")];
  const count = () => [...details.querySelectorAll("table.tricks tbody tr")]
    .filter((r) => r.getClientRects().length > 0).length;
  const seen = [count()];
  for (const label of ["First trick", "One trick on", "One trick back", "One trick back",
                       "Every trick"]) {
    buttons.find((b) => b.getAttribute("aria-label") === label).click();
    seen.push(count());
  }
  return {seen, label: details.querySelector(".steps span").textContent};
})()"""


def test_the_script_steps_through_the_tricks(browser: Browser, tmp_path: Path) -> None:
    """With the page's own script (allowed by its policy's hash): the play shown a trick at
    a time, from the first to all of them."""
    path = FILES[0]
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    event = doc.events[0]
    page = tmp_path / "steps.html"
    page.write_text(render_game(Game.of(event, "m"), "m", "", event.deals), encoding="utf-8")
    url = page.as_uri()
    assert problems(browser.open(url), url) == []
    line = played(doc)[0]
    assert line.play is not None
    tricks = (len(line.play.cards) + 3) // 4
    found = browser.evaluate(STEPS)
    assert found["seen"] == [tricks, 1, 2, 1, 0, tricks]
    assert found["label"] == "All tricks"
