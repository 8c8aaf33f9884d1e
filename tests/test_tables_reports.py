"""The reports of ``bridgeio analyze --report``: the README's queries, run as written on the
corpus export, checked against the same figures computed from the tables in Python; the
command on an export, a DuckDB file and plain files.

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from bridgeio.analysis.reports import REPORTS
from bridgeio.analysis.tables.export import export
from bridgeio.analysis.tables.reports import connect
from bridgeio.cli import run
from bridgeio.model.board import dealer, vulnerability
from bridgeio.model.deals import Deal
from bridgeio.model.par import par

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_queries() -> dict[str, str]:
    """Each report's query as the README shows it, after the line naming the report."""
    text = README.read_text().split("### Reports", 1)[1]
    found = re.findall(r"`--report (\w+)[^`]*`:[^\n]*\n\n```sql\n(.*?);\n```", text, re.S)
    return dict(found)


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> Path:
    from tests.conftest import CORPUS

    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    out = tmp_path_factory.mktemp("reports") / "season"
    export([CORPUS / n for n in ("acblscore", "usebio", "pbn")], out, "parquet", workers=2)
    return out


def rows_of(season: Path, name: str) -> list[dict]:
    return pq.read_table(season / f"{name}.parquet").to_pylist()


def query(season: Path, name: str, **parameters) -> list[dict]:
    sql = readme_queries()[name]
    db = connect(season)
    cursor = db.execute(sql, parameters) if parameters else db.execute(sql)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]


def busiest_player(season: Path) -> str:
    counts = Counter(p["player_number"] for p in rows_of(season, "players") if p["player_number"])
    return counts.most_common(1)[0][0]


def entry_key(row: dict) -> tuple:
    return (row["file_id"], row["event"], row["section"], row.get("entry"))


def test_the_readme_shows_every_report_as_the_code_runs_it():
    assert readme_queries() == {name: report.sql for name, report in REPORTS.items()}


def test_history_and_partners(season):
    player = busiest_player(season)
    players = rows_of(season, "players")
    entries = {entry_key(e): e for e in rows_of(season, "entries")}
    mine = [entry_key(p) for p in players if p["player_number"] == player]
    history = query(season, "history", player=player, partner=None)
    assert len(history) == len(mine) >= 10
    assert sorted(h["percentage"] for h in history) == sorted(
        entries[k]["percentage"] for k in mine
    )
    partners = query(season, "partners", player=player)
    assert sum(p["games"] for p in partners) == len(mine)  # pairs: one partner a game
    first = partners[0]
    together = query(season, "history", player=player, partner=first["partner"])
    assert len(together) == first["games"]
    percentages = [h["percentage"] for h in together]
    assert (max(percentages), min(percentages)) == (first["best"], first["worst"])
    assert abs(sum(percentages) / len(percentages) - first["average"]) < 0.006


def test_payoff_rows_add_up_to_each_pairs_matchpoints(season):
    payoff = query(season, "payoff")
    totals: dict[tuple, float] = defaultdict(float)
    for row in payoff:
        key = (row["file_id"], row["event"], row["section"], row["pair"], row["direction"])
        totals[key] += row["points"]
    results = rows_of(season, "results")
    expected: dict[tuple, float] = defaultdict(float)
    sections = rows_of(season, "sections")
    mitchell = {entry_key(s)[:3] for s in sections if s["movement"] == "mitchell"}
    for r in results:
        if r["ns_points"] is None or r["ew_points"] is None:
            continue
        at = (r["file_id"], r["event"], r["section"])
        expected[(*at, r["ns"], "NS" if at in mitchell else None)] += r["ns_points"]
        expected[(*at, r["ew"], "EW" if at in mitchell else None)] += r["ew_points"]
    assert len(totals) == len(expected) > 1000
    assert all(abs(totals[k] - expected[k]) < 1e-6 for k in expected)
    assert all(0 <= row["percentage"] <= 100 for row in payoff if row["percentage"] is not None)


def test_field_strength(season):
    field = query(season, "field")
    files = {f["file_id"]: f["path"] for f in rows_of(season, "files")}
    held: dict[tuple, list] = defaultdict(list)
    for p in rows_of(season, "players"):
        held[(files[p["file_id"]], p["event"])].append(p["masterpoints"])
    assert len(field) == len(held)
    for row in field:
        points = [m for m in held[(row["path"], row["event"])] if m is not None]
        assert row["players"] == len(held[(row["path"], row["event"])])
        assert row["with_masterpoints"] == len(points)
        if points:
            assert abs(row["average_masterpoints"] - sum(points) / len(points)) < 0.051
    assert sum(1 for row in field if row["average_masterpoints"]) > 40


def test_par_against_the_table_and_declarers_against_double_dummy(season):
    deals = {(d["file_id"], d["event"], d["board"]): d for d in rows_of(season, "deals")}
    tricks = defaultdict(dict)
    for t in rows_of(season, "dd_tricks"):
        tricks[(t["file_id"], t["record"], t["event"])][(t["seat"], t["strain"])] = t["tricks"]
    report = query(season, "par")
    assert len(report) > 20
    for row in report:
        deal = deals[(row["file_id"], row["event"], row["board"])]
        known = tricks[(deal["file_id"], deal["record"], deal["event"])]
        table = Deal.from_pbn(deal["pbn"]).seats  # the cards are there: the par is the model's
        assert table is not None
        model = _tricks_array(known)
        expected = par(model, dealer(row["board"]), vulnerability(row["board"]))
        assert expected is not None and row["par"] == expected.score
        assert row["ns_beat_par"] + row["at_par"] + row["ew_beat_par"] == row["tables"]
    declarers = query(season, "declarers")
    assert len(declarers) > 20
    assert sum(row["contracts"] for row in declarers) > 200


def _tricks_array(known: dict):
    import numpy as np

    array = np.full((5, 4), 15, dtype=np.uint8)
    for (seat, strain), value in known.items():
        array["SHDCNT".index(strain) if strain != "NT" else 4, "NESW".index(seat)] = value
    return array


def test_the_command_on_an_export_a_database_and_files(season, corpus, tmp_path, capsys):
    player = busiest_player(season)
    assert run(["analyze", "--report", "partners", "--player", player, str(season), "--json"]) == 0
    from_export = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    database = tmp_path / "season.duckdb"
    export([corpus / n for n in ("acblscore", "usebio", "pbn")], database, "duckdb", workers=1)
    assert (
        run(["analyze", "--report", "partners", "--player", player, str(database), "--json"]) == 0
    )
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == from_export
    folders = [str(corpus / n) for n in ("acblscore", "usebio", "pbn")]
    assert run(["analyze", "--report", "payoff", *folders]) == 0
    text = capsys.readouterr().out
    assert text.count("== file") > 50 and "percentage against each opponent" in text
    assert run(["analyze", "--report", "history", str(season)]) == 2
    assert "needs --player" in capsys.readouterr().err
    assert run(["analyze", "--report", "field", str(tmp_path / "nothing-here")]) == 0
    assert capsys.readouterr().out.startswith("path")  # no files: a header and no rows


def test_the_payoff_reports_direction_for_the_movements_that_keep_one():
    from bridgeio.analysis.reports import DIRECTIONAL_SQL
    from bridgeio.model.results import MovementKind

    directional = ", ".join(f"'{kind.value}'" for kind in MovementKind if kind.directional)
    assert DIRECTIONAL_SQL == directional
