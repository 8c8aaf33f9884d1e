"""Checking a LIN file: where a board's auction, play and result disagree, each a problem at
its board. The auction breaks the rules (an insufficient bid, a double of partner, calls after
the end) or names another contract than the result's; the play holds a card its player does
not hold, a revoke, a claim that cannot be; the tricks the play gives are not the result's.
What the reader reports (tags not read, a damaged deal) comes with them (``validate``).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "x.lin")
>>> _ = open(path, "w").write("vg|M,1,I,1,1,A,0,B,0|rs|2SN=,|qx|o1|md|3S2345678TJQKA,"
...     "H2345678TJQKA,D2345678TJQKA,|sv|o|mb|1S|mb|p|mb|p|mb|p|")
>>> [p.message for p in check(path)]
['the auction names 1S by N, the result 2S by N']
"""

from __future__ import annotations

import os

from bridgeio.errors import Problem, Severity
from bridgeio.formats.lin.lines import Line
from bridgeio.formats.lin.reader import read_lines
from bridgeio.model.contract import Contract


def check(path: str | os.PathLike[str]) -> list[Problem]:
    """Every disagreement of a board's auction, play and result in the file."""
    path = os.fspath(path)
    _, lines = read_lines(path)
    problems: list[Problem] = []
    for line in lines:
        room = f" ({line.result.room} room)" if line.result.room else ""
        place = f"board {line.board.number}{room}, {line.board.place}"
        problems += [Problem(place, text, level, file=path) for text, level in disagreements(line)]
        auction = line.result.auction
        if auction is not None and auction.calls and not auction.complete:
            message = f"the auction stops after {len(auction.calls)} calls, before its end"
            problems.append(Problem(place, message, "warning", file=path))
    return problems


def _text(contract: Contract) -> str:
    declarer = contract.declarer
    return contract.text + ("" if declarer is None else f" by {declarer.char}")


def disagreements(line: Line) -> list[tuple[str, Severity]]:
    """What is wrong with a line's auction, play and result, each said once, with how bad
    it is: an error, but a warning where a claim is not the result (a claim may be disputed
    and the result ruled)."""
    result, auction, play = line.result, line.result.auction, line.result.play
    found: list[tuple[str, Severity]] = []
    if auction is not None:
        found += [
            (f"call {index + 1} ({auction.seat(index).char}): {message}", "error")
            for index, message in auction.problems()
        ]
        named = auction.contract()
        if named is not None and result.contract is not None and named != result.contract:
            text = f"the auction names {_text(named)}, the result {_text(result.contract)}"
            found.append((text, "error"))
    contract = result.contract
    if play is None or contract is None or contract.passed_out or contract.declarer is None:
        return found
    if line.board.seats is not None:
        found += [
            (f"card {index + 1} (trick {index // 4 + 1}): {message}", "error")
            for index, message in play.problems(line.board.seats.tolist(), contract)
        ]
    if len(play.cards) < 52 and play.claim is None:
        found.append((f"the play stops after {len(play.cards)} cards, with no claim", "warning"))
    played = play.declarer_tricks(contract)
    if played is not None and result.tricks is not None and played != result.tricks:
        how = "the claim gives" if play.claim is not None else "the play gives"
        text = f"{how} declarer {played} tricks, the result {result.tricks}"
        found.append((text, "warning" if play.claim is not None else "error"))
    return found
