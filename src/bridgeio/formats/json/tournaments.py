"""Canonical JSON of chess tournament indexes (DESIGN.md), and reading it back.

Each tournament, in id order: ``id``, ``title``, ``place``, ``date``, ``pairing``,
``time_control``, ``team``, ``nation``, ``category``, ``rounds``, ``games``, ``first_game``,
``complete``, then the model's other flags (``legacy_complete``, ``board_points``,
``three_points_for_win``).

``date`` is always a partial ISO date (``"1886-01-11"``, ``"1886-01"``, ``"1886"`` or null).
Where the stored date says more than an ISO date can (ChessBase's "2004-0-19": a known year
and day with no month; a month or day without a year; a day the month does not have), the
tournament also carries ``"date_parts": [year, month, day]`` as stored, 0 for unknown, and
reading it back requires ``date`` to be what those parts give.

A document read from a file that keeps more than its tournaments (a .cbt file) also carries
what the file needs to be written back byte for byte: that format's
:class:`~bridgeio.model.provenance.IndexProvenance`, under ``provenance`` and each
tournament's ``kept``, restored by that format through the registry. Without it, the
tournaments are read in id order into a new index, numbered from 0 when written.

>>> from bridgeio.model.chess import PartialDate, Tournament, TournamentIndex
>>> index = TournamentIndex([Tournament("Hastings", "Hastings", PartialDate(2004, 0, 19))])
>>> doc = tournaments_document(index, "cbt")
>>> doc["tournaments"][0]["date"], doc["tournaments"][0]["date_parts"]
('2004', [2004, 0, 19])
>>> tournaments_from_document(doc) == index
True
"""

from __future__ import annotations

import re

from bridgeio.errors import FormatError
from bridgeio.formats.json.carried import carry, restore
from bridgeio.jsonfields import JSON, array, at, boolean, integer, mapping, text, value
from bridgeio.model.chess import (
    NATION_NAMES,
    PAIRINGS,
    TIME_CONTROLS,
    PartialDate,
    Tournament,
    TournamentIndex,
)
from bridgeio.model.provenance import IndexProvenance

MAX_ID = 2**31 - 1
U32 = 2**32 - 1
FLAGS = ("team", "complete", "legacy_complete", "board_points", "three_points_for_win")
_UNKNOWN_PAIRING = re.compile(r"unknown-([0-9]{1,2})")
_NATION_NUMBER = re.compile(r"#([0-9]{1,3})")


def tournaments_document(index: TournamentIndex, source: str | None = None) -> JSON:
    """The canonical JSON document of a tournament index, as Python data."""
    found = carry(index, index.format)
    carried = found if isinstance(found, IndexProvenance) else None
    document: JSON = {
        "format": source or index.format or "json",
        "tournaments": [
            tournament_record(
                slot, t, None if carried is None else carried.record_json(slot), carried
            )
            for slot, t in index.with_ids()
        ],
    }
    provenance = None if carried is None else carried.to_json()
    if carried is not None and provenance is not None:
        document["provenance"] = {carried.format: provenance}
    return document


def tournament_record(
    slot: int, t: Tournament, kept: JSON | None = None, carried: IndexProvenance | None = None
) -> JSON:
    """One tournament of the document (``kept``: what ``carried``, the provenance of the
    file it came from, keeps of its record besides)."""
    record: JSON = {
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
        "legacy_complete": t.legacy_complete,
        "board_points": t.board_points,
        "three_points_for_win": t.three_points_for_win,
    }
    if not t.date.exact:
        record["date_parts"] = [t.date.year, t.date.month, t.date.day]
    if kept is not None and carried is not None:
        record["kept"] = {carried.format: kept}
    return record


def tournaments_from_document(data: JSON, path: str = "<data>") -> TournamentIndex:
    """The tournament index of a canonical JSON document (a .cbt file's, exactly, when the
    document carries its provenance); :class:`FormatError` naming the JSON path of anything
    missing, of the wrong type, or out of range."""
    found: dict[int, Tournament] = {}
    for index, item in enumerate(array(data, "tournaments", path)):
        where = at("tournaments", index)
        item = mapping(item, where, path)
        slot = integer(item, "id", path, 0, MAX_ID, where)
        if slot in found:
            raise FormatError(path, at(where, "id"), f"a new id, found {slot} a second time")
        found[slot] = tournament(item, where, path)
    format = data.get("format")
    carried = data.get("provenance")
    if isinstance(carried, dict) and len(carried) == 1:
        restored = restore(next(iter(carried)), data, path)
        if isinstance(restored, IndexProvenance):
            return restored.rebuild(found, path)
    return TournamentIndex(
        [found[slot] for slot in sorted(found)], format if isinstance(format, str) else "json"
    )


def tournament(item: JSON, where: str, path: str) -> Tournament:
    """One tournament of a document."""
    flags = {name: boolean(item, name, path, where, default=False) for name in FLAGS[2:]}
    return Tournament(
        title=text(item, "title", path, where),
        place=text(item, "place", path, where),
        date=_date(item, where, path),
        pairing=_pairing(text(item, "pairing", path, where), at(where, "pairing"), path),
        time_control=_time_control(
            text(item, "time_control", path, where), at(where, "time_control"), path
        ),
        nation=_nation(text(item, "nation", path, where), at(where, "nation"), path),
        category=integer(item, "category", path, 0, 255, where),
        rounds=integer(item, "rounds", path, 0, 255, where),
        games=integer(item, "games", path, 0, U32, where),
        first_game=integer(item, "first_game", path, 0, U32, where),
        team=boolean(item, "team", path, where),
        complete=boolean(item, "complete", path, where),
        **flags,
    )


def _date(item: JSON, where: str, path: str) -> PartialDate:
    iso = value(item, "date", where, path)
    if iso is not None and not isinstance(iso, str):
        raise FormatError(path, at(where, "date"), "a partial ISO date or null")
    try:
        date = PartialDate.from_iso(iso)
    except ValueError as error:
        raise FormatError(path, at(where, "date"), f"a partial ISO date: {error}") from None
    if "date_parts" not in item:
        return date
    parts = item["date_parts"]
    place = at(where, "date_parts")
    if not (
        isinstance(parts, list)
        and len(parts) == 3
        and all(
            type(p) is int and 0 <= p <= high for p, high in zip(parts, (9999, 15, 31), strict=True)
        )
    ):
        raise FormatError(path, place, "[year 0-9999, month 0-15, day 0-31]")
    stored = PartialDate(*parts)
    if stored.iso() != iso:
        raise FormatError(
            path, place, f"parts whose date is the tournament's {iso!r}, found {stored.text()}"
        )
    return stored


def _pairing(found: str, where: str, path: str) -> str:
    unknown = _UNKNOWN_PAIRING.fullmatch(found)
    if found in PAIRINGS or unknown and len(PAIRINGS) <= int(unknown.group(1)) <= 31:
        return found
    raise FormatError(path, where, f"one of {', '.join(PAIRINGS)} (or unknown-9 to unknown-31)")


def _time_control(found: str, where: str, path: str) -> frozenset[str]:
    names = frozenset() if found == "classical" else frozenset(found.split("+"))
    if not names <= set(TIME_CONTROLS):
        raise FormatError(path, where, f"classical or {'+'.join(TIME_CONTROLS)} or a part of it")
    return names


def _nation(found: str, where: str, path: str) -> str:
    number = _NATION_NUMBER.fullmatch(found)
    if found == "" or found in NATION_NAMES or number and int(number.group(1)) <= 255:
        return found
    raise FormatError(path, where, 'an IOC code ChessBase knows, "" or "#0" to "#255"')
