"""The ``calls`` and ``cards`` tables on real LIN files (BBO's hand viewer, a robot match in
vugraph form): a row for every call and card the model holds, each card's seat holding it in
the board's deal, alerts with their explanations, and DuckDB queries over the export; and
their ``session`` on a real played-board PBN match, alone (null) and merged as two sessions."""

from __future__ import annotations

import os
from operator import itemgetter
from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.analysis.tables import SCHEMAS, tables
from bridgeio.cli import run
from bridgeio.model.cards import Card, Seat
from bridgeio.model.results import BoardResult, Results

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
LIN = CORPUS / "world" / "lin"
FILES = sorted(LIN.glob("*.lin")) if LIN.is_dir() else []
needs_lin = pytest.mark.skipif(not FILES, reason=f"no LIN corpus at {LIN}")
PLAYED = CORPUS / "pbn" / "dominicprice__endplay__example2.pbn"  # a teams match, both rooms


def lines(doc: Results) -> list[tuple[int, BoardResult]]:
    """Every (board number, line) of a document, teams matches' boards included."""
    found = []
    for event in doc.events:
        for section in event.sections:
            boards = list(section.results)
            boards += [b for m in section.matches for b in m.boards]
            found += [(b.number, line) for b in boards for line in b.results]
    return found


@needs_lin
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


@needs_lin
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


@needs_lin
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


@needs_lin
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
        WHERE c.trick = 1 AND c.position = 1 AND r.session IS NOT DISTINCT FROM c.session
        ORDER BY 1, 2, 3
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


def without_session(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows without their ``file_id`` and ``session``, in one order (a teams line's
    rows come from its match, whose order a merge may change)."""
    found = [{k: v for k, v in r.items() if k not in ("file_id", "session")} for r in rows]
    return sorted(found, key=lambda r: repr(sorted(r.items())))


@pytest.mark.skipif(not PLAYED.is_file(), reason=f"no played-board PBN at {PLAYED}")
def test_calls_and_cards_carry_their_sections_session(tmp_path: Path) -> None:
    """Null in an event without sessions; the file merged with itself as two sessions
    (``bridgeio merge``) gives each session the single file's rows, with the ``session`` of
    the ``results`` row of the same line, and each play to solve begins at its own session's
    rows (the boards and tables of the two sessions are alike)."""
    from bridgeio.analysis.tables.build import add_document
    from bridgeio.analysis.tables.columns import Tables
    from bridgeio.analysis.tables.play import plays_to_solve

    alone = tables(bridgeio.read(PLAYED))
    assert alone["calls"].num_rows > 0 and alone["cards"].num_rows > 0
    for name in ("results", "calls", "cards"):
        assert set(alone[name].column("session").to_pylist()) == {None}, name
    merged = tmp_path / "two-sessions.json"
    assert run(["merge", str(PLAYED), str(PLAYED), "-o", str(merged)]) == 0
    doc = bridgeio.read(merged)
    assert isinstance(doc, Results) and len(doc.events[0].sessions) == 2
    found = tables(doc)
    key = ("event", "section", "board", "round", "table")
    lines_of = {tuple(r[k] for k in (*key, "session")) for r in found["results"].to_pylist()}
    for name in ("calls", "cards"):
        rows = found[name].to_pylist()
        single = without_session(alone[name].to_pylist())
        for session in (1, 2):
            assert without_session([r for r in rows if r["session"] == session]) == single
        assert {tuple(r[k] for k in (*key, "session")) for r in rows} <= lines_of, name
    # the merge leaves the hand records out (an event holds one deal a board number): both
    # sessions played the file's boards, so its deals are theirs
    single = bridgeio.read(PLAYED)
    assert isinstance(single, Results)
    doc.events[0].deals = single.events[0].deals
    rows = Tables()
    add_document(rows, 0, doc)
    pending = plays_to_solve(rows.rows["cards"], 0, 0, doc)
    once = Tables()
    add_document(once, 0, single)
    assert len(pending) == 2 * len(plays_to_solve(once.rows["cards"], 0, 0, single)) > 0
    column = SCHEMAS["cards"].names.index
    card, session = column("card"), column("session")
    line = itemgetter(column("board"), column("table"), column("room"), session)
    sessions = []
    for start, play in pending:
        mine = rows.rows["cards"][start : start + len(play.cards)]
        assert [row[card] for row in mine] == [str(Card(c)) for c in play.cards]
        assert len({line(row) for row in mine}) == 1  # one line's cards
        sessions.append(mine[0][session])
    assert sessions.count(1) == sessions.count(2) == len(pending) // 2
