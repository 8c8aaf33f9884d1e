"""Issue 37, the parts in the formats, the model and the recap: direction names in the
languages of the programs (one table, :mod:`bridgeio.model.directions`), Ruter's session files
of a championship (cumulative totals beside the session's own), the recap's marks on a full
top and zero only, a PBN file with a malformed first tag or a Date not ``YYYY.MM.DD``.

Real files are read in place (the shared corpus; the morrisjones/nap and lindsjorn mirrors
under /work/.mirror) and skip where absent; the rest are small fixtures written here."""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.pbn.checks import check
from bridgeio.formats.pbn.sniff import sniff
from bridgeio.formats.pbn.write_results import results_text
from bridgeio.model.directions import DIRECTION_NAMES, direction_named
from bridgeio.model.results import Board, BoardResult, Direction, Section
from bridgeio.recap.entries import Roster
from bridgeio.recap.lines import travellers

BRIDGEIO = [sys.executable, "-m", "bridgeio"]
RUTER = Path("world/pbn/lindsjorn__bridgeRanking__2016-11-09.pbn")
"""Ruter's Mitchell of 13 pairs (Norway), its E-W pairs written ``"E-W"``."""


def bridgeio_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BRIDGEIO, *map(str, args)], capture_output=True, text=True, check=False, timeout=300
    )


def ruter(corpus: Path) -> bytes:
    path = corpus / RUTER
    if not path.is_file():
        pytest.skip(f"{RUTER} is not in the corpus")
    return path.read_bytes()


# ------------------------------------------------------------------ direction names


@pytest.mark.parametrize(
    ("name", "direction"),
    [
        ("N-S", Direction.NS),
        ("NS", Direction.NS),
        ("N/S", Direction.NS),
        ("N-Z", Direction.NS),
        ("E-W", Direction.EW),
        ("EW", Direction.EW),
        ("Ö-V", Direction.EW),
        ("ö-v", Direction.EW),
        ("Ø-V", Direction.EW),
        ("O-W", Direction.EW),
        ("OW", Direction.EW),
        ("E-O", Direction.EW),
    ],
)
def test_each_language_s_direction_names_its_side(name: str, direction: Direction) -> None:
    assert direction_named(name) is direction


def test_a_name_not_in_the_table_is_none() -> None:
    assert direction_named("Home") is None
    assert direction_named("") is None
    assert set(DIRECTION_NAMES.values()) == {Direction.NS, Direction.EW}


@pytest.mark.parametrize("name", ["Ö-V", "Ø-V"])
def test_a_ruter_mitchell_in_swedish_or_norwegian_reads_and_converts(
    corpus: Path, tmp_path: Path, name: str
) -> None:
    """Ruter's Mitchell with its E-W pairs written as a Swedish or Norwegian Ruter writes
    them (Latin-1, as Ruter's files are): every entry keeps its direction, the conversion to
    USEBIO lists every pair (it failed: "lacks entries for ... pairs"), and the file is
    written back byte for byte."""
    data = ruter(corpus).replace(b'"E-W"', f'"{name}"'.encode("latin-1"))
    path = tmp_path / "ruter.pbn"
    path.write_bytes(data)
    with collect() as found:
        results = bridgeio.read(path)
    assert not found.problems
    entries = results.events[0].sections[0].entries
    assert len(entries) == 13
    assert {e.direction for e in entries} == {Direction.NS, Direction.EW}
    assert sum(e.direction is Direction.EW for e in entries) == data.count(
        f'"{name}"'.encode("latin-1")
    )
    done = bridgeio_cli("convert", path, tmp_path / "ruter.xml")
    assert done.returncode == 0, done.stderr
    assert "lacks entries" not in done.stderr
    done = bridgeio_cli("convert", path, tmp_path / "again.pbn")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "again.pbn").read_bytes() == data


def test_an_unknown_direction_name_is_a_warning_at_its_line(corpus: Path, tmp_path: Path) -> None:
    data = ruter(corpus).replace(b'"E-W"', b'"X-Y"', 1)
    path = tmp_path / "unknown.pbn"
    path.write_bytes(data)
    line = data[: data.index(b'"X-Y"')].count(b"\n") + 1
    done = bridgeio_cli("validate", path)
    assert f"line {line}: warning: a direction named 'X-Y'" in done.stdout + done.stderr
    with collect():
        entries = bridgeio.read(path).events[0].sections[0].entries
    unknown = [e for e in entries if e.direction is None]
    assert len(unknown) == 1 and unknown[0].kept is not None  # the name kept, not lost
    done = bridgeio_cli("convert", path, tmp_path / "again.pbn")
    assert (tmp_path / "again.pbn").read_bytes() == data


