"""Chess tournaments (the tournament index of a ChessBase database), format-neutral."""

from __future__ import annotations

import calendar
import datetime
import re
from collections.abc import MutableSequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, Literal

from bridgeio.errors import Severity
from bridgeio.model.document import DocumentKind

PAIRINGS = (
    "none",
    "game",
    "match",
    "round_robin",
    "swiss",
    "team",
    "knockout",
    "simul",
    "scheveningen",
)
"""Pairing systems by their code 0-8."""
TIME_CONTROLS = ("blitz", "rapid", "correspondence")
"""Time controls that may be marked; none marked means classical."""


def _load_nations() -> list[tuple[str, str]]:
    text = Path(__file__).with_name("nations.tsv").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in text.splitlines()[1:] if line.strip()]
    table = [("", "")] * len(rows)
    for code, ioc, name in rows:
        table[int(code)] = (ioc, name)
    return table


NATIONS = _load_nations()
"""(IOC code, name) in ChessBase's numbering; entry 0 is no nation."""
NATION_NAMES: dict[str, str] = {}
for _ioc, _name in NATIONS[1:]:
    NATION_NAMES.setdefault(_ioc, _name)


@dataclass(frozen=True, order=True)
class PartialDate:
    """A date whose day, month or even year may be unknown (0), kept as the source gave it.

    ChessBase writes a known year and day with no month ("2004-0-19"); such a date is held
    as it is, and :meth:`iso` gives what of it an ISO date can say: the year, then the month
    and day only where they are known and real dates.

    >>> PartialDate(1886, 1, 11).iso(), PartialDate(1886, 1, 0).iso(), PartialDate(0, 0, 0).iso()
    ('1886-01-11', '1886-01', None)
    >>> PartialDate(2004, 0, 19).iso(), PartialDate(2004, 2, 30).iso()
    ('2004', '2004-02')
    >>> PartialDate.from_iso("1886-01")
    PartialDate(year=1886, month=1, day=0)
    """

    year: int = 0
    month: int = 0
    day: int = 0

    def iso(self) -> str | None:
        """The partial ISO date of what is known: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``
        (None without a year); a month that is no month, or a day that month does not have,
        ends it early."""
        if not 1 <= self.year <= 9999:
            return None
        text = f"{self.year:04d}"
        if 1 <= self.month <= 12:
            text += f"-{self.month:02d}"
            if 1 <= self.day <= calendar.monthrange(self.year, self.month)[1]:
                text += f"-{self.day:02d}"
        return text

    @property
    def exact(self) -> bool:
        """Whether :meth:`iso` says all of it (``from_iso(d.iso()) == d``).

        >>> PartialDate(2004, 5).exact, PartialDate(2004, 0, 19).exact
        (True, False)
        """
        text = self.iso()
        return (self == PartialDate()) if text is None else PartialDate.from_iso(text) == self

    def text(self) -> str:
        """Year, month and day as stored, 0 for unknown: ``2004-0-19``."""
        return f"{self.year}-{self.month}-{self.day}"

    def problem(self) -> tuple[Severity, str] | None:
        """What is odd about the date: an error for a month or day no calendar has, a warning
        for a known day without its month or a month or day without a year (ChessBase
        writes such dates); None for a full or a leading partial date.

        >>> PartialDate(2004, 0, 19).problem()
        ('warning', 'date 2004-0-19: a day without a month')
        >>> PartialDate(2004, 2, 30).problem()
        ('error', 'date 2004-2-30: February 2004 has no day 30')
        """
        where = f"date {self.text()}"
        if self.month > 12:
            return "error", f"{where}: {self.month} is not a month"
        if self.year and self.month and self.day:
            last = calendar.monthrange(self.year, self.month)[1] if self.year <= 9999 else 31
            if self.day > last:
                name = calendar.month_name[self.month]
                return "error", f"{where}: {name} {self.year} has no day {self.day}"
        elif self.day > 31:
            return "error", f"{where}: {self.day} is not a day"
        if not self.year and (self.month or self.day):
            return "warning", f"{where}: a month or day without a year"
        if self.day and not self.month:
            return "warning", f"{where}: a day without a month"
        return None

    @classmethod
    def from_iso(cls, text: str | None) -> PartialDate:
        """The date of ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` (None or "": unknown);
        ValueError for anything else, an impossible date among them.

        >>> PartialDate.from_iso("2004-02-30")
        Traceback (most recent call last):
        ValueError: not a date: '2004-02-30' (day is out of range for month)
        """
        if not text:
            return cls()
        found = _ISO.fullmatch(text) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"not a partial ISO date (YYYY, YYYY-MM or YYYY-MM-DD): {text!r}")
        year, month, day = (int(part) if part else 0 for part in found.groups())
        if found.group(2) is not None and not month or found.group(3) is not None and not day:
            raise ValueError(f"not a date: {text!r} (a month or day of 00)")
        try:
            datetime.date(year, month or 1, day or 1)
        except ValueError as error:
            raise ValueError(f"not a date: {text!r} ({error})") from None
        return cls(year, month, day)


