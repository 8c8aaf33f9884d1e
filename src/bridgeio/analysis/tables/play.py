"""The rows of the ``calls`` and ``cards`` tables: every call of a line's auction and every
card of its play, keyed as the line's ``results`` row is (with its ``room``), and, last, the
session its section belongs to (``Section.session``; null in an event without sessions).

A card's seat follows from the contract: declarer's left-hand opponent leads, each trick's
winner leads the next (the trump suit decides). Without a declared contract the cards are
still rows, their seats null. ``dd_cost`` is null unless the export solves (``--solve``):
:func:`plays_to_solve` finds a file's completed or claimed plays and :func:`fill_costs` solves
them together (:mod:`bridgeio.double_dummy.play_cost`) and puts each card's cost in its row.

>>> from bridgeio.model.auction import Auction
>>> from bridgeio.model.cards import Seat
>>> from bridgeio.model.contract import Contract
>>> from bridgeio.model.play import Play
>>> from bridgeio.model.results import Board, BoardResult
>>> line = BoardResult(1, 2, 3, 4, auction=Auction.parse(Seat.NORTH, "1S P 2S! P P P".split(),
...                    {2: "weak"}), play=Play.parse("HA H2 H3 H4 SA".split()),
...                    contract=Contract.parse("2S", "N"), room="open")
>>> calls, cards = [], []
>>> play_rows((0, 1, "A"), [Board(7, [line])], calls, cards, session=2)
>>> calls[2][6:], cards[4][6:]
(('open', 2, 'S', '2S', 'weak', 2), ('open', 2, 1, 'E', 'SA', None, 2))
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Any

from bridgeio.analysis.tables.schema import SCHEMAS
from bridgeio.double_dummy.play_cost import PlayToSolve, deal_holders, play_costs, play_to_solve
from bridgeio.model.auction import Auction, Call
from bridgeio.model.cards import Card
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play, winning_index
from bridgeio.model.results import Board, BoardResult, Results, outside_matches

_SEATS = "NESW"
_CARDS = tuple(str(Card(number)) for number in range(52))
_CALLS = tuple(Call(number).text for number in range(38))
_CARD_COLUMNS = SCHEMAS["cards"].names
_TRICK, _POSITION = _CARD_COLUMNS.index("trick"), _CARD_COLUMNS.index("position")
_DD_COST, _SESSION = _CARD_COLUMNS.index("dd_cost"), _CARD_COLUMNS.index("session")


def play_rows(
    keys: tuple[int, int, str],
    boards: list[Board],
    calls: list[tuple[Any, ...]],
    cards: list[tuple[Any, ...]],
    session: int | None = None,
) -> None:
    """Add to ``calls`` and ``cards`` the rows of every line of ``boards`` that has an
    auction or a play; ``session``: the session of the boards' section."""
    for board in boards:
        for line in board.results:
            if line.auction is None and line.play is None:
                continue
            place = _place(keys, board, line)
            if line.auction is not None:
                calls.extend(call_rows(place, line.auction, session))
            if line.play is not None:
                cards.extend(card_rows(place, line.play, line.contract, session))


def call_rows(
    place: tuple[Any, ...], auction: Auction, session: int | None = None
) -> list[tuple[Any, ...]]:
    """One row a call: its index from 0 (the dealer's), seat, call, its alert (the
    explanation, ``""`` for an alert without one, null for a call not alerted) and the
    session."""
    dealer = int(auction.dealer)
    explained = auction.explanations
    alerted = auction.alerted
    rows = []
    for index, call in enumerate(auction.calls):
        alert = explained.get(index)
        if alert is None and index in alerted:
            alert = ""
        rows.append((*place, index, _SEATS[(dealer + index) % 4], _CALLS[call], alert, session))
    return rows


def card_rows(
    place: tuple[Any, ...], play: Play, contract: Contract | None, session: int | None = None
) -> list[tuple[Any, ...]]:
    """One row a card: its trick and place in the trick (both from 1), who played it, the
    card, its cost (null: not solved) and the session."""
    if contract is None or contract.declarer is None or contract.strain is None:
        return [
            (*place, index // 4 + 1, index % 4 + 1, None, _CARDS[card], None, session)
            for index, card in enumerate(play.cards)
        ]
    rows = []
    cards, trump = play.cards, contract.strain
    leader = (int(contract.declarer) + 1) % 4
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        number = start // 4 + 1
        for offset, card in enumerate(trick):
            seat = _SEATS[(leader + offset) % 4]
            rows.append((*place, number, offset + 1, seat, _CARDS[card], None, session))
        if len(trick) == 4:  # its winner leads the next (Play.tricks' rule, without its objects)
            leader = (leader + winning_index(trick, trump)) % 4
    return rows


def _place(keys: tuple[int, int, str], board: Board, line: BoardResult) -> tuple[Any, ...]:
    """The key columns of a line's calls and cards rows."""
    return (*keys, board.number, line.round or None, line.table or None, line.room)


Pending = tuple[int, PlayToSolve]
"""A play to solve: the index of its first card's row in the ``cards`` rows, and the play."""


def plays_to_solve(
    cards: list[tuple[Any, ...]], first: int, file_id: int, results: Results
) -> list[Pending]:
    """The completed or claimed plays of ``results`` whose rows are ``cards[first:]`` (as
    :func:`play_rows` made them), each with a contract, a declarer and a whole deal."""
    starts = _play_starts(cards, first)
    found: list[Pending] = []
    for event in results.events:
        deals = deal_holders(event.deals)
        for section in event.sections:
            keys = (file_id, event.number, section.name)
            boards = outside_matches(section) + [b for m in section.matches for b in m.boards]
            for board in boards:
                for line in board.results:
                    if line.play is None or not line.play.cards:
                        continue
                    start = starts[(*_place(keys, board, line), section.session)].popleft()
                    play = play_to_solve(line, deals.get(board.number))
                    if play is not None:
                        found.append((start, play))
    return found


def fill_costs(cards: list[tuple[Any, ...]], pending: list[Pending]) -> None:
    """Solve the pending plays together and set each card's ``dd_cost`` in its row (left null
    for a play that breaks the rules)."""
    for (start, _), costs in zip(pending, play_costs([p for _, p in pending]), strict=True):
        if costs is None:
            continue
        for index, cost in enumerate(costs.tolist()):
            row = cards[start + index]
            cards[start + index] = (*row[:_DD_COST], cost, *row[_DD_COST + 1 :])


def _play_starts(cards: list[tuple[Any, ...]], first: int) -> dict[tuple[Any, ...], deque[int]]:
    """Where each play's rows begin, by their key columns and session (a play's first card is
    trick 1, position 1), in order."""
    starts: dict[tuple[Any, ...], deque[int]] = defaultdict(deque)
    for index in range(first, len(cards)):
        row = cards[index]
        if row[_TRICK] == 1 and row[_POSITION] == 1:
            starts[(*row[:_TRICK], row[_SESSION])].append(index)
    return starts
