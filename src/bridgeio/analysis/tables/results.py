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

from typing import Any

from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.deals import add_deals
from bridgeio.model.movement import Played, from_results
from bridgeio.model.results import (
    Award,
    Board,
    Entry,
    Event,
    EventKind,
    Results,
    Score,
    Section,
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
        ),
    )
    for section in event.sections:
        keys = (file_id, event.number, section.name)
        add_section(tables, keys, section)
        add_movement(tables, keys, section, event.kind == EventKind.INDIVIDUAL)


def add_section(tables: Tables, keys: tuple[int, int, str], section: Section) -> None:
    """A section's row, its entries and players, results and team matches."""
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
    for entry in section.entries:
        add_entry(tables, keys, entry)
    tables.extend("results", result_rows(keys, section.results, None))
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
            ),
        )
        tables.extend("results", result_rows(keys, match.boards, (match.home, match.away)))


def add_entry(tables: Tables, keys: tuple[int, int, str], entry: Entry) -> None:
    """An entry's row and its players' rows."""
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
            ),
        )


def awarded(awards: dict[str, list[Award]]) -> float | None:
    """Masterpoints awarded for this session (the ``current`` awards, else the ``total``);
    None when the file records no awards at all."""
    found = awards.get("current", awards.get("total"))
    if found is None:
        return None
    return round(sum(a.points for a in found), 2)


def result_rows(
    keys: tuple[int, int, str], boards: list[Board], match: tuple[int, int] | None
) -> list[tuple[Any, ...]]:
    """One row per traveller line of ``boards``."""
    home, away = match if match else (None, None)
    rows = []
    for board in boards:
        for line in board.results:
            contract = line.contract
            declarer = None if contract is None else contract.declarer
            ns, ns_adjusted = _score(line.ns_score)
            ew, ew_adjusted = _score(line.ew_score)
            south = west = None
            if line.seats is not None:
                south, west = line.seats[2], line.seats[3]
            rows.append(
                (
                    *keys,
                    board.number,
                    line.round,
                    line.table,
                    line.ns,
                    line.ew,
                    None if contract is None else contract.text,
                    None if declarer is None else declarer.char,
                    None if line.lead is None else str(line.lead),
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
                )
            )
    return rows


def _score(score: Score | None) -> tuple[int | None, str | None]:
    """(points, None) for points, (None, its name) for an adjusted score."""
    if score is None or type(score) is int:
        return score, None
    text = score_text(score)
    return None, None if text is None else str(text)


def add_movement(
    tables: Tables, keys: tuple[int, int, str], section: Section, individual: bool
) -> None:
    """Who sat where in each round, as the section's traveller lines show it (nothing when
    the lines make no movement, such as a team event's)."""
    played: list[Played] = [
        (line.round, line.table, line.seats or (line.ns, line.ew), board.number)
        for board in section.results
        for line in board.results
    ]
    mitchell = section.movement == "mitchell" and not individual
    try:
        movement = from_results(played, individual, mitchell) if played else None
    except ValueError:
        return
    if movement is None:
        return
    offset = max((p[2][0] for p in played), default=0) if mitchell else 0
    for round_number, row in enumerate(movement.schedule, start=1):
        for table_number, table in enumerate(row, start=1):
            if table is None:
                continue
            if individual:  # the movement's seats are N, S, E, W
                n, s, e, w = table.seats
                seats: tuple[int | None, ...] = (n, e, s, w)
            else:
                seats = (table.seats[0], table.seats[1] - offset, None, None)
            tables.add("movements", (*keys, round_number, table_number, *seats, table.group))
