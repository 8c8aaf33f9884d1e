"""ACBLscore game files against the real corpus and Matthew Kidd's decoder (the answer key).

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import struct
import time
from pathlib import Path

import pytest

import bridgeio
from bridgeio import FormatError
from bridgeio.analysis.anonymize import anonymize
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.formats.acblscore.writer import to_bytes
from tests.corpus.acbl_answer_key import compare


def game_files(corpus: Path) -> list[Path]:
    files = sorted(
        p
        for p in (corpus / "acblscore").iterdir()
        if p.is_file() and not p.name.startswith("truncated")
    )
    assert len(files) == 49
    return files


def test_every_file_agrees_with_the_answer_key(corpus):
    disagreements, documented = {}, []
    for path in game_files(corpus):
        expected = corpus / "acblscore" / "expected" / f"{path.name}.json"
        differences = compare(bridgeio.read(path), expected, documented)
        if differences:
            disagreements[path.name] = len(differences)  # counts only: no names in the log
    assert disagreements == {}
    # Each documented difference is explained in acbl_answer_key.DOCUMENTED.
    assert all("trailing unplayed" in d or "rating 47" in d for d in documented)


def test_every_file_writes_back_byte_for_byte(corpus, tmp_path):
    for path in game_files(corpus):
        bridgeio.write(bridgeio.read(path), tmp_path / path.name, "acblscore")
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_an_edit_changes_only_its_own_bytes(corpus):
    path = corpus / "acblscore" / "agile-bridge-club_170613.ACA"
    original = path.read_bytes()
    results = bridgeio.read(path)
    entry = results.events[0].sections[0].entries[0]
    entry.players[0].last_name = "Edited"
    entry.score = 12.5
    edited = to_bytes(results)
    changed = [i for i, (a, b) in enumerate(zip(original, edited, strict=True)) if a != b]
    bound = {
        attribute: offset
        for target, attribute, offset, kind, _ in results.origin.bindings
        if target is entry.players[0]
        and attribute == "last_name"
        or target is entry
        and attribute == "score"
    }
    allowed = set(range(bound["last_name"], bound["last_name"] + 17))
    allowed |= set(range(bound["score"], bound["score"] + 4))
    assert changed and set(changed) <= allowed
    again = read_bytes(edited).events[0].sections[0].entries[0]
    assert (again.players[0].last_name, again.score) == ("Edited", 12.5)


def test_anonymize_replaces_every_name_and_nothing_else(corpus, tmp_path):
    for path in game_files(corpus):
        results = bridgeio.read(path)
        private = set()
        for event in results.events:
            private |= {event.club, event.director, event.extra.get("city", "")}
            for section in event.sections:
                for entry in section.entries:
                    for p in entry.players:
                        private |= {p.last_name, p.first_name, p.player_number, p.city}
        scores = [
            (e.id, e.score, e.percentage)
            for ev in results.events
            for s in ev.sections
            for e in s.entries
        ]
        anonymize(results, b"test key")
        data = to_bytes(results)
        leaked = sum(len(v) >= 4 and v.encode("cp1252", "replace") in data for v in private)
        assert leaked == 0, f"{path.name}: {leaked} private values left"
        again = read_bytes(data)
        assert [
            (e.id, e.score, e.percentage)
            for ev in again.events
            for s in ev.sections
            for e in s.entries
        ] == scores
        sensitive = {
            o + k
            for t, a, o, kind, _ in results.origin.bindings
            if a in ("last_name", "first_name", "player_number", "city", "club", "director")
            for k in range(int(kind[4:]) + 1)
        }
        original = path.read_bytes()
        outside = [
            i
            for i, (a, b) in enumerate(zip(original, data, strict=True))
            if a != b and i not in sensitive
        ]
        assert outside == [], path.name


def test_pseudonyms_are_consistent(corpus):
    path = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    first, second = bridgeio.read(path), bridgeio.read(path)
    anonymize(first, b"same")
    anonymize(second, b"same")
    names = [
        [p.last_name for s in e.sections for en in s.entries for p in en.players]
        for e in first.events
    ]
    assert names == [
        [p.last_name for s in e.sections for en in s.entries for p in en.players]
        for e in second.events
    ]


def test_the_truncated_file_reads_as_a_flagged_partial_result(corpus):
    path = corpus / "acblscore" / "truncated_friendly-bridge-club_170807.aca"
    began = time.perf_counter()
    results = bridgeio.read(path)
    assert time.perf_counter() - began < 1.0
    assert results.partial
    assert any("truncated" in problem for problem in results.problems)


def corrupt(data: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, offset, value)
    return bytes(out)


@pytest.fixture
def sample(corpus) -> bytes:
    return (corpus / "acblscore" / "agile-bridge-club_170613.ACA").read_bytes()


def first_section_details(data: bytes) -> int:
    return struct.unpack_from("<I", data, 0x13E + 4)[0]


def test_bad_magic(sample):
    with pytest.raises(FormatError, match="byte 0: expected an ACBLscore game file"):
        read_bytes(b"\x12\x0a\x03AC4" + sample[6:], "x.aca")


def test_pointer_outside_the_file(sample):
    bad = corrupt(sample, 0x12, "<I", len(sample) + 1000)
    with pytest.raises(FormatError, match="pointer to the event 1 details"):
        read_bytes(bad, "x.aca")


def test_absurd_counts_and_lengths(sample):
    details = first_section_details(sample)
    index = struct.unpack_from("<I", sample, details + 4)[0]
    with pytest.raises(FormatError, match=f"index table at byte {index}"):
        read_bytes(corrupt(sample, index + 6, "<H", 65535), "x.aca")
    with pytest.raises(FormatError, match=f"section A details at byte {details}"):
        read_bytes(corrupt(sample, details, "<h", 32000), "x.aca")
    with pytest.raises(FormatError):
        read_bytes(corrupt(sample, details, "<h", -5), "x.aca")


def test_a_circular_free_list_is_cut_and_flagged(corpus):
    data = (corpus / "acblscore" / "750-club_170727.ACM").read_bytes()
    first = struct.unpack_from("<I", data, 0x0A)[0]
    results = read_bytes(corrupt(data, first + 2, "<I", first), "x.acm")
    assert results.partial and any("circle" in p for p in results.problems)
