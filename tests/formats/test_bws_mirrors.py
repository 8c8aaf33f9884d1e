"""More real Bridgemate databases, read in place from mirrors of their public repositories
(skipped where a mirror is not on this machine): every table's rows counted against
``mdb-export`` of the same table. jarronshih/bridgemate-ui ``doc/12tables1section.bws`` (a
12-table Howell of 288 results, Jet 3) has rows written before columns were added to their
tables (``PlayerNumbers.TimeLog``, ``RoundData.CustomBoards``); zdenecek/bridgemanager's
first commit of ``BMInput1.bws`` still has its whole movement (88 table-rounds)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bridgeio.formats.bws.jet import Tables
from tests.formats.test_bws import _export

MIRROR = Path("/work/.mirror")

TWELVE = ("jarronshih/bridgemate-ui", "HEAD", "doc/12tables1section.bws")
WHOLE = ("zdenecek/bridgemanager", "713858c052e40e78761bd6faaf57e154c74e5987", "BMInput1.bws")


def mirrored(repo: str, commit: str, path: str, into: Path) -> Path:
    """A file of a mirrored public repository at ``commit``, taken out of its git directory
    into ``into`` (skipped where the mirror or the file is not here)."""
    top = MIRROR / repo.replace("/", "+") / "repo"
    git = top / ".git" if (top / ".git").is_dir() else top
    if not git.is_dir():
        pytest.skip(f"no mirror of {repo} here ({top})")
    shown = subprocess.run(
        ["git", "--git-dir", str(git), "show", f"{commit}:{path}"], capture_output=True, check=False
    )
    if shown.returncode:
        pytest.skip(f"{repo} {path} is not in the mirror")
    target = into / f"{commit[:7]}-{Path(path).name}"
    target.write_bytes(shown.stdout)
    return target


@pytest.fixture(scope="session")
def twelve(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mirrored(*TWELVE, tmp_path_factory.mktemp("bws"))


@pytest.fixture(scope="session")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mirrored(*WHOLE, tmp_path_factory.mktemp("bws"))


def _tables(path: Path) -> list[str]:
    if shutil.which("mdb-tables") is None:
        pytest.skip("mdb-tables (Debian's mdbtools) is not installed")
    listed = subprocess.run(["mdb-tables", "-1", str(path)], capture_output=True, text=True)
    return listed.stdout.split()


@pytest.mark.parametrize("which", ["twelve", "whole"])
def test_every_table_has_mdb_exports_rows(which: str, request: pytest.FixtureRequest) -> None:
    path: Path = request.getfixturevalue(which)
    tables = Tables(str(path))
    names = _tables(path)
    assert {"RoundData", "ReceivedData", "Section"} <= set(names)
    for name in names:
        assert len(tables.rows(name)) == len(_export(path, name)), name


def test_a_row_older_than_a_column_has_its_own_columns(twelve: Path) -> None:
    """Rows of 7 columns in tables of 8: read as mdb-export reads them, the later column
    blank (a later yes/no column: no)."""
    tables = Tables(str(twelve))
    for name, later in [("PlayerNumbers", "TimeLog"), ("RoundData", "CustomBoards")]:
        rows, exported = tables.rows(name), _export(twelve, name)
        assert len(rows) == len(exported) > 40
        assert all(row[later] is None for row in rows)
        key = ["Section", "Table", "Round" if name == "RoundData" else "Direction"]
        mine = sorted(tuple(str(row[k]) for k in key) for row in rows)
        assert mine == sorted(tuple(row[k] for k in key) for row in exported)
    pairs = sorted((r["NSPair"], r["EWPair"]) for r in tables.rows("RoundData"))
    exported = _export(twelve, "RoundData")
    assert pairs == sorted((int(r["NSPair"]), int(r["EWPair"])) for r in exported)
    added = [row["ExternalUpdate"] for row in tables.rows("ReceivedData")]
    assert added == [False] * 288
