"""endplay's PBN parser (``endplay.parsers.pbn``) reads every PBN file bridgeio writes with
the source's deals: all 52 cards, board numbers, dealer, vulnerability, and the double-dummy
tricks of its OptimumResultTable where the source has them.

The sources are every corpus file that converts to PBN: the DDS project's 100 deals through the
Pavlicek files bridgeio writes of them; each PBN corpus file, and the Pavlicek file bridgeio
writes of it; each USEBIO file with a HANDSET. The expected deals come from the sources read
apart from bridgeio (the DDS answer key, endplay on the PBN file, the USEBIO XML read here).
"""

from __future__ import annotations

import re
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Player, Vul

import bridgeio
from bridgeio.errors import collect
from bridgeio.model import DealSet
from bridgeio.model.diagrams import as_deals
from tests.recap_corpus import document
from tests.receivers.common import (
    CARDS,
    STRAINS,
    SourceDeal,
    converted,
    corpus_files,
    dds_deals,
    dds_pbn,
    endplay_games,
    endplay_seats,
    endplay_tricks,
    needs_usebio,
    params,
    pbn_deals,
    seats_of,
    whole,
)

# The rotation of dealer and vulnerability over boards 1-16 (FACTS.md, the Laws), in PBN's words
VULNERABLE = "None NS EW All NS EW All None EW All None NS All None NS EW".split()
PBN_FILES = corpus_files("pbn", ".pbn")
HANDSETS = [p for p in corpus_files("usebio", ".xml") if b"<HANDSET>" in p.read_bytes()]


def expected_dealer(board: int) -> Player:
    return Player.find("NESW"[(board - 1) % 4])


def expected_vulnerability(board: int) -> Vul:
    return Vul.find(VULNERABLE[(board - 1) % 16])


def check_games(games: list[Board], deals: list[SourceDeal], boards: list[int]) -> None:
    """endplay's games are the deals in order, numbered ``boards``, with the dealer and
    vulnerability of their number and the tricks the source has (rows for known counts)."""
    assert len(games) == len(deals) == len(boards)
    for game, deal, board in zip(games, deals, boards, strict=True):
        assert game.board_num == board
        assert game.dealer == expected_dealer(board)
        assert game.vul == expected_vulnerability(board)
        assert whole(game) and endplay_seats(game) == deal.seats, f"board {board}"
        assert endplay_tricks(game) == deal.tricks, f"board {board}"


def deals_start_with_the_dealer(path: Path) -> None:
    """PBN 2.1 export format (section 3.4.11): the Deal tag's first hand is the dealer's."""
    text = path.read_text()
    dealers = re.findall(r'^\[Dealer "([NESW])"\]', text, re.MULTILINE)
    firsts = re.findall(r'^\[Deal "([NESW]):', text, re.MULTILINE)
    assert dealers and firsts == dealers


def quietly(source: Path, folder: Path, extension: str, **options: object) -> Path:
    """``source`` converted by bridgeio, its notes of what is left out silenced."""
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        (written,) = converted(source, folder, extension, **options)
    return written


# ---------------------------------------------------------------- the DDS project's deals


