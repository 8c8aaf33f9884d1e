"""PBN files of programs the first readers were not written against (issue 29), read whole:
Ruter's ``Bye`` rows, Bridgewebs' travellers without scores or standings, Ruter's team
details. Every figure a test expects is counted from the file's own text here, not by
bridgeio; the files hold real names, which no assertion prints.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.pbn.anonymize import anonymize
from bridgeio.formats.pbn.results import tables_to_results
from bridgeio.model.par import ParSet
from bridgeio.model.pseudonyms import Pseudonyms
from bridgeio.model.results import Assigned, Results, Special

RUTER = "lindsjorn__bridgeRanking__2016-11-09.pbn"
BRIDGEWEBS = "jacquicollier__ukbridge-club-website__bridgewebs-hands.pbn"


def world(corpus: Path, name: str) -> Path:
    return corpus / "world" / "pbn" / name


def read(path: Path) -> tuple[Results, list[str]]:
    with collect() as found:
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results, [f"{p.place}: {p.message}" for p in found.problems]


def table_rows(text: str, tag: str) -> list[list[str]]:
    """The rows of every ``tag`` table of the text, split into cells, as a reader of the
    layout would: the lines after the tag up to a blank line or the next tag."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line.startswith(f"[{tag} ")
            continue
        if not line.strip():
            inside = False
        elif inside:
            rows.append(re.findall(r'"[^"]*"|\S+', line))
    return rows


def lines_of(results: Results) -> list:
    return [line for s in results.events[0].sections for b in s.results for line in b.results]


def test_ruter_bye_rows_are_sit_outs_with_their_award(corpus):
    path = world(corpus, RUTER)
    results, problems = read(path)
    rows = table_rows(path.read_text(encoding="cp1252"), "ScoreTable")
    byes = [row for row in rows if row[8] == '"Bye"']
    lines = lines_of(results)
    assert problems == [] and len(lines) == len(rows) and len(byes) == 24
    sit_outs = [line for line in lines if line.sit_out]
    assert len(sit_outs) == len(byes)
    for row, line in zip(byes, sit_outs, strict=True):  # (both in the file's order)
        side = 0 if row[2] != "-" else 1  # the pair of the row's one number sits out
        pair = (int(row[2]), 0) if side == 0 else (0, int(row[3]))
        assert (line.table, line.round, (line.ns, line.ew)) == (int(row[0]), int(row[1]), pair)
        scores = (line.ns_score, line.ew_score)[:: 1 if side == 0 else -1]
        assert scores == (Assigned.for_percent(float(row[12 + side])), None)
        assert (line.ns_points, line.ew_points)[side] == float(row[10 + side])
        assert line.contract is None
    totals = table_rows(path.read_text(encoding="cp1252"), "TotalScoreTable")
    assert len(results.events[0].sections[0].entries) == len(totals)


def test_an_east_west_sit_out_is_the_east_west_pair_with_its_award(tmp_path):
    text = (
        '[Board "1"]\n[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;'
        'Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW"]\n'
        '3 3 - 2 - - - "Bye" "Bye" - 1.9 - 47\n'
        "1 1 5 6 3NT N 9 400 - 2 0 100 0\n"
    )
    lines = lines_of(tables_to_results(text, "x.pbn"))
    assert lines[0].sit_out and (lines[0].ns, lines[0].ew) == (0, 2)
    assert (lines[0].ns_score, lines[0].ew_score, lines[0].ew_points) == (None, Assigned(47.0), 1.9)
    assert not lines[1].sit_out


def test_a_ruter_result_adjusted_after_play_keeps_its_play_and_gets_the_awards(tmp_path):
    """Ruter's ``"800>a"`` (lindsjorn/bridgeRanking PBN_DB/bridgekam_2015-09-24, board 18):
    the table's result, then an adjusted score; the row's percentages are what each side was
    awarded, and the cell goes back as written."""
    text = (
        '[Board "18"]\n[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;'
        'Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW"]\n'
        '2 6 1 14 6DX N 9 - "800>a" 1.6 1.6 60 60\n'
        '8 6 6 18 7DX W 9 "800" - 7.9 -7.9 99 1\n'
        '3 6 4 10 6DX E 9 - "-500>a" 0.8 -0.8 55 45\n'
    )
    with collect() as found:
        lines = lines_of(tables_to_results(text, "x.pbn"))
    assert not found.problems and len(lines) == 3
    adjusted, played, other = lines
    assert (str(adjusted.contract), adjusted.tricks) == ("6DX", 9)
    assert (adjusted.ns_score, adjusted.ew_score) == (Special.AVERAGE_PLUS, Special.AVERAGE_PLUS)
    assert (adjusted.ns_points, adjusted.ew_points) == (1.6, 1.6)
    assert adjusted.kept.cells["Score_EW"] == "800>a"
    assert (played.ns_score, played.ew_score) == (800, -800)
    assert (other.ns_score, other.ew_score) == (Assigned(55.0), Assigned(45.0))


def test_bridgewebs_travellers_get_their_scores_entries_and_the_assigned_result(corpus):
    path = world(corpus, BRIDGEWEBS)
    results, problems = read(path)
    rows = table_rows(path.read_text(encoding="cp1252"), "ScoreTable")
    played = [row for row in rows if row[2] != "A"]
    assert problems == [
        f"results: scores computed from contract and tricks for {len(played)} lines"
    ]
    lines = lines_of(results)
    assert len(lines) == len(rows) and len(played) == 143
    assigned = [line for line in lines if line.contract is None]
    assert len(assigned) == 1 and assigned[0].ns_score is Special.AVERAGE
    assert assigned[0].ew_score is Special.AVERAGE
    assert all(isinstance(line.ns_score, int) for line in lines if line.contract is not None)
    # board 1, not vulnerable: 4H by South making 9 tricks is one down
    first = results.events[0].sections[0].results[0]
    assert first.number == 1 and (first.results[0].ns_score, first.results[0].ew_score) == (-50, 50)
    pairs = {int(row[0]) for row in rows} | {int(row[1]) for row in rows}
    entries = results.events[0].sections[0].entries
    assert sorted(e.number for e in entries) == sorted(pairs)


def test_computed_scores_follow_the_vulnerable_tag(tmp_path):
    text = (
        '[Board "1"]\n[Vulnerable "All"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 2 3NT N 10\n3 4 4S* E 8\n5 6 Pass - -\n"
    )
    with collect() as found:
        lines = lines_of(tables_to_results(text, "x.pbn"))
    assert [line.ns_score for line in lines] == [630, 500, 0]
    assert [p.message for p in found.problems] == [
        "scores computed from contract and tricks for 3 lines"
    ]


def test_standings_from_the_travellers_of_a_mitchell_numbered_both_ways():
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;'
        'Names_NS;Names_EW"]\n'
        '1 1 3NT N 9 400 "Ann SMITH - Bob JONES" "Cy YOUNG - Di KING"\n'
        "2 2 3NT N 8 -50 - -\n"
    )
    entries = tables_to_results(text, "x.pbn").events[0].sections[0].entries
    assert [e.id for e in entries] == ["1NS", "2NS", "1EW", "2EW"]
    assert [p.last_name for p in entries[0].players] == ["SMITH", "JONES"]
    assert [p.last_name for p in entries[2].players] == ["YOUNG", "KING"] and entries[
        1
    ].players == []


