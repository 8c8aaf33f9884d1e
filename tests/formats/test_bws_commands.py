"""``recap`` and ``export`` on a real Bridgemate database (zdenecek/bridgemanager's game with
its whole movement, from the mirror): the recap shows every pair and every table's result,
the export's tables hold every standing result and pair, and the movement."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model.movement import Movement
from tests.formats.test_bws_mirrors import WHOLE, mirrored


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mirrored(*WHOLE, tmp_path_factory.mktemp("bws"))


def test_recap_shows_every_pair_and_result(whole: Path, tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    assert run(["recap", str(whole), "-o", str(page)]) == 0
    html = page.read_text()
    assert len(re.findall(r'<tr class="entry">', html)) == 15
    travellers = re.findall(r'<table class="traveller[^"]*" id="b(\d+)-s0"', html)
    assert len(travellers) == 22
    rows = sum(
        len(re.findall(r"<tr", body))
        for body in re.findall(r'class="traveller.*?<tbody>(.*?)</tbody>', html, re.S)
    )
    assert rows == 154  # (156 entries: 1 erased, 1 replaced)


def test_export_holds_every_result_pair_and_table_round(whole: Path, tmp_path: Path) -> None:
    out = tmp_path / "tables"
    assert run(["export", str(whole), str(out), "--to", "csv", "-j", "1"]) == 0

    def rows(table: str) -> list[dict[str, str]]:
        with (out / f"{table}.csv").open(newline="") as handle:
            return list(csv.DictReader(handle))

    assert [r["format"] for r in rows("files")] == ["bws"]
    assert len(rows("results")) == 154
    assert sorted(int(r["number"]) for r in rows("entries")) == list(range(1, 16))
    moves = rows("movements")
    assert len(moves) == 77  # (8 tables, 11 rounds: 88, less the 11 that seat pair 16, the
    # missing pair of a 15-pair Howell: the pair it meets sits out)
    assert "16" not in {m.get("ns") for m in moves} | {m.get("ew") for m in moves}


def test_validate_and_the_movement_as_asc(whole: Path, tmp_path: Path) -> None:
    """The database with its whole movement validates (every result where its movement seats
    it); its movement written as ASC validates: 8 tables, 11 rounds."""
    assert run(["validate", str(whole)]) == 0
    asc = tmp_path / "game.asc"
    assert run(["convert", str(whole), str(asc)]) == 0
    assert run(["validate", str(asc)]) == 0
    movement = bridgeio.read(str(asc))
    assert isinstance(movement, Movement)
    assert (movement.rounds, movement.tables) == (11, 8)
