"""Team matches in the recap (issue 21): no corpus file holds team matches, so a Swiss teams
event is built from the results model: every match is shown with its teams, IMPs and victory
points, a match's boards where it has them, and each team's scorecard lists its matches from
its own side; the page is valid HTML5."""

from __future__ import annotations

from itertools import combinations

from bridgeio.model.contract import Contract
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Scoring,
    Section,
)
from bridgeio.recap import Game, render_game
from tests.test_recap import HOSTILE, by_class, parse, text

NAMES = ["Oaks", "Elms", HOSTILE[0], "Yews"]


def team_event() -> Event:
    """Four teams, a round robin of three rounds; the first match has two boards, played at
    both tables; the last match is scheduled but not played."""
    teams = [
        Entry(str(n), n, name=name, players=[Player(f"P{n}{k}", "Al") for k in range(4)])
        for n, name in enumerate(NAMES, start=1)
    ]
    pairs = list(combinations(range(1, 5), 2))
    rounds = [(pairs[0], pairs[5]), (pairs[1], pairs[4]), (pairs[2], pairs[3])]
    matches = []
    imps = iter([(31, 12), (8, 8), (40, 2), (5, 22), (17, 16), (None, None)])
    for number, meetings in enumerate(rounds, start=1):
        for table, (home, away) in enumerate(meetings, start=1):
            ours, theirs = next(imps)
            vp = None if ours is None else (10 + (ours - theirs) / 4, 10 - (ours - theirs) / 4)
            matches.append(
                Match(number, home, away, ours, theirs, *(vp or (None, None)), table=table)
            )
    north, south = Contract.parse("4S", "N"), Contract.parse("3NT", "S")
    matches[0].boards = [
        Board(
            1,
            [
                BoardResult(1, 1, 1, 2, 420, -420, 10.0, -10.0, north, 10),
                BoardResult(1, 1, 2, 1, 50, -50, -10.0, 10.0, north, 9),
            ],
        ),
        Board(
            2,
            [
                BoardResult(1, 1, 1, 2, 400, -400, 0.0, 0.0, south, 9),
                BoardResult(1, 1, 2, 1, -400, 400, 0.0, 0.0, south, 9),
            ],
        ),
    ]
    for team in teams:
        team.score = sum(
            (m.home_vp if m.home == team.number else m.away_vp) or 0.0
            for m in matches
            if team.number in (m.home, m.away)
        )
    for rank, team in enumerate(sorted(teams, key=lambda t: -(t.score or 0)), start=1):
        team.rank = rank
    section = Section("A", "team", entries=teams, matches=matches)
    return Event(
        1, "Swiss Teams", kind=EventKind.TEAMS, scoring=Scoring.VICTORY_POINTS, sections=[section]
    )


def test_every_match_is_shown_with_its_teams_imps_and_victory_points() -> None:
    event = team_event()
    html = render_game(Game.of(event, "teams"), "teams")
    tree = parse(html)  # strict HTML5
    table = by_class(tree, "table", "matches")[0]
    rows = [[text(c) for c in row] for row in table.find("tbody")]
    names = {e.number: e.name for e in event.sections[0].entries}
    expected = [
        [
            str(m.round),
            str(m.table),
            names[m.home],
            names[m.away],
            "" if m.home_imps is None else f"{m.home_imps:g}–{m.away_imps:g}",
            "" if m.home_vp is None else f"{m.home_vp:g}–{m.away_vp:g}",
        ]
        for m in event.sections[0].matches
    ]
    assert rows == expected
    assert not list(tree.iter("img"))  # a team named with markup is text
    links = [a.get("href") for a in table.iter("a")]
    assert links.count("#s0-x1") == 3  # team 1's name leads to its scorecard
    assert "#s0-m1" in links  # the first match's IMPs lead to its boards


def test_a_match_shows_its_boards_at_both_tables() -> None:
    tree = parse(render_game(Game.of(team_event(), "teams"), "teams"))
    details = [d for d in tree.iter("details") if d.get("id") == "s0-m1"]
    assert len(details) == 1
    assert text(details[0].find("summary")) == "Round 1: Oaks v Elms, 31–12 IMPs"
    rows = [[text(c) for c in row] for row in details[0].iter("tr")][1:]
    assert [(r[0], r[6], r[7]) for r in rows] == [
        ("1", "420", "10"),
        ("1", "50", "-10"),
        ("2", "400", "0"),
        ("2", "-400", "0"),
    ]


def test_each_team_s_scorecard_lists_its_matches_from_its_side() -> None:
    tree = parse(render_game(Game.of(team_event(), "teams"), "teams"))
    cards = {a.get("id"): a for a in by_class(tree, "article", "scorecard")}
    assert sorted(cards) == ["s0-x1", "s0-x2", "s0-x3", "s0-x4"]
    elms = by_class(cards["s0-x2"], "table", "matches")[0]
    rows = [[text(c) for c in row] for row in elms.find("tbody")]
    assert rows == [
        ["1", "Oaks", "12–31", "5.25–14.75"],
        ["2", "Yews", "5–22", "5.75–14.25"],
        ["3", HOSTILE[0], "", ""],  # scheduled, not played
    ]
    # a team's scorecard has no board lines of a pairs game: only the matches table
    assert [t.get("class") for t in by_class(cards["s0-x2"], "table", "card")] == ["card matches"]


def test_a_teams_event_without_matches_in_its_file_heads_its_standings_team() -> None:
    event = team_event()
    event.sections[0].matches = []  # a file of standings alone (USEBIO participants, say)
    tree = parse(render_game(Game.of(event, "teams"), "teams"))
    standings = [t for t in tree.iter("table") if "standings" in (t.get("class") or "")]
    heads = [text(th) for table in standings for th in table.iter("th")]
    assert "Team" in heads and "Pair" not in heads