@pytest.mark.parametrize(
    "cell, expected",
    [
        ("4294967296", "a number of at most 2,147,483,647, found 4294967296"),
        ("x1", "a number, found 'x1'"),
    ],
)
def test_a_pair_number_past_what_the_model_holds_is_a_warning_at_its_row(cell, expected):
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        f"1 2 3NT N 9 400\n{cell} 2 3NT N 9 400\n"
    )
    with collect() as found:
        lines = lines_of(tables_to_results(text, "x.pbn"))
    assert len(lines) == 1
    assert [str(p) for p in found.problems] == [
        f"line 4: warning: a ScoreTable row ({expected}): row not read"
    ]


def test_a_score_past_what_the_model_holds_is_a_warning_at_its_row():
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "1 2 3NT N 9 4294967296\n"
    )
    with collect() as found:
        assert lines_of(tables_to_results(text, "x.pbn")) == []
    assert [p.place for p in found.problems] == ["line 3"]
    assert "a score of at most 2,147,483,647" in found.problems[0].message


RUTER_TEAMS = (
    '[Event "League"]\n[Board "1"]\n[Scoring "Teams"]\n'
    '[TotalScoreTable "Rank;TeamId;Direction;TotalScoreVP;TeamName;RosterDetails"]\n'
    '1 2 "Home" 8.02 "Blue" "11,Smith,Ann|12,Jones,Bob"\n'
    '2 7 "Away" 11.98 "Red" "21,Young,Cy"\n'
    '[ScoreTable "Round;Table;TeamId_Home;TeamId_Away;MatchDetails;VP_Home;VP_Away;'
    'LineupDetails_Home;LineupDetails_Away"]\n'
    '1 1 2 7 "1,15,54|2,30,0|200,45,54" 8.02 11.98 "1,O,N,11,Smith,Ann|1,C,E,12,Jones,Bob" '
    '"1,O,E,21,Young,Cy"\n'
    "2 1 7 2 - - - - -\n"
)


