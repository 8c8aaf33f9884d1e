"""The rows of a results file: events, sections, entries, players, results, team matches,
the movement each section's results show, and each event's hand record.

>>> from bridgeio.model.results import Board, BoardResult, Entry, Event, Results, Section
>>> section = Section("A", entries=[Entry("3NS", 3, score=55.0)],
...                   results=[Board(7, [BoardResult(1, 2, ns=3, ew=5, ns_score=420,
...                                                  ew_score=-420)])])
>>> tables = Tables()
>>> add_results(tables, 0, Results([Event(sections=[section])]))
>>> tables.rows["results"][0][:10]
(0, 1, 'A', 7, 1, 2, 3, 5, None, None)
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.deals import add_deals
from bridgeio.analysis.tables.play import play_rows
from bridgeio.model.movement import MAX_ROUNDS, MAX_TABLES, Played, from_results, group_labels
from bridgeio.model.results import (
    Award,
    Board,
    Entry,
    Event,
    EventKind,
    Results,
    Score,
    Section,
    outside_matches,
    score_text,
)


def add_results(tables: Tables, file_id: int, results: Results) -> None:
    """Every row a results file holds, under ``file_id``."""
    for event in results.events:
        add_event(tables, file_id, event)
        if event.deals is not None:
            add_deals(tables, file_id, event.deals, event.number)


def add_event(tables: Tables, file_id: int, event: Event) -> None:
    """An event's row and those of its sections."""
    tables.add(
        "events",
        (
            file_id,
            event.number,
            event.name,
            event.session_name,
            event.date,
            event.club,
            event.club_number,
            event.director,
            event.city,
            event.kind.value,
            event.scoring.value,
            event.rating,
            event.match_scoring.value if event.match_scoring else None,
            event.pairwise_scoring.value if event.pairwise_scoring else None,
        ),
    )
    for number, session in enumerate(event.sessions, start=1):
        tables.add("event_sessions", (file_id, event.number, number, session.id, session.date))
    for section in event.sections:
        keys = (file_id, event.number, section.name)
        add_section(tables, keys, section, event.kind == EventKind.INDIVIDUAL)
    for entry in event.entries:  # the overall standings of an event of several sessions
        add_entry(tables, (file_id, event.number, None), entry, None)


def add_section(
    tables: Tables, keys: tuple[int, int, str], section: Section, individual: bool = False
) -> None:
    """A section's row, its entries and players, results, movement and team matches."""
    tables.add(
        "sections",
        (
            *keys,
            section.movement,
            section.tables,
            section.rounds,
            section.boards,
            section.boards_per_round,
            section.board_top,
            section.session,
        ),
    )
    session = section.session
    for entry in section.entries:
        add_entry(tables, keys, entry, session)
    cells: Cells = {}
    boards = outside_matches(section)
    tables.extend("results", result_rows(keys, boards, None, cells, session))
    play_rows(keys, boards, tables.rows["calls"], tables.rows["cards"], session)
    if cells:
        add_movement(tables, keys, cells, section.directional and not individual, session)
    for match in section.matches:
        tables.add(
            "team_matches",
            (
                *keys,
                match.round,
                match.home,
                match.away,
                match.home_imps,
                match.away_imps,
                match.home_vp,
                match.away_vp,
                match.table,
                session,
            ),
        )
        played = (match.home, match.away)
        tables.extend("results", result_rows(keys, match.boards, played, None, session))
        play_rows(keys, match.boards, tables.rows["calls"], tables.rows["cards"], session)


