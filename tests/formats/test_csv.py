"""CSV output, read back with Python's csv module: deals with their tricks, ChessBase
tournaments from the corpus, and what CSV cannot hold refused by name."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

import bridgeio
from bridgeio import ConversionError, Seat, Strain
from bridgeio.model import UNKNOWN_TRICKS, DealSet
from tests.conftest import random_seats, random_tricks


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_deals_give_a_row_each_with_the_deal_and_every_trick_count(tmp_path):
    deals = DealSet(random_seats(4, 12), random_tricks(4, 12, unknown=0.2))
    bridgeio.write(deals, tmp_path / "deals.csv")
    table = rows(tmp_path / "deals.csv")
    assert len(table) == 12
    for i, row in enumerate(table):
        assert row["board"] == str(i + 1)
        assert row["deal"] == deals[i].pbn()
        for seat in Seat:
            for strain in Strain:
                value = int(deals.tricks[i, strain, seat])
                expected = "" if value == UNKNOWN_TRICKS else str(value)
                assert row[f"{seat.char}_{strain.text}"] == expected, (i, seat, strain)


def test_deals_without_tricks_leave_the_trick_columns_empty(tmp_path):
    deals = DealSet(random_seats(5, 3), boards=np.array([7, 8, 9]))
    bridgeio.write(deals, tmp_path / "deals.csv")
    table = rows(tmp_path / "deals.csv")
    assert [row["board"] for row in table] == ["7", "8", "9"]
    assert all(value == "" for row in table for key, value in row.items() if "_" in key)


def test_every_corpus_tournament_file_gives_a_row_a_tournament_in_id_order(corpus, tmp_path):
    files = sorted((corpus / "chessbase").glob("*.cbt"))
    assert files
    for path in files:
        index = bridgeio.read(path)
        bridgeio.convert(path, tmp_path / f"{path.stem}.csv")
        table = rows(tmp_path / f"{path.stem}.csv")
        present = [(slot, t) for slot, t in enumerate(index.tournaments) if t is not None]
        assert [int(row["id"]) for row in table] == [slot for slot, _ in present], path.name
        for row, (_, t) in zip(table, present, strict=True):
            assert (row["title"], row["place"], row["date"]) == (
                t.title,
                t.place,
                t.date.iso() or "",
            ), path.name
            assert (row["nation"], int(row["games"])) == (t.nation, t.games), path.name


def test_a_results_file_is_refused_with_what_csv_holds(corpus, tmp_path):
    game = next(p for p in sorted((corpus / "acblscore").iterdir()) if p.suffix == ".ACA")
    with pytest.raises(ConversionError, match="csv.*tournaments or deals"):
        bridgeio.convert(game, tmp_path / "game.csv")
    assert not (tmp_path / "game.csv").exists()
