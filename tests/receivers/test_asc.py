"""ASC schedules bridgeio writes from ACBLscore games, read the way a receiving program reads
them: by this test's own few lines from the format document (asc-schemafile-format-nl.txt,
FACTS.md), never by bridgeio's reader, and compared with the game's own board results as an
independent decoder (ACBLgamedump, the corpus answer key) lists them. Every written file must
also pass ``bridgeio validate``; and a cut schedule is read like other damaged files.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model.movement import from_schedule, movements
from bridgeio.model.movement_checks import errors
from bridgeio.model.results import Board, BoardResult, Direction, Entry, Event, Results, Section
from tests.conftest import CORPUS
from tests.receivers.common import converted, corpus_files, params

GAMES = [
    p for p in corpus_files("acblscore", ".aca", ".ace", ".acm") if not p.name.startswith("trunc")
]
SEPARATORS = re.compile(r"[\s,;:\-]+")  # any run of whitespace, '-', ',', ':', ';' (FACTS.md)


@dataclass
class Schedule:
    """An ASC pair schedule as the document defines it."""

    participants: int
    tables: int
    rounds: int
    groups: int
    cells: dict[tuple[int, int], tuple[int, int, str]]  # (round, table): ns, ew, group
    offset: int  # the E-W renumbering the writer's comment documents (0: none)


def read_schedule(text: str) -> Schedule:
    """The header's five numbers, then sets of (NS, EW, group) table by table, round by
    round; '#' starts a comment; blank lines are comments; an unused table is all zeros."""
    lines = text.splitlines()
    header = [int(n) for n in SEPARATORS.split(lines[0].split("#")[0].strip())[:5]]
    participants, tables, rounds, groups, individual = header
    assert individual == 0  # the corpus games are pair games
    found = [t for line in lines[1:] for t in SEPARATORS.split(line.split("#")[0]) if t]
    wanted = 3 * tables * rounds
    assert len(found) >= wanted, "the schedule ends before its last round"
    cells = {}
    for index in range(tables * rounds):
        ns, ew, group = found[3 * index : 3 * index + 3]
        if (ns, ew, group) != ("0", "0", "0"):
            cells[(index // tables + 1, index % tables + 1)] = (int(ns), int(ew), group)
    renumbered = re.search(r"E-W pair n is numbered n\+(\d+)", text)
    offset = int(renumbered.group(1)) if renumbered else 0
    return Schedule(participants, tables, rounds, groups, cells, offset)


def traveller_lines(game: Path) -> dict[str, list[tuple[int, int, int, int, int]]]:
    """Each section's (round, table, N-S, E-W, board) from the answer key, keyed by the
    suffix bridgeio gives its file: the section letter, with the event first when several."""
    key = json.loads((game.parent / "expected" / f"{game.name}.json").read_text())
    events = key[0]["event"]
    lines: dict[str, list[tuple[int, int, int, int, int]]] = {}
    for event in events:
        for letter, section in event["section"].items():
            name = letter if len(events) == 1 else f"{event['event_id']}{letter}"
            lines[name] = [
                (row[0], row[1], row[2], row[5], int(board))
                for board, rows in section.get("board", {}).items()
                for row in rows
            ]
    return lines


def section_of(path: Path, written: list[Path]) -> str:
    if len(written) == 1:
        return ""
    return path.stem.rsplit("-", 1)[1]


def seated_tables(game: Path) -> dict[str, int]:
    """Each section's highest table its match table seats a pair at (in the rounds played),
    keyed as :func:`traveller_lines` keys them."""
    events = bridgeio.read(game).events
    seated = {}
    for event in events:
        for section in event.sections:
            name = section.name if len(events) == 1 else f"{event.number}{section.name}"
            rounds = max((line.round for b in section.results for line in b.results), default=0)
            seated[name] = max(
                (
                    table
                    for row in section.schedule[:rounds]
                    for table, cell in enumerate(row, start=1)
                    if cell and any(cell[:-1])
                ),
                default=0,
            )
    return seated


def check_against_results(
    schedule: Schedule, lines: list[tuple[int, int, int, int, int]], seated: int = 0
):
    """Every traveller line's pairs sit at its table in its round with the group of its
    board, one group a board; the header's rounds are the highest played, its tables the
    highest played or seated (``seated``: a table where a pair sits out against the phantom
    has no line, but is one of the movement's); every table-round the schedule uses has a
    traveller line."""
    group_of_board: dict[int, str] = {}
    for round_number, table, ns, ew, board in lines:
        cell = schedule.cells.get((round_number, table))
        assert cell is not None, f"round {round_number} table {table}: unused in the schedule"
        assert cell[:2] == (ns, ew + schedule.offset), f"round {round_number} table {table}"
        assert group_of_board.setdefault(board, cell[2]) == cell[2], f"board {board}'s group"
    assert schedule.rounds == max(line[0] for line in lines)
    assert schedule.tables == max(seated, *(line[1] for line in lines))
    assert schedule.groups == len(set(group_of_board.values()))
    assert set(schedule.cells) == {line[:2] for line in lines}


@pytest.mark.parametrize("game", params(GAMES))
def test_every_game_converts_to_the_movement_its_results_show(game, tmp_path, capsys):
    written = converted(game, tmp_path, ".asc")
    assert run(["validate", *map(str, written)]) == 0
    assert capsys.readouterr().out.count(": ok") == len(written)
    expected = traveller_lines(game)
    by_section = {section_of(path, written): path for path in written}
    seated = seated_tables(game)
    if len(written) == 1:
        (only,) = expected.values()
        expected = {"": only}
        seated = {"": max(seated.values())}
    assert sorted(by_section) == sorted(expected)
    for name, path in by_section.items():
        schedule = read_schedule(path.read_bytes().decode("cp1252"))
        check_against_results(schedule, expected[name], seated[name])


def test_the_games_cover_what_the_issue_names():
    """The corpus cases: a movement cut short, a Howell of fewer rounds than its match
    table, boards shared and replaced, several events (file names with the event first)."""
    if not GAMES:
        pytest.skip(f"no corpus at {CORPUS}")
    names = {p.name for p in GAMES}
    assert {
        "beverly-hills-bridge-club_170808.ACE",
        "long-beach-bridge_170724.ACE",
        "long-beach-bridge_170724.ACA",
        "unit-finals_171015.ACA",
    } <= names
    assert len(GAMES) == 49


def test_a_movement_cut_short_has_the_rounds_played(tmp_path):
    game = CORPUS / "acblscore" / "beverly-hills-bridge-club_170808.ACE"
    if not game.is_file():
        pytest.skip(f"no corpus at {CORPUS}")
    section = bridgeio.read(game).events[0].sections[0]
    assert len(section.schedule) == 7  # the match table: 7 rounds; the results: 6
    (path,) = converted(game, tmp_path, ".asc")
    assert read_schedule(path.read_text()).rounds == 6


# ----------------------------------------------------- a 9-table, 17-pair Mitchell of 8 rounds


def mitchell_of_17_pairs() -> Section:
    """A 9-table Mitchell whose N-S 9 is the phantom (17 pairs), 27 boards in 9 groups, that
    ran 8 of its 9 rounds, with a match table of 9 rounds whose first boards cycle through
    8 groups (a match table set up for one more round and one group fewer than played)."""
    tables, played = 9, 8
    entries = [Entry(f"{n}NS", n, Direction.NS) for n in range(1, tables)]
    entries += [Entry(f"{n}EW", n, Direction.EW) for n in range(1, tables + 1)]
    boards: dict[int, Board] = {}
    for round_number in range(1, played + 1):
        for table in range(1, tables):  # table 9: the phantom's, a sit-out every round
            ew = (table - round_number) % tables + 1  # E-W move up, boards down
            group = (table + round_number - 2) % tables
            for number in range(3 * group + 1, 3 * group + 4):
                line = BoardResult(round_number, table, table, ew, 420, -420)
                boards.setdefault(number, Board(number)).results.append(line)
    schedule: list[list[tuple[int, ...] | None]] = [
        [
            (t, (t - r) % tables + 1, 0 if t == tables else 3 * ((t + r - 2) % (tables - 1)) + 1)
            for t in range(1, tables + 1)
        ]
        for r in range(1, tables + 1)
    ]
    results = [boards[n] for n in sorted(boards)]
    return Section("A", "mitchell", tables, played, 27, 3, entries=entries, results=results,
                   schedule=schedule)  # fmt: skip


def test_a_nine_table_mitchell_of_17_pairs_follows_its_results(tmp_path, capsys):
    """The match table alone gives the movement that ``validate`` rejected ("table 5: 9
    plays board group A a second time"); the board results give the game as played."""
    section = mitchell_of_17_pairs()
    old = [str(p) for p in errors(from_schedule(section.schedule, False, True))]
    assert old[0] == "round 5: error: table 5: 9 plays board group A a second time"
    events = [Event(n, f"event {n}", sections=[mitchell_of_17_pairs()]) for n in (1, 2, 3)]
    game = tmp_path / "final.ACA"
    bridgeio.write(Results(events=events), game)  # a real game file (bridgeio's builder)
    read_back = bridgeio.read(game).events[2].sections[0]
    assert (read_back.rounds, len(read_back.schedule)) == (8, 9)
    assert run(["convert", str(game), str(tmp_path / "out.asc")]) == 0
    assert "out-1A.asc, " in capsys.readouterr().err
    path = tmp_path / "out-3A.asc"
    assert run(["validate", str(path)]) == 0
    schedule = read_schedule(path.read_text())
    # nine tables: the ninth seats an E-W pair against the phantom every round (issue 29)
    assert (schedule.participants, schedule.tables, schedule.rounds) == (17, 9, 8)
    lines = [
        (line.round, line.table, line.ns, line.ew, board.number)
        for board in read_back.results
        for line in board.results
    ]
    check_against_results(schedule, lines, seated=9)


def test_results_that_are_no_movement_are_said_so_and_the_schedule_taken():
    section = mitchell_of_17_pairs()
    section.results[0].results[0].ew = 5  # E-W 5 at two tables in round 1
    with pytest.warns(UserWarning, match="section A: .*board results are no movement"):
        ((_, movement),) = movements(Results(events=[Event(1, sections=[section])]))
    assert movement.rounds == 8  # the match table's, to the section's rounds


# ----------------------------------------------------------------------- a cut schedule


def test_a_cut_schedule_reads_its_whole_rounds_and_says_where_it_was_cut(tmp_path, capsys):
    source = CORPUS / "asc" / "10HOWL18.ASC"  # 10 pairs, 5 tables, 18 rounds
    if not source.is_file():
        pytest.skip(f"no corpus at {CORPUS}")
    lines = source.read_bytes().split(b"\n")
    cut = tmp_path / "cut.asc"
    cut.write_bytes(b"\n".join(lines[:17]) + b"\n" + lines[17][:20])  # inside round 17
    cut_line = "line 18: error: the header gives 18 rounds of 5 tables, the file ends after 16"
    assert run(["validate", str(cut)]) == 1
    out = capsys.readouterr().out
    assert cut_line in out and "cut, the 16 whole rounds read" in out
    assert run(["info", str(cut)]) == 1
    captured = capsys.readouterr()
    assert "5 tables, 16 rounds" in captured.out and cut_line in captured.err
    grid = [line.split() for line in captured.out.splitlines() if re.match(r"\s+1[56] ", line)]
    assert [row[0] for row in grid[:2]] == ["15", "16"] and not re.search(r"\n\s+17 ", captured.out)
    assert run(["convert", str(cut), str(tmp_path / "read.asc")]) == 1
    assert cut_line in capsys.readouterr().err
    written = read_schedule((tmp_path / "read.asc").read_text())
    whole = read_schedule(source.read_text())
    assert written.rounds == 16
    assert written.cells == {k: v for k, v in whole.cells.items() if k[0] <= 16}
