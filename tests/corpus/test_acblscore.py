"""ACBLscore game files against the real corpus and the answer key of Matthew Kidd's decoder
(its output kept in the corpus; running the decoder itself on what bridgeio writes is in
tests/receivers/test_acblscore.py).

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import datetime
import io
import json
import struct
import time
from pathlib import Path

import pytest

import bridgeio
from bridgeio import FormatError
from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.formats.acblscore.provenance import GameFile
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.formats.acblscore.writer import to_bytes
from bridgeio.formats.json.read_results import results_from_document
from bridgeio.formats.json.write_results import results_document, results_text
from bridgeio.model.pseudonyms import Pseudonyms
from bridgeio.model.results import (
    Award,
    Event,
    EventKind,
    Results,
    Scoring,
    Special,
    StratRank,
)
from tests.corpus.acbl_answer_key import DOCUMENTED, compare
from tests.receivers.common import needs_usebio


def game_files(corpus: Path) -> list[Path]:
    files = sorted(
        p
        for p in (corpus / "acblscore").iterdir()
        if p.is_file() and not p.name.startswith("truncated")
    )
    assert len(files) == 49
    return files


def truncated(corpus: Path) -> Path:
    return corpus / "acblscore" / "truncated_friendly-bridge-club_170807.aca"


def read_clean(path: Path) -> Results:
    """Read a file that must read without a single problem."""
    with collect() as found:
        results = bridgeio.read(path)
    assert found.problems == [] and not results.partial, path.name
    return results


def test_every_file_agrees_with_the_answer_key(corpus):
    disagreements, documented = {}, []
    for path in game_files(corpus):
        expected = corpus / "acblscore" / "expected" / f"{path.name}.json"
        differences = compare(read_clean(path), expected, documented)
        if differences:
            disagreements[path.name] = len(differences)  # counts only: no names in the log
    assert disagreements == {}
    assert len(documented) == 2  # rating 47, in two files
    assert all(any(kind in d for kind in DOCUMENTED) for d in documented)


def test_every_file_writes_back_byte_for_byte(corpus, tmp_path):
    for path in [*game_files(corpus), truncated(corpus)]:
        with collect() as found:
            bridgeio.write(bridgeio.read(path), tmp_path / path.name, "acblscore")
        assert found.losses == []
        same = (tmp_path / path.name).read_bytes() == path.read_bytes()
        assert same, path.name


def test_the_written_json_text_is_json_dumps_of_the_document(corpus):
    for path in [*game_files(corpus), truncated(corpus)]:
        with collect():
            results = bridgeio.read(path)
        same = results_text(results) == json.dumps(results_document(results))
        assert same, path.name


def test_the_json_reads_back_the_same_model_and_writes_the_same_file(corpus):
    for path in [*game_files(corpus), truncated(corpus)]:
        with collect():
            results = bridgeio.read(path)
        document = json.loads(json.dumps(results_document(results)))
        back = results_from_document(document)
        same = back == results  # (compared apart: no names in the log)
        assert same, path.name
        same = to_bytes(back) == path.read_bytes()
        assert same, path.name


def changed_bytes(before: bytes, after: bytes) -> set[int]:
    assert len(before) == len(after)
    return {i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b}


def span(start: int, size: int) -> set[int]:
    return set(range(start, start + size))


def test_edits_reach_the_file_and_change_only_their_own_bytes(corpus):
    path = corpus / "acblscore" / "agile-bridge-club_170613.ACA"
    original = path.read_bytes()
    results = read_clean(path)
    event = results.events[0]
    section = event.sections[0]
    entry = section.entries[2]
    player = entry.players[1]
    board = section.results[3]
    line = board.results[1]
    allowed: set[int] = set()

    player.last_name = "Edited"
    player.player_number = "K123456"
    allowed |= span(player.kept.at, 17) | span(player.kept.at + 0x36, 8)
    entry.score, entry.percentage = 12.5, 33.33
    allowed |= span(entry.kept.at + 0x0C, 4) | span(entry.kept.at + 0x1C, 2)
    line.ns_score, line.ew_score, line.ns_points = Special.AVERAGE_PLUS, -620, 7.25
    row = board_rows(original, board.kept.at)[1]
    allowed |= span(row + 4, 6) | span(row + 0x0C, 2)
    event.date = datetime.date(2018, 2, 28)
    event.club = "Edited Club"
    allowed |= span(event.kept.at + 0x48, 20) | span(event.kept.at + 0x5C, 26)
    section.board_top = 99
    allowed |= span(section.kept.at + 0x1E, 2)

    edited = to_bytes(results)
    changed = changed_bytes(original, edited)
    assert changed and changed <= allowed
    again = read_bytes(edited)
    event, section = again.events[0], again.events[0].sections[0]
    entry = section.entries[2]
    line = section.results[3].results[1]
    edited = (entry.players[1].last_name, entry.players[1].player_number) == ("Edited", "K123456")
    assert edited
    assert (entry.score, entry.percentage) == (12.5, 33.33)
    assert (line.ns_score, line.ew_score, line.ns_points) == (Special.AVERAGE_PLUS, -620, 7.25)
    assert (event.date, event.club, section.board_top) == (
        datetime.date(2018, 2, 28),
        "Edited Club",
        99,
    )


def test_every_model_field_the_file_has_can_be_edited_in_place(corpus):
    """One edit of each field at once: the file read back equals the edited model."""
    path = corpus / "acblscore" / "agile-bridge-club_170613.ACA"
    results = read_clean(path)
    event = results.events[0]
    event.name, event.session_name, event.club, event.club_number = "N", "S", "C", "123456"
    event.director, event.date = "D", datetime.date(2020, 1, 31)
    event.rating, event.scoring = "Sectional", Scoring.CROSS_IMPS
    renamed = event.strats[0].letter
    event.strats[0].letter, event.strats[0].min_mp, event.strats[0].max_mp = "Z", 5, 750
    for award in all_awards(event):  # an award names its strat by the strat's place
        if award.ranking[1:] == renamed:
            award.ranking = award.ranking[0] + "Z"
    section = event.sections[0]
    section.name, section.movement = "Q", "web"
    section.tables, section.rounds, section.boards = 11, 12, 13
    section.boards_per_round, section.board_top, section.maximum_score = 3, 14, 400
    entry = next(e for e in section.entries if not e.tied)
    entry.score, entry.percentage, entry.strat, entry.boards_played = 987.65, 61.5, 2, 21
    entry.rank = 17
    entry.ranks[0] = StratRank(entry.rank, 4, 5, 6, 7, True)
    entry.awards = {"current": [Award(1.25, "R", "OZ")], "total": [Award(0.5, "B", "SZ")]}
    player = entry.players[0]
    player.last_name, player.first_name, player.player_number = "L", "F", "J123456"
    player.city, player.state, player.country, player.masterpoints = "T", "NV", "CA", 4321
    player.rank, player.awards = "Gold Life Master", {"previous": [Award(2.0, "G", "OZ")]}
    board = section.results[0]
    board.number = 99
    line = board.results[0]
    line.round, line.table, line.ns_score, line.ew_score = 7, 8, 1430, -1430
    line.ns_points, line.ew_points, line.foul_group = -3.5, 3.5, 2
    line.ns, line.ew = line.ew, line.ns
    section.schedule[0][0] = (9, 9, 9)
    with collect() as found:
        data = to_bytes(results)
    assert found.losses == []
    same = read_bytes(data) == results  # (not in the assertion: no names in the log)
    assert same
    assert len(changed_bytes(path.read_bytes(), data)) < 300


def test_a_pair_renumbered_keeps_its_results(corpus):
    """A pair given another number (written as ACBLscore's reassigned number) is that number
    on its board results too, in bridgeio and for any reader of the file."""
    path = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    results = read_clean(path)
    section = results.events[0].sections[0]
    pair = next(e for e in section.entries if e.direction and e.direction.value == "NS")
    old = pair.number
    pair.number, pair.id = 77, "77NS"
    for board in section.results:
        for line in board.results:
            line.ns = 77 if line.ns == old else line.ns
    data = to_bytes(results)
    assert len(changed_bytes(path.read_bytes(), data)) == 1  # the pair's mapping byte
    same = read_bytes(data) == results
    assert same


def all_awards(event: Event) -> list[Award]:
    return [
        award
        for section in event.sections
        for entry in section.entries
        for owner in (entry, *entry.players)
        for awards in owner.awards.values()
        for award in awards
    ]


def board_rows(data: bytes, index_entry: int) -> list[int]:
    """Offsets of a board's result rows, from the document's layout (independently of the
    writer): rows not in play (stored 999) are not results."""
    table = struct.unpack_from("<I", data, index_entry + 4)[0]
    length = struct.unpack_from("<h", data, table)[0]
    starts = [table + 6 + 18 * k for k in range(min(data[table + 5], (length - 4) // 18))]
    return [at for at in starts if struct.unpack_from("<h", data, at + 4)[0] != 999]


def test_an_edit_made_in_the_json_reaches_the_file(corpus):
    path = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    original = path.read_bytes()
    document = json.loads(json.dumps(results_document(read_clean(path))))
    section = document["events"][0]["sections"][0]
    section["entries"][0]["players"][0]["first_name"] = "Edited"
    section["boards"][0]["results"][0]["ns_score"] = 1430
    section["boards"][0]["results"][0]["ew_score"] = -1430
    edited = to_bytes(results_from_document(document))
    assert 0 < len(changed_bytes(original, edited)) <= 17 + 2 + 2
    again = read_bytes(edited).events[0].sections[0]
    edited = again.entries[0].players[0].first_name == "Edited"
    assert edited
    assert (again.results[0].results[0].ns_score, again.results[0].results[0].ew_score) == (
        1430,
        -1430,
    )


def test_a_structural_edit_builds_the_file_anew_and_says_so(corpus):
    path = corpus / "acblscore" / "beverly-hills-bridge-club_170731.ACA"
    results = read_clean(path)
    removed = results.events[0].sections[0].entries.pop()
    with collect() as found:
        data = to_bytes(results)
    assert any("built anew" in str(loss) for loss in found.losses)
    again = read_bytes(data)
    ids = [e.id for e in again.events[0].sections[0].entries]
    assert removed.id not in ids and len(ids) == len(results.events[0].sections[0].entries)


def test_entries_reordered_in_the_json_are_not_written_over_the_wrong_records(corpus):
    path = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    results = read_clean(path)
    document = json.loads(json.dumps(results_document(results)))
    document["events"][0]["sections"][0]["entries"].reverse()
    with collect() as found:
        data = to_bytes(results_from_document(document))
    assert [str(w).count("built anew") for w in found.losses] == [1]
    same = standings(read_bytes(data)) == standings(results)
    assert same


def private_values(results: Results) -> set[str]:
    private = set()
    for event in results.events:
        private |= {event.club, event.director, event.city}
        for section in event.sections:
            for entry in section.entries:
                for p in entry.players:
                    private |= {p.last_name, p.first_name, p.player_number, p.city}
    return {v for v in private if len(v) >= 4}


def sensitive_bytes(results: Results) -> set[int]:
    """The bytes of the fields anonymising rewrites (from the document's layout)."""
    places: set[int] = set()
    for event in results.events:
        at = event.kept.at
        places |= span(at + 0x2C, 17) | span(at + 0x5C, 26)  # director (or city), club
        for section in event.sections:
            for entry in section.entries:
                for p in entry.players:
                    at = p.kept.at
                    places |= span(at, 17) | span(at + 0x11, 17) | span(at + 0x22, 17)
                    places |= span(at + 0x36, 8)
    return places


def test_anonymize_replaces_every_name_and_nothing_else(corpus):
    anonymize = bridgeio.get_format("acblscore").anonymize
    for path in game_files(corpus):
        results = read_clean(path)
        private = private_values(results)
        out = io.BytesIO()
        anonymize(str(path), out, Pseudonyms(b"test key"))
        data = out.getvalue()
        leaked = sum(v.encode("cp1252", "replace") in data for v in private)
        assert leaked == 0, f"{path.name}: {leaked} private values left"
        outside = changed_bytes(path.read_bytes(), data) - sensitive_bytes(results)
        assert outside == set(), path.name
        again = read_bytes(data)
        assert scores(again) == scores(results)


def scores(results: Results) -> list[tuple[object, ...]]:
    return [
        (e.id, e.score, e.percentage, e.rank)
        for ev in results.events
        for s in ev.sections
        for e in s.entries
    ]


def test_pseudonyms_are_consistent_across_files(corpus):
    anonymize = bridgeio.get_format("acblscore").anonymize
    path = corpus / "acblscore" / "long-beach-bridge_170613.ACA"
    first, second = io.BytesIO(), io.BytesIO()
    anonymize(str(path), first, Pseudonyms(b"same"))
    anonymize(str(path), second, Pseudonyms(b"same"))
    assert first.getvalue() == second.getvalue() != path.read_bytes()


def test_the_truncated_file_reads_in_part_and_says_where(corpus):
    path = truncated(corpus)
    began = time.perf_counter()
    with collect() as found:
        results = bridgeio.read(path)
    assert time.perf_counter() - began < 1.0
    assert results.partial and len(results.events) == 1
    errors = [p for p in found.problems if p.severity == "error"]
    assert errors and errors[0].place == "byte 25949" and "truncated" in errors[0].message
    assert [p.place for p in results.problems] == [p.place for p in found.problems]
    warning = next(p for p in found.problems if p.severity == "warning")
    assert "club number" in warning.message and warning.place == "byte 2756"
    assert "\x08" not in results.events[0].club_number


def test_validate_lists_the_truncated_files_problems_and_fails(corpus, capsys):
    path = truncated(corpus)
    problems = bridgeio.get_format("acblscore").check(str(path))
    assert [p.severity for p in problems].count("error") == 2
    assert run(["validate", str(path)]) == 1
    assert "truncated" in capsys.readouterr().out
    assert run(["validate", str(corpus / "acblscore" / "agile-bridge-club_170613.ACA")]) == 0


def test_the_truncated_file_converts_to_usebio_without_a_raw_library_message(corpus, tmp_path):
    needs_usebio()
    with collect() as found:
        bridgeio.convert(truncated(corpus), tmp_path / "out.xml")
    assert (tmp_path / "out.xml").exists()
    assert any("control characters" in p.message for p in found.problems)


def test_damaged_text_is_cleaned_and_named(corpus):
    path = corpus / "acblscore" / "agile-bridge-club_170613.ACA"
    results = read_clean(path)
    player = results.events[0].sections[0].entries[0].players[0]
    data = bytearray(path.read_bytes())
    data[player.kept.at + 0x11 + 1] = 0x07  # a bell in the first name
    with collect() as found:
        again = read_bytes(bytes(data), "x.aca")
    (problem,) = found.problems
    assert problem.severity == "warning" and "first name" in problem.message
    assert problem.place == f"byte {player.kept.at + 0x11}"
    cleaned = "\x07" not in again.events[0].sections[0].entries[0].players[0].first_name
    assert cleaned
    assert not again.partial


def test_an_impossible_date_is_an_error_naming_its_byte(corpus):
    path = corpus / "acblscore" / "agile-bridge-club_170613.ACA"
    at = read_clean(path).events[0].kept.at + 0x48
    data = bytearray(path.read_bytes())
    data[at : at + 20] = bytes([17]) + b"February 30, 2017" + b"\0\0"
    with collect() as found:
        results = read_bytes(bytes(data), "x.aca")
    assert [(p.place, p.severity) for p in found.problems] == [(f"byte {at}", "error")]
    assert "no such day" in found.problems[0].message and results.events[0].date is None
    assert to_bytes(results) == bytes(data)


def corrupt(data: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, offset, value)
    return bytes(out)


@pytest.fixture
def sample(corpus) -> bytes:
    return (corpus / "acblscore" / "agile-bridge-club_170613.ACA").read_bytes()


def first_section_details(data: bytes) -> int:
    return struct.unpack_from("<I", data, 0x13E + 4)[0]


def test_what_is_no_game_file_is_a_format_error(sample):
    with pytest.raises(FormatError, match="byte 0: expected an ACBLscore game file"):
        read_bytes(b"\x12\x0a\x03AC4" + sample[6:], "x.aca")
    with pytest.raises(FormatError, match="master table at byte 0"):
        read_bytes(sample[:2000], "x.aca")


def problems_of(data: bytes) -> tuple[Results, list[str]]:
    with collect() as found:
        results = read_bytes(data, "x.aca")
    return results, [f"{p.place}: {p.message}" for p in found.problems]


def test_a_pointer_outside_the_file_leaves_out_its_event(sample):
    results, problems = problems_of(corrupt(sample, 0x12, "<I", len(sample) + 1000))
    assert results.partial and results.events == []
    assert problems == [
        f"pointer to the event 1 details: event 1 left out: expected an offset inside the "
        f"file, found {len(sample) + 1000}"
    ]


def test_absurd_counts_and_lengths_leave_out_their_part(sample):
    details = first_section_details(sample)
    index = struct.unpack_from("<I", sample, details + 4)[0]
    results, problems = problems_of(corrupt(sample, index + 6, "<H", 65535))
    assert problems == [
        f"index table at byte {index}: entries of section A left out: expected room for its "
        f"65535 entries in a block of {struct.unpack_from('<h', sample, index)[0]} bytes"
    ]
    assert results.events[0].sections[0].entries == [] and results.events[0].sections[0].results
    for length in (32000, -5):
        results, problems = problems_of(corrupt(sample, details, "<h", length))
        assert len(problems) == 1 and problems[0].startswith(f"section A details at byte {details}")
        assert [s.name for s in results.events[0].sections] == ["B"]


def test_a_circular_free_list_is_reported(corpus):
    data = (corpus / "acblscore" / "750-club_170727.ACM").read_bytes()
    first = struct.unpack_from("<I", data, 0x0A)[0]
    results, problems = problems_of(corrupt(data, first + 2, "<I", first))
    assert results.partial and problems == [
        f"free block list at pointer {first}: the list runs in a circle"
    ]
    assert len(results.events[0].sections) == 3  # the rest is read all the same


def test_the_provenance_decodes_what_the_model_has_no_field_for(corpus):
    results = read_clean(corpus / "acblscore" / "unit-finals_171015.ACA")
    kept = results.provenance
    assert isinstance(kept, GameFile) and kept.version == 8.15
    event = results.events[0]
    assert event.kept.type_code == 0 and event.kept.date_text
    entry = event.sections[0].entries[0]
    assert entry.kept.adjustment == 0.0 and entry.kept.fields()["entry_id"] >= 1
    assert event.strats[0].kept.fields()["letter"] == event.strats[0].letter
    carried = [e.kept.carryover for ev in results.events for s in ev.sections for e in s.entries]
    assert kept.contents() == {"carry-over scores": 43} and sum(map(bool, carried)) == 43


# ------------------------------------------------------------- from USEBIO, and Kidd's decoder


def usebio_files(corpus: Path) -> list[Path]:
    files = sorted((corpus / "usebio").glob("*.xml"))
    assert len(files) == 12
    return files


def standings(results: Results) -> dict[tuple[object, ...], tuple[object, ...]]:
    """Each entry's score, percentage (0 for none: a game file has no "none"), rank, whether
    it shares that rank, and players (names and numbers cut to the game file's fields)."""
    found = {}
    for event in results.events:
        for section in event.sections:
            ranks = [(e.direction, e.rank) for e in section.entries]
            for entry in section.entries:
                shares = entry.tied or ranks.count((entry.direction, entry.rank)) > 1
                players = [
                    (p.last_name[:16], p.first_name[:16], p.player_number[:7])
                    for p in entry.players
                ]
                key = (event.number, section.name, entry.number, entry.direction)
                found[key] = (entry.score, entry.percentage or 0.0, entry.rank, shares, players)
    return found


def test_every_usebio_pairs_file_converts_with_the_same_players_scores_and_standings(
    corpus, tmp_path
):
    needs_usebio()
    for path in usebio_files(corpus):
        with collect():
            source = bridgeio.read(path)
        assert all(e.kind == EventKind.PAIRS for e in source.events), path.name
        target = tmp_path / f"{path.stem}.ACA"
        with collect() as found:
            bridgeio.convert(path, target)
        assert any("contract" in str(w) for w in found.losses) or not any(
            r.contract
            for e in source.events
            for s in e.sections
            for b in s.results
            for r in b.results
        )
        same = standings(read_clean(target)) == standings(source)
        assert same, path.name


def test_a_game_file_is_ac_and_any_letter(corpus, tmp_path, capsys):
    """ACBLscore names a game file .AC and a letter (.ACA, .ACM, .ACE, .ACL...): each is one
    to the commands that go by the extension, as to those that go by the content."""
    source = corpus / "acblscore" / "friendly-bridge-club_170807.aca"
    game = tmp_path / "170807.ACL"
    game.write_bytes(source.read_bytes())
    assert run(["score", str(game), str(tmp_path / "rescored.ACL")]) == 0
    assert (tmp_path / "rescored.ACL").read_bytes() == game.read_bytes()
    assert run(["convert", str(tmp_path / "rescored.ACL"), str(tmp_path / "again.acz")]) == 0
    assert bridgeio.read(tmp_path / "again.acz").events == bridgeio.read(source).events
    assert "cannot tell the format" not in capsys.readouterr().err
    assert bridgeio.get_format("acblscore") is bridgeio.registry.format_for_extension("x.ACB")
    assert bridgeio.registry.format_for_extension("x.acx1") is None


def test_the_slots_after_a_boards_last_scored_result_are_no_results(corpus):
    """Ten boards of this file's section B end in a Not Played row after the scored results
    the board index counts (the movement's slot of a last round not played): ACBLgamedump
    stops at the last counted result, and so does bridgeio. The rows stay in the file, which
    writes back byte for byte; an edit that leaves a board's last result unscored rebuilds."""
    path = corpus / "acblscore" / "agile-bridge-club_170818.ACM"
    data = path.read_bytes()
    results = read_clean(path)
    section = next(s for s in results.events[0].sections if s.name == "B")
    left = []
    for board in section.results:
        rows = board_rows(data, board.kept.at)
        left += [struct.unpack_from("<h", data, at + 4)[0] for at in rows[len(board.results) :]]
    assert left == [950] * 10
    assert to_bytes(results) == data
    board = section.results[0]
    board.results[-1].ns_score = board.results[-1].ew_score = Special.NOT_PLAYED
    with collect() as found:
        edited = to_bytes(results)
    assert any("built anew" in str(loss) for loss in found.losses)
    again = next(s for s in read_bytes(edited).events[0].sections if s.name == "B")
    assert sorted(r.round for r in again.results[0].results) == sorted(
        r.round for r in board.results
    )
