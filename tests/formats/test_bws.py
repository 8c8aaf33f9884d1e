"""Bridgemate databases (``.bws``): the real one of the shared corpus read whole, its standing
results counted against ``mdb-export`` of the same table (mdbtools), scores from contract,
tricks and vulnerability, and damaged or foreign files refused with a FormatError."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import FormatError, FormatWarning
from bridgeio.formats.bws.jet import Tables
from bridgeio.formats.bws.reader import read
from bridgeio.formats.bws.sniff import sniff
from bridgeio.model.results import Results
from tests.conftest import CORPUS

GAME = CORPUS / "world" / "bws" / "zdenecek__bridgemanager__BMInput1.bws"


@pytest.fixture(scope="module")
def game() -> Path:
    if not GAME.is_file():
        pytest.skip(f"the real Bridgemate database is not at {GAME}")
    return GAME


def _export(path: Path, table: str) -> list[dict[str, str]]:
    """``mdb-export``'s rows of ``table`` (skips when mdbtools is not installed)."""
    if shutil.which("mdb-export") is None:
        pytest.skip("mdb-export (Debian's mdbtools) is not installed")
    text = subprocess.run(
        ["mdb-export", str(path), table], capture_output=True, text=True, check=True
    ).stdout
    return list(csv.DictReader(io.StringIO(text)))


