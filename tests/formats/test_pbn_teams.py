"""PBN team matches: PBN 2.1's teams tables read and written back, and the per-record team
results of the corpus' RealBridge and rpbridge.net files."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from bridgeio.analysis.scoring import match_imps, score_match
from bridgeio.formats.pbn.results import tables_to_results
from bridgeio.formats.pbn.teams import MatchCells
from bridgeio.formats.pbn.write_results import results_text
from bridgeio.model.results import EventKind, Match, Results

# Written by hand from PBN 2.1's column names: one match of two boards, each board's two
# rooms in its ScoreTable (team 1 N-S in the open room, table 1), the standings with the
# rosters, and the match with its IMPs and VPs in a game of its own.
LINES = "Round;Table;TeamId_Home;TeamId_Away;PairId_NS;PairId_EW;Contract;Declarer;Result;"
LINES += "Score_NS;Score_EW;IMP_NS;IMP_EW"
MATCHES = "Round;Table;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;VP_Home;VP_Away;MatchDetails"
TEAMS_PBN = f"""\
[Event "Club teams"]
[Date "2024.03.05"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KQ2.32.AK32 QJT9.43.AKQ.QJT9 54.AJT987.54.654 876.65.JT9876.87"]
[Scoring "IMP"]
[Competition "Teams"]
[TotalScoreTable "Rank;TeamId;TeamName;TotalScoreIMP;Names"]
1 1 "Aces"  10 "Ann SMITH - Bob JONES - Cy YOUNG - Di WEST"
2 2 "Kings"  1 "Ed KING - Flo MOSS - Gus HALE - Hal NUNN"
[ScoreTable "{LINES}"]
1 1 1 2 1 2 4H S 10 420  -  10 -10
1 2 1 2 2 1 4H S  9   -  50 -10  10

[Event "Club teams"]
[Date "2024.03.05"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AK32.KQ2.32.AK32 QJT9.43.AKQ.QJT9 54.AJT987.54.654 876.65.JT9876.87"]
[Scoring "IMP"]
[Competition "Teams"]
[ScoreTable "{LINES}"]
1 1 1 2 1 2 3NT N  9 600 - -1  1
1 2 1 2 2 1 3NT N 10 630 -  1 -1

[Event "Club teams"]
[Date "2024.03.05"]
[Scoring "IMP"]
[Competition "Teams"]
[TotalScoreTable "{MATCHES}"]
1 1 1 2 10 1 16 4 "2 boards"
"""

EXAMPLE2 = "pbn/dominicprice__endplay__example2.pbn"
EXAMPLE3 = "pbn/dominicprice__endplay__example3.pbn"


def read_text(text: str) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (the hand-written file reads without a warning)
        return tables_to_results(text, "teams.pbn")


def read_path(path: Path) -> tuple[Results, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # (bridgeio.read still gives such a file's deals: its dispatch is not changed yet)
        results = tables_to_results(path.read_text(encoding="utf-8"), str(path))
    return results, [str(w.message) for w in caught]


def room_scores(match: Match) -> tuple[list[int], list[int], list[float]]:
    """The open and closed rooms' N-S scores of each board with both rooms and a score, and
    the home team's IMPs on it as the file gives them."""
    opened: list[int] = []
    closed: list[int] = []
    home: list[float] = []
    for board in match.boards:
        if len(board.results) != 2:
            continue
        first, second = board.results
        if first.ns != match.home:
            first, second = second, first
        assert (first.ns, first.ew, second.ns, second.ew) == (
            match.home,
            match.away,
            match.away,
            match.home,
        )
        if isinstance(first.ns_score, int) and isinstance(second.ns_score, int):
            assert first.ns_points is not None
            opened.append(first.ns_score)
            closed.append(second.ns_score)
            home.append(first.ns_points)
    return opened, closed, home


def test_the_hand_written_teams_file_gives_its_match_with_both_rooms_and_the_rosters() -> None:
    event = read_text(TEAMS_PBN).events[0]
    assert event.kind == EventKind.TEAMS
    (section,) = event.sections
    (match,) = section.matches
    assert (match.round, match.table, match.home, match.away) == (1, 1, 1, 2)
    assert (match.home_imps, match.away_imps, match.home_vp, match.away_vp) == (10, 1, 16, 4)
    assert isinstance(match.kept, MatchCells) and match.kept.cells == {"MatchDetails": "2 boards"}
    assert [b.number for b in match.boards] == [1, 2]
    assert [len(b.results) for b in match.boards] == [2, 2]
    teams = {e.number: (e.name, len(e.players)) for e in section.entries}
    assert teams == {1: ("Aces", 4), 2: ("Kings", 4)}
    # the file's figures against the scoring engine's, from the two rooms' scores
    opened, closed, home = room_scores(match)
    assert match_imps(opened, closed).tolist() == home
    scored = score_match(opened, closed)
    assert (scored.home_imps, scored.away_imps) == (match.home_imps, match.away_imps)
    assert (scored.home_vp, scored.away_vp) == (match.home_vp, match.away_vp)


def test_the_hand_written_teams_file_reads_back_the_same_from_the_pbn_bridgeio_writes() -> None:
    first = read_text(TEAMS_PBN)
    written = results_text(first).decode()
    assert "TeamId_Home" in written and "VP_Home" in written
    again = read_text(written)
    assert again.events == first.events
    assert again.events[0].sections[0].matches == first.events[0].sections[0].matches


def test_matches_built_in_the_model_read_back_from_pbn_with_no_loss_reported() -> None:
    built = read_text(TEAMS_PBN)
    section = built.events[0].sections[0]
    section.matches[0].kept = None  # (as a model built without PBN: no file's cells)
    for board in section.results:
        for line in board.results:
            line.kept = None  # the lines name their match only through the model
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (no "team matches" loss said)
        written = results_text(built).decode()
    again = read_text(written).events[0].sections[0]
    assert again.matches == section.matches
    assert [len(b.results) for b in again.matches[0].boards] == [2, 2]


def test_endplay_reads_the_teams_pbn_bridgeio_writes(corpus: Path) -> None:
    hand = results_text(read_text(TEAMS_PBN)).decode()
    games = endplay_pbn.loads(hand)
    assert [g.board_num for g in games if g.deal.to_pbn() != ""][:2] == [1, 2]
    example2, _ = read_path(corpus / EXAMPLE2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (what PBN tables cannot hold, said elsewhere)
        written = results_text(example2).decode()
    games = endplay_pbn.loads(written)
    # its lines carry auctions and play: written as played boards, a game a table result
    lines = sum(len(b.results) for s in example2.events[0].sections for b in s.results)
    assert len([g for g in games if g.board_num]) == lines == 299


def test_the_realbridge_export_gives_its_matches_and_warns_once_of_its_one_room_board(
    corpus: Path,
) -> None:
    results, said = read_path(corpus / EXAMPLE2)
    (event,) = results.events
    assert event.kind == EventKind.TEAMS
    matches = [m for s in event.sections for m in s.matches]
    rooms = [len(b.results) for m in matches for b in m.boards]
    assert (len(matches), rooms.count(2), rooms.count(1)) == (15, 149, 1)
    assert len({e.number for s in event.sections for e in s.entries}) == 30
    one_room = [s for s in said if "one room only" in s]
    assert len(one_room) == 1 and "1 board(s)" in one_room[0]
    # every board's ScoreIMP against the IMPs of its two rooms' scores
    checked = 0
    for match in matches:
        opened, closed, home = room_scores(match)
        assert match_imps(opened, closed).tolist() == home
        checked += len(home)
        assert match.home_imps is not None and match.away_imps is not None
    assert checked == 149  # (a record without a Score tag: its contract and tricks' score)


def test_the_rpbridge_archive_gives_both_rooms_of_every_board_of_its_matches(
    corpus: Path,
) -> None:
    results, said = read_path(corpus / EXAMPLE3)
    matches = [m for e in results.events for s in e.sections for m in s.matches]
    rooms = [len(b.results) for m in matches for b in m.boards]
    assert (len(results.events), len(matches), len(rooms), set(rooms)) == (4, 245, 3816, {2})
    assert not [s for s in said if "one room" in s]
    # no scores in the file: no IMPs made up
    assert all(m.home_imps is None for m in matches)
    # its contracts read: every line has a contract or is passed out
    lines = [line for m in matches for b in m.boards for line in b.results]
    assert len(lines) == 7632 and sum(line.contract is not None for line in lines) == 7632


def test_a_match_row_that_cannot_be_read_is_a_warning_with_its_line() -> None:
    bad = TEAMS_PBN.replace("1 1 1 2 10 1 16 4", "1 1 x 2 10 1 16 4")
    line = next(i for i, row in enumerate(bad.splitlines(), 1) if row.startswith("1 1 x"))
    with pytest.warns(UserWarning, match=f"line {line}: .*found 'x'"):
        results = tables_to_results(bad, "teams.pbn")
    (match,) = results.events[0].sections[0].matches  # (from the lines that name it)
    assert (match.home, match.away, match.home_imps, len(match.boards)) == (1, 2, None, 2)
