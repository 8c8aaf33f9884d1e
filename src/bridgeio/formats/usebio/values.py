"""USEBIO's texts and the model's values, both ways: numbers, dates, pair ids, places,
contracts, leads, scores and names, as producers write them.

Every reading function raises :class:`Unreadable` (a ``ValueError``) saying what it expected;
the reader turns that into a problem reported with the element and its line. Numbers are
bounded: a text of hundreds of digits, a NaN or an infinity is unreadable, never an
``OverflowError`` later.

>>> date_value("16/11/2015"), pair_id("(A) 7 EW"), score_value("A6040")
(datetime.date(2015, 11, 16), PairId(text='(A)7EW', number=7, direction=<Direction.EW: 'EW'>), \
(<Special.AVERAGE_PLUS: 'ave+'>, <Special.AVERAGE_MINUS: 'ave-'>))
"""

from __future__ import annotations

import datetime
import math
import re
from typing import NamedTuple

from bridgeio.model.cards import RANKS, Card, Seat, Suit
from bridgeio.model.contract import Contract
from bridgeio.model.results import Assigned, Direction, Score, Special

MAX_WHOLE = 999_999_999
"""The largest whole number read (board, round, table, pair numbers, counts)."""
MAX_DECIMAL = 1e12
"""The largest magnitude of a decimal read (percentages, totals, points)."""


