"""Results written as LIN: a hand-viewer file (a line a table result: ``pn``, ``st``, ``md``,
``ah``, ``sv``, ``mb`` with ``an`` explanations, ``pc``, ``mc``), or for a section of one team
match of two rooms a vugraph file (``vg``, ``rs``, ``pn``, then ``qx|o…``/``qx|c…`` boards).
What LIN cannot hold (standings, points, lines without a deal) is said as data lost.

>>> from bridgeio.model.auction import Auction
>>> from bridgeio.model.cards import Seat
>>> a = Auction.parse(Seat.NORTH, "1S! P 2S P P P".split(), {0: "5+"})
>>> calls_text(a)
'mb|1S!|an|5+|mb|p|mb|2S|mb|p|mb|p|mb|p|'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

from bridgeio.errors import ConversionError, lost
from bridgeio.formats.lin.vugraph import CARRIED
from bridgeio.model.auction import Auction
from bridgeio.model.board import BY_CODE, Vulnerability, vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.deals import NO_SEAT, DealSet
from bridgeio.model.document import Document
from bridgeio.model.results import (
    Board,
    BoardResult,
    Event,
    Match,
    Results,
    Scoring,
    Section,
)

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}


def write(doc: Document, handle: BinaryIO, *, source: str | None = None) -> None:
    """Write results as LIN (see the module)."""
    if not isinstance(doc, Results) or not doc.events:
        raise ConversionError("lin", "results", source)
    out: list[str] = []
    for event in doc.events:
        deals = _deals(event.deals)
        for section in event.sections:
            if _as_vugraph(section):
                out.append(_vugraph(event, section, section.matches[0], deals))
            else:
                out += [_hand(section, b.number, line, deals) for b, line in _lines(section)]
    if not out:
        raise ConversionError("lin", "table results", source)
    _report(doc, source)
    handle.write("".join(out).encode("utf-8"))


def _as_vugraph(section: Section) -> bool:
    """Is the section written as a vugraph file: one team match holding all its lines?"""
    return len(section.matches) == 1 and not _unmatched(section)


def _unmatched(section: Section) -> bool:
    """Lines of the section outside its match."""
    matched = {id(line) for b in section.matches[0].boards for line in b.results}
    return any(id(line) not in matched for b in section.results for line in b.results)


def _lines(section: Section) -> list[tuple[Board, BoardResult]]:
    return [(board, line) for board in section.results for line in board.results]


Deals = dict[int, tuple[DealSet, int]]


def _deals(deals: DealSet | None) -> Deals:
    if deals is None:
        return {}
    return {int(b): (deals, i) for i, b in enumerate(deals.board_numbers().tolist())}


def _board_text(number: int, deals: Deals, line: BoardResult) -> str:
    """``md`` (dealer digit, hands S, W, N, E) and ``sv`` of a board; where the file has no
    deal, the auction's dealer (else the rule's) and the rule's vulnerability."""
    first, vul = Seat((number - 1) % 4), vulnerability(number)
    if line.auction is not None:
        first = line.auction.dealer
    hands = ""
    if number in deals:
        deal_set, i = deals[number]
        first = Seat(int(deal_set.dealers()[i]))
        vul = BY_CODE[int(deal_set.vulnerabilities()[i])]
        if deal_set.seats is not None and (deal_set.seats[i] != NO_SEAT).any():
            deal = deal_set[i]
            hands = ",".join(_hand_text(deal.hand(seat)) for seat in LIN_SEATS)
    digit = LIN_SEATS.index(first) + 1
    return f"md|{digit}{hands}|sv|{_VUL[vul]}|"


def _hand_text(hand: str) -> str:
    """A PBN hand (``AK.QJ.T9.87``) as LIN's (``SAKHQJDT9C87``)."""
    if hand == "-":
        return ""
    return "".join(suit + cards for suit, cards in zip("SHDC", hand.split("."), strict=False))


def calls_text(auction: Auction) -> str:
    """The ``mb`` tags of an auction, an alerted call ending ``!``, an explanation ``an``."""
    parts = []
    for index, call in enumerate(auction.calls):
        text = "p" if call.text == "P" else call.text.replace("NT", "N")
        text = "d" if text == "X" else "r" if text == "XX" else text
        parts.append(f"mb|{text}{'!' if index in auction.alerted else ''}|")
        if index in auction.explanations:
            parts.append(f"an|{_clean(auction.explanations[index])}|")
    return "".join(parts)


