"""USEBIO against the real corpus: every file reads, writes back to the same model (1.4 and
1.2), writing is a fixpoint, the canonical JSON carries what the writer needs, edits reach the
file, a results site's importer finds every pair, the validator lists no noise, anonymising
changes only names, numbers and places; ACBLscore games converted to USEBIO carry Matthew
Kidd's answer key.

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

import bridgeio
from bridgeio import FormatError
from bridgeio.errors import collect
from bridgeio.formats.usebio.anonymize import SENSITIVE, anonymize
from bridgeio.formats.usebio.boards import _Plain
from bridgeio.formats.usebio.checks import check
from bridgeio.formats.usebio.parsing import safe_parser
from bridgeio.formats.usebio.reader import read
from bridgeio.formats.usebio.writer import to_xml
from bridgeio.model import RANKS
from bridgeio.model.contract import Contract
from bridgeio.model.pseudonyms import Pseudonyms
from bridgeio.model.results import Assigned, Direction, EventKind, Special


def usebio_files(corpus: Path) -> list[Path]:
    files = sorted((corpus / "usebio").glob("*.xml"))
    assert len(files) == 12
    return files


def quietly(path: Path):
    with collect() as found:
        results = read(str(path))
    return results, found.problems


def reread(tmp_path: Path, xml: bytes):
    path = tmp_path / "again.xml"
    path.write_bytes(xml)
    return quietly(path)[0]


def test_every_corpus_file_reads(corpus):
    for path in usebio_files(corpus):
        results, problems = quietly(path)
        assert problems == [], path.name
        assert results.format == "usebio" and len(results.events) == 1, path.name
        event = results.events[0]
        assert isinstance(event.date, datetime.date) and event.club, path.name
        assert event.sections and all(s.entries for s in event.sections), path.name
        lines = [line for s in event.sections for b in s.results for line in b.results]
        assert lines and all(line.ns and line.ew for line in lines), path.name
        played = [line for line in lines if line.contract is not None]
        assert len(played) > 0.9 * len(lines), path.name
        assert all(line.ns_score is not None for line in lines), path.name


def test_a_file_in_utf16_is_recognised_and_reads_the_same(corpus, tmp_path):
    """XML may be UTF-16 (BOM or not): recognised as USEBIO, never as a headerless format."""
    source = usebio_files(corpus)[0]
    text = source.read_bytes().decode("latin-1")  # the corpus files are ASCII
    original = bridgeio.read(source)
    for encoding in ("utf-16", "utf-16-be"):
        path = tmp_path / f"{encoding}.xml"
        path.write_bytes(text.encode(encoding))
        assert bridgeio.read(path).events[0].sections == original.events[0].sections


def test_known_values(corpus):
    results, _ = quietly(corpus / "usebio" / "nzscorer_pairs.xml")
    event = results.events[0]
    assert (event.date, event.kind, event.club_number) == (
        datetime.date(2015, 11, 16),
        EventKind.PAIRS,
        "330",
    )
    section = event.sections[0]
    first = next(e for e in section.entries if e.id == "5NS")
    assert (first.rank, first.percentage, first.direction) == (1, 59.94, Direction.NS)
    assert [a.points for a in first.awards["total"]] == [4000]
    line = section.results[0].results[0]
    assert (line.ns, line.ew, line.contract, line.tricks, line.ns_score, line.ns_points) == (
        1,
        1,
        Contract.parse("4S", "S"),
        12,
        480,
        16,
    )
    assert str(line.lead) == "H4"
    adjusted, _ = quietly(corpus / "usebio" / "compscore_mp_pairs_mitchell_adjusted.xml")
    scores = {
        line.ns_score
        for s in adjusted.events[0].sections
        for b in s.results
        for line in b.results
        if not isinstance(line.ns_score, int)
    }
    assert scores <= set(Special) | {Assigned(p) for p in range(101)} and scores


def test_multi_section_files_and_handsets(corpus):
    multi, _ = quietly(corpus / "usebio" / "nzscorer_multi-section-multi-movement-pairs.xml")
    assert [s.name for s in multi.events[0].sections] == ["A", "B", "C"]
    with_hands, _ = quietly(corpus / "usebio" / "compscore_mp_pairs_howell.xml")
    deals = with_hands.events[0].deals
    assert len(deals) >= 24 and (deals.seats < 4).all()


def test_handset_deals_are_every_card_where_the_hands_put_it(corpus):
    """Checked card by card against the HAND elements, independently of the deal parser."""
    checked = 0
    for path in usebio_files(corpus):
        handset = etree.parse(str(path), safe_parser()).find(".//HANDSET")
        if handset is None:
            continue
        expected, numbers = [], []
        for board_element in handset.iter("BOARD"):
            seats = np.full(52, 255, dtype=np.uint8)
            for hand in board_element.iter("HAND"):
                seat = "NESW".index(hand.findtext("DIRECTION").strip()[0].upper())
                for suit, tag in enumerate(("SPADES", "HEARTS", "DIAMONDS", "CLUBS")):
                    for rank in (hand.findtext(tag) or "").strip().upper():
                        seats[suit * 13 + RANKS.index(rank)] = seat
            expected.append(seats)
            numbers.append(int(board_element.findtext("BOARD_NUMBER")))
        deals = quietly(path)[0].events[0].deals
        assert np.array_equal(deals.seats, np.array(expected)), path.name
        assert deals.boards.tolist() == numbers, path.name
        checked += 1
    assert checked >= 5


def test_lines_learnt_read_as_lines_read_with_care(corpus, monkeypatch):
    """The quick way of building a line (from texts earlier lines taught) gives what reading
    every line with care gives, kept provenance included, on every corpus file."""
    quick = [quietly(path)[0] for path in usebio_files(corpus)]
    monkeypatch.setattr(_Plain, "learn", lambda *args: None)
    for path, fast in zip(usebio_files(corpus), quick, strict=True):
        slow = quietly(path)[0]
        same = slow == fast  # (no names in the log)
        assert same, path.name
        kept = [
            (line.kept, board.kept)
            for results in (fast, slow)
            for s in results.events[0].sections
            for board in s.results
            for line in board.results
        ]
        half = len(kept) // 2
        same = kept[:half] == kept[half:]
        assert same, path.name


@pytest.mark.parametrize("version", ["1.4", "1.2"])
def test_model_to_usebio_to_model_is_the_identity(corpus, tmp_path, version):
    for path in usebio_files(corpus):
        results, _ = quietly(path)
        with collect() as found:
            xml = to_xml(results, version)
        assert found.losses == [], path.name  # a corpus file holds nothing 1.2 cannot
        again = reread(tmp_path, xml)
        same = again == results  # (no names in the log)
        assert same, f"{path.name} {version}"
        assert [e.deals for e in again.events] == [e.deals for e in results.events], path.name
        fixpoint = to_xml(again, version) == xml  # (no names in the log)
        assert fixpoint, f"{path.name} {version}: not a fixpoint"


def test_the_json_carries_what_the_writer_needs(corpus, tmp_path):
    """read(json) -> write(usebio) gives the file write(read(xml)) gives."""
    for path in usebio_files(corpus):
        results, _ = quietly(path)
        target = tmp_path / f"{path.stem}.json"
        bridgeio.write(results, target)
        back = bridgeio.read(target)
        same = back == results  # (no names in the log)
        assert same, path.name
        same = to_xml(back) == to_xml(results) and to_xml(back, "1.2") == to_xml(results, "1.2")
        assert same, path.name  # (no names in the log)


def test_edits_of_the_model_reach_the_file(corpus, tmp_path):
    for path in usebio_files(corpus)[::3]:
        results, _ = quietly(path)
        section = results.events[0].sections[-1]
        player = section.entries[0].players[0]
        player.first_name, player.last_name, player.player_number = "Edith", "Edited", "999"
        line = section.results[0].results[0]
        line.contract, line.tricks, line.ns_score, line.ew_score = (
            Contract.parse("6NT", "W"),
            12,
            -990,
            990,
        )
        line.ns_points = 0.25
        section.entries[1].percentage = 12.34
        results.events[0].name = "Renamed"
        again = reread(tmp_path, to_xml(results))
        edited = again.events[0].sections[-1]
        player = edited.entries[0].players[0]
        same = (player.last_name, player.first_name, player.player_number) == (
            "Edited",
            "Edith",
            "999",
        )
        assert same, path.name
        first = edited.results[0].results[0]
        assert (first.contract, first.tricks, first.ns_score, first.ns_points) == (
            Contract.parse("6NT", "W"),
            12,
            -990,
            0.25,
        ), path.name
        assert edited.entries[1].percentage == 12.34 and again.events[0].name == "Renamed"
        same = again == results  # (no names in the log)
        assert same, path.name


def importer(xml: bytes) -> dict:
    """A results site's importer, written from what ABF's cobalt reads of an upload:
    EVENT/PARTICIPANTS/PAIR (or, for several sections, each SECTION's) with PLACE,
    PERCENTAGE, a text PLAYER_NAME and NATIONAL_ID_NUMBER; the date dd/mm/yyyy in 1.2."""
    root = etree.fromstring(xml)
    event = root.find("EVENT")
    date_format = "%d/%m/%Y" if root.get("Version") == "1.2" else "%Y-%m-%d"
    pairs = event.findall("PARTICIPANTS/PAIR") or event.findall("SECTION/PARTICIPANTS/PAIR")
    return {
        "date": datetime.datetime.strptime(event.findtext("DATE"), date_format).date(),
        "pairs": [
            (
                pair.findtext("PAIR_NUMBER"),
                pair.findtext("PLACE"),
                float(pair.findtext("PERCENTAGE")) if pair.findtext("PERCENTAGE") else None,
                [
                    (p.find("PLAYER_NAME").text, p.findtext("NATIONAL_ID_NUMBER") or "")
                    for p in pair.findall("PLAYER")
                ],
            )
            for pair in pairs
        ],
        "in usual form": bool(event.findall("PARTICIPANTS/PAIR")),
    }


def expected_pairs(results) -> list:
    return [
        (
            entry.percentage,
            [(f"{p.first_name} {p.last_name}".strip(), p.player_number) for p in entry.players],
        )
        for section in results.events[0].sections
        for entry in section.entries
    ]


@pytest.mark.parametrize("version", ["1.4", "1.2"])
def test_a_results_site_importer_finds_every_pair(corpus, version):
    for path in usebio_files(corpus):
        results, _ = quietly(path)
        site = importer(to_xml(results, version))
        assert site["date"] == results.events[0].date, path.name
        assert site["in usual form"] == (len(results.events[0].sections) == 1), path.name
        found = [(percentage, players) for _, _, percentage, players in site["pairs"]]
        same = found == expected_pairs(results)  # (no names in the log)
        assert same, path.name
        assert all(place for _, place, _, _ in site["pairs"]), path.name


def acblscore_games(corpus: Path) -> list[Path]:
    """The ACBLscore corpus games; skipped while the ACBLscore reader is not on the typed
    results model (another branch moves it)."""
    games = sorted(
        p
        for p in (corpus / "acblscore").iterdir()
        if p.is_file() and not p.name.startswith("truncated")
    )
    try:
        bridgeio.read(games[0])
    except FormatError as error:
        if "TypeError" in str(error) or "AttributeError" in str(error):
            pytest.skip("the ACBLscore reader is not yet on the typed results model here")
        raise
    return games


def test_acblscore_games_as_usebio_reach_a_results_site(corpus, tmp_path):
    for path in acblscore_games(corpus):
        with collect():
            bridgeio.convert(path, tmp_path / f"{path.name}.xml")
            written = sorted(tmp_path.glob(f"{path.name}*.xml"))
            source = bridgeio.read(path)
        assert len(written) == len(source.events), path.name
        for target, event in zip(written, source.events, strict=True):
            site = importer(target.read_bytes())
            assert len(site["pairs"]) == sum(len(s.entries) for s in event.sections), target.name
            assert all(place for _, place, _, _ in site["pairs"]), target.name


def kidd_key(pair_id: str) -> str:
    match = re.match(r"^[A-Z]*?(\d+)(NS|EW)?$", pair_id)
    number, direction = match.group(1), match.group(2)
    return f"{number}{direction[0]}" if direction else number


def test_acblscore_games_as_usebio_carry_the_answer_key(corpus, tmp_path):
    import json

    checked_files = 0
    for path in acblscore_games(corpus):
        with collect():
            bridgeio.convert(path, tmp_path / f"{path.name}.xml")
        written = sorted(tmp_path.glob(f"{path.name}*.xml"))
        kidd = json.loads((corpus / "acblscore" / "expected" / f"{path.name}.json").read_text())
        for number, their_event in enumerate(kidd[0]["event"], start=1):
            target = (
                tmp_path / f"{path.name}.xml"
                if len(written) == 1
                else tmp_path / f"{path.name}-{number}.xml"
            )
            assert [p for p in check(str(target)) if p.severity == "error"] == [], target.name
            event = quietly(target)[0].events[0]
            for section in event.sections:
                theirs = their_event["section"][section.name or next(iter(their_event["section"]))]
                entries = {kidd_key(e.id): e for e in section.entries}
                assert set(entries) == set(theirs["entry"]), target.name
                for key, their_entry in theirs["entry"].items():
                    ours = entries[key]
                    same = abs((ours.percentage or 0) - their_entry["pct"]) < 0.005 and [
                        (p.first_name, p.last_name, p.player_number) for p in ours.players
                    ] == [(p["fname"], p["lname"], p["pnum"]) for p in their_entry["player"]]
                    assert same, f"{target.name} {section.name} {key}"  # no names in the log
                for board in section.results:
                    rows = [
                        (r.round, r.table, r.ns, r.ew, r.ns_points, r.ew_points)
                        for r in board.results
                    ]
                    their_rows = [
                        (t[0], t[1], t[2], t[5], t[4], t[7])
                        for t in theirs["board"].get(str(board.number), [])
                    ]
                    assert rows == their_rows, f"{target.name} {board.number}"
        checked_files += 1
    assert checked_files == 49


def test_validate_lists_problems_by_kind_without_noise(corpus):
    """Before: 96-140 lines of "HAND is not in USEBIO 1.4" for each Compscore file, in no
    order. Now the hand records go unchecked and every problem has a kind and a line."""
    for path in usebio_files(corpus):
        problems = check(str(path))
        assert len(problems) < 30, path.name
        assert all(p.kind and p.place.startswith("line ") for p in problems), path.name
        assert not [p for p in problems if "HAND" in p.kind], path.name
        assert [p.sort_key for p in problems] == sorted(p.sort_key for p in problems), path.name
    kinds = {p.kind for p in check(str(corpus / "usebio" / "compscore_notsupported.xml"))}
    assert kinds == {"schema SCHEMAV_CVC_ENUMERATION_VALID"}  # EVENT_TYPE="NOTSUP"


def blanked(data: bytes) -> str:
    """The document with the text of every sensitive element taken out (a check that does
    not share the anonymiser's own way of finding them)."""
    text = data.decode("latin-1")
    for tag in {tag for _, tag in SENSITIVE}:
        text = re.sub(rf"(<{tag}>)[^<]*(</{tag}>)", r"\1\2", text)
    return text


def test_anonymize_changes_names_numbers_and_places_and_nothing_else(corpus, tmp_path):
    for path in usebio_files(corpus):
        out = io.BytesIO()
        anonymize(str(path), out, Pseudonyms(b"key"))
        original, anonymous = path.read_bytes(), out.getvalue()
        same = blanked(original) == blanked(anonymous)  # version, layout, all else
        assert same, path.name
        before = etree.fromstring(original, safe_parser())
        after = etree.fromstring(anonymous, safe_parser())
        replaced = 0
        for old, new in zip(before.iter(), after.iter(), strict=True):
            parent = old.getparent()
            if (
                parent is not None
                and (parent.tag, old.tag) in SENSITIVE
                and (old.text or "").strip()
            ):
                assert (new.text or "").strip() != old.text.strip(), path.name  # none survives
                replaced += 1
        assert replaced > 50, path.name
        (tmp_path / path.name).write_bytes(anonymous)
        again = quietly(tmp_path / path.name)[0]
        original_model = quietly(path)[0]
        assert [e.percentage for s in again.events[0].sections for e in s.entries] == [
            e.percentage for s in original_model.events[0].sections for e in s.entries
        ]
        names = {
            (p.first_name, p.last_name)
            for s in original_model.events[0].sections
            for e in s.entries
            for p in e.players
        }
        left = {
            (p.first_name, p.last_name)
            for s in again.events[0].sections
            for e in s.entries
            for p in e.players
        }
        leaked = bool(names & left)  # (no names in the log)
        assert not leaked, path.name


def test_pseudonyms_are_consistent_across_files(corpus):
    """The same key gives the same pseudonyms: two files of one club agree on its name."""
    outputs = []
    for name in ("compscore_butler_howell.xml", "compscore_butler_mitchell.xml"):
        out = io.BytesIO()
        anonymize(str(corpus / "usebio" / name), out, Pseudonyms(b"key"))
        outputs.append(etree.fromstring(out.getvalue(), safe_parser()).findtext("CLUB/CLUB_NAME"))
    assert outputs[0] == outputs[1] and outputs[0].startswith("Club ")


def test_a_directors_adjustment_travels_to_usebio_and_back(corpus, tmp_path):
    """A pair's adjustment (12 matchpoints off pair 3 N-S in this game) is USEBIO's ADJUSTMENT,
    a percentage of the session's MAX_SCORE in a matchpoint event (2.7): the USEBIO written
    validates, and its adjustment reaches an ACBLscore file built from it."""
    source = corpus / "acblscore" / "agile-bridge-club_170602.ACM"
    with collect():
        bridgeio.convert(source, tmp_path / "game.xml")
    written = tmp_path / "game-1.xml"
    pairs = etree.parse(str(written)).getroot().iter("PAIR")
    adjusted = [(p.findtext("ADJUSTMENT"), p.findtext("MAX_SCORE")) for p in pairs]
    assert [a for a in adjusted if a != (None, None)] == [("-10.00", "120")]
    assert [p for p in check(str(written)) if p.severity == "error"] == []
    again = read(str(written))
    kept = [e.kept.adjustment for s in again.events[0].sections for e in s.entries]
    assert [k for k in kept if k] == [-12.0]
    with collect():
        bridgeio.write(again, tmp_path / "game.aca")
    back = bridgeio.read(tmp_path / "game.aca")
    assert [e.kept.adjustment for e in back.events[0].sections[0].entries].count(-12.0) == 1
