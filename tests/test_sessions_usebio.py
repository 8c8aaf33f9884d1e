"""USEBIO events of several sessions (specification 4.2 and 4.3) read and written whole:
SESSION elements with their own PARTICIPANTS and BOARDs (board numbers unique only within a
session), SESSION_DATE, the overall PARTICIPANTS with CARRY_FORWARD, RESULTS_TYPE and
OVERALL_RESULTS kept; a file of final results with no boards."""

from __future__ import annotations

import datetime
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from lxml import etree

import bridgeio
from bridgeio.cli import run
from bridgeio.errors import DataLossWarning
from bridgeio.formats.usebio.writer import to_xml
from bridgeio.model import sessions_of
from tests.test_sessions_model import session_events

SPECIFICATION = """<?xml version='1.0' encoding='UTF-8'?>
<USEBIO Version="1.4">
  <CLUB>
    <CLUB_NAME>Test Club</CLUB_NAME>
    <CLUB_ID_NUMBER>123</CLUB_ID_NUMBER>
  </CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <PROGRAM_NAME>Example</PROGRAM_NAME>
    <EVENT_DESCRIPTION>Spring Championship</EVENT_DESCRIPTION>
    <DATE>2024-03-02</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <SESSION_COUNT>2</SESSION_COUNT>
    <OVERALL_RESULTS>COMPLETE</OVERALL_RESULTS>
    <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
      <PAIR>
        <PAIR_NUMBER>4</PAIR_NUMBER>
        <PLACE>1</PLACE>
        <TOTAL_SCORE>3.5</TOTAL_SCORE>
        <CARRY_FORWARD>1</CARRY_FORWARD>
        <PERCENTAGE>62.50</PERCENTAGE>
      </PAIR>
      <PAIR>
        <PAIR_NUMBER>1</PAIR_NUMBER>
        <PLACE>2</PLACE>
        <TOTAL_SCORE>2.5</TOTAL_SCORE>
        <PERCENTAGE>62.50</PERCENTAGE>
      </PAIR>
      <PAIR>
        <PAIR_NUMBER>2</PAIR_NUMBER>
        <PLACE>3=</PLACE>
        <TOTAL_SCORE>1.5</TOTAL_SCORE>
        <PERCENTAGE>37.50</PERCENTAGE>
      </PAIR>
      <PAIR>
        <PAIR_NUMBER>3</PAIR_NUMBER>
        <PLACE>3=</PLACE>
        <TOTAL_SCORE>1.5</TOTAL_SCORE>
        <PERCENTAGE>37.50</PERCENTAGE>
      </PAIR>
    </PARTICIPANTS>
    <SESSION SESSION_ID="SAT">
      <SESSION_DATE>2024-03-02</SESSION_DATE>
      <RESULTS_TYPE>SESSION</RESULTS_TYPE>
      <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
        <PAIR>
          <PAIR_NUMBER>1</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1.5</TOTAL_SCORE>
          <PERCENTAGE>75.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>4</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1.5</TOTAL_SCORE>
          <PERCENTAGE>75.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>2</PAIR_NUMBER>
          <PLACE>3=</PLACE>
          <TOTAL_SCORE>0.5</TOTAL_SCORE>
          <PERCENTAGE>25.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>3</PAIR_NUMBER>
          <PLACE>3=</PLACE>
          <TOTAL_SCORE>0.5</TOTAL_SCORE>
          <PERCENTAGE>25.00</PERCENTAGE>
        </PAIR>
      </PARTICIPANTS>
      <BOARD EVENT_TYPE="MP_PAIRS">
        <BOARD_NUMBER>1</BOARD_NUMBER>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
          <SCORE>420</SCORE>
          <NS_MATCH_POINTS>1</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
          <SCORE>170</SCORE>
          <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>1</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
      </BOARD>
      <BOARD EVENT_TYPE="MP_PAIRS">
        <BOARD_NUMBER>2</BOARD_NUMBER>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
          <SCORE>-100</SCORE>
          <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
          <SCORE>-100</SCORE>
          <NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>0.5</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
      </BOARD>
    </SESSION>
    <SESSION SESSION_ID="SUN">
      <SESSION_DATE>2024-03-03</SESSION_DATE>
      <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
        <PAIR>
          <PAIR_NUMBER>1</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1</TOTAL_SCORE>
          <PERCENTAGE>50.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>2</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1</TOTAL_SCORE>
          <PERCENTAGE>50.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>3</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1</TOTAL_SCORE>
          <PERCENTAGE>50.00</PERCENTAGE>
        </PAIR>
        <PAIR>
          <PAIR_NUMBER>4</PAIR_NUMBER>
          <PLACE>1=</PLACE>
          <TOTAL_SCORE>1</TOTAL_SCORE>
          <PERCENTAGE>50.00</PERCENTAGE>
        </PAIR>
      </PARTICIPANTS>
      <BOARD EVENT_TYPE="MP_PAIRS">
        <BOARD_NUMBER>1</BOARD_NUMBER>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
          <SCORE>140</SCORE>
          <NS_MATCH_POINTS>1</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
          <SCORE>110</SCORE>
          <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>1</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
      </BOARD>
      <BOARD EVENT_TYPE="MP_PAIRS">
        <BOARD_NUMBER>2</BOARD_NUMBER>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
          <SCORE>600</SCORE>
          <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>1</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
        <TRAVELLER_LINE>
          <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>
          <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
          <SCORE>620</SCORE>
          <NS_MATCH_POINTS>1</NS_MATCH_POINTS>
          <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
        </TRAVELLER_LINE>
      </BOARD>
    </SESSION>
  </EVENT>
</USEBIO>
"""
"""The specification's layout of a pairs event of two sessions (4.2.3): an overall
PARTICIPANTS, then a SESSION each with its own PARTICIPANTS and BOARDs (boards 1 and 2 in
both). Four pairs, two tables, ACBL matchpoints (top 1); the overall standings are each pair's
two session totals plus its carry forward (pair 4 carries 1), its percentage over the four
boards it played, ranked by total."""