class Unreadable(ValueError):
    """A text that is not what its element holds; ``expected`` says what would be."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


_WHOLE = re.compile(r"\s*([+-]?)0*(\d{1,12})\s*")
_DECIMAL = re.compile(r"\s*[+-]?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})(?:[eE][+-]?\d{1,3})?\s*")


def whole(text: str, lowest: int = 0, highest: int = MAX_WHOLE) -> int:
    """A whole number between ``lowest`` and ``highest``.

    >>> whole(" 12 "), whole("-3", lowest=-5)
    (12, -3)
    >>> whole("9" * 300)
    Traceback (most recent call last):
    bridgeio.formats.usebio.values.Unreadable: a whole number from 0 to 999999999
    """
    found = _WHOLE.fullmatch(text)
    if found is not None:
        value = int(found.group(2))
        if found.group(1) == "-":
            value = -value
        if lowest <= value <= highest:
            return value
    raise Unreadable(f"a whole number from {lowest} to {highest}")


def decimal(text: str, lowest: float = -MAX_DECIMAL, highest: float = MAX_DECIMAL) -> float:
    """A finite decimal number between ``lowest`` and ``highest`` (no NaN, no infinity, no
    Python-only spellings such as ``1_0``).

    >>> decimal("47.69"), decimal(" -.5e+2 ")
    (47.69, -50.0)
    >>> decimal("nan")
    Traceback (most recent call last):
    bridgeio.formats.usebio.values.Unreadable: a number from -1e+12 to 1e+12
    """
    if _DECIMAL.fullmatch(text):
        value = float(text)
        if math.isfinite(value) and lowest <= value <= highest:
            return value
    raise Unreadable(f"a number from {lowest:g} to {highest:g}")


def number_text(value: float, decimals: int | None = None) -> str:
    """A number as the writer gives it: whole numbers without a point, others with
    ``decimals`` places where that loses nothing, else the shortest exact form.

    >>> number_text(6.0), number_text(50.3, 2), number_text(55.625, 2), number_text(-7)
    ('6', '50.30', '55.625', '-7')
    """
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {value}")
    if float(value).is_integer() and decimals is None:
        return str(int(value))
    if decimals is not None and round(value, decimals) == value:
        return f"{value:.{decimals}f}"
    return repr(float(value))


# The date forms producers write: (pattern, group of the year, month, day).
_DATES = (
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})"), (3, 2, 1)),
    (re.compile(r"(\d{1,2})-(\d{1,2})-(\d{4})"), (3, 2, 1)),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), (3, 2, 1)),
)


def date_value(text: str) -> datetime.date:
    """A date: ISO (1.3 on), dd/mm/yyyy (before, and in real files since), d/m/yy with
    two-digit years as strptime reads them (69-99 the 1900s), dd-mm-yyyy, dd.mm.yyyy.

    >>> date_value("2017-08-07"), date_value("1/2/99")
    (datetime.date(2017, 8, 7), datetime.date(1999, 2, 1))
    >>> date_value("31/02/2022")
    Traceback (most recent call last):
    bridgeio.formats.usebio.values.Unreadable: a date that exists (yyyy-mm-dd, or dd/mm/yyyy)
    """
    stripped = text.strip()
    for pattern, (year, month, day) in _DATES:
        found = pattern.fullmatch(stripped)
        if found:
            digits = found.group(year)
            number = int(digits)
            if len(digits) == 2:
                number += 1900 if number >= 69 else 2000
            try:
                return datetime.date(number, int(found.group(month)), int(found.group(day)))
            except ValueError:
                break
    raise Unreadable("a date that exists (yyyy-mm-dd, or dd/mm/yyyy)")


def date_text(date: datetime.date, version: str) -> str:
    """A date as ``version`` writes it: dd/mm/yyyy in 1.2, ISO from 1.3.

    >>> date_text(datetime.date(2022, 7, 27), "1.2"), date_text(datetime.date(2022, 7, 27), "1.4")
    ('27/07/2022', '2022-07-27')
    """
    if version == "1.2":
        return f"{date.day:02d}/{date.month:02d}/{date.year:04d}"
    return date.isoformat()


class PairId(NamedTuple):
    """A pair, team or player id as the file writes it, compacted (``text``), with its number
    and the direction it names (None where it names none)."""

    text: str
    number: int
    direction: Direction | None


_PAIR = re.compile(r"(?:\([^)]*\)|[A-Z]+)?(\d{1,9})(NS|EW|N|E|S|W)?")
_SIDES = {"NS": Direction.NS, "N": Direction.NS, "S": Direction.NS}


def pair_id(text: str) -> PairId:
    """A pair id as producers write it: ``1 NS``, ``1NS``, ``12``, ``(A) 1 NS``, ``B3NS``.
    An id with no number (``11A`` in a team, ``X``) has number 0.

    >>> pair_id("1 NS"), pair_id("12").number, pair_id("B3NS").text, pair_id("11A").number
    (PairId(text='1NS', number=1, direction=<Direction.NS: 'NS'>), 12, 'B3NS', 0)
    """
    compact = "".join(text.split()).upper()
    found = _PAIR.fullmatch(compact)
    if found is None:
        return PairId(compact, 0, None)
    side = found.group(2)
    direction = None if side is None else _SIDES.get(side, Direction.EW)
    return PairId(compact, int(found.group(1)), direction)


def place_value(text: str) -> tuple[int, bool]:
    """A PLACE: the rank and whether it is shared (``3=``).

    >>> place_value("3="), place_value(" 12 ")
    ((3, True), (12, False))
    """
    stripped = text.strip()
    tied = stripped.endswith("=")
    return whole(stripped.rstrip("="), lowest=1), tied


def place_text(rank: int, tied: bool) -> str:
    """A PLACE as USEBIO writes it: ``3=`` for a tie."""
    return f"{rank}{'=' if tied else ''}"


_NOT_PLAYED = {"NP", "NOTPLAYED", "N/P", "-"}


def contract_value(text: str, played_by: str | None) -> Contract | None:
    """A contract with its declarer; None for "not played" (``NP``, as NZ Scorer writes).

    >>> contract_value("4 S x", "North"), contract_value("NP", "N")
    (Contract('4SX', declarer='N'), None)
    >>> contract_value("8S", "N")
    Traceback (most recent call last):
    bridgeio.formats.usebio.values.Unreadable: a contract such as 4SX, 3NT or PASS
    """
    if "".join(text.split()).upper() in _NOT_PLAYED:
        return None
    declarer = None
    if played_by is not None and played_by.strip():
        declarer = seat_value(played_by)
    try:
        return Contract.parse(text, declarer)
    except ValueError:
        raise Unreadable("a contract such as 4SX, 3NT or PASS") from None


def seat_value(text: str) -> Seat:
    """A seat from ``N``, ``North``, ``n``.

    >>> seat_value("north"), seat_value(" W ")
    (<Seat.NORTH: 0>, <Seat.WEST: 3>)
    """
    try:
        return Seat.from_char(text)
    except ValueError:
        raise Unreadable("a seat N, E, S or W") from None


_SUITS = "SHDC"


def lead_value(text: str) -> Card:
    """A lead, suit first (``HK``, as the specification) or rank first (``KH``, as Compscore
    writes), ``10`` for the ten, any case.

    >>> lead_value("KD"), lead_value("h7"), lead_value("10S")
    (Card('DK'), Card('H7'), Card('ST'))
    """
    compact = "".join(text.split()).upper().replace("10", "T")
    if len(compact) == 2:
        first, second = compact[0], compact[1]
        if first in _SUITS and second in RANKS:
            return Card.of(Suit.from_char(first), second)
        if first in RANKS and second in _SUITS:
            return Card.of(Suit.from_char(second), first)
    raise Unreadable("a card such as HK or KH")


def lead_text(card: Card, rank_first: bool) -> str:
    """A lead in the file's own order (rank first, as Compscore; else suit first)."""
    return f"{card.rank}{card.suit.char}" if rank_first else str(card)


_ASSIGNED = re.compile(r"A(\d{2,6})")