def test_ruter_match_details_give_segments_totals_and_who_sat_where():
    event = tables_to_results(RUTER_TEAMS, "league.pbn").events[0]
    played, scheduled = event.sections[0].matches
    assert (played.home_imps, played.away_imps) == (45.0, 54.0)
    assert [(s.number, s.home_imps, s.away_imps) for s in played.segments] == [
        (1, 15.0, 54.0),
        (2, 30.0, 0.0),
    ]
    seats = [
        (s.home, s.segment, s.room, s.seat.char, s.player.player_number) for s in played.lineup
    ]
    assert seats == [
        (True, 1, "open", "N", "11"),
        (True, 1, "closed", "E", "12"),
        (False, 1, "open", "E", "21"),
    ]
    assert scheduled.home_imps is None and scheduled.segments == [] and scheduled.lineup == []
    assert event.scoring.value == "victory_points"
    assert [p.player_number for p in event.sections[0].entries[0].players] == ["11", "12"]


def test_ruter_match_details_survive_json_and_pbn(tmp_path):
    source = tmp_path / "league.pbn"
    source.write_text(RUTER_TEAMS)
    expected = bridgeio.read(source)
    for suffix in (".json", ".pbn"):
        middle = tmp_path / f"copy{suffix}"
        bridgeio.write(expected, middle)
        assert bridgeio.read(middle).events[0].sections == expected.events[0].sections
    json_copy = bridgeio.read(tmp_path / "copy.json")
    bridgeio.write(json_copy, tmp_path / "again.pbn")  # (written from the model, not the text)
    assert bridgeio.read(tmp_path / "again.pbn").events[0].sections[0].matches == (
        expected.events[0].sections[0].matches
    )


BIG_DEAL = "zdenecek__pbn-cpp__bigdeal_with_deepfinese_analyses.pbn"
NT_S_H_D_C = (4, 0, 1, 2, 3)  # the model's strain rows of Big Deal's digit order


def abilities(text: str) -> list[dict[str, list[int]]]:
    """Each Ability tag's counts by seat, in its digit order (notrump, spades, ... clubs)."""
    found = []
    for value in re.findall(r'\[Ability "([^"]*)"\]', text):
        found.append({part[0]: [int(c, 16) for c in part[2:]] for part in value.split()})
    return found


def test_big_deal_ability_tags_are_the_double_dummy_tricks(corpus):
    path = world(corpus, BIG_DEAL)
    with collect() as found:
        deals = bridgeio.read(path)
    expected = abilities(path.read_text())
    assert found.problems == [] and len(deals) == len(expected) == 14
    for k, seats in enumerate(expected):
        for seat, counts in seats.items():
            row = "NESW".index(seat)
            assert [int(deals.tricks[k, s, row]) for s in NT_S_H_D_C] == counts


def test_minimax_is_the_par_of_the_ability_tricks(corpus):
    path = world(corpus, BIG_DEAL)
    deals = bridgeio.read(path)
    scores = [
        int(m[-1])
        for m in re.findall(r'\[Minimax "(\d)(N|S|H|D|C)(D|R)?([NESW])(-?\d+)"\]', path.read_text())
    ]
    assert ParSet.of(deals).score.tolist() == scores


