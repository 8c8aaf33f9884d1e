"""What the receivers' suite shares: the corpus files of a kind, and converting one of them
with bridgeio the way a user does (``bridgeio.convert``), giving every file written.

Each ``test_<format>.py`` beside this reads what bridgeio wrote with a reader that is not
bridgeio's own (the program that receives such files, or the test's own decoding from the
format's document) and compares it with what the source holds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Player

import bridgeio
from bridgeio.core import convert_files
from tests.conftest import CORPUS
from tests.corpus.test_dds_list100 import answer_key, card_places, pbn_text


def corpus_files(folder: str, *suffixes: str) -> list[Path]:
    """The corpus files of ``folder`` whose names end (case aside) in one of ``suffixes``;
    an empty list when the corpus is absent (tests parametrised on it then skip)."""
    where = CORPUS / folder
    if not where.is_dir():
        return []
    wanted = tuple(s.lower() for s in suffixes)
    return sorted(p for p in where.iterdir() if p.is_file() and p.name.lower().endswith(wanted))


def params(paths: list[Path]) -> list[object]:
    """``paths`` as pytest parameters named by file, or one skipped parameter saying why."""
    if not paths:
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"no corpus at {CORPUS}"))]
    return [pytest.param(p, id=p.name) for p in paths]


def converted(source: Path, folder: Path, extension: str, **options: object) -> list[Path]:
    """``source`` converted by bridgeio into ``folder`` as ``out<extension>``: every file
    written (several for a format that writes one file a section, such as ASC)."""
    target = folder / f"out{extension}"
    return [Path(name) for name in convert_files(source, target, **options)]


# ------------------------------------------------------------------ the sources, read apart

RANKS = "AKQJT98765432"
CARDS = tuple(suit + rank for suit in "SHDC" for rank in RANKS)
"""The 52 cards in the order Pavlicek's records place them: SA SK … S2 HA … C2."""
STRAINS = ("NT", "S", "H", "D", "C")
Tricks = dict[tuple[str, str], int]
"""Double-dummy tricks by (declarer N/E/S/W, strain NT/S/H/D/C)."""


@dataclass(frozen=True)
class SourceDeal:
    """One deal as a source holds it: the seat (N, E, S or W) of each card of :data:`CARDS`,
    and its double-dummy tricks where the source has them."""

    seats: tuple[str, ...]
    tricks: Tricks | None


def seats_of(deal: str) -> tuple[str, ...]:
    """The seat of each card of :data:`CARDS` in a PBN deal string (any first seat)."""
    places = card_places(deal)
    return tuple(places[card] for card in CARDS)


def dds_deals() -> list[SourceDeal]:
    """The DDS project's 100 deals and tricks, from its own answer key."""
    return [
        SourceDeal(seats_of(deal), {(s, t): n for s, row in table.items() for t, n in row.items()})
        for deal, table in answer_key(CORPUS)
    ]


def dds_pbn(folder: Path) -> Path:
    """The DDS deals as a PBN file written by hand (as tests/corpus/test_dds_list100.py does):
    the way they come into bridgeio."""
    path = folder / "dds.pbn"
    path.write_text(pbn_text(answer_key(CORPUS)))
    return path


def endplay_games(path: Path) -> list[Board]:
    """Every game of a PBN file as endplay's parser reads it (UTF-8, else Latin-1); the same
    bytes are parsed once (a file written back unchanged reads as its source did)."""
    return _endplay_games(path.read_bytes())


@functools.cache
def _endplay_games(raw: bytes) -> list[Board]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    games: list[Board] = endplay_pbn.loads(text)
    return games


def whole(game: Board) -> bool:
    """Whether endplay found all 52 cards in the game's deal."""
    return sum(len(game.deal[player]) for player in Player) == 52


def endplay_seats(game: Board) -> tuple[str, ...]:
    return seats_of(game.deal.to_pbn())


def endplay_tricks(game: Board) -> Tricks | None:
    """The game's OptimumResultTable as endplay reads it, rows taken by their labels."""
    table = game.info.get("OptimumResultTable")
    if table is None:
        return None
    names = [h if isinstance(h, str) else h["name"] for h in table["headers"]]
    seat, strain, result = (names.index(n) for n in ("Declarer", "Denomination", "Result"))
    return {(row[seat], row[strain]): int(row[result]) for row in table["rows"]}


@functools.cache
def pbn_deals(path: Path) -> list[SourceDeal]:
    """The deals of a PBN corpus file as endplay reads them (games without a whole deal, such
    as a second table's result, are not deals)."""
    return [
        SourceDeal(endplay_seats(g), endplay_tricks(g)) for g in endplay_games(path) if whole(g)
    ]


def needs_usebio() -> None:
    """Skip unless the USEBIO reader and writer work (they are rewritten on another branch)."""
    usebio = bridgeio.get_format("usebio")
    try:
        usebio.read.resolve()
        usebio.write.resolve()
    except (ImportError, AttributeError) as error:
        pytest.skip(f"the USEBIO reader or writer does not load on this branch: {error}")
