"""USEBIO writing and validation: corpus round trips, 1.2 versus 1.4, ACBLscore games as USEBIO
(checked against Matthew Kidd's decoder), and the validator's rules."""

from __future__ import annotations

import json
import re

from lxml import etree

import bridgeio
from bridgeio.cli import run
from bridgeio.formats.json import document
from bridgeio.formats.usebio.reader import from_tree, parser
from bridgeio.formats.usebio.validate import check, known_names
from bridgeio.formats.usebio.writer import NEWER_THAN_1_2, to_xml


def reread(xml: bytes):
    return from_tree(etree.fromstring(xml, parser()))


def test_model_to_usebio_to_model_is_the_identity(corpus):
    for path in sorted((corpus / "usebio").glob("*.xml")):
        results = bridgeio.read(path)
        for version in ("1.4", "1.2"):
            xml = to_xml(results, version)
            again = reread(xml)
            same = json.dumps(document(again)) == json.dumps(document(results))
            assert same, f"{path.name} {version}"
            assert to_xml(again, version) == xml, f"{path.name} {version}: not a fixpoint"


def test_writing_1_2_leaves_out_only_what_1_2_cannot_hold(corpus):
    results = bridgeio.read(corpus / "usebio" / "nzscorer_pairs.xml")
    older = etree.fromstring(to_xml(results, "1.2"))
    assert older.get("Version") == "1.2"
    assert not {e.tag for e in older.iter()} & NEWER_THAN_1_2
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", older.findtext("EVENT/DATE"))
    newer = etree.fromstring(to_xml(results, "1.4"))
    assert newer.findtext("EVENT/DATE") == "2015-11-16"


def test_output_is_deterministic_utf8(corpus):
    results = bridgeio.read(corpus / "usebio" / "compscore_mp_pairs_howell.xml")
    first, second = to_xml(results), to_xml(results)
    assert first == second and first.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")


def kidd_key(pair_id: str) -> str:
    match = re.match(r"^[A-Z]*?(\d+)(NS|EW)?$", pair_id)
    number, direction = match.group(1), match.group(2)
    return f"{number}{direction[0]}" if direction else number


def test_acblscore_games_as_usebio_carry_the_answer_key(corpus, tmp_path):
    special = {"Ave+", "Ave", "Ave-", "Not Played", "Late Play"}
    checked_files = 0
    for path in sorted((corpus / "acblscore").iterdir()):
        if not path.is_file() or path.name.startswith("truncated"):
            continue
        bridgeio.convert(path, tmp_path / f"{path.name}.xml")
        written = sorted(tmp_path.glob(f"{path.name}*.xml"))
        assert written, path.name
        kidd = json.loads((corpus / "acblscore" / "expected" / f"{path.name}.json").read_text())
        for number, their_event in enumerate(kidd[0]["event"], start=1):
            target = (
                tmp_path / f"{path.name}.xml"
                if len(written) == 1
                else tmp_path / f"{path.name}-{number}.xml"
            )
            assert [p for p in check(str(target)) if p.severity == "error"] == [], target.name
            event = bridgeio.read(target).events[0]
            for section in event.sections:
                theirs = their_event["section"][section.name]
                entries = {kidd_key(e.id): e for e in section.entries}
                assert set(entries) == set(theirs["entry"]), target.name
                for key, their_entry in theirs["entry"].items():
                    ours = entries[key]
                    same = abs((ours.percentage or 0) - their_entry["pct"]) < 0.005 and [
                        (p.first_name, p.last_name, p.player_number) for p in ours.players
                    ] == [(p["fname"], p["lname"], p["pnum"]) for p in their_entry["player"]]
                    assert same, f"{target.name} {section.name} {key}"  # no names in the log
                for board in section.results:
                    rows = [
                        (r.round, r.table, r.ns, r.ew, r.ns_points, r.ew_points)
                        for r in board.results
                    ]
                    their_rows = [
                        (t[0], t[1], t[2], t[5], t[4], t[7])
                        for t in theirs["board"].get(str(board.number), [])
                    ]
                    # ACBLgamedump drops trailing unplayed results (see acbl_answer_key.py)
                    assert rows[: len(their_rows)] == their_rows, f"{target.name} {board.number}"
                    assert all(
                        isinstance(r.ns_score, str) for r in board.results[len(their_rows) :]
                    )
        checked_files += 1
    assert checked_files == 49
    assert special  # the names ACBLgamedump uses for what USEBIO writes as assigned scores


