"""Canonical JSON: the DESIGN.md shape, and reading it back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

import bridgeio
from bridgeio import FormatError
from bridgeio.model import DealSet, DiagramSet
from tests.conftest import deal_sets, random_seats, random_tricks


def test_shape_of_a_deal_document(tmp_path):
    deals = DealSet(random_seats(1, 3), random_tricks(1, 3, unknown=0.3))
    bridgeio.write(deals, tmp_path / "a.zrd")
    bridgeio.convert(tmp_path / "a.zrd", tmp_path / "a.json")
    document = json.loads((tmp_path / "a.json").read_text())
    assert document["format"] == "zrd"
    record = document["records"][0]
    assert record["deal"].startswith("N:")
    assert list(record["dd"]) == ["N", "E", "S", "W"]
    assert list(record["dd"]["N"]) == ["NT", "S", "H", "D", "C"]
    unknown = [v for row in record["dd"].values() for v in row.values() if v is None]
    assert len(unknown) == (deals.tricks[0] == 15).sum()


def test_zdd_has_null_deals_and_zbd_null_tricks(tmp_path):
    bridgeio.write(DealSet(None, random_tricks(2, 2)), tmp_path / "a.zdd")
    bridgeio.write(DealSet(random_seats(2, 2)), tmp_path / "a.zbd")
    bridgeio.convert(tmp_path / "a.zdd", tmp_path / "d.json")
    bridgeio.convert(tmp_path / "a.zbd", tmp_path / "b.json")
    assert json.loads((tmp_path / "d.json").read_text())["records"][0]["deal"] is None
    assert json.loads((tmp_path / "b.json").read_text())["records"][0]["dd"] is None


def test_zbs_records_list_suits_by_seat(tmp_path):
    (tmp_path / "a.zbs").write_bytes(((1 + 1 * 5 + 2 * 25) << 1).to_bytes(4, "little"))
    bridgeio.convert(tmp_path / "a.zbs", tmp_path / "a.json")
    document = json.loads((tmp_path / "a.json").read_text())
    assert document == {
        "format": "zbs",
        "records": [{"suits": {"S": {"W": "AK", "N": "Q", "E": "", "S": ""}}}],
    }
    assert isinstance(bridgeio.read(tmp_path / "a.json"), DiagramSet)


@given(deals=deal_sets(boards=True, min_size=1))
def test_round_trip(tmp_path_factory, deals):
    path = tmp_path_factory.mktemp("json") / "x.json"
    bridgeio.write(deals, path)
    assert bridgeio.read(path) == deals


def test_an_empty_document_is_an_empty_deal_set(tmp_path):
    bridgeio.write(DealSet.empty(), tmp_path / "a.json")
    assert len(bridgeio.read(tmp_path / "a.json")) == 0


@pytest.mark.parametrize(
    "text,place",
    [
        ('{"records": [{"deal": "N:AK"}]}', "records[0].deal"),
        ('{"records": [{"deal": null, "dd": {"N": {"NT": 14}}}]}', "records[0].dd.N"),
        ('{"records": 3}', "top level"),
        ('{"records": [\n{"deal": }', "line 2 column 10"),
    ],
)
def test_bad_json_names_the_place(tmp_path, text, place):
    (tmp_path / "a.json").write_text(text)
    with pytest.raises(FormatError, match=place.replace("[", r"\[").replace("]", r"\]")):
        bridgeio.read(tmp_path / "a.json")


@pytest.mark.parametrize(
    "event,message",
    [
        ({"sections": [{"boards": 7}]}, "events[0].sections[0].boards: expected a list, found 7"),
        ({"name": 5}, "events[0].name: expected a string, found 5"),
        ({"number": 2.5}, "events[0].number: expected a whole number, found 2.5"),
        ({"sections": [{"tables": 2**40}]}, "sections[0].tables: expected a number of at most"),
        ({"date": "Monday"}, "events[0].date: expected a date as yyyy-mm-dd or null"),
        ({"kept": {"a": 1, "b": 2}}, "events[0].kept: expected one format's provenance"),
    ],
)
def test_a_bad_results_document_names_the_place_and_what_was_found(tmp_path, event, message):
    (tmp_path / "a.json").write_text(json.dumps({"format": "usebio", "events": [event]}))
    with pytest.raises(FormatError) as raised:
        bridgeio.read(tmp_path / "a.json")
    assert message in str(raised.value)


def test_results_text_is_json_dumps_of_the_document_whatever_a_result_holds():
    from bridgeio.formats.acblscore.provenance import GameFile
    from bridgeio.formats.json.write_results import results_document, results_text
    from bridgeio.model import Card
    from bridgeio.model.contract import Contract
    from bridgeio.model.results import (
        Assigned,
        Board,
        BoardResult,
        Event,
        EventKind,
        Match,
        Results,
        Section,
        Special,
    )

    class Carried(GameFile):  # a board whose provenance the JSON carries
        def to_json(self):
            return {"at": 1}

    rows = [
        BoardResult(1, 2, 3, 4, 420, -420, 1.5, 0.5),
        BoardResult(
            1, 2, 3, 4, 420, -420, 1.5, 0.5, Contract.parse("4SX"), 10, Card.from_text("HK")
        ),
        BoardResult(1, 2, 3, 4, Special.LATE_PLAY, Assigned(70.0), None, 2),
        BoardResult(1, 2, 3, 4, 50, -50, float("nan"), float("inf"), foul_group=2),
        BoardResult(True, 2, 3, 4, 50, -50, -0.0, 1e300),
        BoardResult(1, 2, 3, 4, 50, -50, 1.0, 2.0, seats=(1, 2, 3, 4), points=(1.0, 2.0, 3.0, 4.0)),
    ]
    for kind in EventKind:
        boards = [Board(7, rows), Board(8), Board(9, rows[:1], Carried(b"")), Board(True, rows)]
        section = Section("A", results=boards, matches=[Match(1, 2, 3, boards=boards)])
        doc = Results([Event(kind=kind, sections=[section, Section("B")])], partial=True)
        assert results_text(doc, "x") == json.dumps(results_document(doc, "x"))
