"""The game's rules in the model: contracts, their duplicate score, boards, typed scores."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeio.model import Seat, Strain
from bridgeio.model.board import Vulnerability, dealer, vulnerability
from bridgeio.model.contract import Contract, Doubling, duplicate_score
from bridgeio.model.results import Assigned, Special, parse_score, score_text

# Law 77's table, as the WBF publishes it, read off as whole-contract scores for the declaring
# side: (contract, tricks taken, vulnerable, score).
PUBLISHED = [
    ("1NT", 7, False, 90),
    ("1NT", 8, False, 120),
    ("2S", 8, False, 110),
    ("2C", 8, True, 90),
    ("3NT", 9, False, 400),
    ("3NT", 9, True, 600),
    ("4H", 10, False, 420),
    ("4S", 11, True, 650),
    ("5D", 11, False, 400),
    ("5C", 11, True, 600),
    ("6NT", 12, True, 1440),
    ("6S", 12, False, 980),
    ("7NT", 13, True, 2220),
    ("7C", 13, False, 1440),
    ("1CX", 7, False, 140),
    ("1CXX", 7, False, 230),
    ("1CX", 8, True, 340),
    ("2SX", 8, False, 470),
    ("2SX", 8, True, 670),
    ("3NTX", 9, True, 750),
    ("4HXX", 10, True, 1080),
    ("7NTXX", 13, True, 2980),
    ("1NT", 6, False, -50),
    ("4S", 7, True, -300),
    ("3NTX", 8, False, -100),
    ("3NTX", 6, False, -500),
    ("3NTX", 5, False, -800),
    ("3NTX", 6, True, -800),
    ("6HXX", 8, False, -1600),
    ("7NTXX", 0, True, -7600),
    ("7NTX", 0, False, -3500),
]


@pytest.mark.parametrize(("text", "tricks", "vulnerable", "score"), PUBLISHED)
def test_published_scores(text, tricks, vulnerable, score):
    assert Contract.parse(text).score(tricks, vulnerable) == score


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    vulnerable=st.booleans(),
    tricks=st.integers(0, 13),
)
def test_scores_agree_with_endplay_everywhere(level, strain, doubling, vulnerable, tricks):
    """endplay (an independent implementation) scores every contract and result alike."""
    from endplay import types as ep

    theirs = ep.Contract(
        level=level,
        denom=ep.Denom(int(strain)),  # both order S H D C NT
        declarer=ep.Player.south,
        penalty=ep.Penalty(1 << doubling),
        result=tricks - level - 6,
    ).score(ep.Vul.ns if vulnerable else ep.Vul.ew)
    ours = Contract(level, strain, doubling).score(tricks, vulnerable)
    assert ours == theirs


def test_north_south_score_follows_the_declarer_and_the_board():
    contract = Contract.parse("4S", "E")
    assert contract.ns_score(10, vulnerability(2)) == -420  # E-W not vulnerable on board 2
    assert contract.ns_score(10, vulnerability(3)) == -620
    assert Contract.parse("Pass").ns_score(0, Vulnerability.BOTH) == 0
    with pytest.raises(ValueError, match="needs the declarer"):
        Contract.parse("4S").ns_score(10, Vulnerability.NONE)


@pytest.mark.parametrize(
    ("spelling", "text"),
    [
        ("4SX", "4SX"),
        ("4 S x", "4SX"),
        ("5Cx", "5CX"),
        ("3N", "3NT"),
        ("3 nt", "3NT"),
        ("6H**", "6HXX"),
        ("2DR", "2DXX"),
        ("1SA", "1NT"),
        ("P", "Pass"),
        ("AP", "Pass"),
        ("PASS", "Pass"),
    ],
)
def test_contract_spellings(spelling, text):
    assert Contract.parse(spelling).text == text


@pytest.mark.parametrize("bad", ["", "8S", "0S", "4Z", "4SXXX", "NT3", "4S X X X"])
def test_not_contracts(bad):
    with pytest.raises(ValueError, match="not a contract"):
        Contract.parse(bad)


def test_a_pass_out_has_no_declarer():
    assert Contract.parse("Pass", "N").declarer is None
    assert Contract.parse("2H", Seat.WEST).declarer is Seat.WEST


def test_dealer_and_vulnerability_cycle():
    seats = [dealer(b).char for b in range(1, 9)]
    assert seats == ["N", "E", "S", "W"] * 2
    cycle = [vulnerability(b).text for b in range(1, 17)]
    assert cycle == ("None NS EW All NS EW All None EW All None NS All None NS EW".split())
    assert all(vulnerability(b) is vulnerability(b + 16) for b in range(1, 50))


def test_vulnerability_spellings():
    assert Vulnerability.from_text("Both") is Vulnerability.BOTH
    assert Vulnerability.from_text("-") is Vulnerability.NONE
    assert Vulnerability.from_text("n-s") is Vulnerability.NS
    with pytest.raises(ValueError):
        Vulnerability.from_text("sometimes")


@given(st.one_of(st.integers(-7600, 7600), st.sampled_from(list(Special))))
def test_scores_survive_their_json_text(score):
    assert parse_score(score_text(score)) == score


def test_assigned_percentages():
    assert parse_score("70%") == Assigned(70.0)
    assert parse_score("40%") is Special.AVERAGE_MINUS
    with pytest.raises(ValueError):
        parse_score("lots")
    with pytest.raises(ValueError):
        parse_score(True)


def test_duplicate_score_refuses_impossible_tricks():
    with pytest.raises(ValueError):
        duplicate_score(Contract.parse("1S"), 14, False)
