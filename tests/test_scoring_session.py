"""The whole matchpoint session recomputed against the real files: every ACBLscore board,
total and percentage as recorded (and rescored byte for byte), every USEBIO file's agreement
with the exact findings it carries, and changed copies reported where they were changed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.analysis.scoring import Convention, matchpoints, rescore
from bridgeio.analysis.scoring.factoring import factored, neuberg
from bridgeio.cli import run
from bridgeio.model.results import Results


def games(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("trunc"))


def read(path: Path) -> Results:
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def test_every_acblscore_board_total_and_percentage_agrees(corpus):
    files = games(corpus / "acblscore")
    assert len(files) == 49
    seen = {"boards": 0, "totals": 0, "percentages": 0}
    for path in files:
        done = rescore(read(path))
        assert [str(d.problem) for d in done.differences] == [], path.name
        for what in seen:
            agreeing, compared = done.agreement[what]
            assert agreeing == compared, (path.name, what)
            seen[what] += compared
        assert all(
            m.convention is Convention.ACBL and m.decimals == 2 for m in done.methods.values()
        )
    assert seen["boards"] > 1900 and seen["totals"] > 1200 and seen["percentages"] > 1200


def test_score_writes_every_acblscore_file_back_byte_for_byte(corpus, tmp_path, capsys):
    for path in games(corpus / "acblscore"):
        out = tmp_path / f"out{path.suffix}"
        assert run(["score", str(path), str(out), "--force"]) == 0, path.name
        assert out.read_bytes() == path.read_bytes(), path.name
    assert "ACBL matchpoints, top" in capsys.readouterr().out


FINDINGS = {
    # Compscore kept the table result 110 but gave the line an average's 20/20; the other 20
    # lines are factored as if it were an adjusted score (all agree only so).
    "score 110 recorded, an assigned 50%/50%": "event 1, board 1, pairs 1/1",
    # A5050 (50 %/50 %) printed as 23/11 (57.5 % and 27.5 %): the points are not the score's.
    "N-S matchpoints 23 recorded, 20": "event 1, board 3, pairs 1/1",
    "E-W matchpoints 11 recorded, 20": "event 1, board 3, pairs 1/1",
    # The only -650 of board 4 given 21/19 while the other -650s have 19/21: edited by hand.
    "N-S matchpoints 21 recorded, 19": "event 1, board 4, pairs 1/21",
    "E-W matchpoints 19 recorded, 21": "event 1, board 4, pairs 1/21",
}

USEBIO = {  # file: (boards, totals, ranks) agreeing/compared, and the differences it carries
    "compscore_mp_pairs_howell.xml": ((27, 27), (12, 12), (12, 12), {}),
    # 2EW 416.05 and 8NS 456.95 are a unit of the last digit from their exact totals
    # (416.0556, 456.9444): the two sides of one factored board (18 results of 19), 0.0556
    # and 35.9444, which Compscore carries as 0.05 and 35.95. Not an error in the file.
    "compscore_mp_pairs_mitchell.xml": ((27, 27), (38, 38), (38, 38), {}),
    # totals are whole numbers no rule gives (25 of 42 within half a point): one warning
    "compscore_mp_pairs_mitchell_02.xml": ((24, 27), (25, 42), (42, 42), FINDINGS),
    "compscore_mp_pairs_mitchell_04.xml": ((24, 24), (16, 16), (16, 16), {}),
    "compscore_mp_pairs_mitchell_adjusted.xml": ((24, 27), (25, 42), (42, 42), FINDINGS),
    # a handicap event: each total the pair's percentage and half its handicap, the places
    # by the percentage before the handicap (scratch)
    "nzscorer_handicap_pairs.xml": ((22, 22), (18, 18), (18, 18), {}),
    # three sections of two movements: ranks across the field, ties at one decimal
    "nzscorer_multi-section-multi-movement-pairs.xml": ((26, 26), (12, 66), (66, 66), {}),
    "nzscorer_pairs-with-np-passed.xml": ((26, 26), (26, 26), (26, 26), {}),
    "nzscorer_pairs.xml": ((26, 26), (26, 26), (26, 26), {}),
}


@pytest.mark.parametrize("name", sorted(USEBIO))
def test_every_usebio_file_agrees_but_for_what_it_carries(corpus, name):
    boards, totals, ranks, carried = USEBIO[name]
    done = rescore(read(corpus / "usebio" / name))
    assert tuple(done.agreement["boards"]) == boards
    assert tuple(done.agreement["totals"]) == totals
    assert tuple(done.agreement["ranks"]) == ranks
    found = {
        str(d.problem).split(": error: ")[1].split(" by the rule")[0]: str(d.problem).split(
            ": error: "
        )[0]
        for d in done.differences
    }
    assert found == carried


def test_usebio_conventions_are_found_from_the_points(corpus):
    describe = {
        p.name: [m.describe() for m in rescore(read(p)).methods.values()]
        for p in games(corpus / "usebio")
    }
    assert describe["compscore_mp_pairs_mitchell_02.xml"] == [
        "European matchpoints, top 40, Neuberg, 1 decimal (halves to even), ranks places by "
        "total in a direction across the sections scored together"
    ]
    assert describe["nzscorer_multi-section-multi-movement-pairs.xml"] == [
        "European matchpoints, top 64, Neuberg, 1 decimal (cut), ranks places by total "
        "across the field, ties at 1 decimal"
    ]
    assert describe["nzscorer_handicap_pairs.xml"] == [
        "European matchpoints, top 16, 1 decimal, totals the percentage and half the pair's "
        "handicap, ranks places by percentage before the handicap in a direction across the "
        "sections scored together"
    ]
    assert describe["compscore_butler_mitchell.xml"] == [
        "Butler IMPs, datum the mean dropping the top and bottom 1, rounded to 10 with halves "
        "away from zero, across sections; totals summed, ranked by direction"
    ]


def _edit(source: Path, target: Path, pattern: str, replace: str) -> None:
    text = source.read_text()
    changed, count = re.subn(pattern, replace, text, count=1)
    assert count == 1
    target.write_text(changed)


def test_a_changed_raw_score_keeping_the_order_is_reported_at_its_board(corpus, tmp_path, capsys):
    source = corpus / "usebio" / "nzscorer_pairs.xml"
    assert run(["validate", str(source)]) == 0
    capsys.readouterr()
    results = read(source)
    board = results.events[0].sections[0].results[0]
    low = min(board.results, key=lambda line: line.ns_score)
    assert [line.ns_score for line in board.results].count(low.ns_score) == 1
    copy = tmp_path / "one.xml"
    # the board's only bottom, 30 lower: still the bottom, the matchpoints unchanged
    _edit(source, copy, rf"<SCORE>{low.ns_score}</SCORE>", f"<SCORE>{low.ns_score - 30}</SCORE>")
    assert run(["validate", str(copy)]) == 1
    out = capsys.readouterr().out
    errors = [line for line in out.splitlines() if ": error: " in line]
    assert len(errors) == 1 and f"board {board.number}, pairs {low.ns}/{low.ew}" in errors[0]
    assert f"score {low.ns_score - 30} does not fit" in errors[0]
    assert run(["validate", "--no-scores", str(copy)]) == 0


def test_a_changed_matchpoint_is_reported(corpus, tmp_path, capsys):
    source = corpus / "usebio" / "nzscorer_pairs.xml"
    copy = tmp_path / "mp.xml"
    _edit(
        source,
        copy,
        r"<NS_MATCH_POINTS>16</NS_MATCH_POINTS>",
        "<NS_MATCH_POINTS>15</NS_MATCH_POINTS>",
    )
    assert run(["validate", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "error: N-S matchpoints 15 recorded, 16 by the rule" in out


def test_a_changed_acblscore_matchpoint_is_rescored(corpus, tmp_path, capsys):
    source = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    results = read(source)
    line = results.events[0].sections[0].results[3].results[2]
    line.ns_points = (line.ns_points or 0) + 1
    new, differences = bridgeio.score(results)
    assert [d.what for d in differences] == ["N-S matchpoints"]
    assert new.events[0].sections[0].results[3].results[2].ns_points == line.ns_points - 1
    changed = tmp_path / "changed.aca"
    bridgeio.write(results, changed)
    assert run(["validate", str(changed)]) == 1
    out = tmp_path / "fixed.aca"
    assert run(["score", str(changed), str(out)]) == 1  # a figure changed
    assert out.read_bytes() == source.read_bytes()
    shutil.rmtree(tmp_path, ignore_errors=True)


@given(st.lists(st.integers(-25, 25).map(lambda s: s * 10), min_size=3, max_size=30))
def test_neuberg_of_a_complete_board_is_the_identity(scores):
    for convention in Convention:
        points = matchpoints(scores, convention)
        assert neuberg(points, len(scores), convention).tolist() == points.tolist()
        same = factored(points, len(scores), convention.top(len(scores)), convention)
        assert same.tolist() == points.tolist()


@given(st.lists(st.integers(-25, 25).map(lambda s: s * 10), min_size=1, max_size=30))
def test_acbl_matchpoints_sum_to_n_n_minus_1_over_2(scores):
    n = len(scores)
    assert matchpoints(scores, Convention.ACBL).sum() == n * (n - 1) / 2


@given(
    st.lists(st.integers(-25, 25).map(lambda s: s * 10), min_size=3, max_size=20), st.integers(1, 5)
)
def test_neuberg_keeps_a_short_board_inside_the_top(scores, missing):
    for convention in Convention:
        full = len(scores) + missing
        points = neuberg(matchpoints(scores, convention), full, convention)
        assert np.all(points > 0 - 1e-9) and np.all(points < convention.top(full) + 1e-9)
        assert abs(points.sum() - len(scores) * convention.top(full) / 2) < 1e-6


def test_a_named_convention_rescores_in_its_own_units(corpus):
    doc = read(corpus / "usebio" / "nzscorer_pairs.xml")
    new, differences = bridgeio.score(doc, convention="acbl")
    before = [
        line.ns_points for s in doc.events[0].sections for b in s.results for line in b.results
    ]
    after = [
        line.ns_points for s in new.events[0].sections for b in s.results for line in b.results
    ]
    assert after == [None if p is None else p / 2 for p in before]  # 1 a score beaten, not 2
    assert {d.what for d in differences} == {"N-S matchpoints", "E-W matchpoints"}
    assert bridgeio.score(doc)[1] == []  # by the file's own convention, nothing to change


def test_totals_agree_with_pair_numbers_too_large_to_count_in_place(corpus):
    """Pair numbers in the millions (a file's own numbering) are summed densely: the same
    agreement as with the file's numbers."""
    results = read(corpus / "usebio" / "compscore_mp_pairs_mitchell.xml")
    first = rescore(results).agreement
    shift = 10_000_000
    for section in results.events[0].sections:
        for entry in section.entries:
            entry.number += shift
        for board in section.results:
            for line in board.results:
                line.ns, line.ew = line.ns + shift, line.ew + shift
    assert rescore(results).agreement == first
    assert first["totals"][1] > 0


def test_score_of_a_cut_file_says_what_reading_found_and_writes_nothing(corpus, tmp_path, capsys):
    source = games(corpus / "acblscore")[0]
    cut = tmp_path / f"cut{source.suffix}"
    cut.write_bytes(source.read_bytes()[:3000])  # the header and no event's sections
    out = tmp_path / f"out{source.suffix}"
    assert run(["score", str(cut), str(out)]) == 2
    err = capsys.readouterr().err
    assert "truncated" in err and "nothing to score" in err
    assert not out.exists()


def test_a_session_whose_lines_name_no_listed_pair_is_scored_by_its_boards():
    # (a results file with travellers and no ranking: Bridgewebs' PBN of hands and results;
    # its totals have no entry to be compared with, and its boards are still scored)
    from bridgeio.model.results import Board, BoardResult, Event, Section

    def board(number: int, points: tuple[float | None, ...]) -> Board:
        scores = (420, 170, 140)
        lines = [
            BoardResult(1, t, t, t + 3, s, -s, p, None if p is None else 2 - p)
            for t, s, p in zip((1, 2, 3), scores, points, strict=True)
        ]
        return Board(number, lines)

    recorded = Section("A", results=[board(n, (2, 1, 0)) for n in range(1, 5)])
    done = rescore(Results([Event(sections=[recorded])]))
    assert done.differences == []
    assert done.agreement["boards"] == [4, 4]
    assert done.agreement["totals"] == [0, 0]
    # no points recorded either: each line's points are the rule's, no total is looked for
    blank = Section("A", results=[board(n, (None, None, None)) for n in range(1, 5)])
    done = rescore(Results([Event(sections=[blank])]), apply=True)
    assert len(done.differences) == 4 * 3 * 2
    assert done.agreement["totals"] == [0, 0]
    assert [line.ns_points for line in blank.results[0].results] == [2, 1, 0]


def _ninth_table_board() -> Results:
    """Board 1 of a 9-table Mitchell as ACBLscore scored it (a NAP unit final of 2017,
    morrisjones/nap): pair 5 N-S given an average plus at table 5 beside E-W 1's +50, a
    copy of E-W 1's score at table 1; pair 2 E-W given one at table 1 in round 9 beside
    N-S 1's -50, a copy of theirs in round 1. Each copy counts in its own direction's
    field only, and the pair's points are printed again on it."""
    from bridgeio.model.results import Board, BoardResult, Event, Section, Special

    plus = Special.AVERAGE_PLUS
    rows = [
        (1, 1, 1, 1, -50, 50, 5.69, 2.31),
        (2, 8, 8, 7, -50, 50, 5.69, 2.31),
        (3, 7, 7, 5, 70, -70, 7.94, 0.06),
        (4, 6, 6, 3, -100, 100, 1.75, 6.25),
        (5, 5, 5, 1, plus, 50, 4.8, 2.31),
        (6, 4, 4, 8, -100, 100, 1.75, 6.25),
        (7, 3, 3, 6, -100, 100, 1.75, 6.25),
        (8, 2, 2, 4, -100, 100, 1.75, 6.25),
        (9, 1, 1, 2, -50, plus, 5.69, 4.8),
    ]
    boards = [Board(n, [BoardResult(*row) for row in rows]) for n in range(1, 6)]  # type: ignore[arg-type]
    section = Section("C", "mitchell", board_top=8, results=boards)
    return Results([Event(sections=[section])])


def test_acblscore_scores_a_split_copy_in_its_own_direction_and_prints_it_again():
    doc = _ninth_table_board()
    done = rescore(doc)
    assert [str(d.problem) for d in done.differences] == []
    assert done.agreement["boards"] == [5, 5]
    lines = doc.events[0].sections[0].results[0].results
    lines[-1].ns_points = 5.5  # the copy no longer the pair's points on the board
    found = [str(d.problem) for d in rescore(doc).differences]
    assert found == [
        "event 1, section C, board 1, pairs 1/2: error: N-S matchpoints 5.5 recorded, none "
        "by the rule"
    ]
