"""Recaps in a real browser (issue 21): every corpus results file's recap opened in headless
Chromium, driven over its DevTools protocol (tests/browser/cdp.py), shows what the file holds
to a person: every entry's rank, names and percentage, every board's traveller lines, 52 cards
in each hand diagram; the page reports no console error and requests nothing; clicking a
pair's name brings its scorecard into view. A file whose names, club and title are markup
opens no dialog and shows them as text.

Skipped, with the reason, when Chromium is not installed (``make test`` installs it when it
can: as root or with sudo).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgeio.cli import run
from bridgeio.model.deals import NO_SEAT
from bridgeio.model.results import Event, Results
from bridgeio.recap import Game, render_game
from bridgeio.recap.text import percent_text
from tests.browser.cdp import Browser, chromium, pdf_pages, problems
from tests.recap_corpus import document, pages, read, results_files
from tests.test_recap import EXAMPLES, HOSTILE, hostile_results
from tests.test_recap_teams import team_event

FILES = results_files()
PROGRAM = chromium()
pytestmark = pytest.mark.skipif(
    PROGRAM is None,
    reason="Chromium is not installed (apt-get install chromium chromium-driver; make test "
    "installs it when run as root or with sudo)",
)

SEEN = """(() => {
  const shown = (e) => e.getClientRects().length > 0;
  const text = (e) => e.innerText.replace(/\\s+/g, " ").trim();
  const entries = [...document.querySelectorAll("table.standings tr.entry")].filter(shown)
    .map((row) => [...row.cells].map(text));
  const travellers = {};
  for (const table of document.querySelectorAll("table.traveller")) {
    travellers[table.id] = [...table.tBodies[0].rows].filter(shown).length;
  }
  const diagrams = [...document.querySelectorAll(".deal")]
    .filter((d) => shown(d) && d.querySelector(".hand")).map((deal) =>
    [...deal.querySelectorAll(".ranks")].map(text).filter((r) => r !== "—")
      .reduce((n, r) => n + r.split(" ").length, 0));
  return {entries, travellers, diagrams, images: document.images.length,
          title: text(document.querySelector("h1"))};
})()"""


PHONE = (390, 844)  # CSS pixels: a common phone held upright

WIDER_THAN_A_PHONE = """(() => {
  const room = document.documentElement.clientWidth;
  const wide = [];
  for (const table of document.querySelectorAll("table.standings, table.traveller, table.card")) {
    const box = table.getBoundingClientRect();
    if (box.width > 0 && box.right > room + 0.5) {
      wide.push(`${table.className} ${table.id}: ${Math.round(box.right)} px`);
    }
  }
  return {wide, page: document.documentElement.scrollWidth, room};
})()"""


@pytest.fixture(scope="module")
def phone() -> Iterator[Browser]:
    """A second tab laid out as a phone held upright: every corpus page is opened there (a
    page laid out once; laying a big page out again at another width costs as much)."""
    assert PROGRAM is not None
    opened = Browser(PROGRAM, *PHONE)
    try:
        opened.viewport(*PHONE, mobile=True)
        yield opened
    finally:
        opened.close()


def show(
    browser: Browser, event: Event, folder: Path, name: str, html: str | None = None
) -> tuple[dict[str, Any], str]:
    """Open ``event``'s recap (``html`` when given: its page already rendered); what a person
    sees, and the page's address."""
    path = folder / f"{name}.html"
    if html is None:
        html = render_game(Game.of(event, name), name, "", event.deals)
    path.write_text(html, encoding="utf-8")
    url = path.as_uri()
    reported = browser.open(url)
    assert problems(reported, url) == []
    seen = browser.evaluate(SEEN)
    assert isinstance(seen, dict)
    return seen, url


def expected_entry(entry: Any) -> tuple[str, str, list[str], str]:
    rank = "" if entry.rank is None else f"{entry.rank}{'=' if entry.tied else ''}"
    return rank, entry.id, [p.name for p in entry.players if p.name], percent_text(entry.percentage)


def check_entries(seen: dict[str, Any], event: Event) -> None:
    rows = seen["entries"]
    entries = [e for s in event.sections for e in s.entries]
    assert len(rows) == len(entries)
    for entry in entries:
        rank, label, names, percent = expected_entry(entry)
        assert any(  # (no rank recorded: the engine's, marked computed)
            (row[0] == rank or (not rank and row[0].endswith("computed")))
            and row[1] == label
            and all(n in row[2] for n in names)
            and (not percent or percent in row[4:5])
            for row in rows
        ), f"entry {label} is not shown as the file has it"


def check_boards(seen: dict[str, Any], event: Event) -> None:
    for index, section in enumerate(event.sections):
        for board in section.results:
            assert seen["travellers"][f"b{board.number}-s{index}"] == len(board.results)
    played = {b.number for s in event.sections for b in s.results}
    deals = event.deals
    whole = 0
    if deals is not None and deals.seats is not None:
        numbers = deals.boards.tolist() if deals.boards is not None else range(1, len(deals) + 1)
        dealt: dict[int, set[bytes]] = {}  # a number's deals: one diagram, if it has one deal
        for n, row in zip(numbers, deals.seats, strict=True):
            dealt.setdefault(n, set()).add(row.tobytes() if (row != NO_SEAT).all() else b"")
        complete = {n for n, rows in dealt.items() if len(rows) == 1 and b"" not in rows}
        whole = len(played & complete)
    assert seen["diagrams"] == [52] * whole


