"""Movements: who sits where and plays which board group in every round.

A schedule is a list of rounds; each round a list of tables; each table a :class:`Table`
(pairs: ``ns``, ``ew``; individuals: ``n``, ``s``, ``e``, ``w``) or None when unused.
Board groups are labels ("A", "B", ... or "1", "2", ...), kept as the source wrote them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Table:
    """One table in one round: the contestants by seat and the board group."""

    seats: tuple[int, ...]  # (ns, ew) for pairs; (n, s, e, w) for individuals
    group: str

    @property
    def ns(self) -> int:
        return self.seats[0]

    @property
    def ew(self) -> int:
        return self.seats[1] if len(self.seats) == 2 else self.seats[2]


@dataclass
class Movement:
    """A whole schedule.

    >>> m = Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")]])
    >>> m.seating(3)
    [(1, 2, 'NS', 'B')]
    """

    participants: int
    tables: int
    rounds: int
    groups: int
    individual: bool
    schedule: list[list[Table | None]] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)  # header flags as found (g, l, L, H, M, ...)
    comment: str = ""  # a comment on the header line
    trailing: str = ""  # free text after the last round (e.g. "Qf=83.76")
    compact: bool = False  # H/M: only round 1 given, later rounds not computed
    round_lines: list[int] = field(default_factory=list)  # source line of each round
    format: str | None = None

    def seating(self, contestant: int) -> list[tuple[int, int, str, str]]:
        """(round, table, direction, board group) for each round the contestant plays."""
        seats = ("N", "S", "E", "W") if self.individual else ("NS", "EW")
        out = []
        for round_number, row in enumerate(self.schedule, start=1):
            for table_number, table in enumerate(row, start=1):
                if table and contestant in table.seats:
                    out.append(
                        (
                            round_number,
                            table_number,
                            seats[table.seats.index(contestant)],
                            table.group,
                        )
                    )
        return out


def group_labels(first_boards: list[int]) -> dict[int, str]:
    """Board groups named A, B, ... (or 1, 2, ... past 26) in order of their first board."""
    ordered = sorted(set(first_boards))
    if len(ordered) > 26:
        return {board: str(i) for i, board in enumerate(ordered, start=1)}
    return {board: chr(ord("A") + i) for i, board in enumerate(ordered)}


def from_schedule(
    schedule: list[list[tuple[int, ...] | None]], individual: bool, mitchell: bool
) -> Movement:
    """A movement from a results file's schedule: cells (NS, EW, first board) or
    (N, E, S, W, first board). In a Mitchell the E-W pairs are renumbered after the N-S pairs
    (E-W n becomes n + the number of N-S pairs), since a schedule numbers contestants once.
    A table that plays no boards in a round (first board 0: the pair there meets the phantom
    and sits out) is an unused table."""
    schedule = [[c if c and c[-1] else None for c in row] for row in schedule]
    cells = [c for row in schedule for c in row if c]
    labels = group_labels([c[-1] for c in cells])
    offset = max((c[0] for c in cells), default=0) if mitchell and not individual else 0
    rows = []
    for row in schedule:
        out: list[Table | None] = []
        for cell in row:
            if cell is None:
                out.append(None)
            elif individual:
                n, e, s, w = cell[:4]
                out.append(Table((n, s, e, w), labels[cell[-1]]))
            else:
                out.append(Table((cell[0], cell[1] + offset), labels[cell[-1]]))
        rows.append(out)
    numbers = [n for row in rows for t in row if t for n in t.seats]
    movement = Movement(
        max(numbers, default=0),
        max((len(r) for r in rows), default=0),
        len(rows),
        len(labels),
        individual,
        rows,
    )
    if len(labels) > 26:
        movement.flags.append("g")
    if offset:
        movement.trailing = f"# Mitchell: E-W pair n is numbered n+{offset} here"
    return movement