def add_entry(
    tables: Tables, keys: tuple[int, int, str | None], entry: Entry, session: int | None = None
) -> None:
    """An entry's row and its players' rows; ``session``: the session its section belongs
    to (None with no section: an entry of an event's overall standings)."""
    tables.add(
        "entries",
        (
            *keys,
            entry.id,
            entry.number,
            None if entry.direction is None else entry.direction.value,
            entry.name,
            entry.score,
            entry.percentage,
            entry.rank,
            entry.tied,
            entry.strat,
            entry.boards_played,
            None if entry.seat is None else entry.seat.char,
            awarded(entry.awards),
            session,
            entry.carry_forward,
        ),
    )
    for seat, player in enumerate(entry.players, start=1):
        tables.add(
            "players",
            (
                *keys,
                entry.id,
                seat,
                player.last_name,
                player.first_name,
                player.player_number or None,
                player.masterpoints,
                player.city,
                player.state,
                player.country,
                awarded(player.awards),
                session,
            ),
        )


def awarded(awards: dict[str, list[Award]]) -> float | None:
    """Masterpoints awarded for this session (the ``current`` awards, else the ``total``);
    None when the file records no awards at all."""
    found = awards.get("current", awards.get("total"))
    if found is None:
        return None
    return round(sum(a.points for a in found), 2)


Cells = dict[tuple[int, int], tuple[tuple[int, ...], set[int]]]
"""(round, table): the seats there and the boards they played (None: no movement)."""


def result_rows(
    keys: tuple[int, int, str],
    boards: list[Board],
    match: tuple[int, int] | None,
    cells: Cells | None = None,
    session: int | None = None,
) -> list[tuple[Any, ...]]:
    """One row per traveller line of ``boards``; ``cells`` gathers who sat where and the
    boards they played, for the movement (emptied when the lines make no movement)."""
    home, away = match if match else (None, None)
    given = cells
    rows: list[tuple[Any, ...]] = []
    add = rows.append
    for board in boards:
        number = board.number
        for line in board.results:
            contract = line.contract
            text = declarer = lead = None
            if contract is not None:
                text = contract.text
                declarer = None if contract.declarer is None else contract.declarer.char
            if line.lead is not None:
                lead = str(line.lead)
            ns, ew = line.ns_score, line.ew_score
            ns_adjusted = ew_adjusted = south = west = None
            if type(ns) is not int and ns is not None:
                ns, ns_adjusted = _score(ns)
            if type(ew) is not int and ew is not None:
                ew, ew_adjusted = _score(ew)
            seats = line.seats
            if seats is not None:
                south, west = seats[2], seats[3]
            if cells is not None:
                place = (line.round, line.table)
                cell = cells.get(place)
                if cell is None:
                    cells[place] = (seats or (line.ns, line.ew), {number})
                elif cell[0] != (seats or (line.ns, line.ew)):
                    cells = None  # two different pairs of pairs at one table-round
                else:
                    cell[1].add(number)
            add(
                (
                    *keys,
                    number,
                    line.round or None,  # 0: the file does not say (USEBIO)
                    line.table or None,
                    line.ns,
                    line.ew,
                    text,
                    declarer,
                    lead,
                    line.tricks,
                    ns,
                    ew,
                    line.ns_points,
                    line.ew_points,
                    ns_adjusted,
                    ew_adjusted,
                    south,
                    west,
                    home,
                    away,
                    session,
                )
            )
    if cells is None and given is not None:
        given.clear()
    return rows


def _score(score: Score | None) -> tuple[int | None, str | None]:
    """(points, None) for points, (None, its name) for an adjusted score."""
    if score is None or type(score) is int:
        return score, None
    text = score_text(score)
    return None, None if text is None else str(text)


def add_movement(
    tables: Tables,
    keys: tuple[int, int, str],
    cells: Cells,
    mitchell: bool,
    session: int | None = None,
) -> None:
    """Who sat where in each round, as a section's traveller lines show it."""
    individual = 4 in {len(seats) for seats, _ in cells.values()}
    groups = _groups(cells, mitchell)
    if groups is None:  # boards shared between table-rounds, or no movement: the model says
        exact = exact_movement(cells, individual, mitchell)
        tables.extend("movements", [(*keys, *row, session) for row in exact])
        return
    if individual:
        rows = [
            (*keys, *place, *seats, groups[place], session) for place, (seats, _) in cells.items()
        ]
    else:
        rows = [
            (*keys, *place, seats[0], seats[1], None, None, groups[place], session)
            for place, (seats, _) in cells.items()
        ]
    rows.sort(key=itemgetter(3, 4))  # by round and table (the keys are the section's)
    tables.extend("movements", rows)