def usebio_file(folder: Path, text: str = SPECIFICATION, name: str = "championship.xml") -> Path:
    """``text`` (the specification's layout unless told) as the file ``name`` in ``folder``."""
    path = folder / name
    path.write_text(text)
    return path


def quietly_read(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bridgeio.read(path)


def test_the_specification_s_layout_reads_as_sessions(tmp_path):
    path = usebio_file(tmp_path)
    event = quietly_read(path).events[0]
    assert [(s.id, s.date) for s in event.sessions] == [
        ("SAT", datetime.date(2024, 3, 2)),
        ("SUN", datetime.date(2024, 3, 3)),
    ]
    boards = [[b.number for x in parts for b in x.results] for _, parts in sessions_of(event)]
    assert boards == [[1, 2], [1, 2]]  # (unique only within a session)
    scores = [
        [(e.id, e.score, e.rank, e.tied) for x in parts for e in x.entries]
        for _, parts in sessions_of(event)
    ]
    assert scores == [
        [("1", 1.5, 1, True), ("4", 1.5, 1, True), ("2", 0.5, 3, True), ("3", 0.5, 3, True)],
        [("1", 1.0, 1, True), ("2", 1.0, 1, True), ("3", 1.0, 1, True), ("4", 1.0, 1, True)],
    ]
    assert [(e.id, e.score, e.percentage, e.rank, e.carry_forward) for e in event.entries] == [
        ("4", 3.5, 62.5, 1, 1.0),
        ("1", 2.5, 62.5, 2, None),
        ("2", 1.5, 37.5, 3, None),
        ("3", 1.5, 37.5, 3, None),
    ]


def test_the_specification_s_layout_writes_back_with_what_it_holds(tmp_path):
    path = usebio_file(tmp_path)
    doc = quietly_read(path)
    written = to_xml(doc)
    tree = etree.fromstring(written)
    event = tree.find("EVENT")
    assert [child.tag for child in event if child.tag in ("PARTICIPANTS", "SESSION")] == [
        "PARTICIPANTS",
        "SESSION",
        "SESSION",
    ]
    assert event.findtext("SESSION_COUNT") == "2"
    assert event.findtext("OVERALL_RESULTS") == "COMPLETE"
    assert event.findtext("PARTICIPANTS/PAIR/CARRY_FORWARD") == "1"
    assert [s.findtext("SESSION_DATE") for s in event.iter("SESSION")] == [
        "2024-03-02",
        "2024-03-03",
    ]
    assert event.findtext("SESSION/RESULTS_TYPE") == "SESSION"
    again = tmp_path / "again.xml"
    again.write_bytes(written)
    assert quietly_read(again).events == doc.events
    assert to_xml(quietly_read(again)) == written  # what bridgeio writes, byte for byte


def test_a_file_of_final_results_with_no_boards(tmp_path):
    """4.3: the overall results of an event reported in parts, as an event in itself."""
    final = SPECIFICATION.split("<SESSION ")[0] + "  </EVENT>\n</USEBIO>\n"
    path = usebio_file(tmp_path, final, "final.xml")
    doc = quietly_read(path)
    event = doc.events[0]
    assert event.sessions == [] and len(event.sections) == 1
    assert [(e.id, e.score, e.carry_forward) for e in event.sections[0].entries] == [
        ("4", 3.5, 1.0),
        ("1", 2.5, None),
        ("2", 1.5, None),
        ("3", 1.5, None),
    ]
    assert all(not s.results for s in event.sections)
    assert etree.fromstring(to_xml(doc)).find("EVENT/BOARD") is None
    assert run(["validate", str(path)]) == 0


@settings(max_examples=30, deadline=None)
@given(doc=session_events())
def test_sessions_round_trip_through_usebio_byte_for_byte(tmp_path_factory, doc):
    folder = tmp_path_factory.mktemp("usebio")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DataLossWarning)  # USEBIO holds all of it
        first = folder / "first.xml"
        bridgeio.write(doc, first)
        back = quietly_read(first)
        assert back.events == doc.events
        count = etree.parse(str(first)).findtext("EVENT/SESSION_COUNT")
        assert count == str(len(doc.events[0].sessions))
        second = folder / "second.xml"
        bridgeio.write(back, second)
    assert second.read_bytes() == first.read_bytes()


