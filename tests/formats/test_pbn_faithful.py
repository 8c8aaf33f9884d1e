"""PBN -> PBN keeps every byte, and an edit of the model reaches the written file; a
Hypothesis round trip over PBN files with tags, sections, comments and odd layouts."""

from __future__ import annotations

import io

import numpy as np
from endplay.parsers import pbn as endplay_pbn
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio import Seat, Strain
from bridgeio.errors import collect
from bridgeio.formats.pbn import reader
from bridgeio.formats.pbn.provenance import PbnGames
from bridgeio.formats.pbn.writer import write_chunks
from bridgeio.model import UNKNOWN_TRICKS, DealSet, concat, deal_strings, parse_pbn_deal
from tests.conftest import deal_sets, random_seats, random_tricks
from tests.roundtrip import assert_round_trip

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
TABLE = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'

LENIENT = (
    "\ufeff% PBN 2.1\r\n"
    "; a comment line\r\n"
    '[Event "Club night"][Site "Here"]\r\n'
    '[Board "07"]\r\n'
    "{ a comment\r\n\r\n over a blank line }\r\n"
    '[Dealer "S"]\r\n'
    '[Deal "W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652"]\r\n'
    '[Auction "S"]\r\n1NT Pass 3NT AP\r\n'
    "\r\n"
    '[Event "#"]\r\n'
    '[Board "8"] ; trailing comment\r\n'
    '[Deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -"]\r\n'
    "\r\n"
    '[Event "#"]\r\n[Board "?"]\r\n[Deal "?"]\r\n[Note "1:a \\"quoted\\" note"]'
)


def read_text(tmp_path, text: str | bytes, name: str = "x.pbn") -> DealSet:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return bridgeio.read(path)


def written(deals: DealSet) -> bytes:
    out = io.BytesIO()
    write_chunks([deals], out)
    return out.getvalue()


def test_the_lenient_variations_are_kept_byte_for_byte(tmp_path):
    deals = read_text(tmp_path, LENIENT)
    assert len(deals) == 2 and deals.boards.tolist() == [7, 8]
    assert written(deals) == LENIENT.encode()
    games = deals.provenance
    assert games.preamble == "\ufeff% PBN 2.1\r\n; a comment line\r\n".encode()
    assert games.record(0).tags[:3] == [("Event", "Club night"), ("Site", "Here"), ("Board", "07")]
    assert games.record(0).sections == {"Auction": ["1NT Pass 3NT AP"]}
    assert games.record(1).games[1].tags[-1] == ("Note", '1:a "quoted" note')
    assert games.contents() == {
        "games without a deal": 1,
        "auctions": 1,
        "notes": 1,
        "comments": 1,
        "other PBN tags": 4,
    }


def test_edits_of_the_model_reach_the_file_and_the_rest_stays(tmp_path):
    deals = read_text(tmp_path, LENIENT)
    original = LENIENT.encode()
    deals.seats[0] = parse_pbn_deal(DEAL)
    deals.boards[0] = 12
    out = written(deals)
    assert out.count(b"\r\n") == original.count(b"\r\n")
    assert f'[Deal "{deal_strings(deals.seats[:1], Seat.WEST)[0]}"]'.encode() in out  # West first
    assert b'[Board "12"]' in out and b'[Board "07"]' not in out
    assert out.replace(b"12", b"07").split(b"[Deal")[0] == original.split(b"[Deal")[0]
    back = read_text(tmp_path, out, "back.pbn")
    assert back == deals


def test_a_table_edit_rewrites_rows_in_the_header_widths(tmp_path):
    counts = zip(("NT", "S", "H", "D", "C"), (7, 6, 10, 5, 8), strict=True)
    rows = "".join(f"{s} {t:>2} {n:>2}\n" for t, n in counts for s in "NESW")
    deals = read_text(tmp_path, f'[Board "1"]\n[Deal "{DEAL}"]\n{TABLE}{rows}')
    deals.tricks[0, Strain.HEARTS, Seat.SOUTH] = 12
    deals.tricks[0, Strain.CLUBS, Seat.WEST] = UNKNOWN_TRICKS
    text = written(deals).decode()
    assert "S  H 12\n" in text and "W  C" not in text and text.count("\n") == 22
    assert read_text(tmp_path, text, "back.pbn") == deals


