"""Issue 37's conventions, each as a rule found from a file's own figures: small synthetic
files reproducing each program's figures (the real file named beside each), and the real
files themselves where a mirror of their public repository is on this machine (skipped with
the reason where not)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Results,
    Scoring,
    Section,
)

MIRROR = Path("/work/.mirror")


def _mirrored(repo: str, path: str, tmp_path: Path) -> Path:
    """A file of a mirrored public repository, taken out of its git directory into
    ``tmp_path`` (skipped where the mirror is not on this machine)."""
    git = MIRROR / repo.replace("/", "+") / "repo"
    if not git.exists():
        pytest.skip(f"no mirror of {repo} here ({git})")
    shown = subprocess.run(
        ["git", "--git-dir", str(git), "show", f"HEAD:{path}"], capture_output=True, check=False
    )
    if shown.returncode:
        pytest.skip(f"{repo} {path} is not in the mirror")
    target = tmp_path / Path(path).name
    target.write_bytes(shown.stdout)
    return target


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgeio", *args], capture_output=True, text=True, check=False
    )


# --- board-a-match teams (EBUScore Teams' point-a-board) ---------------------------------


def _bam_event(unit: float = 2.0) -> Event:
    """Four teams, a match each pair of them, two boards a match: board 1 of each match won
    by the home team, board 2 tied."""

    def board(number: int, home: int, away: int, opened: int, closed: int) -> Board:
        return Board(
            number,
            [
                BoardResult(1, 1, ns=home, ew=away, ns_score=opened, ew_score=-opened),
                BoardResult(1, 2, ns=away, ew=home, ns_score=closed, ew_score=-closed),
            ],
        )

    matches = []
    for k, (home, away) in enumerate([(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]):
        boards = [board(2 * k + 1, home, away, 420, 400), board(2 * k + 2, home, away, -50, -50)]
        matches.append(Match(k + 1, home, away, 1.5 * unit, 0.5 * unit, boards=boards))
    totals = (4.5, 3.5, 2.5, 1.5)
    teams = [Entry(str(n), n, score=t * unit, rank=n) for n, t in enumerate(totals, 1)]
    section = Section("", movement="team", entries=teams, matches=matches)
    return Event(kind=EventKind.TEAMS, scoring=Scoring.BOARD_A_MATCH, sections=[section])


@pytest.mark.parametrize("unit", [2.0, 1.0])
def test_board_a_match_agrees_in_either_unit(unit: float) -> None:
    done = rescore(Results([_bam_event(unit)]))
    assert done.differences == [] and done.unchecked == []
    assert done.agreement["boards"] == [12, 12] and done.agreement["totals"] == [4, 4]
    assert done.agreement["ranks"] == [4, 4]
    assert f"a board won {unit:g}, tied {unit / 2:g}, lost 0" in done.methods[1].describe()


def test_board_a_match_changed_score_is_found_at_its_match_and_rewritten() -> None:
    event = _bam_event()
    match = event.sections[0].matches[0]
    match.boards[1].results[0].ns_score = 50  # board 2 now won by the home team
    done = rescore(Results([event]))
    found = [str(d.problem) for d in done.differences]
    assert found == [
        "event 1, round 1, match 1 v 2: error: home points 3 recorded, 4 by the rule",
        "event 1, round 1, match 1 v 2: error: away points 1 recorded, 0 by the rule",
    ]
    new, differences = bridgeio.score(Results([event]))
    rescored = new.events[0].sections[0]
    assert (rescored.matches[0].home_imps, rescored.matches[0].away_imps) == (4.0, 0.0)
    assert [e.score for e in rescored.entries] == [10.0, 6.0, 5.0, 3.0]
    assert [str(d.problem).split(": ", 1)[0] for d in differences][2:] == [
        "event 1, team 1",
        "event 1, team 2",
    ]
    assert rescore(new).differences == []  # the rewritten file is clean


def test_board_a_match_no_rule_is_one_warning() -> None:
    event = _bam_event()
    for match in event.sections[0].matches:
        match.home_imps, match.away_imps = 7.0, 1.0  # no unit gives these
    done = rescore(Results([event]))
    assert done.differences == []
    assert any("match scores not checked: no known rule" in text for text in done.unfit)


def test_point_a_board_real_file_validates_and_rescores_unchanged(tmp_path: Path) -> None:
    # EBUScore Teams 1.1.3, BOARD_SCORING_METHOD PAB: 28 matches of 6 boards, 8 teams
    path = _mirrored(
        "jacquicollier/ukbridge-club-website", "public/usebio/point-a-board-teams.xml", tmp_path
    )
    done = rescore(bridgeio.read(path))
    assert done.differences == [] and done.unchecked == []
    assert done.agreement["boards"] == [56, 56]  # each match's two scores
    assert done.agreement["totals"] == [8, 8] and done.agreement["ranks"] == [8, 8]
    assert _cli("validate", str(path)).returncode == 0
    out = tmp_path / "out.xml"
    assert _cli("score", str(path), str(out)).returncode == 0
    assert out.read_bytes() == path.read_bytes()


# --- ScoreBridge (England): a short board's missing comparisons as averages ---------------


def _scorebridge_section() -> Section:
    """A Mitchell of four tables, eight boards, European matchpoints (top 6); boards 7 and 8
    played three times (table 4 did not play them). Each line's points, each pair's total and
    percentage as ScoreBridge gives them: a missing comparison an average (three results on a
    board of four: 5, 3 and 1), the percentage the total over 6 times the boards played."""
    from bridgeio.analysis.scoring import matchpoints
    from bridgeio.analysis.scoring.matchpoints import Convention, missing_as_averages
    from bridgeio.model.results import Direction

    boards = []
    for number in range(1, 9):
        tables = 4 if number <= 6 else 3
        scores = [(100 * number + 50 * t) * (-1) ** (number + t) for t in range(1, tables + 1)]
        ns = matchpoints(scores, Convention.EUROPEAN)
        ns = missing_as_averages(ns, [tables] * tables, 4, Convention.EUROPEAN)
        ew = 6 - ns
        lines = [
            BoardResult(1, t, ns=t, ew=t, ns_score=s, ns_points=float(p), ew_points=float(q))
            for t, s, p, q in zip(range(1, tables + 1), scores, ns, ew, strict=True)
        ]
        boards.append(Board(number, lines))
    entries = []
    for direction, side in ((Direction.NS, 0), (Direction.EW, 1)):
        for pair in range(1, 5):
            points = [
                (x.ns_points if side == 0 else x.ew_points) or 0.0
                for b in boards
                for x in b.results
                if (x.ns if side == 0 else x.ew) == pair
            ]
            total = sum(points)
            share = round(100 * total / (6 * len(points)), 2)
            entries.append(Entry(f"{pair}{direction.value}", pair, direction, score=total))
            entries[-1].percentage = share
    for direction in (Direction.NS, Direction.EW):
        group = [e for e in entries if e.direction is direction]
        group.sort(key=lambda e: -(e.score or 0.0))
        for place, entry in enumerate(group, 1):
            entry.rank = place
    return Section("A", movement="mitchell", board_top=6, entries=entries, results=boards)


def test_scorebridge_short_boards_are_found_and_agree() -> None:
    section = _scorebridge_section()
    short = [x.ns_points for x in section.results[6].results]
    assert sorted(short) == [1.0, 3.0, 5.0]  # the three results on a board of four
    done = rescore(Results([Event(sections=[section])]))
    assert done.differences == [] and done.unchecked == []
    method = done.methods[1].describe()
    assert "a short board's missing comparisons as averages" in method and "Neuberg" not in method
    assert done.agreement["percentages"] == [8, 8] and done.agreement["totals"] == [8, 8]


def test_scorebridge_changed_point_is_an_error_at_its_board() -> None:
    section = _scorebridge_section()
    line = section.results[7].results[0]
    line.ns_points = (line.ns_points or 0.0) + 2
    found = [str(d.problem) for d in rescore(Results([Event(sections=[section])])).differences]
    assert found[0].startswith("event 1, section A, board 8, pairs 1/1: error: N-S matchpoints")


# --- Ruter's individuals: totals the sum of the board figures as printed ------------------


def _individual(exact_totals: bool = False) -> Event:
    """An individual of five tables (players 4t-3..4t at table t, N, E, S, W), eight boards,
    European matchpoints centred on the average as Ruter's ``MatchPoints;MP1`` prints them
    (top 8); boards 7 and 8 played at four tables: Neuberg gives (m+1)·5/4 − 1, less 4, which
    Ruter prints to one decimal, halves away from zero (−3.75 → −3.8). Each player's total
    is the sum of the figures as printed (``exact_totals``: of the unrounded ones, rounded
    once), the percentage 100·(total + 4·boards)/(8·boards)."""
    import math

    from bridgeio.analysis.scoring.factoring import to_precision

    boards, sums = [], {p: [0.0, 0.0, 0] for p in range(1, 21)}
    for number in range(1, 9):
        tables = 5 if number <= 6 else 4
        sign = [1 if number > 6 else (-1) ** (t + number) for t in range(tables + 1)]
        scores = [(100 + 10 * t + 20 * number) * sign[t] for t in range(1, tables + 1)]
        lines = []
        for t, score in enumerate(scores, 1):
            ns = 2 * sum(s < score for s in scores) + sum(s == score for s in scores) - 1
            ew = 2 * (tables - 1) - ns
            exact = [(m + 1) * 5 / tables - 1 - 4 for m in (ns, ew)]
            shown = to_precision(exact, 1, "half away").tolist()
            seats = (4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t)
            points = (shown[0], shown[1], shown[0], shown[1])
            lines.append(BoardResult(1, t, t, t, score, -score, seats=seats, points=points))
            for seat, player in enumerate(seats):
                sums[player][0] += shown[seat % 2]
                sums[player][1] += exact[seat % 2]
                sums[player][2] += 1
        boards.append(Board(number, lines))
    entries = []
    for player, (printed, unrounded, played) in sums.items():
        total = round(unrounded, 1) if exact_totals else round(printed, 1)
        share = round(100 * (total + 4 * played) / (8 * played), 2)
        entries.append(Entry(str(player), player, score=total, percentage=share))
    for entry in entries:
        entry.rank = 1 + sum((e.score or 0) > (entry.score or 0) + 1e-9 for e in entries)
        entry.tied = sum(math.isclose(e.score or 0, entry.score or 0) for e in entries) > 1
    section = Section("", movement="individual", entries=entries, results=boards)
    return Event(kind=EventKind.INDIVIDUAL, sections=[section])


@pytest.mark.parametrize("exact_totals", [False, True])
def test_ruter_individual_rounding_and_totals_are_found(exact_totals: bool) -> None:
    event = _individual(exact_totals)
    seat = event.sections[0].results[6].results
    assert -3.8 in {p for x in seat for p in x.points or ()}  # a half away from zero
    done = rescore(Results([event]))
    assert done.differences == [] and done.unchecked == []
    method = done.methods[1].describe()
    assert "1 decimals (half away)" in method
    assert ("totals from the unrounded figures" in method) is exact_totals
    assert done.agreement["totals"] == [20, 20] and done.agreement["percentages"] == [20, 20]


def test_ruter_individual_printed_and_unrounded_totals_differ() -> None:
    # table 4 tops boards 7 and 8: 3.75 twice, printed 3.8 twice (the 620.7 recorded
    # where the unrounded figures add up to 620.6)
    def total(event: Event) -> float:
        return next(e.score or 0.0 for e in event.sections[0].entries if e.number == 13)

    assert round(total(_individual()) - total(_individual(exact_totals=True)), 2) == 0.1


# --- Ruter's small groups: two results on a European board, 65 % and 55 % ----------------


def test_ruter_two_results_of_four_are_65_and_55_percent() -> None:
    # gerhardsletten/jrbridge-pbn-api pairs.pbn board 37: two played results and an A+/A-
    # pair on a board of four, printed 0.9 and 0.3 (65 % and 55 % of a top of ±3), centred
    def board(number: int, scores: list[int], points: list[float]) -> Board:
        lines = [
            BoardResult(1, t, ns=t, ew=t + 4, ns_score=s, ew_score=-s, ns_points=p, ew_points=-p)
            for t, (s, p) in enumerate(zip(scores, points, strict=True), 1)
        ]
        return Board(number, lines)

    from bridgeio.model.results import Assigned

    boards = [board(n, [420, 450, 100, -50], [1.0, 3.0, -1.0, -3.0]) for n in range(1, 8)]
    short = board(8, [100, 200, 0, 0], [0.3, 0.9, 0.6, -0.6])
    for line in short.results[:2]:  # (each side's worse 55 %, better 65 %: not each other's)
        line.ew_points = 1.2 - (line.ns_points or 0.0)
    for line, (ns, ew) in zip(short.results[2:], [(60.0, 40.0), (40.0, 60.0)], strict=True):
        line.ns_score, line.ew_score = Assigned(ns), Assigned(ew)
        line.ns_points, line.ew_points = (ns - 50) / 100 * 6, (ew - 50) / 100 * 6
    section = Section("A", movement="howell", results=[*boards, short])
    done = rescore(Results([Event(sections=[section])]))
    assert done.differences == [] and done.unchecked == []
    assert done.agreement["boards"] == [8, 8]
    assert "one or two results 60 % or 65/55 % of the top" in done.methods[1].describe()


def test_ruter_pairs_real_file_validates_and_rescores_unchanged(tmp_path: Path) -> None:
    path = _mirrored(
        "gerhardsletten/jrbridge-pbn-api", "api/_src/__tests__/sample/pairs.pbn", tmp_path
    )
    done = rescore(bridgeio.read(path))
    assert done.differences == [] and done.agreement["boards"] == [63, 63]
    out = tmp_path / "out.pbn"
    assert _cli("score", str(path), str(out)).returncode == 0
    assert out.read_bytes() == path.read_bytes()
