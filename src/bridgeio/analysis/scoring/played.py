"""Played boards of one table a board: a line's matchpoints or IMPs against a field the file
does not hold.

A file of played boards (BBO Helper's daylong and "my hands" exports, a robot's match with
one room) may give each line its percentage (PBN ``ScorePercentage``) or IMPs (``ScoreIMP``)
as the site scored it, against the tournament's other tables or the match's other room: BBO
Helper copies them from BBO's own results page (the traveller is BBO's, not the file's). With
one table a board there is nothing to score the line against, so those figures cannot be
checked: an event whose every board holds at most one table is said once and not rescored
(matchpoints with a top of 0, or Butler IMPs against the line's own score, would be figures of
no meaning). Each line's score is still checked against its contract
(:func:`~bridgeio.analysis.scoring.contracts.check_contract_scores`); where a board holds two
tables or more, the rules of its event apply as to any file (two rooms of a match: the WBF
IMP scale, :mod:`.matches`).

>>> from bridgeio.model.results import Board, BoardResult, Event, Section
>>> lines = [BoardResult(1, 1, ns=1, ew=1, ns_score=110, ew_score=-110)]
>>> event = Event(sections=[Section("", results=[Board(1, lines), Board(2, lines)])])
>>> note = lone_tables(event) or ""
>>> note.startswith("event 1: each of its 2 boards holds one table only: a line's"), note[-11:]
(True, 'not checked')
>>> event.sections[0].results[1].results.append(lines[0])
>>> lone_tables(event) is None
True
"""

from __future__ import annotations

from bridgeio.model.board import BY_CODE, Vulnerability
from bridgeio.model.results import Board, Event


def lone_tables(event: Event) -> str | None:
    """The note saying ``event``'s figures cannot be checked where each of its boards (a
    team match's boards included) holds one table at most; None where some board holds two
    or more, or none holds any."""
    boards = _boards(event)
    if not boards or any(len(b.results) > 1 for b in boards):
        return None
    played = sum(1 for b in boards if b.results)
    if not played:
        return None
    return (
        f"event {event.number}: each of its {played:,} boards holds one table only: a line's "
        "matchpoints or IMPs are against a field the file does not hold (the site's "
        "tournament, or the match's other room): not checked"
    )


def _boards(event: Event) -> list[Board]:
    """Every board of the event: its sections' and its matches' (a board number of a
    section once: the lines of all its tables)."""
    found: list[Board] = []
    for section in event.sections:
        found += section.results
        listed = {b.number for b in section.results}
        found += [b for m in section.matches for b in m.boards if b.number not in listed]
    return found


def stated_vulnerabilities(
    event: Event, others: list[Event] | None = None
) -> dict[int, tuple[Vulnerability, ...]]:
    """Each board number's vulnerabilities as the event's hand record states them (an event
    without one: the hand record of the ``others``, the file's other events; a PBN file's is
    with its first): a file of played boards numbers its deals 1 to 2,000 and gives each the
    vulnerability it was played at (Bridge Bidding Analyser, BEN), not that of the 16-board
    cycle, and a file that joins several such runs has one board number for several deals (a
    line is scored at one of them: which deal is its own the results model does not say).

    >>> import numpy as np
    >>> from bridgeio.model.deals import DealSet
    >>> deals = DealSet(boards=np.array([1, 2, 2, 3]), vulnerability=np.array([3, 1, 2, 255]))
    >>> {n: [v.text for v in vs] for n, vs in stated_vulnerabilities(Event(deals=deals)).items()}
    {1: ['All'], 2: ['NS', 'EW']}
    """
    found: dict[int, tuple[Vulnerability, ...]] = {}
    sets = [event.deals] if event.deals is not None else [e.deals for e in others or []]
    for deals in sets:
        if deals is None or deals.boards is None or deals.vulnerability is None:
            continue
        for board, code in zip(deals.boards.tolist(), deals.vulnerability.tolist(), strict=True):
            if code < len(BY_CODE) and BY_CODE[code] not in found.get(board, ()):
                found[board] = (*found.get(board, ()), BY_CODE[code])
    return found