def test_what_the_model_has_and_the_game_lacks_is_added(tmp_path):
    deals = read_text(tmp_path, f'[Event "e"]\n[Deal "{DEAL}"]\n[Contract "3NT"]\n')
    deals.boards = np.array([5])
    deals.tricks = np.full((1, 5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    deals.tricks[0, Strain.NOTRUMP, Seat.NORTH] = 9
    text = written(deals).decode()
    assert text == (
        f'[Event "e"]\n[Board "5"]\n[Deal "{DEAL}"]\n[Contract "3NT"]\n{TABLE}N NT  9\n'
    )
    assert read_text(tmp_path, text, "back.pbn") == deals


def test_copied_values_are_spelled_out_where_their_game_no_longer_comes_first(tmp_path):
    text = (
        f'[Event "Cup"]\n[Board "1"]\n[Deal "{DEAL}"]\n\n'
        '[Event "#"]\n[Board "2"]\n[Deal "#"]\n\n'
        f'[Event "#"]\n[Board "3"]\n[Deal "{deal_strings(random_seats(3, 1))[0]}"]\n'
    )
    deals = read_text(tmp_path, text)
    assert written(deals) == text.encode()
    later = written(deals[1:]).decode()
    assert later.count('[Event "Cup"]') == 1 and f'[Deal "{DEAL}"]' in later
    assert later.endswith('[Event "#"]\n[Board "3"]\n' + text.rsplit('[Board "3"]\n', 1)[1])
    assert read_text(tmp_path, later, "later.pbn") == deals[1:]
    backwards = concat([deals[2:], deals[1:2], deals[:1]])
    again = read_text(tmp_path, written(backwards), "backwards.pbn")
    assert again == backwards
    assert [r.tags[0] for r in map(again.provenance.record, range(3))] == [("Event", "Cup")] * 3


def test_files_joined_get_a_blank_line_between_games(tmp_path):
    first = read_text(tmp_path, f'[Board "1"]\n[Deal "{DEAL}"]', "a.pbn")  # no line end
    second = read_text(tmp_path, f'[Board "2"]\r\n[Deal "{DEAL}"]\r\n', "b.pbn")
    plain = DealSet(random_seats(4, 2), random_tricks(4, 2))
    out = io.BytesIO()
    write_chunks([first, second, plain, first], out)
    text = out.getvalue().decode()
    boards = endplay_pbn.loads(text.replace("\r\n", "\n"))
    assert [b.board_num for b in boards] == [1, 2, 3, 4, 1]  # the plain deals numbered on
    assert len(read_text(tmp_path, text, "joined.pbn")) == 5


def test_contents_of_slices_add_up_and_the_preamble_counts_once(tmp_path):
    deals = read_text(tmp_path, '[Event "x"]\n\n' + LENIENT.replace("\ufeff", ""))
    whole = deals.provenance.contents()
    parts = [deals[:1].provenance.contents(), deals[1:].provenance.contents()]
    assert whole["games without a deal"] == 2 and parts[1].get("games without a deal") == 1
    assert {k: parts[0].get(k, 0) + parts[1].get(k, 0) for k in whole} == whole


def test_endplay_reads_every_deal_bridgeio_writes_from_other_formats(tmp_path):
    deals = DealSet(random_seats(9, 40), random_tricks(9, 40))
    bridgeio.write(deals, tmp_path / "a.zrd")
    bridgeio.convert(tmp_path / "a.zrd", tmp_path / "a.pbn")
    boards = endplay_pbn.loads((tmp_path / "a.pbn").read_text())
    assert len(boards) == 40
    for number, board in enumerate(boards):
        assert np.array_equal(parse_pbn_deal(board.deal.to_pbn()), deals.seats[number])
        assert board.board_num == number + 1


def test_deals_stream_in_blocks_of_a_few_games(tmp_path, monkeypatch):
    """The streaming machinery at small scale: blocks much smaller than the file."""
    deals = DealSet(random_seats(5, 300), random_tricks(5, 300))
    bridgeio.write(deals, tmp_path / "many.pbn")
    monkeypatch.setattr(reader, "BLOCK_BYTES", 1 << 15)
    chunks = list(reader.iter_chunks(str(tmp_path / "many.pbn"), records=64))
    assert max(len(c) for c in chunks) == 64 and len(chunks) > 300 // 64
    assert concat(chunks) == bridgeio.read(tmp_path / "many.pbn")
    assert np.array_equal(concat(chunks).seats, deals.seats)


# Hypothesis: PBN files drawn with tags, sections, comments, games without deals, CRLF, cp1252.

NAMES = st.text(alphabet="ABCdefé \"\\'-#", max_size=12)


@st.composite
def pbn_files(draw) -> tuple[bytes, int]:
    """The bytes of a PBN file and how many games in it have a deal."""
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    encoding = draw(st.sampled_from(["utf-8", "cp1252"]))
    n = draw(st.integers(1, 6))
    seed = draw(st.integers(0, 2**16))
    seats, tricks = random_seats(seed, n), random_tricks(seed, n, 0.1)
    lines = draw(st.sampled_from([[], ["% PBN 2.1", "% EXPORT"], ["%Creator: x", ";c"]]))
    for i in range(n):
        if draw(st.booleans()):
            lines += ['[Event "results only"]', f'[West "{_escape(draw(NAMES))}"]', ""]
        first = draw(st.sampled_from(list(Seat)))
        lines += [f'[Board "{draw(st.integers(1, 40)):0{draw(st.integers(1, 2))}d}"]']
        lines += [f'[{seat} "{_escape(draw(NAMES))}"]' for seat in ("North", "South")]
        lines += [f'[Deal "{deal_strings(seats[i : i + 1], first)[0]}"]']
        if draw(st.booleans()):
            lines += ['[Auction "N"]', "1C 1D 1H 1S", "Pass AP", '[Note "1:alert"]']
        if draw(st.booleans()):
            lines.append("{ a comment }" if draw(st.booleans()) else "% directive")
        if draw(st.booleans()):
            lines += [TABLE.strip()] + [
                f"{seat.char} {strain.text:>2} {int(tricks[i, strain, seat]):>2}"
                for seat in Seat
                for strain in Strain
                if tricks[i, strain, seat] <= 13
            ]
        lines += [""] * draw(st.integers(1, 2))
    text = eol.join(lines)
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    return text.encode(encoding, errors="replace"), n


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def same_games(a: DealSet, b: DealSet) -> bool:
    ga, gb = a.provenance, b.provenance
    assert isinstance(ga, PbnGames) and isinstance(gb, PbnGames)
    return (
        a == b
        and ga.texts.tolist() == gb.texts.tolist()
        and ga.preamble == gb.preamble
        and ga.contents() == gb.contents()
    )


@given(drawn=pbn_files())
def test_round_trip_of_pbn_files_with_tags(tmp_path_factory, drawn):
    data, dealt = drawn
    folder = tmp_path_factory.mktemp("pbn")
    (folder / "drawn.pbn").write_bytes(data)
    with collect():
        deals = bridgeio.read(folder / "drawn.pbn")
        assert len(deals) == dealt
        back = assert_round_trip(deals, folder, "pbn", same=same_games)
    assert written(back) == data
    general = reader.Reader(str(folder / "drawn.pbn"))
    general.general = True
    with collect():
        assert same_games(concat(list(general.chunks(1 << 62))), deals)


@given(deals=deal_sets(boards=True, min_size=1, max_size=10))
def test_round_trip_through_json_keeps_the_pbn_file(tmp_path_factory, deals):
    folder = tmp_path_factory.mktemp("pbn")
    bridgeio.write(deals, folder / "a.pbn")
    from_pbn = bridgeio.read(folder / "a.pbn")
    from_pbn.seats = np.ascontiguousarray(from_pbn.seats[::-1])  # an edit on the way
    bridgeio.write(from_pbn, folder / "a.json")
    bridgeio.write(bridgeio.read(folder / "a.json"), folder / "b.pbn")
    bridgeio.write(from_pbn, folder / "c.pbn")
    assert (folder / "b.pbn").read_bytes() == (folder / "c.pbn").read_bytes()