@settings(max_examples=15, deadline=None)
@given(doc=session_events(modern=False))
def test_sessions_round_trip_through_usebio_1_2(tmp_path_factory, doc):
    path = tmp_path_factory.mktemp("usebio") / "old.xml"
    with warnings.catch_warnings():
        warnings.simplefilter("error", DataLossWarning)
        bridgeio.write(doc, path, usebio_version="1.2")
    assert quietly_read(path).events == doc.events


def test_a_format_without_sessions_says_what_it_flattens(tmp_path, capsys):
    source = usebio_file(tmp_path)
    for target in ("game.ACA",):  # (PBN: issue 41's Ruter session columns hold them)
        assert run(["convert", str(source), str(tmp_path / target)]) == 0
        said = capsys.readouterr().err
        assert "the sessions of 1 events (each session's sections written as the event's)" in said
        assert "the overall standings of 4 entries" in said
    back = quietly_read(tmp_path / "game.ACA").events[0]
    assert [sum(len(b.results) for b in s.results) for s in back.sections] == [4, 4]
    assert run(["convert", str(source), str(tmp_path / "same.json")]) == 0
    assert "session" not in capsys.readouterr().err


WORLD = "world/usebio/jacquicollier__ukbridge-club-website__"


@pytest.mark.parametrize("name", ["mp-pairs.xml", "multiple-teams.xml"])
def test_real_files_with_a_session_element_read_it_as_their_one_session(corpus, tmp_path, name):
    """EBU programs (PairsScorer, TeamsScorer) write every event in a SESSION: one session,
    its SECTION or its results, read as such and written back as they were."""
    path = corpus / (WORLD + name)
    if not path.exists():
        pytest.skip(f"{path} is not here")
    doc = quietly_read(path)
    event = doc.events[0]
    assert [s.id for s in event.sessions] == ["1"] and event.entries == []
    assert [s.session for s in event.sections] == [1]
    assert event.sections[0].entries and (event.sections[0].results or event.sections[0].matches)
    tree = etree.fromstring(to_xml(doc))
    assert [s.get("SESSION_ID") for s in tree.iter("SESSION")] == ["1"]
    again = tmp_path / "again.xml"
    again.write_bytes(to_xml(doc))
    assert quietly_read(again).events == doc.events
    assert run(["validate", str(again)]) == run(["validate", str(path)])


def overall_without(*tags: str) -> str:
    """The specification's layout with ``tags`` left out of the overall standings."""
    overall, sessions = SPECIFICATION.split("    <SESSION ", 1)
    lines = overall.split("\n")
    kept = [line for line in lines if not any(f"<{tag}>" in line for tag in tags)]
    return "\n".join(kept) + "    <SESSION " + sessions


