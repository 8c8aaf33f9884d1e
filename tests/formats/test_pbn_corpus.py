"""PBN on the real files of ../shared/corpus/pbn (seven programs): every byte kept through
bridgeio, the deals as endplay's parser reads them, JSON and anonymising.

The files hold real names: no test prints one (assertion messages give counts only).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from endplay.parsers import pbn as endplay_pbn

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.pbn import reader
from bridgeio.formats.pbn.anonymize import anonymize
from bridgeio.formats.pbn.provenance import CATEGORIES, PbnGames
from bridgeio.formats.pbn.writer import write_chunks
from bridgeio.model.diagrams import as_deals
from bridgeio.model.pseudonyms import Pseudonyms
from tests.conftest import CORPUS
from tests.corpus.test_dds_list100 import card_places
from tests.recap_corpus import document

FILES = sorted(
    str(p.relative_to(CORPUS))
    for folder in ("pbn", "world/pbn")
    for p in (CORPUS / folder).glob("*.pbn")
) or ["(no corpus)"]
LATIN_1 = {
    "zdenecek__pbn__bridgecomposer.pbn",
    "lindsjorn__bridgeRanking__2016-11-09.pbn",
    "jacquicollier__ukbridge-club-website__bridgewebs-hands.pbn",
}
NAMELESS = {
    "lucbellicaud__bridgetrainer__boards.pbn",
    "zdenecek__pbn__bridgecomposer.pbn",
    "jacquicollier__ukbridge-club-website__bridgewebs-hands.pbn",
    "zdenecek__pbn-cpp__bigdeal_with_deepfinese_analyses.pbn",
}


@pytest.fixture(params=FILES)
def path(request, corpus) -> Path:
    return corpus / request.param


def text_of(path: Path) -> str:
    return path.read_text(encoding="latin-1" if path.name in LATIN_1 else "utf-8")


def endplay_deals(text: str) -> list[tuple[int | None, dict[str, str]]]:
    """(board, card places) of every board endplay reads with all 52 cards."""
    boards = endplay_pbn.loads(text)
    return [
        (board.board_num, card_places(board.deal.to_pbn()))
        for board in boards
        if sum(
            len(hand)
            for hand in (board.deal.north, board.deal.east, board.deal.south, board.deal.west)
        )
        == 52
    ]


def bridgeio_deals(deals) -> list[tuple[int | None, dict[str, str]]]:
    return [(deal.board, card_places(deal.pbn())) for deal in deals]


def deals_of(path: Path):
    """The deals of a file (a PBN file with score tables reads as results holding them)."""
    return as_deals(bridgeio.read(path), "pbn")


def shared_deals(path: Path):
    """:func:`deals_of` a corpus file read once a session (tests/recap_corpus.py), for the
    tests that only look at them (endplay's example3.pbn takes seconds to read)."""
    return as_deals(document(path), "pbn")


def test_write_of_read_gives_every_byte_back(path, tmp_path):
    deals = bridgeio.read(path)  # (results, for a file with score tables)
    bridgeio.write(deals, tmp_path / "back.pbn")
    assert (tmp_path / "back.pbn").read_bytes() == path.read_bytes()


def test_streamed_conversion_gives_every_byte_back(path, tmp_path, monkeypatch):
    bridgeio.convert(path, tmp_path / "converted.pbn")
    assert (tmp_path / "converted.pbn").read_bytes() == path.read_bytes()
    monkeypatch.setattr(reader, "BLOCK_BYTES", 1500)  # many blocks, cut between games
    out = io.BytesIO()
    write_chunks(reader.iter_chunks(str(path), records=3), out)
    assert out.getvalue() == path.read_bytes()


def test_blocks_of_any_size_and_the_general_way_give_the_same_deals(path, monkeypatch):
    whole = shared_deals(path)

    def general(block_bytes: int):
        monkeypatch.setattr(reader, "BLOCK_BYTES", block_bytes)
        way = reader.Reader(str(path))
        way.general = True
        return bridgeio.model.concat(list(way.chunks(1 << 62)))

    for other in (general(1 << 23), general(2000)):
        assert other == whole
        for name in ("texts", "seats", "boards", "tricks", "counts", "closed", "encodings"):
            assert np.array_equal(getattr(other.provenance, name), getattr(whole.provenance, name))
        assert other.provenance.preamble == whole.provenance.preamble


def test_the_deals_are_those_endplay_reads(path):
    deals = shared_deals(path)
    assert len(deals) > 0
    assert bridgeio_deals(deals) == endplay_deals(text_of(path))


def test_endplay_reads_every_deal_of_a_file_bridgeio_wrote_after_an_edit(path, tmp_path):
    deals = deals_of(path)
    deals.seats = deals.seats[np.r_[1 : len(deals), 0]]  # every deal moves one game on
    if deals.boards is not None:
        deals.boards = deals.boards + 100
    if deals.tricks is not None:
        deals.tricks[:, 0, 0] = 9
    bridgeio.write(deals, tmp_path / "edited.pbn")
    text = (
        (tmp_path / "edited.pbn")
        .read_bytes()
        .decode("latin-1" if path.name in LATIN_1 else "utf-8")
    )
    assert endplay_deals(text) == bridgeio_deals(deals)
    back = deals_of(tmp_path / "edited.pbn")
    assert back == deals
    assert back.provenance.contents() == deals.provenance.contents()


def test_json_carries_the_games_and_gives_the_same_pbn_file(path, tmp_path):
    bridgeio.convert(path, tmp_path / "games.json")
    document = json.loads((tmp_path / "games.json").read_text())
    assert document["format"] == "pbn"
    assert all(record["pbn"]["tags"] for record in document["records"])
    assert "header" in document["records"][0]["pbn"]
    deals = deals_of(tmp_path / "games.json")
    bridgeio.write(deals, tmp_path / "from-json.pbn")
    assert (tmp_path / "from-json.pbn").read_bytes() == path.read_bytes()
    assert deals.provenance.contents() == shared_deals(path).provenance.contents()


def independent_counts(text: str) -> dict[str, int]:
    """What other formats leave out, counted here from the text by regular expressions."""
    kinds = {"North": "player names", "East": "player names", "South": "player names"}
    kinds |= {"West": "player names", "Auction": "auctions", "Play": "plays", "Note": "notes"}
    kinds |= {"Contract": "contracts and results", "ScoreTable": "score tables"}
    kinds |= {"TotalScoreTable": "score tables"}
    carried = {"Deal", "Board", "OptimumResultTable", "Dealer", "Vulnerable"}
    carried |= {"DoubleDummyTricks", "Declarer", "Result", "Ability", "Minimax"}
    counts: dict[str, int] = {}
    games = [g for g in re.split(r"\r?\n[ \t]*\r?\n", text) if re.search(r"^\[", g, re.M)]
    dealt = 0
    for game in games:
        deal = re.search(r'^\[Deal "([^"]*)"\]', game, re.M)
        dealt += bool(deal and deal.group(1) not in ("", "?"))
        for name, value in re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M):
            if name not in carried and value not in ("", "?"):
                kind = kinds.get(name, "other PBN tags")
                counts[kind] = counts.get(kind, 0) + 1
    if len(games) > dealt:
        counts["games without a deal"] = len(games) - dealt
    return counts