def test_usebio_reads_a_direction_of_the_table(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "usebio" / "nzscorer_pairs.xml"
    if not source.is_file():
        pytest.skip("nzscorer_pairs.xml is not in the corpus")
    data = source.read_bytes().replace(b"<DIRECTION>EW</DIRECTION>", b"<DIRECTION>E-W</DIRECTION>")
    path = tmp_path / "pairs.xml"
    path.write_bytes(data)
    with collect() as found:
        entries = bridgeio.read(path).events[0].sections[0].entries
    assert not [p for p in found.problems if "DIRECTION" in p.message]
    assert sum(e.direction is Direction.EW for e in entries) == 13


# ------------------------------------------------------------------ a championship's session

SESSION_COLUMNS = "SessionRank\\2R;SessionScoreMP\\5R;SessionPercentage\\5R;NrBoardsSession\\2R;"


def session_file(data: bytes) -> bytes:
    """Ruter's file as a championship's second session: the recorded figures become the
    session's own columns, and cumulative ones (a first session's added) take the totals'."""
    text = data.decode("latin-1")
    lines = text.split("\n")
    head = next(i for i, line in enumerate(lines) if line.startswith("[TotalScoreTable"))
    lines[head] = lines[head].replace("NrBoards\\2R;", "NrBoards\\2R;" + SESSION_COLUMNS)
    row = re.compile(r'^(\s*\d+)\s+(\d+) (\d) ("[^"]*")\s+(-?[\d.]+) ([\d.]+) ("[^"]*")\s+(\d+) ')
    at = head + 1
    while at < len(lines) and (found := row.match(lines[at])):
        rank, pair, table, side, mp, pct, names, boards = found.groups()
        total, share = float(mp) + 3 * (7 - int(pair)), (float(pct) + 50) / 2
        own = f"{rank} {mp} {pct} {boards} "
        lines[at] = (
            f"{rank} {pair} {table} {side} {total:5.1f} {share:5.2f} {names} 48 {own}"
            + lines[at][found.end() :]
        )
        at += 1
    assert at - head - 1 == 13
    return "\n".join(lines).encode("latin-1")


def test_a_session_s_own_figures_are_read_and_the_cumulative_ones_kept(
    corpus: Path, tmp_path: Path
) -> None:
    """The session's own figures are the entries' (and agree with the boards: ``score``
    rewrites nothing); the cumulative totals are one warning, kept as written, and written
    back in their columns when the standings are written from the model."""
    original = ruter(corpus)
    data = session_file(original)
    path = tmp_path / "session.pbn"
    path.write_bytes(data)
    with collect() as found:
        results = bridgeio.read(path)
    said = [p for p in found.problems if "cumulative" in p.message]
    assert not said  # (issue 41: a session and the overall standings; scoring says the rest)
    with collect():
        plain = bridgeio.read(corpus / RUTER)
    own = {e.id: (e.score, e.percentage, e.rank) for e in plain.events[0].sections[0].entries}
    read = results.events[0].sections[0].entries
    assert {e.id: (e.score, e.percentage, e.rank) for e in read} == own
    cumulative = {e.id: e.score for e in results.events[0].entries}  # (issue 41: sessions)
    assert len(cumulative) == 13 and cumulative != {k: v[0] for k, v in own.items()}
    done = bridgeio_cli("score", path, tmp_path / "scored.pbn")
    assert done.returncode == 0, done.stderr
    assert "no known rule" not in done.stderr
    assert (tmp_path / "scored.pbn").read_bytes() == data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        written = results_text(results).decode()
    header = next(line for line in written.splitlines() if "TotalScoreTable" in line)
    for column in ("TotalScoreMP", "SessionScoreMP", "SessionRank", "NrBoardsSession"):
        assert column in header
    again = tmp_path / "written.pbn"
    again.write_text(written)
    with collect():
        back = bridgeio.read(again).events[0].sections[0].entries
    assert {e.id: (e.score, e.percentage, e.rank) for e in back} == own


# ------------------------------------------------------------------ the recap's marks


def _section(points: list[tuple[float, float]]) -> Section:
    lines = [
        BoardResult(1, t, t, t, 100 * t, -100 * t, ns, ew)
        for t, (ns, ew) in enumerate(points, start=1)
    ]
    return Section("A", "mitchell", results=[Board(1, lines)])


def _marks(section: Section) -> list[str]:
    ((_, lines),) = travellers(section, Roster(section, 0))
    return sorted(line.mark for line in lines)


def test_a_partly_played_board_s_best_and_worst_lines_are_not_marked() -> None:
    """ScoreBridge's board of 3 results in a field of 4 (5, 3, 1 of a top of 6): the best
    line is no top and the worst no zero."""
    assert _marks(_section([(5, 1), (3, 3), (1, 5)])) == ["", "", ""]


def test_a_board_s_full_top_and_zero_are_marked() -> None:
    assert _marks(_section([(6, 0), (3, 3), (0, 6), (3, 3)])) == ["", "", "bottom", "top"]
    assert _marks(_section([(6, 0), (6, 0), (0, 6), (0, 6)])) == [
        "bottom",
        "bottom",
        "top",
        "top",
    ]


def test_ruter_s_centred_points_mark_the_full_top_only(corpus: Path) -> None:
    """Ruter's points centred on the average (top +5): only a line of +5 is N-S's top."""
    if not (corpus / RUTER).is_file():
        pytest.skip(f"{RUTER} is not in the corpus")
    from bridgeio.recap.checks import checks

    with collect():
        event = bridgeio.read(corpus / RUTER).events[0]
    found = checks(event)
    assert found.half_top == 5
    section = event.sections[0]
    for _, lines in travellers(section, Roster(section, 0), True, found):
        for line in lines:
            expected = {5.0: "top", -5.0: "bottom"}.get(line.ns_shown or 0.0, "")
            assert line.mark == expected


# ------------------------------------------------------------------ damaged PBN


def test_a_pbn_file_with_a_malformed_first_tag_is_pbn_with_an_error(tmp_path: Path) -> None:
    deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    text = f'% PBN 2.0\n[Event Random Deal #]\n[Board "1"]\n[Deal "{deal}"]\n'
    assert sniff(text.encode(), len(text))
    for name in ("random.pbn", "random.txt"):
        path = tmp_path / name
        path.write_text(text)
        for command in ("validate", "info", "dump"):
            done = bridgeio_cli(command, path)
            said = done.stdout + done.stderr
            assert "not a recognised format" not in said and "recognised format" not in said
            if command == "validate":
                assert done.returncode == 1
                assert "line 2: error" in said and "[Event Random Deal #]" in said


def test_text_that_is_no_pbn_is_still_not_recognised(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("[Events]\nname=party\n")
    done = bridgeio_cli("validate", path)
    assert done.returncode == 2 and "recognised format" in done.stderr


@pytest.mark.parametrize("games", [1, 400])  # (a small file, and one the fast way reads)
@pytest.mark.parametrize(
    ("date", "wrong"),
    [
        ("2-Aug-2023", True),
        ("2023.13.01", True),
        ("20230802", True),
        ("2023.08.02", False),
        ("2023.??.??", False),
        ("?", False),
    ],
)
def test_a_date_not_written_as_pbn_writes_it_is_flagged_at_its_line(
    tmp_path: Path, games: int, date: str, wrong: bool
) -> None:
    deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    game = '[Event "Club"]\n[Date "{date}"]\n[Board "{board}"]\n[Deal "{deal}"]\n\n'
    text = "% PBN 2.1\n" + "".join(
        game.format(date=date if board == games else "2023.08.02", board=board, deal=deal)
        for board in range(1, games + 1)
    )
    path = tmp_path / "dates.pbn"
    path.write_text(text)
    found = [p for p in check(str(path)) if "Date" in p.message]
    if not wrong:
        assert found == []
        return
    line = text.split("\n").index(f'[Date "{date}"]') + 1
    assert [(p.place, p.severity) for p in found] == [(f"line {line}", "error")]


def test_the_corpus_pbn_dates_are_clean(corpus: Path) -> None:
    paths = sorted((corpus / "pbn").glob("*.pbn")) + sorted(
        (corpus / "world" / "pbn").glob("*.pbn")
    )
    if not paths:
        pytest.skip("no PBN file in the corpus")
    for path in paths:
        assert not [p for p in check(str(path)) if "Date" in p.message], path.name


# ------------------------------------------------------------------ a movement as played

NAP = Path("/work/.mirror/morrisjones+nap/repo")
HALF_TABLE = "gamefiles/2017-unit-finals/171015.ACM"
"""ACBLscore's unit final (morrisjones/nap): section C, a 9-table Mitchell with a half table
at table 9, whose recorded results have pairs meet board group A again (their first score
carried, their opponents given an average plus)."""


def test_an_asc_written_from_results_has_the_groups_they_record(tmp_path: Path) -> None:
    if not (NAP / "HEAD").is_file():
        pytest.skip(f"the morrisjones/nap mirror is not at {NAP}")
    done = subprocess.run(
        ["git", "--git-dir", str(NAP), "show", f"HEAD:{HALF_TABLE}"], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"{HALF_TABLE} is not in the mirror")
    game = tmp_path / "171015.ACM"
    game.write_bytes(done.stdout)
    converted = bridgeio_cli("convert", game, tmp_path / "game.asc")
    assert converted.returncode == 0, converted.stderr
    assert "section 2C: warning: as played" in converted.stderr
    with collect():
        section = bridgeio.read(game).events[1].sections[0]
        movement = bridgeio.read(tmp_path / "game-2C.asc")
    offset = max(line.ns for board in section.results for line in board.results)
    label: dict[int, str] = {}
    for board in section.results:
        for line in board.results:
            table = movement.schedule[line.round - 1][line.table - 1]
            assert table is not None and table.seats == (line.ns, line.ew + offset)
            assert label.setdefault(board.number, table.group) == table.group
    groups = {g: {b for b, x in label.items() if x == g} for g in label.values()}
    assert len(groups) == 9 and all(len(boards) == 3 for boards in groups.values())
    for name in ("game-1B.asc", "game-2C.asc", "game-3A.asc"):
        checked = bridgeio_cli("validate", tmp_path / name)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    said = bridgeio_cli("validate", tmp_path / "game-2C.asc").stdout
    assert "warning: table 5: 9 plays board group A a second time (as the game's" in said


def test_a_designed_movement_that_repeats_a_group_is_still_an_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.asc"
    path.write_text("4 2 2 2 0\n1-2 A  3-4 B\n1-4 A  3-2 B\n")
    done = bridgeio_cli("validate", path)
    assert done.returncode == 1
    assert "error: table 1: 1 plays board group A a second time" in done.stdout


def test_a_team_line_s_direction_is_read_from_the_table(corpus: Path, tmp_path: Path) -> None:
    """A team match's TRAVELLER_LINE says where the first team sat: ``E-W`` as ``EW``; a
    name not in the table is a warning at its element."""
    source = corpus / "world/usebio/jacquicollier__ukbridge-club-website__multiple-teams.xml"
    if not source.is_file():
        pytest.skip("the multiple-teams USEBIO file is not in the corpus")
    with collect():
        plain = bridgeio.read(source)
    data = source.read_bytes()
    path = tmp_path / "teams.xml"
    path.write_bytes(data.replace(b"<DIRECTION>EW</DIRECTION>", b"<DIRECTION>E-W</DIRECTION>"))
    with collect() as found:
        named = bridgeio.read(path)
    assert not [p for p in found.problems if "DIRECTION" in p.message]

    def seats(results: bridgeio.Results) -> list[tuple[int, int]]:
        sections = results.events[0].sections
        return [(x.ns, x.ew) for s in sections for b in s.results for x in b.results]

    assert seats(named) == seats(plain)
    path.write_bytes(data.replace(b"<DIRECTION>EW</DIRECTION>", b"<DIRECTION>X</DIRECTION>", 1))
    with collect() as found:
        bridgeio.read(path)
    said = [p for p in found.problems if "DIRECTION 'X'" in p.message]
    assert len(said) == 1 and "TRAVELLER_LINE" in said[0].place


def test_a_cumulative_rank_without_the_session_s_is_not_read_as_it(tmp_path: Path) -> None:
    """A session file giving the session's score and percentage but no SessionRank: its
    Rank is the championship's, kept, not the session's rank."""
    text = (
        '% PBN 2.1\n[Event "Final"]\n[Board "1"]\n'
        '[TotalScoreTable "Rank;PairId;Direction;TotalScoreMP;TotalPercentage;'
        'SessionScoreMP;SessionPercentage;Names"]\n'
        '1 2 "N-S" 80.0 55.0 41.0 60.0 "Ann LEE - Bo KIM"\n'
        '2 1 "N-S" 70.0 45.0 37.0 40.0 "Cy DOE - Di ROE"\n'
    )
    path = tmp_path / "session.pbn"
    path.write_text(text)
    with collect() as found:
        event = bridgeio.read(path).events[0]
    entries = event.sections[0].entries
    assert not [p for p in found.problems if "cumulative" in p.message]
    assert [(e.number, e.score, e.percentage, e.rank) for e in entries] == [
        (2, 41.0, 60.0, None),
        (1, 37.0, 40.0, None),
    ]
    overall = [(e.number, e.score, e.percentage, e.rank) for e in event.entries]  # (issue 41)
    assert overall == [(2, 80.0, 55.0, 1), (1, 70.0, 45.0, 2)]
