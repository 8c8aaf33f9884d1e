"""Movements: who sits where and plays which board group in every round.

A schedule is a list of rounds; each round a list of tables (as many as the movement has);
each table a :class:`Table` (pairs: ``ns``, ``ew``; individuals: ``n``, ``s``, ``e``, ``w``)
or None when unused. Board groups are labels ("A", "B", ... or "1", "2", ...), kept as the
source wrote them.

The sizes a movement may have are bounded (:func:`size_problem`), so that no reader, check or
analysis does work that grows with a number a header claims rather than with what a file
holds: at most :data:`MAX_TABLES` tables and :data:`MAX_ROUNDS` rounds (real schedules have
up to 24 and 53), and at most twice as many contestants as one round seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from bridgeio.errors import report
from bridgeio.model.document import DocumentKind

if TYPE_CHECKING:
    from bridgeio.model.document import Document
    from bridgeio.model.results import Section

MAX_TABLES = 100
"""The most tables a movement may have (four times the largest real schedule)."""
MAX_ROUNDS = 150
"""The most rounds a movement may have (three times the largest real schedule)."""

Seating = tuple[int, int, str, str]
"""(round, table, direction, board group) of one contestant in one round, from 1."""


@dataclass(frozen=True)
class Table:
    """One table in one round: the contestants by seat and the board group.

    >>> Table((3, 8), "B").ew, Table((1, 2, 3, 4), "A").ew
    (8, 3)
    """

    seats: tuple[int, ...]  # (ns, ew) for pairs; (n, s, e, w) for individuals
    group: str

    @property
    def ns(self) -> int:
        """The N-S pair (pairs) or the North player (individuals)."""
        return self.seats[0]

    @property
    def ew(self) -> int:
        """The E-W pair (pairs) or the East player (individuals)."""
        return self.seats[1] if len(self.seats) == 2 else self.seats[2]


@dataclass
class Movement:
    """A whole schedule. ``round_lines`` (where each round was read) and ``format`` (what it
    was read from) say where a movement came from, not what it is: equality ignores them.

    >>> m = Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")]])
    >>> m.seating(3)
    [(1, 2, 'NS', 'B')]
    """

    kind: ClassVar[Literal[DocumentKind.MOVEMENT]] = DocumentKind.MOVEMENT

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
    round_lines: list[int] = field(default_factory=list, compare=False)  # source line a round
    format: str | None = field(default=None, compare=False)

    @property
    def seats_per_table(self) -> int:
        """2 (pairs) or 4 (individuals)."""
        return 4 if self.individual else 2

    @property
    def directions(self) -> tuple[str, ...]:
        """The seat names in the order of :attr:`Table.seats`."""
        return ("N", "S", "E", "W") if self.individual else ("NS", "EW")

    def seatings(self) -> dict[int, list[Seating]]:
        """Every contestant's rounds, from one pass over the schedule.

        >>> Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")]]).seatings()[4]
        [(1, 2, 'EW', 'B')]
        """
        found: dict[int, list[Seating]] = {}
        directions = self.directions
        for round_number, row in enumerate(self.schedule, start=1):
            for table_number, table in enumerate(row, start=1):
                if table is None:
                    continue
                for seat, contestant in zip(directions, table.seats, strict=False):
                    found.setdefault(contestant, []).append(
                        (round_number, table_number, seat, table.group)
                    )
        return found

    def seating(self, contestant: int) -> list[Seating]:
        """(round, table, direction, board group) for each round the contestant plays (for
        every contestant, :meth:`seatings` does it in one pass)."""
        return self.seatings().get(contestant, [])


def size_problem(
    participants: int, tables: int, rounds: int, groups: int, individual: bool
) -> tuple[str, str] | None:
    """(which number, what was expected) for the first size a movement cannot have, or None.

    Each bound keeps the work of reading, checking and analysing a movement in proportion to
    what its file holds: a schedule lists every table of every round (or, compact, of round
    1); contestants beyond twice the seats of a round could sit out more than half of every
    round; board groups beyond the table-rounds could never all be played.

    >>> size_problem(10, 5, 9, 9, False) is None
    True
    >>> size_problem(2**31, 5, 9, 9, False)
    ('participants', '1-20 contestants for 5 tables (twice the seats of a round), found 2147483648')
    """
    if not 1 <= tables <= MAX_TABLES:
        return "tables", f"1-{MAX_TABLES} tables, found {tables}"
    if not 1 <= rounds <= MAX_ROUNDS:
        return "rounds", f"1-{MAX_ROUNDS} rounds, found {rounds}"
    most = 2 * tables * (4 if individual else 2)
    if not 1 <= participants <= most:
        return (
            "participants",
            f"1-{most} contestants for {tables} tables (twice the seats of a round), "
            f"found {participants}",
        )
    if not 1 <= groups <= tables * rounds:
        return (
            "board_groups",
            f"1-{tables * rounds} board groups for {rounds} rounds of {tables} tables, "
            f"found {groups}",
        )
    return None


def group_labels(first_boards: list[int]) -> dict[int, str]:
    """Board groups named A, B, ... (or 1, 2, ... past 26) in order of their first board.

    >>> group_labels([7, 1, 4, 1])
    {1: 'A', 4: 'B', 7: 'C'}
    """
    ordered = sorted(set(first_boards))
    if len(ordered) > 26:
        return {board: str(i) for i, board in enumerate(ordered, start=1)}
    return {board: chr(ord("A") + i) for i, board in enumerate(ordered)}


Cells = dict[tuple[int, int], tuple[int, ...]]
"""(round, table) from 1: the seats there, (NS, EW) or (N, E, S, W) as a results file gives them."""

Played = tuple[int, int, tuple[int, ...], int]
"""One traveller line: round, table, seats ((NS, EW) or (N, E, S, W)) and board number."""


def from_schedule(
    schedule: list[list[tuple[int, ...] | None]], individual: bool, mitchell: bool
) -> Movement:
    """A movement from a results file's schedule: cells (NS, EW, first board) or
    (N, E, S, W, first board). In a Mitchell the E-W pairs are renumbered after the N-S pairs
    (E-W n becomes n + the highest N-S number that plays), since a schedule numbers
    contestants once. A table that plays no boards in a round (first board 0: the pair there
    meets the phantom and sits out), one where a seat is 0 (a phantom written as pair 0), and
    one a round's row leaves out are unused tables. Board groups are told apart by their
    first board (:func:`from_results` has the boards themselves).

    >>> m = from_schedule([[(1, 1, 1), (2, 2, 3)], [(1, 2, 5), (2, 0, 1)]], False, True)
    >>> m.schedule[1], m.participants, m.groups
    ([Table(seats=(1, 4), group='C'), None], 4, 3)
    """
    cells: Cells = {}
    first: dict[tuple[int, int], int] = {}
    for round_number, row in enumerate(schedule, start=1):
        for table_number, cell in enumerate(row, start=1):
            if cell and cell[-1] and all(cell[:-1]):
                cells[(round_number, table_number)] = cell[:-1]
                first[(round_number, table_number)] = cell[-1]
    labels = group_labels(list(first.values()))
    groups = {place: labels[board] for place, board in first.items()}
    width = max((len(row) for row in schedule), default=0)
    return _movement(cells, groups, len(schedule), width, individual, mitchell)


def from_results(played: list[Played], individual: bool, mitchell: bool) -> Movement:
    """The movement a game's board results show: who sat at which table in which round and
    which boards they played there. Rounds and tables run to the highest that played (a
    movement cut short has the rounds played, a table never played is left out at the end);
    a table-round with no result line is unused (a sit-out). A board group is every board
    played together at a table-round, joined across table-rounds that share a board (a board
    played in place of another, a board not played at one table), so each board has one
    group; groups are named in order of their lowest board. Mitchell E-W pairs are renumbered
    as :func:`from_schedule` says. ValueError when the lines are no movement: a table-round
    seating two different pairs of pairs, a contestant at two tables in a round, a round,
    table or contestant below 1, or more rounds or tables than a movement may have.

    >>> lines = [(1, 1, (1, 1), 1), (1, 1, (1, 1), 2), (1, 2, (2, 2), 3), (2, 1, (1, 2), 3)]
    >>> m = from_results(lines + [(2, 1, (1, 2), 4)], False, True)
    >>> m.schedule[1], m.groups, m.trailing
    ([Table(seats=(1, 4), group='B'), None], 2, '# Mitchell: E-W pair n is numbered n+2 here')
    """
    cells: Cells = {}
    boards: dict[tuple[int, int], set[int]] = {}
    for round_number, table_number, seats, board in played:
        place = (round_number, table_number)
        if min(round_number, table_number, *seats) < 1:
            raise ValueError(f"round {round_number} table {table_number}: {seats}")
        if cells.setdefault(place, seats) != seats:
            raise ValueError(f"round {round_number} table {table_number}: {cells[place]}, {seats}")
        boards.setdefault(place, set()).add(board)
    _require_one_table_a_round(cells, mitchell and not individual)
    lowest = _joined(list(boards.values()))
    labels = group_labels(list(lowest.values()))
    groups = {place: labels[lowest[min(found)]] for place, found in boards.items()}
    rounds = max((r for r, _ in cells), default=0)
    tables = max((t for _, t in cells), default=0)
    if not (1 <= rounds <= MAX_ROUNDS and 1 <= tables <= MAX_TABLES):
        raise ValueError(f"{rounds} rounds of {tables} tables")
    return _movement(cells, groups, rounds, tables, individual, mitchell)


def _require_one_table_a_round(cells: Cells, mitchell: bool) -> None:
    """ValueError for a contestant seated at two tables (or twice at one) in a round; a
    Mitchell numbers each direction apart (N-S 1 and E-W 1 are two pairs)."""
    seen: set[tuple[int, int, int]] = set()
    for (round_number, _), seats in cells.items():
        for seat, number in enumerate(seats):
            key = (round_number, seat if mitchell else 0, number)
            if key in seen:
                raise ValueError(f"round {round_number}: {number} seated twice")
            seen.add(key)


def _joined(played_together: list[set[int]]) -> dict[int, int]:
    """{board: the lowest board of its group}: boards played at one table-round are one
    group, and groups that share a board are one.

    >>> found = _joined([{1, 2, 3}, {4, 5}, {5, 6}, {9}])
    >>> found[6], found[9]
    (4, 9)
    """
    parent: dict[int, int] = {}

    def root(board: int) -> int:
        while parent.setdefault(board, board) != board:
            parent[board] = parent[parent[board]]  # halve the path as we go
            board = parent[board]
        return board

    for boards in played_together:
        first, *rest = sorted(boards)
        root(first)  # a board played alone is a group of its own
        for board in rest:
            a, b = root(first), root(board)
            parent[max(a, b)] = min(a, b)
    return {board: root(board) for board in parent}


def _movement(
    cells: Cells,
    groups: dict[tuple[int, int], str],
    rounds: int,
    tables: int,
    individual: bool,
    mitchell: bool,
) -> Movement:
    """The movement of ``cells`` (seats by round and table, as a results file numbers them)
    with the board group of each: individuals' (N, E, S, W) become ASC's (N, S, E, W), and a
    Mitchell's E-W pairs are numbered after the highest N-S pair that plays."""
    offset = max((s[0] for s in cells.values()), default=0) if mitchell and not individual else 0
    rows: list[list[Table | None]] = [[None] * tables for _ in range(rounds)]
    for (round_number, table_number), seats in cells.items():
        if individual:
            n, e, s, w = seats[:4]
            ordered: tuple[int, ...] = (n, s, e, w)
        else:
            ordered = (seats[0], seats[1] + offset)
        rows[round_number - 1][table_number - 1] = Table(
            ordered, groups[(round_number, table_number)]
        )
    numbers = [n for row in rows for t in row if t for n in t.seats]
    labels = set(groups.values())
    movement = Movement(max(numbers, default=0), tables, rounds, len(labels), individual, rows)
    if len(labels) > 26:
        movement.flags.append("g")
    if offset:
        movement.trailing = f"# Mitchell: E-W pair n is numbered n+{offset} here"
    return movement


