"""What the canonical JSON carries of a .cbt file beyond its tournaments, so that
``read(json) -> write(cbt)`` gives the same bytes as writing the file that was read.

The document carries, under ``"provenance": {"cbt": ...}``: the code page, the header's
root, first deleted slot, live count and extra bytes, every slot's tree links and balance
(``left``, ``right``, ``balance``; a deleted slot's left link is -999 and its right link the
next deleted slot) and the bytes of deleted slots' records where they are not all zero.
A tournament carries, under ``"kept": {"cbt": {"record": hex}}``, its 90 record bytes only
where encoding its fields over zeros does not give them back (bytes after a title's end,
undocumented bits).

Reading such a document back fills every live slot from its tournament (encoded over the
kept record, so an edited field reaches the file); a tree that no longer sorts the
tournaments (a title edited in the JSON) is rebuilt, balanced, over the same slots, unless
``tree_sorted`` says the file's own tree was out of order: that one is written back as it
was, defects and all, as ``write(read(cbt))`` does.
"""

from __future__ import annotations

import codecs
from typing import Any

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.formats.chessbase import layout as L
from bridgeio.formats.chessbase import tournament_record as records
from bridgeio.formats.chessbase.entity import _SLOT_DTYPE, MAX_SLOTS, TournamentFile
from bridgeio.formats.chessbase.tree import SortTree, TreeError
from bridgeio.jsonfields import JSON, array, at, boolean, integer, mapping, text
from bridgeio.model.chess import Tournament
from bridgeio.model.provenance import IndexProvenance

WHERE = "provenance.cbt"
INT32 = (-(2**31), 2**31 - 1)


class CbtProvenance(IndexProvenance):
    """What a .cbt file keeps beyond its tournaments, as the canonical JSON carries it: the
    document's ``provenance.cbt`` and each slot's kept record bytes where one is needed.

    >>> kept = carried(TournamentFile.new([Tournament("A")]))
    >>> kept.to_json()["live"], kept.record_json(0)
    (1, None)
    """

    format = "cbt"

    def __init__(self, document: JSON, records: dict[int, bytes]) -> None:
        self.document, self.records = document, records

    def to_json(self) -> JSON:
        """The document's ``provenance.cbt``."""
        return self.document

    def record_json(self, slot: int) -> JSON | None:
        """``{"record": hex}`` for a slot whose fields do not give its bytes back."""
        kept = self.records.get(slot)
        return None if kept is None else {"record": kept.hex()}

    def rebuild(self, tournaments: dict[int, Tournament], path: str) -> TournamentFile:
        """The file these tournaments and this provenance describe (see :func:`rebuild`)."""
        db = rebuild(tournaments, self.records, self.document, path)
        db.format = "cbt"
        return db


def restore(document: Any, path: str) -> CbtProvenance:
    """The provenance a canonical JSON tournaments document carries (its ``provenance.cbt``
    and each tournament's ``kept.cbt``), with :class:`FormatError` naming the JSON path of a
    malformed kept record."""
    records: dict[int, bytes] = {}
    for index, item in enumerate(array(mapping(document, "", path), "tournaments", path)):
        where = at("tournaments", index)
        item = mapping(item, where, path)
        kept = item.get("kept")
        if isinstance(kept, dict) and "cbt" in kept:
            place = at(at(where, "kept"), "cbt")
            found = mapping(kept["cbt"], place, path).get("record")
            slot = integer(item, "id", path, 0, 2**31 - 1, where)
            records[slot] = record(found, at(place, "record"), path)
    carried = document.get("provenance")
    found = carried.get("cbt") if isinstance(carried, dict) else None
    return CbtProvenance(mapping(found, WHERE, path), records)


def carried(db: object) -> CbtProvenance | None:
    """What a .cbt file keeps beyond its tournaments, taken from the bytes it writes (the
    registry's ``carry``); None for an index that is not a .cbt file's."""
    if not isinstance(db, TournamentFile):
        return None
    data = db.to_bytes()
    _, root, _, _, first_deleted, live, extra = L.HEADER.unpack_from(data)
    header_size = L.HEADER.size + extra
    nodes = np.frombuffer(data, _SLOT_DTYPE, offset=header_size)
    document: JSON = {
        "codepage": db.codepage,
        "root": root,
        "first_deleted": first_deleted,
        "live": live,
        "header_extra": data[L.HEADER.size : header_size].hex(),
        "left": nodes["left"].tolist(),
        "right": nodes["right"].tolist(),
        "balance": nodes["balance"].tolist(),
        "deleted": [],
        "tree_sorted": _sorts(db),
    }
    kept: dict[int, bytes] = {}
    for slot, tournament in enumerate(db.tournaments):
        record = nodes["record"][slot].tobytes()
        if tournament is None:
            if any(record):
                document["deleted"].append({"id": slot, "record": record.hex()})
        elif _encoded(tournament, db.codepage) != record:
            kept[slot] = record
    return CbtProvenance(document, kept)


