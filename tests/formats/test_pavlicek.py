"""Pavlicek formats: bit layout from the document, round trips, end markers, bad input."""

from __future__ import annotations

import os
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio import ConversionError, FormatError, Seat, Strain
from bridgeio.analysis.checksum import word_sum
from bridgeio.errors import collect
from bridgeio.formats.pavlicek import LAYOUTS, RecordFile
from bridgeio.model import NO_SEAT, UNKNOWN_TRICKS, DealSet, DiagramSet, concat
from tests.conftest import deal_sets, random_seats, random_tricks, write_bytes

PAVLICEK_SEAT = {Seat.WEST: 0, Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3}
PAVLICEK_STRAINS = [Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]
PAVLICEK_HANDS = [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]


# An independent encoder written from the document's bit tables, one record at a time.
def document_zbd(seats: np.ndarray) -> bytes:
    bits = sum(PAVLICEK_SEAT[Seat(int(s))] << (2 * card) for card, s in enumerate(seats))
    return bits.to_bytes(13, "little")


def document_zdd(tricks: np.ndarray) -> bytes:
    bits = 0
    for position, (strain, seat) in enumerate(
        (strain, seat) for strain in PAVLICEK_STRAINS for seat in PAVLICEK_HANDS
    ):
        bits |= int(tricks[strain, seat]) << (4 * position)
    return bits.to_bytes(10, "little")


def document_zrj(seats: np.ndarray, tricks: np.ndarray, target: Seat) -> bytes:
    bits = int.from_bytes(document_zbd(seats), "little") | PAVLICEK_SEAT[target] << 104
    for k, strain in enumerate(PAVLICEK_STRAINS):
        bits |= int(tricks[strain, target]) << (108 + 4 * k)
    return bits.to_bytes(16, "little")


def zrj_set(seed: int, n: int) -> DealSet:
    """Deals as a ZRJ holds them: one target hand's tricks, the rest unknown."""
    rng = np.random.default_rng(seed)
    target = rng.integers(0, 4, n).astype(np.uint8)
    tricks = np.full((n, 5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    tricks[np.arange(n), :, target] = random_tricks(seed, n)[:, :, 0]
    deals = DealSet(random_seats(seed, n), tricks, target=target)
    deals.extras["reserved"] = np.zeros(n, dtype=np.uint8)
    return deals


def test_bit_layout_matches_the_document(tmp_path):
    seats, tricks = random_seats(1, 50), random_tricks(1, 50)
    zrd = b"".join(document_zbd(s) + document_zdd(t) for s, t in zip(seats, tricks, strict=True))
    deals = bridgeio.read(write_bytes(tmp_path, "doc.zrd", zrd))
    assert np.array_equal(deals.seats, seats)
    assert np.array_equal(deals.tricks, tricks)
    bridgeio.write(DealSet(seats, tricks), tmp_path / "ours.zrd")
    assert (tmp_path / "ours.zrd").read_bytes() == zrd


def test_first_bits_are_the_spade_ace_and_notrump_by_west(tmp_path):
    record = bytearray(document_zbd(random_seats(2, 1)[0]))
    ace_seat = record[0] & 3
    deals = bridgeio.read(write_bytes(tmp_path, "one.zbd", bytes(record)))
    assert deals.seats[0, 0] == PAVLICEK_HANDS[ace_seat]
    zdd = bytes([0x97]) + bytes([0x11] * 9)  # NT by West 7, NT by North 9
    tricks = bridgeio.read(write_bytes(tmp_path, "one.zdd", zdd)).tricks[0]
    assert tricks[Strain.NOTRUMP, Seat.WEST] == 7
    assert tricks[Strain.NOTRUMP, Seat.NORTH] == 9


def test_zrj_layout_matches_the_document(tmp_path):
    deals = zrj_set(3, 40)
    expected = b"".join(
        document_zrj(deals.seats[i], deals.tricks[i], Seat(int(deals.target[i]))) for i in range(40)
    )
    bridgeio.write(deals, tmp_path / "ours.zrj")
    assert (tmp_path / "ours.zrj").read_bytes() == expected
    assert bridgeio.read(tmp_path / "ours.zrj") == deals


def test_zbs_locator_is_base_five_with_the_ace_lowest(tmp_path):
    # Ace to West (1), king to North (2), two to South (4), the rest unused; a single record.
    locator = 1 + 2 * 5 + 4 * 5**12
    diagrams = bridgeio.read(write_bytes(tmp_path, "one.zbs", (locator << 1).to_bytes(4, "little")))
    assert isinstance(diagrams, DiagramSet)
    assert diagrams[0].holdings() == {"S": {"W": "A", "N": "K", "E": "", "S": "2"}}


@pytest.mark.parametrize(
    "name,kind",
    [
        ("zbd", dict(tricks=False)),
        ("zdd", dict(cards=False)),
        ("zrd", {}),
    ],
)
@given(data=st.data())
def test_round_trip(tmp_path_factory, name, kind, data):
    deals = data.draw(deal_sets(**kind))
    if name == "zbd":
        deals.tricks = None
    path = tmp_path_factory.mktemp(name) / f"x.{name}"
    bridgeio.write(deals, path)
    assert os.path.getsize(path) == len(deals) * LAYOUTS[name].size
    assert bridgeio.read(path, format=name) == deals
    if len(deals) >= 8:  # enough records to be told from other files by content alone
        assert bridgeio.read(path) == deals


@pytest.mark.parametrize(
    "data",
    [
        b"\x7fELF\x02\x01\x01" + bytes(300),
        "notes that are not deals\n".encode("utf-16-le") * 20,
        b"notes that are not deals\n" * 20,
        b"%PDF-1.4\n" + bytes(range(256)),
    ],
    ids=["ELF", "UTF-16", "UTF-8", "PDF"],
)
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_other_kinds_of_file_are_never_records(tmp_path, name, data):
    whole = data + b" " * (-len(data) % LAYOUTS[name].size)  # whole records: the size fits
    path = write_bytes(tmp_path, f"x.{name}", whole)
    with pytest.raises(FormatError, match="recognised format"):
        bridgeio.read(path)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_an_empty_file_is_read_only_when_its_format_is_named(tmp_path, name):
    path = write_bytes(tmp_path, f"empty.{name}", b"")
    with pytest.raises(FormatError, match="recognised format"):
        bridgeio.read(path)
    assert len(bridgeio.read(path, format=name)) == 0


@given(seed=st.integers(0, 2**31), n=st.integers(1, 30))
def test_zrj_round_trip(tmp_path_factory, seed, n):
    deals = zrj_set(seed, n)
    path = tmp_path_factory.mktemp("zrj") / "x.zrj"
    bridgeio.write(deals, path)
    back = bridgeio.read(path)
    assert back == deals and np.array_equal(back.target, deals.target)


@st.composite
def diagram_sets(draw) -> DiagramSet:
    sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=20))
    rows = draw(
        st.lists(
            st.lists(st.sampled_from([0, 1, 2, 3, NO_SEAT]), min_size=13, max_size=13),
            min_size=sum(sizes),
            max_size=sum(sizes),
        )
    )
    locations = np.array(rows, dtype=np.uint8)
    ends = np.cumsum(sizes) - 1
    locations[ends, 0] = np.where(locations[ends, 0] == NO_SEAT, 0, locations[ends, 0])
    return DiagramSet(locations, np.array(sizes, dtype=np.int64))


