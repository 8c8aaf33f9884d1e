"""Every world PBN file (``corpus/world/pbn``: Ruter, Bridgewebs, Big Deal) read whole, counted
from its own text here with regular expressions alone (none of bridgeio's parsing): each
``Deal``'s four hands card for card, each ``Ability`` table, each board with a ``ScoreTable``
and each of its rows (issue 29). Real names are in these files: no assertion prints them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import collect
from bridgeio.model import DealSet, Seat
from bridgeio.model.results import Results
from tests.conftest import CORPUS

FILES = sorted((CORPUS / "world" / "pbn").glob("*.pbn")) if CORPUS.is_dir() else []
SEATS = "NESW"


def _games(text: str) -> list[str]:
    """The file's games: the text from each Board (or first tag) to the next blank line."""
    return [g for g in re.split(r"\n\s*\n", text) if re.search(r'^\[(Board|Deal) "', g, re.M)]


def _hands(deal: str) -> dict[str, str]:
    """A Deal tag's hands by seat: the first seat, then clockwise; '-' where not given."""
    first, _, rest = deal.partition(":")
    start = SEATS.index(first.strip().upper())
    return {SEATS[(start + k) % 4]: hand.upper() for k, hand in enumerate(rest.split())}


def _board(game: str) -> str:
    found = re.search(r'^\[Board "([^"]*)"\]', game, re.M)
    return found.group(1) if found else ""


def _rows(game: str) -> int:
    """The rows of a game's ScoreTable: its lines after the tag up to the next tag."""
    inside, rows = False, 0
    for line in game.splitlines():
        if line.startswith("["):
            inside = line.startswith("[ScoreTable ")
        elif inside and line.strip() and not line.startswith(("%", "{", ";")):
            rows += 1
    return rows


@pytest.mark.skipif(not FILES, reason="the shared corpus's world/pbn files are absent")
@pytest.mark.parametrize("path", FILES, ids=[f"world/pbn[{n}]" for n in range(len(FILES))])
def test_every_deal_hand_table_board_and_row_is_read(path: Path) -> None:
    raw = path.read_bytes()
    text = raw.decode("utf-8") if raw.isascii() else raw.decode("cp1252")
    games = _games(text)
    with collect():
        doc = bridgeio.read(path)
    deals = doc if isinstance(doc, DealSet) else None
    lines: list[int] = []
    if isinstance(doc, Results):
        deals = doc.events[0].deals
        for event in doc.events:
            for section in event.sections:
                lines += [len(board.results) for board in section.results]
    written = [re.search(r'^\[Deal "([^"]*)"\]', g, re.M) for g in games]
    expected = [_hands(m.group(1)) for m in written if m is not None]
    assert deals is not None and len(deals) == len(expected) > 0
    for hands, deal in zip(expected, deals, strict=True):
        for seat in Seat:
            assert deal.hand(seat).upper() == hands.get(seat.char, "-")
    abilities = sum(bool(re.search(r'^\[Ability "', g, re.M)) for g in games)
    if abilities:
        assert deals.tricks is not None and int((deals.tricks <= 13).all(axis=(1, 2)).sum()) == (
            abilities
        )
    rows = [_rows(g) for g in games if re.search(r"^\[ScoreTable ", g, re.M)]
    if not re.search(r"^\[ScoreTable ", text, re.M):  # played boards: a line a game's result
        played = [g for g in games if re.search(r'^\[Result "\d', g, re.M)]
        rows = [sum(1 for g in played if _board(g) == b) for b in sorted(set(map(_board, played)))]
    assert sorted(lines) == sorted(rows)