def write(tmp_path, text: str):
    path = tmp_path / "x.xml"
    path.write_text(text)
    return str(path)


BASE = """<?xml version="1.0"?>
<USEBIO Version="1.4">
<CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS">
<DATE>2024-01-01</DATE>
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>60</PERCENTAGE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE><PERCENTAGE>40</PERCENTAGE></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<SCORE>420</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD>
</EVENT></USEBIO>
"""


def test_a_clean_file_has_no_problems(tmp_path):
    assert check(write(tmp_path, BASE)) == []


def test_rules_no_schema_can_say(tmp_path):
    text = (
        BASE.replace("<PLACE>2</PLACE><PERCENTAGE>40", "<PLACE>2</PLACE><PERCENTAGE>70")
        .replace("<EW_PAIR_NUMBER>2<", "<EW_PAIR_NUMBER>9<")
        .replace(
            "<PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE>",
            "<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>2</PLACE>",
        )
        .replace("<DATE>2024-01-01</DATE>", "<ACBL_THING>x</ACBL_THING>")
    )
    problems = [str(p) for p in check(write(tmp_path, text))]
    assert any(p.startswith("line 4 /USEBIO/EVENT: error: EVENT needs a DATE") for p in problems)
    assert any("place 2 has a better score" in p for p in problems)
    assert any(
        "EW_PAIR_NUMBER 9 is not a participant" in p and "/TRAVELLER_LINE" in p for p in problems
    )
    assert any("ACBL_THING is not in USEBIO 1.4" in p and "warning" in p for p in problems)


def test_schema_errors_carry_line_and_path(tmp_path):
    text = BASE.replace("<PERCENTAGE>60</PERCENTAGE>", "<PERCENTAGE>lots</PERCENTAGE>")
    problems = [str(p) for p in check(write(tmp_path, text))]
    assert any(
        p.startswith("line 7 /USEBIO/EVENT/PARTICIPANTS/PAIR[1]/PERCENTAGE: error")
        for p in problems
    )


def test_schema_command_and_validate_exit_status(tmp_path, capsys):
    assert run(["schema", "usebio"]) == 0
    schema = capsys.readouterr().out
    assert schema.startswith("<?xml") and "xs:schema" in schema
    assert {"PAIR", "TRAVELLER_LINE", "STRATIFICATION"} <= known_names()
    assert run(["validate", write(tmp_path, BASE)]) == 0
    assert run(["validate", write(tmp_path, BASE.replace("<DATE>2024-01-01</DATE>", ""))]) == 1


TEAMS = """<?xml version="1.0" encoding="ISO-8859-1"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Caf\xe9 Club</CLUB_NAME><CLUB_ID_NUMBER>7</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="SWISS_TEAMS"><DATE>01/03/2024</DATE>
<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<TEAM_PAIRING_AVAILABLE>Y</TEAM_PAIRING_AVAILABLE>
<PARTICIPANTS>
<TEAM TEAM_ID="1" TEAM_NAME="Fischer"><PLACE>1</PLACE><TOTAL_SCORE>32</TOTAL_SCORE>
<WINS_OR_DRAWS>2</WINS_OR_DRAWS><PAIR><PAIR_NUMBER>1A</PAIR_NUMBER>
<PLAYER><PLAYER_NAME><FIRSTNAME>Ann</FIRSTNAME><LASTNAME>Van Dyke</LASTNAME></PLAYER_NAME></PLAYER>
</PAIR></TEAM>
<TEAM TEAM_ID="2"><PLACE>2</PLACE><TOTAL_SCORE>8</TOTAL_SCORE></TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<SITOUT>9</SITOUT><TEAM_SCORE>16</TEAM_SCORE><OPPOSING_TEAM_SCORE>4</OPPOSING_TEAM_SCORE>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>7</IMPS><TRAVELLER_LINE><DIRECTION>NS</DIRECTION>
<CONTRACT>4 S x</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>KH</LEAD><SCORE>590</SCORE>
</TRAVELLER_LINE></BOARD></MATCH>
<MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>NONE</OPPOSING_TEAM>
<TEAM_SCORE>16</TEAM_SCORE></MATCH>
</EVENT></USEBIO>
"""

