"""Game files built from scratch (team and individual events have no real files here) read back
as what was put in; real corpus files rebuilt from their reading read back the same."""

from __future__ import annotations

import pytest

import bridgeio
from bridgeio.formats.acblscore.builder import build
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Entry,
    Event,
    Match,
    Player,
    Results,
    Section,
    StratRank,
)


def player(n: int) -> Player:
    return Player(
        f"Last{n}",
        f"First{n}",
        f"K{n:06d}",
        100 + n,
        "Town",
        "CA",
        "US",
        "Club Master",
        {"current": [Award(0.5, "B", "SA")]},
    )


def entry(number: int, direction: str | None, players: int, seat: str | None = None) -> Entry:
    e = Entry(
        id=f"{number}{direction or seat or ''}",
        number=number,
        direction=direction,
        score=40.5 + number,
        percentage=50.25,
        rank=number,
        strat=1,
        players=[player(number * 10 + k) for k in range(players)],
        awards={"total": [Award(1.25, "R", "OA")]},
        ranks=[StratRank(number, number, 0, number, 0, False)],
        boards_played=24,
    )
    if seat:
        e.extra["seat"] = seat
    return e


def summary(results: Results) -> list:
    out = []
    for event in results.events:
        out.append((event.name, event.kind, event.club, event.date_text, event.rating))
        for section in event.sections:
            out.append((section.name, section.movement, section.tables, section.rounds))
            for e in sorted(section.entries, key=lambda e: e.id):
                out.append(
                    (
                        e.id,
                        e.number,
                        e.direction,
                        e.score,
                        e.percentage,
                        e.strat,
                        e.boards_played,
                        [(r.rank, r.section_low, r.overall_low) for r in e.ranks[:1]],
                        [
                            [(a.points, a.color, a.ranking) for a in e.awards.get(k, [])]
                            for k in ("previous", "current", "total")
                        ],
                        [
                            (
                                p.last_name,
                                p.first_name,
                                p.player_number,
                                p.masterpoints,
                                p.city,
                                p.state,
                                p.rank,
                                [
                                    (a.points, a.color, a.ranking)
                                    for a in p.awards.get("current", [])
                                ],
                            )
                            for p in e.players
                        ],
                    )
                )
            for board in section.results:
                out.append(
                    (
                        board.number,
                        [
                            (
                                r.round,
                                r.table,
                                r.ns,
                                r.ew,
                                r.ns_score,
                                r.ew_score,
                                r.ns_points,
                                r.ew_points,
                            )
                            for r in board.results
                        ],
                    )
                )
            out.append(section.schedule)
            out.append(
                sorted(
                    (m.round, m.team, m.opponent, m.imps, m.victory_points, m.wins)
                    for m in section.matches
                )
            )
    return out


def event(kind: str, sections: list[Section]) -> Results:
    return Results(
        events=[
            Event(
                1,
                "Test Event",
                date_text="August 7, 2017",
                club="Test Club",
                kind=kind,
                rating="Club Masterpoint",
                strats=[{"letter": "A", "min_mp": 0, "max_mp": 0}],
                sections=sections,
            )
        ]
    )


def test_mitchell_pairs():
    section = Section(
        "A",
        "mitchell",
        tables=3,
        rounds=3,
        boards=6,
        boards_per_round=2,
        board_top=2,
        maximum_score=36,
    )
    section.entries = [entry(n, d, 2) for n in (1, 2, 3) for d in ("NS", "EW")]
    section.results = [
        Board(
            b,
            [
                BoardResult(1, 1, 1, 1, 420, -420, 1.5, 0.5),
                BoardResult(2, 2, 2, 3, "ave+", "ave-", 1.2, 0.8),
                BoardResult(3, 3, 3, 2, -50, 50, 0.0, 2.0, foul_group=1),
            ],
        )
        for b in range(1, 7)
    ]
    section.schedule = [
        [(1, 1, 1), (2, 2, 3), (3, 3, 5)],
        [(1, 3, 3), (2, 1, 5), (3, 2, 1)],
        [(1, 2, 5), None, (3, 1, 3)],
    ]
    results = event("pairs", [section])
    assert summary(read_bytes(build(results))) == summary(results)


def test_howell_pairs_are_numbered_from_the_first_round():
    section = Section("B", "howell", tables=2, rounds=3, boards=6, boards_per_round=2)
    section.entries = [entry(n, None, 2) for n in (1, 2, 3, 4)]
    section.schedule = [[(4, 1, 1), (2, 3, 3)], [(4, 2, 3), (3, 1, 5)], [(4, 3, 5), (1, 2, 1)]]
    results = event("pairs", [section])
    again = read_bytes(build(results))
    assert summary(again) == summary(results)
    assert {e.number: e.players[0].last_name for e in again.events[0].sections[0].entries} == {
        n: f"Last{n * 10}" for n in (1, 2, 3, 4)
    }


def test_individual_event():
    section = Section("C", "mitchell", tables=1, rounds=2, boards=4, boards_per_round=2)
    section.entries = [entry(1, None, 1, seat) for seat in "NESW"]
    section.results = [
        Board(
            1,
            [
                BoardResult(
                    1, 1, 1, 1, 110, -110, 1.0, 0.0, seats=(1, 1, 1, 1), points=(1.0, 0.0, 1.0, 0.0)
                )
            ],
        )
    ]
    section.schedule = [[(1, 1, 1, 1, 1)], [(1, 1, 1, 1, 3)]]
    results = event("individual", [section])
    again = read_bytes(build(results))
    assert summary(again) == summary(results)
    assert again.events[0].sections[0].results[0].results[0].seats == (1, 1, 1, 1)


def test_team_event_with_matches():
    section = Section("D", "teams", tables=2, rounds=2)
    section.entries = [entry(n, None, 4 + n % 3) for n in (1, 2, 3, 4)]
    section.matches = [
        Match(1, 1, 2, 12, 15.5, 1.0),
        Match(1, 2, 1, -12, 4.5, 0.0),
        Match(2, 1, 3, 3, 11.0, 1.0),
        Match(2, 3, 1, -3, 9.0, 0.0),
        Match(1, 3, 4, 0, 10.0, 0.5),
        Match(1, 4, 3, 0, 10.0, 0.5),
    ]
    results = event("teams", [section])
    again = read_bytes(build(results))
    assert summary(again) == summary(results)
    assert [len(e.players) for e in again.events[0].sections[0].entries] == [5, 6, 4, 5]


def test_real_files_rebuilt_read_back_the_same(corpus):
    for path in sorted((corpus / "acblscore").iterdir()):
        if not path.is_file() or path.name.startswith("truncated"):
            continue
        results = bridgeio.read(path)
        same = summary(read_bytes(build(results))) == summary(results)
        assert same, path.name  # no diff printed: the files hold real names


def test_too_much_for_the_format_is_a_clear_error():
    section = Section("A", "mitchell", tables=1, rounds=30)
    section.schedule = [[(1, 1, 1)]] * 30
    with pytest.raises(bridgeio.ConversionError, match="at most 25 rounds"):
        build(event("pairs", [section]))
