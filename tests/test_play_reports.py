"""The reports on the play (``leads``, ``lead_contracts``, ``play``) and on the contracts
reached against par (``contracts``), on tables exported from real played-board files (BBO's
LIN hand viewer and vugraph files, PBN played boards by BEN, a Bridgewebs hand record file).

``dd_cost`` is null in an export until ``--solve``: the tests fill it on a copy of the export
(DuckDB, the cards table rewritten) with known values, and check each report's figures exactly:
by hand on one board of BBO's hand viewer and one PBN session, and on every file against the
same figures computed in Python from the tables and the files read through the model.
"""

from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq
import pytest

import bridgeio
from bridgeio.analysis.tables.export import export
from bridgeio.analysis.tables.reports import NothingToReport, check, connect, run
from bridgeio.analysis.tables.schema import TABLES
from bridgeio.cli import run as command
from bridgeio.model.results import Results

WORLD = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "world"
HAND_VIEWER = WORLD / "lin" / "kevinywlui__lin2pbn__test.lin"
ROBOT_MATCH = WORLD / "lin" / "ThorvaldAagaard__Bridge-Robot-Utilities__Match-GIBNS_v_GIBEW_1-4.lin"
BEN = WORLD / "pbn" / "lorserker__ben__Diana_and_Friends_Daylong.pbn"
BRIDGEWEBS = WORLD / "pbn" / "jacquicollier__ukbridge-club-website__bridgewebs-hands.pbn"
FILES = [HAND_VIEWER, ROBOT_MATCH, BEN, BRIDGEWEBS]
pytestmark = pytest.mark.skipif(
    not all(f.is_file() for f in FILES), reason=f"the played-board corpus is not at {WORLD}"
)

MATCH_NORTH = f"file {FILES.index(ROBOT_MATCH)} entry 1 N"
"""The robot match's home team's North: a team's players are not seated in the tables."""


RULE = (
    "CASE WHEN (board + 3 * trick + position) % 7 = 0 THEN 1"
    " WHEN (board + trick) % 11 = 0 THEN 2 ELSE 0 END"
)
"""Known costs for every card of every file (most 0, some 1 or 2), as SQL over cards' rows."""


def rewrite(folder: Path, table: str, *updates: str) -> None:
    """Run DuckDB ``updates`` on ``folder``'s table (named ``t`` in them) and write it back."""
    path = folder / f"{table}.parquet"
    db = duckdb.connect()
    db.execute(f"CREATE TABLE t AS FROM read_parquet('{path}')")
    for update in updates:
        db.execute(update)
    db.execute(f"COPY t TO '{path}' (FORMAT parquet)")
    db.close()


def exported(tmp: Path, files: list[Path]) -> Path:
    out = tmp / "tables"
    export(files, out, "parquet", workers=1)
    return out


def copied(export_folder: Path, tmp: Path) -> Path:
    out = tmp / "solved"
    shutil.copytree(export_folder, out)
    return out


def report(folder: Path, name: str) -> list[dict[str, Any]]:
    db = connect(folder)
    columns, rows = run(db, name)
    db.close()
    return [dict(zip(columns, row, strict=True)) for row in rows]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The export of the four files, ``dd_cost`` null as ``export`` leaves it."""
    return exported(tmp_path_factory.mktemp("world"), FILES)


@pytest.fixture(scope="module")
def ruled(world: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The export with every card's ``dd_cost`` set by :data:`RULE`."""
    out = copied(world, tmp_path_factory.mktemp("ruled"))
    rewrite(out, "cards", f"UPDATE t SET dd_cost = {RULE}")
    return out


# --- by hand -------------------------------------------------------------------------------


def test_one_hand_viewer_board_by_hand(tmp_path: Path) -> None:
    """BBO's hand viewer, ``pn|PearyCook,zetanot,krackistan,silentfree`` (S, W, N, E): 4S by
    East (silentfree), South (PearyCook) leads the C5. Costs: the lead 1, declarer's S2 (trick
    2) 1, dummy's SK (trick 2) 2, North's S4 (trick 2) 1; every other card 0."""
    out = copied(exported(tmp_path, [HAND_VIEWER]), tmp_path)
    rewrite(
        out,
        "cards",
        "UPDATE t SET dd_cost = 0",
        "UPDATE t SET dd_cost = 1 WHERE card IN ('C5', 'S2', 'S4') AND trick <= 2",
        "UPDATE t SET dd_cost = 2 WHERE card = 'SK' AND trick = 2",
    )
    assert report(out, "leads") == [
        {"player": "PearyCook", "player_number": None, "leads": 1, "gave_up": 1,
         "percentage": 100.0, "tricks": 1},
    ]  # fmt: skip
    assert [tuple(r.values()) for r in report(out, "lead_contracts")] == [
        ("suit", 4, 1, 1, 100.0, 1),
        ("suit", None, 1, 1, 100.0, 1),
        (None, None, 1, 1, 100.0, 1),
    ]
    play = {(r["player"], r["role"]): r for r in report(out, "play")}
    assert set(play) == {
        ("silentfree", "declarer"),
        ("PearyCook", "defender"),
        ("krackistan", "defender"),
    }  # fmt: skip: dummy (zetanot) has no row: declarer plays its cards
    assert [play["silentfree", "declarer"][k] for k in ("deals", "tricks_lost", "own_cards")] == [
        1, 3, 3,
    ]  # fmt: skip
    for defender in ("PearyCook", "krackistan"):  # the side lost 2, one trick each
        row = play[defender, "defender"]
        assert [row[k] for k in ("deals", "tricks_lost", "per_deal", "own_cards")] == [1, 2, 2, 1]


