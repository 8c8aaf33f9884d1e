"""ChessBase .cbt: real files, edits that keep the AVL tree right, bad input."""

from __future__ import annotations

import json
import re
import struct
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio import FormatError
from bridgeio.cli import run
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.formats.chessbase.checks import check, check_file
from bridgeio.formats.chessbase.tournament_record import sort_key
from bridgeio.formats.json.reader import from_document
from bridgeio.formats.json.tournaments import tournaments_document
from bridgeio.model.chess import PAIRINGS, PartialDate, Tournament, TournamentIndex
from tests.roundtrip import assert_round_trip


def corpus_files(corpus):
    files = sorted((corpus / "chessbase").glob("*.cbt"))
    assert files
    return files


def test_every_corpus_file_reads_validates_and_writes_back_byte_for_byte(corpus, tmp_path):
    for path in corpus_files(corpus):
        db = bridgeio.read(path)
        errors = [p for p in check(str(path)) if p.severity == "error"]
        assert errors == [], path.name
        bridgeio.write(db, tmp_path / path.name)
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_known_values_of_a_real_file(corpus):
    db = bridgeio.read(corpus / "chessbase" / "Hedgehog.cbt")
    first = db.tournaments[db.sort_order()[1]]
    assert (first.title, first.place, first.date.iso()) == (
        "Birstonas op",
        "Birstonas",
        "2002-08-17",
    )
    assert (first.pairing, first.nation, first.rounds, first.complete) == ("swiss", "LTU", 9, True)
    mate = check(str(corpus / "chessbase" / "Mate2.cbt"))
    assert [(p.severity, p.place) for p in mate] == [("warning", "header byte 20")]


def test_canonical_json_in_id_order(corpus, capsys):
    from bridgeio.cli import run

    assert run(["dump", str(corpus / "chessbase" / "text.cbt")]) == 0
    import json

    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "cbt"
    assert [t["id"] for t in document["tournaments"]] == [0, 1]
    assert document["tournaments"][1]["date"] == "2021-01-15"


tournaments = st.builds(
    Tournament,
    title=st.text(st.sampled_from("ABCabc é-"), max_size=8),
    place=st.text(st.sampled_from("XYxy"), max_size=3),
    date=st.builds(
        lambda year, month, day: PartialDate(year, month, day if month else 0),
        st.sampled_from([0, 1886, 1999, 2024]),
        st.integers(0, 12),
        st.integers(0, 3),
    ),
    pairing=st.sampled_from(PAIRINGS),
    rounds=st.integers(0, 20),
)
operations = st.lists(
    st.tuples(
        st.sampled_from(["add", "add", "change", "delete"]), st.integers(0, 10**6), tournaments
    ),
    max_size=40,
)


@given(start=st.lists(tournaments, max_size=10), ops=operations)
def test_edits_keep_a_valid_sorted_balanced_file(tmp_path_factory, start, ops):
    db = TournamentFile.new(start)
    expected = dict(enumerate(start))
    for op, pick, tournament in ops:
        live = sorted(expected)
        if op == "add" or not live:
            free = db.deleted_slots()
            slot = db.add(tournament)
            assert slot == (free[0] if free else len(db.tournaments) - 1)  # deleted slots first
            expected[slot] = tournament
        elif op == "change":
            slot = live[pick % len(live)]
            db.change(slot, tournament)
            expected[slot] = tournament
        else:
            slot = live[pick % len(live)]
            db.delete(slot)
            del expected[slot]
    path = tmp_path_factory.mktemp("cbt") / "edited.cbt"
    bridgeio.write(db, path)
    back = bridgeio.read(path)
    assert [p for p in check_file(back) if p.severity == "error"] == []
    order = back.sort_order()
    assert sorted(order) == sorted(expected)
    assert [back.tournaments[i] for i in sorted(order)] == [expected[i] for i in sorted(expected)]
    keys = [sort_key(back.tournaments[i]) for i in order]
    assert keys == sorted(keys)


