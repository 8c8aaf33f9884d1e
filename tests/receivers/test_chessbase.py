"""Every ChessBase ``.cbt`` file bridgeio writes, decoded here from the documents (the entity
file of FACTS.md around the 90-byte record of chessbase-cbt-tournaments.md), is what ChessBase
expects: a header that fits the file, a deleted list of deleted slots, and an AVL tree over
exactly the live records, balanced, with the balance bytes right and in ChessBase's order;
with the fields of the source, or of the edits made through bridgeio's API.

The files: each corpus file written back, each written again after tournaments are added,
changed and deleted, and each built anew from its canonical JSON.
"""

from __future__ import annotations

import dataclasses
import json
import struct
from pathlib import Path

import pytest

import bridgeio
from bridgeio.formats.chessbase.entity import TournamentFile
from bridgeio.model.chess import PartialDate, Tournament
from tests.conftest import CORPUS
from tests.receivers.common import corpus_files, params

HEADER = struct.Struct("<7i")  # capacity, root, magic, record size, first deleted, live, extra
NODE = struct.Struct("<iib")  # left, right, balance
MAGIC, RECORD, DELETED = 1234567890, 90, -999
PAIRINGS = ("none", "game", "match", "round_robin", "swiss", "team", "knockout", "simul")
PAIRINGS += ("scheveningen",)  # the document's codes 0-8, in bridgeio's words
CBT_FILES = corpus_files("chessbase", ".cbt")


@dataclasses.dataclass
class Cbt:
    """A file as the documents lay it out."""

    capacity: int
    root: int
    first_deleted: int
    live_count: int
    nodes: list[tuple[int, int, int]]
    records: list[bytes]


def decode(data: bytes) -> Cbt:
    capacity, root, magic, size, first_deleted, live, extra = HEADER.unpack_from(data)
    assert magic == MAGIC and size == RECORD and extra in (0, 4)
    start = HEADER.size + extra
    assert len(data) == start + capacity * (NODE.size + RECORD)
    nodes, records = [], []
    for slot in range(capacity):
        at = start + slot * (NODE.size + RECORD)
        nodes.append(NODE.unpack_from(data, at))
        records.append(data[at + NODE.size : at + NODE.size + RECORD])
    return Cbt(capacity, root, first_deleted, live, nodes, records)


def fields(record: bytes) -> dict[str, object]:
    """The record's fields, by the document's table."""
    date, kind = struct.unpack_from("<I", record, 70)[0], record[74]
    return {
        "title": record[:40].split(b"\0")[0],
        "place": record[40:70].split(b"\0")[0],
        "date": ((date >> 9) & 0xFFF, (date >> 5) & 15, date & 31),
        "pairing": kind & 31,
        "time": kind >> 5,  # bits 5, 6, 7: blitz, rapid, correspondence
        "team": record[75] & 1,
        "nation": record[76],
        "category": record[78],
        "flags": record[79] & 15,
        "rounds": record[80],
        "games": struct.unpack_from("<I", record, 82)[0],
        "first_game": struct.unpack_from("<I", record, 86)[0],
    }


def signed(text: bytes) -> tuple[int, ...]:
    """A string as ChessBase compares it: byte by byte, each byte signed."""
    return tuple(b - 256 if b > 127 else b for b in text)


def order_key(record: bytes) -> tuple[object, ...]:
    """ChessBase's tournament order (FACTS.md): year descending, title, place, month and day
    descending."""
    f = fields(record)
    year, month, day = f["date"]  # type: ignore[misc]
    return (-year, signed(f["title"]), signed(f["place"]), -month, -day)  # type: ignore[arg-type]


def deleted_slots(cbt: Cbt) -> list[int]:
    """The deleted list from the header: each slot's left child is -999, its right the next."""
    slots, slot = [], cbt.first_deleted
    while slot != -1:
        assert 0 <= slot < cbt.capacity and slot not in slots
        left, right, _ = cbt.nodes[slot]
        assert left == DELETED
        slots.append(slot)
        slot = right
    return slots


def walk(cbt: Cbt, slot: int, seen: list[int]) -> int:
    """In-order walk of the subtree at ``slot`` into ``seen``; its height, checked against
    every balance byte on the way: height(right) - height(left), as every leaning node of the
    corpus files has it (FACTS.md gives the opposite sign; the real files win)."""
    if slot == -1:
        return 0
    assert 0 <= slot < cbt.capacity and slot not in seen and len(seen) < cbt.capacity
    left, right, balance = cbt.nodes[slot]
    assert left != DELETED
    low = walk(cbt, left, seen)
    seen.append(slot)
    high = walk(cbt, right, seen)
    assert balance == high - low and abs(balance) <= 1, f"slot {slot}"
    return 1 + max(low, high)


def check_file(data: bytes) -> dict[int, dict[str, object]]:
    """Every rule above, on a file's bytes; the fields of its live records by id."""
    cbt = decode(data)
    deleted = deleted_slots(cbt)
    live = [slot for slot in range(cbt.capacity) if slot not in deleted]
    order: list[int] = []
    if live:
        walk(cbt, cbt.root, order)
    else:
        assert cbt.root in (-1, 0)
    assert sorted(order) == live
    keys = [order_key(cbt.records[slot]) for slot in order]
    assert keys == sorted(keys)
    return {slot: fields(cbt.records[slot]) for slot in live}