def test_contracts_against_par_by_hand(tmp_path: Path) -> None:
    """BEN's session (GIB and thorvald N-S, three GIBs E-W; N-S scores 110 650 -100 650 140
    -50 650 -460) against pars set on boards 1-8: 110 620 90 650 140 400 650 -400. N-S's
    differences: 0 +30 -190 0 0 -450 0 -60."""
    out = copied(exported(tmp_path, [BEN]), tmp_path)
    pars = (110, 620, 90, 650, 140, 400, 650, -400)
    rewrite(
        out,
        "deals",
        *(f"UPDATE t SET par = {p} WHERE board = {n}" for n, p in enumerate(pars, 1)),
    )
    assert report(out, "contracts") == [
        {"partnership": "GIB & GIB", "boards": 8, "above": 3, "at_par": 4, "below": 1,
         "average": 83.8},
        {"partnership": "GIB & thorvald", "boards": 8, "above": 1, "at_par": 4, "below": 3,
         "average": -83.8},
    ]  # fmt: skip


# --- every file, against Python ------------------------------------------------------------


def rows(folder: Path, table: str) -> list[dict[str, Any]]:
    return pq.read_table(folder / f"{table}.parquet").to_pylist()


LineKey = tuple[Any, ...]


def line_key(row: dict[str, Any]) -> LineKey:
    return tuple(row[k] for k in ("file_id", "event", "section", "board", "round", "table"))


def seated_names(folder: Path) -> dict[tuple[LineKey, str], str]:
    """Who sat at each seat of each line, from the files read through the model: the name of
    the pair's first player at North or East, its second at South or West; teams: none."""
    paths = {f["file_id"]: f["path"] for f in rows(folder, "files")}
    by_line = {line_key(r): r for r in rows(folder, "results")}
    docs = {file_id: bridgeio.read(path) for file_id, path in paths.items()}
    names: dict[tuple[LineKey, str], str] = {}
    for key, line in by_line.items():
        doc = docs[key[0]]
        assert isinstance(doc, Results)
        event = doc.events[key[1] - 1]
        if event.kind.value == "teams":
            continue
        section = next(s for s in event.sections if s.name == key[2])
        for seat in "NESW":
            side = "NS" if seat in "NS" else "EW"
            number = line["ns"] if side == "NS" else line["ew"]
            for entry in section.entries:
                direction = entry.direction.value if entry.direction else side
                if entry.number == number and direction == side and entry.players:
                    player = entry.players[0 if seat in "NE" else 1]
                    names[key, seat] = player.last_name
    return names


def player_of(names: dict[tuple[LineKey, str], str], key: LineKey, seat: str, r: dict) -> str:
    number = r["ns"] if seat in "NS" else r["ew"]
    return names.get((key, seat), f"file {key[0]} entry {number} {seat}")


