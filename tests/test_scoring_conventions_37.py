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
