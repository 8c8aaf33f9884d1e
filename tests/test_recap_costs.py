"""The recap's marks of what each card cost its side double dummy (``bridgeio recap --solve``,
``write_recap(solve=True)``), on every play of real producers found here (BBO vugraph and
hand-viewer LIN, BEN, GIB and BBO played-board PBN: the shared corpus in place, and mirrored
repositories' files, as tests/test_play_cost.py finds them): each solved line's costs are
:func:`play_costs`' figures for its play, the page marks exactly the cards that cost tricks,
with the cost, and each line's totals keep the play analysis' invariant; without --solve the
page is the same as before, and without endplay the command says what to install."""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.double_dummy.play_cost import PlayToSolve, costs_of, dd_traces
from bridgeio.model.results import BoardResult, Results, Section
from bridgeio.recap import Game, render_game, write_recap
from bridgeio.recap.costs import SolvedPlay, solve_plays
from bridgeio.recap.play import play_view
from tests.recap_corpus import document
from tests.test_play_cost import played_files
from tests.test_recap import by_class, parse, text

pytest.importorskip("endplay", reason="the marks need endplay (bridgeio[dds])")

LIN = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "world" / "lin"
COLUMN = {3: 0, 0: 1, 1: 2, 2: 3}  # seat (N 0 E 1 S 2 W 3): its column W N E S
SUITS = (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C"))
Mark = tuple[int, int, str, int]  # trick, column, card as shown, cost


def _lines_once(section: Section) -> list[tuple[int, BoardResult]]:
    """Each line of the section once, with its board number, in :func:`solve_plays`' order
    (PBN keeps a match's lines in the section's boards too)."""
    found, seen = [], set()
    for board in section.results + [b for m in section.matches for b in m.boards]:
        for line in board.results:
            if id(line) not in seen:
                seen.add(id(line))
                found.append((board.number, line))
    return found


def _solved_lines(doc: Results) -> list[BoardResult]:
    """The lines :func:`solve_plays` solved, in its order."""
    found = []
    for event in doc.events:
        for section in event.sections:
            found += [line for _, line in _lines_once(section) if isinstance(line.play, SolvedPlay)]
    return found


def _expected(path: Path) -> list[PlayToSolve]:
    """The completed or claimed plays of the file that DDS can follow, each with the first
    deal of its board's number within which it is a play by the rules (a robot match's
    closed room may hold the deal turned), in the file's order. (The file read once a
    session, tests/recap_corpus.py: only looked at.)"""
    doc = document(path)
    found: list[PlayToSolve] = []
    for event in doc.events if isinstance(doc, Results) else []:
        if event.deals is None or event.deals.seats is None:
            continue
        numbers = event.deals.board_numbers().tolist()
        for section in event.sections:
            for number, line in _lines_once(section):
                rows = [event.deals.seats[i] for i, n in enumerate(numbers) if n == number]
                plays = [_to_solve(line, row) for row in rows]
                play = next((p for p in plays if p is not None and p.solvable()), None)
                if play is not None:
                    found.append(play)
    return found


def _to_solve(line: BoardResult, holder: Any) -> PlayToSolve | None:
    play, contract = line.play, line.contract
    if play is None or not play.cards or holder is None or contract is None:
        return None
    if contract.declarer is None or contract.strain is None:
        return None
    if len(play.cards) < 52 and play.claim is None:
        return None
    cards = [int(c) for c in play.cards]
    return PlayToSolve(holder, int(contract.declarer), int(contract.strain), cards)


def _marks(play: PlayToSolve, costs: list[int]) -> list[Mark]:
    seats = play.seats()
    return [
        (i // 4 + 1, COLUMN[seats[i]], _shown(play.cards[i]), cost)
        for i, cost in enumerate(costs)
        if cost
    ]


def _shown(card: int) -> str:
    return "SHDC"[card // 13] + "AKQJT98765432"[card % 13].replace("T", "10")


def _page_marks(details: Any) -> tuple[list[Mark], str]:
    """The marked cards of a line's play on the page, and its legend's text."""
    found: list[Mark] = []
    tables = by_class(details, "table", "tricks")
    for table in tables:
        for row in table.find("tbody").iter("tr"):
            cells = row.findall("td")[1:5]  # W N E S, after the leader's cell
            number = int(text(row.find("th")))
            for column, cell in enumerate(cells):
                marks = by_class(cell, "span", "cost")
                if not marks:
                    continue
                said = text(by_class(cell, "span", "vh")[0])
                cost = int(marks[0].text.lstrip("−"))
                assert marks[0].get("title") == f"cost {cost} trick" + "s" * (cost > 1)
                assert said == f"(cost {cost} trick{'s' * (cost > 1)})"
                card = text(cell).split("−")[0]
                for symbol, letter in SUITS:
                    card = card.replace(symbol, letter)
                found.append((number, column, card, cost))
    legends = by_class(details, "p", "costs")
    return found, text(legends[0]) if legends else ""


LEGEND = (
    r"^−n after a card: it cost its side n tricks double dummy\. Declarer's side lost "
    r"(no trick|\d+ tricks?) and the defenders (no trick|\d+ tricks?)\.$"
)
PLAYS = 130  # plays solved at most (the smallest files first): DDS takes ~30 ms a play


@dataclass
class Solved:
    """A file read and solved by :func:`solve_plays`, and the same plays as play_costs' own
    figures (its traces: ``play_costs`` is :func:`costs_of` of each)."""

    path: Path
    doc: Results
    plays: list[PlayToSolve]
    traces: list[np.ndarray]


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> list[Solved]:
    files = [
        (len(e), p) for p in played_files(tmp_path_factory.mktemp("public")) if (e := _expected(p))
    ]
    found, count = [], 0
    for size, path in sorted(files):
        if count + size > PLAYS:
            break
        doc = bridgeio.read(path)
        assert isinstance(doc, Results)
        plays = _expected(path)
        assert solve_plays([doc]) == len(plays), path.name
        traces = dd_traces(plays)
        assert all(t is not None for t in traces)
        found.append(Solved(path, doc, plays, traces))  # type: ignore[arg-type]
        count += size
    if not found:
        pytest.skip("no played boards here (shared corpus or mirrors)")
    return found


def test_each_solved_line_has_play_costs_figures(solved: list[Solved]) -> None:
    count = 0
    for one in solved:
        lines = _solved_lines(one.doc)
        for line, play, trace in zip(lines, one.plays, one.traces, strict=True):
            costs = costs_of(play, trace)
            assert isinstance(line.play, SolvedPlay)
            assert list(line.play.costs) == costs.tolist(), one.path.name
            view = play_view(line.auction, line.play, line.contract)
            shown = [(t.number, k, cost) for t in view.tricks for k, cost in enumerate(t.costs)]
            marked = sorted((a, b, d) for a, b, _, d in _marks(play, costs.tolist()))
            assert [m for m in shown if m[2]] == marked, one.path.name
            ours = np.array([s % 2 == play.declarer % 2 for s in play.seats()])
            assert view.lost == (int(costs[ours].sum()), int(costs[~ours].sum()))
            if len(play.cards) == 52:  # the invariant: the tricks won from the lead's figure
                won = line.play.won(line.contract)  # type: ignore[arg-type]
                assert won == int(trace[0]) - view.lost[0] + view.lost[1], one.path.name
            count += 1
    assert count >= 10  # the corpus's LIN and BEN files alone hold more
    names = {one.path.suffix for one in solved}
    assert names == {".lin", ".pbn"}  # both formats' plays


def test_the_page_marks_exactly_the_cards_that_cost(solved: list[Solved]) -> None:
    marked = 0
    for one in solved:
        wanted = [
            _marks(p, costs_of(p, t).tolist()) for p, t in zip(one.plays, one.traces, strict=True)
        ]
        shown = []
        for event in one.doc.events:
            tree = parse(render_game(Game.of(event, "x"), "x", "", event.deals))
            shown += [_page_marks(d) for d in by_class(tree, "details", "play")]
        # each play's marks in every view of the page that shows its line (a teams line is
        # in its board's and its match's), and no other marks
        on_page = Counter(tuple(sorted(m)) for m, legend in shown if legend)
        assert set(on_page) == {tuple(sorted(m)) for m in wanted}, one.path.name
        assert all(not m for m, legend in shown if not legend)  # no mark without a legend
        for _, legend in shown:
            if legend:
                assert re.search(LEGEND, legend), legend
        marked += sum(len(m) for m in wanted)
    assert marked > 0


@pytest.fixture
def files(solved: list[Solved]) -> list[Path]:
    return [one.path for one in solved]


def test_without_solve_nothing_changes(files: list[Path], tmp_path: Path) -> None:
    path = files[0]
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    plain = write_recap([(path.name, doc)], str(tmp_path / "plain.html"))
    before = Path(plain[0]).read_text(encoding="utf-8")
    solved = write_recap([(path.name, doc)], str(tmp_path / "solved.html"), solve=True)
    after = Path(solved[0]).read_text(encoding="utf-8")
    assert 'class="cost"' not in before and 'class="cost"' in after
    assert not _solved_lines(doc)  # the API solved a copy: the caller's results are as read
    again = write_recap([(path.name, doc)], str(tmp_path / "again.html"))
    assert Path(again[0]).read_text(encoding="utf-8") == before


@pytest.mark.skipif(not any(LIN.glob("*.lin")), reason=f"no LIN corpus at {LIN}")
def test_the_command_marks_a_lin_match(tmp_path: Path) -> None:
    files = sorted(LIN.glob("*.lin"))
    out = tmp_path / "recap"
    assert run(["recap", *map(str, files), "-o", str(out), "--solve"]) == 0
    pages = [p.read_text(encoding="utf-8") for p in sorted(out.glob("*.html"))]
    assert sum(page.count('<span class="cost"') for page in pages) > 0
    assert any("Declarer&#39;s side lost" in page for page in pages)
    plain = tmp_path / "plain"
    assert run(["recap", *map(str, files), "-o", str(plain)]) == 0
    assert not any('class="cost"' in p.read_text(encoding="utf-8") for p in plain.glob("*.html"))


def test_solve_without_endplay_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    out = tmp_path / "page.html"
    assert run(["recap", "examples/club-game.ACA", "-o", str(out), "--solve"]) == 2
    assert "pip install 'bridgeio[dds]'" in capsys.readouterr().err
    assert not out.exists()