def test_contents_says_exactly_what_other_formats_leave_out(path):
    deals = shared_deals(path)  # (slicing leaves the whole as it was)
    games = deals.provenance
    assert isinstance(games, PbnGames)
    assert games.contents() == independent_counts(text_of(path))
    halves = [deals[:10].provenance, deals[10:].provenance]
    together = {k: sum(h.contents().get(k, 0) for h in halves) for k in CATEGORIES}
    assert {k: v for k, v in together.items() if v} == games.contents()


def test_pbn_to_zrd_keeps_the_double_dummy_tables(path, tmp_path):
    deals = shared_deals(path)
    if deals.tricks is None or (deals.tricks == 15).all():
        pytest.skip("no double-dummy tables in this file")
    bridgeio.convert(path, tmp_path / "t.zrd")
    back = bridgeio.read(tmp_path / "t.zrd")
    assert np.array_equal(back.seats, deals.seats)
    assert np.array_equal(back.tricks, np.minimum(deals.tricks, 15))


def test_validate_finds_no_error_in_real_files(path):
    problems = bridgeio.get_format("pbn").check(str(path))
    assert [p for p in problems if p.severity == "error"] == []


# What anonymize replaces (its module docstring), found here independently of it.
PEOPLE_TAGS = {"North", "East", "South", "West", "Annotator"}
OTHER_NAME_TAGS = {"HomeTeam", "VisitTeam", "EventSponsor", "Site", "AnnotatorNA"}
OTHER_NAME_TAGS |= {"NorthNA", "EastNA", "SouthNA", "WestNA"}
META = {"TournamentDirector", "Licencee", "Arranger", "Signature"}
_TOKEN = re.compile(r'"[^"]*"|[^ \t\r"]+')


