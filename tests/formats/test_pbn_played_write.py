"""Results carrying auctions and play written as PBN played boards (a game a table result with
its ``Auction`` and ``Play`` sections), checked with endplay's PBN parser: the deals, calls,
alerts and cards it reads from the written file are ours. Real LIN files are the sources."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.model.cards import Seat
from bridgeio.model.results import BoardResult, Results
from tests.formats.test_lin import WORLD, _public

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")

_SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def _sources(tmp: Path) -> list[Path]:
    found = sorted(WORLD.glob("*.lin")) + _public(tmp)
    if not found:
        pytest.skip(f"no LIN file: {WORLD} and the mirrors are absent")
    return found


def _lines(doc: Results) -> list[tuple[int, BoardResult]]:
    """The table results with a board number, in the order the PBN writer writes them."""
    out = []
    for section in doc.events[0].sections:
        boards = [*section.results, *(b for m in section.matches for b in m.boards)]
        for board in sorted(boards, key=lambda b: b.number):
            for line in sorted(board.results, key=lambda r: r.room != "open"):
                out.append((board.number, line))
    return out


def _call(bid: object) -> str:
    text = str(bid).translate(_SUITS).upper().rstrip("!*")  # (endplay marks alerts)
    return {"PASS": "P", "D": "X", "R": "XX"}.get(text, text)


def test_lin_to_pbn_reads_the_same_in_endplay(tmp_path: Path) -> None:
    checked = calls = cards = alerts = 0
    for source in _sources(tmp_path):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            doc = bridgeio.read(source)
            assert isinstance(doc, Results)
            out = tmp_path / f"{source.stem}.pbn"
            bridgeio.write(doc, out, "pbn")
        with out.open(encoding="utf-8") as handle:
            boards = endplay_pbn.load(handle)
        ours = _lines(doc)
        assert len(boards) == len(ours), source.name
        deals = doc.events[0].deals
        assert deals is not None
        by_number = {int(b): i for i, b in enumerate(deals.board_numbers().tolist())}
        for board, (number, line) in zip(boards, ours, strict=True):
            assert board.board_num == number
            theirs = board.deal.to_pbn().split(":")[1].split()
            first = "NESW".index(board.deal.to_pbn()[0])
            for seat in Seat:  # (a deal the source could not give, said there, is written none)
                ours_hand = deals[by_number[number]].hand(seat) if number in by_number else "-"
                theirs_hand = theirs[(seat - first) % 4]  # (endplay: "..." for a hand not given)
                assert theirs_hand == ours_hand.replace("-", "..."), (source.name, number)
            if line.auction is not None:
                assert [_call(b) for b in board.auction] == [c.text for c in line.auction.calls]
                marked = {i for i, b in enumerate(board.auction) if b.alertable}
                assert marked == set(line.auction.alerted) | set(line.auction.explanations)
                for index, text in line.auction.explanations.items():
                    assert board.auction[index].announcement == text
                calls += len(line.auction.calls)
                alerts += len(marked)
            if line.play is not None and line.contract is not None:
                played = [str(c).translate(_SUITS) for c in board.play]
                assert played == [str(c) for c in line.play.cards], (source.name, number)
                cards += len(played)
            checked += 1
    assert checked and calls and cards
    print(f"{checked} table results, {calls} calls ({alerts} alerted), {cards} cards")


def test_played_boards_written_carry_their_scores(tmp_path: Path) -> None:
    source = WORLD / "kevinywlui__lin2pbn__test.lin"
    if not source.exists():
        pytest.skip(f"{source} is absent")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(source)
        out = tmp_path / "hand.pbn"
        bridgeio.write(doc, out, "pbn")
    text = out.read_text(encoding="utf-8")
    for tag in ('[Contract "4S"]', '[Declarer "E"]', '[Result "12"]', '[Score "NS -480"]'):
        assert tag in text
    assert '[South "PearyCook"]' in text and '[Play "S"]' in text