@given(diagrams=diagram_sets(), terminated=st.booleans(), trailing=st.binary(max_size=9))
def test_zbs_round_trip(tmp_path_factory, diagrams, terminated, trailing):
    diagrams.terminated, diagrams.trailing = terminated, trailing if terminated else b""
    path = tmp_path_factory.mktemp("zbs") / "x.zbs"
    bridgeio.write(diagrams, path)
    assert bridgeio.read(path, "zbs") == diagrams


@given(deals=deal_sets(max_size=10), trailing=st.binary(max_size=40))
def test_end_marker_and_trailing_bytes_are_kept(tmp_path_factory, deals, trailing):
    deals.terminated, deals.trailing = True, trailing
    path = tmp_path_factory.mktemp("end") / "x.zrd"
    bridgeio.write(deals, path)
    back = bridgeio.read(path, "zrd")
    assert back == deals
    assert back.trailing == trailing


def test_records_after_the_end_marker_are_reported_not_dropped(tmp_path):
    good = DealSet(random_seats(4, 3), random_tricks(4, 3))
    bridgeio.write(good, tmp_path / "a.zrd")
    data = (tmp_path / "a.zrd").read_bytes()
    path = write_bytes(tmp_path, "b.zrd", data[:23] + bytes(23) + data[23:])
    deals = bridgeio.read(path)
    assert len(deals) == 1 and deals.terminated and len(deals.trailing) == 23 - 4 + 46
    problems = LAYOUTS_CHECK("zrd", path)
    assert [p.severity for p in problems] == ["warning"]
    assert "followed by 65 more bytes" in problems[0].message
    bridgeio.write(deals, tmp_path / "c.zrd")
    assert (tmp_path / "c.zrd").read_bytes() == (tmp_path / "b.zrd").read_bytes()


def LAYOUTS_CHECK(name: str, path: str):  # noqa: N802
    return bridgeio.get_format(name).check(path)


