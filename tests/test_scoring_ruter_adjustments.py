"""Ruter's adjusted rows (issue 28), on small games built here that follow the conventions
found on Ruter's own files (lindsjorn/bridgeRanking, 246 PBN files):

- a split score, one side's a score and the other's an average (``"A="  "+0"``): the score
  is the table's result in both directions' fields, the other side gets its average;
- a ``Pen`` row (both pairs named, points and no score): an adjustment the pair's total and
  percentage add, however the boards played are scaled.

Where the real files are at hand (the mirror of lindsjorn/bridgeRanking or a copy in /tmp),
they are checked too; the tests skip that part when they are absent.
"""

from __future__ import annotations

import subprocess
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.model.results import (
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    Results,
    Score,
    Section,
    Special,
)

TABLES = 5
NORMAL = [[420, 450, 420, -50, 170], [-100, 110, 140, -100, 50], [600, 630, 630, 600, 600]]


def _centred(scores: list[int]) -> list[float]:
    """Ruter's ``MatchPoints;MP1``: each result's wins less its losses against the others."""
    return [float(sum((s > o) - (s < o) for o in scores)) for s in scores]


def _board(number: int, scores: list[int]) -> Board:
    points = _centred(scores)
    return Board(
        number,
        [
            BoardResult(
                1, t, ns=t, ew=t + TABLES, ns_score=s, ew_score=-s, ns_points=p, ew_points=-p
            )
            for t, (s, p) in enumerate(zip(scores, points, strict=True), start=1)
        ],
    )


def _split_board(number: int, given: Score, kept: int, side: str) -> Board:
    """Table 1's ``side`` an average (``given``), the other side the score ``kept`` (N-S's
    points), which counts in both fields; tables 2-5 played."""
    played = [420, 450, 420, -50]
    points = _centred([kept, *played])
    board = _board(number, [kept, *played])
    first = board.results[0]
    award = {Special.AVERAGE: 0.0, Special.AVERAGE_PLUS: 0.8, Special.AVERAGE_MINUS: -0.8}[given]
    if side == "NS":
        first.ns_score, first.ew_score = given, -kept
        first.ns_points, first.ew_points = award, -points[0]
    else:
        first.ns_score, first.ew_score = kept, given
        first.ns_points, first.ew_points = points[0], award
    return board


def _game(*extra: Board) -> Results:
    boards = [_board(n, s) for n, s in enumerate(NORMAL * 2, start=1)]
    return Results([Event(sections=[Section("A", results=[*boards, *extra])])])


@pytest.mark.parametrize("side", ["NS", "EW"])
def test_a_split_score_counts_in_both_fields(side: str) -> None:
    """``"A=" "+0"``: the other tables' points rank the table's 0 in both directions (no
    Neuberg: the board had five results), the side with the 0 is ranked on it (a top or a
    bottom), the other side gets its average."""
    doc = _game(_split_board(7, Special.AVERAGE, 0, side))
    done = rescore(doc)
    assert done.differences == [], [str(d.problem) for d in done.differences]
    assert done.agreement["boards"] == [7, 7]
    line = doc.events[0].sections[0].results[-1].results[1]  # table 2, 450: beats the 0
    line.ns_points = 3.0  # the played results factored as if the table were not played
    found = [str(d.problem) for d in rescore(doc).differences]
    assert len(found) == 1 and "board 7, pairs 2/7: error: N-S matchpoints 3 recorded" in found[0]


def test_a_split_score_with_an_average_plus() -> None:
    """An average plus beside a score: 60 % (centred: a fifth of half the top) to its side."""
    doc = _game(_split_board(7, Special.AVERAGE_PLUS, 100, "EW"))
    done = rescore(doc)
    assert done.differences == [], [str(d.problem) for d in done.differences]


def _with_entries(doc: Results) -> Results:
    """Mitchell entries with the totals and percentages Ruter prints: every line's points
    summed (a ``Pen`` row's too), the percentage over the boards' tops (8 a board, from -4)."""
    section = doc.events[0].sections[0]
    boards = len(section.results)
    sums: dict[tuple[Direction, int], float] = {}
    for board in section.results:
        for line in board.results:
            for d, n, p in (
                (Direction.NS, line.ns, line.ns_points),
                (Direction.EW, line.ew, line.ew_points),
            ):
                sums[d, n] = sums.get((d, n), 0.0) + (p or 0.0)
    section.entries = [
        Entry(
            f"{n}{d}",
            n,
            direction=d,
            score=round(total, 1),
            percentage=round(100 * (total + 4 * boards) / (8 * boards), 2),
        )
        for (d, n), total in sorted(sums.items())
    ]
    return doc


def test_a_pen_row_adds_to_the_total_and_percentage() -> None:
    """A ``Pen`` row (both pairs named, no score, N-S 4 points): in N-S pair 1's total and
    percentage, not a result of the board's field."""
    doc = _game()
    section = doc.events[0].sections[0]
    section.results[0].results.append(BoardResult(1, 1, ns=1, ew=6, ns_points=4.0, ew_points=0.0))
    _with_entries(doc)
    done = rescore(doc)
    assert done.differences == [], [str(d.problem) for d in done.differences]
    assert done.agreement["totals"] == [10, 10]
    entry = next(e for e in section.entries if e.id == "1NS")
    entry.score = (entry.score or 0.0) - 4  # the total without the adjustment: an error
    found = [str(d.problem) for d in rescore(doc).differences]
    assert len(found) == 1 and "pair 1" in found[0] and "total" in found[0], found


MIRROR = Path("/work/.mirror/lindsjorn+bridgeRanking/repo")
REAL = ["Spiren/2016-08-10.pbn", "Spiren/2019-11-18.pbn", "spiren2019/spiren1.pbn"]


@pytest.mark.skipif(not MIRROR.is_dir(), reason="no mirror of lindsjorn/bridgeRanking here")
@pytest.mark.parametrize("name", REAL)
def test_ruter_files_with_split_scores_and_pen_rows(name: str, tmp_path: Path) -> None:
    """The real files these conventions were found on: no score error."""
    shown = subprocess.run(
        ["git", f"--git-dir={MIRROR}", "show", f"HEAD:{name}"], capture_output=True, check=False
    )
    if shown.returncode:
        pytest.skip(f"{name} is not in the mirror")
    path = tmp_path / "game.pbn"
    path.write_bytes(shown.stdout)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    done = rescore(doc)
    assert done.differences == [], f"{len(done.differences)} score errors"
