"""A team match's line is one row of the tables, wherever the reader keeps it: PBN's teams
records sit in both the section's boards and their match's (endplay's example2.pbn, 299
played records of a two-room match), and were once exported twice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.tables import tables
from tests.conftest import CORPUS

EXAMPLE2 = CORPUS / "pbn" / "dominicprice__endplay__example2.pbn"


def test_each_played_record_of_a_teams_pbn_is_one_row() -> None:
    if not EXAMPLE2.exists():
        pytest.skip(f"{EXAMPLE2} is absent")
    text = EXAMPLE2.read_text(encoding="utf-8", errors="replace")
    records = len(re.findall(r'^\[Contract "[^"]', text, re.MULTILINE))
    found = tables(bridgeio.read(EXAMPLE2))
    results = found["results"].to_pylist()
    assert len(results) == records == 299
    # each row names its match's teams: the rows are the match's, not the section's copies
    assert all(row["home"] is not None and row["away"] is not None for row in results)
    keys = [(r["board"], r["table"], r["ns"], r["ew"]) for r in results]
    assert len(set(keys)) == len(keys)
    calls = found["calls"].to_pylist()
    per_line = {(c["board"], c["table"], c["room"], c["index"]) for c in calls}
    assert len(per_line) == len(calls) > 0  # no call twice


def test_the_canonical_json_of_a_teams_pbn_gives_the_same_rows(tmp_path: Path) -> None:
    # the JSON holds each line in its board and its match: read back, two objects alike
    if not EXAMPLE2.exists():
        pytest.skip(f"{EXAMPLE2} is absent")
    doc = bridgeio.read(EXAMPLE2)
    out = tmp_path / "example2.json"
    bridgeio.write(doc, out)
    again, first = tables(bridgeio.read(out)), tables(doc)
    for name in ("results", "calls", "cards"):
        assert again[name].num_rows == first[name].num_rows > 0, name
