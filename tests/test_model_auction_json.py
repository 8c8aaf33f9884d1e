"""Auctions and play in the canonical JSON (DESIGN.md, "Auctions and play"): a results line's
``auction``, ``alerts``, ``play``, ``claim`` and ``room`` are written and read back to the same
model, and a malformed one is a FormatError at its JSON path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio.formats.json.write_results import results_document, results_text
from bridgeio.model.auction import Auction
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from bridgeio.model.results import Board, BoardResult, Event, Results, Section
from tests.roundtrip import assert_round_trip
from tests.test_model_auction import legal_auctions


def _results(line: BoardResult, number: int = 1) -> Results:
    return Results([Event(sections=[Section("A", results=[Board(number, [line])])])], "json")


LINE = BoardResult(
    1,
    1,
    1,
    2,
    ns_score=110,
    ew_score=-110,
    contract=Contract.parse("2S", "N"),
    tricks=8,
    auction=Auction.parse(Seat.NORTH, "1S P 2S! P P P".split(), {2: "weak"}),
    play=Play.parse(["HK", "H2", "H3", "HA"], claim=8),
    room="open",
)


def test_a_line_carries_its_auction_and_play() -> None:
    data = results_document(_results(LINE))
    line = data["events"][0]["sections"][0]["boards"][0]["results"][0]
    assert line["auction"] == ["1S", "P", "2S!", "P", "P", "P"]
    assert line["alerts"] == {"2": "weak"}
    assert line["play"] == ["HK", "H2", "H3", "HA"]
    assert (line["claim"], line["room"], line["dealer"]) == (8, "open", "N")
    assert json.loads(results_text(_results(LINE))) == data


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    auction=legal_auctions(),
    cards=st.lists(st.integers(0, 51), max_size=60),
    claim=st.none() | st.integers(0, 13),
    room=st.none() | st.sampled_from(["open", "closed"]),
)
def test_dump_reads_back(
    tmp_path: Path, auction: Auction, cards: list[int], claim: int | None, room: str | None
) -> None:
    explained = Auction(
        auction.dealer, auction.calls, frozenset(range(0, len(auction.calls), 2)), {0: "x|y"}
    )
    line = BoardResult(
        1, 2, 3, 4, auction=explained, play=Play(tuple(map(Card, cards)), claim), room=room
    )
    assert_round_trip(_results(line, 7), tmp_path, "json")


def test_the_dealer_defaults_to_the_board_numbers(tmp_path: Path) -> None:
    data = results_document(_results(LINE, 6))
    del data["events"][0]["sections"][0]["boards"][0]["results"][0]["dealer"]
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    back = bridgeio.read(path)
    assert isinstance(back, Results)
    auction = back.events[0].sections[0].results[0].results[0].auction
    assert auction is not None and auction.dealer is Seat.EAST


@pytest.mark.parametrize(
    ("key", "value", "place"),
    [
        ("auction", ["1S", "9Z"], "results[0].auction"),
        ("auction", "1S", "results[0].auction"),
        ("play", ["SA", "S1"], "results[0].play"),
        ("claim", 14, "results[0].claim"),
        ("alerts", {"one": "x"}, "results[0].alerts"),
        ("dealer", "Q", "results[0].dealer"),
    ],
)
def test_a_malformed_line_is_refused_at_its_place(
    tmp_path: Path, key: str, value: object, place: str
) -> None:
    data = results_document(_results(LINE))
    data["events"][0]["sections"][0]["boards"][0]["results"][0][key] = value
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    with pytest.raises(bridgeio.FormatError) as refused:
        bridgeio.read(path)
    assert place in str(refused.value)