def test_random_access_without_reading_the_file(tmp_path):
    deals = DealSet(random_seats(5, 1000), random_tricks(5, 1000))
    bridgeio.write(deals, tmp_path / "a.zrd")
    with RecordFile(tmp_path / "a.zrd", LAYOUTS["zrd"]) as records:
        assert len(records) == 1000
        assert records[737] == deals[737]
        assert records[-1] == deals[999]
        assert records.records(10, 20) == deals[10:20]
        with pytest.raises(IndexError):
            records[1000]


def test_streamed_conversion_keeps_memory_bounded(tmp_path):
    n = 1 << 20
    deals = DealSet(random_seats(6, n), random_tricks(6, n))
    bridgeio.write(deals, tmp_path / "big.zrd")
    decoded = deals.seats.nbytes + deals.tricks.nbytes
    del deals
    tracemalloc.start()
    bridgeio.convert(tmp_path / "big.zrd", tmp_path / "big.zdd")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < decoded / 4, f"peak {peak} for {decoded} bytes of decoded arrays"
    check = RecordFile(tmp_path / "big.zrd", LAYOUTS["zrd"]).records(n - 5, n)
    tail = RecordFile(tmp_path / "big.zdd", LAYOUTS["zdd"]).records(n - 5, n)
    assert np.array_equal(check.tricks, tail.tricks)


def test_checksum_is_the_word_sum(tmp_path):
    data = np.random.default_rng(7).bytes(4 * 1000 + 3)
    path = write_bytes(tmp_path, "x.zrd", data)
    words = [
        int.from_bytes(data[i : i + 4].ljust(4, b"\0"), "little") for i in range(0, len(data), 4)
    ]
    assert word_sum(path) == sum(words) % 2**64


@pytest.mark.parametrize("name", ["zbd", "zdd", "zrd", "zrj"])
def test_truncated_file_names_record_and_byte(tmp_path, name):
    deals = zrj_set(8, 4) if name == "zrj" else DealSet(random_seats(8, 4), random_tricks(8, 4))
    if name == "zbd":
        deals.tricks = None
    if name == "zdd":
        deals.seats = None
    bridgeio.write(deals, tmp_path / f"a.{name}")
    size = LAYOUTS[name].size
    cut = write_bytes(tmp_path, f"cut.{name}", (tmp_path / f"a.{name}").read_bytes()[:-3])
    with collect() as found:
        read = bridgeio.read(cut, format=name)
    assert read == deals[:3]  # the whole records, and the cut said with its place
    [problem] = found.problems
    assert problem.severity == "error" and problem.place == f"record 4 at byte {3 * size}"
    assert problem.file == str(cut) and f"ends {size - 3} byte(s) into it" in problem.message
    streamed = concat(list(bridgeio.get_format(name).iter_chunks(str(cut))))
    assert streamed == deals[:3]


def test_a_cut_zbs_file_reads_its_whole_diagrams_and_says_once_what_it_left_out(tmp_path):
    deals = DealSet(random_seats(8, 5))
    bridgeio.write(deals, tmp_path / "a.zbs")  # five four-suit diagrams, 80 bytes
    cut = write_bytes(tmp_path, "cut.zbs", (tmp_path / "a.zbs").read_bytes()[:78])
    with collect() as found:
        diagrams = bridgeio.read(cut)
    assert diagrams.to_deals() == deals[:4]
    [problem] = found.problems
    assert problem.place == "record 20 at byte 76"
    assert "unfinished diagram of the last 3 of them left out" in problem.message
    assert [str(p) for p in bridgeio.validate(cut)] == [str(problem)]


def test_flipped_bit_in_a_deal_names_the_record(tmp_path):
    bridgeio.write(DealSet(random_seats(9, 10), random_tricks(9, 10)), tmp_path / "a.zrd")
    data = bytearray((tmp_path / "a.zrd").read_bytes())
    data[23 * 6 + 4] ^= 0b100  # a card of record 7 moves to another hand
    with pytest.raises(FormatError, match=r"record 7 at byte 138: expected 13 cards in each hand"):
        bridgeio.read(write_bytes(tmp_path, "b.zrd", bytes(data)))


def test_trick_count_14_is_rejected_and_15_is_unknown(tmp_path):
    record = bytearray(document_zbd(random_seats(10, 1)[0]) + bytes([0xF7] + [0x33] * 9))
    deals = bridgeio.read(write_bytes(tmp_path, "a.zrd", bytes(record)))
    assert deals.tricks[0, Strain.NOTRUMP, Seat.NORTH] == UNKNOWN_TRICKS
    assert deals[0].dd()["N"]["NT"] is None
    record[14] = 0xE3
    with pytest.raises(FormatError, match="tricks 0-13 or 15, found 14"):
        bridgeio.read(write_bytes(tmp_path, "b.zrd", bytes(record)))