def test_overall_standings_need_a_total_or_a_percentage(tmp_path, capsys):
    """A match-pointed session's PAIR needs a PERCENTAGE (2.7); the overall standings may give
    totals alone, their places by the total with the carry forward (pair 4 first at 62.50 %,
    pair 1 second at the same): no error. Neither figure: an error at each PAIR."""
    totals = usebio_file(tmp_path, overall_without("PERCENTAGE"), "totals.xml")
    assert run(["validate", str(totals)]) == 0
    neither = usebio_file(tmp_path, overall_without("PERCENTAGE", "TOTAL_SCORE"), "neither.xml")
    assert run(["validate", str(neither)]) == 1
    out = capsys.readouterr().out
    assert "a PAIR of overall standings needs a TOTAL_SCORE or a PERCENTAGE" in out


def test_an_unreadable_session_date_is_said_and_kept(tmp_path, capsys):
    unreadable = SPECIFICATION.replace("<SESSION_DATE>2024-03-03<", "<SESSION_DATE>Sunday<")
    path = usebio_file(tmp_path, unreadable, "dated.xml")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        doc = bridgeio.read(path)
    assert any("SESSION_DATE 'Sunday'" in str(w.message) for w in seen)
    assert [s.date for s in doc.events[0].sessions] == [datetime.date(2024, 3, 2), None]
    tree = etree.fromstring(to_xml(doc))
    assert [s.findtext("SESSION_DATE") for s in tree.iter("SESSION")] == ["2024-03-02", "Sunday"]
    assert run(["validate", str(path)]) == 1
    assert "/USEBIO/EVENT/SESSION[2]/SESSION_DATE: error: SESSION_DATE 'Sunday'" in (
        capsys.readouterr().out
    )


def test_through_the_canonical_json_the_same_usebio_comes_back(tmp_path, capsys):
    source = usebio_file(tmp_path)
    direct, json_doc, again = tmp_path / "d.xml", tmp_path / "c.json", tmp_path / "j.xml"
    assert run(["convert", str(source), str(direct)]) == 0
    assert run(["convert", str(source), str(json_doc)]) == 0
    assert run(["convert", str(json_doc), str(again)]) == 0
    assert again.read_bytes() == direct.read_bytes()  # (RESULTS_TYPE, OVERALL_RESULTS kept)
    capsys.readouterr()


BESIDE_A_SECTION = """<?xml version='1.0' encoding='UTF-8'?>
<USEBIO Version="1.4">
  <EVENT EVENT_TYPE="MP_PAIRS">
    <DATE>2024-03-02</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <SESSION>
      <SESSION_ID>SAT</SESSION_ID>
      <SESSION_DATE>Saturday</SESSION_DATE>
      <RESULTS_TYPE>SESSION</RESULTS_TYPE>
      <SECTION SECTION_ID="A">
        <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
          <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>100</PERCENTAGE></PAIR>
          <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE><PERCENTAGE>0</PERCENTAGE></PAIR>
        </PARTICIPANTS>
      </SECTION>
    </SESSION>
    <SECTION SECTION_ID="B">
      <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
        <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>50</PERCENTAGE></PAIR>
      </PARTICIPANTS>
    </SECTION>
  </EVENT>
</USEBIO>
"""
"""A SESSION beside a SECTION of the EVENT's own: read as sections (the model holds no
sessions), the SESSION's id (an element), date (unreadable) and RESULTS_TYPE kept on its
sections."""


def test_a_session_read_as_sections_keeps_its_id_and_elements(tmp_path, capsys):
    path = usebio_file(tmp_path, BESIDE_A_SECTION, "sectioned.xml")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        doc = bridgeio.read(path)
    assert [str(w.message).split("error: ")[1] for w in seen] == [
        "SESSION_DATE 'Saturday': expected a date that exists (yyyy-mm-dd, or dd/mm/yyyy)"
    ]
    event = doc.events[0]
    assert event.sessions == [] and [(s.name, s.session) for s in event.sections] == [
        ("A", 1),
        ("B", None),
    ]
    session = etree.fromstring(to_xml(doc)).find("EVENT/SESSION")
    assert session.get("SESSION_ID") == "SAT"
    assert [(c.tag, c.text) for c in session if c.tag != "SECTION"] == [
        ("SESSION_DATE", "Saturday"),
        ("RESULTS_TYPE", "SESSION"),
    ]
    assert run(["validate", str(path)]) == 1
    said = capsys.readouterr().out
    assert "/USEBIO/EVENT/SESSION/SESSION_DATE: error: SESSION_DATE 'Saturday'" in said
