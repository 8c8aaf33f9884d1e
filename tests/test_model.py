import numpy as np
import pytest

from bridgeio.model import (
    NO_SEAT,
    UNKNOWN_TRICKS,
    Card,
    Deal,
    DealSet,
    Diagram,
    DiagramSet,
    Seat,
    Strain,
    Suit,
    concat,
    deal_strings,
    parse_pbn_deal,
)
from tests.conftest import random_seats

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def test_card_numbering_is_suit_then_rank_from_the_ace():
    assert Card.from_text("SA") == 0
    assert Card.from_text("S2") == 12
    assert Card.from_text("HA") == 13
    assert Card.from_text("C2") == 51
    assert str(Card(38)) == "D2"
    with pytest.raises(ValueError):
        Card(52)


def test_seat_and_strain_names():
    assert [s.char for s in Seat] == list("NESW")
    assert Seat.WEST.next() is Seat.NORTH
    assert Strain.from_text("NT") is Strain.NOTRUMP
    assert int(Strain.HEARTS) == int(Suit.HEARTS)


def test_pbn_deal_from_any_first_seat_is_the_same_deal():
    north = parse_pbn_deal(DEAL)
    east = parse_pbn_deal("E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98")
    assert np.array_equal(north, east)
    assert north[Card.from_text("SQ")] == Seat.NORTH
    assert north[Card.from_text("SA")] == Seat.WEST
    assert north[Card.from_text("CA")] == Seat.SOUTH


def test_pbn_deal_fills_a_single_missing_hand_and_keeps_unknown_cards_apart():
    filled = parse_pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -")
    assert np.array_equal(filled, parse_pbn_deal(DEAL))
    partial = parse_pbn_deal("N:QJ6.K652.J85.T98 - - -")
    assert (partial == NO_SEAT).sum() == 39


@pytest.mark.parametrize(
    "bad",
    [
        "QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  # no seat
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652",  # three hands
        "N:QJ6.K652.J85 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  # three suits
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJX",  # bad rank
        "N:QQ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",  # card twice
    ],
)
def test_bad_pbn_deals_are_value_errors(bad):
    with pytest.raises(ValueError):
        parse_pbn_deal(bad)


def test_vectorised_deal_strings_match_the_single_deal_view():
    seats = random_seats(3, 200)
    for first in Seat:
        lines = deal_strings(seats, first)
        assert lines == [Deal(row).pbn(first) for row in seats]
        assert all(
            np.array_equal(parse_pbn_deal(line), row)
            for line, row in zip(lines, seats, strict=True)
        )


def test_deal_strings_of_partial_deals_take_the_general_path():
    seats = random_seats(4, 3)
    seats[1, :13] = NO_SEAT
    lines = deal_strings(seats)
    assert lines[1] == Deal(seats[1]).pbn()
    assert np.array_equal(parse_pbn_deal(lines[1]), seats[1])


def test_dd_view_names_declarers_and_strains_and_keeps_unknown():
    tricks = np.arange(20, dtype=np.uint8).reshape(5, 4) % 14
    tricks[Strain.CLUBS, Seat.EAST] = UNKNOWN_TRICKS
    dd = Deal(parse_pbn_deal(DEAL), tricks).dd()
    assert dd["N"]["S"] == tricks[Strain.SPADES, Seat.NORTH]
    assert dd["W"]["NT"] == tricks[Strain.NOTRUMP, Seat.WEST]
    assert dd["E"]["C"] is None
    assert list(dd) == ["N", "E", "S", "W"]
    assert list(dd["N"]) == ["NT", "S", "H", "D", "C"]


def test_deal_set_indexing_slicing_and_joining():
    deals = DealSet(random_seats(5, 10), np.zeros((10, 5, 4), dtype=np.uint8))
    assert len(deals) == 10
    assert isinstance(deals[3], Deal)
    assert np.array_equal(deals[-1].seats, deals.seats[9])
    assert len(deals[2:5]) == 3
    assert concat([deals[:4], deals[4:]]) == deals
    with pytest.raises(IndexError):
        deals[10]
    with pytest.raises(ValueError):
        DealSet(random_seats(1, 3), np.zeros((2, 5, 4), dtype=np.uint8))


def test_diagrams_from_deals_and_back():
    deals = DealSet(random_seats(6, 5))
    diagrams = DiagramSet.from_deals(deals)
    assert diagrams.is_deals()
    assert diagrams.to_deals() == DealSet(deals.seats)
    spades_only = Diagram.from_holdings({"S": {"W": "AK", "N": "Q", "E": "", "S": "2"}})
    assert spades_only.holdings() == {"S": {"W": "AK", "N": "Q", "E": "", "S": "2"}}
    assert not DiagramSet.from_diagrams([spades_only]).is_deals()
    with pytest.raises(ValueError):
        Diagram.from_holdings({"H": {"W": "A"}})
