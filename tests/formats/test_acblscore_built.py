"""Game files built from models with no ACBLscore origin (team and individual events have no
real files here): Hypothesis round trips through the shared helper, what the builder reports
lost, and edits of a built team file written back in place."""

from __future__ import annotations

import datetime
import json
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.boards import in_file_order
from bridgeio.formats.acblscore.builder import build
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.formats.acblscore.writer import to_bytes
from bridgeio.formats.json.write_results import results_document, results_text
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract
from bridgeio.model.results import (
    Assigned,
    Award,
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Section,
    Special,
    Strat,
    StratRank,
)
from tests.roundtrip import assert_round_trip

# ------------------------------------------------------------------------- what to draw

TEXT = st.characters(codec="cp1252", exclude_categories=("Cc", "Cs"))


def texts(size: int) -> st.SearchStrategy[str]:
    return st.text(TEXT, max_size=size)


def hundredths(low: int, high: int) -> st.SearchStrategy[float]:
    """A value stored as a whole number of hundredths (as the reader gives it back)."""
    return st.integers(low, high).map(lambda n: n / 100)


SCORINGS = {
    EventKind.PAIRS: [
        Scoring.MATCHPOINTS,
        Scoring.BUTLER,
        Scoring.CROSS_IMPS,
        Scoring.BOARD_A_MATCH,
        Scoring.AGGREGATE,
    ],
    EventKind.TEAMS: [
        Scoring.WIN_LOSS,
        Scoring.VICTORY_POINTS,
        Scoring.IMPS,
        Scoring.BOARD_A_MATCH,
    ],
}
SCORINGS[EventKind.INDIVIDUAL] = SCORINGS[EventKind.PAIRS]
RANKS = ["", "Rookie", "Junior Master", "Life Master", "Grand Life Master"]


@st.composite
def awards(draw: st.DrawFn, letters: list[str]) -> dict[str, list[Award]]:
    rankings = [""] + [f"{w}{letter}" for w in "OS" for letter in letters]
    award = st.builds(
        Award, hundredths(1, 65535), st.sampled_from("BSRGP"), st.sampled_from(rankings)
    )
    names = draw(st.sets(st.sampled_from(["previous", "current", "total"])))
    return {name: draw(st.lists(award, min_size=1, max_size=3)) for name in sorted(names)}


@st.composite
def players(draw: st.DrawFn, letters: list[str]) -> Player:
    return Player(
        draw(texts(16)),
        draw(texts(16)),
        draw(texts(7)),
        draw(st.integers(0, 65535)),
        draw(texts(16)),
        draw(texts(2)),
        draw(texts(2)),
        draw(st.sampled_from(RANKS)),
        draw(awards(letters)),
    )


@st.composite
def entries(
    draw: st.DrawFn,
    kind: EventKind,
    letters: list[str],
    side: tuple[Direction | None, Seat | None],
    number: int,
    score: float,
) -> Entry:
    direction, seat = side
    ranks = [
        StratRank(*draw(st.tuples(*[st.integers(0, 65535)] * 5)), draw(st.booleans()))
        for _ in letters
    ]
    count = draw(st.integers(0, 6)) if kind == EventKind.TEAMS else 2 - (seat is not None)
    label = direction.value if direction else seat.char if seat is not None else ""
    return Entry(
        id=f"{number}{label}",
        number=number,
        direction=direction,
        score=score,
        percentage=draw(hundredths(0, 65535)),
        rank=ranks[0].rank or None,
        strat=draw(st.integers(0, 255)),
        players=[draw(players(letters)) for _ in range(count)],
        awards=draw(awards(letters)),
        ranks=ranks,
        boards_played=draw(st.integers(0, 65535)),
        seat=seat,
    )


SCORE = st.one_of(
    st.integers(-899, 899).map(lambda n: n * 10),
    st.sampled_from([s for s in Special if s is not Special.NOT_IN_PLAY]),
)


