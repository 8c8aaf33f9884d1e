"""The cells of PBN score tables as values: text, whole numbers, decimals and scores.

Each parser raises ``ValueError`` with what was expected and what was found (never Python's own
wording), so that the table reader can name the row. A whole number must fit the 32-bit
columns the model is exported to (pair, table, round and board numbers, scores): a cell past
them is a problem of that row, not of a later export. A decimal must be finite.

>>> number("14"), number("-"), decimal("58.57"), decimal("-")
(14, 0, 58.57, None)
>>> number("4294967296")
Traceback (most recent call last):
ValueError: a number of at most 2,147,483,647, found 4294967296
>>> score("NS 420"), score("Bye"), score("A+")
(420, None, <Special.AVERAGE_PLUS: 'ave+'>)
"""

from __future__ import annotations

import math
import re

from bridgeio.model.results import Assigned, Score, Special

LARGEST = 2**31 - 1
"""The largest whole number a cell may hold (the model's tables hold 32-bit integers)."""
ADJUSTED = {
    "A+": Special.AVERAGE_PLUS,
    "A-": Special.AVERAGE_MINUS,
    "A=": Special.AVERAGE,
    "A": Special.AVERAGE,  # Bridgewebs: "A" in the Contract (and Declarer, Result) columns
}
"""Adjusted scores as score tables spell them (an average for each side unless marked)."""
NO_SCORE = frozenset({"BYE", "PEN"})
"""Words Ruter writes in the score columns of a row that records no play: ``Bye`` (a pair
sitting out, with its award in the points columns) and ``Pen`` (a penalty or adjustment in
points)."""
_WHOLE = re.compile(r"[+-]?[0-9]+")
ADJUSTED_AFTER = re.compile(r"\s*([+-]?[0-9]+)>[A-Za-z]+\s*")
"""Ruter's score cell of a table's result that the director then adjusted (``800>a``)."""


def played(cell: str) -> str:
    """A score cell's points as played: ``800`` of ``800>a``, any other cell as it is.

    >>> played("800>a"), played("A+")
    ('800', 'A+')
    """
    found = ADJUSTED_AFTER.fullmatch(cell)
    return found[1] if found else cell


def text(cell: str) -> str:
    """A cell's value, ``""`` for none (``-``)."""
    stripped = cell.strip()
    return "" if stripped == "-" else stripped


def whole(cell: str, what: str = "a number") -> int:
    """A whole number that fits the model's 32-bit columns; ``ValueError`` otherwise."""
    if not _WHOLE.fullmatch(cell):
        raise ValueError(f"{what}, found {cell!r}")
    value = int(cell)
    if abs(value) > LARGEST:
        raise ValueError(f"{what} of at most {LARGEST:,}, found {cell}")
    return value


def number(cell: str) -> int:
    """A pair, team, table or round number; 0 for none (``-``)."""
    found = text(cell)
    return whole(found) if found else 0


def decimal(cell: str) -> float | None:
    """A finite decimal (a trailing ``%`` allowed); None for none (``-``)."""
    found = text(cell).rstrip("%")
    if not found:
        return None
    try:
        value = float(found)
    except ValueError:
        raise ValueError(f"a number, found {found!r}") from None
    if not math.isfinite(value):
        raise ValueError(f"a finite number, found {found!r}")
    return value


def score(cell: str, points: bool = True) -> Score | None:
    """A score cell: points (``420``, PBN 2.1's ``NS 420``), an adjusted score (``A+``,
    ``60%``), or None for none or a word of :data:`NO_SCORE`; with ``points`` False only an
    adjusted score is taken (a Contract cell)."""
    found = text(cell)
    if not found:
        return None
    upper = found.upper()
    if upper in ADJUSTED:
        return ADJUSTED[upper]
    if found.endswith("%"):
        value = decimal(found)
        if value is None:
            raise ValueError(f"a percentage, found {found!r}")
        return percent(value)
    if not points or upper in NO_SCORE:
        return None
    for side in ("NS ", "EW "):  # the Score column of PBN 2.1: "NS 420"
        if upper.startswith(side):
            value = whole(found[3:].strip(), "a score")
            return value if side == "NS " else -value
    return whole(found, "a score")


def percent(value: float) -> Special | Assigned:
    """An assigned score of ``value`` percent (an average where it is one of theirs).

    >>> percent(59.0), percent(60.0)
    (Assigned(percent=59.0), <Special.AVERAGE_PLUS: 'ave+'>)
    """
    if not 0 <= value <= 100:
        raise ValueError(f"a percentage of 0-100, found {value:g}")
    return Assigned.for_percent(value)


def complement(given: Score) -> Score:
    """The other side's score: minus the points, the mirror of an adjusted score.

    >>> complement(420), complement(Special.AVERAGE_PLUS), complement(Assigned(70.0))
    (-420, <Special.AVERAGE_MINUS: 'ave-'>, Assigned(percent=30.0))
    """
    if isinstance(given, Special):
        mirror = {Special.AVERAGE_PLUS: Special.AVERAGE_MINUS}
        mirror[Special.AVERAGE_MINUS] = Special.AVERAGE_PLUS
        return mirror.get(given, given)
    if isinstance(given, Assigned):
        return Assigned.for_percent(100.0 - given.percent)
    return -given
