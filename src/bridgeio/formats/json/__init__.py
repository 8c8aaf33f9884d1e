"""Canonical JSON (DESIGN.md): what ``bridgeio dump`` prints, readable back into the model.

>>> import bridgeio, io
>>> deals = bridgeio.model.DealSet(np.repeat(np.arange(4, dtype=np.uint8), 13)[None])
>>> out = io.BytesIO(); write_chunks([deals], out, source="zbd")
>>> out.getvalue().decode()[:60]
'{"format": "zbd", "records": [\\n{"deal": "N:AKQJT98765432... '
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from typing import Any, BinaryIO

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.json.results import results_document
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
from bridgeio.model.chess import PartialDate, Tournament, TournamentIndex
from bridgeio.model.deals import dd_dict
from bridgeio.model.results import Results
from bridgeio.registry import FileFormat, register_format

MAX_JSON_BYTES = 1 << 30


def deal_records(deals: DealSet) -> list[dict[str, Any]]:
    """Canonical records of a deal set: ``deal`` from North, ``dd`` by declarer and strain."""
    texts = deal_strings(deals.seats) if deals.seats is not None else [None] * len(deals)
    records = []
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
        records.append(record)
    return records


def diagram_records(diagrams: DiagramSet) -> list[dict[str, Any]]:
    return [{"suits": diagrams[i].holdings()} for i in range(len(diagrams))]


def tournament_records(index: TournamentIndex) -> list[dict[str, Any]]:
    """Tournaments in id order, as DESIGN.md gives them."""
    return [
        {
            "id": slot,
            "title": t.title,
            "place": t.place,
            "date": t.date.iso(),
            "pairing": t.pairing,
            "time_control": t.time_control_name,
            "team": t.team,
            "nation": t.nation,
            "category": t.category,
            "rounds": t.rounds,
            "games": t.games,
            "first_game": t.first_game,
            "complete": t.complete,
        }
        for slot, t in enumerate(index.tournaments)
        if t is not None
    ]


def document(doc: Any, source: str | None = None) -> dict[str, Any]:
    """The whole canonical JSON document of a model object, as Python data."""
    if isinstance(doc, Results):
        return results_document(doc, source)
    if isinstance(doc, TournamentIndex):
        return {
            "format": source or getattr(doc, "format", None) or "json",
            "tournaments": tournament_records(doc),
        }
    records = diagram_records(doc) if isinstance(doc, DiagramSet) else deal_records(doc)
    result: dict[str, Any] = {"format": source or doc.format or "json", "records": records}
    if doc.terminated:
        result["end_marker"] = True
        if doc.trailing:
            result["trailing_hex"] = doc.trailing.hex()
    return result


def write_chunks(chunks: Iterable[Any], handle: BinaryIO, source: str | None = None) -> None:
    """Stream one JSON document, a record a line, from chunks of deals or diagrams (or write
    a tournament index whole)."""
    chunks = iter(chunks)
    head = next(chunks, None)
    if isinstance(head, TournamentIndex | Results):
        handle.write(json.dumps(document(head, source)).encode() + b"\n")
        return
    chunks = itertools.chain([] if head is None else [head], chunks)
    first = True
    last = None
    for chunk in chunks:
        if first:
            name = source or chunk.format or "json"
            handle.write(f'{{"format": {json.dumps(name)}, "records": ['.encode())
        records = diagram_records(chunk) if isinstance(chunk, DiagramSet) else deal_records(chunk)
        for record in records:
            handle.write(("\n" if first else ",\n").encode() + json.dumps(record).encode())
            first = False
        last = chunk
    if last is None:
        handle.write(f'{{"format": {json.dumps(source or "json")}, "records": ['.encode())
    tail = "\n]"
    if last is not None and last.terminated:
        tail += ', "end_marker": true'
        if last.trailing:
            tail += f', "trailing_hex": "{last.trailing.hex()}"'
    handle.write((tail + "}\n").encode())


def from_document(data: Any, path: str = "<data>") -> Any:
    """The model object of a canonical JSON document."""
    if isinstance(data, dict) and isinstance(data.get("tournaments"), list):
        return _tournaments(data["tournaments"], path)
    if not isinstance(data, dict) or not isinstance(data.get("records"), list):
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


def _tournaments(items: list, path: str) -> TournamentIndex:
    """Tournaments in the order given (ids are renumbered from 0 when written)."""
    found = []
    for i, item in enumerate(items):
        try:
            controls = item.get("time_control", "classical")
            found.append(
                Tournament(
                    title=str(item.get("title", "")),
                    place=str(item.get("place", "")),
                    date=PartialDate.from_iso(item.get("date")),
                    pairing=str(item.get("pairing", "none")),
                    time_control=frozenset()
                    if controls == "classical"
                    else frozenset(controls.split("+")),
                    team=bool(item.get("team", False)),
                    nation=str(item.get("nation", "")),
                    category=int(item.get("category", 0)),
                    rounds=int(item.get("rounds", 0)),
                    games=int(item.get("games", 0)),
                    first_game=int(item.get("first_game", 0)),
                    complete=bool(item.get("complete", False)),
                )
            )
        except (AttributeError, TypeError, ValueError) as error:
            raise FormatError(path, f"tournaments[{i}]", f"a tournament: {error}") from None
    return TournamentIndex(found)


def _diagrams(records: list, path: str) -> DiagramSet:
    diagrams = []
    for i, record in enumerate(records):
        try:
            diagrams.append(Diagram.from_holdings(record["suits"]))
        except (ValueError, TypeError, AttributeError) as error:
            raise FormatError(path, f"records[{i}].suits", f"suit holdings: {error}") from None
    return DiagramSet.from_diagrams(diagrams)


def _deals(records: list, path: str) -> DealSet:
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
    return result


def _column(records: list, key: str, path: str, convert) -> np.ndarray | None:
    if not records or any(key not in r for r in records):
        return None
    try:
        return np.array([convert(r[key]) for r in records], dtype=np.int64)
    except (ValueError, TypeError):
        raise FormatError(path, f"records[].{key}", f"a valid {key} in every record") from None


def _tricks(dd: Any, place: str, path: str) -> np.ndarray:
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


def read(path: str) -> DealSet | DiagramSet:
    if input_size(path) > MAX_JSON_BYTES:
        raise FormatError(path, "file", f"a JSON file of at most {MAX_JSON_BYTES} bytes")
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise FormatError(path, "text", "UTF-8 JSON") from None
    except json.JSONDecodeError as error:
        raise FormatError(
            path, f"line {error.lineno} column {error.colno}", f"JSON ({error.msg})"
        ) from None
    except RecursionError:
        raise FormatError(path, "nesting", "JSON nested less deeply") from None
    return from_document(data, path)


def sniff(head: bytes, size: int) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"{") and (b'"records"' in head or b'"format"' in head[:200])


register_format(
    FileFormat(
        name="json",
        extensions=(".json",),
        description="bridgeio canonical JSON",
        sniff=sniff,
        read=read,
        write_chunks=write_chunks,
    )
)
