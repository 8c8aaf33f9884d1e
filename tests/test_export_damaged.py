"""``export`` of a folder holding damaged files (issue 29): every sound file's rows are
written, each bad file is named on stderr with its error (as every command names its files),
and a number a column cannot hold never fails the whole export.

The damaged files are the mutation fuzzer's (tests/mutate.py: the seeded mutants of real
corpus files that tests/test_fuzz_all.py runs), with a PBN results file whose pair number and
score are past 2^31 and a file that is no bridge file.
"""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

import bridgeio
from bridgeio.cli import run
from tests.conftest import CORPUS
from tests.mutate import mutants, seeds

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
HUGE_PAIR, HUGE_SCORE = 2**32, 99_999_999_999


def huge_numbers_pbn(folder: Path) -> Path:
    """The example club game as PBN, its first table result's N-S pair 2^32 and its score
    99,999,999,999: a file that reads (validate lists the score's error)."""
    path = folder / "huge.pbn"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridgeio.convert(EXAMPLES / "club-game.ACA", path)
    text = path.read_text()
    table = text.index("[ScoreTable ")
    row = text.index("\n", table) + 1
    line = text[row : text.index("\n", row)]
    cells = line.split()
    assert cells[0] == '"A"' and cells[3] == "1", line  # Section Table Round PairId_NS ...
    cells[3] = str(HUGE_PAIR)
    score = 9 if cells[9] != "-" else 10  # Score_NS, or Score_EW where N-S has none
    cells[score] = str(HUGE_SCORE)
    path.write_text(text[:row] + " ".join(cells) + text[row + len(line) :])
    return path


def test_a_number_past_2_31_is_a_warning_at_its_row_and_the_rest_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The PBN reader says a number no column holds at its line and leaves that row out
    (issue 29): the export writes every other row of the file and of the folder."""
    folder = tmp_path / "in"
    folder.mkdir()
    huge = huge_numbers_pbn(folder)
    (folder / "club-game.ACA").write_bytes((EXAMPLES / "club-game.ACA").read_bytes())
    found = bridgeio.validate(huge)
    assert any(str(HUGE_PAIR) in p.message and "row not read" in p.message for p in found)
    out = tmp_path / "out"
    assert run(["export", str(folder), str(out), "--to", "parquet", "-j", "1"]) == 0
    files = {Path(r["path"]).name: r for r in pq.read_table(out / "files.parquet").to_pylist()}
    assert files["huge.pbn"]["error"] is None
    assert f"found {HUGE_PAIR}): row not read" in files["huge.pbn"]["warnings"]
    results = pq.read_table(out / "results.parquet").to_pylist()
    ids = {name: row["file_id"] for name, row in files.items()}
    rows = [r for r in results if r["file_id"] == ids["huge.pbn"]]
    alone = bridgeio.tables(EXAMPLES / "club-game.ACA")["results"].num_rows
    assert len(rows) == alone - 1  # every line of the file but the one with huge numbers
    assert all(r["ns"] is not None and r["ns"] < 2**31 for r in rows)
    assert len([r for r in results if r["file_id"] == ids["club-game.ACA"]]) == alone
    assert "read with warnings" in capsys.readouterr().err


@pytest.mark.parametrize("to", ["parquet", "csv", "duckdb"])
def test_a_folder_of_damaged_files_keeps_every_sound_files_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str
) -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    folder = tmp_path / "in"
    folder.mkdir()
    found = seeds(CORPUS, per_format=3, max_bytes=24_000, smallest=True)
    for mutant in mutants(found, 6, seed=1):  # the fuzz test's own mutants
        name = f"{mutant.format}-{mutant.number}{mutant.extension}"
        (folder / name).write_bytes(mutant.data)
    huge_numbers_pbn(folder)
    (folder / "notes.txt").write_text("shopping list\n")
    for example in ("club-game.ACA", "deals.pbn"):
        (folder / example).write_bytes((EXAMPLES / example).read_bytes())

    out = tmp_path / ("out.duckdb" if to == "duckdb" else "out")
    status = run(["export", str(folder), str(out), "--to", to, "-j", "2"])
    err = capsys.readouterr().err
    tables = _tables(out, to)
    files = tables["files"]
    bad = [r for r in files if r["error"] is not None]
    assert bad and len(bad) < len(files)
    assert status == 2  # files that could not be read, and no bug of bridgeio's
    for row in bad:  # each named with its error, on a line of its own
        assert f"bridgeio: {row['error']}\n" in err
        assert row["error"].startswith(row["path"])
    assert f"{len(bad)} files could not be read" in err
    assert "internal error" not in err and "Traceback" not in err

    counts = {name: Counter(r["file_id"] for r in rows) for name, rows in tables.items()}
    for row in files:
        if row["error"] is not None:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            alone = bridgeio.tables(row["path"])
        for name in ("events", "entries", "results", "deals", "dd_tricks", "movements"):
            assert counts[name][row["file_id"]] == alone[name].num_rows, (row["path"], name)


def _tables(out: Path, to: str) -> dict[str, list[dict[str, object]]]:
    names = ("files", "events", "entries", "results", "deals", "dd_tricks", "movements")
    if to == "duckdb":
        import duckdb

        with duckdb.connect(str(out), read_only=True) as db:
            return {n: _rows(db, n) for n in names}
    if to == "csv":
        import pyarrow.csv as csv

        nulls = csv.ConvertOptions(strings_can_be_null=True)  # an empty field is null
        return {n: csv.read_csv(out / f"{n}.csv", convert_options=nulls).to_pylist() for n in names}
    return {n: pq.read_table(out / f"{n}.parquet").to_pylist() for n in names}


def _rows(db: Any, table: str) -> list[dict[str, object]]:
    """A DuckDB table's rows as dictionaries (in any DuckDB version)."""
    cursor = db.execute(f'SELECT * FROM "{table}"')
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
