"""A LIN board's results line: its auction and play, and the contract, tricks, lead and score
they give (or those a vugraph file's ``rs`` gives); and the deals of a file's boards."""

from __future__ import annotations

from dataclasses import dataclass

from bridgeio.formats.lin.boards import LinBoard
from bridgeio.model.board import vulnerability
from bridgeio.model.contract import Contract
from bridgeio.model.deals import Deal, DealSet
from bridgeio.model.results import BoardResult


@dataclass
class Line:
    """A results line as read, with the board it came from (for the checks)."""

    board: LinBoard
    result: BoardResult


def line_result(record: LinBoard, round: int, table: int, ns: int, ew: int) -> BoardResult:
    """A board's results line: its auction and play, and the contract, tricks and score they
    give (the contract the auction's where it has ended)."""
    auction, play = record.auction, record.play
    contract = auction.contract() if auction is not None else None
    tricks = None
    if contract is not None and not contract.passed_out and play is not None:
        tricks = play.declarer_tricks(contract)
    result = BoardResult(round, table, ns, ew, auction=auction, play=play, room=record.room)
    set_contract(result, record, contract, tricks)
    return result


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
    result.ns_score = contract.ns_score(tricks or 0, vulnerable)
    result.ew_score = -result.ns_score


def deal_set(records: list[LinBoard]) -> DealSet | None:
    """The deals of the boards that have one: a deal once a board number (a vugraph file's
    two rooms play one), but every deal of a "my hands" file, whose boards of one number
    may come from different games."""
    deals, seen = [], set()
    for index, record in enumerate(records):
        number = record.number if record.number is not None else index + 1
        if record.seats is None or (number, record.seats.tobytes()) in seen:
            continue
        seen.add((number, record.seats.tobytes()))
        deals.append(
            Deal(
                record.seats, board=number, dealer=record.dealer, vulnerability=record.vulnerability
            )
        )
    return DealSet.from_deals(deals) if deals else None
