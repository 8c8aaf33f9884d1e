"""The recap's figures checked by the scoring engine (issue 21): every page states the method
and marks, at the line or entry, each figure the engine computes otherwise (a USEBIO file
with three known findings shows them; clean ACBLscore files show none); a file with no
recorded matchpoints shows the computed ones, marked as computed, with tops and bottoms."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from bridgeio.analysis.scoring import rescore
from bridgeio.model.results import Results
from bridgeio.recap import Game, render_game
from bridgeio.recap.text import number_text
from tests.recap_corpus import document, pages, results_files
from tests.test_recap import by_class, parse, text

FILES = results_files()
TAGS = dict(FILES)
needs_corpus = pytest.mark.skipif(not FILES, reason="the shared corpus is absent")
LINE_FINDINGS = ("N-S matchpoints", "E-W matchpoints", "score")


def page(results: Results, number: int = 0) -> Any:
    event = results.events[number]
    return parse(render_game(Game.of(event, "x"), "x"), strict=False)


def marks(tree: Any, table: str) -> list[str]:
    return [
        text(s)
        for t in by_class(tree, "table", table)
        for s in t.iter("span")
        if "differs" in (s.get("class") or "").split()
    ]


@needs_corpus
@pytest.mark.parametrize(("tag", "path"), FILES, ids=[t for t, _ in FILES])
def test_every_page_states_the_method_and_marks_each_finding(tag: str, path: Path) -> None:
    results = document(path)  # (read and rendered once a session: shared, not changed)
    assert isinstance(results, Results)
    done = rescore(copy.deepcopy(results))
    for event, html in pages(path):  # (each event's page, with its hand record)
        tree = parse(html, strict=False)
        method = done.methods.get(event.number)
        shown = [text(p) for p in by_class(tree, "p", "method")]
        if method is None:
            assert shown == [] or "computed" in shown[0]
            continue
        assert method.describe() in shown[0]
        found = [  # (a figure the file leaves blank is shown computed, not as a finding)
            d
            for d in done.differences
            if d.place.startswith(f"event {event.number},") and d.recorded != "none"
        ]
        lines = {d.place for d in found if d.what in LINE_FINDINGS}
        entries = {d.place for d in found if d.what not in LINE_FINDINGS}
        listed = [li for ul in by_class(tree, "ul", "findings") for li in ul]
        assert len(listed) == len(lines) + len(entries)
        in_travellers = [d for d in found if d.what in LINE_FINDINGS]
        assert len(marks(tree, "traveller")) == len(in_travellers)
        assert len(marks(tree, "standings")) == len(found) - len(in_travellers)


def compscore() -> Path:
    """The USEBIO file by Compscore whose three findings are known (issue 20)."""
    return next(p for _, p in FILES if p.suffix == ".xml" and p.stem.endswith("_02"))


@needs_corpus
def test_the_three_known_findings_are_shown_where_they_are() -> None:
    results = document(compscore())
    assert isinstance(results, Results)
    tree = page(results)
    listed = {li[0].get("href"): text(li) for ul in by_class(tree, "ul", "findings") for li in ul}
    assert sorted(listed) == ["#b1-s0", "#b3-s0", "#b4-s0"]
    assert "110: scored as an assigned 50%/50%" in listed["#b1-s0"]
    assert "N-S 23 recorded, 20 computed; E-W 11 recorded, 20 computed" in listed["#b3-s0"]
    assert "N-S 21 recorded, 19 computed; E-W 19 recorded, 21 computed" in listed["#b4-s0"]
    travellers = {t.get("id"): t for t in by_class(tree, "table", "traveller")}
    board3 = [text(r) for r in travellers["b3-s0"].find("tbody")]
    assert sum("23 ≠ 20 computed" in r and "11 ≠ 20 computed" in r for r in board3) == 1
    board4 = [text(r) for r in travellers["b4-s0"].find("tbody")]
    assert sum("21 ≠ 19 computed" in r and "19 ≠ 21 computed" in r for r in board4) == 1
    board1 = [text(r) for r in travellers["b1-s0"].find("tbody")]
    assert sum("110 ≠ scored as an assigned 50%/50%" in r for r in board1) == 1
    # the mark is text, with both values for whoever hovers it: not colour alone
    spans = [s for s in travellers["b3-s0"].iter("span") if "differs" in (s.get("class") or "")]
    assert {s.get("title") for s in spans} == {
        "recorded 23, computed 20",
        "recorded 11, computed 20",
    }


@needs_corpus
def test_a_clean_acblscore_file_shows_no_finding() -> None:
    clean = [p for t, p in FILES if t.startswith("acblscore")]
    for path in clean[:5]:
        results = document(path)
        assert isinstance(results, Results)
        if rescore(copy.deepcopy(results)).differences:
            continue
        tree = page(results)
        assert "No recorded figure differs from the recomputation." in text(tree)
        assert not by_class(tree, "ul", "findings")
        assert not [s for s in tree.iter("span") if "check" in (s.get("class") or "")]
        return
    pytest.fail("no clean ACBLscore file among the first five")


def unscored(results: Results) -> Results:
    """``results`` as a file exported before scoring: no points, totals, percentages, ranks."""
    bare = copy.deepcopy(results)
    for event in bare.events:
        for section in event.sections:
            for board in section.results:
                for line in board.results:
                    line.ns_points = line.ew_points = line.points = None
            for entry in section.entries:
                entry.score = entry.percentage = entry.rank = None
    return bare


def cells(tree: Any, board: str) -> list[list[str]]:
    table = next(t for t in by_class(tree, "table", "traveller") if t.get("id") == board)
    return [[text(c) for c in row] for row in table.find("tbody")]


@needs_corpus
def test_points_a_file_does_not_record_are_computed_and_marked() -> None:
    path = next(p for t, p in FILES if t.startswith("acblscore"))
    results = document(path)
    assert isinstance(results, Results)
    assert not rescore(copy.deepcopy(results)).differences  # the file's points are the rule's
    tree = page(unscored(results))
    assert "the computed one is shown, marked “computed”" in text(tree)
    event = results.events[0]
    compared = 0
    for index, section in enumerate(event.sections):
        for board in section.results:
            rows = cells(tree, f"b{board.number}-s{index}")
            recorded = sorted(number_text(x.ns_points) for x in board.results)
            points = [re.sub(" (top|bottom)$", "", r[-2]) for r in rows]
            assert all(p.endswith(" computed") for p in points if p)
            shown = sorted(p.removesuffix(" computed") for p in points)
            assert shown == recorded  # the computed points are the file's own
            compared += len(rows)
    assert compared > 20
    tops = [tr for tr in tree.iter("tr") if tr.get("class") == "top"]
    assert tops  # tops and bottoms from the computed points


@needs_corpus
def test_an_individual_without_points_gets_them_from_the_rule() -> None:
    individual = [
        r
        for _, p in FILES
        if isinstance(r := document(p), Results) and r.events[0].kind.value == "individual"
    ]
    assert individual
    tree = page(unscored(individual[0]))
    assert "ACBL matchpoints, top" in text(by_class(tree, "p", "method")[0])
    table = by_class(tree, "table", "traveller")[0]
    rows = [[text(c) for c in row] for row in table.find("tbody")]
    ns = [float(r[-2].split()[0]) for r in rows]
    assert ns and max(ns) == len(ns) - 1 and min(ns) >= 0  # top n−1 on the board
    assert "computed" in rows[0][-2]
    assert [tr.get("class") for tr in table.find("tbody")][0] == "top"
