"""``validate`` of Bridgemate databases: each standing result against the movement. The sound
database is the complete one of zdenecek/bridgemanager's history (read from the mirror where
it is, skipped otherwise); the shared corpus's later copy lost its movement but one row."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bridgeio.formats.bws import checks
from bridgeio.formats.bws.jet import Row, Tables
from bridgeio.formats.bws.reader import standing
from tests.formats.test_bws import GAME, _export

MIRROR = Path("/work/.mirror/zdenecek+bridgemanager/repo")
WHOLE = "713858c052e40e78761bd6faaf57e154c74e5987"


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database with its whole movement (88 rounds of RoundData), from the mirror."""
    if not MIRROR.is_dir() or shutil.which("git") is None:
        pytest.skip(f"zdenecek/bridgemanager is not mirrored at {MIRROR}")
    found = subprocess.run(
        ["git", "--git-dir", str(MIRROR), "show", f"{WHOLE}:BMInput1.bws"],
        capture_output=True,
        check=False,
    )
    if found.returncode:
        pytest.skip(f"the mirror lacks {WHOLE}")
    path = tmp_path_factory.mktemp("bws") / "BMInput1.bws"
    path.write_bytes(found.stdout)
    return path


def _rows(path: Path) -> tuple[list[Row], list[Row]]:
    tables = Tables(str(path))
    with pytest.warns(Warning):
        rows = standing(str(path), tables.rows("ReceivedData"))
    return rows, tables.rows("RoundData")


def test_the_whole_database_has_no_errors(whole: Path) -> None:
    problems = checks.check(str(whole))
    assert [p for p in problems if p.severity == "error"] == []
    assert any("2 of 156 entries are not results" in p.message for p in problems)
    assert len(_export(whole, "RoundData")) == 88


def test_a_wrong_pair_a_wrong_board_and_a_second_result_are_each_found(whole: Path) -> None:
    rows, movement = _rows(whole)
    assert checks._against(rows, movement) == [] and checks._twice(rows) == []
    wrong_pair = dict(rows[0], PairNS=99)
    wrong_board = dict(rows[1], Board=99)
    again = dict(rows[2], ID=99999, Round=rows[2]["Round"] + 1)
    found = checks._against([wrong_pair, wrong_board], movement) + checks._twice([*rows[2:], again])
    assert [p.place for p in found] == [
        f"ReceivedData ID {wrong_pair['ID']}",
        f"ReceivedData ID {wrong_board['ID']}",
        "ReceivedData ID 99999",
    ]
    assert "pairs 99 NS" in found[0].message and "board 99" in found[1].message
    assert f"the first: ReceivedData ID {rows[2]['ID']}" in found[2].message


def test_results_in_rounds_the_movement_lacks_are_errors() -> None:
    if not GAME.is_file():
        pytest.skip(f"the real Bridgemate database is not at {GAME}")
    seated = {(r["Section"], r["Table"], r["Round"]) for r in _export(GAME, "RoundData")}
    rows, _ = _rows(GAME)
    lacking = [
        r for r in rows if (str(r["Section"]), str(r["Table"]), str(r["Round"])) not in seated
    ]
    errors = [p for p in checks.check(str(GAME)) if "the movement has no round" in p.message]
    # one defect (the movement cut from RoundData), one error counting what it leaves unchecked
    (error,) = errors
    assert error.place == "RoundData" and f"so {len(lacking)} results are not" in error.message


def test_a_file_that_cannot_be_read_is_one_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.bws"
    bad.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(100))
    (problem,) = checks.check(str(bad))
    assert problem.severity == "error" and "Access database" in problem.message


def test_the_movement_is_written_as_asc_that_validates(whole: Path, tmp_path: Path) -> None:
    """The 16-pair Howell with its missing pair 16 stationary at table 1: 15 pairs, 8 tables,
    11 rounds, each round a sit-out at table 1."""
    from bridgeio.cli import run

    out = tmp_path / "movement.asc"
    assert run(["convert", str(whole), str(out)]) == 0
    assert out.read_text().split()[:3] == ["15", "8", "11"]
    assert run(["validate", str(out)]) == 0
