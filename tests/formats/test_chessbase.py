"""ChessBase .cbt: real files, edits that keep the AVL tree right, bad input."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio import FormatError
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.formats.chessbase.checks import check, check_file
from bridgeio.formats.chessbase.records import sort_key
from bridgeio.model.chess import PAIRINGS, PartialDate, Tournament


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