def test_ability_tricks_survive_zrd_and_come_back_as_a_table(corpus, tmp_path):
    path = world(corpus, BIG_DEAL)
    with collect():
        bridgeio.convert(path, tmp_path / "x.zrd")
        bridgeio.convert(tmp_path / "x.zrd", tmp_path / "x.pbn")
    original, back = bridgeio.read(path), bridgeio.read(tmp_path / "x.pbn")
    assert (back.tricks == original.tricks).all() and (back.tricks <= 13).all()
    assert "OptimumResultTable" in (tmp_path / "x.pbn").read_text()


def test_an_edited_trick_is_written_into_the_ability_tag(corpus, tmp_path):
    deals = bridgeio.read(world(corpus, BIG_DEAL))
    deals.tricks[0, 0, 0] = 3  # North in spades
    bridgeio.write(deals, tmp_path / "x.pbn")
    text = (tmp_path / "x.pbn").read_text()
    assert '[Ability "N:73A55 ' in text and "OptimumResultTable" not in text
    assert (bridgeio.read(tmp_path / "x.pbn").tricks == deals.tricks).all()


@pytest.mark.parametrize(
    "value, message",
    [
        ("N:7AA55 E:53377 S:7AA5", "a seat and five trick counts, like 'N:7AA55', found 'S:7AA5'"),
        ("N:7AA5F", "trick counts 0-9 and A-D (10-13), found 'F'"),
    ],
)
def test_an_ability_tag_that_is_not_tricks_is_a_warning(tmp_path, value, message):
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    path = tmp_path / "x.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{deal}"]\n[Ability "{value}"]\n')
    with collect() as found:
        deals = bridgeio.read(path)
    assert (deals.tricks == 15).all()
    assert [str(p) for p in found.problems] == [
        f"line 3: warning: the Ability tag: {message}: its tricks not read"
    ]


def test_double_dummy_tricks_are_read_where_a_game_has_no_table(tmp_path):
    deal = "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"
    path = tmp_path / "x.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{deal}"]\n[DoubleDummyTricks "98a79989794536445364"]\n')
    tricks = bridgeio.read(path).tricks[0]
    # N: NT 9, S 8, H 10, D 7, C 9; S: 9 8 9 7 9; E and W: 4 5 3 6 4
    assert [int(tricks[s, 0]) for s in NT_S_H_D_C] == [9, 8, 10, 7, 9]
    assert [int(tricks[s, 2]) for s in NT_S_H_D_C] == [9, 8, 9, 7, 9]
    assert [int(tricks[s, 1]) for s in NT_S_H_D_C] == [4, 5, 3, 6, 4]


def test_export_of_a_folder_with_numbers_past_the_columns_writes_the_sound_rows(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "big.pbn").write_text(
        '[Event "x"]\n[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW"]\n'
        "1 2 3NT N 9 400 1 1\n4294967296 2 3NT N 9 400 1 1\n3 4 3NT N 9 4294967296 1 1\n"
    )
    with collect():
        tables = bridgeio.tables([folder])
    assert tables["results"].num_rows == 1 and tables["results"]["ns"].to_pylist() == [1]
    (said,) = tables["files"]["warnings"].to_pylist()
    assert re.findall(r"line (\d+)\S*: warning: a ScoreTable row", said) == ["5", "6"]


PBN_20_FREQUENCIES = (
    '[Event "Pairs"]\n[Board "1"]\n[ScoreTable "-Rank\\3R;+Percentage_NS\\4R;'
    '-Percentage_EW\\4R;+Score_NS\\5R;Multiplicity\\2L"]\n'
    "  1 99.4  0.6   500 2\n  3 98.4  1.6   470 1\n"
    '[TotalScoreTable "-Rank\\3R;PairId\\5R;Names\\45;Center\\3;NrBoards\\3R;MP\\6R;'
    '+Percentage\\5R"]\n'
    '  1   58 "Ann SMITH            ;Bob JONES           " OMS  20 1449.8 72.49\n\n'
    '[Event "Pairs"]\n[Board "2"]\n[ScoreTable "#"]\n  1 50.0 50.0 100 3\n'
    '[TotalScoreTable "#"]\n'
    '  1   58 "Ann SMITH            ;Bob JONES           " OMS  20 1449.8 72.49\n'
)