@st.composite
def board_results(draw: st.DrawFn, individual: bool) -> BoardResult:
    ns_score, ew_score = draw(SCORE), draw(SCORE)
    plain = not isinstance(ns_score, Special) and not isinstance(ew_score, Special)
    foul = draw(st.integers(0, 7)) if plain else 0
    result = BoardResult(
        draw(st.integers(0, 255)),
        draw(st.integers(0, 255)),
        draw(st.integers(0, 65535)),
        draw(st.integers(0, 65535)),
        ns_score,
        ew_score,
        draw(hundredths(-(2**31), 2**31 - 1)),
        draw(hundredths(-(2**31), 2**31 - 1)),
        foul_group=foul,
    )
    if individual:
        seats = draw(st.tuples(*[st.integers(0, 65535)] * 4))
        points = draw(st.tuples(*[hundredths(-(2**31), 2**31 - 1)] * 4))
        result.ns, result.ew, result.seats, result.points = seats[0], seats[1], seats, points
        result.ns_points = result.ew_points = None
    return result


@st.composite
def schedules(draw: st.DrawFn, individual: bool) -> list[list[tuple[int, ...] | None]]:
    width, most = (5, 36) if individual else (3, 25)
    tables, rounds = draw(st.integers(1, 4)), draw(st.integers(0, min(most, 6)))
    cell = st.tuples(*[st.integers(0, 255)] * width).map(lambda c: c if any(c[:-1]) else None)
    return [[draw(st.none() | cell) for _ in range(tables)] for _ in range(rounds)]


@st.composite
def sections(draw: st.DrawFn, kind: EventKind, letters: list[str], name: str) -> Section:
    teams, individual = kind == EventKind.TEAMS, kind == EventKind.INDIVIDUAL
    movement = "teams" if teams else draw(st.sampled_from(["mitchell", "web", "howell"]))
    if individual and movement == "howell":
        movement = "mitchell"
    if teams:
        sides = [(None, None)] * draw(st.integers(0, 5))
        numbers = sorted(
            draw(st.sets(st.integers(1, 999), min_size=len(sides), max_size=len(sides)))
        )
    elif movement == "howell":
        numbers = sorted(draw(st.sets(st.integers(1, 80), max_size=8)))
        sides = [(None, None)] * len(numbers)
    else:
        sides, numbers = [], []
        kinds = [(None, s) for s in Seat] if individual else [(d, None) for d in Direction]
        for side in kinds:
            mine = sorted(draw(st.sets(st.integers(1, 40), max_size=4 if len(kinds) == 2 else 2)))
            sides += [side] * len(mine)
            numbers += mine
    scores = draw(
        st.lists(
            hundredths(-(2**31), 2**31 - 1).filter(lambda s: s != -0.01),
            min_size=len(sides),
            max_size=len(sides),
            unique=True,
        )
    )
    section = Section(
        name=name,
        movement=movement,
        tables=draw(st.integers(0, 65535)),
        rounds=draw(st.integers(0, 255)),
        boards=draw(st.integers(0, 65535)),
        boards_per_round=draw(st.integers(0, 255)),
        board_top=draw(st.integers(0, 65535)),
        maximum_score=draw(st.integers(0, 65535)),
    )
    section.entries = [
        draw(entries(kind, letters, side, number, score))
        for side, number, score in zip(sides, numbers, scores, strict=True)
    ]
    if teams:
        section.matches = draw(matches([e.number for e in section.entries]))
        return section
    board_numbers = draw(st.lists(st.integers(1, 255), max_size=4, unique=True))
    section.results = [
        Board(n, draw(st.lists(board_results(individual), max_size=4))) for n in board_numbers
    ]
    if draw(st.booleans()) and movement != "howell":
        section.schedule = draw(schedules(individual))
    return section


