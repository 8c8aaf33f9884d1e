"""Each traveller line's score against the duplicate score of its contract.

Source: Law 77 of the Laws of Duplicate Bridge (2017), the scoring table, as
:func:`bridgeio.model.contract.duplicate_score` implements it; the vulnerability of a board
follows from its number by the standard 16-board cycle (Law 2,
:func:`bridgeio.model.board.vulnerability`).
"""

from __future__ import annotations

from bridgeio.analysis.scoring.played import stated_vulnerabilities
from bridgeio.errors import Problem
from bridgeio.model.board import Vulnerability, vulnerability
from bridgeio.model.results import BoardResult, Entry, Event, Results, Section


def check_contract_scores(results: Results) -> list[Problem]:
    """A problem for every line whose N-S or E-W score is not its contract's score.

    A line is checked when it records a contract with its declarer and the tricks taken (a
    pass-out needs neither) and a score in points; an adjusted score (average, ``A6040``)
    is skipped. Lines that cannot be checked are counted in one warning, not listed.

    >>> from bridgeio.model.contract import Contract
    >>> from bridgeio.model.results import Board, BoardResult, Event, Section
    >>> line = BoardResult(1, 1, ns=3, ew=5, contract=Contract.parse("4S", "S"), tricks=8,
    ...                    ns_score=-230, ew_score=230)
    >>> event = Event(sections=[Section("A", results=[Board(2, [line])])])
    >>> [str(p) for p in check_contract_scores(Results([event]))]
    ['event 1, section A, board 2, pairs 3/5: error: N-S score -230 does not fit 4S by S \
taking 8 tricks, N-S vulnerable: the rules give -200']
    """
    problems: list[Problem] = []
    unchecked = total = 0
    for event in results.events:
        stated = stated_vulnerabilities(
            event, results.events
        )  # (played boards: the deal's, not the cycle's)
        for section in event.sections:
            for board in section.results:
                vuls = stated.get(board.number) or (vulnerability(board.number),)
                for line in board.results:
                    total += 1
                    if not _checkable(line):
                        unchecked += 1
                        continue
                    problem = _check_line(event, section, (board.number, vuls), line)
                    if problem is not None:
                        problems.append(problem)
    if unchecked:
        problems.append(
            Problem(
                "results",
                f"{unchecked:,} of {total:,} lines record no contract with declarer and "
                "tricks: their scores are not checked",
                "warning",
            )
        )
    return problems


def _is_points(score: object) -> bool:
    """A score in points (an ``int``), not an adjusted or special result."""
    return type(score) is int


def _checkable(line: BoardResult) -> bool:
    """Has the line a contract the rules can score (adjusted lines count as checked)?"""
    if not (_is_points(line.ns_score) or _is_points(line.ew_score)):
        return line.ns_score is not None or line.ew_score is not None  # adjusted: skipped
    contract = line.contract
    if contract is None:
        return False
    return contract.passed_out or (contract.declarer is not None and line.tricks is not None)


_VULNERABLE = {
    Vulnerability.NONE: "neither side vulnerable",
    Vulnerability.NS: "N-S vulnerable",
    Vulnerability.EW: "E-W vulnerable",
    Vulnerability.BOTH: "both sides vulnerable",
}


def _check_line(
    event: Event, section: Section, where: tuple[int, tuple[Vulnerability, ...]], line: BoardResult
) -> Problem | None:
    """The problem with one checkable line (on a board of this number, played at one of
    these vulnerabilities), or None when it fits one of them."""
    contract = line.contract
    if contract is None or not (_is_points(line.ns_score) or _is_points(line.ew_score)):
        return None
    board, vuls = where
    found = [_misfit(event, section, board, vul, line) for vul in vuls]
    return None if None in found else found[0]


def _misfit(
    event: Event, section: Section, board: int, vul: Vulnerability, line: BoardResult
) -> Problem | None:
    """The problem with a line's score on a board of this vulnerability."""
    assert line.contract is not None
    expected = line.contract.ns_score(line.tricks or 0, vul)
    for side, recorded, rule in (
        ("N-S", line.ns_score, expected),
        ("E-W", line.ew_score, -expected),
    ):
        if _is_points(recorded) and recorded != rule:
            return Problem(
                line_place(event.number, section.name, board, line),
                f"{side} score {recorded} does not fit {_played(line)}, {_VULNERABLE[vul]}: "
                f"the rules give {rule}",
            )
    return None


def _played(line: BoardResult) -> str:
    """``4S by S taking 9 tricks`` or ``passed out``."""
    contract = line.contract
    if contract is None or contract.passed_out:
        return "passed out"
    seat = contract.declarer.char if contract.declarer is not None else "?"
    return f"{contract.text} by {seat} taking {line.tricks} tricks"


def line_place(event: int, section: str, board: int, line: BoardResult) -> str:
    """``event 1, section A, board 5, pairs 3/7`` (no section when it has no name)."""
    where = f", section {section}" if section else ""
    return f"event {event}{where}, board {board}, pairs {line.ns}/{line.ew}"


def entry_place(event: int, section: str, entry: Entry) -> str:
    """``event 1, section A, pair 3NS`` (no section when it has no name)."""
    where = f", section {section}" if section else ""
    return f"event {event}{where}, pair {entry.id}"
