"""PBN damage is reported, never skipped in silence; what is not PBN is not sniffed as PBN."""

from __future__ import annotations

import numpy as np
import pytest

import bridgeio
from bridgeio import FormatError
from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.formats.pbn.sniff import sniff
from bridgeio.model import parse_pbn_deal
from bridgeio.model.cards import Seat

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
OTHER = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def write(tmp_path, text: str, name: str = "x.pbn", encoding: str = "utf-8") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return str(path)


def check(path: str) -> list[str]:
    return [str(p) for p in bridgeio.get_format("pbn").check(path)]


@pytest.mark.parametrize(
    "broken",
    [
        DEAL[:36] + "\n" + DEAL[36:],  # between two hands
        DEAL[:35] + "\r\n   " + DEAL[35:],  # between two hands, the next line indented
        DEAL[:30] + "\n" + DEAL[30:],  # inside a hand
    ],
)
def test_a_deal_over_a_line_end_is_read_joined_and_reported(tmp_path, broken):
    path = write(tmp_path, f'[Board "1"]\n[Deal "{broken}"]\n\n[Board "2"]\n[Deal "{OTHER}"]\n')
    with collect() as found:
        deals = bridgeio.read(path)
    assert len(deals) == 2 and deals[0].pbn() == DEAL and deals.boards.tolist() == [1, 2]
    assert [(p.place, p.severity) for p in found.problems] == [("line 2", "error")]
    assert "runs over 1 line end" in found.problems[0].message
    assert check(path) == [found.problems[0].__str__()]
    assert run(["validate", path]) == 1
    bridgeio.write(deals, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_bytes() == (tmp_path / "x.pbn").read_bytes()


def test_a_value_that_never_ends_is_an_error_and_no_deal_is_lost_in_silence(tmp_path):
    path = write(tmp_path, f'[Board "1"]\n[Deal "{DEAL}\n\n[Board "2"]\n')
    with collect() as found:
        deals = bridgeio.read(path)
    assert len(deals) == 0
    assert [str(p) for p in found.problems] == [
        "line 2: error: the value of the Deal tag has no closing quote: ignored",
        "file: warning: 2 games, none with a deal (read as 0 deals)",
    ]


def test_a_card_given_twice_names_its_line_and_check_goes_on(tmp_path):
    twice = DEAL.replace("QJ6.", "QJ6A.", 1)
    path = write(
        tmp_path,
        f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{twice}"]\n\n'
        f'[Board "x3"]\n[Deal "{DEAL}"]\n',
    )
    with pytest.raises(FormatError, match=r"x.pbn: line 5 \(Deal tag\): expected a PBN deal: SA"):
        bridgeio.read(path)
    assert check(path) == [
        "line 5 (Deal tag): error: expected a PBN deal: SA is given twice",
        "line 7 (Board tag): error: expected a board number, found 'x3'",
    ]


def test_a_hand_of_twelve_cards_is_an_error(tmp_path):
    short = "N:QJ6.K652.J85.T9 873.J97.AT764.Q48 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    path = write(tmp_path, f'[Deal "{short}"]\n')
    with collect() as found:
        deals = bridgeio.read(path)
    assert len(deals) == 1
    # one defect, one error: the hands that are off named in it
    assert [str(p) for p in found.problems] == [
        "line 1: error: 13 cards a hand, found North 12, East 14"
    ]


def test_an_ending_of_as_many_cards_a_hand_is_read_with_a_warning(tmp_path):
    path = write(tmp_path, '[Deal "N:AQ... JT... 73... K6..."]\n')
    with collect() as found:
        deals = bridgeio.read(path)
    assert deals[0].hand(Seat.NORTH) == "AQ..." and deals[0].hand(Seat.WEST) == "K6..."
    assert [str(p) for p in found.problems] == [
        "line 1: warning: a deal of 2 cards a hand (an ending): read as it is"
    ]


def test_check_lists_impossible_values_with_their_lines(tmp_path):
    path = write(
        tmp_path,
        f'[Board "0"]\n[Dealer "Q"]\n[Vulnerable "Some"]\n[Deal "{DEAL}"]\n'
        '[Declarer "X"]\n[Result "14"]\n[Site "a"]\n[Site "b"]\n[Deal N:AKQ]\n',
    )
    assert check(path) == [
        "line 1: warning: board number 0 (boards are numbered from 1)",
        "line 2: error: Dealer must be N, E, S or W, found 'Q'",
        "line 3: error: Vulnerable must be None, NS, EW or All, found 'Some'",
        "line 5: error: Declarer must be N, E, S or W, found 'X'",
        "line 6: error: Result must be 0-13 tricks, found '14'",
        "line 8: warning: the Site tag is repeated in this game: ignored",
        "line 9: error: expected tag pairs like [Name \"value\"], found '[Deal N:AKQ]'",
    ]
    assert run(["validate", path]) == 1


def test_warnings_alone_leave_validate_at_zero_unless_a_part_was_not_read(tmp_path):
    path = write(tmp_path, f'[Board "0"]\n[Deal "{DEAL}"]\n')
    assert check(path) == ["line 1: warning: board number 0 (boards are numbered from 1)"]
    assert run(["validate", path]) == 0
    # text the reader passes over is a part of the file not read: validate says so, exit 1
    path = write(tmp_path, f'[Board "0"]\n[Deal "{DEAL}"]\n\nstray text\n')
    assert check(path) == [
        "line 1: warning: board number 0 (boards are numbered from 1)",
        "line 4: warning: text outside any game (after a blank line, before a tag): ignored",
    ]
    assert run(["validate", path]) == 1


def test_text_that_is_not_pbn_is_an_error_not_zero_deals(tmp_path):
    path = write(tmp_path, "% a comment\nDear director,\nhere are the hands.\n", "letter.txt")
    with pytest.raises(FormatError, match=r"letter.txt: line 2: expected PBN tag pairs"), collect():
        bridgeio.read(path, "pbn")
    assert 'line 2: error: expected PBN tag pairs like [Board "1"]' in check(path)


def test_a_header_alone_is_an_empty_file_and_games_without_deals_say_so(tmp_path):
    header = write(tmp_path, "% PBN 2.1\n% EXPORT\n", "header.pbn")
    with collect() as found:
        assert len(bridgeio.read(header)) == 0
    assert found.problems == []
    results = write(tmp_path, '% PBN 2.1\n[Event "x"]\n[Contract "3NT"]\n\n[Event "y"]\n', "r.pbn")
    with collect() as found:
        deals = bridgeio.read(results)
    assert len(deals) == 0 and deals.provenance.contents() == {
        "games without a deal": 2,
        "contracts and results": 1,
        "other PBN tags": 2,
    }
    assert [p.message for p in found.problems] == ["2 games, none with a deal (read as 0 deals)"]
    bridgeio.write(deals, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_text() == (tmp_path / "r.pbn").read_text()


def test_a_file_mixing_utf8_and_cp1252_is_read_with_a_warning(tmp_path):
    utf8 = f'[West "Ren\xe9e"]\n[Deal "{DEAL}"]\n\n'.encode()
    cp1252 = f'[West "Andr\xe9"]\n[Deal "{OTHER}"]\n'.encode("cp1252")
    path = write(tmp_path, utf8 + cp1252)
    with collect() as found:
        deals = bridgeio.read(path)
    assert len(deals) == 2
    assert [str(p) for p in found.problems] == [
        "line 4: warning: the file mixes encodings: this text is not UTF-8 (read as cp1252) "
        "while other text is UTF-8"
    ]
    assert deals.provenance.record(0).tags[0] == ("West", "Ren\xe9e")
    assert deals.provenance.record(1).tags[0] == ("West", "Andr\xe9")
    bridgeio.write(deals, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_bytes() == utf8 + cp1252


def test_a_cp1252_file_alone_is_no_problem(tmp_path):
    path = write(tmp_path, f'[Event "Caf\xe9 \u20ac"]\n[Deal "{DEAL}"]\n', encoding="cp1252")
    with collect() as found:
        deals = bridgeio.read(path)
    assert found.problems == [] and deals.provenance.record(0).tags[0][1] == "Caf\xe9 \u20ac"


@pytest.mark.parametrize(
    "head",
    [
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n",
        b"\x7fELF\x02\x01\x01\x00\x00\x00",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        b"\x1f\x8b\x08\x00",
        b"",
        b"hello, world\n",
        b"% a TeX file\n\\documentclass{article}\n",
        bytes(range(256)),
        b'[Deal "N:..." \x00 ]',
    ],
)
def test_what_is_not_pbn_is_not_sniffed_as_pbn(head):
    assert not sniff(head, len(head))


@pytest.mark.parametrize(
    "head",
    [
        b"% PBN 2.1\n% EXPORT\n",
        b'\xef\xbb\xbf[Event "x"]\r\n',
        b'; a note\n{ a comment\nover lines }\n[Board "1"]\n',
        (b"% PBN 2.1\n%Creator: BridgeComposer\n" + b"%Font x\n" * 600)[:4096],
    ],
)
def test_pbn_is_sniffed_as_pbn(head):
    assert sniff(head, len(head))


def test_comments_alone_that_do_not_say_pbn_are_not_enough():
    head = b"%Creator: someone\n" + b"%Font x\n" * 600
    assert not sniff(head[:4096], 5000)


def test_deal_rows_keep_their_seats(tmp_path):
    path = write(tmp_path, f'[Deal "W:{DEAL[2:]}"]\n')
    deals = bridgeio.read(path)
    assert np.array_equal(deals.seats[0], parse_pbn_deal("W:" + DEAL[2:]))


def test_binary_data_named_pbn_is_one_clear_error(tmp_path):
    path = write(tmp_path, b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 40, "program.pbn")
    with pytest.raises(FormatError, match=r"program.pbn: line 1: expected PBN text, found binary"):
        bridgeio.read(path, "pbn")
    assert check(path) == ["line 1: error: expected PBN text, found binary data"]