def as_fields(t: Tournament, nation: int) -> dict[str, object]:
    """A tournament given to bridgeio's API, in the document's terms."""
    times = ("blitz", "rapid", "correspondence")
    flags = t.legacy_complete | t.complete << 1 | t.board_points << 2 | t.three_points_for_win << 3
    return {
        "title": t.title.encode("cp1252"),
        "place": t.place.encode("cp1252"),
        "date": (t.date.year, t.date.month, t.date.day),
        "pairing": PAIRINGS.index(t.pairing),
        "time": sum(1 << i for i, name in enumerate(times) if name in t.time_control),
        "team": int(t.team),
        "nation": nation,
        "category": t.category,
        "flags": flags,
        "rounds": t.rounds,
        "games": t.games,
        "first_game": t.first_game,
    }


# ------------------------------------------------------------------------------ the files


@pytest.mark.parametrize("source", params(CBT_FILES))
def test_each_corpus_file_written_back_is_a_valid_file_with_its_fields(
    source: Path, tmp_path: Path
) -> None:
    original = check_file(source.read_bytes())
    bridgeio.write(bridgeio.read(source), tmp_path / "out.cbt")
    data = (tmp_path / "out.cbt").read_bytes()
    assert check_file(data) == original
    assert decode(data).live_count == decode(source.read_bytes()).live_count  # kept as found


NEW = [
    Tournament(
        "Ärger Open",  # a byte above 127: signed, it sorts before every ASCII title
        "Zürich",
        PartialDate(1999, 7, 4),
        "swiss",
        frozenset({"rapid"}),
        nation="SUI",
        category=12,
        complete=True,
        rounds=9,
        games=180,
        first_game=4000,
    ),
    Tournament("Aeroflot", "Moscow", PartialDate(2004), "round_robin", team=True, rounds=11),
    Tournament("", "", PartialDate(), "knockout", frozenset({"blitz", "correspondence"})),
    Tournament("Aeroflot", "Moscow", PartialDate(2004), "round_robin", rounds=11),  # twice
]


@pytest.fixture(scope="module")
def nations() -> dict[str, int]:
    """ChessBase's nation numbers by IOC code, from the reference table (first listing)."""
    path = CORPUS.parent / "reference" / "chessbase-nations.tsv"
    if not path.is_file():
        pytest.skip(f"no reference table at {path}")
    found: dict[str, int] = {"": 0}
    for line in path.read_text().splitlines()[1:]:
        code, ioc, _ = line.split("\t")
        found.setdefault(ioc, int(code))
    return found


@pytest.mark.parametrize("source", params(CBT_FILES))
def test_each_corpus_file_edited_through_the_api_is_a_valid_file_with_the_edits(
    source: Path, tmp_path: Path, nations: dict[str, int]
) -> None:
    """Delete two tournaments, change one so that it moves in the order, add four (reusing
    the deleted slots first, then growing the file): ChessBase finds the edits in the fields,
    the tree and the deleted list."""
    document = bridgeio.read(source)
    assert isinstance(document, TournamentFile)
    expected = check_file(source.read_bytes())
    live = sorted(expected)
    for slot in live[:2] if len(live) > 2 else live[:1]:
        document.delete(slot)
        del expected[slot]
    if expected:
        slot = max(expected)
        current = document.tournaments[slot]
        assert current is not None
        changed = dataclasses.replace(current, title="Zz changed", date=PartialDate(1, 2, 3))
        document.change(slot, changed)
        expected[slot] = {**expected[slot], "title": b"Zz changed", "date": (1, 2, 3)}
    for tournament in NEW:
        slot = document.add(tournament)
        expected[slot] = as_fields(tournament, nations[tournament.nation])
    bridgeio.write(document, tmp_path / "edited.cbt")
    data = (tmp_path / "edited.cbt").read_bytes()
    found = check_file(data)
    same = found == expected  # (compared apart: no names in the log)
    assert same
    cbt = decode(data)
    assert cbt.live_count == len(expected)
    assert cbt.capacity == max(len(live), len(expected))  # deleted slots were reused first


@pytest.mark.parametrize("kept", [True, False], ids=["as dumped", "without provenance"])
@pytest.mark.parametrize("source", params(CBT_FILES))
def test_each_corpus_file_written_from_its_json_is_a_valid_file_with_its_fields(
    source: Path, kept: bool, tmp_path: Path
) -> None:
    """The canonical JSON as ``bridgeio dump`` writes it carries the file's layout (its tree
    and header): the file comes back as it was. Without it (a JSON made elsewhere) the file is
    built anew, its tournaments in id order, with a tree of its own and a true live count."""
    bridgeio.convert(source, tmp_path / "dump.json")
    document = json.loads((tmp_path / "dump.json").read_text())
    assert ("provenance" in document) and document["provenance"]
    if not kept:
        del document["provenance"]
    (tmp_path / "dump.json").write_text(json.dumps(document))
    bridgeio.convert(tmp_path / "dump.json", tmp_path / "built.cbt")
    data = (tmp_path / "built.cbt").read_bytes()
    original = check_file(source.read_bytes())
    found = check_file(data)
    ids = [t["id"] for t in document["tournaments"]]
    assert sorted(original) == ids
    if kept:
        assert data == source.read_bytes()
    else:
        assert decode(data).live_count == len(found) == len(ids)
        found = {ids[slot]: record for slot, record in found.items()}
    same = found == original  # (compared apart: no names in the log)
    assert same