def _clean(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")


def _play_text(line: BoardResult) -> str:
    play = line.play
    if play is None:
        return ""
    text = "".join(f"pc|{card}|" for card in play.cards)
    return text + (f"mc|{play.claim}|" if play.claim is not None else "")


def _names(names: dict[Seat, str]) -> str:
    return "pn|" + ",".join(_clean(names.get(seat, "")).replace(",", " ") for seat in LIN_SEATS)


def _hand(section: Section, number: int, line: BoardResult, deals: Deals) -> str:
    names = _pair_names(section, line)
    body = f"{_names(names)}|st||{_board_text(number, deals, line)}"
    body = body.replace("|sv|", f"|rh||ah|Board {number}|sv|", 1)
    auction = calls_text(line.auction) if line.auction is not None else ""
    return f"{body}{auction}{_play_text(line)}pg||\n"


def _pair_names(section: Section, line: BoardResult) -> dict[Seat, str]:
    names: dict[Seat, str] = {}
    for entry in section.entries:
        if entry.direction is None:
            continue
        ns = entry.direction.value == "NS"
        if entry.number != (line.ns if ns else line.ew):
            continue
        seats = (Seat.NORTH, Seat.SOUTH) if ns else (Seat.EAST, Seat.WEST)
        for seat, player in zip(seats, entry.players, strict=False):
            names[seat] = " ".join(p for p in (player.first_name, player.last_name) if p)
    return names


def _vugraph(event: Event, section: Section, match: Match, deals: Deals) -> str:
    teams = {e.number: e.name or str(e.number) for e in section.entries}
    boards = sorted(match.boards, key=lambda b: b.number)
    first = boards[0].number if boards else 1
    last = boards[-1].number if boards else 1
    home, away = _clean(teams.get(match.home, "")), _clean(teams.get(match.away, ""))
    scoring = _SCORING.get(event.scoring, "I")
    head = f"vg|{_clean(event.name)},{_clean(event.session_name or '')},{scoring},"
    carried = next((s for s in match.segments if s.number == CARRIED), None)
    home_carry, away_carry = (
        (_number(carried.home_imps), _number(carried.away_imps)) if carried else ("0", "0")
    )
    head += f"{first},{last},{home},{home_carry},{away},{away_carry}|\n"
    rooms: list[str] = []
    body = []
    for number in range(first, last + 1):
        board = next((b for b in boards if b.number == number), Board(number))
        for room in ("open", "closed"):
            line = next((r for r in board.results if r.room == room), None)
            rooms.append("" if line is None else _result_text(line))
            if line is None:
                continue
            auction = calls_text(line.auction) if line.auction is not None else ""
            label = f"qx|{room[0]}{number}|"
            text = f"{_board_text(number, deals, line)}{auction}{_play_text(line)}"
            body.append(f"{label}{text}pg||\n")
    names = _lineup(match)
    return head + f"rs|{','.join(rooms)}|\n" + names + "pg||\n" + "".join(body)


_SCORING = {Scoring.BOARD_A_MATCH: "B", Scoring.MATCHPOINTS: "P"}
"""``vg``'s scoring letter of an event scored otherwise than in IMPs (``I``)."""


def _number(value: float | None) -> str:
    """A carry-over as ``vg`` gives it: ``12``, ``0.5``."""
    return "0" if value is None else f"{value:g}"


def _lineup(match: Match) -> str:
    found = {(s.room, s.seat): s.player.last_name for s in match.lineup}
    names = [found.get((room, seat), "") for room in ("open", "closed") for seat in LIN_SEATS]
    return "pn|" + ",".join(_clean(n).replace(",", " ") for n in names) + "|"


def _result_text(line: BoardResult) -> str:
    """An ``rs`` result: ``4SN+1``, ``3NXE-2``, ``PASS``; empty where not known."""
    contract = line.contract
    if contract is None:
        return ""
    if contract.passed_out:
        return "PASS"
    if contract.declarer is None or contract.strain is None or line.tricks is None:
        return ""
    made = line.tricks - contract.level - 6
    result = "=" if made == 0 else f"{made:+d}"
    doubling = contract.text[len(f"{contract.level}{contract.strain.text}") :]
    strain = "N" if contract.strain.text == "NT" else contract.strain.text
    return f"{contract.level}{strain}{doubling}{contract.declarer.char}{result}"


def _report(doc: Results, source: str | None) -> None:
    """Say what LIN leaves out."""
    standings = sum(1 for e in doc.events for s in e.sections for n in s.entries if n.score)
    if standings:
        lost("lin", f"the standings of {standings} entries", source)
    points = sum(1 for line in _hand_lines(doc.events) if line.ns_points is not None)
    if points:
        lost("lin", f"the matchpoints or IMPs of {points} table results", source)


def _hand_lines(events: Iterable[Event]) -> Iterable[BoardResult]:
    """The lines written as hand-viewer boards (a vugraph match's IMPs follow from its rooms'
    scores, and are not lost)."""
    for event in events:
        for section in event.sections:
            if not _as_vugraph(section):
                yield from (line for _, line in _lines(section))