def make_file(tmp_path, data: bytes, name="x.cbt"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def sample(tmp_path) -> bytearray:
    db = TournamentFile.new([Tournament(t) for t in "DBFACEG"])
    return bytearray(db.to_bytes())


def test_bad_headers(tmp_path):
    data = sample(tmp_path)
    with pytest.raises(FormatError, match="byte 0: expected a capacity matching"):
        bridgeio.read(make_file(tmp_path, bytes(data[:-5])), "cbt")
    wrong = bytearray(data)
    wrong[8] ^= 1
    with pytest.raises(FormatError, match="byte 8: expected the magic number"):
        bridgeio.read(make_file(tmp_path, bytes(wrong)), "cbt")


def link_offset(slot: int, which: int) -> int:
    return 32 + slot * 99 + 4 * which


def test_cyclic_and_out_of_range_links(tmp_path):
    data = sample(tmp_path)
    root = struct.unpack_from("<i", data, 4)[0]
    cyclic = bytearray(data)
    struct.pack_into("<i", cyclic, link_offset(root, 0), root)  # root's left child is itself
    with pytest.raises(FormatError, match="cycle"):
        bridgeio.read(make_file(tmp_path, bytes(cyclic)), "cbt")
    outside = bytearray(data)
    struct.pack_into("<i", outside, link_offset(root, 1), 7000)
    with pytest.raises(FormatError, match="outside the file"):
        bridgeio.read(make_file(tmp_path, bytes(outside)), "cbt")
    deleted_loop = bytearray(data)
    struct.pack_into("<i", deleted_loop, 16, 0)  # first deleted: slot 0 ...
    struct.pack_into("<ii", deleted_loop, link_offset(0, 0), -999, 0)  # ... linking to itself
    with pytest.raises(FormatError, match="deleted list"):
        bridgeio.read(make_file(tmp_path, bytes(deleted_loop)), "cbt")


def test_an_unsorted_or_unbalanced_tree_is_reported(tmp_path):
    db = TournamentFile.new([Tournament(t) for t in "ABC"])
    db.tournaments[db.sort_order()[0]] = Tournament("Z")  # out of order, without re-sorting
    db.edited.add(0)
    problems = [str(p) for p in check_file(db)]
    assert any("sorts before" in p for p in problems)


def test_code_page_is_an_option(tmp_path):
    db = TournamentFile.new([Tournament("Москва", "Москва")], codepage="cp1251")
    path = tmp_path / "ru.cbt"
    path.write_bytes(db.to_bytes())
    assert bridgeio.read(path, codepage="cp1251").tournaments[0].title == "Москва"
    assert bridgeio.read(path).tournaments[0].title != "Москва"  # cp1252 by default
    with pytest.raises(ValueError, match="unknown code page"):
        bridgeio.read(path, codepage="klingon")


# ------------------------------------------------------------------ field rules on real data


def patched(source, tmp_path, changes) -> tuple:
    """A corpus file with record bytes of one dated slot changed: ``changes`` maps a
    record offset to new bytes, or "date" to (month, day) kept in the slot's year."""
    data = bytearray(source.read_bytes())
    header = 28 + struct.unpack_from("<i", data, 24)[0]
    db = TournamentFile.from_bytes(bytes(data))
    slot = next(s for s, t in db.with_ids() if t.date.year and t.date.month)
    record = header + slot * 99 + 9
    for offset, value in changes.items():
        if offset == "date":
            word = struct.unpack_from("<I", data, record + 70)[0] & ~0x1FF
            struct.pack_into("<I", data, record + 70, word | value[0] << 5 | value[1])
        else:
            data[record + offset : record + offset + len(value)] = value
    path = tmp_path / source.name
    path.write_bytes(bytes(data))
    return path, slot, db.tournaments[slot].date.year


def test_a_day_without_a_month_is_a_warning_read_and_written_faithfully(corpus, tmp_path):
    """ChessBase writes "2004-0-19" (a known year and day, no month): validate lists a
    warning and exits 0; the date is read as it is and written back byte for byte, through
    an edit of the tournament and through the canonical JSON."""
    path, slot, year = patched(corpus / "chessbase" / "Hedgehog.cbt", tmp_path, {"date": (0, 19)})
    problems = bridgeio.validate(path)
    assert [(p.severity, p.message) for p in problems] == [
        ("warning", f"date {year}-0-19: a day without a month")
    ]
    assert run(["validate", str(path)]) == 0
    db = bridgeio.read(path)
    assert db.tournaments[slot].date == PartialDate(year, 0, 19)
    bridgeio.write(db, tmp_path / "same.cbt")
    assert (tmp_path / "same.cbt").read_bytes() == path.read_bytes()
    edited = replace(db.tournaments[slot], rounds=db.tournaments[slot].rounds + 1)
    db.change(slot, edited)
    bridgeio.write(db, tmp_path / "edited.cbt")
    again = bridgeio.read(tmp_path / "edited.cbt")
    assert again.tournaments[slot] == edited and check_file(again) == problems
    document = tournaments_document(bridgeio.read(path), "cbt")
    entry = next(t for t in document["tournaments"] if t["id"] == slot)
    assert (entry["date"], entry["date_parts"]) == (str(year), [year, 0, 19])
    bridgeio.write(from_document(json.loads(json.dumps(document))), tmp_path / "json.cbt")
    assert (tmp_path / "json.cbt").read_bytes() == path.read_bytes()


@pytest.mark.parametrize(
    "changes,severity,message",
    [
        ({74: b"\x0c"}, "warning", "pairing code 12, not one documented (0-8): kept"),
        ({76: b"\xfe"}, "warning", "nation number 254, not in ChessBase's table (0-253): kept"),
        ({78: b"\x96"}, "warning", "category 150, not 0-99: kept"),
        ({77: b"\x01"}, "warning", "bytes 77 and 81, always 0 in known files, are not"),
        ({"date": (13, 5)}, "error", "-13-5: 13 is not a month"),
        ({"date": (2, 30)}, "error", "-2-30: February"),
    ],
)
def test_values_outside_documented_ranges(corpus, tmp_path, changes, severity, message):
    """Warnings for values a file reads and writes back unchanged; errors for dates no
    calendar has. Either way the file and its JSON give back the same bytes."""
    path, slot, _ = patched(corpus / "chessbase" / "Hedgehog.cbt", tmp_path, changes)
    problems = bridgeio.validate(path)
    assert len(problems) == 1 and problems[0].severity == severity
    assert message in problems[0].message and problems[0].place.startswith(f"slot {slot} ")
    assert run(["validate", str(path)]) == (0 if severity == "warning" else 1)
    document = json.loads(json.dumps(tournaments_document(bridgeio.read(path), "cbt")))
    entry = next(t for t in document["tournaments"] if t["id"] == slot)
    assert entry["date"] is None or PartialDate.from_iso(entry["date"]) is not None
    bridgeio.write(from_document(document), tmp_path / "back.cbt")
    assert (tmp_path / "back.cbt").read_bytes() == path.read_bytes()


# ------------------------------------------------------------------ canonical JSON


def test_every_corpus_file_through_json_writes_the_same_file(corpus, tmp_path, capsys):
    for path in corpus_files(corpus):
        assert run(["dump", str(path)]) == 0
        dumped = tmp_path / f"{path.stem}.json"
        dumped.write_text(capsys.readouterr().out)
        data = json.loads(dumped.read_text())
        assert [t["id"] for t in data["tournaments"]] == [
            i for i, _ in bridgeio.read(path).with_ids()
        ]
        assert all(t["date"] is None or len(t["date"]) in (4, 7, 10) for t in data["tournaments"])
        assert bridgeio.read(dumped) == bridgeio.read(path), path.name
        target = tmp_path / path.name
        assert run(["convert", str(dumped), str(target)]) == 0
        assert target.read_bytes() == path.read_bytes(), path.name


def test_edits_in_the_json_reach_the_file_and_keep_it_valid(corpus, tmp_path):
    source = corpus / "chessbase" / "Hedgehog.cbt"
    original = bridgeio.read(source)
    data = tournaments_document(original, "cbt")
    first, second = data["tournaments"][0], data["tournaments"][1]
    first["title"] = "AAA renamed"  # moves it in the sort order
    second["rounds"] = 7  # does not
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    bridgeio.convert(path, tmp_path / "edited.cbt")
    back = bridgeio.read(tmp_path / "edited.cbt")
    assert [p for p in check_file(back) if p.severity == "error"] == []
    assert back.tournaments[first["id"]].title == "AAA renamed"
    assert back.tournaments[second["id"]].rounds == 7
    assert back.sort_order() != original.sort_order()  # the tree was made again, in order
    unchanged = [s for s, _ in original.with_ids() if s not in (first["id"], second["id"])]
    assert all(back.raw[s] == original.raw[s] for s in unchanged)  # junk after titles kept


def test_a_document_without_provenance_makes_a_new_file(corpus, tmp_path):
    data = tournaments_document(bridgeio.read(corpus / "chessbase" / "Mate2.cbt"), "cbt")
    del data["provenance"]
    data["tournaments"].reverse()
    index = from_document(data)
    assert type(index) is TournamentIndex  # in id order, numbered from 0 when written
    assert [t.title for t in index.tournaments] == [
        t.title for _, t in bridgeio.read(corpus / "chessbase" / "Mate2.cbt").with_ids()
    ]
    bridgeio.write(index, tmp_path / "new.cbt")
    assert check_file(bridgeio.read(tmp_path / "new.cbt")) == []


odd_dates = st.builds(
    PartialDate, st.sampled_from([0, 1886, 2004, 4095]), st.integers(0, 15), st.integers(0, 31)
)


@given(
    start=st.lists(tournaments, max_size=6),
    ops=operations,
    dates=st.lists(odd_dates, max_size=6),
)
@settings(max_examples=40)
def test_files_round_trip_through_json(tmp_path_factory, start, ops, dates):
    """read(dump(x)) == x: the same tournaments under the same ids, and the same bytes."""
    start = [
        replace(t, date=d) for t, d in zip(start, dates + [t.date for t in start], strict=False)
    ]
    db = TournamentFile.new(start)
    for op, pick, tournament in ops[:12]:
        live = [s for s, _ in db.with_ids()]
        if op == "add" or not live:
            db.add(tournament)
        elif op == "change":
            db.change(live[pick % len(live)], tournament)
        else:
            db.delete(live[pick % len(live)])
    folder = tmp_path_factory.mktemp("cbt-json")
    back = assert_round_trip(db, folder, "json")
    assert isinstance(back, TournamentFile)
    assert_round_trip(TournamentIndex(list(start)), folder, "json")


MALFORMED = [
    ({"title": 5}, "tournaments[0].title: expected a string, found 5"),
    ({"date": "2004-13"}, "tournaments[0].date: expected a partial ISO date: not a date"),
    ({"date": "19.1.2004"}, "tournaments[0].date: expected a partial ISO date"),
    ({"date": "2004", "date_parts": [2004, 1, 19]}, "tournaments[0].date_parts: expected parts"),
    ({"date_parts": [2004, 99, 1]}, "tournaments[0].date_parts: expected [year 0-9999"),
    ({"rounds": 256}, "tournaments[0].rounds: expected an integer 0-255, found 256"),
    ({"games": 2**64}, "tournaments[0].games: expected an integer 0-4294967295"),
    ({"pairing": "swiss-ish"}, "tournaments[0].pairing: expected one of none, game"),
    ({"time_control": "bullet"}, "tournaments[0].time_control: expected classical or"),
    ({"nation": "XYZ"}, "tournaments[0].nation: expected an IOC code ChessBase knows"),
    ({"team": "yes"}, "tournaments[0].team: expected true or false"),
    ({"id": -1}, "tournaments[0].id: expected an integer 0-2147483647"),
    ({"id": 1}, "tournaments[1].id: expected a new id, found 1 a second time"),
    ({"complete": None}, "tournaments[0].complete: expected true or false, found None"),
    ({"kept": {"cbt": {"record": "00"}}}, "tournaments[0].kept.cbt.record: expected 90 record"),
]


@pytest.mark.parametrize("change,message", MALFORMED)
def test_malformed_tournaments_name_their_json_path(change, message):
    data = tournaments_document(TournamentFile.new([Tournament("A"), Tournament("B")]), "cbt")
    data["tournaments"][0].update(change)
    with pytest.raises(FormatError, match=re.escape(f"x.json: {message}")):
        from_document(data, "x.json")


@pytest.mark.parametrize(
    "change,message",
    [
        ({"left": [0, 5]}, "provenance.cbt: expected well-formed tree links"),
        ({"left": [-999, -1]}, "tournaments: expected a tournament for each live slot"),
        ({"balance": [0]}, "provenance.cbt: expected left, right and balance lists of one"),
        ({"balance": [0, 300]}, "provenance.cbt.balance: expected a list of at most"),
        ({"root": 2**40}, "provenance.cbt.root: expected an integer"),
        ({"codepage": "klingon"}, "provenance.cbt.codepage: expected a known code page"),
        ({"header_extra": "zz"}, "provenance.cbt.header_extra: expected 0 or 4 bytes"),
        ({"deleted": [{"id": 0, "record": "00" * 90}]}, "deleted[0].id: expected a deleted"),
    ],
)
def test_malformed_provenance_names_its_json_path(change, message):
    data = tournaments_document(TournamentFile.new([Tournament("A"), Tournament("B")]), "cbt")
    data["provenance"]["cbt"].update(change)
    with pytest.raises(FormatError, match=re.escape(message)):
        from_document(data, "x.json")


def test_a_file_whose_tree_is_out_of_order_comes_back_as_it_was(tmp_path):
    """The JSON rebuilds a tree only when the document's edits put it out of order: a file
    that was out of order already is written back as write(read(cbt)) writes it."""
    db = TournamentFile.new([Tournament(t) for t in "ABC"])
    db.tournaments[db.sort_order()[0]] = Tournament("Z")  # out of order, without re-sorting
    db.edited.add(db.sort_order()[0])
    path = tmp_path / "unsorted.cbt"
    bridgeio.write(db, path)
    data = json.loads(json.dumps(tournaments_document(bridgeio.read(path), "cbt")))
    assert data["provenance"]["cbt"]["tree_sorted"] is False
    bridgeio.write(from_document(data), tmp_path / "back.cbt")
    assert (tmp_path / "back.cbt").read_bytes() == path.read_bytes()
    data["provenance"]["cbt"]["tree_sorted"] = True  # as if the JSON's edit had done it
    bridgeio.write(from_document(data), tmp_path / "mended.cbt")
    assert check_file(bridgeio.read(tmp_path / "mended.cbt")) == []
