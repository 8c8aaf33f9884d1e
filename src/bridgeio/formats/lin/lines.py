"""A LIN board's results line: its auction and play, and the contract, tricks, lead and score
they give (or those a vugraph file's ``rs`` gives); and the deals of a file's boards."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from bridgeio.formats.lin.boards import LinBoard
from bridgeio.model.board import Vulnerability, vulnerability
from bridgeio.model.contract import Contract
from bridgeio.model.deals import NO_SEAT, UNKNOWN_VULNERABILITY, DealSet
from bridgeio.model.results import BoardResult


@dataclass
class Line:
    """A results line as read, with the board it came from (for the checks)."""

    board: LinBoard
    result: BoardResult


def line_result(record: LinBoard, round: int, table: int, ns: int, ew: int) -> BoardResult:
    """A board's results line: its auction and play, and the contract, tricks and score they
    give (the contract the auction's where it has ended)."""
    return line_results([record], [(round, table, ns, ew)])[0]


def line_results(
    records: list[LinBoard], where: list[tuple[int, int, int, int]]
) -> list[BoardResult]:
    """Each board's results line (:func:`line_result`), at ``where``'s round, table and
    pairs; the tricks of all the plays worked out at once."""
    auctions = [record.auction for record in records]
    contracts = [None if a is None else a.contract() for a in auctions]
    tricks = declarer_tricks(records, contracts)
    found = []
    for record, auction, contract, made, (round, table, ns, ew) in zip(
        records, auctions, contracts, tricks, where, strict=True
    ):
        result = BoardResult(round, table, ns, ew, auction=auction, play=record.play)
        result.room = record.room
        set_contract(result, record, contract, made)
        found.append(result)
    return found


def declarer_tricks(records: list[LinBoard], contracts: list[Contract | None]) -> list[int | None]:
    """:meth:`~bridgeio.model.play.Play.declarer_tricks` of each board's play in its contract
    (None without a contract or a play, or for a passed-out board), the plays of 52 cards
    without a claim counted together as arrays: a trick's winner is its highest trump, else
    its highest card of the suit led; the winner leads to the next trick."""
    found: list[int | None] = [None] * len(records)
    whole = []
    for index, (record, contract) in enumerate(zip(records, contracts, strict=True)):
        if contract is None or contract.passed_out or contract.declarer is None:
            continue
        if record.claim is not None:
            found[index] = record.claim
        elif len(record.cards) == 52:
            whole.append(index)
    if not whole:
        return found
    cards = np.array([records[i].cards for i in whole], dtype=np.int16).reshape(-1, 13, 4)
    declarers = np.array([contracts[i].declarer for i in whole], dtype=np.int16)  # type: ignore[union-attr]
    trumps = np.array([contracts[i].strain for i in whole], dtype=np.int16)  # type: ignore[union-attr]
    suits = cards // 13
    rank = 13 - cards % 13  # the ace 13, the two 1
    key = rank + 20 * (suits == suits[:, :, :1]) + 40 * (suits == trumps[:, None, None])
    winners = (declarers[:, None] + 1 + np.cumsum(key.argmax(axis=2), axis=1)) % 4
    won = ((winners % 2) == (declarers[:, None] % 2)).sum(axis=1)
    for index, tricks in zip(whole, won.tolist(), strict=True):
        found[index] = tricks
    return found


def set_contract(
    result: BoardResult, record: LinBoard, contract: Contract | None, tricks: int | None
) -> None:
    """A line's contract, tricks, lead and score (with the board's vulnerability)."""
    result.contract, result.tricks = contract, tricks
    result.ns_score = result.ew_score = None  # (another contract's, where one was set before)
    if record.cards and contract is not None and not contract.passed_out:
        result.lead = record.cards[0]
    if contract is None or (tricks is None and not contract.passed_out):
        return
    vulnerable = record.vulnerability
    if vulnerable is None and record.number is not None:
        vulnerable = vulnerability(record.number)
    if vulnerable is None or contract.declarer is None and not contract.passed_out:
        return
    result.ns_score = _ns_score(contract, tricks or 0, vulnerable)
    result.ew_score = -result.ns_score


@functools.lru_cache(maxsize=4096)
def _ns_score(contract: Contract, tricks: int, vulnerable: Vulnerability) -> int:
    """N-S's score (a file's boards repeat few contracts, results and vulnerabilities)."""
    return contract.ns_score(tricks, vulnerable)


def deal_set(records: list[LinBoard]) -> DealSet | None:
    """The deals of the boards that have one: a deal once a board number (a vugraph file's
    two rooms play one), but every deal of a "my hands" file, whose boards of one number
    may come from different games."""
    rows, seen = [], set()
    for index, record in enumerate(records):
        number = record.number if record.number is not None else index + 1
        if record.seats is None:
            continue
        key = (number, record.seats.tobytes())
        if key not in seen:
            seen.add(key)
            rows.append((number, record))
    if not rows:
        return None
    dealers = np.array([NO_SEAT if r.dealer is None else r.dealer for _, r in rows], np.uint8)
    vulnerable = [
        UNKNOWN_VULNERABILITY if r.vulnerability is None else r.vulnerability.code for _, r in rows
    ]
    vulnerabilities = np.array(vulnerable, dtype=np.uint8)
    return DealSet(
        seats=np.stack([r.seats for _, r in rows]),  # type: ignore[misc]
        boards=np.array([number for number, _ in rows], dtype=np.int64),
        dealer=None if (dealers == NO_SEAT).all() else dealers,
        vulnerability=None if (vulnerabilities == UNKNOWN_VULNERABILITY).all() else vulnerabilities,
    )
