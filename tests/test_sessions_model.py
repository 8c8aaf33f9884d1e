"""Events of several sessions in the model and the canonical JSON (DESIGN.md, "Events of
several sessions"): sessions each with their sections, the overall standings with carried
scores, read back from JSON exactly as written."""

from __future__ import annotations

import copy
import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio.errors import FormatError
from bridgeio.formats.json.read_results import results_from_document
from bridgeio.formats.json.write_results import results_document, results_text
from bridgeio.model import Entry, Event, Results, Section, Session, add_session, sessions_of
from tests.formats.test_usebio_writer import entries, results_models

DATES = st.one_of(st.none(), st.dates(datetime.date(1990, 1, 1), datetime.date(2099, 12, 31)))
CARRIED = st.one_of(st.none(), st.integers(-400, 400).map(lambda n: n / 4))


@st.composite
def session_events(draw, modern: bool = True) -> Results:
    """An event of 1-3 sessions, each the sections of a results model USEBIO holds (board
    numbers repeat from session to session), with overall standings where drawn."""
    first = draw(results_models(modern))
    event = first.events[0]
    parts = [event.sections]
    for _ in range(draw(st.integers(0, 2))):
        other = draw(results_models(modern)).events[0]
        same = other.kind is event.kind and other.scoring is event.scoring
        parts.append(other.sections if same else copy.deepcopy(event.sections))
    event.sections = []
    ids = draw(
        st.lists(
            st.from_regex(r"[A-Z0-9]{1,4}", fullmatch=True),
            unique=True,
            min_size=len(parts),
            max_size=len(parts),
        )
    )
    for session_id, sections in zip(ids, parts, strict=True):
        add_session(event, Session(session_id, draw(DATES)), sections)
    if draw(st.booleans()):
        event.entries = draw(entries(event.kind, "", modern))
        for entry in event.entries:
            entry.carry_forward = draw(CARRIED)
    return first


@settings(max_examples=40, deadline=None)
@given(doc=session_events())
def test_sessions_round_trip_through_the_canonical_json(tmp_path_factory, doc):
    data = results_document(doc)
    event = data["events"][0]
    assert "sections" not in event
    assert [s["id"] for s in event["sessions"]] == [s.id for s in doc.events[0].sessions]
    assert results_text(doc) == json.dumps(data)
    assert results_from_document(json.loads(results_text(doc))) == doc
    path = tmp_path_factory.mktemp("json") / "sessions.json"
    bridgeio.write(doc, path)
    back = bridgeio.read(path)
    assert back.events == doc.events
    assert [[x.session for x in parts] for _, parts in sessions_of(back.events[0])] == [
        [n] * len(parts) for n, (_, parts) in enumerate(sessions_of(doc.events[0]), start=1)
    ]


def test_the_contract_s_keys():
    event = Event(1, "Spring Championship")
    add_session(event, Session("SAT", datetime.date(2024, 3, 2)), [Section("A")])
    add_session(event, Session("SUN", datetime.date(2024, 3, 3)), [Section("A")])
    event.entries = [Entry("1", 1, score=120.5, percentage=56.04, rank=1, carry_forward=3.0)]
    data = results_document(Results([event], "usebio"))["events"][0]
    assert [(s["id"], s["date"], [x["name"] for x in s["sections"]]) for s in data["sessions"]] == [
        ("SAT", "2024-03-02", ["A"]),
        ("SUN", "2024-03-03", ["A"]),
    ]
    standing = data["entries"][0]
    assert (standing["score"], standing["percentage"], standing["rank"]) == (120.5, 56.04, 1)
    assert standing["carry_forward"] == 3.0


def test_an_event_without_sessions_keeps_its_json():
    event = Event(1, "Pairs", sections=[Section("A", entries=[Entry("1", 1, score=50.0)])])
    data = results_document(Results([event]))["events"][0]
    assert "sessions" not in data and "entries" not in data
    assert "carry_forward" not in data["sections"][0]["entries"][0]


def test_a_section_outside_the_sessions_is_refused():
    event = Event(sessions=[Session("1")], sections=[Section("A")])
    with pytest.raises(ValueError, match="names session None"):
        sessions_of(event)


def test_a_bad_session_names_its_place(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({"format": "usebio", "events": [{"sessions": [{"id": "1", "date": "Sat"}]}]})
    )
    with pytest.raises(FormatError, match=r"events\[0\]\.sessions\[0\]\.date"):
        bridgeio.read(path)


def test_anonymizing_reaches_the_overall_standings():
    from bridgeio.model import Player, anonymize

    event = Event(1)
    add_session(event, Session("1"), [Section("", entries=[Entry("1", 1)])])
    event.entries = [Entry("1", 1, players=[Player("Lee", "Ann", "7")])]
    anonymize(Results([event]), b"key")
    player = event.entries[0].players[0]
    assert (player.last_name, player.first_name, player.player_number) != ("Lee", "Ann", "7")


def test_an_event_with_both_sections_and_sessions_is_refused(tmp_path):
    path = tmp_path / "both.json"
    event = {"sections": [{"name": "A"}], "sessions": [{"id": "1", "sections": []}]}
    path.write_text(json.dumps({"format": "usebio", "events": [event]}))
    with pytest.raises(FormatError, match=r"events\[0\]\.sessions: .*sections or sessions"):
        bridgeio.read(path)
