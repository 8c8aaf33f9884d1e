"""Who is who in a section: every entry's anchor, label and names, and how a board result's
pair or player numbers find their entry.

>>> from bridgeio.model.results import Direction, Entry, Player, Section
>>> s = Section("A", entries=[Entry("3NS", 3, Direction.NS, players=[Player("Smith", "Ann")])])
>>> found = Roster(s, 0).ns(3)
>>> found.label, found.anchor, found.names
('3NS', 's0-ns3', ['Ann Smith'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeio.model.results import Direction, Entry, Section


@dataclass
class Who:
    """An entry as links name it: its anchor (its scorecard), label and names."""

    anchor: str
    label: str
    names: list[str] = field(default_factory=list)
    entry: Entry | None = None

    @property
    def team(self) -> str:
        """A team's name, else the label."""
        return self.entry.name if self.entry is not None and self.entry.name else self.label

    @property
    def short(self) -> str:
        """The label without its direction (``"3"`` for ``"3NS"``): a phone's traveller,
        whose columns say the direction."""
        if self.entry is not None and self.entry.direction is not None:
            return self.label.removesuffix(self.entry.direction.value) or self.label
        return self.label

    @property
    def name(self) -> str:
        """The names joined for one line (``"Ann Smith – Bob Jones"``), else the label."""
        return " – ".join(self.names) or self.label


def names(entry: Entry) -> list[str]:
    """A team's name (if any), then its players' names as the file gives them."""
    found = [entry.name] if entry.name else []
    return found + [p.name for p in entry.players if p.name]


class Roster:
    """The entries of one section, found by number and direction."""

    def __init__(self, section: Section, index: int, prefix: str = "") -> None:
        self.key = f"{prefix}s{index}"  # (the prefix tells apart the events of one page)
        self.by_place: dict[tuple[int, Direction | None], Who] = {}
        for entry in section.entries:
            direction = entry.direction.value.lower() if entry.direction else "x"
            anchor = f"{self.key}-{direction}{entry.number}"
            who = Who(anchor, entry.id or str(entry.number), names(entry), entry)
            self.by_place.setdefault((entry.number, entry.direction), who)
        # one number a pair: it sits either way (Ruter gives a Howell's pairs a direction)
        self.by_number = {number: who for (number, _), who in self.by_place.items()}
        if len(self.by_number) < len(self.by_place):
            self.by_number.clear()

    def find(self, number: int, direction: Direction) -> Who:
        """The entry seated ``direction`` with this number (a Howell pair has no direction);
        a number no entry has (a phantom, a withdrawn pair) is named by the number alone, and
        0 (a played board that names no players) by a dash."""
        found = self.by_place.get((number, direction)) or self.by_place.get((number, None))
        found = found or self.by_number.get(number)
        return found or Who("", str(number) if number else "—")

    def ns(self, number: int) -> Who:
        """The N-S pair (or North player) with this number."""
        return self.find(number, Direction.NS)

    def ew(self, number: int) -> Who:
        """The E-W pair (or East player) with this number."""
        return self.find(number, Direction.EW)

    def team(self, number: int) -> Who:
        """The team with this number."""
        found = self.by_place.get((number, None))
        return found or self.find(number, Direction.NS)

    def player(self, number: int) -> Who:
        """A player of an individual event."""
        return self.find(number, Direction.NS)

    def everyone(self) -> list[Who]:
        """Every entry, in the file's order."""
        return list(self.by_place.values())
