"""The commands on a Bridgemate database, as a person runs them: ``info``, ``validate``,
``dump`` and ``score`` on the real one; a database cut short and a text file named ``.bws``
each one clear line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgeio.cli import run
from tests.formats.test_bws import GAME


@pytest.fixture(scope="module")
def game() -> Path:
    if not GAME.is_file():
        pytest.skip(f"the real Bridgemate database is not at {GAME}")
    return GAME


def test_info_dump_and_validate(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["info", str(game)]) == 0
    out, err = capsys.readouterr()
    assert "bws file: 1 event(s)" in out and "Section A: howell, 8 tables" in out
    assert "2 of 156 entries are not results (1 erased, 1 replaced" in err
    assert run(["dump", str(game)]) == 0
    document = json.loads(capsys.readouterr().out)
    boards = document["events"][0]["sections"][0]["boards"]
    assert sum(len(b["results"]) for b in boards) == 154
    assert run(["validate", str(game)]) == 1  # its movement kept only round 1 at table 1
    out, err = capsys.readouterr()
    assert "RoundData: error: the movement has no round 1 at table 4 (and " in out + err


def test_damaged_and_foreign_files_are_one_line_and_exit_2(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cut = tmp_path / "cut.bws"
    cut.write_bytes(game.read_bytes()[:100_000])
    text = tmp_path / "notes.bws"
    text.write_text("no database\n")
    for path, expected in [
        (cut, "expected an Access database (the whole file: it ends inside page 48)"),
        (text, "expected a recognised format"),
    ]:
        assert run(["info", str(path)]) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err


def test_score_writes_usebio_that_validates(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.xml"
    run(["score", str(game), str(out)])
    assert run(["validate", str(out)]) == 0