_ISO = re.compile(r"([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?", re.ASCII)


@dataclass
class Tournament:
    """One tournament: what ChessBase records about an event.

    ``nation`` is an IOC code ("" for none; "#n" for a number no table knows);
    ``time_control`` is a set of the names in :data:`TIME_CONTROLS` (empty: classical).

    >>> t = Tournament("Hastings", "Hastings", PartialDate(1895, 8, 5), pairing="round_robin")
    >>> t.time_control_name, t.date.iso()
    ('classical', '1895-08-05')
    """

    title: str = ""
    place: str = ""
    date: PartialDate = field(default_factory=PartialDate)
    pairing: str = "none"
    time_control: frozenset[str] = frozenset()
    team: bool = False
    nation: str = ""
    category: int = 0
    complete: bool = False
    legacy_complete: bool = False
    board_points: bool = False
    three_points_for_win: bool = False
    rounds: int = 0
    games: int = 0
    first_game: int = 0

    @property
    def time_control_name(self) -> str:
        """The marked time controls joined by "+", or "classical"."""
        return "+".join(t for t in TIME_CONTROLS if t in self.time_control) or "classical"

    @property
    def nation_name(self) -> str:
        """The English name of :attr:`nation` ("" where unknown)."""
        if self.nation.startswith("#") and self.nation[1:].isdecimal():
            number = int(self.nation[1:])
            return NATIONS[number][1] if number < len(NATIONS) else ""
        return NATION_NAMES.get(self.nation, "")

    def sort_key(self) -> tuple[int, str, str, int, int]:
        """The usual index order: year descending, title, place, month and day descending."""
        d = self.date
        return (-d.year, self.title, self.place, -d.month, -d.day)


class TournamentIndex:
    """Tournaments by id (None for an empty id), with the order to list them in.

    >>> index = TournamentIndex([Tournament("B"), None, Tournament("A")])
    >>> index.sort_order(), len(index), index == TournamentIndex(list(index.tournaments))
    ([2, 0], 2, True)
    """

    kind: ClassVar[Literal[DocumentKind.TOURNAMENTS]] = DocumentKind.TOURNAMENTS

    format: str | None = None
    """The format it was read from."""

    def __init__(
        self, tournaments: MutableSequence[Tournament | None], format: str | None = None
    ) -> None:
        self.tournaments = tournaments  # a list, or a list-like view of a file's slots
        self.format = format

    def with_ids(self) -> list[tuple[int, Tournament]]:
        """(id, tournament) of every id that holds one, in id order."""
        return [(i, t) for i, t in enumerate(self.tournaments) if t is not None]

    def sort_order(self) -> list[int]:
        """Ids in the usual order (:meth:`Tournament.sort_key`)."""
        return [i for i, _ in sorted(self.with_ids(), key=lambda item: item[1].sort_key())]

    def __len__(self) -> int:
        return sum(t is not None for t in self.tournaments)

    def __eq__(self, other: object) -> bool:
        """The same tournaments under the same ids (where they came from aside)."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, TournamentIndex)
        return list(self.tournaments) == list(other.tournaments)

    __hash__ = None  # type: ignore[assignment]
