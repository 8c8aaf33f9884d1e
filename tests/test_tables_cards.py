"""The ``calls`` and ``cards`` tables on real LIN files (BBO's hand viewer, a robot match in
vugraph form): a row for every call and card the model holds, each card's seat holding it in
the board's deal, alerts with their explanations, and DuckDB queries over the export."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.analysis.tables import tables
from bridgeio.cli import run
from bridgeio.model.cards import Card, Seat
from bridgeio.model.results import BoardResult, Results

LIN = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "world" / "lin"
FILES = sorted(LIN.glob("*.lin")) if LIN.is_dir() else []
pytestmark = pytest.mark.skipif(not FILES, reason=f"no LIN corpus at {LIN}")


def lines(doc: Results) -> list[tuple[int, BoardResult]]:
    """Every (board number, line) of a document, teams matches' boards included."""
    found = []
    for event in doc.events:
        for section in event.sections:
            boards = list(section.results)
            boards += [b for m in section.matches for b in m.boards]
            found += [(b.number, line) for b in boards for line in b.results]
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_row_for_every_call_and_card(path: Path) -> None:
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    found = tables(doc)
    every = lines(doc)
    calls = sum(len(line.auction.calls) for _, line in every if line.auction)
    cards = sum(len(line.play.cards) for _, line in every if line.play)
    assert calls > 0 and cards > 0
    assert found["calls"].num_rows == calls
    assert found["cards"].num_rows == cards
    first = {(b, line.table, line.room): line for b, line in every}
    for row in found["calls"].to_pylist():
        line = first[row["board"], row["table"], row["room"]]
        assert line.auction is not None
        assert row["call"] == line.auction.calls[row["index"]].text
        assert row["seat"] == line.auction.seat(row["index"]).char


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_card_is_its_seats(path: Path) -> None:
    """The seat a row gives a card holds it in the board's deal, and the first card is led
    by declarer's left-hand opponent: the seats follow the tricks' winners."""
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    deals = {d.board: d for event in doc.events if event.deals for d in event.deals}
    contracts = {(b, line.table, line.room): line.contract for b, line in lines(doc)}
    rows = tables(doc)["cards"].to_pylist()
    checked = 0
    for row in rows:
        deal = deals.get(row["board"])
        if deal is None or row["seat"] is None:
            continue
        assert Card.from_text(row["card"]) in deal.cards(Seat.from_char(row["seat"])), row
        checked += 1
        if row["trick"] == 1 and row["position"] == 1:
            contract = contracts[row["board"], row["table"], row["room"]]
            assert contract is not None and contract.declarer is not None
            assert row["seat"] == contract.declarer.next().char
    assert checked == len(rows)
    assert {r["dd_cost"] for r in rows} == {None}  # not solved: --solve's


def test_alerts_carry_their_explanations() -> None:
    vugraph = [p for p in FILES if "Match-GIB" in p.name]
    if not vugraph:
        pytest.skip("the GIB robot match is not in the corpus")
    doc = bridgeio.read(vugraph[0])
    assert isinstance(doc, Results)
    explained = {
        (b, line.room, index): text
        for b, line in lines(doc)
        if line.auction
        for index, text in line.auction.explanations.items()
    }
    rows = tables(doc)["calls"].to_pylist()
    alerts = {(r["board"], r["room"], r["index"]): r["alert"] for r in rows if r["alert"]}
    assert explained and alerts == explained
    assert {r["room"] for r in rows} == {"open", "closed"}


def test_duckdb_queries_the_export(tmp_path: Path) -> None:
    """Exported to DuckDB: each line's opening lead (trick 1, position 1) is the lead its
    ``results`` row gives, and each line's tricks in 13 full tricks are a count of cards."""
    duckdb = pytest.importorskip("duckdb")
    out = tmp_path / "out.duckdb"
    assert run(["export", *map(str, FILES), "--to", "duckdb", str(out)]) == 0
    db: Any = duckdb.connect(str(out), read_only=True)
    leads = db.execute(
        """
        SELECT r.file_id, r.board, r.table, r.lead, c.card, c.seat, r.declarer
        FROM results r JOIN cards c USING (file_id, event, section, board, round, "table")
        WHERE c.trick = 1 AND c.position = 1 ORDER BY 1, 2, 3
        """
    ).fetchall()
    lines_with_play = db.execute(
        'SELECT count(DISTINCT (file_id, board, "table", room)) FROM cards'
    ).fetchone()[0]
    assert len(leads) == lines_with_play > 0
    after = {"N": "E", "E": "S", "S": "W", "W": "N"}
    for _, _, _, lead, card, seat, declarer in leads:
        assert lead in (None, card)
        assert seat == after[declarer]
    counts = dict(db.execute("SELECT call, count(*) FROM calls GROUP BY call").fetchall())
    docs = [bridgeio.read(p) for p in FILES]
    every = [line for doc in docs if isinstance(doc, Results) for _, line in lines(doc)]
    passes = sum(1 for line in every if line.auction for call in line.auction.calls if call == 0)
    assert counts["P"] == passes
    db.close()
    assert os.path.getsize(out) > 0
