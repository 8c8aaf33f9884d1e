"""PBN: lenient reading of real-world variations, strict PBN 2.1 writing, round trips."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from hypothesis import given

import bridgeio
from bridgeio import FormatError, Seat, Strain
from bridgeio.formats.pbn.writer import write_chunks
from bridgeio.model import UNKNOWN_TRICKS, DealSet, Par, parse_pbn_deal, vulnerability
from bridgeio.model.board import dealer
from tests.conftest import deal_sets, random_seats, random_tricks

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
MANDATORY = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
]


def read_text(tmp_path, text: str, name: str = "x.pbn", encoding: str = "utf-8") -> DealSet:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return bridgeio.read(path)


def test_standard_rotation_of_dealer_and_vulnerability():
    # Board 1-16 of the standard duplicate cycle (Law 2), then it repeats.
    expected = [
        "None",
        "NS",
        "EW",
        "All",
        "NS",
        "EW",
        "All",
        "None",
        "EW",
        "All",
        "None",
        "NS",
        "All",
        "None",
        "NS",
        "EW",
    ]
    assert [vulnerability(b).text for b in range(1, 17)] == expected
    assert [vulnerability(b + 16).text for b in range(1, 17)] == expected
    assert [dealer(b).char for b in range(1, 9)] == list("NESWNESW")


def test_writer_emits_the_mandatory_tags_in_order(tmp_path):
    deals = DealSet(random_seats(1, 20), random_tricks(1, 20))
    bridgeio.write(deals, tmp_path / "a.pbn")
    text = (tmp_path / "a.pbn").read_text()
    assert text.startswith("% PBN 2.1\n% EXPORT\n\n")
    games = [g for g in text.split("\n\n")[1:] if g.strip()]
    assert len(games) == 20
    for number, game in enumerate(games, start=1):
        names = re.findall(r'^\[(\w+) "', game, flags=re.M)
        assert names[: len(MANDATORY)] == MANDATORY
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, flags=re.M))
        known = (deals.tricks[number - 1] <= 13).all()  # then the par comes before the table
        after = ["OptimumScore", "ParContract", "OptimumResultTable"] if known else names[-1:]
        assert names[len(MANDATORY) :] == after
        assert tags["Board"] == str(number)
        assert tags["Dealer"] == dealer(number).char
        assert tags["Vulnerable"] == vulnerability(number).text
        assert tags["Deal"].startswith(dealer(number).char + ":")
        seats = parse_pbn_deal(tags["Deal"])
        assert np.array_equal(seats, deals.seats[number - 1])


def test_the_par_tags_of_a_written_deal_set_are_those_of_par_of_each_deal():
    # Written for the whole set at once: each game's text between Result and the table must
    # be exactly the tags of Par.of (none for board 0 or an unknown count).
    rng = np.random.default_rng(21)
    deals = DealSet(random_seats(3, 3000), rng.integers(0, 14, (3000, 5, 4), dtype=np.uint8))
    deals.tricks[::29, 2, 3] = UNKNOWN_TRICKS
    deals.tricks[1::53] = rng.integers(0, 7, (len(deals.tricks[1::53]), 5, 4))  # passed out
    deals.boards = rng.integers(0, 50, 3000)
    out = io.BytesIO()
    write_chunks([deals[:1000], deals[1000:]], out)
    games = [g for g in out.getvalue().decode().split("\n\n")[1:] if g.strip()]
    assert len(games) == 3000
    seen = {"none": 0, "pass": 0, "several": 0, "sacrifice": 0}
    for i, game in enumerate(games):
        board = int(deals.boards[i])
        par = Par.of(deals.tricks[i], dealer(board), vulnerability(board)) if board else None
        tags = ""
        if par is not None:
            tags = f'[OptimumScore "{par.optimum_score}"]\n[ParContract "{par.par_contract}"]\n'
        assert game.split('[Result ""]\n')[1].split("[OptimumResultTable")[0] == tags, i
        seen["none"] += par is None
        seen["pass"] += par is not None and par.par_contract == "Pass"
        seen["several"] += par is not None and "," in par.par_contract
        seen["sacrifice"] += par is not None and "X" in par.par_contract
    assert min(seen.values()) > 0, seen


def test_optimum_result_table_rows_are_taken_by_label_not_position(tmp_path):
    text = (
        '[Board "1"]\n[Deal "' + DEAL + '"]\n'
        '[OptimumResultTable "Result;Declarer;Denomination\\2R"]\n'
        "9 S H\n7 N C\n13 W NT\n"
    )
    tricks = read_text(tmp_path, text).tricks[0]
    assert tricks[Strain.HEARTS, Seat.SOUTH] == 9
    assert tricks[Strain.CLUBS, Seat.NORTH] == 7
    assert tricks[Strain.NOTRUMP, Seat.WEST] == 13
    assert (tricks == UNKNOWN_TRICKS).sum() == 17


def test_lenient_reading_of_real_world_variations(tmp_path):
    text = (
        "\ufeff% exported by some program\r\n"
        "; a comment line\r\n"
        '[Event "Club night"][Site "Here"]\r\n'
        '[Board "7"]\r\n'
        "{ a comment\r\n over two lines }\r\n"
        '[Dealer "S"]\r\n'
        '[Deal "W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652"]\r\n'
        "\r\n"
        '[Event "#"]\r\n'
        '[Board "8"] ; trailing comment\r\n'
        '[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -"]\r\n'
        "\r\n"
        '[Event "#"]\r\n[Board "?"]\r\n[Deal "?"]\r\n'
    )
    deals = read_text(tmp_path, text)
    assert len(deals) == 2
    assert deals.boards.tolist() == [7, 8]
    assert deals[0].pbn() == DEAL
    assert deals[1].pbn() == DEAL  # the fourth hand filled in
    assert deals.tricks is None


def test_inherited_values_and_cp1252_names(tmp_path):
    text = (
        '[Event "Caf\xe9 cup"]\n[Board "1"]\n[Deal "' + DEAL + '"]\n\n'
        '[Event "#"]\n[Board "2"]\n[Deal "#"]\n'
    )
    deals = read_text(tmp_path, text, encoding="cp1252")
    assert len(deals) == 2 and deals[0].pbn() == deals[1].pbn() == DEAL


def test_bad_deal_names_the_line(tmp_path):
    text = '[Board "1"]\n\n[Board "2"]\n[Deal "N:AKQ.. - - -"]\n'
    with pytest.raises(FormatError, match=r"x.pbn: line 4 \(Deal tag\): expected a PBN deal"):
        read_text(tmp_path, text)
    with pytest.raises(FormatError, match=r"line 3 \(OptimumResultTable\): expected 0-13 tricks"):
        read_text(
            tmp_path,
            '[Deal "' + DEAL + '"]\n[OptimumResultTable "Declarer;Denomination'
            '\\2R;Result\\2R"]\nN NT 14\n',
        )


@given(deals=deal_sets(boards=True, min_size=1))
def test_round_trip(tmp_path_factory, deals):
    path = tmp_path_factory.mktemp("pbn") / "x.pbn"
    bridgeio.write(deals, path)
    assert bridgeio.read(path, "pbn") == deals


@given(deals=deal_sets(tricks=False))
def test_round_trip_without_tables(tmp_path_factory, deals):
    path = tmp_path_factory.mktemp("pbn") / "x.pbn"
    bridgeio.write(deals, path)
    back = bridgeio.read(path, "pbn")
    assert np.array_equal(back.seats, deals.seats) and back.tricks is None
    assert back.board_numbers().tolist() == list(range(1, len(deals) + 1))