def check_fits_a_phone(browser: Browser) -> None:
    """On a phone-sized screen the standings, travellers and scorecards fit its width: no
    column is cut off, nothing scrolls sideways (``browser`` is the phone, or is made one
    for the check)."""
    desktop = browser.evaluate("innerWidth") > PHONE[0]
    if desktop:
        browser.viewport(*PHONE, mobile=True)
    try:
        fitted = browser.evaluate(WIDER_THAN_A_PHONE)
    finally:
        if desktop:
            browser.viewport(0, 0)
    assert fitted["room"] <= PHONE[0]
    assert fitted["wide"] == [], "tables wider than a phone"


def click_first_name(browser: Browser, event: Event) -> None:
    """Click the first name in the standings: its scorecard is the page's target, in view."""
    place = browser.evaluate("""(() => {
      const link = document.querySelector("table.standings td.names a");
      link.scrollIntoView({block: "center"});
      const box = link.getClientRects()[0];  // its first line (a name may wrap)
      return {x: box.left + Math.min(box.width / 2, 20), y: box.top + box.height / 2,
              href: link.getAttribute("href"), names: link.innerText};
    })()""")
    browser.click(place["x"], place["y"])
    landed = browser.evaluate("""(() => {
      const card = document.querySelector(":target");
      if (!card) { return null; }
      const box = card.getBoundingClientRect();
      return {hash: location.hash, top: box.top, height: innerHeight,
              heading: card.querySelector("h3").innerText};
    })()""")
    assert landed is not None, "the click led nowhere"
    assert landed["hash"] == place["href"]
    assert -2 <= landed["top"] < landed["height"] - 40  # its heading is in view
    assert place["names"].split(" – ")[0] in landed["heading"]


FIRSTS = [
    (t, p) for n, (t, p) in enumerate(FILES) if n == 0 or t[:3] != FILES[n - 1][0][:3]
]  # the first file of each format


@pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
@pytest.mark.parametrize("path", [p for _, p in FILES], ids=[t for t, _ in FILES])
def test_a_person_sees_what_the_file_holds(phone: Browser, path: Path, tmp_path: Path) -> None:
    """On a phone: what the file holds is there, it fits the screen, a name leads on."""
    results = document(path)  # (read and rendered once a session: shared, not changed)
    assert isinstance(results, Results)
    for number, (event, html) in enumerate(pages(path)):
        seen, _ = show(phone, event, tmp_path, f"game{number}", html)
        check_entries(seen, event)
        check_boards(seen, event)
        check_fits_a_phone(phone)
        if any(s.entries for s in event.sections):
            click_first_name(phone, event)


@pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
@pytest.mark.parametrize("path", [p for _, p in FIRSTS], ids=[t for t, _ in FIRSTS])
def test_a_person_sees_it_on_a_desktop_too(browser: Browser, path: Path, tmp_path: Path) -> None:
    """The same on a desktop-sized screen, for the first file of each format."""
    results = document(path)  # (read and rendered once a session: shared, not changed)
    assert isinstance(results, Results)
    for number, (event, html) in enumerate(pages(path)):
        seen, _ = show(browser, event, tmp_path, f"game{number}", html)
        check_entries(seen, event)
        check_boards(seen, event)
        if any(s.entries for s in event.sections):
            click_first_name(browser, event)


def test_markup_from_a_file_is_text_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    event = read(hostile_results(tmp_path)).events[0]  # type: ignore[attr-defined]
    seen, _ = show(browser, event, tmp_path, "hostile")  # no dialog, no request, no error
    assert seen["title"] == HOSTILE[0]
    assert seen["images"] == 0
    assert browser.evaluate("document.scripts.length") == 1
    assert any(HOSTILE[0] in row[2] and HOSTILE[1] in row[2] for row in seen["entries"])


def test_printed_one_board_a_page_and_no_navigation(browser: Browser, tmp_path: Path) -> None:
    """Printed (A4), each board starts a page and takes one, and the navigation is not
    printed: the PDF has one page per board more than the same page without its boards."""
    page = tmp_path / "club.html"
    assert (
        run(
            [
                "recap",
                str(EXAMPLES / "club-game.ACA"),
                "--deals",
                str(EXAMPLES / "deals.pbn"),
                "-o",
                str(page),
            ]
        )
        == 0
    )
    assert problems(browser.open(page.as_uri()), page.as_uri()) == []
    browser.media("print")
    try:
        hidden = browser.evaluate(
            "[...document.querySelectorAll('nav')].map((e) => getComputedStyle(e).display)"
        )
        breaks = browser.evaluate(
            "[...document.querySelectorAll('.board')].map((e) => getComputedStyle(e).breakBefore)"
        )
    finally:
        browser.media("")
    assert hidden == ["none"]
    assert breaks == ["page"] * 10
    whole = pdf_pages(browser.pdf())
    browser.evaluate("document.getElementById('boards').remove()")
    assert whole - pdf_pages(browser.pdf()) == 10  # 10 boards, a page each


def test_team_matches_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """A teams event built from the model: every match is a visible row, the page fits a
    phone, and a team's name leads to its scorecard."""
    event = team_event()
    seen, _ = show(browser, event, tmp_path, "teams")
    check_entries(seen, event)
    rows = browser.evaluate(
        "[...document.querySelectorAll('table.matches tr.match')]"
        ".filter((r) => r.getClientRects().length).length"
    )
    assert rows == len(event.sections[0].matches) + 2 * len(event.sections[0].matches)
    click_first_name(browser, event)
    check_fits_a_phone(browser)


def test_a_blocked_script_is_reported(browser: Browser, tmp_path: Path) -> None:
    """The check on console errors can fail: a script the policy does not allow is one."""
    page = tmp_path / "page.html"
    html = render_game(Game("t", [], [], []), "t")
    page.write_text(html.replace("</body>", "<script>document.title = 'ran';</script></body>"))
    reported = browser.open(page.as_uri())
    assert any("Content Security Policy" in p for p in problems(reported, page.as_uri()))
    assert browser.evaluate("document.title") == "t"
