"""A Bridgemate database as a results document: one pairs event, matchpoints, a section for
each row of ``Section``, its movement from ``RoundData``, its standing results from
``ReceivedData`` with the scores their contracts, tricks and vulnerability make.

An erased entry, or one that a later entry (a larger ``ID``) for the same section, table,
round and board replaced, is not a result; a warning says how many were dropped.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from typing import Any

from bridgeio.errors import FormatError, report
from bridgeio.files import input_size
from bridgeio.formats.bws.jet import Row, Tables, whole
from bridgeio.formats.bws.people import deals, entries
from bridgeio.model.board import vulnerability
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.results import (
    Assigned,
    Board,
    BoardResult,
    Event,
    Results,
    Section,
    Special,
)

_NEEDED = ("Section", "RoundData", "ReceivedData")
_ADJUSTED = re.compile(r"(\d{1,3})%-(\d{1,3})%")  # an arbitral score as percentages


def read(path: str) -> Results:
    """The game in the Bridgemate database at ``path``.

    >>> read("/nonexistent.bws")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /nonexistent.bws: file: expected an existing file
    """
    input_size(path)
    tables = Tables(path)
    missing = [name for name in _NEEDED if name not in tables.names]
    if missing:
        raise FormatError(path, "tables", f"a Bridgemate database (no {', '.join(missing)})")
    results = standing(path, tables.rows("ReceivedData"))
    movement = tables.rows("RoundData")
    event = _event(tables.rows("Session"), results)
    for row in sorted(tables.rows("Section"), key=lambda r: whole(r.get("ID"))):
        number = whole(row.get("ID"))
        rounds = [r for r in movement if whole(r.get("Section")) == number]
        played = [r for r in results if whole(r.get("Section")) == number]
        event.sections.append(_section(path, row, rounds, played, tables))
    event.deals = deals(path, tables.rows("HandRecord"))
    return Results(events=[event], format="bws")


def _event(sessions: list[Row], results: list[Row]) -> Event:
    """The event, named and dated as the database's session is (a database with no
    ``Session`` table: dated the day its first result was entered, ``DateLog``)."""
    event = Event()
    if sessions:
        event.name = str(sessions[0].get("Name") or "").strip()
        event.date = _date(sessions[0].get("Date"))
    if event.date is None:
        days = [day for row in results if (day := _date(row.get("DateLog"))) is not None]
        event.date = min(days, default=None)
    return event


def _date(value: Any) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def standing(path: str, rows: list[Row]) -> list[Row]:
    """The entries that stand (in the order they were entered): neither erased nor replaced
    by a later one."""
    last: dict[tuple[int, ...], Row] = {}
    erased = 0
    for row in sorted(rows, key=lambda r: whole(r.get("ID"))):
        key = tuple(whole(row.get(k)) for k in ("Section", "Table", "Round", "Board"))
        if row.get("Erased"):
            erased += 1
            last.pop(key, None)  # an erased entry takes back what stood before it
            continue
        last[key] = row
    dropped = len(rows) - len(last)
    if dropped:
        report(
            path,
            "ReceivedData",
            f"{dropped} of {len(rows)} entries are not results ({erased} erased, "
            f"{dropped - erased} replaced by a later entry)",
            "warning",
        )
    return sorted(last.values(), key=lambda r: whole(r.get("ID")))


def _section(path: str, row: Row, rounds: list[Row], played: list[Row], tables: Tables) -> Section:
    """One section: its movement, its pairs and the results its tables entered."""
    section = Section(str(row.get("Letter") or "").strip() or str(whole(row.get("ID"))))
    section.tables = whole(row.get("Tables")) or None
    section.schedule = _schedule(rounds)
    section.rounds = len(section.schedule) or None
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    for entry in sorted(played, key=lambda r: tuple(whole(r.get(k)) for k in ("Round", "Table"))):
        result = _result(path, entry)
        if result is not None:
            boards[whole(entry.get("Board"))].append(result)
    section.results = [Board(number, boards[number]) for number in sorted(boards)]
    section.boards = len(section.results) or None
    section.entries, section.movement = entries(path, rounds, section, tables)
    return section


def _schedule(rounds: list[Row]) -> list[list[tuple[int, ...] | None]]:
    """Rounds by tables: (NS pair, EW pair, first board), None where a table is not used."""
    if not rounds:
        return []
    count = max(whole(r.get("Round")) for r in rounds)
    width = max(whole(r.get("Table")) for r in rounds)
    schedule: list[list[tuple[int, ...] | None]] = [[None] * width for _ in range(count)]
    for r in rounds:
        table, number = whole(r.get("Table")), whole(r.get("Round"))
        if table > 0 and number > 0:
            pairs = (whole(r.get("NSPair")), whole(r.get("EWPair")), whole(r.get("LowBoard")))
            schedule[number - 1][table - 1] = pairs
    return schedule


def _result(path: str, row: Row) -> BoardResult | None:
    """One table's result, scored; None (with a problem) when its contract cannot be read."""
    place = f"ReceivedData ID {whole(row.get('ID'))}"
    line = BoardResult(
        whole(row.get("Round")), whole(row.get("Table")), whole(row.get("PairNS")),
        whole(row.get("PairEW")),
    )  # fmt: skip
    remark = str(row.get("Remarks") or "").strip()
    if remark == "Not played":
        line.ns_score = line.ew_score = Special.NOT_PLAYED
        return line
    adjusted = _ADJUSTED.fullmatch(remark.replace(" ", ""))
    if adjusted and not str(row.get("Contract") or "").strip():  # "60%-40%": N-S's, E-W's
        line.ns_score = Assigned.for_percent(float(adjusted[1]))
        line.ew_score = Assigned.for_percent(float(adjusted[2]))
        return line
    if remark and remark != "Wrong direction" and not str(row.get("Contract") or "").strip():
        # an adjusted score not yet decided ("Arbitral score"): no value to score
        report(path, place, f"{remark}: a score the database does not hold: left out", "warning")
        return None
    try:
        contract = _contract(row)
        tricks = None if contract.passed_out else 6 + contract.level + _made(row.get("Result"))
    except ValueError as error:
        report(path, place, f"no result read: {error}")
        return None
    if tricks is not None and not 0 <= tricks <= 13:
        report(path, place, f"{contract.text} {row.get('Result')} takes {tricks} tricks")
        return None
    line.contract, line.tricks, line.lead = contract, tricks, _lead(row.get("LeadCard"))
    board = whole(row.get("Board"))
    score = contract.ns_score(tricks or 0, vulnerability(board)) if board > 0 else None
    line.ns_score, line.ew_score = score, None if score is None else -score
    return line


def _contract(row: Row) -> Contract:
    text = str(row.get("Contract") or "").strip()
    if not text:
        raise ValueError("no contract")
    contract = Contract.parse(text)
    if contract.passed_out:
        return contract
    seat = str(row.get("NS/EW") or "").strip().upper()
    if seat not in ("N", "E", "S", "W"):
        raise ValueError(f"declarer {seat!r} is not a seat")
    return contract.with_declarer(Seat.from_char(seat))


def _made(text: Any) -> int:
    """Tricks over (``+1``) or under (``-2``) the contract; ``=`` is 0."""
    value = str(text or "").strip()
    if value == "=":
        return 0
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"result {value!r} is not =, +n or -n") from None


def _lead(text: Any) -> Card | None:
    """The lead as Bridgemate writes it (``"SA"``, ``"H10"``); None when absent or unread.

    >>> str(_lead("H10")), str(_lead("s a")), _lead(""), _lead("SKIP")
    ('HT', 'SA', None, None)
    """
    value = str(text or "").replace(" ", "").upper().replace("10", "T")
    try:
        return Card.from_text(value) if value else None
    except ValueError:
        return None