def leads_and_play(folder: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ``leads`` and ``play`` reports of an export whose every card is solved, checked
    against the same figures summed in Python from its cards (who sat where from the files)."""
    names = seated_names(folder)
    results = {line_key(r): r for r in rows(folder, "results")}
    cards = rows(folder, "cards")
    assert all(c["dd_cost"] is not None for c in cards)
    leads: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    seat_cost: dict[LineKey, dict[str, int]] = defaultdict(lambda: dict.fromkeys("NESW", 0))
    for c in cards:
        key = line_key(c)
        seat_cost[key][c["seat"]] += c["dd_cost"]
        if (c["trick"], c["position"]) == (1, 1):
            who = leads[player_of(names, key, c["seat"], results[key])]
            who[0] += 1
            who[1] += c["dd_cost"] > 0
            who[2] += c["dd_cost"]
    found_leads = report(folder, "leads")
    assert {r["player"]: [r["leads"], r["gave_up"], r["tricks"]] for r in found_leads} == leads
    play: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for key, cost in seat_cost.items():
        declarer = results[key]["declarer"]
        ours = "NS" if declarer in "NS" else "EW"
        line: dict[tuple[str, str], list[int]] = {}  # a name defending from both seats: once
        for seat in "NESW":
            side = "NS" if seat in "NS" else "EW"
            lost = sum(cost[s] for s in side)
            if seat == declarer or side != ours:
                role = "declarer" if seat == declarer else "defender"
                own = lost if role == "declarer" else cost[seat]
                who = (player_of(names, key, seat, results[key]), role)
                line.setdefault(who, [1, lost, 0])[2] += own
        for who, (deals, lost, own) in line.items():
            total = play[who]
            total[0] += deals
            total[1] += lost
            total[2] += own
    found = report(folder, "play")
    figures = ("deals", "tricks_lost", "own_cards")
    assert {(r["player"], r["role"]): [r[k] for k in figures] for r in found} == play
    return found_leads, found


def test_leads_and_play_on_every_file(ruled: Path) -> None:
    leads, play = leads_and_play(ruled)
    assert len(rows(ruled, "cards")) == 884
    assert sum(r["leads"] for r in leads) == 17  # 8 + 1 + 8 plays
    # every card is someone's choice once: declarer's and dummy's declarer's, a defender's own
    costs = sum(c["dd_cost"] for c in rows(ruled, "cards"))
    assert sum(r["own_cards"] for r in play) == costs > 0
    assert {r["player"] for r in play} >= {"GIB", "thorvald", "silentfree", MATCH_NORTH}


def test_lead_contracts_add_up(ruled: Path) -> None:
    found = report(ruled, "lead_contracts")
    total = found[-1]
    assert (total["strain"], total["level"], total["leads"]) == (None, None, 17)
    for strain in ("NT", "suit"):
        levels = [r for r in found if r["strain"] == strain and r["level"] is not None]
        whole = next(r for r in found if r["strain"] == strain and r["level"] is None)
        for column in ("leads", "gave_up", "tricks"):
            assert sum(r[column] for r in levels) == whole[column]
    assert sum(r["leads"] for r in found if r["level"] is None and r["strain"]) == 17


def test_contracts_against_par_on_a_hand_record_file(world: Path) -> None:
    """Bridgewebs' hand records carry the double-dummy table, so ``deals.par``: each pair's
    figures from its lines in Python."""
    par = {(d["file_id"], d["event"], d["board"]): d["par"] for d in rows(world, "deals")}
    entries = {(e["file_id"], e["number"]): e["entry"] for e in rows(world, "entries")}
    expected: dict[str, list[int]] = defaultdict(list)
    for r in rows(world, "results"):
        p = par.get((r["file_id"], r["event"], r["board"]))
        if p is None or r["ns_score"] is None:
            continue
        for pair, sign in ((r["ns"], 1), (r["ew"], -1)):
            if pair:
                expected[f"file {r['file_id']} entry {entries[r['file_id'], pair]}"].append(
                    sign * (r["ns_score"] - p)
                )
    found = report(world, "contracts")
    assert len(found) == len(expected) >= 13
    for row in found:
        diffs = expected[row["partnership"]]
        assert row["boards"] == len(diffs)
        assert row["above"] == sum(d > 0 for d in diffs)
        assert row["at_par"] == sum(d == 0 for d in diffs)
        assert row["below"] == sum(d < 0 for d in diffs)
        assert abs(row["average"] - sum(diffs) / len(diffs)) <= 0.05


# --- not solved ----------------------------------------------------------------------------


def test_unsolved_tables_say_so_and_show_nothing(
    world: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = connect(world)
    for name in ("leads", "lead_contracts", "play"):
        with pytest.raises(
            NothingToReport, match="^dd_cost not solved: run bridgeio export --solve$"
        ):
            run(db, name)
        assert command(["analyze", "--report", name, str(world)]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert (
            err.strip()
            == f"bridgeio: --report {name}: dd_cost not solved: run bridgeio export --solve"
        )
    assert check(db, "contracts") is None  # the hand record file has par
    db.close()


def test_a_partly_solved_export_leaves_the_rest_out(ruled: Path, tmp_path: Path) -> None:
    out = copied(ruled, tmp_path)
    viewer = FILES.index(HAND_VIEWER)  # file ids: the inputs' order
    rewrite(out, "cards", f"UPDATE t SET dd_cost = NULL WHERE file_id = {viewer}")
    db = connect(out)
    assert check(db, "play") == "dd_cost null on 1 of 17 plays: what is not solved is left out"
    db.close()
    found = {(r["player"], r["role"]) for r in report(out, "play")}
    assert ("silentfree", "declarer") not in found and ("GIB", "declarer") in found
    assert "PearyCook" not in {r["player"] for r in report(out, "leads")}


def test_no_par_says_so(tmp_path: Path) -> None:
    out = exported(tmp_path, [BEN])
    db = connect(out)
    with pytest.raises(NothingToReport, match="no par"):
        run(db, "contracts")
    db.close()


# --- the command ---------------------------------------------------------------------------


def test_the_command_on_a_solved_export(ruled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert command(["analyze", "--report", "play", str(ruled), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert [json.loads(line) for line in out.splitlines()] == json.loads(
        json.dumps(report(ruled, "play"))
    )
    assert command(["analyze", "--report", "leads", str(ruled)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split() == [
        "player",
        "player_number",
        "leads",
        "gave_up",
        "percentage",
        "tricks",
    ]
    assert len(text) == 1 + len(report(ruled, "leads"))
    assert (
        command(["analyze", "--report", "contracts", str(BRIDGEWEBS)]) == 0
    )  # a file: exported first
    assert capsys.readouterr().out.startswith("partnership")


# --- solved by export --solve --------------------------------------------------------------


def tricks_at_the_lead(pbn: str, line: dict[str, Any]) -> int:
    """Declarer's double-dummy tricks in the line's contract before the lead: 13 less the
    most the leader's side takes with any card (endplay's ``solve_board``)."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn)
    deal.trump = Denom.find(line["contract"][1:].rstrip("X"))
    deal.first = Player.find(line["declarer"]).lho
    return 13 - max(tricks for _, tricks in solve_board(deal))


