"""The DDS project's 100 solved deals survive PBN -> ZRD -> ZDD/ZBD/ZRJ/ZBS -> JSON.

The answer key is parsed here, independently of bridgeio: its TABLE lines are tricks for
[strain S, H, D, C, NT][declarer N, E, S, W]; Pavlicek's order (NT, S, H, D, C by W, N, E, S)
is checked against the raw bytes of the ZRD file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run

TABLE_STRAINS = ["S", "H", "D", "C", "NT"]
TABLE_SEATS = ["N", "E", "S", "W"]
PAVLICEK_STRAINS = ["NT", "S", "H", "D", "C"]
PAVLICEK_SEATS = ["W", "N", "E", "S"]
RANKS = "AKQJT98765432"


def answer_key(corpus: Path) -> list[tuple[str, dict[str, dict[str, int]]]]:
    deals, tables = [], []
    for line in (corpus / "deals" / "dds_list100.txt").read_text().splitlines():
        if line.startswith("PBN "):
            deals.append(re.search(r'"(.*)"', line).group(1))
        elif line.startswith("TABLE "):
            numbers = [int(x) for x in line.split()[1:]]
            tables.append(
                {
                    seat: {strain: numbers[4 * i + j] for i, strain in enumerate(TABLE_STRAINS)}
                    for j, seat in enumerate(TABLE_SEATS)
                }
            )
    assert len(deals) == len(tables) == 100
    return list(zip(deals, tables, strict=True))


def hands_by_seat(deal: str) -> dict[str, str]:
    seats = "NESW"
    first = seats.index(deal[0])
    return {seats[(first + i) % 4]: hand for i, hand in enumerate(deal[2:].split())}


def card_places(deal: str) -> dict[str, str]:
    """{card: seat}, e.g. {'SA': 'W', ...}."""
    places = {}
    for seat, hand in hands_by_seat(deal).items():
        for suit, holding in zip("SHDC", hand.split("."), strict=True):
            for rank in holding:
                places[suit + rank] = seat
    return places


def pbn_text(key) -> str:
    """A PBN file written by hand here, not by bridgeio's writer."""
    games = []
    for board, (deal, table) in enumerate(key, start=1):
        rows = "\n".join(
            f"{seat} {strain} {table[seat][strain]}"
            for seat in TABLE_SEATS
            for strain in TABLE_STRAINS
        )
        games.append(
            f'[Board "{board}"]\n[Deal "{deal}"]\n'
            f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{rows}\n'
        )
    return "\n".join(games)


@pytest.fixture
def chain(corpus, tmp_path):
    key = answer_key(corpus)
    (tmp_path / "dds.pbn").write_text(pbn_text(key))
    bridgeio.convert(tmp_path / "dds.pbn", tmp_path / "dds.zrd")
    for name in ("zdd", "zbd", "zbs"):
        bridgeio.convert(tmp_path / "dds.zrd", tmp_path / f"dds.{name}")
    bridgeio.convert(tmp_path / "dds.zrd", tmp_path / "dds.zrj", seat="W")
    return key, tmp_path


def dump(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert run(["dump", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def test_zrd_bytes_hold_cards_and_tricks_in_pavlicek_order(chain):
    key, folder = chain
    data = (folder / "dds.zrd").read_bytes()
    assert len(data) == 100 * 23
    for number, (deal, table) in enumerate(key):
        record = int.from_bytes(data[23 * number : 23 * number + 23], "little")
        places = card_places(deal)
        for index in range(52):
            card = "SHDC"[index // 13] + RANKS[index % 13]
            assert PAVLICEK_SEATS[(record >> (2 * index)) & 3] == places[card]
        for position in range(20):
            strain = PAVLICEK_STRAINS[position // 4]
            seat = PAVLICEK_SEATS[position % 4]
            assert (record >> (104 + 4 * position)) & 15 == table[seat][strain]


def test_every_card_and_trick_survives_to_json(chain, capsys):
    key, folder = chain
    zrd = dump(folder / "dds.zrd", capsys)
    zbd = dump(folder / "dds.zbd", capsys)
    zdd = dump(folder / "dds.zdd", capsys)
    zrj = dump(folder / "dds.zrj", capsys)
    zbs = dump(folder / "dds.zbs", capsys)
    assert [d["format"] for d in (zrd, zbd, zdd, zrj, zbs)] == ["zrd", "zbd", "zdd", "zrj", "zbs"]
    for number, (deal, table) in enumerate(key):
        expected_places = card_places(deal)
        for document in (zrd, zbd):
            record = document["records"][number]
            assert record["deal"].startswith("N:")
            assert card_places(record["deal"]) == expected_places
        assert zbd["records"][number]["dd"] is None
        assert zrd["records"][number]["dd"] == table
        assert zdd["records"][number] == {"deal": None, "dd": table}
        assert zrj["records"][number]["dd"] == {"W": table["W"]}
        assert card_places(zrj["records"][number]["deal"]) == expected_places
        suits = zbs["records"][number]["suits"]
        hands = hands_by_seat(deal)
        for s, suit in enumerate("SHDC"):
            assert suits[suit] == {seat: hands[seat].split(".")[s] for seat in "WNES"}


def test_the_chain_back_to_pbn_gives_the_same_tables(chain):
    key, folder = chain
    bridgeio.convert(folder / "dds.zrd", folder / "back.pbn")
    deals = bridgeio.read(folder / "back.pbn")
    for number, (deal, table) in enumerate(key):
        assert card_places(deals[number].pbn()) == card_places(deal)
        assert deals[number].dd() == table
