"""Canonical JSON of deal files (DESIGN.md): one record a deal (``deal`` from North, ``dd`` by
declarer and strain) or a suit diagram (``suits``), and reading such records back.

>>> import numpy as np
>>> from bridgeio.model import DealSet
>>> records = deal_records(DealSet(np.repeat(np.arange(4, dtype=np.uint8), 13)[None]))
>>> records[0]["deal"][:20], deals_from_document({"records": records}).seats.shape
('N:AKQJT98765432... .', (1, 52))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.formats.json.carried import carriers, restore
from bridgeio.model import (
    UNKNOWN_TRICKS,
    DealSet,
    Diagram,
    DiagramSet,
    Seat,
    Strain,
    deal_strings,
    parse_pbn_deal,
)
from bridgeio.model.board import BY_CODE, Vulnerability
from bridgeio.model.deals import NO_SEAT, UNKNOWN_VULNERABILITY, dd_dict
from bridgeio.model.provenance import DealProvenance


def deal_records(deals: DealSet, start: int = 0) -> list[dict[str, Any]]:
    """Canonical records of a deal set whose first deal is record ``start + 1``: ``deal`` from
    North, ``dd`` by declarer and strain, ``board``; ``dealer`` and ``vulnerable`` where the
    set states them otherwise than the board number (or the position) gives them; a set read
    from a format that keeps more of each deal adds what it carries under the format's name
    (PBN: ``"pbn"``, each record's game: tags, sections)."""
    texts = deal_strings(deals.seats) if deals.seats is not None else [None] * len(deals)
    kept = deals.provenance
    records = []
    stated = _stated_otherwise(deals, start)
    for i, text in enumerate(texts):
        target = None if deals.target is None else Seat(int(deals.target[i]))
        record: dict[str, Any] = {
            "deal": text,
            "dd": None if deals.tricks is None else dd_dict(deals.tricks[i], target),
        }
        if deals.boards is not None:
            record["board"] = int(deals.boards[i])
        if target is not None:
            record["target"] = target.char
        if i in stated:
            record.update(stated[i])
        if kept is not None and (carried := kept.record_json(i)) is not None:
            record[kept.format] = carried
        records.append(record)
    return records


def _stated_otherwise(deals: DealSet, start: int) -> dict[int, dict[str, str]]:
    """``dealer`` and ``vulnerable`` of each deal whose set states them otherwise than its
    board number gives them, by record."""
    if deals.dealer is None and deals.vulnerability is None:
        return {}
    boards = deals.boards
    if boards is None:
        boards = np.arange(start + 1, start + len(deals) + 1, dtype=np.int64)
    dealer, vulnerable = deals.unlike_boards(boards)
    found: dict[int, dict[str, str]] = {}
    dealers, codes = deals.dealers(boards), deals.vulnerabilities(boards)
    for i in np.flatnonzero(dealer).tolist():
        found.setdefault(i, {})["dealer"] = Seat(int(dealers[i])).char
    for i in np.flatnonzero(vulnerable).tolist():
        found.setdefault(i, {})["vulnerable"] = BY_CODE[int(codes[i])].text
    return found


def diagram_records(diagrams: DiagramSet) -> list[dict[str, Any]]:
    """Canonical records of suit diagrams (ZBS): the holdings of the suits each one has."""
    return [{"suits": holdings} for holdings in diagrams.holdings()]


def deals_from_document(data: dict[str, Any], path: str = "<data>") -> DealSet | DiagramSet:
    """The deal set (or suit diagrams) of a canonical JSON deal document."""
    if not isinstance(data["records"], list):
        raise FormatError(path, "top level", 'an object with a "records" list')
    records = data["records"]
    if records and all(isinstance(r, dict) and "suits" in r for r in records):
        result: DealSet | DiagramSet = _diagrams(records, path)
    else:
        result = _deals(records, path)
    result.terminated = bool(data.get("end_marker", False))
    try:
        result.trailing = bytes.fromhex(data.get("trailing_hex", ""))
    except (ValueError, TypeError):
        raise FormatError(path, "trailing_hex", "hexadecimal digits") from None
    result.format = data.get("format") if isinstance(data.get("format"), str) else "json"
    return result


def _diagrams(records: list[Any], path: str) -> DiagramSet:
    diagrams = []
    for i, record in enumerate(records):
        try:
            diagrams.append(Diagram.from_holdings(record["suits"]))
        except (ValueError, TypeError, AttributeError) as error:
            raise FormatError(path, f"records[{i}].suits", f"suit holdings: {error}") from None
    return DiagramSet.from_diagrams(diagrams)


def _deals(records: list[Any], path: str) -> DealSet:
    n = len(records)
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise FormatError(path, f"records[{i}]", "an object")
    with_cards = n == 0 or any(r.get("deal") is not None for r in records)
    seats = np.zeros((n, 52), dtype=np.uint8) if with_cards else None
    has_dd = any(r.get("dd") is not None for r in records)
    tricks = np.full((n, 5, 4), UNKNOWN_TRICKS, dtype=np.uint8) if has_dd else None
    for i, record in enumerate(records):
        if seats is not None:
            try:
                seats[i] = parse_pbn_deal(str(record.get("deal")))
            except ValueError as error:
                raise FormatError(path, f"records[{i}].deal", f"a PBN deal: {error}") from None
        if tricks is not None and record.get("dd") is not None:
            tricks[i] = _tricks(record["dd"], f"records[{i}].dd", path)
    result = DealSet(seats, tricks)
    result.boards = _column(records, "board", path, int)
    target = _column(records, "target", path, lambda t: Seat.from_char(str(t)))
    result.target = None if target is None else target.astype(np.uint8)
    result.dealer = _stated_column(records, "dealer", path, NO_SEAT, _dealer)
    result.vulnerability = _stated_column(
        records,
        "vulnerable",
        path,
        UNKNOWN_VULNERABILITY,
        lambda v: Vulnerability.from_text(v).code,
    )
    result.provenance = _carried(records, path)
    return result


def _carried(records: list[Any], path: str) -> DealProvenance | None:
    """The provenance of records that all carry one format's (under its name), else None."""
    for name in carriers() if records else ():
        if all(isinstance(r.get(name), dict) for r in records):
            found = restore(name, [r[name] for r in records], path)
            if isinstance(found, DealProvenance):
                return found
    return None


def _column(
    records: list[Any], key: str, path: str, convert: Callable[[Any], int]
) -> np.ndarray[Any, np.dtype[np.int64]] | None:
    if not records or any(key not in r for r in records):
        return None
    try:
        return np.array([convert(r[key]) for r in records], dtype=np.int64)
    except (ValueError, TypeError, OverflowError):  # (a board number past 2^63)
        raise FormatError(path, f"records[].{key}", f"a valid {key} in every record") from None


def _dealer(text: str) -> int:
    if len(text) != 1:
        raise ValueError(text)
    return int(Seat.from_char(text))


def _stated_column(
    records: list[Any], key: str, path: str, unknown: int, convert: Callable[[str], int]
) -> np.ndarray[Any, np.dtype[np.uint8]] | None:
    """A ``dealer`` or ``vulnerable`` column: the records' values, ``unknown`` where a record
    has none (its board number gives it), None where none has one."""
    if not any(key in r for r in records):
        return None
    column = np.full(len(records), unknown, dtype=np.uint8)
    for i, record in enumerate(records):
        value = record.get(key)
        if value is None:
            continue
        try:
            if not isinstance(value, str):
                raise ValueError(value)
            column[i] = convert(value)
        except ValueError:
            expected = "N, E, S or W" if key == "dealer" else "None, NS, EW or All"
            raise FormatError(path, f"records[{i}].{key}", expected) from None
    return column


def _tricks(dd: Any, place: str, path: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    tricks = np.full((5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    if not isinstance(dd, dict):
        raise FormatError(path, place, "an object of declarers")
    for seat_text, row in dd.items():
        if not isinstance(row, dict):
            raise FormatError(path, f"{place}.{seat_text}", "an object of strains")
        try:
            seat = Seat.from_char(seat_text)
            for strain_text, value in row.items():
                strain = Strain.from_text(strain_text)
                if value is not None and (type(value) is not int or not 0 <= value <= 13):
                    raise ValueError(f"{value!r} tricks")
                tricks[strain, seat] = UNKNOWN_TRICKS if value is None else value
        except ValueError as error:
            raise FormatError(
                path, f"{place}.{seat_text}", f"0-13 tricks or null: {error}"
            ) from None
    return tricks
