"""Every ZBS, ZBD, ZDD, ZRD and ZRJ file bridgeio writes, decoded here from Pavlicek's document
(pavlicek-binary-file-formats.txt: a few lines of bit unpacking, not bridgeio's codec), holds
every card and trick count of its source, and has the checksum the document defines.

The sources: the DDS project's 100 solved deals (its own answer key) and the deals of each PBN
corpus file (as endplay reads them). A format the source cannot fill is refused by bridgeio
(no tricks for ZDD, ZRD, ZRJ; a deal whose notrump counts are all 0, which a ZDD reader takes
for the end of the list).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from bridgeio.cli import run
from bridgeio.errors import ConversionError, collect
from tests.receivers.common import (
    STRAINS,
    SourceDeal,
    Tricks,
    converted,
    corpus_files,
    dds_deals,
    dds_pbn,
    params,
    pbn_deals,
)

HANDS = "WNES"  # the document's seat codes 0-3 (ZBD, ZRD, ZRJ); ZBS digits 1-4, 0 unused
SIZES = {"zbs": 4, "zbd": 13, "zdd": 10, "zrd": 23, "zrj": 16}
UNKNOWN = 15


# ------------------------------------------------------------------ the document's records


def cards(record: int) -> tuple[str, ...]:
    """ZBD bits 0-103: two bits a card, SA first, 0 = West, 1 = North, 2 = East, 3 = South."""
    return tuple(HANDS[(record >> (2 * i)) & 3] for i in range(52))


def nibbles(bits: int, start: int) -> Tricks:
    """ZDD: 20 nibbles from bit ``start``, strains NT S H D C, each by W N E S; 15 unknown."""
    found = {}
    for i in range(20):
        value = (bits >> (start + 4 * i)) & 15
        assert value <= 13 or value == UNKNOWN
        if value != UNKNOWN:
            found[(HANDS[i % 4], STRAINS[i // 4])] = value
    return found


def records(data: bytes, size: int) -> list[int]:
    """The file's records as integers (little endian) up to the end or the end-of-list record:
    for ZBD, ZRD and ZRJ a record whose first 32 bits are 0, for ZDD whose first 16 are."""
    assert len(data) % size == 0
    out = []
    for at in range(0, len(data), size):
        record = int.from_bytes(data[at : at + size], "little")
        if record & (0xFFFF if size == 10 else 0xFFFFFFFF) == 0:
            break
        out.append(record)
    return out


def zbs_groups(data: bytes) -> list[list[str]]:
    """ZBS: 32-bit records, bit 0 set when the next record is of the same group, bits 1-31 a
    13-digit base-5 number whose first remainder places the ace (1-4 = W N E S, 0 unused:
    "-" here); a group lists suits S H D C. A null record ends the list."""
    assert len(data) % 4 == 0
    groups: list[list[str]] = [[]]
    for at in range(0, len(data), 4):
        word = int.from_bytes(data[at : at + 4], "little")
        if word == 0:
            break
        number, suit = word >> 1, ""
        for _ in range(13):  # ace first
            number, digit = divmod(number, 5)
            suit += "-WNES"[digit]
        assert number == 0
        groups[-1].append(suit)
        if not word & 1:
            groups.append([])
    assert groups.pop() == []
    return groups


def word_sum(data: bytes) -> int:
    """The document's checksum: all 32-bit words added into a 64-bit sum (a short last word
    counts as padded with zeros)."""
    padded = data + bytes(-len(data) % 4)
    total = sum(int.from_bytes(padded[i : i + 4], "little") for i in range(0, len(padded), 4))
    return total % 2**64


# ------------------------------------------------------------------------- the comparison


def check(kind: str, data: bytes, deals: list[SourceDeal], seat: str = "") -> None:
    """The file of ``kind`` holds every card and trick of ``deals``, in order, and nothing
    after them."""
    if kind == "zbs":
        groups = zbs_groups(data)
        assert len(groups) == len(deals)
        for group, deal in zip(groups, deals, strict=True):
            assert len(group) == 4
            assert tuple("".join(group)) == deal.seats
        return
    found = records(data, SIZES[kind])
    assert len(found) == len(deals) and len(data) == len(deals) * SIZES[kind]
    for record, deal in zip(found, deals, strict=True):
        assert deal.tricks is not None or kind == "zbd"
        if kind != "zdd":
            assert cards(record) == deal.seats
        if kind == "zdd":
            assert nibbles(record, 0) == deal.tricks
        elif kind == "zrd":
            assert nibbles(record, 104) == deal.tricks
        elif kind == "zrj":
            assert HANDS[(record >> 104) & 3] == seat and (record >> 106) & 3 == 0
            made = {(seat, s): (record >> (108 + 4 * i)) & 15 for i, s in enumerate(STRAINS)}
            made = {key: n for key, n in made.items() if n != UNKNOWN}
            assert made == {k: n for k, n in (deal.tricks or {}).items() if k[0] == seat}
        else:
            assert record >> 104 == 0


def checksum_printed(path: Path, capsys: pytest.CaptureFixture[str]) -> int:
    capsys.readouterr()
    assert run(["checksum", str(path)]) == 0
    return int(capsys.readouterr().out.split()[0], 16)


def written(source: Path, folder: Path, kind: str, seat: str = "") -> Path:
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        options = {"seat": seat} if seat else {}
        (path,) = converted(source, folder, f".{kind}", **options)
    return path


KINDS = ["zbs", "zbd", "zdd", "zrd", "zrj"]


def every_file(
    source: Path, deals: list[SourceDeal], folder: Path, capsys: pytest.CaptureFixture[str]
) -> list[str]:
    """Each Pavlicek file bridgeio writes of ``source`` checked against ``deals`` (ZRJ for
    every target seat); the kinds bridgeio refused, each for a reason the source gives."""
    refused = []
    for kind in KINDS:
        for seat in "NESW" if kind == "zrj" else "-":
            target = folder / kind / seat
            target.mkdir(parents=True)
            try:
                path = written(source, target, kind, seat.strip("-"))
            except ConversionError as error:
                refused.append(kind)
                assert kind in ("zdd", "zrd", "zrj")
                no_tricks = deals[0].tricks is None
                assert ("needs double-dummy tricks" in str(error)) == no_tricks
                assert no_tricks or ("0 notrump tricks for all four" in str(error))
                break
            data = path.read_bytes()
            check(kind, data, deals, seat.strip("-"))
            assert checksum_printed(path, capsys) == word_sum(data)
    return refused


def test_the_dds_deals_in_every_pavlicek_file(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    zrd = written(dds_pbn(tmp_path), tmp_path, "zrd")
    assert every_file(zrd, dds_deals(), tmp_path, capsys) == []


@pytest.mark.parametrize("source", params(corpus_files("pbn", ".pbn")))
def test_the_deals_of_each_pbn_file_in_every_pavlicek_file(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = pbn_deals(source)
    refused = every_file(source, deals, tmp_path, capsys)
    if deals[0].tricks is None:
        assert refused == ["zdd", "zrd", "zrj"]
    elif any(all(d.tricks[(s, "NT")] == 0 for s in "NESW") for d in deals if d.tricks):
        assert refused == ["zdd"]
    else:
        assert refused == []


def test_the_decoding_here_follows_the_document() -> None:
    """The document's own statements: 5^13 fits in 31 bits; the first 16 cards all West is
    the ZBD end-of-list record; a ZDD record of 0 notrump tricks everywhere ends a list."""
    assert 5**13 == 0x48C27395 < 2**31
    assert cards(0) == ("W",) * 52 and records(bytes(13), 13) == []
    assert records(bytes(2) + b"\x77" * 8, 10) == []
    one = sum(3 << (2 * i) for i in range(52))  # every card South
    assert cards(one) == ("S",) * 52
    assert word_sum(b"\xff\xff\xff\xff" * 3 + b"\x01") == 3 * 0xFFFFFFFF + 1
    two_west = (1 * 5**12) << 1  # the two with West, the rest unused; a group of its own
    assert zbs_groups(two_west.to_bytes(4, "little")) == [["-" * 12 + "W"]]