@st.composite
def matches(draw: st.DrawFn, teams: list[int]) -> list[Match]:
    """Matches as the reader gives them back: home is the team listed first, and a team's
    matches come in the order of its rounds."""
    found = []
    for round_number in range(1, draw(st.integers(0, 3)) + 1):
        free = list(teams)
        while len(free) >= 2 and draw(st.booleans()):
            home = free.pop(0)
            away = free.pop(draw(st.integers(0, len(free) - 1)))
            two_sided = draw(st.booleans())
            found.append(
                Match(
                    round_number,
                    home,
                    away if two_sided else draw(st.integers(1000, 1100)),
                    draw(st.integers(-32768, 32767)),
                    draw(st.integers(-32768, 32767)) if two_sided else None,
                    draw(hundredths(0, 65535)),
                    draw(hundredths(0, 65535)) if two_sided else None,
                    draw(st.none() | st.integers(1, 65535)),
                )
            )
    order = {team: k for k, team in enumerate(teams)}
    return sorted(found, key=lambda m: (order[m.home], m.round))


@st.composite
def results(draw: st.DrawFn, kind: EventKind) -> Results:
    numbers = sorted(draw(st.sets(st.integers(1, 50), min_size=1, max_size=2)))
    events = []
    for number in numbers:
        letters = draw(
            st.lists(st.sampled_from(string.ascii_uppercase), min_size=1, max_size=3, unique=True)
        )
        tournament = draw(st.booleans())
        event = Event(
            number=number,
            name=draw(texts(25)),
            session_name=draw(texts(13)),
            date=draw(st.none() | st.dates(datetime.date(1980, 1, 1), datetime.date(2100, 12, 31))),
            club=draw(texts(25)),
            club_number=draw(texts(6)),
            director="" if tournament else draw(texts(16)),
            city=draw(texts(16).filter(bool)) if tournament else "",
            kind=kind,
            scoring=draw(st.sampled_from(SCORINGS[kind])),
            rating=draw(st.sampled_from(L.RATINGS)),
            strats=[
                Strat(
                    letter,
                    draw(st.none() | st.integers(1, 65535)),
                    draw(st.none() | st.integers(1, 65535)),
                )
                for letter in letters
            ],
        )
        names = draw(
            st.lists(
                st.text(string.ascii_uppercase, min_size=1, max_size=2), max_size=2, unique=True
            )
        )
        event.sections = [draw(sections(kind, letters, name)) for name in names]
        events.append(event)
    return Results(events, format="acblscore")


def canonical(doc: Results) -> Results:
    """Entries in the order of their ids (the file lists them by seat), a board's results
    in the order the file holds them (unscored ones before the last scored), for comparing."""
    for event in doc.events:
        for section in event.sections:
            section.entries.sort(key=lambda e: (e.id, e.number))
            for board in section.results:
                board.results = in_file_order(board.results)
    return doc


def same(written: Results, back: Results) -> bool:
    return canonical(written) == canonical(back)


@settings(max_examples=15)
@given(doc=results(EventKind.PAIRS))
def test_pairs_events_round_trip(tmp_path_factory, doc):
    with collect() as found:
        assert_round_trip(doc, tmp_path_factory.mktemp("acbl"), "acblscore", same)
    assert found.losses == [] and found.problems == []


@settings(max_examples=20)
@given(doc=results(EventKind.TEAMS))
def test_team_events_round_trip(tmp_path_factory, doc):
    with collect() as found:
        assert_round_trip(doc, tmp_path_factory.mktemp("acbl"), "acblscore", same)
    assert found.losses == [] and found.problems == []


@settings(max_examples=12)
@given(doc=results(EventKind.INDIVIDUAL))
def test_individual_events_round_trip(tmp_path_factory, doc):
    with collect() as found:
        assert_round_trip(doc, tmp_path_factory.mktemp("acbl"), "acblscore", same)
    assert found.losses == [] and found.problems == []


