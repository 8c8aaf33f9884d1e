"""PBN tournament results (``ScoreTable``, ``TotalScoreTable``) as ``bridgeio dump`` gives them,
compared with the file's own tables parsed here by a few lines of the test's own.

The corpus files hold real names: no test prints one (names are compared, and a failure gives
counts only).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.cli import main
from bridgeio.errors import collect
from bridgeio.formats.pbn import results as results_module
from bridgeio.formats.pbn.results import split_row, tables_to_results
from bridgeio.model.results import Results, Special
from tests.conftest import CORPUS

WITH_TABLES = sorted(
    p.name
    for p in (CORPUS / "pbn").glob("*.pbn")
    if re.search(rb'^\[(Total)?ScoreTable "', p.read_bytes(), re.M)
) or ["(no corpus)"]
SEATS = ("North", "East", "South", "West")


@pytest.fixture(params=WITH_TABLES)
def path(request, corpus) -> Path:
    return corpus / "pbn" / request.param


def file_tables(text: str) -> list[tuple[str, int | None, list[dict[str, str]]]]:
    """(table name, board, rows as {column: cell}) of every score table, parsed here."""
    found: list[tuple[str, int | None, list[dict[str, str]]]] = []
    board, columns, rows = None, None, None
    for line in text.splitlines():
        tag = re.match(r'\[(\w+) "(.*)"\]', line)
        if tag:
            columns = None
            if tag.group(1) == "Board":
                board = int(tag.group(2))
            if tag.group(1) in ("ScoreTable", "TotalScoreTable"):
                columns = [c.split("\\")[0] for c in tag.group(2).split(";")]
                rows = []
                found.append((tag.group(1), board, rows))
        elif columns is not None and line.strip():
            cells = [a or b for a, b in re.findall(r'"([^"]*)"|(\S+)', line)]
            rows.append(dict(zip(columns, cells, strict=True)))
        else:
            columns = None
    return found


def dumped(path: Path) -> dict:
    result = CliRunner().invoke(main, ["dump", str(path)])
    assert result.exit_code == 0, f"dump exit code {result.exit_code}"
    return json.loads(result.stdout)


def none(cell: str | None) -> str | None:
    return None if cell in (None, "-") else cell


def number(cell: str | None) -> float | None:
    return None if none(cell) is None else float(cell)


def contract(cell: str) -> str | None:
    if none(cell) is None:
        return None
    text = cell.upper().replace("*", "X")
    return "Pass" if text in ("PASS", "P", "AP") else re.sub(r"N(?!T)", "NT", text)


def expected_line(board: int, row: dict[str, str]) -> tuple:
    individual = "PlayerId_North" in row
    people = (
        tuple(int(row[f"PlayerId_{s}"]) for s in SEATS)
        if individual
        else (int(row["PairId_NS"]), int(row["PairId_EW"]))
    )
    if individual:
        points = tuple(number(row[f"MP_{s}"]) for s in SEATS)
    else:
        points = tuple(number(row.get(f"MP_{s}", row.get(f"IMP_{s}"))) for s in ("NS", "EW"))
    ns, ew = none(row.get("Score_NS")), none(row.get("Score_EW"))
    ns_score = int(ns) if ns is not None else -int(ew) if ew is not None else None
    return (
        row.get("Section", ""),
        board,
        int(row["Table"]),
        int(row["Round"]),
        people,
        contract(row["Contract"]),
        none(row["Declarer"]),
        None if none(row["Result"]) is None else int(row["Result"]),
        none(row["Lead"]),
        ns_score,
        points,
    )


def dumped_line(section: str, board: int, line: dict) -> tuple:
    individual = "n" in line
    people = tuple(line[s] for s in "nesw") if individual else (line["ns"], line["ew"])
    points = (
        tuple(line[f"{s}_points"] for s in "nesw")
        if individual
        else (line["ns_points"], line["ew_points"])
    )
    return (
        section,
        board,
        line["table"],
        line["round"],
        people,
        line["contract"],
        line["declarer"],
        line["tricks"],
        line["lead"],
        line["ns_score"],
        points,
    )


def expected_standing(row: dict[str, str]) -> tuple:
    names = row.get("Names", row.get("Name", ""))
    score = next(row[c] for c in row if c.startswith("TotalScore"))
    return (
        row.get("Section", ""),
        row.get("PairId", row.get("PlayerId")),
        int(row["Rank"]),
        none(row.get("RankTie", "-")) is not None,
        float(score),
        number(row.get("TotalPercentage")),
        " ".join(names.split()),
    )


def dumped_standing(section: str, entry: dict) -> tuple:
    names = " - ".join(f"{p['first_name']} {p['last_name']}".strip() for p in entry["players"])
    return (
        section,
        entry["id"],
        entry["rank"],
        entry["tied"],
        entry["score"],
        entry["percentage"],
        " ".join(names.split()),
    )


def test_every_traveller_line_and_standing_is_in_dump(path):
    tables = file_tables(path.read_text(encoding="utf-8"))
    lines = Counter(
        expected_line(board, row)
        for name, board, rows in tables
        if name == "ScoreTable"
        for row in rows
    )
    standings = Counter(
        expected_standing(row)
        for name, _, rows in tables
        if name == "TotalScoreTable"
        for row in rows
    )
    document = dumped(path)
    assert document["format"] == "pbn" and len(document["records"]) > 0
    sections = [s for e in document["events"] for s in e["sections"]]
    got_lines = Counter(
        dumped_line(s["name"], b["number"], line)
        for s in sections
        for b in s["boards"]
        for line in b["results"]
    )
    got_standings = Counter(dumped_standing(s["name"], e) for s in sections for e in s["entries"])
    assert sum(lines.values()) > 100 and sum(standings.values()) >= 20
    same_lines, same_standings = got_lines == lines, got_standings == standings
    assert same_lines, f"{sum((got_lines ^ lines).values())} traveller lines differ"
    assert same_standings, f"{sum((got_standings ^ standings).values())} standings differ"


def test_info_shows_the_standings_and_pbn_gives_every_byte_back(path, tmp_path):
    result = CliRunner().invoke(main, ["info", str(path)])
    assert result.exit_code == 0
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    entries = [e for s in results.events[0].sections for e in s.entries]
    shown = [e for e in entries if e.players and e.players[0].last_name in result.stdout]
    assert len(shown) == len(entries), "standings missing from info (count only)"
    bridgeio.convert(path, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_bytes() == path.read_bytes()
    bridgeio.convert(path, tmp_path / "both.json")
    again = bridgeio.read(tmp_path / "both.json")
    assert isinstance(again, Results) and again.events[0].deals is not None
    same = again.events[0].sections == results.events[0].sections  # (names: not printed)
    assert same, "the results read back from JSON differ"
    bridgeio.write(again, tmp_path / "from-json.pbn")
    assert (tmp_path / "from-json.pbn").read_bytes() == path.read_bytes()


DAMAGED = """[Event "Club pairs"]
[Board "1"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[ScoreTable "Table\\1;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;MP_NS;MP_EW"]
1 1 1 2 4H   S 10 C2 "420" -  -
2 1 3 4 3N   W  9
3 1 5 6 9Z   N  9 C2 "100" -  -
4 1 7 8 A+   -  - -   -    -  -
5 1 9 10 70% - - - - - -
[TotalScoreTable "Rank;RankTie;PairId;Direction;TotalScoreMP;TotalPercentage;Names"]
1 2 1 "N-S" - - "Ann SMITH - Bob JONES"
1 2 3 "N-S" - - "Cy DE VRIES - Di LEE"
"""


def test_damaged_rows_are_warnings_with_their_lines(tmp_path):
    path = tmp_path / "damaged.pbn"
    path.write_text(DAMAGED)
    with collect() as found:
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    places = sorted(p.place for p in found.problems if p.severity == "warning")
    assert places == ["line 6", "line 7"]
    board = results.events[0].sections[0].results[0]
    assert [r.table for r in board.results] == [1, 4, 5]
    plain, plus, assigned = board.results
    assert (plain.ns_score, plain.ew_score, plain.ns_points, plain.ew_points) == (
        420,
        -420,
        None,
        None,
    )
    assert (plus.ns_score, plus.ew_score, plus.contract) == (
        Special.AVERAGE_PLUS,
        Special.AVERAGE_MINUS,
        None,
    )
    assert (str(assigned.ns_score), str(assigned.ew_score)) == ("70%", "30%")
    first, second = results.events[0].sections[0].entries
    assert (first.rank, first.tied, second.tied, first.score) == (1, True, True, None)
    assert [(p.first_name, p.last_name) for p in second.players] == [
        ("Cy", "DE VRIES"),
        ("Di", "LEE"),
    ]
    bridgeio.convert(path, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_bytes() == path.read_bytes()
    listed = [p.place for p in bridgeio.validate(path) if p.severity == "warning"]
    assert listed == ["line 6", "line 7"]


TEAMS = """[Event "League"]
[Board "1"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[TotalScoreTable "Rank\\2R;TeamId\\2R;TeamName\\12L;TotalScoreVP\\5R;Names"]
 1  4 "Blue Team"    36.50 "Ann SMITH - Bob JONES - Cy LEE - Di KAY"
 2  7 "Red Team"     23.50 -
"""


def test_a_teams_standing_gives_team_entries(tmp_path):
    path = tmp_path / "teams.pbn"
    path.write_text(TEAMS)
    results = bridgeio.read(path)
    assert isinstance(results, Results) and results.events[0].kind == "teams"
    first, second = results.events[0].sections[0].entries
    assert (first.number, first.name, first.score, len(first.players)) == (4, "Blue Team", 36.5, 4)
    assert (second.rank, second.name, second.players) == (2, "Red Team", [])


def test_a_deal_file_without_tables_still_reads_as_deals(corpus):
    deals = bridgeio.read(corpus / "pbn" / "zdenecek__pbn__bridgecomposer.pbn")  # %ScoreTable…
    assert deals.kind == "deals" and len(deals) > 0


# -- the ScoreTable read at once against the row-by-row reading ---------------------------------


def model_text(results: Results) -> list:
    """Everything the reading gives, kept cells (in their order) and problems included."""
    out: list = [str(p) for p in results.problems]
    for event in results.events:
        out.append((event.number, event.name, event.date, event.kind, event.scoring))
        for section in event.sections:
            out.append((section.name, section.boards, section.tables, section.rounds))
            out += [(repr(e), e.kept and list(e.kept.cells.items())) for e in section.entries]
            for board in section.results:
                out += [
                    (board.number, repr(x), x.kept and list(x.kept.cells.items()))
                    for x in board.results
                ]
    return out


def damaged(text: str, seed: int) -> str:
    """``text`` with cells of some table rows replaced by wrong or unusual values."""
    rng = random.Random(seed)
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line.strip() and line.lstrip()[0] not in "[%{;"]
    for i in rng.sample(rows, min(40, len(rows))):
        cells = lines[i].split(" ")
        cells[rng.randrange(len(cells))] = rng.choice(
            ["X", "-", "14", "A+", "A-", "60%", '"x', "9Z", "HQ", "4HX", "?", "3NTxx", '"NS 420"']
        )
        lines[i] = " ".join(cells)
    return "\n".join(lines)


def test_score_tables_read_at_once_give_what_the_row_by_row_reading_gives(path, monkeypatch):
    # Each ScoreTable is read column by column; a table with a row that cannot be read is read
    # row by row, so that the warning names the row. Both must give the same model.
    text = path.read_bytes().decode("latin-1")
    texts = [text] + [damaged(text, seed) for seed in range(3)]
    with collect():
        at_once = [model_text(tables_to_results(t, path.name)) for t in texts]
        real = results_module.score_lines

        def one_at_a_time(columns, rows, converted):
            if len(rows) > 1:
                raise ValueError("one row at a time")
            return real(columns, rows, converted)

        monkeypatch.setattr(results_module, "score_lines", one_at_a_time)
        row_by_row = [model_text(tables_to_results(t, path.name)) for t in texts]
    for number, (x, y) in enumerate(zip(at_once, row_by_row, strict=True)):
        same = x == y  # (compared outside the assert: the model holds real names)
        differ = sum(p != q for p, q in zip(x, y, strict=False)) + abs(len(x) - len(y))
        assert same, f"text {number}: {differ} of {len(y)} items differ"
    assert any("row not read" in p for p in at_once[1] if isinstance(p, str))


@given(st.text(alphabet='" \tab-1\xa0\u2003', max_size=16))
def test_a_row_is_split_as_the_token_pattern_splits_it(row):
    # Quoted strings standing alone are split off by the quotes; anything else by the pattern.
    tokens = [quoted or bare for quoted, bare in re.findall(r'"([^"]*)"|(\S+)', row)]
    assert split_row(row) == tokens
