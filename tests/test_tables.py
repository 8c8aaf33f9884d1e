"""bridgeio.tables against the real corpus: the ACBLscore files' results, entries and players
against Matthew Kidd's answer key (ACBLgamedump's JSON), USEBIO files against the canonical
JSON of the documents bridgeio reads, ASC schedules against theirs; deal sets against the
model's own per-deal views; the types the contract names.

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

import bridgeio
from bridgeio.analysis.tables import SCHEMAS, TABLES, tables
from bridgeio.analysis.tables.deals import deal_ids
from bridgeio.formats.json.movement import movement_document
from bridgeio.formats.json.write_results import results_document
from bridgeio.model.deals import DealSet, dd_dict
from tests.conftest import random_seats, random_tricks

SPECIAL = {"late_play": "Late Play", "not_played": "Not Played", "ave-": "Ave-", "ave": "Ave",
           "ave+": "Ave+", "not_in_play": "Not In Play"}  # fmt: skip


def acbl_files(corpus: Path) -> list[Path]:
    files = sorted(p for p in (corpus / "acblscore").glob("*.*") if "truncated" not in p.name)
    assert len(files) == 49
    return files


def grouped(table: pa.Table, *keys: str) -> dict[tuple, list[dict]]:
    found: dict[tuple, list[dict]] = defaultdict(list)
    for row in table.to_pylist():
        found[tuple(row[k] for k in keys)].append(row)
    return found


def close(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, int | float):
        return abs(a - b) < 0.005
    return a == b


def same_rows(ours: list[list], theirs: list[list]) -> bool:
    return len(ours) == len(theirs) and all(
        len(x) == len(y) and all(close(a, b) for a, b in zip(x, y, strict=True))
        for x, y in zip(ours, theirs, strict=True)
    )


def side(score: int | None, adjusted: str | None) -> object:
    return SPECIAL.get(adjusted, adjusted) if score is None else score


def acbl_differences(found: dict[str, pa.Table], expected: Path) -> list[str]:
    """Where the tables of one game file differ from the answer key (places only)."""
    their_events = json.loads(expected.read_text())[0]["event"]
    events = found["events"].column("event").to_pylist()
    entries = grouped(found["entries"], "event", "section")
    players = grouped(found["players"], "event", "section", "entry")
    results = grouped(found["results"], "event", "section", "board")
    differences = [] if len(events) == len(their_events) else ["events"]
    for event, their_event in zip(events, their_events, strict=False):
        for name, their_section in their_event["section"].items():
            where = f"event {event} section {name}"
            ours = {
                f"{e['number']}{(e['direction'] or e['seat'] or '')[:1]}": e
                for e in entries[(event, name)]
            }
            if sorted(ours) != sorted(their_section["entry"]):
                differences.append(f"{where} entries")
            for key, their in their_section["entry"].items():
                entry = ours.get(key, {})
                mine = [entry.get("score"), entry.get("percentage"), entry.get("strat")]
                if not same_rows(
                    [mine], [[their["score_session"], their["pct"], their["strat_num"]]]
                ):
                    differences.append(f"{where} entry {key}")
                people = [
                    [p["last_name"], p["first_name"], p["player_number"] or "", p["masterpoints"]]
                    for p in players[(event, name, entry.get("entry"))]
                ]
                wanted = [
                    [p["lname"], p["fname"], p["pnum"], p["mp_total"]] for p in their["player"]
                ]
                if not same_rows(people, wanted):
                    differences.append(f"{where} entry {key} players")
            differences += board_differences(where, results, event, name, their_section)
    return differences


def board_differences(where, results, event, name, their_section) -> list[str]:
    found = []
    numbers = {b for (e, s, b) in results if (e, s) == (event, name)}
    played = [int(b) for b, lines in their_section.get("board", {}).items() if lines]
    if sorted(numbers) != sorted(played):  # a board without lines has no rows
        found.append(f"{where} boards")
    for number, theirs in their_section.get("board", {}).items():
        rows = [
            [r["round"], r["table"], r["ns"], side(r["ns_score"], r["ns_adjusted"]), r["ns_points"],
             r["ew"], side(r["ew_score"], r["ew_adjusted"]), r["ew_points"]]
            for r in results[(event, name, int(number))]
        ]  # fmt: skip
        # ACBLgamedump drops Not Played / Late Play lines that come last in a board's table
        # (tests/corpus/acbl_answer_key.py, "trailing unplayed"); the file holds them.
        extra = rows[len(theirs) :]
        if all(row[3] in ("Not Played", "Late Play") for row in extra):
            rows = rows[: len(theirs)]
        if not same_rows(rows, theirs):
            found.append(f"{where} board {number}")
    return found


def test_acblscore_results_and_entries_agree_with_the_answer_key(corpus):
    disagreements, rows = {}, 0
    for path in acbl_files(corpus):
        found = tables(path)
        assert found["files"].column("error").to_pylist() == [None], path.name
        rows += found["results"].num_rows
        differences = acbl_differences(
            found, corpus / "acblscore" / "expected" / f"{path.name}.json"
        )
        if differences:
            disagreements[path.name] = differences[:3]
    assert disagreements == {}
    assert rows > 15000  # every traveller line of 49 games


def canonical_rows(document: dict) -> tuple[list, list, list]:
    """(results, entries, players) rows from the canonical JSON of a results document."""
    results, entries, players = [], [], []
    for event in document["events"]:
        for section in event["sections"]:
            at = [event["number"], section["name"]]
            for board in section["boards"]:
                for r in board["results"]:
                    place = [r["round"] or None, r["table"] or None]  # 0: not known
                    results.append([*at, board["number"], *place, r["ns"], r["ew"],
                                    r["contract"], r["declarer"], r["lead"], r["tricks"],
                                    r["ns_score"], r["ew_score"], r["ns_points"],
                                    r["ew_points"]])  # fmt: skip
            for e in section["entries"]:
                entries.append([*at, e["id"], e["number"], e["direction"], e["score"],
                                e["percentage"], e["rank"]])  # fmt: skip
                players += [
                    [*at, e["id"], p["last_name"], p["first_name"], p["player_number"] or None]
                    for p in e["players"]
                ]
    return results, entries, players


def table_rows(found: dict[str, pa.Table]) -> tuple[list, list, list]:
    results = [
        [r["event"], r["section"], r["board"], r["round"], r["table"], r["ns"], r["ew"],
         r["contract"], r["declarer"], r["lead"], r["tricks"],
         side(r["ns_score"], r["ns_adjusted"]), side(r["ew_score"], r["ew_adjusted"]),
         r["ns_points"], r["ew_points"]]
        for r in found["results"].to_pylist()
    ]  # fmt: skip
    entries = [
        [e["event"], e["section"], e["entry"], e["number"], e["direction"], e["score"],
         e["percentage"], e["rank"]]
        for e in found["entries"].to_pylist()
    ]  # fmt: skip
    players = [
        [p["event"], p["section"], p["entry"], p["last_name"], p["first_name"], p["player_number"]]
        for p in found["players"].to_pylist()
    ]
    return results, entries, players


def test_usebio_tables_hold_what_bridgeio_reads(corpus):
    counts = [0, 0, 0]
    for path in sorted((corpus / "usebio").glob("*.xml")):
        document = results_document(bridgeio.read(path))
        ours = table_rows(tables(path))
        theirs = canonical_rows(document)
        for n, (mine, wanted) in enumerate(zip(ours, theirs, strict=True)):
            wanted = [
                [SPECIAL.get(v, v) if isinstance(v, str) else v for v in row] for row in wanted
            ]
            assert mine == wanted, f"{path.name} table {n}"
            counts[n] += len(mine)
    assert min(counts) > 100, counts


def test_asc_movements_hold_what_bridgeio_reads(corpus):
    files = sorted((corpus / "asc").iterdir())
    found = tables(corpus / "asc")
    files_table = found["files"].to_pylist()
    assert [Path(f["path"]).name for f in files_table] == [p.name for p in files]
    by_file = grouped(found["movements"], "file_id")
    checked = 0
    for row in files_table:
        if row["error"] is not None:
            continue
        document = movement_document(bridgeio.read(row["path"]))
        keys = ("n", "e", "s", "w") if document["individual"] else ("ns", "ew")
        wanted = [
            [number, cell["table"], *(cell[k] for k in keys), cell["group"]]
            for number, cells in enumerate(document["schedule"], start=1)
            for cell in cells
            if cell is not None
        ]
        mine = [
            [m["round"], m["table"], m["ns"], m["ew"], *([m["south"], m["west"]] if
             document["individual"] else []), m["group"]]
            for m in by_file[(row["file_id"],)]
        ]  # fmt: skip
        assert mine == wanted, Path(row["path"]).name
        checked += 1
    assert checked > 450


def test_deal_sets_become_columns_that_match_the_model(tmp_path):
    seats, tricks = random_seats(5, 300), random_tricks(5, 300)
    seats[7, 3] = 255  # a card nobody holds: no deal_id, the slow path's text
    deals = DealSet(seats, tricks)
    found = tables(deals)
    rows = found["deals"].to_pylist()
    assert [r["pbn"] for r in rows] == [deals[i].pbn() for i in range(300)]
    assert rows[7]["deal_id"] is None and rows[8]["deal_id"] is not None
    assert [r["dealer"] for r in rows[:5]] == ["N", "E", "S", "W", "N"]
    assert [r["vulnerability"] for r in rows[:4]] == ["None", "NS", "EW", "All"]
    dd = found["dd_tricks"].to_pylist()
    assert len(dd) == 20 * 300
    for record in (0, 7, 299):
        model = dd_dict(tricks[record])
        mine = {(r["seat"], r["strain"]): r["tricks"] for r in dd[20 * record : 20 * record + 20]}
        assert mine == {(s, t): v for s, row in model.items() for t, v in row.items()}
    # deal_id: a hash of the cards alone, the same for the same deal in another file
    bridgeio.write(DealSet(seats[:7]), tmp_path / "a.zbd")
    again = tables(tmp_path / "a.zbd")["deals"].column("deal_id").to_pylist()
    assert again == [r["deal_id"] for r in rows[:7]]
    assert len(set(deal_ids(random_seats(9, 20000)).tolist())) == 20000


def test_the_contract_types_and_an_unreadable_file(tmp_path, corpus):
    (tmp_path / "junk.aca").write_bytes(b"\x00" * 40)
    found = tables([corpus / "acblscore" / "750-club_170724.ACE", tmp_path / "junk.aca"])
    assert list(found) == list(TABLES)
    for name, table in found.items():
        assert table.schema == SCHEMAS[name], name
        assert "file_id" in table.column_names
    files = found["files"].to_pylist()
    assert files[0]["error"] is None and files[0]["format"] == "acblscore"
    assert files[1]["error"] and "junk.aca" in files[1]["error"]
    assert set(found["results"].column("file_id").to_pylist()) == {0}
    assert pa.types.is_dictionary(found["results"].schema.field("section").type)
    assert found["results"].schema.field("ns_score").type == pa.int32()
    frame = found["entries"].to_pandas()
    assert frame["percentage"].between(0, 100).all() and len(frame) > 10


def test_commands_that_make_no_tables_do_not_import_pyarrow():
    code = (
        "import sys, bridgeio.cli; bridgeio.cli.run(['--version']); print('pyarrow' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("False")


@pytest.mark.parametrize("name", ["deals", "dd_tricks"])
def test_a_deal_set_makes_no_python_object_per_deal(name):
    seats, tricks = random_seats(1, 200_000), random_tricks(1, 200_000)
    found = tables(DealSet(seats, tricks))[name]
    assert found.num_rows == 200_000 * (20 if name == "dd_tricks" else 1)
    assert np.array_equal(
        found.column("record").to_numpy()[:: 20 if name == "dd_tricks" else 1],
        np.arange(1, 200_001),
    )


def test_docs_describe_every_column():
    text = (Path(__file__).parents[1] / "docs" / "tables.md").read_text()
    for name, schema in SCHEMAS.items():
        section = text.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]
        described = " ".join(line.split("|")[1] for line in section.splitlines() if "|" in line)
        for column in schema.names:
            assert column in described.replace(",", " ").split(), (name, column)


def test_movements_of_results_are_the_models(corpus):
    """The quick path names board groups as model.movement.from_results does, section by
    section over every results file of the corpus."""
    from bridgeio.analysis.tables.results import _groups, _seats, exact_movement

    checked = 0
    for path in [*acbl_files(corpus), *sorted((corpus / "usebio").glob("*.xml"))]:
        for event in bridgeio.read(path).events:
            for section in event.sections:
                cells: dict = {}
                for board in section.results:
                    for line in board.results:
                        seats = line.seats or (line.ns, line.ew)
                        cells.setdefault((line.round, line.table), (seats, set()))[1].add(
                            board.number
                        )
                mitchell = section.movement == "mitchell"
                exact = exact_movement(cells, False, mitchell)
                groups = _groups(cells, mitchell)
                if groups is not None:
                    quick = sorted(
                        (*p, *_seats(s, False), groups[p]) for p, (s, _) in cells.items()
                    )
                    assert quick == exact, path.name
                    checked += 1
    assert checked >= 80  # every ACBLscore section (USEBIO lines need the exact path)


def test_par_of_each_deal_is_the_models():
    from bridgeio.model.board import dealer, vulnerability
    from bridgeio.model.par import par

    tricks = random_tricks(3, 50, unknown=0.0)
    tricks[4, 0, 0] = 15  # one deal with an unknown count: no par
    found = tables(DealSet(random_seats(3, 50), tricks))["deals"].to_pylist()
    assert found[4]["par"] is None
    for row in found[:4] + found[5:]:
        board = row["board"]
        expected = par(tricks[row["record"] - 1], dealer(board), vulnerability(board))
        assert expected is not None and row["par"] == expected.score


def test_team_matches_and_their_boards():
    from bridgeio.model.contract import Contract
    from bridgeio.model.results import (
        Board,
        BoardResult,
        Event,
        EventKind,
        Match,
        Results,
        Scoring,
        Section,
    )

    line = BoardResult(1, 1, ns=3, ew=5, contract=Contract.parse("3NT", "N"), tricks=9,
                       ns_score=400, ew_score=-400)  # fmt: skip
    match = Match(1, 3, 5, home_imps=27.0, away_imps=12.0, home_vp=14.2, boards=[Board(7, [line])])
    section = Section("A", movement="team", matches=[match, Match(2, 3, 4)])
    event = Event(kind=EventKind.TEAMS, scoring=Scoring.IMPS, sections=[section])
    found = tables(Results([event]))
    matches = found["team_matches"].to_pylist()
    assert [(m["round"], m["home"], m["away"], m["home_imps"], m["away_vp"]) for m in matches] == [
        (1, 3, 5, 27.0, None),
        (2, 3, 4, None, None),
    ]
    (row,) = found["results"].to_pylist()
    assert (row["board"], row["home"], row["away"], row["contract"], row["declarer"]) == (
        7, 3, 5, "3NT", "N",
    )  # fmt: skip
    assert (row["tricks"], row["ns_score"], row["ns_adjusted"]) == (9, 400, None)
    assert found["movements"].num_rows == 0  # match boards make no movement
