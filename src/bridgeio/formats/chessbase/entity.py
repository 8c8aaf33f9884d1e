"""A ChessBase tournament file: header, slots, sort tree and deleted list, editable in place."""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass, field
from typing import overload

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.chessbase import layout as L
from bridgeio.formats.chessbase import tournament_record as records
from bridgeio.formats.chessbase.tree import SortTree, TreeError
from bridgeio.model.chess import Tournament, TournamentIndex

MAX_SLOTS = 50_000_000  # far beyond any real database; refuses absurd headers early
SLOT_SIZE = L.NODE.size + L.RECORD_SIZE
_SLOT_DTYPE = np.dtype([("left", "<i4"), ("right", "<i4"), ("balance", "i1"), ("record", "V90")])


def _layout(head: bytes, size: int, path: str) -> tuple[int, int]:
    """(capacity, header size) of a file of ``size`` bytes starting with ``head``, checked
    against the magic number, the record size and the length."""
    if len(head) < L.HEADER.size:
        raise FormatError(path, "byte 0", f"a {L.HEADER.size}-byte header, found {size} bytes")
    capacity, _, magic, record_size, _, _, extra = L.HEADER.unpack_from(head)
    if magic != L.MAGIC:
        raise FormatError(path, "byte 8", f"the magic number {L.MAGIC}, found {magic}")
    if record_size != L.RECORD_SIZE:
        raise FormatError(path, "byte 12", f"record size {L.RECORD_SIZE}, found {record_size}")
    if extra not in (0, 4):
        raise FormatError(path, "byte 24", f"0 or 4 more header bytes, found {extra}")
    header_size = L.HEADER.size + extra
    if not 0 <= capacity <= MAX_SLOTS or header_size + capacity * SLOT_SIZE != size:
        raise FormatError(
            path,
            "byte 0",
            f"a capacity matching the file length: {capacity} "
            f"slots need {header_size + capacity * SLOT_SIZE} bytes, the file has {size}",
        )
    return capacity, header_size


class RecordBytes(MutableSequence[bytes]):
    """The 90 record bytes of every slot, sliced from the file body on demand."""

    def __init__(self, body: bytes, count: int) -> None:
        self._body, self._count = body, count
        self._changed: dict[int, bytes] = {}

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, slot: int) -> bytes: ...
    @overload
    def __getitem__(self, slot: slice) -> list[bytes]: ...
    def __getitem__(self, slot: int | slice) -> bytes | list[bytes]:
        if isinstance(slot, slice):
            return [self[i] for i in range(*slot.indices(self._count))]
        if slot in self._changed:
            return self._changed[slot]
        if not 0 <= slot < self._count:
            raise IndexError(slot)
        start = slot * _SLOT_DTYPE.itemsize + L.NODE.size
        return self._body[start : start + L.RECORD_SIZE]

    @overload
    def __setitem__(self, slot: int, value: bytes) -> None: ...
    @overload
    def __setitem__(self, slot: slice, value: Iterable[bytes]) -> None: ...
    def __setitem__(self, slot: int | slice, value: bytes | Iterable[bytes]) -> None:
        if isinstance(slot, slice) or not isinstance(value, bytes):
            raise TypeError("record bytes are set one slot at a time")
        self._changed[slot] = value

    def __delitem__(self, slot: int | slice) -> None:
        raise TypeError("slots are never removed")

    def insert(self, index: int, value: bytes) -> None:
        """Append a slot's bytes (slots are only ever added at the end)."""
        if index != self._count:
            raise TypeError("slots are only appended")
        self._changed[self._count] = value
        self._count += 1


class Records(MutableSequence[Tournament | None]):
    """Tournaments by slot, decoded from the record bytes when first asked for; None for a
    deleted slot."""

    def __init__(self, raw: RecordBytes, left: list[int], codepage: str) -> None:
        self._raw, self._left, self._codepage = raw, left, codepage
        self._decoded: dict[int, Tournament | None] = {}

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, slot: int) -> Tournament | None: ...
    @overload
    def __getitem__(self, slot: slice) -> list[Tournament | None]: ...
    def __getitem__(self, slot: int | slice) -> Tournament | None | list[Tournament | None]:
        if isinstance(slot, slice):
            return [self[i] for i in range(*slot.indices(len(self)))]
        if slot not in self._decoded:
            if not 0 <= slot < len(self._raw):
                raise IndexError(slot)
            deleted = self._left[slot] == L.DELETED
            self._decoded[slot] = (
                None if deleted else records.decode(self._raw[slot], self._codepage)
            )
        return self._decoded[slot]

    @overload
    def __setitem__(self, slot: int, value: Tournament | None) -> None: ...
    @overload
    def __setitem__(self, slot: slice, value: Iterable[Tournament | None]) -> None: ...
    def __setitem__(
        self, slot: int | slice, value: Tournament | None | Iterable[Tournament | None]
    ) -> None:
        if isinstance(slot, slice) or not (value is None or isinstance(value, Tournament)):
            raise TypeError("tournaments are set one slot at a time")
        self._decoded[slot] = value

    def __delitem__(self, slot: int | slice) -> None:
        raise TypeError("slots are never removed")

    def insert(self, index: int, value: Tournament | None) -> None:
        """Set the tournament of a slot added at the end."""
        self._decoded[index] = value