@settings(max_examples=10)
@given(doc=results(EventKind.PAIRS))
def test_a_built_file_written_back_is_the_same_file(doc):
    with collect():
        data = build(doc)
    assert to_bytes(read_bytes(data)) == data


# ------------------------------------------------------------------------ worked cases


def player(n: int) -> Player:
    return Player(f"Last{n}", f"First{n}", f"K{n:06d}", 100 + n, "Town", "CA", "US", "Club Master")


def pair(number: int, direction: Direction | None, score: float, rank: int) -> Entry:
    side = direction.value if direction else ""
    return Entry(
        f"{number}{side}",
        number,
        direction,
        score=score,
        percentage=score / 2,
        rank=rank,
        players=[player(2 * number), player(2 * number + 1)],
    )


def one_event(kind: EventKind, section: Section, **fields: object) -> Results:
    fields.setdefault("name", "Test Event")
    return Results([Event(1, kind=kind, sections=[section], **fields)])  # type: ignore[arg-type]


def test_a_tie_reads_back_as_one_shared_rank():
    section = Section("A", "mitchell")
    section.entries = [
        pair(1, Direction.NS, 60.0, 1),
        pair(2, Direction.NS, 55.0, 2),
        pair(3, Direction.NS, 55.0, 2),
        pair(4, Direction.NS, 40.0, 4),
    ]
    section.entries[1].tied = section.entries[2].tied = True
    back = read_bytes(build(one_event(EventKind.PAIRS, section))).events[0].sections[0]
    assert [(e.number, e.rank, e.tied) for e in back.entries] == [
        (1, 1, False),
        (2, 2, True),
        (3, 2, True),
        (4, 4, False),
    ]
    assert [e.ranks[0].rank for e in back.entries] == [1, 2, 3, 4]  # as ACBLscore splits ties


def test_pair_numbers_beyond_the_movement_are_written_as_reassigned():
    section = Section("A", "howell")
    section.entries = [pair(n, None, 50.0 + n, n) for n in (101, 102, 103, 104)]
    section.results = [
        Board(1, [BoardResult(1, 1, 101, 102, 420, -420, 1.0, 0.0)]),
        Board(2, [BoardResult(1, 2, 103, 104, -50, 50, 0.0, 1.0)]),
    ]
    back = read_bytes(build(one_event(EventKind.PAIRS, section))).events[0].sections[0]
    assert sorted(e.number for e in back.entries) == [101, 102, 103, 104]
    assert [(r.ns, r.ew) for b in back.results for r in b.results] == [(101, 102), (103, 104)]


def test_pair_numbers_past_255_are_renumbered_and_said():
    """A results site numbers E-W pairs 301-303 (a PBN of Ruter's): ACBLscore shows at most
    255, so they become the lowest numbers free in their direction, lines and entries alike."""
    section = Section("B", "mitchell")
    section.entries = [pair(n, Direction.NS, 50.0, n) for n in (101, 102, 103)]
    section.entries += [pair(n, Direction.EW, 50.0, n - 300) for n in (301, 302, 303)]
    section.results = [
        Board(1, [BoardResult(1, t, 100 + t, 300 + t, 420, -420, 1.0, 0.0) for t in (1, 2, 3)])
    ]
    with collect() as found:
        data = build(one_event(EventKind.PAIRS, section))
    assert [str(loss) for loss in found.losses if "255" in str(loss)] == [
        "acblscore cannot hold 3 pair numbers past 255 (renumbered): left out"
    ]
    back = read_bytes(data).events[0].sections[0]
    assert sorted(e.id for e in back.entries) == ["101NS", "102NS", "103NS", "1EW", "2EW", "3EW"]
    assert [(r.ns, r.ew) for r in back.results[0].results] == [(101, 1), (102, 2), (103, 3)]


