"""Pair numbers: the number a movement gives a pair and the number shown for it, which a
section's mapping (at +0xDD of its details) may reassign.

Index tables list a section's pairs by position; board results name them by their movement
numbers. A Mitchell's mapping holds, for each of 40 positions, one byte a direction (N-S, E-W,
and two more); a Howell's holds 80 reassigned numbers, then each movement pair's (table,
direction). A zero byte keeps the number as it is.

>>> mapping = bytes([0, 0, 0, 0, 7, 0, 0, 0])  # N-S pair 2 shown as 7
>>> Numbering(mapping, 0, howell=False, highest=0).positions(1, 2)
[(1, 1, 0), (7, 2, 4)]
>>> movement_number(7, (mapping, False), ew=False)
2
"""

from __future__ import annotations

from bridgeio.model.results import BoardResult

MITCHELL_POSITIONS = 40
"""Positions a Mitchell's mapping covers (a later position keeps its number)."""


class Numbering:
    """A section's entries' numbers by (index table, position) (see the module)."""

    def __init__(self, data: bytes, base: int, howell: bool, highest: int) -> None:
        self.data, self.base, self.howell = data, base, howell
        self.howell_pairs = self._howell_pairs(highest) if howell else {}

    def _howell_pairs(self, highest: int) -> dict[tuple[int, int], tuple[int, int]]:
        """A Howell's {(index table 1-2, position): (number shown, movement number)}.

        Movement pair N starts at the (table, direction) given at +0x50 of the mapping: the
        pair at that position of that direction's index table. It is shown as N unless
        reassigned (byte N - 1 of the mapping).
        """
        data, base = self.data, self.base
        numbering: dict[tuple[int, int], tuple[int, int]] = {}
        unplaced = []
        for pair in range(1, min(highest, 80) + 1):
            table, direction = data[base + 0x4E + 2 * pair], data[base + 0x4F + 2 * pair]
            shown = data[base + pair - 1] or pair
            if table and direction in (1, 2):
                numbering[(direction, table)] = (shown, pair)
            elif table:  # direction 0, seen for a Howell's phantom: the free seat there
                unplaced.append((table, shown, pair))
        for table, shown, pair in unplaced:
            free = [d for d in (1, 2) if (d, table) not in numbering]
            if free:
                numbering[(free[0], table)] = (shown, pair)
        return numbering

    def positions(self, d: int, count: int) -> list[tuple[int, int, int]]:
        """(number shown, movement number, offset of its mapping byte or 0) of the entries at
        positions 1 to ``count`` of index table ``d``. Mitchell pairs and individuals: the
        movement number is the position, shown as the mapping's byte 4 (p - 1) + d - 1 where
        that is set (the first 40 positions)."""
        if self.howell:
            pairs, base = self.howell_pairs, self.base
            return [
                (found[0], found[1], base + found[1] - 1)
                if (found := pairs.get((d, p)))
                else (p, p, 0)
                for p in range(1, count + 1)
            ]
        data, first, mapped = self.data, self.base + d - 1, min(count, MITCHELL_POSITIONS)
        places = range(first, first + 4 * mapped, 4)
        numbers = [(data[at] or p, p, at) for p, at in enumerate(places, start=1)]
        return numbers + [(p, p, 0) for p in range(mapped + 1, count + 1)]


def reassigned(data: bytes | bytearray, base: int, howell: bool) -> tuple[bytes, bool] | None:
    """A pairs section's mapping (at ``base``) and whether it is a Howell's, or None when it
    reassigns no number."""
    mapping = bytes(data[base : base + (80 if howell else 4 * MITCHELL_POSITIONS)])
    return (mapping, howell) if any(mapping) else None


def renumber(results: list[BoardResult], mapping: bytes, howell: bool) -> None:
    """Board results name pairs by their movement numbers; give them the reassigned ones."""
    for result in results:
        if howell:
            result.ns = _mapped(mapping, result.ns - 1) or result.ns
            result.ew = _mapped(mapping, result.ew - 1) or result.ew
        else:
            result.ns = _mapped(mapping, 4 * (result.ns - 1)) or result.ns
            result.ew = _mapped(mapping, 4 * (result.ew - 1) + 1) or result.ew


def _mapped(mapping: bytes, at: int) -> int:
    return mapping[at] if 0 <= at < len(mapping) else 0


def movement_number(number: int, mapping: tuple[bytes, bool] | None, ew: bool) -> int:
    """The number a board result stores for a pair shown as ``number`` (the movement number,
    where numbers were reassigned)."""
    if mapping is None:
        return number
    values, howell = mapping
    step, first = (1, 0) if howell else (4, 1 if ew else 0)
    for moved in range(1, len(values) // step + 1):
        if values[first + step * (moved - 1)] == number:
            return moved
    return number
