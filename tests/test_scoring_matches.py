"""Team matches rescored (analysis/scoring/matches.py) against the corpus' RealBridge teams
export, whose every board records the home team's IMPs, and a hand-written PBN 2.1 match."""

from __future__ import annotations

import copy
import warnings

import pytest

from bridgeio.analysis.scoring import rescore
from bridgeio.formats.pbn.results import tables_to_results
from bridgeio.model.results import Results
from tests.conftest import CORPUS
from tests.formats.test_pbn_teams import EXAMPLE2, TEAMS_PBN


def read(text: str, name: str) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its one-room board is said; tested elsewhere)
        return tables_to_results(text, name)


@pytest.fixture(scope="module")
def realbridge() -> Results:
    path = CORPUS / EXAMPLE2
    if not path.exists():
        pytest.skip(f"{path} is not in the corpus")
    return read(path.read_text(encoding="utf-8"), str(path))


def test_every_board_and_match_total_of_the_realbridge_export_agrees(realbridge):
    done = rescore(realbridge)
    assert done.differences == [] and done.unchecked == []
    # 149 boards with both rooms (each room's IMPs; 20 records without a Score tag have their
    # contract's), 14 matches with every board
    assert done.agreement["boards"] == [298, 298]
    assert done.agreement["totals"] == [28, 28]
    assert "WBF" in done.methods[1].describe()


def first_scored_board(results: Results):
    for match in results.events[0].sections[0].matches:
        for board in match.boards:
            if len(board.results) == 2 and all(isinstance(x.ns_score, int) for x in board.results):
                return match, board
    raise AssertionError("no board with both rooms scored")


def test_a_changed_imp_figure_is_reported_at_its_board(realbridge):
    changed = copy.deepcopy(realbridge)
    match, board = first_scored_board(changed)
    board.results[0].ns_points = (board.results[0].ns_points or 0) + 1
    places = {d.place for d in rescore(changed).differences}
    assert any(
        p.endswith(f"match {match.home} v {match.away}, board {board.number}") for p in places
    )


def test_a_changed_raw_score_is_reported_at_its_board(realbridge):
    changed = copy.deepcopy(realbridge)
    match, board = first_scored_board(changed)
    line = board.results[0]
    line.ns_score = int(line.ns_score) + 500  # (an int: checked above)
    found = rescore(changed).differences
    assert any(d.place.endswith(f"board {board.number}") and "IMPs" in d.what for d in found)


def test_the_hand_written_match_agrees_and_its_left_out_figures_are_filled():
    results = read(TEAMS_PBN, "teams.pbn")
    done = rescore(results)
    assert done.differences == [] and done.agreement["boards"][1] == 4
    match = results.events[0].sections[0].matches[0]
    recorded = (match.home_imps, match.away_imps, match.home_vp, match.away_vp)
    empty = copy.deepcopy(results)
    blank = empty.events[0].sections[0].matches[0]
    blank.home_imps = blank.away_imps = blank.home_vp = blank.away_vp = None
    for board in blank.boards:
        for line in board.results:
            line.ns_points = line.ew_points = None
    rescore(empty, apply=True)
    assert (blank.home_imps, blank.away_imps, blank.home_vp, blank.away_vp) == recorded
