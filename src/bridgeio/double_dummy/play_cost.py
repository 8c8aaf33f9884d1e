"""What each card of a play cost its side double-dummy, with DDS's play analysis (through
endplay): every position of a play in one analysis, up to 200 plays in one DDS call, which
DDS spreads over the machine's cores.

DDS gives declarer's tricks in all (those won so far and the most that can still be won,
both sides playing best) before the opening lead and after each card: ``D[0]``, ``D[1]``, ...
A card of declarer's side costs ``D[k] - D[k + 1]`` tricks, a defender's card
``D[k + 1] - D[k]``; an optimal card costs 0, and a card of the last trick (each player has
one card left) always does. So, for a play of every card, declarer's tricks are ``D[0]``
less the costs of declarer's side plus those of the defenders.

A 2NT by North from a GIB robot match (BBO vugraph): East leads the DK, wins the trick and
switches to the SQ, which gives declarer a seventh trick:

>>> from bridgeio.model.cards import Card
>>> from bridgeio.model.deals import parse_pbn_deal
>>> holder = parse_pbn_deal("N:AT65.AT72.T98.84 QJ8.85.KQJ7.QT73 7.J64.A65432.AK6 "
...                         "K9432.KQ93..J952")
>>> cards = [int(Card.from_text(c)) for c in "DK D2 S2 DT SQ S7 S3 SA".split()]
>>> play = PlayToSolve(holder, declarer=0, strain=4, cards=cards)
>>> dd_traces([play])[0].tolist()
[6, 6, 6, 6, 6, 7, 7, 7, 7]
>>> play_costs([play])[0].tolist(), play.seats()[4]
([0, 0, 0, 0, 1, 0, 0, 0], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bridgeio.double_dummy.solver import SolverMissing
from bridgeio.model.cards import Card, Seat, Strain
from bridgeio.model.contract import Contract
from bridgeio.model.deals import DealSet, board_deals
from bridgeio.model.play import Play, winning_index
from bridgeio.model.results import BoardResult

BATCH = 200  # DDS analyses at most 200 plays (MAXNOOFBOARDS) in one AnalyseAllPlaysBin call
ANALYSED = 48  # DDS analyses the positions before the last trick, whose cards are forced


@dataclass(frozen=True)
class PlayToSolve:
    """A play to analyse: ``holder``, the seat (N 0 E 1 S 2 W 3) holding each card 0-51 (a
    deal's ``seats`` row), the contract's declarer and strain (S H D C NT: 0-4), and the cards
    played from the opening lead on (card numbers, as :class:`~bridgeio.model.cards.Card`)."""

    holder: np.ndarray
    declarer: int
    strain: int
    cards: Sequence[int]

    def solvable(self) -> bool:
        """A whole deal and a play within the rules (a card held, suit followed, at most 52),
        as DDS needs: it refuses a whole batch for one play it cannot follow."""
        if len(self.holder) != 52 or (self.holder > 3).any() or len(self.cards) > 52:
            return False
        contract = Contract(1, Strain(self.strain), declarer=Seat(self.declarer))
        play = Play(tuple(Card(c) for c in self.cards))
        return not play.problems(self.holder.tolist(), contract)

    def seats(self) -> list[int]:
        """Who played each card (the declarer's left-hand opponent leads, each trick's
        winner leads the next)."""
        trump = None if self.strain == 4 else Strain(self.strain)
        leader, found = (self.declarer + 1) % 4, []
        for start in range(0, len(self.cards), 4):
            trick = [Card(c) for c in self.cards[start : start + 4]]
            found += [(leader + offset) % 4 for offset in range(len(trick))]
            if len(trick) == 4:
                leader = (leader + winning_index(trick, trump)) % 4
        return found


def dd_traces(plays: Sequence[PlayToSolve]) -> list[np.ndarray | None]:
    """Declarer's double-dummy tricks in all before the opening lead and after each card up
    to the last trick (``min(len(cards), 48) + 1`` values), one array a play; None for a play
    :meth:`PlayToSolve.solvable` refuses. :class:`SolverMissing` without endplay."""
    try:
        from endplay.dds import analyse_all_plays
    except ImportError:
        raise SolverMissing() from None
    traces: list[np.ndarray | None] = [None] * len(plays)
    todo = [k for k, play in enumerate(plays) if play.solvable()]
    for start in range(0, len(todo), BATCH):
        batch = todo[start : start + BATCH]
        solved: list[np.ndarray | None]
        try:
            solved = list(_analysed(analyse_all_plays, [plays[k] for k in batch]))
        except RuntimeError:  # DDS refused the batch (DDSError): each play alone
            solved = [_alone(analyse_all_plays, plays[k]) for k in batch]
        for k, trace in zip(batch, solved, strict=True):
            traces[k] = trace
    return traces


def _analysed(analyse: Any, plays: list[PlayToSolve]) -> list[np.ndarray]:
    """One DDS call: each play's trace."""
    solved = analyse(
        [_solver_deal(play) for play in plays],
        [[_solver_card(c) for c in play.cards[:ANALYSED]] for play in plays],
    )
    return [np.array(trace[:], dtype=np.int8) for trace in solved]


def _alone(analyse: Any, play: PlayToSolve) -> np.ndarray | None:
    """A play's trace, None where DDS refuses it."""
    try:
        return _analysed(analyse, [play])[0]
    except RuntimeError:
        return None


def require_solver() -> None:
    """:class:`SolverMissing` unless endplay (DDS) can be imported here.

    >>> require_solver()  # (endplay is installed where the tests run)
    """
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        raise SolverMissing() from None


def play_costs(plays: Sequence[PlayToSolve]) -> list[np.ndarray | None]:
    """The tricks each card of each play cost its side double-dummy (int8, one a card, 0 for
    an optimal card); None for a play that cannot be analysed (see :func:`dd_traces`)."""
    found: list[np.ndarray | None] = []
    for play, trace in zip(plays, dd_traces(plays), strict=True):
        found.append(None if trace is None else costs_of(play, trace))
    return found


def costs_of(play: PlayToSolve, trace: np.ndarray) -> np.ndarray:
    """Each card's cost from a play's trace (see the module's note).

    >>> import numpy as np
    >>> play = PlayToSolve(np.zeros(52, dtype=np.uint8), 0, 4, [0, 1, 2, 3])
    >>> costs_of(play, np.array([9, 9, 8, 9, 8])).tolist()  # cards of E, S, W, N
    [0, 1, 1, 1]
    """
    change = np.zeros(len(play.cards), dtype=np.int8)
    steps = min(len(play.cards), len(trace) - 1)
    change[:steps] = trace[1 : steps + 1] - trace[:steps]
    declarers = (np.array(play.seats(), dtype=np.int8) % 2) == play.declarer % 2
    costs: np.ndarray = np.where(declarers, -change, change).astype(np.int8)
    return costs


def _solver_deal(play: PlayToSolve) -> object:
    """endplay's deal of the hands, the opening leader to play, the strain trumps."""
    from endplay.types import Deal as SolverDeal
    from endplay.types import Denom, Player

    hands = [[[] for _ in range(4)] for _ in range(4)]  # type: list[list[list[str]]]
    for card, seat in enumerate(play.holder.tolist()):
        hands[seat][card // 13].append("AKQJT98765432"[card % 13])
    deal = SolverDeal("N:" + " ".join(".".join("".join(suit) for suit in hand) for hand in hands))
    deal.first = Player((play.declarer + 1) % 4)
    deal.trump = Denom(play.strain)
    return deal


def _solver_card(card: int) -> str:
    """endplay's text of a card: suit letter, then rank."""
    return "SHDC"[card // 13] + "AKQJT98765432"[card % 13]


def deal_holders(deals: DealSet | None) -> dict[int, list[np.ndarray]]:
    """Each board's deals (their ``seats`` rows: who holds each card), by board number: one,
    or several where a file deals a number again with the hands placed otherwise
    (:func:`~bridgeio.model.deals.board_deals`)."""
    if deals is None or deals.seats is None:
        return {}
    seats = deals.seats
    return {number: [seats[row] for row in rows] for number, rows in board_deals(deals).items()}


def play_to_solve(line: BoardResult, holders: list[np.ndarray] | None) -> PlayToSolve | None:
    """A table's play to solve: completed (52 cards) or claimed, with a declared contract
    and its deal: of the board's deals (``holders``, from :func:`deal_holders`), the first
    in which each card was held by the seat that played it (else the first); None where
    there is none of these."""
    play, contract = line.play, line.contract
    if play is None or contract is None or not holders:
        return None
    if contract.declarer is None or contract.strain is None:
        return None
    if len(play.cards) != 52 and play.claim is None:
        return None
    cards = [int(card) for card in play.cards]
    found = PlayToSolve(holders[0], int(contract.declarer), int(contract.strain), cards)
    if len(holders) > 1:
        seats = np.array(found.seats(), dtype=np.int64)
        for holder in holders:
            if np.array_equal(holder[cards].astype(np.int64), seats):
                return PlayToSolve(holder, found.declarer, found.strain, cards)
    return found