def test_what_a_game_file_cannot_hold_is_reported_lost():
    section = Section("A", "mitchell")
    section.entries = [pair(1, Direction.NS, 60.0, 1), pair(1, Direction.EW, 40.0, 1)]
    section.entries[0].name = "Team names have no field"
    section.results = [
        Board(
            1,
            [
                BoardResult(
                    1, 1, 1, 1, 620, -620, 1.0, 0.0, contract=Contract.parse("4S", "S"), tricks=10
                ),
                BoardResult(2, 1, 1, 1, Assigned(70.0), Assigned(30.0), 0.7, 0.3),
            ],
        )
    ]
    doc = one_event(EventKind.PAIRS, section, name="A name far longer than twenty-five")
    with collect() as found:
        back = read_bytes(build(doc))
    lost = sorted(str(w) for w in found.losses)
    assert lost == [
        "acblscore cannot hold 1 team names: left out",
        "acblscore cannot hold 2 assigned scores other than 40/50/60% (written as the nearest "
        "average): left out",
        "acblscore cannot hold the contract of 1 table results: left out",
        "acblscore cannot hold the end of 1 event names (cut to 25 characters): left out",
        "acblscore cannot hold the tricks of 1 table results: left out",
    ]
    second = back.events[0].sections[0].results[0].results[1]
    assert (second.ns_score, second.ew_score) == (Special.AVERAGE_PLUS, Special.AVERAGE_MINUS)


def team_file() -> bytes:
    section = Section("D", "teams")
    section.entries = [pair(n, None, 10.0 * n, 5 - n) for n in (1, 2, 3, 4)]
    section.matches = [
        Match(1, 1, 2, 12, -12, 15.5, 4.5, 1),
        Match(1, 3, 4, 0, 0, 10.0, 10.0, 2),
        Match(2, 1, 3, 3, -3, 11.0, 9.0, 1),
        Match(2, 2, 888, 0, None, 12.0, None),  # a bye: one record only
    ]
    return build(one_event(EventKind.TEAMS, section, scoring=Scoring.VICTORY_POINTS))


def test_team_matches_are_paired_from_their_one_sided_records():
    back = read_bytes(team_file()).events[0]
    assert back.scoring == Scoring.VICTORY_POINTS
    found = [
        (m.round, m.home, m.away, m.home_imps, m.away_imps, m.home_vp, m.away_vp, m.table)
        for m in back.sections[0].matches
    ]
    assert found == [
        (1, 1, 2, 12, -12, 15.5, 4.5, 1),
        (2, 1, 3, 3, -3, 11.0, 9.0, 1),
        (2, 2, 888, 0, None, 12.0, None, None),
        (1, 3, 4, 0, 0, 10.0, 10.0, 2),
    ]


def test_a_team_match_score_edited_reaches_the_file_and_nothing_else():
    original = team_file()
    results = read_bytes(original)
    match = results.events[0].sections[0].matches[0]
    match.home_imps, match.away_imps, match.home_vp, match.away_vp = 20, -20, 17.0, 3.0
    edited = to_bytes(results)
    home, away = match.kept.at, match.kept.away
    allowed = set(range(home + 8, home + 12)) | set(range(away + 8, away + 12))
    changed = {i for i, (a, b) in enumerate(zip(original, edited, strict=True)) if a != b}
    assert changed and changed <= allowed
    again = read_bytes(edited).events[0].sections[0].matches[0]
    assert (again.home_imps, again.away_imps, again.home_vp, again.away_vp) == (20, -20, 17.0, 3.0)


def test_too_much_for_the_format_is_a_clear_error():
    section = Section("A", "mitchell", tables=1, rounds=30)
    section.schedule = [[(1, 1, 1)]] * 30
    with pytest.raises(bridgeio.ConversionError, match="at most 25 rounds"):
        build(one_event(EventKind.PAIRS, section))


@settings(max_examples=30)
@given(doc=st.sampled_from(list(EventKind)).flatmap(results))
def test_the_json_text_is_json_dumps_of_the_document(doc):
    assert results_text(doc, "acblscore") == json.dumps(results_document(doc, "acblscore"))
