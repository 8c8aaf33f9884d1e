"""A board number dealt again with other cards in one file (rpbridge's compilations number
each segment's boards from 1: endplay's example3.pbn) shows no hands and solves nothing
for that number, rather than the first deal's hands beside plays made with other cards."""

from __future__ import annotations

from pathlib import Path

import bridgeio
from bridgeio.double_dummy.play_cost import deal_holders
from bridgeio.model.results import Results
from bridgeio.recap.page import game_page

SPADES = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
HEARTS = "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"


def _segment(stage: str, deal: str, board: int = 1) -> str:
    line = '[Declarer "N"]\n[Contract "7S"]\n[Result "13"]\n'
    return (
        f'[Event "Cup"]\n[Stage "{stage}"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n'
        f'[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        f"{line}\n{line}\n"
    )


def _read(tmp_path: Path, text: str) -> Results:
    path = tmp_path / "cup.pbn"
    path.write_text(text)
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


def test_a_number_dealt_again_with_other_cards_shows_no_hands(tmp_path: Path) -> None:
    doc = _read(tmp_path, _segment("Final:1", SPADES) + _segment("Final:2", HEARTS))
    event = doc.events[0]
    assert deal_holders(event.deals) == {}  # nothing to solve against
    page = game_page(event, "cup.pbn")
    assert 'class="hand ' not in page
    assert "Board 1 is dealt more than once in this file" in page


def test_a_deal_given_again_alike_and_other_numbers_keep_their_hands(tmp_path: Path) -> None:
    text = _segment("Final:1", SPADES) + _segment("Final:2", SPADES)
    text += _segment("Final:2", HEARTS, board=2)
    event = _read(tmp_path, text).events[0]
    assert sorted(deal_holders(event.deals)) == [1, 2]
    page = game_page(event, "cup.pbn")
    assert page.count('class="hand ') == 8 and "dealt more than once" not in page