@dataclass(eq=False)
class TournamentFile(TournamentIndex):
    """The contents of a ``.cbt`` file; ``tournaments`` is indexed by slot id (None: deleted).

    >>> db = TournamentFile.new([Tournament("Hastings"), Tournament("Linares")])
    >>> [db.tournaments[i].title for i in db.sort_order()]
    ['Hastings', 'Linares']
    """

    tournaments: MutableSequence[Tournament | None]
    raw: MutableSequence[bytes]  # the record bytes of every slot as read (unchanged write-back)
    left: list[int]
    right: list[int]
    balance: list[int]
    root: int
    first_deleted: int
    live: int
    header_extra: bytes = b"\0\0\0\0"
    codepage: str = "cp1252"
    format: str = "cbt"
    edited: set[int] = field(default_factory=set)
    unedited_body: bytes | None = None
    _order: list[int] | None = field(default=None, repr=False)

    @classmethod
    def new(cls, tournaments: list[Tournament], codepage: str = "cp1252") -> TournamentFile:
        """A new file (32-byte header) holding ``tournaments`` as slots 0, 1, …, with a
        balanced tree built in one pass (equal keys keep their order)."""
        count = len(tournaments)
        db = cls(
            list(tournaments),
            [bytes(L.RECORD_SIZE)] * count,
            [],
            [],
            [0] * count,
            L.NO_NODE,
            L.NO_NODE,
            count,
            codepage=codepage,
        )
        keys = [records.sort_key(t, codepage) for t in tournaments]
        order = sorted(range(count), key=keys.__getitem__)
        tree = SortTree.balanced(order, count, keys.__getitem__)
        db.left, db.right, db.root = tree.left, tree.right, tree.root
        db.edited.update(range(count))
        return db

    # Reading
    @classmethod
    def read(cls, path: str, codepage: str = "cp1252") -> TournamentFile:
        """The file at ``path``; :class:`FormatError` for a header, length or link that does
        not fit, before anything is built from it."""
        size = input_size(path)
        with open(path, "rb") as handle:
            head = handle.read(L.HEADER.size)
            capacity, header_size = _layout(head, size, path)
            rest = handle.read(header_size - L.HEADER.size + capacity * SLOT_SIZE)
        return cls.from_bytes(head + rest, path, codepage)

    @classmethod
    def from_bytes(
        cls, data: bytes, path: str = "<data>", codepage: str = "cp1252"
    ) -> TournamentFile:
        """The file whose bytes are ``data`` (``path`` names it in errors)."""
        capacity, header_size = _layout(data[: L.HEADER.size], len(data), path)
        _, root, _, _, first_deleted, live, _ = L.HEADER.unpack_from(data)
        body = data[header_size:]
        nodes = np.frombuffer(body, dtype=_SLOT_DTYPE, count=capacity)
        left, right = nodes["left"].tolist(), nodes["right"].tolist()
        raw = RecordBytes(body, capacity)
        db = cls(
            Records(raw, left, codepage),
            raw,
            left,
            right,
            nodes["balance"].tolist(),
            root,
            first_deleted,
            live,
            data[L.HEADER.size : header_size],
            codepage,
        )
        db.unedited_body = body
        db._require_links(path, header_size)
        return db

    def _require_links(self, path: str, header_size: int) -> None:
        slot = SLOT_SIZE
        try:
            self.deleted_slots()
            self.sort_order()
        except TreeError as error:
            raise FormatError(
                path,
                f"sort tree from slot {self.root} (byte {header_size + max(self.root, 0) * slot})",
                f"well-formed links: {error}",
            ) from None

    # Views
    def sort_order(self) -> list[int]:
        """Live slot ids in ChessBase's default sort order (the tree's in-order walk)."""
        if self._order is None:
            self._order = self._tree().in_order()
        return list(self._order)

    def deleted_slots(self) -> list[int]:
        """The deleted list from its head; TreeError on a cycle or a bad link."""
        order, seen, node = [], set(), self.first_deleted
        while node != L.NO_NODE:
            if not 0 <= node < len(self.left):
                raise TreeError(f"deleted list links to slot {node}, outside the file")
            if node in seen:
                raise TreeError(f"deleted list reaches slot {node} twice")
            seen.add(node)
            order.append(node)
            node = self.right[node]
        return order

    def _tree(self) -> SortTree:
        return SortTree(self.left, self.right, self.root, self._key)

    def _key(self, slot: int) -> records.SortKey:
        tournament = self.tournaments[slot]
        if tournament is None:
            raise TreeError(f"slot {slot} is deleted but linked from the sort tree")
        return records.sort_key(tournament, self.codepage)

    # Editing
    def add(self, tournament: Tournament) -> int:
        """Add a tournament, reusing the first deleted slot as ChessBase does; returns its id."""
        self._order = None
        if self.first_deleted != L.NO_NODE:
            slot = self.first_deleted
            self.first_deleted = self.right[slot]
            self.raw[slot] = bytes(L.RECORD_SIZE)  # nothing of the deleted record carries over
        else:
            slot = len(self.tournaments)
            for column, value in (
                (self.left, L.NO_NODE),
                (self.right, L.NO_NODE),
                (self.balance, 0),
            ):
                column.append(value)
            self.tournaments.append(None)
            self.raw.append(bytes(L.RECORD_SIZE))
        self.tournaments[slot] = tournament
        self.edited.add(slot)
        tree = self._tree()
        tree.insert(slot)
        self.root = tree.root
        self.live += 1
        return slot

    def change(self, slot: int, tournament: Tournament) -> None:
        """Replace the tournament in a live slot, moving it in the tree if its key changed."""
        self._order = None
        self._require_live(slot)
        moved = records.sort_key(tournament, self.codepage) != self._key(slot)
        tree = self._tree()
        if moved:
            tree.remove(slot)
        self.tournaments[slot] = tournament
        if moved:
            tree.insert(slot)
        self.root = tree.root
        self.edited.add(slot)

    def delete(self, slot: int) -> None:
        """Delete a live slot: out of the tree, onto the head of the deleted list."""
        self._order = None
        self._require_live(slot)
        tree = self._tree()
        tree.remove(slot)
        self.root = tree.root
        self.tournaments[slot] = None
        self.left[slot], self.right[slot] = L.DELETED, self.first_deleted
        self.first_deleted = slot
        self.live -= 1
        self.edited.add(slot)

    def _require_live(self, slot: int) -> None:
        if not 0 <= slot < len(self.tournaments) or self.tournaments[slot] is None:
            raise KeyError(f"no live tournament in slot {slot}")

    # Writing
    def record_bytes(self, slot: int) -> bytes:
        """The 90 bytes written for ``slot``: an edited tournament encoded over its original
        record, anything else as it was read."""
        tournament, original = self.tournaments[slot], self.raw[slot]
        if tournament is None or slot not in self.edited:
            return original
        return records.encode(tournament, original if any(original) else None, self.codepage)

    def to_bytes(self) -> bytes:
        """The file's bytes: an unedited file comes back exactly as it was read."""
        if self.edited:
            self._refresh_balances()
            self.live = len(self.sort_order())
        header = L.HEADER.pack(
            len(self.tournaments),
            self.root,
            L.MAGIC,
            L.RECORD_SIZE,
            self.first_deleted,
            self.live,
            len(self.header_extra),
        )
        if not self.edited and self.unedited_body is not None:
            return header + self.header_extra + self.unedited_body
        parts = [header, self.header_extra]
        for slot in range(len(self.tournaments)):
            parts.append(L.NODE.pack(self.left[slot], self.right[slot], self.balance[slot]))
            parts.append(self.record_bytes(slot))
        return b"".join(parts)

    def __eq__(self, other: object) -> bool:
        """The same tournaments under the same ids, and the same bytes when written."""
        if not isinstance(other, TournamentFile):
            return NotImplemented
        same = list(self.tournaments) == list(other.tournaments)
        return same and self.to_bytes() == other.to_bytes()

    __hash__ = None

    def _refresh_balances(self) -> None:
        tree = self._tree()
        for slot in tree.in_order():
            self.balance[slot] = tree.balance(slot)
        for slot in self.deleted_slots():
            if slot in self.edited:
                self.balance[slot] = 0
