"""USEBIO from producers the first tests were not written against (``corpus/world/usebio``:
PairsScorer, Pianola, TeamsScorer, BriAn): every board, hand, line, award and entry each file
holds is in the model. The counts come from the file's own text, walked here with lxml alone
(none of bridgeio's parsing), so a reader that drops something cannot also hide it.

Real names are in these files: no assertion message prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from lxml import etree

from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.formats.usebio.reader import read
from bridgeio.model import Seat
from bridgeio.model.results import Results

PRODUCERS = ("brian", "cross-imp-pairs", "mp-pairs", "multiple-teams")
"""BriAn, Pianola, PairsScorer, TeamsScorer (the file names say the event, not the program)."""
DEFECTS = {"cross-imp-pairs": "CONTRACT '42'"}
"""A real defect of a file, which ``info`` reports with exit status 1: Pianola's line of board 1
whose CONTRACT is ``42`` (no strain)."""
CONTRACT = re.compile(r"\s*([1-7]\s*(NT|N|S|H|D|C)\s*X{0,2}|PASS|P)\s*", re.IGNORECASE)
ENTRY_TAGS = ("PAIR", "TEAM", "PLAYER")
CONTAINERS = ("EVENT", "SECTION", "SESSION")


def world_file(corpus: Path, name: str) -> Path:
    path = corpus / "world" / "usebio" / f"jacquicollier__ukbridge-club-website__{name}.xml"
    if not path.exists():
        pytest.skip(f"{path.name} is not in the corpus")
    return path


@dataclass
class Counts:
    """What a file holds, or what its model holds, counted the same way."""

    entries: int = 0
    players: int = 0
    boards: int = 0  # boards of results, in sections and in matches
    lines: int = 0
    scores: int = 0  # lines with a score in points
    contracts: int = 0  # lines with a readable contract
    matches: int = 0
    award_points: float = 0.0
    awards: int = 0
    deals: int = 0
    hands: int = 0  # whole hands (13 cards) of the hand records
    board_numbers: list[int] = field(default_factory=list)


def _text(element: etree._Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None else (found.text or "").strip()


def _cards(hand: etree._Element) -> int:
    cards = 0
    for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"):
        ranks = re.sub(r"[^AKQJT98765432]", "", _text(hand, suit).upper().replace("10", "T"))
        cards += len(ranks)
    return cards


def counted_in_the_text(path: Path) -> Counts:
    """The counts of a USEBIO file, from its elements as written."""
    root = etree.parse(str(path)).getroot()
    counts = Counts()
    for entry in root.iter(*ENTRY_TAGS):
        parent = entry.getparent()
        if parent is None or parent.tag != "PARTICIPANTS":
            continue
        counts.entries += 1
        players = entry.findall("PLAYER") + entry.findall("PAIR/PLAYER")
        counts.players += 1 if entry.tag == "PLAYER" else len(players)
        awards = entry.findall("MASTER_POINTS_AWARDED") + entry.findall(
            "MASTER_POINTS/MASTER_POINTS_AWARDED"
        )
        counts.awards += len(awards)
        counts.award_points += sum(float(a.text or 0) for a in awards)
    for board in root.iter("BOARD"):
        parent = board.getparent()
        if parent is None:
            continue
        if parent.tag == "HANDSET":
            counts.deals += 1
            counts.hands += sum(_cards(hand) == 13 for hand in board.findall("HAND"))
            continue
        if parent.tag not in (*CONTAINERS, "MATCH"):
            continue
        counts.boards += 1
        counts.board_numbers.append(int(_text(board, "BOARD_NUMBER")))
        for line in board.findall("TRAVELLER_LINE"):
            counts.lines += 1
            counts.scores += bool(re.fullmatch(r"-?\d+", _text(line, "SCORE")))
            counts.contracts += bool(CONTRACT.fullmatch(_text(line, "CONTRACT")))
    counts.matches = sum(1 for _ in root.iter("MATCH"))
    counts.board_numbers.sort()
    return counts


def counted_in_the_model(results: Results) -> Counts:
    """The same counts of what bridgeio read."""
    counts = Counts()
    for event in results.events:
        if event.deals is not None:
            counts.deals += len(event.deals)
            for deal in event.deals:
                counts.hands += sum(len(deal.hand(seat).replace(".", "")) == 13 for seat in Seat)
        for section in event.sections:
            counts.entries += len(section.entries)
            for entry in section.entries:
                counts.players += len(entry.players)
                for award in entry.awards.get("total", []):
                    counts.awards += 1
                    counts.award_points += award.points
            boards = list(section.results)
            counts.matches += len(section.matches)
            for match in section.matches:
                boards.extend(match.boards)
            for board in boards:
                counts.boards += 1
                counts.board_numbers.append(board.number)
                for line in board.results:
                    counts.lines += 1
                    counts.scores += isinstance(line.ns_score, int) or isinstance(
                        line.ew_score, int
                    )
                    counts.contracts += line.contract is not None
    counts.board_numbers.sort()
    return counts


@pytest.mark.parametrize("name", PRODUCERS)
def test_every_board_hand_line_and_award_is_read(corpus, name):
    path = world_file(corpus, name)
    with collect() as found:
        results = read(str(path))
    expected = counted_in_the_text(path)
    assert expected.lines and expected.entries  # the counting found the file's results
    got = counted_in_the_model(results)
    assert got == expected, name
    errors = [p for p in found.problems if p.severity == "error"]
    defect = DEFECTS.get(name)
    assert [defect in p.message for p in errors] == ([True] if defect else []), name


def test_the_first_corpus_files_are_read_whole_too(corpus):
    """Compscore and NZ Bridge Scorer, counted the same way."""
    files = sorted((corpus / "usebio").glob("*.xml"))
    assert len(files) == 12
    for path in files:
        with collect():
            results = read(str(path))
        assert counted_in_the_model(results) == counted_in_the_text(path), path.name


def test_the_hand_records_voids_written_as_a_dash_are_voids(corpus):
    """PairsScorer writes ``<HEARTS>-</HEARTS>`` for a void: 8 of the 28 boards have one."""
    path = world_file(corpus, "mp-pairs")
    text = path.read_text(encoding="utf-8", errors="replace")
    dashed = len(re.findall(r">\s*-\s*</(SPADES|HEARTS|DIAMONDS|CLUBS)>", text))
    deals = read(str(path)).events[0].deals
    assert deals is not None and len(deals) == 28
    voids = sum(
        suit == "" for deal in deals for seat in Seat for suit in deal.hand(seat).split(".")
    )
    assert dashed > 0 and voids == dashed


@pytest.mark.parametrize("name", PRODUCERS)
def test_info_exits_0_but_on_a_real_defect(corpus, name, capsys):
    path = world_file(corpus, name)
    status = run(["info", str(path)])
    err = capsys.readouterr().err
    if name in DEFECTS:
        assert status == 1 and DEFECTS[name] in err, name
    else:
        assert status == 0 and " error: " not in err, name
