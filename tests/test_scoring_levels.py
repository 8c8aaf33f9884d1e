"""Conventions found level by level from the file's own recorded figures (issue 37): a
corrected game is rescored. Board points' rule from the scores, totals' from the recorded
board points, ranks' from the recorded totals, strat and overall places from the recorded
totals and strats; the rules then place the recomputed figures. A changed score is an error
at its board, and what it moves is said once."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.cli import run
from bridgeio.model.results import Results

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
GAME = CORPUS / "acblscore" / "agile-bridge-club_170731.ACA"
needs_corpus = pytest.mark.skipif(not GAME.is_file(), reason="../shared/corpus is not here")


def _read(path: Path) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


def _corrected(tmp_path: Path) -> Path:
    """The game with board 3's N-S +420 made +450 (a correction a director makes), written
    as ACBLscore writes it."""
    doc = _read(GAME)
    board = next(b for b in doc.events[0].sections[0].results if b.number == 3)
    line = next(x for x in board.results if x.ns_score == 420)
    line.ns_score, line.ew_score = 450, -450
    path = tmp_path / "game.ACA"
    bridgeio.write(doc, path)
    return path


@needs_corpus
def test_a_corrected_score_is_one_error_at_its_board_and_what_it_moves_is_said_once(
    tmp_path: Path,
) -> None:
    done = rescore(_read(_corrected(tmp_path)))
    assert not done.unfit  # (every kind's rule found from the recorded figures)
    errors = [p for p in done.problems() if p.severity == "error"]
    assert errors and all(", board 3, " in p.place for p in errors), errors
    said = [p for p in done.problems() if "follow from it" in p.message]
    assert len(said) == 1 and said[0].place == "event 1, section A, board 3", said
    # (12 totals, 12 percentages, 6 ranks and 2 strat ranks: counted from the differences)
    moved = [d for d in done.differences if d.follows]
    assert said[0].message.startswith(
        f"{sum(d.what == 'total' for d in moved)} totals, "
        f"{sum(d.what == 'percentage' for d in moved)} percentages, "
        f"{sum(d.what == 'rank' for d in moved)} ranks and "
    )
    assert sum(d.what == "total" for d in moved) == 12


@needs_corpus
def test_score_rewrites_a_corrected_game_and_the_result_validates_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _corrected(tmp_path)
    fixed, again = tmp_path / "fixed.ACA", tmp_path / "again.ACA"
    assert run(["score", str(game), str(fixed)]) == 1  # (was 2: "no known rule reproduces")
    err = capsys.readouterr().err
    assert "no known rule" not in err and "follow from it" in err
    assert run(["validate", str(fixed)]) == 0
    assert run(["score", str(fixed), str(again)]) == 0
    assert again.read_bytes() == fixed.read_bytes()
    ranks = {(s.name, e.id): e.rank for s in _read(fixed).events[0].sections for e in s.entries}
    assert ranks != {
        (s.name, e.id): e.rank for s in _read(GAME).events[0].sections for e in s.entries
    }


RUTER = CORPUS / "world" / "pbn" / "lindsjorn__bridgeRanking__2016-11-09.pbn"


def _standings_row_changed(tmp_path: Path, broken: bool) -> Path:
    """The Ruter game with its third standings row (pair 9) made unreadable, or deleted."""
    lines = RUTER.read_bytes().split(b"\n")
    at = next(k for k, x in enumerate(lines) if x.startswith(b"[TotalScoreTable")) + 3
    if broken:
        lines[at] = lines[at].replace(b" ", b" x", 1)  # (its rank: not a number)
    else:
        del lines[at]
    path = tmp_path / "game.pbn"
    path.write_bytes(b"\n".join(lines))
    return path


@pytest.mark.skipif(not RUTER.is_file(), reason="../shared/corpus is not here")
@pytest.mark.parametrize("broken", [True, False])
def test_a_standings_row_not_read_or_left_out_is_found_and_counts_for_no_rule(
    tmp_path: Path, broken: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _standings_row_changed(tmp_path, broken)
    assert run(["validate", str(path)]) == 1  # (was 0: "ranks not checked: 2 of 12 agree")
    out = capsys.readouterr().out
    assert "ranks not checked" not in out, out  # the other entries' ranks are checked, agree
    assert "event 1, pair 9: error: plays on the boards and has no entry" in out
    if broken:
        assert "row not read" in out and "1 part(s) of the file not read (line 65)" in out
    done = rescore(_read(path))
    assert done.agreement["ranks"][0] == done.agreement["ranks"][1] > 0