def test_not_a_file(tmp_path):
    with pytest.raises(FormatError, match="regular file"):
        bridgeio.read(tmp_path)
    with pytest.raises(FormatError, match="existing file"):
        bridgeio.read(tmp_path / "missing.zrd")


def test_validate_lists_every_kind_of_problem(tmp_path):
    deals = zrj_set(11, 5)
    bridgeio.write(deals, tmp_path / "a.zrj")
    data = bytearray((tmp_path / "a.zrj").read_bytes())
    data[0] ^= 1  # record 1: a card changes hands
    data[16 + 13] |= 0b0100  # record 2: reserved bit
    data[32 + 14] = 0xEE  # record 3: trick count 14
    path = write_bytes(tmp_path, "b.zrj", bytes(data) + b"xy")
    messages = [str(p) for p in LAYOUTS_CHECK("zrj", path)]
    assert any(m.startswith("record 1 at byte 0: error: not 13 cards a hand") for m in messages)
    assert any(m.startswith("record 2 at byte 16: error: reserved bits") for m in messages)
    assert any(m.startswith("record 3 at byte 32: error: trick count 14") for m in messages)
    assert any(
        m.startswith("record 6 at byte 80: error: 16 bytes a record, the file ends 2 byte(s)")
        for m in messages
    )


def test_validate_zbs_locators_and_long_groups(tmp_path):
    words = [(5**13 << 1) | 0, 3, 3, 3, 3, 2]  # a locator too big; a five-suit group
    path = write_bytes(tmp_path, "a.zbs", b"".join(w.to_bytes(4, "little") for w in words))
    messages = [str(p) for p in LAYOUTS_CHECK("zbs", path)]
    assert any("record 1 at byte 0" in m and "not below 5^13" in m for m in messages)
    assert any("more than 4 suit records" in m for m in messages)
    with pytest.raises(FormatError, match="record 1 at byte 0"):
        bridgeio.read(path)


def test_format_comes_from_content_not_extension(tmp_path):
    deals = DealSet(random_seats(12, 23), random_tricks(12, 23))
    bridgeio.write(deals, tmp_path / "a.zrd")
    bridgeio.write(DealSet(deals.seats), tmp_path / "b.zbd")
    os.rename(tmp_path / "a.zrd", tmp_path / "a.dat")
    os.rename(tmp_path / "b.zbd", tmp_path / "b.zrd")  # 23 ZBD records = 13 ZRD-sized ones
    assert bridgeio.read(tmp_path / "a.dat").format == "zrd"
    assert bridgeio.read(tmp_path / "b.zrd").format == "zbd"


def test_conversions_that_lack_data_say_what_is_missing(tmp_path):
    bridgeio.write(DealSet(random_seats(13, 3)), tmp_path / "a.zbd")
    with pytest.raises(ConversionError, match="zrd: it needs double-dummy tricks.*zbd source"):
        bridgeio.convert(tmp_path / "a.zbd", tmp_path / "a.zrd")
    assert not (tmp_path / "a.zrd").exists()
    bridgeio.write(DealSet(None, random_tricks(13, 3)), tmp_path / "a.zdd")
    with pytest.raises(ConversionError, match="the cards of each deal"):
        bridgeio.convert(tmp_path / "a.zdd", tmp_path / "b.zbd")
    bridgeio.write(DealSet(random_seats(13, 3), random_tricks(13, 3)), tmp_path / "a.zrd")
    with pytest.raises(ConversionError, match="target seat"):
        bridgeio.convert(tmp_path / "a.zrd", tmp_path / "a.zrj")
    bridgeio.convert(tmp_path / "a.zrd", tmp_path / "a.zrj", seat="E")
    assert set(bridgeio.read(tmp_path / "a.zrj").target.tolist()) == {Seat.EAST}


def test_convert_refuses_to_overwrite_its_input(tmp_path):
    bridgeio.write(DealSet(random_seats(14, 3)), tmp_path / "a.zbd")
    before = (tmp_path / "a.zbd").read_bytes()
    with pytest.raises(ValueError, match="input file"):
        bridgeio.convert(tmp_path / "a.zbd", tmp_path / "a.zbd", "zbs")
    assert (tmp_path / "a.zbd").read_bytes() == before


def test_zdd_writer_refuses_a_record_that_would_end_the_list(tmp_path):
    tricks = random_tricks(15, 3)
    tricks[1, Strain.NOTRUMP] = 0
    with pytest.raises(ConversionError, match="end of the list"):
        bridgeio.write(DealSet(None, tricks), tmp_path / "a.zdd")
    assert not (tmp_path / "a.zdd").exists()