def test_the_reports_on_an_export_solved_by_dds(tmp_path: Path) -> None:
    """``bridgeio export --solve`` (DDS through endplay) on the LIN files and BEN's session:
    the reports show the solved costs, and the play report on each line alone holds the
    issue's invariant: declarer's tricks = the double-dummy tricks of the contract at the
    lead - declarer's ``tricks_lost`` + the defenders'."""
    pytest.importorskip("endplay")

    out = tmp_path / "solved"
    files = [HAND_VIEWER, ROBOT_MATCH, BEN]
    assert (
        command(["export", "--solve", "-j", "1", *map(str, files), "--to", "parquet", str(out)])
        == 0
    )
    leads, play = leads_and_play(out)
    assert sum(r["leads"] for r in leads) == 17
    # a declarer and two defenders a play; BEN's E-W robots, both "GIB", defend 7 as one
    assert sum(r["deals"] for r in play) == 3 * 17 - 7
    deals = {(d["file_id"], d["board"]): d["pbn"] for d in rows(out, "deals")}
    lines = rows(out, "results")
    assert len(lines) == 17 and len(rows(out, "cards")) == 17 * 52  # every play complete
    costly = 0
    for line in lines:  # the play report on the line alone
        where = " AND ".join(f'"{k}" = {line[k]}' for k in ("file_id", "board", "table"))
        db = duckdb.connect()
        for table in TABLES:
            only = f" WHERE {where}" if table in ("results", "cards") else ""
            db.execute(f"CREATE VIEW {table} AS FROM '{out / table}.parquet'{only}")
        columns, found = run(db, "play")
        db.close()
        at = columns.index("tricks_lost")
        roles = {row[columns.index("role")]: row[at] for row in found}  # each: the side's
        double_dummy = tricks_at_the_lead(deals[line["file_id"], line["board"]], line)
        assert line["tricks"] == double_dummy - roles["declarer"] + roles["defender"]
        costly += roles["declarer"] + roles["defender"] > 0
    assert costly >= 5  # lines where someone lost a trick, not only perfect plays
    for to in ("csv", "duckdb"):  # the same reports from the other kinds of export
        other = tmp_path / f"solved.{to}"
        assert (
            command(["export", "--solve", "-j", "1", *map(str, files), "--to", to, str(other)]) == 0
        )
        for name in ("leads", "lead_contracts", "play"):
            assert report(other, name) == report(out, name), (to, name)


def test_a_merged_event_of_two_sessions_counts_each_sessions_lines_once(
    tmp_path: Path,
) -> None:
    # the same boards and tables in both sessions: without session in the joins each card
    # met both sessions' seats and lines, and every figure came out doubled again
    merged = tmp_path / "two-sessions.json"
    assert command(["merge", str(BEN), str(BEN), "-o", str(merged)]) == 0
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    single, double = exported(tmp_path / "one", [BEN]), exported(tmp_path / "two", [merged])
    for folder in (single, double):
        rewrite(folder, "cards", f"UPDATE t SET dd_cost = {RULE}")
    for name in ("leads", "lead_contracts", "play"):
        one, two = report(single, name), report(double, name)
        assert one, name
        counts = ("leads", "gave_up", "tricks") if name != "play" else ("deals", "tricks_lost")
        for column in counts:
            assert sum(r[column] or 0 for r in two) == 2 * sum(r[column] or 0 for r in one)