@pytest.fixture(scope="module")
def dds_zrd(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The DDS deals as the ZRD file bridgeio writes of them."""
    if not (corpus_files("deals", ".txt")):
        pytest.skip("no corpus")
    folder = tmp_path_factory.mktemp("dds")
    return quietly(dds_pbn(folder), folder, ".zrd")


def only(tricks: dict[tuple[str, str], int] | None, seat: str) -> dict[tuple[str, str], int]:
    assert tricks is not None
    return {key: n for key, n in tricks.items() if key[0] == seat}


@pytest.mark.parametrize("kind", ["zrd", "zbd", "zbs", "zrj"])
def test_endplay_reads_the_dds_deals_bridgeio_writes_from_each_pavlicek_file(
    kind: str, dds_zrd: Path, tmp_path: Path
) -> None:
    options = {"seat": "E"} if kind == "zrj" else {}
    source = dds_zrd if kind == "zrd" else quietly(dds_zrd, tmp_path, f".{kind}", **options)
    written = quietly(source, tmp_path, ".pbn")
    expected = dds_deals()
    if kind in ("zbd", "zbs"):
        expected = [SourceDeal(d.seats, None) for d in expected]
    elif kind == "zrj":
        expected = [SourceDeal(d.seats, only(d.tricks, "E")) for d in expected]
    check_games(endplay_games(written), expected, list(range(1, 101)))
    deals_start_with_the_dealer(written)


@pytest.fixture
def dds_zdd_pbn(dds_zrd: Path, tmp_path: Path) -> Path:
    """The PBN bridgeio writes of the DDS tricks alone (a ZDD file): no cards, so every game
    has ``[Deal "?"]``, PBN 2.1's value of a mandatory tag that is unknown (section 3.4)."""
    written = quietly(quietly(dds_zrd, tmp_path, ".zdd"), tmp_path, ".pbn")
    assert written.read_text().count('[Deal "?"]') == 100
    return written


@pytest.mark.xfail(
    raises=ValueError,
    strict=True,
    reason='endplay 0.5.12 takes [Deal "?"] for cards ("could not convert \'?\' to Rank"): '
    "PBN 2.1 section 3.4 gives '?' for any unknown mandatory tag, so endplay is at fault",
)
def test_endplay_reads_the_pbn_of_tricks_without_cards(dds_zdd_pbn: Path) -> None:
    endplay_pbn.loads(dds_zdd_pbn.read_text())


def test_the_pbn_of_tricks_without_cards_has_the_dds_tricks_for_endplay(dds_zdd_pbn: Path) -> None:
    """All else in that file reads in endplay: with the unknown deals left out, the tricks."""
    text = dds_zdd_pbn.read_text().replace('[Deal "?"]\n', "")
    games = endplay_pbn.loads(text)
    assert [g.board_num for g in games] == list(range(1, 101))
    assert [endplay_tricks(g) for g in games] == [d.tricks for d in dds_deals()]
    assert all(g.vul == expected_vulnerability(g.board_num) for g in games)


# ---------------------------------------------------------------------- PBN corpus files


def model_deals(deals: DealSet) -> list[SourceDeal]:
    """What bridgeio's model holds of each deal, in the terms the sources are read in."""
    out = []
    for deal in deals:
        table = deal.dd()
        tricks = (
            None
            if table is None
            else {(seat, strain): n for seat, row in table.items() for strain, n in row.items()}
        )
        out.append(SourceDeal(seats_of(deal.pbn() or ""), tricks))
    return out


@pytest.mark.parametrize("source", params(PBN_FILES))
def test_endplay_reads_each_pbn_file_bridgeio_writes_back_with_the_deals_bridgeio_read(
    source: Path, tmp_path: Path
) -> None:
    """A PBN file written back keeps every game as it was; endplay finds in it the deals,
    board numbers and tricks bridgeio's model holds of the source, and the deals endplay
    itself finds in the source."""
    written = quietly(source, tmp_path, ".pbn")
    model = as_deals(document(source), "pbn")  # (results, of a file with score tables;
    # read once a session, tests/recap_corpus.py: only looked at)
    assert isinstance(model, DealSet)
    games = [g for g in endplay_games(written) if whole(g)]
    check_games(games, model_deals(model), model.board_numbers().tolist())
    assert model_deals(model) == pbn_deals(source)


@pytest.mark.parametrize("source", params(PBN_FILES))
def test_endplay_reads_the_pbn_bridgeio_writes_from_the_pavlicek_file_of_each_pbn_file(
    source: Path, tmp_path: Path
) -> None:
    """A ZRD file where the source has tricks, a ZBD file where it has none: written back as
    PBN, the deals in order, numbered 1, 2, … (Pavlicek records hold no board numbers)."""
    deals = pbn_deals(source)
    kind = ".zrd" if deals[0].tricks is not None else ".zbd"
    written = quietly(quietly(source, tmp_path, kind), tmp_path, ".pbn")
    check_games(endplay_games(written), deals, list(range(1, len(deals) + 1)))
    deals_start_with_the_dealer(written)


# --------------------------------------------------------------------- USEBIO hand sets


def handset(path: Path) -> tuple[list[int], list[SourceDeal]]:
    """Board numbers and deals of a USEBIO file's HANDSET, read from its XML here."""
    boards, deals = [], []
    for board in ET.parse(path).getroot().iter("BOARD"):
        hands = {
            hand.findtext("DIRECTION", "")[0]: ".".join(
                hand.findtext(suit, "") for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            )
            for hand in board.iter("HAND")
        }
        if hands:
            boards.append(int(board.findtext("BOARD_NUMBER", "")))
            deal = "N:" + " ".join(hands[seat] for seat in "NESW")
            deals.append(SourceDeal(seats_of(deal), None))
    return boards, deals


@pytest.mark.parametrize("source", params(HANDSETS))
def test_endplay_reads_the_pbn_bridgeio_writes_from_each_usebio_hand_set(
    source: Path, tmp_path: Path
) -> None:
    needs_usebio()
    boards, deals = handset(source)
    assert deals and all(len(d.seats) == len(CARDS) for d in deals)
    written = quietly(source, tmp_path, ".pbn")
    check_games(endplay_games(written), deals, boards)
    deals_start_with_the_dealer(written)


def test_the_sources_cover_every_kind_that_converts_to_pbn() -> None:
    """The corpus files with a HANDSET are the compscore ones; every PBN file has whole deals."""
    if not PBN_FILES:
        pytest.skip("no corpus")
    assert len(PBN_FILES) == 7 and len(HANDSETS) == 8
    assert all(h.name.startswith("compscore") for h in HANDSETS)
    with_tricks = [p for p in PBN_FILES if pbn_deals(p)[0].tricks is not None]
    assert len(with_tricks) == 5
    assert {len(t) for p in with_tricks for d in pbn_deals(p) if (t := d.tricks)} == {20}
    assert all(strain in STRAINS for p in with_tricks for _, strain in pbn_deals(p)[0].tricks)


def test_an_edited_pbn_file_reads_in_endplay_with_the_edits(tmp_path: Path) -> None:
    """Deals read from PBN and changed in the model (board numbers, cards, tricks) are written
    over their games: endplay reads the new values, and the rest as before."""
    source = next((p for p in PBN_FILES if p.name.startswith("zdenecek")), None)
    if source is None:
        pytest.skip("no corpus")
    deals = bridgeio.read(source)
    assert deals.boards is not None and deals.seats is not None and deals.tricks is not None
    deals.boards = deals.boards + 112  # (a whole cycle of 16: the same dealer and vulnerability)
    deals.seats[3] = deals.seats[4]  # board 3 dealt as board 4 was
    deals.tricks[5, 4, 0] = 13 - deals.tricks[5, 4, 0]  # North's notrump count on board 5
    written = tmp_path / "edited.pbn"
    bridgeio.write(deals, written)
    before = pbn_deals(source)
    expected = list(before)
    expected[3] = SourceDeal(before[4].seats, before[3].tricks)
    tricks = dict(before[5].tricks or {})
    tricks[("N", "NT")] = 13 - tricks[("N", "NT")]
    expected[5] = SourceDeal(before[5].seats, tricks)
    games = endplay_games(written)
    old = [g.board_num for g in endplay_games(source)]
    check_games(games, expected, [b + 112 for b in old])


def test_the_pbn_of_the_dds_deals_carries_their_par_for_endplay(dds_zrd: Path, tmp_path: Path):
    """Every game of the PBN bridgeio writes of deals with tricks has OptimumScore and
    ParContract: the par of the DDS answer key's tricks with the dealer and vulnerability of
    its board number (par itself is checked against DDS's in tests/test_par.py)."""
    from bridgeio.model.board import Vulnerability
    from bridgeio.model.cards import Seat, Strain
    from bridgeio.model.par import Par

    written = quietly(dds_zrd, tmp_path, ".pbn")
    games = endplay_games(written)
    assert len(games) == 100
    for board, (game, deal) in enumerate(zip(games, dds_deals(), strict=True), start=1):
        assert deal.tricks is not None
        tricks = np.zeros((5, 4), dtype=np.uint8)
        for (seat, strain), count in deal.tricks.items():
            tricks[Strain.from_text(strain), Seat.from_char(seat)] = count
        vul = Vulnerability.from_text(VULNERABLE[(board - 1) % 16])
        par = Par.of(tricks, Seat.from_char("NESW"[(board - 1) % 4]), vul)
        assert par is not None
        assert game.info["OptimumScore"] == par.optimum_score, f"board {board}"
        assert game.info["ParContract"] == par.par_contract, f"board {board}"