# ------------------------------------------------------------ the movements a document shows


def movements(doc: Document) -> list[tuple[str, Movement]]:
    """A movement, or every section's movement of a results file, each with the suffix of its
    file name: the section's name (OUT-A.asc, OUT-B.asc), with the event number first when
    there are several events (OUT-1A.asc, OUT-2C.asc). A section's movement is the one its
    board results show (the game as played, :func:`played_movement`); a section without
    them has its schedule's (an ACBLscore match table) to the rounds the section says."""
    from bridgeio.model.results import Results

    if isinstance(doc, Movement):
        return [("", doc)]
    if not isinstance(doc, Results):
        return []
    parts: list[tuple[str, Movement]] = []
    for event in doc.events:
        for section in event.sections:
            name = section.name if len(doc.events) == 1 else f"{event.number}{section.name}"
            movement = played_movement(section, event.kind == "individual", f"section {name}")
            if movement is not None:
                parts.append((name, movement))
    return parts


def played_movement(section: Section, individual: bool, where: str = "") -> Movement | None:
    """The movement of a section of a results file: from its board results where every line
    gives its round, table and contestants, else from its schedule; None with neither. Board
    results that are no movement (two pairs of pairs at one table-round, ...) are reported as
    a warning at ``where`` and the schedule's movement is taken.

    >>> from bridgeio.model.results import Board, BoardResult, Section
    >>> section = Section("A", "mitchell", rounds=1, schedule=[[(1, 1, 1)], [(1, 2, 3)]])
    >>> played_movement(section, False).rounds  # the section says 1 round
    1
    >>> section.results = [Board(2, [BoardResult(1, 1, 1, 1)]), Board(5, [BoardResult(2, 1, 1, 2)])]
    >>> [row[0].group for row in played_movement(section, False).schedule]
    ['A', 'B']
    """
    mitchell = section.directional  # (a web Mitchell too: it moves boards, not pairs, apart)
    played: list[Played] = [
        (line.round, line.table, line.seats or (line.ns, line.ew), board.number)
        for board in section.results
        for line in board.results
    ]
    if played and all(r and t for r, t, _, _ in played):
        try:
            movement = _seating_every_table(from_results(played, individual, mitchell), section)
        except ValueError as error:
            what = "its schedule's" if section.schedule else "none"
            message = f"the board results are no movement ({error}); the movement written: {what}"
            report(None, where or f"section {section.name}", message, "warning")
        else:
            return _as_played(movement, where or f"section {section.name}")
    schedule = section.schedule
    if 0 < (section.rounds or 0) < len(schedule):  # a match table of more rounds than the game
        schedule = schedule[: section.rounds]
    return from_schedule(schedule, individual, mitchell) if schedule else None


