"""What each card of the recapped plays cost its side double dummy, for the recap's marks
(``bridgeio recap --solve``): every completed or claimed play of the recapped files solved in
one :func:`~bridgeio.double_dummy.play_cost.play_costs` call (DDS's batches), each play then
replaced by a :class:`SolvedPlay`, the same cards with their costs, which the trick-by-trick
view (:mod:`bridgeio.recap.play`) marks.

>>> import bridgeio
>>> doc = bridgeio.read("examples/club-game.ACA")  # no play in it: nothing to solve
>>> solve_plays([doc])
0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bridgeio.double_dummy.play_cost import (
    PlayToSolve,
    deal_holders,
    play_costs,
    play_to_solve,
    require_solver,
)
from bridgeio.model.play import Play
from bridgeio.model.results import BoardResult, Results, outside_matches


@dataclass(frozen=True)
class SolvedPlay(Play):
    """A play with the tricks each of its cards cost its side double dummy (``costs``, one a
    card, 0 for an optimal card), as :func:`solve_plays` sets it on a table's result.

    >>> from bridgeio.model.cards import Card
    >>> SolvedPlay((Card.from_text("SA"),), None, (1,)).costs
    (1,)
    """

    costs: tuple[int, ...] = ()


def solve_plays(documents: Iterable[Results]) -> int:
    """Solve every completed (52 cards) or claimed play of ``documents`` that has a declared
    contract and its board's whole deal, all in one batch, and set each as a
    :class:`SolvedPlay` on its table's result (in place); the number of plays solved (a play
    that breaks the rules is left as it was). ``SolverMissing`` without endplay."""
    require_solver()
    pending = list(_pending(documents))
    solved = 0
    for (line, _), costs in zip(pending, play_costs([p for _, p in pending]), strict=True):
        play = line.play
        if costs is None or play is None:
            continue
        line.play = SolvedPlay(play.cards, play.claim, tuple(int(c) for c in costs.tolist()))
        solved += 1
    return solved


def _pending(documents: Iterable[Results]) -> Iterator[tuple[BoardResult, PlayToSolve]]:
    """Each line that can be solved, with its play to solve."""
    for results in documents:
        for event in results.events:
            deals = deal_holders(event.deals)
            for section in event.sections:
                boards = outside_matches(section)
                for board in boards + [b for m in section.matches for b in m.boards]:
                    for line in board.results:
                        play = play_to_solve(line, deals.get(board.number))
                        if play is not None and play.cards:  # (a bare claim: no card to mark)
                            yield line, play
