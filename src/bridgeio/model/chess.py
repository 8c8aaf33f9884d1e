"""Chess tournaments (the tournament index of a ChessBase database), format-neutral."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

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
    """A date whose day, month or even year may be unknown (0).

    >>> PartialDate(1886, 1, 11).iso(), PartialDate(1886, 1, 0).iso(), PartialDate(0, 0, 0).iso()
    ('1886-01-11', '1886-01', None)
    >>> PartialDate.from_iso("1886-01")
    PartialDate(year=1886, month=1, day=0)
    """

    year: int = 0
    month: int = 0
    day: int = 0

    def iso(self) -> str | None:
        if not self.year:
            return None
        text = f"{self.year:04d}"
        if self.month:
            text += f"-{self.month:02d}"
            if self.day:
                text += f"-{self.day:02d}"
        return text

    @classmethod
    def from_iso(cls, text: str | None) -> PartialDate:
        if not text:
            return cls()
        parts = [int(p) for p in text.split("-")]
        if len(parts) > 3 or not all(p >= 0 for p in parts):
            raise ValueError(f"not a date: {text!r}")
        return cls(*parts)


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
        return "+".join(t for t in TIME_CONTROLS if t in self.time_control) or "classical"

    @property
    def nation_name(self) -> str:
        if self.nation.startswith("#") and self.nation[1:].isdecimal():
            number = int(self.nation[1:])
            return NATIONS[number][1] if number < len(NATIONS) else ""
        return NATION_NAMES.get(self.nation, "")

    def sort_key(self) -> tuple:
        """The usual index order: year descending, title, place, month and day descending."""
        d = self.date
        return (-d.year, self.title, self.place, -d.month, -d.day)


class TournamentIndex:
    """Tournaments by id (None for an empty id), with the order to list them in."""

    def __init__(self, tournaments: list[Tournament | None]) -> None:
        self.tournaments = tournaments

    def sort_order(self) -> list[int]:
        live = [i for i, t in enumerate(self.tournaments) if t is not None]
        return sorted(live, key=lambda i: self.tournaments[i].sort_key())

    def __len__(self) -> int:
        return sum(t is not None for t in self.tournaments)
