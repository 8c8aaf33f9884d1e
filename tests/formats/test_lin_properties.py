"""The LIN reader on drawn boards, written the ways BBO and its imitators write them: hands in
LIN's seat order with the dealer digit and the fourth hand left out or not, calls with ``!``
and ``an|`` explanations, cards in either case, line breaks and ``pg||`` between tricks, a
claim. What is read back is what was drawn."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio.formats.lin.reader import read_lines
from bridgeio.model.auction import Auction
from bridgeio.model.cards import RANKS, Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from tests.test_model_auction import legal_auctions, legal_plays

LIN_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)


def _hand(holder: np.ndarray, seat: Seat) -> str:
    return "".join(
        suit + "".join(RANKS[c % 13] for c in range(52) if holder[c] == seat and c // 13 == i)
        for i, suit in enumerate("SHDC")
    )


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, np.ndarray, Auction, Play]:
    holder, contract, play = draw(legal_plays())
    auction = draw(legal_auctions())
    alerted = frozenset(draw(st.sets(st.integers(0, max(len(auction.calls) - 1, 0)))))
    alerted &= frozenset(range(len(auction.calls)))
    explained = {i: f"note {i}" for i in alerted if i % 2}
    auction = Auction(auction.dealer, auction.calls, alerted, explained)
    claim = draw(st.none() | st.just(play.won(contract)))
    hands = [_hand(holder, seat) for seat in LIN_ORDER]
    if draw(st.booleans()):
        hands[3] = ""  # the fourth hand left out, as BBO writes it
    digit = LIN_ORDER.index(auction.dealer) + 1
    parts = [f"pn|s,w,n,e|st||md|{digit}{','.join(hands)}|rh||ah|Board 1|sv|o|"]
    for index, call in enumerate(auction.calls):
        text = {"P": "p", "X": "d", "XX": "r"}.get(call.text, call.text.replace("NT", "N"))
        parts.append(f"mb|{text}{'!' if index in alerted else ''}|")
        if index in explained:
            parts.append(f"an|{explained[index]}|")
    lower = draw(st.booleans())
    for index, card in enumerate(play.cards):
        text = str(card)
        parts.append(f"pc|{text[0].lower() + text[1] if lower else text}|")
        if index % 4 == 3:
            parts.append("pg||\n" if draw(st.booleans()) else "pg||")
    if claim is not None:
        parts.append(f"mc|{claim}|")
    return "".join(parts), holder, auction, Play(play.cards, claim)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_a_drawn_board_reads_back(drawn: tuple[str, np.ndarray, Auction, Play]) -> None:
    text, holder, auction, play = drawn
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "drawn.lin"
        path.write_text(text)
        results, lines = read_lines(str(path))
    (line,) = lines
    assert np.array_equal(line.board.seats, holder)
    assert line.board.dealer is auction.dealer
    expected_auction = auction if auction.calls or auction.explanations else None
    assert line.result.auction == expected_auction
    assert line.result.play == (play if play.cards or play.claim is not None else None)
    contract = auction.contract()
    if contract is not None and not contract.passed_out and line.result.play is not None:
        assert line.result.contract == contract
        assert line.result.tricks == line.result.play.declarer_tricks(contract)
    assert results.format == "lin"


def test_a_passed_out_board_scores_nothing(tmp_path: Path) -> None:
    path = tmp_path / "p.lin"
    path.write_text("md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|b|mb|p|mb|p|mb|p|mb|p|")
    results = bridgeio.read(path)
    line = results.events[0].sections[0].results[0].results[0]  # type: ignore[union-attr]
    assert line.contract == Contract(0) and line.ns_score == 0 and line.play is None
    assert Card.from_text("SA") not in (line.lead,)


@st.composite
def deal_texts(draw: st.DrawFn) -> str:
    """A deal as ``md`` writes it (the fourth hand left out or not, tens ``T`` or ``10``, any
    case), often damaged: a character put in or taken out, the text cut."""
    order = draw(st.permutations(range(52)))
    hands = ["".join(s + "".join(RANKS[c % 13] for c in order[13 * h : 13 * h + 13]
                                 if c // 13 == i) for i, s in enumerate("SHDC"))
             for h in range(4)]  # fmt: skip
    if draw(st.booleans()):
        hands[3] = ""
    text = ",".join(hands)
    text = draw(st.sampled_from([text, text.lower(), text.replace("T", "10")]))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(list("SHDCAKT2,;x é") + [""])) + text[at + 1 :]
    return text[: draw(st.integers(0, len(text)))] if draw(st.booleans()) else text


@settings(max_examples=40, deadline=None)
@given(st.lists(deal_texts(), min_size=1, max_size=12))
def test_a_files_deals_read_at_once_are_those_read_one_by_one(texts: list[str]) -> None:
    # the fast reading of all a file's deals as arrays agrees with the plain one, which says
    # what is wrong with a deal that is not sound
    from bridgeio.formats.lin.hands import parse_hands, read_hands

    seats, wrong = read_hands(texts)
    for index, text in enumerate(texts):
        try:
            expected = parse_hands(text)
        except ValueError:
            assert index in wrong, text
            continue
        assert index not in wrong, text
        assert np.array_equal(seats[index], expected), text


@settings(max_examples=60, deadline=None)
@given(st.lists(legal_plays(), min_size=1, max_size=6))
def test_the_tricks_of_plays_counted_at_once_are_the_models(
    drawn: list[tuple[np.ndarray, Contract, Play]],
) -> None:
    from bridgeio.formats.lin.boards import LinBoard
    from bridgeio.formats.lin.lines import declarer_tricks
    from bridgeio.formats.lin.tags import Tags

    found = Tags("", "x.lin")
    records = [LinBoard(found, 0, cards=list(play.cards)) for _, _, play in drawn]
    contracts = [contract for _, contract, _ in drawn]
    expected = [play.declarer_tricks(contract) for _, contract, play in drawn]
    assert declarer_tricks(records, contracts) == expected  # type: ignore[arg-type]
