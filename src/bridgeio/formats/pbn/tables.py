"""PBN tables (``OptimumResultTable`` and its kin): column headers, rows taken by their labels,
and rows written in the widths and alignment the header asks for.

>>> columns = Columns.parse("Declarer;Denomination\\\\2R;Result\\\\2R")
>>> columns.format(["N", "S", "7"]), columns.format(["W", "NT", "13"])
('N  S  7', 'W NT 13')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from bridgeio.model import UNKNOWN_TRICKS, Seat, Strain

_COLUMN = re.compile(r"^([+-]?)([A-Za-z0-9_]+)(?:\\(\d+)([LR]?))?$")
TRICK_COLUMNS = (("declarer",), ("denomination", "suit", "strain"), ("result", "tricks"))
"""The names of the declarer, strain and tricks columns: PBN's first, then others producers
use (Bridge Bidding Analyser: ``Declarer Suit Tricks``)."""


class TableError(ValueError):
    """A table that cannot be read; ``row`` is the offending row (0: the header)."""

    def __init__(self, row: int, expected: str) -> None:
        super().__init__(expected)
        self.row, self.expected = row, expected


@dataclass(frozen=True)
class Columns:
    """A table header: column names with their minimum widths and alignment."""

    names: tuple[str, ...]
    widths: tuple[int, ...]
    right: tuple[bool, ...]

    @classmethod
    def parse(cls, header: str) -> Columns:
        """The columns of a header such as ``Declarer;Denomination\\2R;Result\\2R``."""
        names, widths, right = [], [], []
        # PBN separates names with ";"; Bridge Bidding Analyser with spaces ("Declarer Suit
        # Tricks"): a header without ";" whose words are all names is read so.
        words = header.split()
        if ";" not in header and len(words) > 1 and all(_COLUMN.match(w) for w in words):
            header = ";".join(words)
        for column in header.split(";"):
            match = _COLUMN.match(column.strip())
            # a leading + or - (the sort order) is never part of the name
            names.append(match.group(2) if match else column.split("\\")[0].strip().lstrip("+-"))
            widths.append(int(match.group(3)) if match and match.group(3) else 0)
            right.append(bool(match and match.group(4) == "R"))
        return cls(tuple(names), tuple(widths), tuple(right))

    def index(self, name: str) -> int:
        """The position of a column (case-insensitive); ``KeyError`` if there is none."""
        lowered = [n.lower() for n in self.names]
        if name.lower() not in lowered:
            raise KeyError(name)
        return lowered.index(name.lower())

    def _first(self, names: tuple[str, ...]) -> int:
        """The position of the first of ``names`` the header has; ``KeyError`` if none."""
        for name in names:
            try:
                return self.index(name)
            except KeyError:
                continue
        raise KeyError(names[0])

    def trick_columns(self) -> tuple[int, int, int]:
        """Positions of Declarer, Denomination and Result; :class:`TableError` if missing.

        >>> Columns.parse("Declarer Suit Tricks").trick_columns()
        (0, 1, 2)
        """
        try:
            seat, strain, result = (self._first(names) for names in TRICK_COLUMNS)
        except KeyError:
            expected = "OptimumResultTable columns Declarer, Denomination and Result"
            raise TableError(0, expected) from None
        return seat, strain, result

    def format(self, cells: list[str]) -> str:
        """A row: each cell padded to its column's width, on the side the header says."""
        out = []
        for i, cell in enumerate(cells):
            width = self.widths[i] if i < len(self.widths) else 0
            right = self.right[i] if i < len(self.right) else False
            out.append(cell.rjust(width) if right else cell.ljust(width))
        return " ".join(out).rstrip()


def cells(row: str) -> list[str]:
    """The cells of a table row: separated by spaces, a ``;`` starts a comment."""
    return row.split(";", 1)[0].split()


def trick_cell(text: str) -> int:
    """A Result cell: 0-13 tricks, ``?`` or ``-`` for unknown; ``ValueError`` otherwise."""
    if text in ("?", "-"):
        return UNKNOWN_TRICKS
    count = int(text)
    if not 0 <= count <= 13:
        raise TableError(-1, f"0-13 tricks, found {count}")
    return count


def row_cell(columns: tuple[int, int, int], row: str) -> tuple[Seat, Strain, int]:
    """Declarer, strain and tricks of one row; ``ValueError`` if it does not hold them."""
    found = cells(row)
    seat_col, strain_col, result_col = columns
    try:
        return (
            Seat.from_char(found[seat_col]),
            Strain.from_text(found[strain_col]),
            trick_cell(found[result_col]),
        )
    except TableError:
        raise
    except (IndexError, ValueError):
        raise TableError(-1, f"'declarer strain tricks', found {row!r}") from None