def _seats(seats: tuple[int, ...], individual: bool) -> tuple[int | None, ...]:
    """(ns, ew, south, west) of a table: pairs' two, individuals' N, E, S, W."""
    return seats if individual else (seats[0], seats[1], None, None)


def _groups(cells: Cells, mitchell: bool) -> dict[tuple[int, int], str] | None:
    """Each table-round's board group, named as :func:`~bridgeio.model.movement.from_results`
    names them, when every table-round's boards are a group of their own (no board played at
    two table-rounds with different boards) and the lines are a movement; else None."""
    first: dict[frozenset[int], int] = {}  # the lowest board of each set played together
    played = {place: frozenset(boards) for place, (_, boards) in cells.items()}
    for boards in played.values():
        if boards not in first:
            first[boards] = min(boards)
    lowest: dict[int, int] = {}
    for boards, board_group in first.items():
        for board in boards:
            if lowest.setdefault(board, board_group) != board_group:
                return None
    if not _seated_once(cells, mitchell):
        return None  # someone seated twice in a round, or a contestant numbered 0
    rounds = [r for r, _ in cells]
    tables = [t for _, t in cells]
    if min(rounds) < 1 or min(tables) < 1 or max(rounds) > MAX_ROUNDS or max(tables) > MAX_TABLES:
        return None
    labels = group_labels(list(first.values()))
    return {place: labels[first[boards]] for place, boards in played.items()}


def _seated_once(cells: Cells, mitchell: bool) -> bool:
    """No one seated twice in a round (in a Mitchell, N-S and E-W numbers are apart), and
    every contestant numbered from 1."""
    seats = [seats for seats, _ in cells.values()]
    rounds = [r for r, _ in cells]
    if any(len(s) != 2 for s in seats):  # individuals (or a mix): seat by seat
        seated = [
            (round_number, seat if mitchell else 0, number)
            for round_number, numbers in zip(rounds, seats, strict=True)
            for seat, number in enumerate(numbers)
        ]
        return len(set(seated)) == len(seated) and min(n for _, _, n in seated) >= 1
    ns, ew = [s[0] for s in seats], [s[1] for s in seats]
    if min(ns) < 1 or min(ew) < 1:
        return False
    if mitchell:
        count = len(seats)
        return (
            len(set(zip(rounds, ns, strict=True)))
            == count
            == len(set(zip(rounds, ew, strict=True)))
        )
    return len(set(zip(rounds + rounds, ns + ew, strict=True))) == 2 * len(seats)


def exact_movement(
    cells: Cells,
    individual: bool,
    mitchell: bool,
) -> list[tuple[int | str | None, ...]]:
    """The rows of :func:`~bridgeio.model.movement.from_results`' movement (none when the
    lines make no movement), in our numbering: a Mitchell's E-W pairs as the file has them."""
    played: list[Played] = [
        (r, t, seats, board) for (r, t), (seats, boards) in cells.items() for board in boards
    ]
    try:
        movement = from_results(played, individual, mitchell)
    except ValueError:
        return []
    offset = max(seats[0] for seats, _ in cells.values()) if mitchell else 0
    rows: list[tuple[int | str | None, ...]] = []
    for round_number, row in enumerate(movement.schedule, start=1):
        for table_number, table in enumerate(row, start=1):
            if table is None:
                continue
            if individual:  # the movement's seats are N, S, E, W
                n, s, e, w = table.seats
                seats: tuple[int | None, ...] = (n, e, s, w)
            else:
                seats = (table.seats[0], table.seats[1] - offset, None, None)
            rows.append((round_number, table_number, *seats, table.group))
    return rows