AS_PLAYED = "# As played:"
"""The note that opens a movement's trailing text where the game's results have a contestant
play a board group again (a board misrouted: ACBLscore's 9-table Mitchell with a half table,
the pair's first score carried and its opponents given an average): the movement is the game's
record, and a check says so as a warning rather than as a design's error."""


def repeats(movement: Movement) -> list[tuple[int, int, int, str]]:
    """(round, table, contestant, board group) of each meeting with a board group the
    contestant played in an earlier round.

    >>> m = Movement(4, 2, 2, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")],
    ...                                  [Table((1, 4), "A"), Table((3, 2), "B")]])
    >>> repeats(m)
    [(2, 1, 1, 'A'), (2, 2, 3, 'B')]
    """
    seen: set[tuple[int, str]] = set()
    found = []
    for round_number, row in enumerate(movement.schedule, start=1):
        for table_number, table in enumerate(row, start=1):
            if table is None:
                continue
            for number in table.seats:
                key = (number, table.group)
                if number and key in seen:
                    found.append((round_number, table_number, *key))
                seen.add(key)
    return found


def _as_played(movement: Movement, where: str) -> Movement:
    """``movement``, with a note (:data:`AS_PLAYED`, said as a warning at ``where``) where
    the results have a contestant play a board group again."""
    again = repeats(movement)
    if not again:
        return movement
    meetings = "; ".join(f"{n}: {g} in round {r}" for r, _, n, g in again[:6])
    more = f" and {len(again) - 6} more" if len(again) > 6 else ""
    note = (
        f"{AS_PLAYED} the game's results have contestants play a board group again"
        f" (contestant {meetings}{more}): the movement as the game was played, not one to play"
    )
    report(None, where, note.removeprefix("# ").replace("As played:", "as played:"), "warning")
    movement.trailing = "\n".join(t for t in (movement.trailing, note) if t)
    return movement


def _seating_every_table(movement: Movement, section: Section) -> Movement:
    """``movement`` with as many tables as the section's schedule seats a pair at (a table
    where an E-W pair sits out against a phantom N-S has no board results, but it is one of
    the movement's tables: a 9-table Mitchell of 17 pairs is not an 8-table one)."""
    seated = max(
        (
            table
            for row in section.schedule[: movement.rounds]
            for table, cell in enumerate(row, start=1)
            if cell and any(cell[:-1])
        ),
        default=0,
    )
    if seated > movement.tables:
        for row in movement.schedule:
            row.extend([None] * (seated - len(row)))
        movement.tables = seated
    return movement
