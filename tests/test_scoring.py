"""The scoring engine against the real files: contract scores and matchpoints agree with what
ACBLscore recorded, a changed raw score or matchpoint is found, and the rules' sums hold."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.analysis.scoring import Convention, check_contract_scores, matchpoints
from bridgeio.model.results import Board, Results


def games(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("trunc"))


def errors(problems: list[bridgeio.Problem]) -> list[str]:
    return [str(p) for p in problems if p.severity == "error"]


def plain_boards(results: Results) -> list[Board]:
    """The boards every line of which has a score in points and its matchpoints."""
    return [
        board
        for event in results.events
        for section in event.sections
        for board in section.results
        if board.results
        and all(
            isinstance(x.ns_score, int) and x.ns_points is not None and x.ew_points is not None
            for x in board.results
        )
    ]


def matchpoint_errors(results: Results) -> list[str]:
    """The engine's findings on board points (the file's own convention, found)."""
    _, found = bridgeio.score(results)
    return [str(d.problem) for d in found if "matchpoints" in d.what]


def read(path: Path) -> Results:
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def test_every_acblscore_game_scores_as_recorded(corpus):
    boards = lines = 0
    for path in games(corpus / "acblscore"):
        results = read(path)
        assert errors(check_contract_scores(results)) == [], path.name
        assert matchpoint_errors(results) == [], path.name
        plain = plain_boards(results)
        boards += len(plain)
        lines += sum(len(b.results) for b in plain)
    assert boards >= 1500 and lines >= 13000  # (boards of plain scores, every one checked)


def test_a_raw_score_that_keeps_the_order_is_found_by_its_contract(corpus):
    results = read(corpus / "usebio" / "nzscorer_pairs.xml")
    assert errors(check_contract_scores(results)) == []
    assert matchpoint_errors(results) == []
    changed = copy.deepcopy(results)
    board = next(b for b in plain_boards(changed) if _lone_bottom(b.results) is not None)
    index = _lone_bottom(board.results)
    assert index is not None
    line = board.results[index]
    before = line.ns_score
    assert isinstance(before, int)
    line.ns_score, line.ew_score = before - 30, -(before - 30)  # still the bottom
    assert matchpoint_errors(changed) == []  # order unchanged
    found = errors(check_contract_scores(changed))
    assert len(found) == 1 and f"board {board.number}, pairs {line.ns}/{line.ew}:" in found[0]
    assert f"N-S score {before - 30} does not fit" in found[0] and f"give {before}" in found[0]


def _lone_bottom(lines) -> int | None:
    """The index of a line with a contract whose N-S score is below every other one."""
    scores = [line.ns_score for line in lines]
    low = min(scores)
    index = scores.index(low)
    if scores.count(low) == 1 and lines[index].contract is not None and lines[index].tricks:
        return index
    return None


def test_a_changed_matchpoint_is_found(corpus):
    results = read(corpus / "acblscore" / "long-beach-bridge_170613.ACA")
    changed = copy.deepcopy(results)
    board = plain_boards(changed)[7]
    line = board.results[3]
    assert line.ns_points is not None
    line.ns_points += 1
    found = matchpoint_errors(changed)
    assert len(found) == 1 and f"board {board.number}, pairs {line.ns}/{line.ew}:" in found[0]
    assert f"N-S matchpoints {line.ns_points:g} recorded, {line.ns_points - 1:g}" in found[0]


def test_a_raw_score_that_changes_the_order_is_found_by_its_matchpoints(corpus):
    results = read(corpus / "acblscore" / "long-beach-bridge_170613.ACA")
    changed = copy.deepcopy(results)
    board = plain_boards(changed)[5]
    top = max(line.ns_score for line in board.results if isinstance(line.ns_score, int))
    low = next(line for line in board.results if line.ns_score != top)
    low.ns_score, low.ew_score = top + 10, -(top + 10)  # now alone on top
    found = matchpoint_errors(changed)
    assert found and all(f"board {board.number}," in f for f in found)


@pytest.mark.parametrize("convention", list(Convention))
@given(st.lists(st.integers(-25, 25).map(lambda s: s * 10), min_size=1, max_size=40))
def test_matchpoints_share_the_top_and_ties(convention, scores):
    n = len(scores)
    points = matchpoints(scores, convention)
    assert points.sum() == convention.per_beat * n * (n - 1) / 2  # ACBL n(n-1)/2, EBU n(n-1)
    values = np.asarray(scores)
    for score in set(scores):
        assert len(set(points[values == score].tolist())) == 1  # ties share
    beaten = (values[:, None] > values[None, :]).sum(axis=1)
    tied = (values[:, None] == values[None, :]).sum(axis=1) - 1
    assert points.tolist() == (convention.per_beat * (beaten + tied / 2)).tolist()
    assert points.min() >= 0 and points.max() <= convention.top(n)