def _read(path: Path) -> tuple[Results, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = read(str(path))
    return results, [str(w.message) for w in caught if issubclass(w.category, FormatWarning)]


def test_every_table_has_the_rows_mdb_export_finds(game: Path) -> None:
    """Freed pages still name their table; only the usage map's are read (RoundData once)."""
    tables = Tables(str(game))
    for name in ("Section", "Tables", "RoundData", "ReceivedData", "Session"):
        assert len(tables.rows(name)) == len(_export(game, name)), name


def test_the_standing_results_are_mdb_exports_less_erased_and_replaced(game: Path) -> None:
    rows = _export(game, "ReceivedData")
    standing: dict[tuple[str, ...], dict[str, str]] = {}
    for row in sorted(rows, key=lambda r: int(r["ID"])):
        key = (row["Section"], row["Table"], row["Round"], row["Board"])
        if row["Erased"] == "1":
            standing.pop(key, None)
        else:
            standing[key] = row
    results, found = _read(game)
    section = results.events[0].sections[0]
    lines = {(b.number, r.table, r.round): r for b in section.results for r in b.results}
    assert len(lines) == len(standing) == sum(len(b.results) for b in section.results)
    for row in standing.values():
        line = lines[(int(row["Board"]), int(row["Table"]), int(row["Round"]))]
        assert (line.ns, line.ew) == (int(row["PairNS"]), int(row["PairEW"]))
        assert line.contract is not None and line.declarer is not None
        assert line.contract.text == row["Contract"].replace(" ", "").upper()
        assert line.declarer.char == row["NS/EW"]
    dropped = len(rows) - len(standing)
    assert dropped > 0 and any(f"{dropped} of {len(rows)} entries" in w for w in found)


def test_scores_come_from_contract_tricks_and_vulnerability(game: Path) -> None:
    results, _ = _read(game)
    for board in results.events[0].sections[0].results:
        for line in board.results:
            assert line.contract is not None and line.tricks is not None
            assert line.declarer is not None
            assert isinstance(line.ns_score, int) and line.ew_score == -line.ns_score
            seat = line.declarer.char
            points = line.contract.score(line.tricks, _vulnerable(board.number, seat))
            assert line.ns_score == (points if seat in "NS" else -points), (board.number, line)
    first = results.events[0].sections[0].results[0].results[0]  # 4H by West, 11 tricks
    assert (first.contract.text if first.contract else "", first.tricks, first.ns_score) == (
        "4H",
        11,
        -450,
    )


def _vulnerable(board: int, seat: str) -> bool:
    """The standard cycle, written out apart from the model's: NS on 2 5 12 15, EW on
    3 6 9 16, both on 4 7 10 13."""
    spot = (board - 1) % 16 + 1
    ns, ew = spot in (2, 5, 12, 15, 4, 7, 10, 13), spot in (3, 6, 9, 16, 4, 7, 10, 13)
    return ns if seat in "NS" else ew


def test_the_event_section_and_movement(game: Path) -> None:
    results, _ = _read(game)
    event = results.events[0]
    assert (event.name, str(event.date), event.kind.value, event.scoring.value) == (
        "Bridge game",
        "2019-04-26",
        "pairs",
        "matchpoints",
    )
    (section,) = event.sections
    rounds = _export(game, "RoundData")
    assert section.name == "A" and section.tables == 8
    assert [(r["Table"], r["Round"], r["NSPair"], r["EWPair"]) for r in rounds] == [
        (str(t + 1), str(n + 1), str(s[0]), str(s[1]))
        for n, row in enumerate(section.schedule)
        for t, s in enumerate(row)
        if s is not None
    ]
    played = {p for b in section.results for r in b.results for p in (r.ns, r.ew)}
    assert {e.number for e in section.entries} == played  # a Howell: each pair once


def test_the_format_is_found_from_content_and_read_through_bridgeio(
    game: Path, tmp_path: Path
) -> None:
    assert sniff(game.read_bytes()[:64], game.stat().st_size)
    renamed = tmp_path / "game.dat"
    renamed.write_bytes(game.read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        document = bridgeio.read(renamed)
    assert isinstance(document, Results) and document.format == "bws"


@pytest.mark.parametrize("cut", [0, 100, 2048, 4096, 30_000, 120_000])
def test_a_truncated_database_is_a_format_error(game: Path, tmp_path: Path, cut: int) -> None:
    short = tmp_path / "short.bws"
    short.write_bytes(game.read_bytes()[:cut])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            results = read(str(short))
        except FormatError as error:
            assert str(short) in str(error)
            return
    rows = sum(len(b.results) for s in results.events[0].sections for b in s.results)
    assert rows < 154  # what a cut file still holds is less than the whole


def test_bit_flips_end_in_a_result_or_a_format_error(game: Path, tmp_path: Path) -> None:
    data = bytearray(game.read_bytes())
    damaged = tmp_path / "flipped.bws"
    outcomes = set()
    for at in range(1000, len(data), 2477):
        copy = bytearray(data)
        copy[at] ^= 0x5A
        copy[(at * 7) % len(data)] ^= 0xFF
        damaged.write_bytes(bytes(copy))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                read(str(damaged))
                outcomes.add("read")
            except FormatError:
                outcomes.add("FormatError")
    assert "read" in outcomes


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.bws"
    text.write_text('[Event "x"]\n')
    with pytest.raises(FormatError, match="an Access database"):
        read(str(text))
    fake = tmp_path / "fake.bws"
    fake.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(5000))
    with pytest.raises(FormatError):
        read(str(fake))


def test_a_hand_record_row_is_a_deal() -> None:
    """No public database found has a HandRecord; its row as Bridgemate's table has it."""
    from bridgeio.formats.bws.people import deals

    hands = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    row: dict[str, object] = {"Section": 1, "Board": 3}
    for seat, hand in zip(("North", "East", "South", "West"), hands[2:].split(), strict=True):
        for suit, cards in zip(
            ("Spades", "Hearts", "Diamonds", "Clubs"), hand.split("."), strict=True
        ):
            row[seat + suit] = " ".join(cards).replace("T", "10")
    found = deals("x.bws", [row])
    assert found is not None and len(found) == 1
    assert found[0].pbn() == hands and found[0].board == 3


def test_a_board_not_played_and_an_arbitral_score_as_the_tables_enter_them() -> None:
    """Bridgemate's remarks: a board not played is one; an arbitral score's value is not in
    the database (the scoring program holds it), so it is left out with a warning."""
    from bridgeio.formats.bws.reader import _result
    from bridgeio.model.results import Special

    row: dict[str, object] = {"ID": 7, "Round": 2, "Table": 3, "Board": 4, "PairNS": 1}
    row |= {"PairEW": 2, "Contract": "", "Result": "", "NS/EW": ""}
    line = _result("x.bws", row | {"Remarks": "Not played"})
    assert line is not None and line.ns_score is Special.NOT_PLAYED and line.contract is None
    with pytest.warns(FormatWarning, match="ReceivedData ID 7: warning: Arbitral score"):
        assert _result("x.bws", row | {"Remarks": "Arbitral score"}) is None
    played = _result("x.bws", row | {"Contract": "4 S xx", "Result": "-1", "NS/EW": "W"})
    assert played is not None and played.contract is not None
    assert (played.contract.text, played.tricks, played.ns_score) == (
        "4SXX",
        9,
        400,
    )  # all vulnerable: 400 redoubled
    assert _result("x.bws", row | {"Contract": "PASS"}) is not None
