"""IMP pairs files through ``bridgeio validate`` and ``bridgeio score``: the corpus' Ruter
Butler session (PBN) and Compscore Butler files (USEBIO) validate with no score error, a copy
with one raw score or one recorded IMP changed is reported at its board, and a copy whose
IMPs were left out is filled with the file's own figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.cli import run
from bridgeio.model.results import Results

RUTER = "pbn/gerhardsletten__jrbridge-pbn-api__teams-sub.pbn"
COMPSCORE = ["usebio/compscore_butler_howell.xml", "usebio/compscore_butler_mitchell.xml"]
# A Ruter ScoreTable row: Section Table Round PairId_NS PairId_EW Contract Declarer Result
# Lead Score_NS Score_EW, then IMP_NS IMP_EW ButlerDatum.
ROW = re.compile(r'^("[AB]"(?: +\S+){10}) +(-?\d+) +(-?\d+)( +-?\d+)$', re.M)


def read(path: Path) -> Results:
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": error: " in line]


@pytest.mark.parametrize("name", [RUTER, *COMPSCORE])
def test_butler_files_validate_with_no_score_error(corpus, capsys, name):
    assert run(["validate", str(corpus / name)]) == 0
    assert errors(capsys.readouterr().out) == []
    done = rescore(read(corpus / name))
    assert done.differences == []
    assert "Butler IMPs, datum the mean dropping the top and bottom 1" in done.methods[1].describe()
    for what in ("boards", "totals", "ranks"):
        agree, compared = done.agreement[what]
        assert agree == compared > 0, what


def test_ruter_one_imp_changed_is_reported_at_its_board(corpus, tmp_path, capsys):
    text = (corpus / RUTER).read_text(encoding="utf-8")
    row = ROW.search(text)
    assert row is not None
    ns = int(row.group(2))
    copy = tmp_path / "imp.pbn"
    copy.write_text(text.replace(row.group(0), ROW.sub(rf"\1 {ns + 1} \3\4", row.group(0))))
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    assert len(found) == 1 and f"N-S IMPs {ns + 1} recorded, {ns} by the rule" in found[0]
    board = read(corpus / RUTER).events[0]
    assert f"board {_board_of(text, row.start())}," in found[0]
    assert board.scoring.value == "butler"


def _board_of(text: str, offset: int) -> int:
    """The number of the game a ScoreTable row at ``offset`` belongs to."""
    return int(re.findall(r'^\[Board "(\d+)"\]', text[:offset], re.M)[-1])


def test_ruter_one_raw_score_changed_is_reported_at_its_board(corpus, tmp_path, capsys):
    text = (corpus / RUTER).read_text(encoding="utf-8")
    row = ROW.search(text)
    assert row is not None
    score = re.search(r'"(-?\d+)" +- *$', row.group(1))
    assert score is not None
    changed = row.group(0).replace(f'"{score.group(1)}"', f'"{int(score.group(1)) + 1000}"')
    copy = tmp_path / "score.pbn"
    copy.write_text(text.replace(row.group(0), changed))
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    board = _board_of(text, row.start())
    on_boards = [line for line in found if ", board " in line]  # (and totals, ranks moved)
    assert on_boards and all(f"board {board}," in line for line in on_boards)
    assert any("IMPs" in line for line in on_boards)  # the board's datum and IMPs moved
    assert any("does not fit" in line for line in found)  # and the score its contract


@pytest.mark.parametrize("name", COMPSCORE)
def test_compscore_one_imp_or_score_changed_is_reported(corpus, tmp_path, capsys, name):
    text = (corpus / name).read_text(encoding="utf-8")
    line = re.search(r"<SCORE>(-?\d+)</SCORE>\s*<NS_BUTLER_POINTS>(-?\d+)</NS_BUTLER_POINTS>", text)
    assert line is not None
    imp = int(line.group(2))
    board = read(corpus / name).events[0].sections[0].results[0].number
    copy = tmp_path / "imp.xml"
    copy.write_text(
        text.replace(line.group(0), line.group(0).replace(f">{imp}<", f">{imp + 2}<"), 1)
    )
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    assert len(found) == 1 and f"N-S IMPs {imp + 2} recorded, {imp} by the rule" in found[0]
    assert f"board {board}," in found[0]
    score = int(line.group(1))
    copy.write_text(text.replace(line.group(0), line.group(0).replace(f">{score}<", ">-7600<")))
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    assert any(f"board {board}," in f and "IMPs" in f for f in found)


def test_score_fills_imps_a_ruter_file_left_out(corpus, tmp_path, capsys):
    text = (corpus / RUTER).read_text(encoding="utf-8")
    blank, count = ROW.subn(r"\1 - -\4", text)
    assert count == 336
    copy, out = tmp_path / "blank.pbn", tmp_path / "filled.pbn"
    copy.write_text(blank)
    assert all(x.ns_points is None for x in _lines(read(copy)))
    assert run(["score", str(copy), str(out)]) == 1  # every IMP was filled
    captured = capsys.readouterr()
    assert "no IMPs recorded on the boards: scored by the rules its totals and ranks fit" in (
        captured.err
    )
    original, filled = read(corpus / RUTER), read(out)
    assert [(x.ns_points, x.ew_points) for x in _lines(filled)] == [
        (x.ns_points, x.ew_points) for x in _lines(original)
    ]
    entries = [(x.score, x.rank, x.tied) for s in original.events[0].sections for x in s.entries]
    assert [(x.score, x.rank, x.tied) for s in filled.events[0].sections for x in s.entries] == (
        entries
    )
    assert run(["validate", str(out)]) == 0


def _lines(results: Results) -> list[bridgeio.model.results.BoardResult]:
    return [x for s in results.events[0].sections for b in s.results for x in b.results]


@pytest.mark.parametrize(
    "name", ["compscore_mp_pairs_mitchell_02.xml", "compscore_mp_pairs_mitchell_adjusted.xml"]
)
def test_score_reports_a_table_result_with_an_assigned_scores_points(
    corpus, tmp_path, capsys, name
):
    """Board 1 records 110 with an average's 20/20: a finding, said by ``score``, and the
    board is written back as recorded (not rescored around a result the director set aside).
    The file's totals follow no known rule: ``score`` alone writes nothing (exit 2) and says
    so; named, the convention rescores it."""
    source, out = corpus / "usebio" / name, tmp_path / "out.xml"
    assert run(["score", str(source), str(out)]) == 2
    refused = capsys.readouterr().err
    assert not out.exists() and "nothing written: no known rule reproduces" in refused
    assert "board 1, pairs 1/1: error: score 110 recorded" in refused
    assert run(["score", str(source), str(out), "--convention", "european"]) == 1
    said = capsys.readouterr().err
    assert (
        "board 1, pairs 1/1: error: score 110 recorded, an assigned 50%/50% by the rule (its "
        "matchpoints are an assigned score's" in said
    )
    assert "the board is left as recorded" in said
    before, after = read(source), read(out)
    board = before.events[0].sections[0].results[0]
    assert board.number == 1 and any(x.ns_score == 110 and x.ns_points == 20 for x in board.results)
    assert [(x.ns_points, x.ew_points) for x in after.events[0].sections[0].results[0].results] == [
        (x.ns_points, x.ew_points) for x in board.results
    ]