def score_value(text: str) -> tuple[Score, Score]:
    """A traveller SCORE (North-South's) as both sides' scores: points, or an assigned score
    ``A6040`` (N-S 60 %, E-W 40 %: average plus and minus); ``A0000`` is a board not played.

    >>> score_value("-420"), score_value("A7030")
    ((-420, 420), (Assigned(percent=70.0), Assigned(percent=30.0)))
    >>> score_value("A0000")
    (<Special.NOT_PLAYED: 'not_played'>, <Special.NOT_PLAYED: 'not_played'>)
    """
    stripped = text.strip().upper()
    if _DECIMAL.fullmatch(stripped):
        value = float(stripped)
        if value.is_integer() and abs(value) < 1_000_000:
            return int(value), -int(value)
    assigned = _ASSIGNED.fullmatch(stripped)
    if assigned is not None:
        shares = _percentages(assigned.group(1))
        if shares is not None:
            ns, ew = shares
            if ns == ew == 0:
                return Special.NOT_PLAYED, Special.NOT_PLAYED
            return Assigned.for_percent(ns), Assigned.for_percent(ew)
    raise Unreadable("points (at most 6 digits) or an assigned score such as A6040")


def _percentages(digits: str) -> tuple[float, float] | None:
    """N-S and E-W percentages of an assigned score's digits: 2 + 2, 3 + 3, or 5 digits split
    where both halves are at most 100."""
    half = len(digits) // 2
    splits = [half] if len(digits) % 2 == 0 else [half + 1, half]
    for at in splits:
        ns, ew = int(digits[:at]), int(digits[at:])
        if ns <= 100 and ew <= 100:
            return float(ns), float(ew)
    return None


_PERCENT = {
    Special.AVERAGE_PLUS: 60.0,
    Special.AVERAGE: 50.0,
    Special.AVERAGE_MINUS: 40.0,
    Special.NOT_PLAYED: 0.0,
    Special.LATE_PLAY: 0.0,
    Special.NOT_IN_PLAY: 0.0,
}


def score_text(ns: Score, ew: Score | None) -> str | None:
    """The SCORE of a line from both sides' scores; None where USEBIO cannot say it (an
    adjusted score that is not a whole percentage).

    >>> score_text(420, -420), score_text(Special.AVERAGE_PLUS, Special.AVERAGE_MINUS)
    ('420', 'A6040')
    >>> score_text(Special.NOT_PLAYED, Special.NOT_PLAYED), score_text(Assigned(70), None)
    ('A0000', 'A7030')
    """
    if isinstance(ns, int) and not isinstance(ns, Special):
        return str(ns)
    ns_percent = _percent(ns)
    if ns_percent is None:
        return None
    if ew is None or (isinstance(ew, int) and not isinstance(ew, Special)):
        ew_percent: float | None = 0.0 if ns_percent == 0 else 100 - ns_percent
    else:
        ew_percent = _percent(ew)
    if ew_percent is None or not (ns_percent.is_integer() and ew_percent.is_integer()):
        return None
    return f"A{int(ns_percent):02d}{int(ew_percent):02d}"


def side_score(text: str) -> Score:
    """One side's score (EW_SCORE, a split score's E-W side): points, or ``A`` and the
    side's assigned percentage.

    >>> side_score("-90"), side_score("A60")
    (-90, <Special.AVERAGE_PLUS: 'ave+'>)
    """
    stripped = text.strip().upper()
    if _DECIMAL.fullmatch(stripped):
        value = float(stripped)
        if value.is_integer() and abs(value) < 1_000_000:
            return int(value)
    if stripped[:1] == "A" and stripped[1:].isdigit() and int(stripped[1:]) <= 100:
        return Assigned.for_percent(float(stripped[1:]))
    raise Unreadable("points (at most 6 digits) or A and a percentage such as A60")


def side_score_text(score: Score) -> str | None:
    """The text :func:`side_score` reads (None: a share that is no whole percentage).

    >>> side_score_text(-90), side_score_text(Special.AVERAGE_PLUS)
    ('-90', 'A60')
    """
    if isinstance(score, int) and not isinstance(score, Special):
        return str(score)
    percent = _percent(score)
    return None if percent is None or not percent.is_integer() else f"A{int(percent)}"


def _percent(score: Score) -> float | None:
    if isinstance(score, Assigned):
        return float(score.percent) if 0 <= score.percent <= 100 else None
    if isinstance(score, Special):
        return _PERCENT[score]
    return None


def split_name(text: str) -> tuple[str, str]:
    """A name written as one text: (first name, last name); ``Last, First`` is understood.

    >>> split_name("ANN VAN DYKE"), split_name("Smith, Ann"), split_name("p6_1")
    (('ANN VAN', 'DYKE'), ('Ann', 'Smith'), ('', 'p6_1'))
    """
    stripped = text.strip()
    if "," in stripped:
        last, first = stripped.split(",", 1)
        return first.strip(), last.strip()
    first, _, last = stripped.rpartition(" ")
    return first.strip(), last