INDIVIDUAL = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="INDIVIDUAL"><DATE>2024-03-01</DATE><PARTICIPANTS>
<PLAYER><PLAYER_NAME>Ann Lee</PLAYER_NAME><PLAYER_NUMBER>1</PLAYER_NUMBER><PLACE>1=</PLACE>
<PERCENTAGE>60</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Bo Kim</PLAYER_NAME><PLAYER_NUMBER>2</PLAYER_NUMBER><PLACE>3</PLACE>
<PERCENTAGE>40</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Cy Ng</PLAYER_NAME><PLAYER_NUMBER>3</PLAYER_NUMBER><PLACE>1=</PLACE>
<PERCENTAGE>60</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Di Li</PLAYER_NAME><PLAYER_NUMBER>4</PLAYER_NUMBER><PLACE>4</PLACE>
<PERCENTAGE>40</PERCENTAGE></PLAYER>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>3</S_PLAYER_NUMBER>
<E_PLAYER_NUMBER>2</E_PLAYER_NUMBER><W_PLAYER_NUMBER>4</W_PLAYER_NUMBER>
<SCORE>A6040</SCORE><NS_MATCH_POINTS>1.2</NS_MATCH_POINTS><EW_MATCH_POINTS>0.8</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>
"""


def test_team_events_keep_their_matches(tmp_path):
    path = tmp_path / "teams.xml"
    path.write_bytes(TEAMS.encode("latin-1"))
    results = bridgeio.read(path)
    event = results.events[0]
    assert event.club == "Caf\u00e9 Club" and event.kind == "teams"
    assert [e.id for e in event.sections[0].entries] == ["1", "2"]
    matches = event.sections[0].matches
    assert [(m.round, m.team, m.opponent, m.victory_points, m.imps) for m in matches] == [
        (1, 1, 2, 16, 7),
        (2, 1, 0, 16, None),
    ]
    xml = to_xml(results)
    assert b"<SITOUT>9</SITOUT>" in xml and b"<OPPOSING_TEAM>NONE</OPPOSING_TEAM>" in xml
    assert b"Van Dyke" in xml  # the nested pair and its player are written back
    again = reread(xml)
    assert json.dumps(document(again)) == json.dumps(document(results))
    assert to_xml(again) == xml


def test_individual_events(tmp_path):
    path = tmp_path / "individual.xml"
    path.write_text(INDIVIDUAL)
    results = bridgeio.read(path)
    line = results.events[0].sections[0].results[0].results[0]
    assert line.seats == (1, 2, 3, 4) and line.ns_score == "A6040"
    xml = to_xml(results)
    assert b"<S_PLAYER_NUMBER>3</S_PLAYER_NUMBER>" in xml
    assert json.dumps(document(reread(xml))) == json.dumps(document(results))
    assert check(str(path)) == []


SESSIONS = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE><SESSION_COUNT>2</SESSION_COUNT>
<SESSION SESSION_ID="S1"><SESSION_DATE>2024-03-01</SESSION_DATE>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>55</PERCENTAGE>
</PAIR></PARTICIPANTS></SESSION>
<SESSION SESSION_ID="S2"><SECTION SECTION_ID="A"><PARTICIPANTS><PAIR>
<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>60</PERCENTAGE></PAIR></PARTICIPANTS>
</SECTION></SESSION></EVENT></USEBIO>
"""


def test_sessions_are_kept(tmp_path):
    path = tmp_path / "sessions.xml"
    path.write_text(SESSIONS)
    results = bridgeio.read(path)
    sections = results.events[0].sections
    assert [(s.extra.get("session"), s.name) for s in sections] == [("S1", ""), ("S2", "A")]
    xml = to_xml(results)
    tree = etree.fromstring(xml)
    assert [s.get("SESSION_ID") for s in tree.iter("SESSION")] == ["S1", "S2"]
    assert tree.findtext("EVENT/SESSION/SESSION_DATE") == "2024-03-01"
    assert json.dumps(document(reread(xml))) == json.dumps(document(results))
    assert document(results)["events"][0]["sections"][1]["session"] == "S2"