def name_column(column: str) -> bool:
    name = column.split("\\")[0].lower()
    return name in ("name", "names", "team", "club") or name.startswith("memberid")


def masked(text: str) -> tuple[str, set[str]]:
    """``text`` with every name and id replaced by X, and the names and ids found."""
    found: set[str] = set()
    out = []
    columns: list[bool] = []
    for line in text.split("\n"):
        tag = re.match(r'\[(\w+) "(.*)"\]', line)
        meta = re.match(r'(%\s*<META\s+name=(\w+)\s+content=")([^"]*)(".*)', line)
        if tag:
            name, value = tag.groups()
            columns = [name_column(c) for c in value.split(";")] if name.endswith("Table") else []
            if name in PEOPLE_TAGS | OTHER_NAME_TAGS and value not in ("", "?", "-"):
                found.update(v for v in re.split(r"#", value) if v)
                line = line.replace(f'"{value}"', '"X"', 1)
        elif meta and meta.group(2) in META and meta.group(3).strip(";"):
            found.update(n for n in meta.group(3).split(";") if n)
            line = meta.group(1) + "X" + meta.group(4)
        elif columns and line.strip():
            line, cells = _mask_cells(line, columns)
            found.update(cells)
        out.append(line)
    return "\n".join(out), {f for f in found if len(f) > 2}


def people_named(text: str, name: str) -> bool:
    """Whether ``name`` stands in a player's tag of ``text`` (not only a place's or a team's)."""
    tags = "|".join(PEOPLE_TAGS)
    return re.search(rf'\[(?:{tags}) "[^"]*(?<![\w]){re.escape(name)}(?!\w)', text) is not None


def _free_comment(line: str) -> bool:
    return line.lstrip().startswith("%") and "<META" not in line


def _mask_cells(line: str, columns: list[bool]) -> tuple[str, set[str]]:
    cells: set[str] = set()
    index = iter(range(10_000))

    def mask(match: re.Match[str]) -> str:
        i = next(index)
        token = match.group(0)
        if i < len(columns) and columns[i] and token.strip('"') not in ("", "-", "?"):
            cells.update(p for p in re.split(r" - ", token.strip('"')))
            return '"X"' if token.startswith('"') else "X"
        return token

    return _TOKEN.sub(mask, line), cells


def test_anonymize_replaces_every_name_and_keeps_every_other_byte(path, tmp_path):
    out = io.BytesIO()
    with collect():
        anonymize(str(path), out, Pseudonyms(b"test key"))
    encoding = "latin-1" if path.name in LATIN_1 else "utf-8"
    before_text = path.read_bytes().decode(encoding)
    before, names = masked(before_text)
    after_text = out.getvalue().decode(encoding)
    after, _ = masked(after_text)
    assert before == after, "something other than a name or an id changed"
    assert names or path.name in NAMELESS
    # A place (Site "BBO") is not looked for in a free comment, where a program names itself
    # ("% Generated by BBO Helper"); a player's name is looked for everywhere.
    places = {n for n in names if not people_named(before_text, n)}
    uncommented = "\n".join(line for line in after_text.split("\n") if not _free_comment(line))
    survivors = [  # (a name not in the text at all needs no search for it as a word)
        n
        for n in names
        if n in (text := uncommented if n in places else after_text)
        and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)
    ]
    assert not survivors, f"{len(survivors)} of {len(names)} names or ids survive"
    (tmp_path / "anonymous.pbn").write_bytes(out.getvalue())
    assert deals_of(tmp_path / "anonymous.pbn") == shared_deals(path)