def _sorts(db: TournamentFile) -> bool:
    """Whether the tree reaches every live slot in sort order."""
    order = db.sort_order()
    keys = [db._key(slot) for slot in order]
    in_order = all(a <= b for a, b in zip(keys, keys[1:], strict=False))
    return in_order and len(order) == len(db)


def _encoded(tournament: Tournament, codepage: str) -> bytes | None:
    try:
        return records.encode(tournament, None, codepage)
    except ValueError:  # a field as read that a new record could not hold: keep the bytes
        return None


def record(found: Any, where: str, path: str) -> bytes:
    """90 record bytes from their hexadecimal text."""
    if isinstance(found, str) and len(found) == 2 * L.RECORD_SIZE:
        try:
            return bytes.fromhex(found)
        except ValueError:
            pass
    raise FormatError(
        path, where, f"{L.RECORD_SIZE} record bytes as {2 * L.RECORD_SIZE} hex digits"
    )


def rebuild(
    tournaments: dict[int, Tournament], kept: dict[int, bytes], found: Any, path: str
) -> TournamentFile:
    """The file that ``tournaments`` (by slot id), their kept records and the carried
    provenance describe; :class:`FormatError` naming the JSON path of anything that does not
    fit together."""
    carried = mapping(found, WHERE, path)
    codepage = text(carried, "codepage", path, WHERE)
    try:
        codecs.lookup(codepage)
    except LookupError:
        raise FormatError(
            path, at(WHERE, "codepage"), f"a known code page, found {codepage!r}"
        ) from None
    left, right, balance = (_links(carried, key, path) for key in ("left", "right", "balance"))
    if not len(left) == len(right) == len(balance):
        raise FormatError(path, WHERE, "left, right and balance lists of one length")
    slots = range(len(left))
    live = {s for s in slots if left[s] != L.DELETED}
    if live != set(tournaments):
        wrong = min(live.symmetric_difference(tournaments))
        raise FormatError(
            path,
            "tournaments",
            f"a tournament for each live slot of {WHERE} and no other (slot {wrong}); "
            f"drop {WHERE} to write a new file numbered from 0",
        )
    raw = [bytes(L.RECORD_SIZE)] * len(left)
    for index, found_item in enumerate(array(carried, "deleted", path, WHERE, default=[])):
        where = at(at(WHERE, "deleted"), index)
        item = mapping(found_item, where, path)
        slot = integer(item, "id", path, 0, len(left) - 1, where)
        if slot in live:
            raise FormatError(path, at(where, "id"), f"a deleted slot, found live slot {slot}")
        raw[slot] = record(item.get("record"), at(where, "record"), path)
    for slot, tournament in tournaments.items():
        try:
            raw[slot] = records.encode(tournament, kept.get(slot), codepage)
        except ValueError as error:
            raise FormatError(
                path, f"tournaments (id {slot})", f"a tournament a .cbt holds: {error}"
            ) from None
    extra = text(carried, "header_extra", path, WHERE)
    if not (extra == "" or len(extra) == 8 and _hex(extra)):
        raise FormatError(path, at(WHERE, "header_extra"), "0 or 4 bytes as hex digits")
    root, first_deleted, live_count = (
        integer(carried, key, path, *INT32, WHERE) for key in ("root", "first_deleted", "live")
    )
    db = TournamentFile(
        [tournaments.get(s) for s in slots],
        raw,
        left,
        right,
        balance,
        root,
        first_deleted,
        live_count,
        header_extra=bytes.fromhex(extra),
        codepage=codepage,
    )
    _require_links(db, path)
    if boolean(carried, "tree_sorted", path, WHERE, default=True) and not _sorts(db):
        _rebuild_tree(db, live)
    return db


def _hex(digits: str) -> bool:
    try:
        bytes.fromhex(digits)
    except ValueError:
        return False
    return True


def _links(carried: JSON, key: str, path: str) -> list[int]:
    found = array(carried, key, path, WHERE)
    low, high = (-128, 127) if key == "balance" else INT32
    if len(found) > MAX_SLOTS or not all(type(n) is int and low <= n <= high for n in found):
        raise FormatError(
            path, at(WHERE, key), f"a list of at most {MAX_SLOTS} integers {low}-{high}"
        )
    return found


def _require_links(db: TournamentFile, path: str) -> None:
    try:
        db.deleted_slots()
        _sorts(db)
    except TreeError as error:
        raise FormatError(path, WHERE, f"well-formed tree links: {error}") from None


def _rebuild_tree(db: TournamentFile, live: set[int]) -> None:
    """A new balanced tree over the same slots, for tournaments an edit of the document put
    out of order (a tree that was out of order in the file it came from is kept as it was)."""
    ordered = sorted(live, key=db._key)
    tree = SortTree.balanced(ordered, len(db.left), db._key)
    for slot in live:
        db.left[slot], db.right[slot] = tree.left[slot], tree.right[slot]
    db.root = tree.root
    db._order = None
    db.edited.update(live)  # balances and the live count are made again when written
