"""USEBIO as a results site receives it: every corpus file bridgeio converts to USEBIO (each
ACBLscore game, each USEBIO file, one section or several), written as 1.2 and as 1.4, then
imported the way ABF's cobalt imports an upload, and checked with ``bridgeio validate``.

What cobalt does with an upload (the facts this importer is written from, not its code):
``xmltodict.parse`` of the file, then ``["USEBIO"]``, ``["EVENT"]``, the DATE read with
``strptime(..., "%d/%m/%Y")``, and for each ``["PARTICIPANTS"]["PAIR"]`` its ``["PERCENTAGE"]``
and ``["PLACE"]`` and, for each of its ``["PLAYER"]``, ``["NATIONAL_ID_NUMBER"]`` and
``["PLAYER_NAME"].title()``: plain dictionary look-ups, so a pair missing one of these stops
the import there with a KeyError (an empty element reads as None and is taken as "no number").

Beyond that, this importer reads what the USEBIO documents allow and a careful site would:
SECTION elements (each with its PARTICIPANTS) for an event of several sections, 1.4's ISO
DATE and its PLAYER_NAME of FIRSTNAME and LASTNAME, and no PERCENTAGE for an event not
scored by matchpoints (1.4 requires it "only for MP scoring"; Compscore's own Butler files
have none). One element or several become a list (xmltodict's ``force_list``).

Real names and player numbers are in these files: no assertion message prints them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import xmltodict
from lxml import etree

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.usebio.checks import SCHEMA_FILE
from bridgeio.formats.usebio.writer import EVENT_TYPES
from bridgeio.model.results import Entry, Event, Player, Scoring
from tests.receivers.common import converted, corpus_files, params

GAMES = [p for p in corpus_files("acblscore", ".aca", ".acm", ".ace") if "truncated" not in p.name]
USEBIO = corpus_files("usebio", ".xml")
VERSIONS = ("1.2", "1.4")
DATE_FORMATS = {"1.2": "%d/%m/%Y", "1.4": "%Y-%m-%d"}


@dataclass
class Imported:
    """What the site imported: the event date and, a pair each, its place, percentage and
    players (name, national id); ``stopped`` says where and why the import stopped."""

    date: datetime.date
    pairs: list[tuple[str, float | None, list[tuple[str, str]]]]
    stopped: str = ""


def import_upload(xml: bytes, matchpoints: bool) -> Imported:
    """A results site's import of one USEBIO file, with dictionary access as cobalt's."""
    usebio = xmltodict.parse(xml, force_list=("SECTION", "PAIR", "PLAYER"))["USEBIO"]
    event = usebio["EVENT"]
    version = usebio["@Version"]
    date = datetime.datetime.strptime(event["DATE"], DATE_FORMATS[version]).date()
    if "PARTICIPANTS" in event:
        participants = [event["PARTICIPANTS"]]
    else:
        participants = [section["PARTICIPANTS"] for section in event["SECTION"]]
    found = Imported(date, [])
    for number, detail in enumerate(p for part in participants for p in part["PAIR"]):
        try:
            percentage = detail["PERCENTAGE"] if matchpoints else detail.get("PERCENTAGE")
            place = detail["PLACE"]
            players = [
                (_name(player["PLAYER_NAME"]), player["NATIONAL_ID_NUMBER"] or "")
                for player in detail["PLAYER"]
            ]
        except KeyError as missing:
            found.stopped = f"pair {number + 1}: no {missing}"
            return found
        found.pairs.append((place, None if percentage is None else float(percentage), players))
    return found


def _name(name: Any) -> str:
    """PLAYER_NAME's text (which cobalt title-cases to show), or 1.4's FIRSTNAME and
    LASTNAME joined."""
    if isinstance(name, dict):
        return " ".join(part for part in (name["FIRSTNAME"], name["LASTNAME"]) if part)
    return name or ""


# ---------------------------------------------------------------------------- expected


def place_of(entry: Entry) -> tuple[int, bool]:
    return entry.rank or 0, entry.tied


def read_place(text: str) -> tuple[int, bool]:
    """A PLACE as the specification writes it: a number, ``=`` after it for a tie."""
    return int(text.rstrip("=")), text.endswith("=")


def names_of(player: Player) -> set[str]:
    """The name as a site may show it: first name first, or ``Last, First``."""
    first, last = player.first_name, player.last_name
    return {f"{first} {last}".strip(), f"{last}, {first}"}


def check_event(event: Event, xml: bytes, label: str) -> int:
    """Every pair and player of ``event`` imported from ``xml`` with its values; the pairs."""
    site = import_upload(xml, event.scoring is Scoring.MATCHPOINTS)
    entries = [entry for section in event.sections for entry in section.entries]
    assert not site.stopped, f"{label}: the import stopped at {site.stopped} of {len(entries)}"
    assert site.date == event.date, label
    assert len(site.pairs) == len(entries), label
    for number, (entry, (place, percentage, players)) in enumerate(
        zip(entries, site.pairs, strict=True), start=1
    ):
        where = f"{label} pair {number}"  # (no names in the log)
        if entry.rank is not None:
            assert read_place(place) == place_of(entry), where
        else:
            assert place, where
        if entry.percentage is None:
            assert percentage is None, where
        else:
            assert percentage is not None and abs(percentage - entry.percentage) < 0.0051, where
        assert len(players) == len(entry.players), where
        for (name, national_id), player in zip(players, entry.players, strict=True):
            same = name in names_of(player) and national_id == player.player_number
            assert same, where
    return len(entries)


def check_valid(path: Path) -> None:
    """``bridgeio validate`` exits 0: no problem of severity error."""
    errors = [p.kind for p in bridgeio.validate(path) if p.severity == "error"]
    assert errors == [], path.name


# Written even empty: the specification requires CLUB's two, a void suit is an empty hand,
# and a site looks NATIONAL_ID_NUMBER up in every PLAYER (see the module's docstring).
WRITTEN_EMPTY = {"NATIONAL_ID_NUMBER", "CLUB_NAME", "CLUB_ID_NUMBER"}
WRITTEN_EMPTY |= {"SPADES", "HEARTS", "DIAMONDS", "CLUBS"}


def blank_optional(xml: bytes) -> set[str]:
    """Elements written with nothing but blanks in them that a writer should leave out."""
    root = etree.fromstring(xml)
    return {
        str(e.tag)
        for e in root.iter()
        if len(e) == 0 and not (e.text or "").strip() and e.tag not in WRITTEN_EMPTY
    }


def check_file(source: Path, folder: Path, version: str) -> None:
    with collect():
        model = bridgeio.read(source)
        written = converted(source, folder, ".xml", usebio_version=version)
    assert len(written) == len(model.events), source.name
    assert sum(len(s.entries) for e in model.events for s in e.sections), source.name
    for path, event in zip(written, model.events, strict=True):
        check_event(event, path.read_bytes(), f"{source.name} {version} {path.name}")
        check_valid(path)


# ---------------------------------------------------------------------------- tests


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("source", params(GAMES))
def test_acblscore_games_as_usebio_import_whole(source, version, tmp_path):
    check_file(source, tmp_path, version)
    for path in tmp_path.glob("*.xml"):
        # ACBLscore pads an unknown state or country with spaces: no element for it.
        assert blank_optional(path.read_bytes()) == set(), path.name


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("source", params(USEBIO))
def test_usebio_files_written_back_import_whole(source, version, tmp_path):
    check_file(source, tmp_path, version)


@pytest.mark.parametrize("version", VERSIONS)
def test_a_usebio_source_without_the_element_is_written_with_it(corpus, tmp_path, version):
    """A USEBIO file whose numberless players have no NATIONAL_ID_NUMBER (a real file with
    every third player's element taken out) is written back with the element, empty, for
    each of them: the model cannot tell a missing element from an empty one, and a site
    stops at the missing one. It reads back as the same model, and writing it again gives
    the same bytes."""
    source = corpus / "usebio" / "compscore_mp_pairs_mitchell.xml"
    tree = etree.parse(str(source))
    players = list(tree.iter("PLAYER"))
    for player in players[::3]:
        player.remove(player.find("NATIONAL_ID_NUMBER"))
    gappy = tmp_path / "gappy.xml"
    tree.write(str(gappy), xml_declaration=True, encoding=tree.docinfo.encoding)
    with collect():
        model = bridgeio.read(gappy)
        (written,) = converted(gappy, tmp_path, ".xml", usebio_version=version)
        again = bridgeio.read(written)
        (tmp_path / "twice").mkdir()
        (twice,) = converted(written, tmp_path / "twice", ".xml", usebio_version=version)
    ids = [p.find("NATIONAL_ID_NUMBER") for p in etree.parse(str(written)).iter("PLAYER")]
    assert len(ids) == len(players) and None not in ids
    assert [i for i, e in enumerate(ids) if not e.text] == list(range(0, len(players), 3))
    assert check_event(model.events[0], written.read_bytes(), version) == len(players) // 2
    same = again == model  # (no names in the log)
    assert same
    assert twice.read_bytes() == written.read_bytes()


def test_the_writer_names_only_event_types_the_schema_allows():
    """EVENT_TYPE is written as the source had it only while the schema names it
    (Compscore's NOTSUP, kept, made every written file of that event invalid)."""
    schema = etree.parse(str(SCHEMA_FILE))
    allowed = schema.xpath(
        "//xs:simpleType[@name='EventType']//xs:enumeration/@value",
        namespaces={"xs": "http://www.w3.org/2001/XMLSchema"},
    )
    assert set(allowed) == EVENT_TYPES


def test_the_corpus_has_what_this_suite_is_for():
    """Pairs with a player without a number, and events of several sections, are in it (the
    cases a site's importer stopped at, and the SECTION form): else the tests above say
    little."""
    if not GAMES or not USEBIO:
        pytest.skip("no corpus")
    assert len(GAMES) == 49 and len(USEBIO) == 12
    numberless = several = 0
    with collect():
        for path in GAMES + USEBIO:
            for event in bridgeio.read(path).events:
                several += len(event.sections) > 1
                numberless += sum(
                    not p.player_number
                    for s in event.sections
                    for e in s.entries
                    for p in e.players
                )
    assert numberless > 50 and several > 10