def test_pbn_2_0s_example_tables_inherit_their_headers_and_list_the_standings_once():
    with collect() as found:
        event = tables_to_results(PBN_20_FREQUENCIES, "x.pbn").events[0]
    assert found.problems == []
    boards = event.sections[0].results
    # a row a result, Multiplicity the tables that had it (its ranks say so: 1, then 3)
    assert [[line.ns_score for line in b.results] for b in boards] == [[500, 500, 470], [100] * 3]
    (only,) = event.sections[0].entries
    assert (only.number, only.score, only.percentage) == (58, 1449.8, 72.49)
    assert [p.last_name for p in only.players] == ["SMITH", "JONES"]


PYTHON_WORDING = re.compile(
    r"invalid literal|argument|object has no attribute|could not convert|not subscriptable"
    r"|unsupported operand|NoneType|index out of range|unhashable|codec can't"
)


@pytest.mark.parametrize("folder", ["pbn", "world/pbn"])
def test_no_message_about_a_corpus_pbn_file_is_pythons_own(corpus, folder):
    for path in sorted((corpus / folder).glob("*.pbn")):
        with collect() as found:
            bridgeio.read(path)
            problems = bridgeio.validate(path)
        messages = [p.message for p in found.problems + problems]
        assert not [m for m in messages if PYTHON_WORDING.search(m)], path.name


@pytest.mark.parametrize("name", [RUTER, BRIDGEWEBS])
def test_sit_outs_computed_scores_and_built_entries_survive_json_and_pbn(corpus, tmp_path, name):
    source, _ = read(world(corpus, name))
    with collect():
        bridgeio.write(source, tmp_path / "x.json")
        bridgeio.write(bridgeio.read(tmp_path / "x.json"), tmp_path / "x.pbn")  # from the model
        again = bridgeio.read(tmp_path / "x.pbn")
    assert again.events == source.events


def test_anonymizing_a_ruter_teams_file_replaces_the_rosters_and_lineups(tmp_path):
    source = tmp_path / "league.pbn"
    source.write_text(RUTER_TEAMS)
    out = io.BytesIO()
    anonymize(str(source), out, Pseudonyms(b"key"))
    text = out.getvalue().decode()
    assert not re.search(r"Smith|Jones|Young|Ann|Bob|[,\"|](11|12|21),", text)
    (tmp_path / "anon.pbn").write_bytes(out.getvalue())
    before = bridgeio.read(source).events[0].sections[0]
    after = bridgeio.read(tmp_path / "anon.pbn").events[0].sections[0]
    assert [m.segments for m in after.matches] == [m.segments for m in before.matches]
    assert [len(m.lineup) for m in after.matches] == [3, 0]
    assert len(after.entries[0].players) == 2


FREQUENCY = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[ScoreTable "Rank\\3R;Contract\\5L;Declarer\\1;Result\\2R;Score_NS\\5R;IMP_NS\\6R;'
    'Multiplicity"]\n'
    "  1 6C    W  9   150   9.91 1\n"
    "  2 5CX   E 10   100   9.46 1\n"
    " 14 6C    W 11    50   8.47 {count}\n"
)


def test_a_frequency_table_is_a_line_a_table_scored_in_imps(tmp_path):
    """A ScoreTable with a Multiplicity column (the layout a public PBN reader documents for
    Bridgewebs' frequency tables): each row the number of tables that had that result."""
    path = tmp_path / "frequency.pbn"
    path.write_text(FREQUENCY.format(count=5))
    results, problems = read(path)
    assert not [p for p in problems if "error" in p]
    lines = lines_of(results)
    assert [line.ns_score for line in lines] == [150, 100] + [50] * 5
    assert [line.ns_points for line in lines] == [9.91, 9.46] + [8.47] * 5
    assert all("Multiplicity" not in getattr(line.kept, "cells", {}) for line in lines)
    assert results.events[0].scoring.value in ("butler", "cross_imps", "imps")
    again = tmp_path / "again.pbn"
    bridgeio.write(results, again)
    assert again.read_bytes() == path.read_bytes()


def test_a_frequency_table_past_any_field_is_cut_with_a_warning(tmp_path):
    path = tmp_path / "frequency.pbn"
    path.write_text(FREQUENCY.format(count=10**9))
    results, problems = read(path)
    assert len(lines_of(results)) == 10_000
    assert any("more than 10,000 tables" in p for p in problems)
