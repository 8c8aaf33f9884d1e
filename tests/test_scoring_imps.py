"""The IMP side of the scoring engine: the WBF IMP and VP scales, Butler datums, cross-IMPs,
ranks, and the real files' own IMPs, datums, totals and ranks recomputed."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.analysis.scoring import (
    CrossAverage,
    DatumRule,
    ImpMethod,
    Rounding,
    Total,
    butler_imps,
    check_imps,
    cross_imps,
    datum,
    datum_rules_agreeing,
    detect_imp_rules,
    imps,
    ranks,
    score_match,
    victory_points,
    vp_scale,
)
from bridgeio.analysis.scoring.imp_events import fields
from bridgeio.analysis.scoring.victory_points import match_victory_points
from bridgeio.formats.pbn.results import PbnCells
from bridgeio.model.results import Results

# The WBF IMP scale as published (reference/FACTS.md): (lowest difference, highest, IMPs).
PUBLISHED = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip

RUTER = "pbn/gerhardsletten__jrbridge-pbn-api__teams-sub.pbn"
COMPSCORE = ["compscore_butler_howell.xml", "compscore_butler_mitchell.xml"]
scores = st.integers(-760, 760).map(lambda s: s * 10)  # board scores in points


def test_imp_table_at_every_boundary():
    for low, high, won in PUBLISHED:
        inside = np.arange(low, high + 10, 10)
        assert imps(inside).tolist() == [won] * len(inside), (low, high)
        assert imps(-inside).tolist() == [-won] * len(inside)
        if low:
            assert imps(low - 10) == won - 1  # the last difference of the range below


@given(st.integers(-10_000, 10_000))
def test_imp_scale_is_antisymmetric_and_rising(difference):
    assert imps(-difference) == -imps(difference)
    assert imps(difference + 1) >= imps(difference)


@given(st.lists(scores, min_size=1, max_size=30))
def test_cross_imps_of_a_board_cancel_out(board):
    total = cross_imps(board, CrossAverage.TOTAL)
    assert total.sum() == 0
    assert np.allclose(cross_imps(board) * max(len(board) - 1, 1), total)
    pairwise = [sum(int(imps(a - b)) for b in board) for a in board]
    assert total.tolist() == pairwise


def _datum_by_hand(board: list[int], drop: int) -> int:
    """The mean of the middle scores, rounded to 10 with halves away from zero (exact)."""
    kept = sorted(board)[drop : len(board) - drop] if len(board) > 2 * drop else sorted(board)
    mean = Fraction(sum(kept), len(kept)) / 10
    return int(math.copysign(math.floor(abs(mean) + Fraction(1, 2)), mean)) * 10


@given(st.lists(scores, min_size=2 * 2 + 1, max_size=30), st.integers(0, 2))
def test_butler_of_a_board_with_its_datum_rule_known(board, drop):
    point, won = butler_imps(board, DatumRule(drop))
    assert point == _datum_by_hand(board, drop)
    assert won.tolist() == [int(imps(s - point)) for s in board]
    assert datum_rules_agreeing([(board, point)], [DatumRule(drop)]) == [DatumRule(drop)]


def test_datum_halves_by_each_rounding():
    half = [-270, -300]  # -285
    assert datum(half, DatumRule(rounding=Rounding.HALF_AWAY)) == -290
    assert datum(half, DatumRule(rounding=Rounding.HALF_UP)) == -280
    assert datum(half, DatumRule(rounding=Rounding.HALF_EVEN)) == -280
    assert datum([270, 300], DatumRule(rounding=Rounding.HALF_AWAY)) == 290
    assert datum(half, DatumRule(rounding=Rounding.NONE)) == -285


@given(st.integers(-200, 200), st.integers(1, 64))
def test_vp_scale_is_antisymmetric_and_sums_to_20(margin, boards):
    won, lost = victory_points([margin, -margin], boards).tolist()
    assert round(won + lost, 2) == 20.0
    home, away = match_victory_points(margin, 0, boards)
    assert round(home + away, 2) == 20.0 and home == won
    assert 0.0 <= won <= 20.0 and (won >= 10.0) == (margin >= 0)


@pytest.mark.parametrize("boards", [4, 8, 12, 16, 20, 24, 32, 64])
def test_vp_scale_is_concave_to_the_blitz(boards):
    scale = np.round(vp_scale(boards) * 100).astype(int)  # hundredths
    steps = np.diff(scale)
    assert scale[0] == 1000 and scale[-1] == 2000 and (steps > 0).all()
    assert (np.diff(steps) <= 0).all()  # each IMP worth no more than the one before
    assert len(scale) - 1 == math.ceil(15 * math.sqrt(boards))
    r, blitz = math.sqrt(5) - 2, 15 * math.sqrt(boards)
    formula = np.minimum(10 + 10 * (1 - r ** (np.arange(len(scale)) / blitz)) / (1 - r), 20)
    assert np.abs(formula * 100 - scale).max() <= 5  # corrections move hundredths only


def test_vp_scale_published_values():
    # WBF 2013 continuous scale, 8 and 16 boards (first margins) and the blitz
    assert vp_scale(8)[1:6].tolist() == [10.44, 10.86, 11.27, 11.67, 12.05]
    assert vp_scale(16)[1:4].tolist() == [10.31, 10.61, 10.91]
    assert victory_points([60, 59], 16).tolist()[0] == 20.0
    assert victory_points(59, 16) < 20.0


def test_a_team_match_from_its_two_rooms():
    match = score_match([420, -50, 100, 620], [-50, -50, 140, 170])
    assert (match.home_imps, match.away_imps) == (20, 1)  # 470: 10, 0, -40: -1, 450: 10
    assert match.home_vp + match.away_vp == 20.0 and match.home_vp > 10


@given(st.lists(st.integers(-5, 5), min_size=1, max_size=20))
def test_ranks_with_ties(totals):
    low, high = ranks(totals)
    for i, total in enumerate(totals):
        assert low[i] == 1 + sum(t > total for t in totals)
        assert high[i] == sum(t >= total for t in totals)


def read(path: Path) -> Results:
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def errors(problems: list[bridgeio.Problem]) -> list[str]:
    return [str(p) for p in problems if p.severity == "error"]


def _cells(obj) -> dict[str, str]:
    kept = obj.kept
    return kept.cells if isinstance(kept, PbnCells) else {}


def test_ruter_butler_session_is_recomputed(corpus):
    results = read(corpus / RUTER)
    found = detect_imp_rules(results)
    assert found is not None
    # 336 lines of 14 boards, 24 tables each: every line's IMPs, both sides
    assert (found.lines, found.checked) == (336, 336)
    assert found.rules.method is ImpMethod.BUTLER and found.rules.datum.drop == 1
    assert found.rules.across_sections  # sections A and B share one datum
    assert found.rules.total is Total.PER_BOARD and found.totals == found.ranks == (52, 52)
    assert check_imps(results, found.rules) == []
    # The datums (ButlerDatum, kept in PBN provenance) fix the rounding: halves away from
    # zero (board 2: the mean of the middle 22 scores is -285.0, recorded -290)
    recorded = []
    for board in fields(results, across_sections=True):
        datums = {float(_cells(line)["ButlerDatum"]) for line in board.lines}
        assert len(datums) == 1
        recorded.append(([line.ns_score for line in board.lines], datums.pop()))
    assert len(recorded) == 14
    assert datum_rules_agreeing(recorded) == [DatumRule(1, Rounding.HALF_AWAY)]
    assert not datum_rules_agreeing(recorded, [DatumRule(0), DatumRule(2)])
    # RankTie (provenance) is the high end of each recomputed tie
    for section in results.events[0].sections:
        for entry in section.entries:
            tie = _cells(entry).get("RankTie")
            assert entry.tied == (tie is not None)


def test_ruter_ties_end_where_the_file_says(corpus):
    results = read(corpus / RUTER)
    entries = [x for s in results.events[0].sections for x in s.entries]
    low, high = ranks(
        np.round([x.score for x in entries], 2),
        [not x.boards_played for x in entries],  # NrBoards 0 reads as None
    )
    for entry, first, last in zip(entries, low.tolist(), high.tolist(), strict=True):
        assert entry.rank == first
        assert int(_cells(entry).get("RankTie", first)) == last


@pytest.mark.parametrize("name", COMPSCORE)
def test_compscore_butler_pairs_are_recomputed(corpus, name):
    results = read(corpus / "usebio" / name)
    found = detect_imp_rules(results)
    assert found is not None and found.lines == found.checked > 100
    assert found.rules.datum.drop >= 1 and found.rules.total is Total.SUM
    assert found.totals[0] == found.totals[1] > 0 and found.ranks[0] == found.ranks[1] > 0
    assert errors(check_imps(results, found.rules)) == []


def test_every_pbn_results_file_with_imps_agrees(corpus):
    checked = 0
    for path in sorted((corpus / "pbn").glob("*.pbn")):
        document = bridgeio.read(path)
        if not isinstance(document, Results) or b"ScoreTable" not in path.read_bytes():
            continue  # (played boards record no IMPs a board to check)
        found = detect_imp_rules(document)
        if found is None:  # the individual: matchpoints only
            assert all(x.ns_points is None for f in fields(document) for x in f.lines)
            continue
        assert found.lines == found.checked, path.name
        assert errors(check_imps(document, found.rules)) == [], path.name
        checked += 1
    assert checked >= 1


def test_a_changed_raw_score_or_imp_is_found(corpus):
    results = read(corpus / RUTER)
    found = detect_imp_rules(results)
    assert found is not None
    rules = found.rules
    changed = copy.deepcopy(results)
    line = changed.events[0].sections[0].results[3].results[0]
    assert isinstance(line.ns_score, int)
    line.ns_score, line.ew_score = line.ns_score + 1000, -(line.ns_score + 1000)
    wrong = errors(check_imps(changed, rules))
    assert any(f"board {changed.events[0].sections[0].results[3].number}," in w for w in wrong)
    changed = copy.deepcopy(results)
    line = changed.events[0].sections[1].results[5].results[2]
    assert line.ns_points is not None
    line.ns_points += 1
    wrong = errors(check_imps(changed, rules))
    assert any("N-S IMPs" in w and f"pairs {line.ns}/{line.ew}" in w for w in wrong)