def parse_tricks(header: str, rows: list[str]) -> np.ndarray:
    """Tricks ``(5, 4)`` from an OptimumResultTable, rows taken by their labels; a later row
    for the same declarer and strain wins. :class:`TableError` names the row (1 = first).

    >>> t = parse_tricks("Declarer;Denomination\\\\2R;Result\\\\2R", ["S  H  9", "W NT 13"])
    >>> int(t[Strain.HEARTS, Seat.SOUTH]), int(t[Strain.NOTRUMP, Seat.WEST]), int(t[0, 0])
    (9, 13, 15)
    """
    columns = Columns.parse(header).trick_columns()
    tricks = np.full((5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    for number, row in enumerate(rows, start=1):
        try:
            seat, strain, count = row_cell(columns, row)
        except TableError as error:
            raise TableError(number, error.expected) from None
        tricks[strain, seat] = count
    return tricks


STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The strains of a seat's digits in ``Ability`` and ``DoubleDummyTricks``."""
DOUBLE_DUMMY_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
"""The seats of ``DoubleDummyTricks``'s four groups of digits (BridgeComposer's order)."""


def _digits(text: str) -> list[int]:
    """Hexadecimal trick counts (``A`` = 10 ... ``D`` = 13); ``ValueError`` otherwise."""
    counts = []
    for char in text:
        value = int(char, 16) if char in "0123456789abcdefABCDEF" else 99
        if value > 13:
            raise ValueError(f"trick counts 0-9 and A-D (10-13), found {char!r}")
        counts.append(value)
    return counts


def ability_tricks(value: str) -> np.ndarray:
    """Tricks ``(5, 4)`` from Big Deal's (and Deep Finesse's, JFR's) ``Ability`` tag: for each
    seat its letter, ``:`` and five hexadecimal counts, notrump, spades, hearts, diamonds,
    clubs (checked against DDS on every deal of a Big Deal file); a seat not given is
    unknown. ``ValueError`` for a value that is not so.

    >>> t = ability_tricks("N:7AA55 E:53377 S:7AA56 W:53377")
    >>> int(t[Strain.HEARTS, Seat.NORTH]), int(t[Strain.NOTRUMP, Seat.EAST]), int(t[4, 2])
    (10, 5, 7)
    """
    tricks = np.full((5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    groups = value.split()
    if not groups:
        raise ValueError("seats with their tricks, like 'N:7AA55', found nothing")
    for group in groups:
        seat, colon, digits = group.partition(":")
        if not colon or len(digits) != 5 or seat.upper() not in ("N", "E", "S", "W"):
            raise ValueError(f"a seat and five trick counts, like 'N:7AA55', found {group!r}")
        tricks[list(STRAIN_ORDER), Seat.from_char(seat)] = _digits(digits)
    return tricks


def double_dummy_tricks(value: str) -> np.ndarray:
    """Tricks ``(5, 4)`` from a ``DoubleDummyTricks`` tag (BridgeComposer, Bridgewebs): 20
    hexadecimal counts, five for each of North, South, East and West in the order of
    :func:`ability_tricks` (checked against the same files' OptimumResultTable and DDS).

    >>> t = double_dummy_tricks("98a79989794536445364")
    >>> int(t[Strain.HEARTS, Seat.NORTH]), int(t[Strain.SPADES, Seat.EAST])
    (10, 5)
    """
    text = value.strip()
    if len(text) != 20:
        raise ValueError(f"20 trick counts, found {len(text)} characters")
    counts = _digits(text)
    tricks = np.empty((5, 4), dtype=np.uint8)
    for k, seat in enumerate(DOUBLE_DUMMY_SEATS):
        tricks[list(STRAIN_ORDER), seat] = counts[5 * k : 5 * k + 5]
    return tricks


def ability_text(tricks: np.ndarray) -> str | None:
    """The ``Ability`` value of tricks ``(5, 4)`` (None when a count is unknown).

    >>> ability_text(ability_tricks("N:7AA55 E:53377 S:7AA56 W:53377"))
    'N:7AA55 E:53377 S:7AA56 W:53377'
    """
    if (tricks > 13).any():
        return None
    return " ".join(
        f"{seat.char}:" + "".join(f"{int(tricks[s, seat]):X}" for s in STRAIN_ORDER)
        for seat in Seat
    )


def double_dummy_text(tricks: np.ndarray, lower: bool = False) -> str | None:
    """The ``DoubleDummyTricks`` value of tricks ``(5, 4)`` (None when a count is unknown).

    >>> double_dummy_text(double_dummy_tricks("98a79989794536445364"), lower=True)
    '98a79989794536445364'
    """
    if (tricks > 13).any():
        return None
    text = "".join(f"{int(tricks[s, seat]):X}" for seat in DOUBLE_DUMMY_SEATS for s in STRAIN_ORDER)
    return text.lower() if lower else text
