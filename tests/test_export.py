"""bridgeio export: the corpus into Parquet, CSV and DuckDB; the exported ACBLscore results and
entries against Matthew Kidd's answer key; DuckDB reading every output with no schema given;
the Dask path on a LocalCluster giving the same tables; bad files listed, outputs atomic.

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from bridgeio.analysis.tables import TABLES, tables
from bridgeio.analysis.tables.export import export
from bridgeio.cli import run
from tests.test_tables import acbl_differences, acbl_files


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    from tests.conftest import CORPUS

    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    out = tmp_path_factory.mktemp("export") / "season"
    folders = [CORPUS / name for name in ("acblscore", "usebio", "asc", "pbn")]
    summary = export(folders, out, "parquet", workers=2)
    assert summary.files > 600 and summary.failed == 49 + 1  # answer keys, pbn/README.md
    return out


def read_back(out: Path, name: str) -> pa.Table:
    return pq.read_table(out / f"{name}.parquet")


def test_exported_acblscore_tables_agree_with_the_answer_key(exported, corpus):
    files = read_back(exported, "files").to_pylist()
    ids = {Path(f["path"]).name: f["file_id"] for f in files if f["format"] == "acblscore"}
    whole = {
        name: read_back(exported, name) for name in ("events", "entries", "players", "results")
    }
    agreeing, disagreements = 0, {}
    for path in acbl_files(corpus):
        mine = {
            name: table.filter(pa.compute.equal(table.column("file_id"), ids[path.name]))
            for name, table in whole.items()
        }
        expected = corpus / "acblscore" / "expected" / f"{path.name}.json"
        differences = acbl_differences(mine, expected)
        if differences:
            disagreements[path.name] = differences[:3]
        else:
            agreeing += 1
    assert disagreements == {} and agreeing == 49


def test_the_export_holds_what_bridgeio_tables_gives(exported, corpus):
    paths = [f["path"] for f in read_back(exported, "files").to_pylist()]
    direct = tables(paths)
    for name in TABLES:
        mine = read_back(exported, name)
        assert mine.schema == direct[name].schema, name
        assert mine.to_pylist() == direct[name].to_pylist(), name


def test_duckdb_reads_every_output_with_no_schema_given(exported, corpus, tmp_path):
    db = duckdb.connect()
    count = "SELECT count(*) FROM read_parquet('{}')"
    sizes = {n: db.execute(count.format(exported / f"{n}.parquet")).fetchone()[0] for n in TABLES}
    assert sizes["results"] > 16000 and sizes["movements"] > 5000 and sizes["deals"] > 100
    acbl = [corpus / "acblscore", corpus / "usebio"]
    csv_out, db_out = tmp_path / "csv", tmp_path / "season.duckdb"
    export(acbl, csv_out, "csv", workers=1)
    export(acbl, db_out, "duckdb", workers=2)
    saved = duckdb.connect(str(db_out), read_only=True)
    for name in TABLES:
        from_csv = db.execute(f"SELECT * FROM read_csv('{csv_out / name}.csv')").fetchall()
        from_db = saved.execute(f'SELECT * FROM "{name}"').fetchall()
        assert len(from_csv) == len(from_db), name
    results = saved.execute("SELECT count(ns_score), sum(ns_score) FROM results").fetchone()
    direct = tables(acbl)["results"].column("ns_score")
    assert results == (len(direct) - direct.null_count, pa.compute.sum(direct).as_py())
    described = db.execute(f"DESCRIBE SELECT * FROM read_csv('{csv_out}/results.csv')").fetchall()
    typed = {row[0]: row[1] for row in described}
    assert typed["ns_score"] in ("BIGINT", "INTEGER") and typed["ns_points"] == "DOUBLE"


def test_the_dask_path_gives_the_same_tables(corpus, tmp_path):
    distributed = pytest.importorskip("distributed")
    folders = [corpus / "acblscore", corpus / "usebio"]
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        summary = export(folders, tmp_path / "dask", client=client)
        address = cluster.scheduler_address  # the command line's --dask: the same path
        command = ["export", *map(str, folders), "--to", "parquet", str(tmp_path / "cli")]
        assert run([*command, "--dask", address]) == 2  # the answer keys are no game files
    local = tables(folders)
    assert summary.files == local["files"].num_rows
    for name in TABLES:
        parts = sorted(os.listdir(tmp_path / "dask" / name))
        assert parts[0] == "part-00000.parquet", name
        mine = pq.read_table(tmp_path / "dask" / name)
        assert pq.read_table(tmp_path / "cli" / name).num_rows == mine.num_rows, name
        assert mine.num_rows == local[name].num_rows, name
        key = [("file_id", "ascending")]
        if mine.num_rows:
            assert mine.sort_by(key).to_pylist() == local[name].sort_by(key).to_pylist(), name


def test_bad_files_are_listed_and_the_export_goes_on(corpus, tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bad.xml").write_bytes(b'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT>')
    (folder / "good.aca").write_bytes((corpus / "acblscore" / "750-club_170724.ACE").read_bytes())
    out = tmp_path / "out"
    assert run(["export", str(folder), "--to", "parquet", str(out)]) == 2
    files = pq.read_table(out / "files.parquet").to_pylist()
    assert [Path(f["path"]).name for f in files] == ["bad.xml", "good.aca"]
    assert files[0]["error"] and "bad.xml" in files[0]["error"] and files[1]["error"] is None
    assert pq.read_table(out / "results.parquet").num_rows > 100
    err = capsys.readouterr().err
    assert "exported 1 of 2 files" in err and "Traceback" not in err
    # an existing output is replaced only with --force, and never a folder of other files
    assert run(["export", str(folder), "--to", "csv", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert run(["export", str(folder), "--to", "csv", str(out), "--force"]) == 2
    assert sorted(os.listdir(out)) == sorted(f"{n}.csv" for n in TABLES)
    assert run(["export", str(folder), "--to", "csv", str(folder), "--force"]) == 2
    assert "other than" in capsys.readouterr().err and (folder / "good.aca").exists()
    leftovers = [p for p in os.listdir(tmp_path) if p.startswith(".bridgeio-export")]
    assert leftovers == []


def test_export_refuses_what_it_cannot_do(tmp_path, capsys):
    assert run(["export", str(tmp_path), "--to", "xlsx", str(tmp_path / "o")]) == 2
    assert run(["export", str(tmp_path), "--to", "csv", str(tmp_path / "o"), "--dask", "x"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_force_replaces_a_file_and_an_earlier_database(corpus, tmp_path):
    game = corpus / "acblscore" / "750-club_170724.ACE"
    (tmp_path / "was-a-file").write_text("old")
    assert run(["export", str(game), "--to", "csv", str(tmp_path / "was-a-file"), "--force"]) == 0
    assert (tmp_path / "was-a-file" / "results.csv").is_file()
    database = tmp_path / "season.duckdb"
    for _ in range(2):
        assert run(["export", str(game), "--to", "duckdb", str(database), "--force"]) == 0
    rows = duckdb.connect(str(database), read_only=True).execute("SELECT count(*) FROM results")
    assert rows.fetchone()[0] == tables(game)["results"].num_rows > 100


def test_export_command_and_its_workers_import_no_pandas(corpus, tmp_path):
    """pyarrow imports pandas on its first conversion unless told it is absent: the command
    (and the workers forked from it) convert without it, half a second a process."""
    import subprocess
    import sys

    games = sorted((corpus / "acblscore").glob("*.AC?"))[:4]
    command = [sys.executable, "-X", "importtime", "-m", "bridgeio", "export"]
    done = subprocess.run(
        [*command, *map(str, games), str(tmp_path / "out"), "--to", "parquet", "-j", "2"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-500:]
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    # (the refused attempt is listed as "pandas", in microseconds; an import lists its modules)
    assert "pyarrow" in imported and not any(name.startswith("pandas.") for name in imported)
    assert pq.read_table(tmp_path / "out" / "files.parquet").num_rows == 4
