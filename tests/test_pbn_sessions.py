"""Ruter's session columns read and written as sessions (issue 41): a championship's second
session file is one session's results (``SessionScoreMP``, ``SessionRank``, ...) plus the
cumulative overall standings (``TotalScoreMP``, ``Rank``, ...), the event's ``entries``;
an event of several sessions is written to PBN as Ruter writes its session files.

No public repository was found holding a real two-session Ruter championship (searched:
``SessionScoreMP``, ``NrBoardsSession``, ``SessionRankTie``, Ruter's generator META in the
code index, the mirrored repositories and the shared corpus). The files here are built from
the corpus' real Ruter club game (lindsjorn/bridgeRanking): it is the first session as
written, and, dated a day later, the second session in Ruter's championship layout (its own
figures in the session columns, the cumulative ones the sum of both in the total's)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.pbn.write_results import results_text
from bridgeio.model.results import Entry, Event, Results

RUTER = Path("world/pbn/lindsjorn__bridgeRanking__2016-11-09.pbn")
"""Ruter's Mitchell of 13 pairs over 24 boards (Norway, Latin-1)."""

SESSION_COLUMNS = "SessionRank\\2R;SessionScoreMP\\5R;SessionPercentage\\5R;NrBoardsSession\\2R;"
_ROW = re.compile(r'^(\s*\d+)\s+(\d+) (\d) ("[^"]*")\s+(-?[\d.]+) ([\d.]+) ("[^"]*")\s+(\d+) ')


def session_files(corpus: Path, folder: Path, off: float = 0.0) -> tuple[Path, Path]:
    """The first session (the corpus file) and the second (see the module) in ``folder``;
    ``off`` added to every cumulative total but the first pair's (a file whose totals are
    not the sum of its sessions)."""
    source = corpus / RUTER
    if not source.is_file():
        pytest.skip(f"{RUTER} is not in the corpus")
    data = source.read_bytes()
    lines = data.decode("latin-1").split("\n")
    head = next(i for i, line in enumerate(lines) if line.startswith("[TotalScoreTable"))
    lines[head] = lines[head].replace("NrBoards\\2R;", "NrBoards\\2R;" + SESSION_COLUMNS)
    at = head + 1
    while at < len(lines) and (found := _ROW.match(lines[at])):
        rank, pair, table, side, mp, pct, names, boards = found.groups()
        total = 2 * float(mp) + (off if at > head + 1 else 0.0)
        lines[at] = (
            f"{rank} {pair} {table} {side} {total:5.1f} {pct} {names} 48 {rank} {mp} {pct}"
            f" {boards} " + lines[at][found.end() :]
        )
        at += 1
    assert at - head - 1 == 13
    first, second = folder / "session1.pbn", folder / "session2.pbn"
    first.write_bytes(data)
    text = "\n".join(lines).replace("2016.11.09", "2016.11.10")
    second.write_bytes(text.encode("latin-1"))
    return first, second


def quietly(path: Path) -> Results:
    with collect():
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def figures(entries: list[Entry]) -> dict[str, tuple[float | None, int | None]]:
    return {e.id: (e.score, e.rank) for e in entries}


def table_results(event: Event) -> int:
    return sum(len(board.results) for section in event.sections for board in section.results)


def test_a_second_session_is_one_session_and_the_overall_standings(
    corpus: Path, tmp_path: Path
) -> None:
    first, second = session_files(corpus, tmp_path)
    plain = quietly(first).events[0]
    with collect() as found:
        event = bridgeio.read(second).events[0]
    assert not found.problems
    assert [(s.date.isoformat() if s.date else None) for s in event.sessions] == ["2016-11-10"]
    assert [s.session for s in event.sections] == [1]
    own = figures(plain.sections[0].entries)
    assert figures(event.sections[0].entries) == own
    overall = figures(event.entries)
    assert overall == {k: (round(2 * (score or 0.0), 1), rank) for k, (score, rank) in own.items()}
    assert all(e.boards_played == 48 for e in event.entries)
    assert all(e.boards_played == 24 for e in event.sections[0].entries)


def test_a_second_session_validates_and_scores_clean(corpus: Path, tmp_path: Path) -> None:
    """The session's own figures are checked against its boards: nothing is wrong."""
    _, second = session_files(corpus, tmp_path)
    with collect() as found:
        bridgeio.validate(second)
    assert not [p for p in found.problems if p.severity == "error"]
    assert bridgeio.cli.run(["score", str(second)]) == 0


def test_a_second_session_is_written_back_with_ruter_s_columns(
    corpus: Path, tmp_path: Path
) -> None:
    _, second = session_files(corpus, tmp_path)
    results = quietly(second)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = results_text(results).decode()
    header = next(line for line in text.splitlines() if "TotalScoreTable" in line)
    for column in ("Rank", "TotalScoreMP", "SessionRank", "SessionScoreMP", "NrBoardsSession"):
        assert f"{column}\\" in header
    again = tmp_path / "again.pbn"
    again.write_text(text)
    back = quietly(again).events[0]
    event = results.events[0]
    assert figures(back.entries) == figures(event.entries)
    assert figures(back.sections[0].entries) == figures(event.sections[0].entries)


def test_an_event_of_two_sessions_is_written_as_two_pbn_events_and_read_back_whole(
    corpus: Path, tmp_path: Path
) -> None:
    """Each session a PBN event (its Stage tag), the last with the overall standings beside
    its own; read back, the one event of two sessions with every table result of both."""
    first, second = session_files(corpus, tmp_path)
    out = tmp_path / "merged.pbn"
    done = bridgeio.cli.run(["merge", str(first), str(second), "-o", str(out)])
    assert done == 0
    assert re.findall(r'\[Stage "([^"]*)"\]', out.read_text())[::26] == ["1", "2"]
    assert out.read_text().count("[TotalScoreTable") == 2
    with collect() as found:
        back = bridgeio.read(out)
    assert not [p for p in found.problems if p.severity == "error"]
    (event,) = back.events
    assert [(s.id, str(s.date)) for s in event.sessions] == [
        ("1", "2016-11-09"),
        ("2", "2016-11-10"),
    ]
    assert [s.session for s in event.sections] == [1, 2]
    sessions = [quietly(first).events[0], quietly(second).events[0]]
    assert table_results(event) == sum(table_results(e) for e in sessions) == 336
    assert figures(event.entries) == figures(sessions[1].entries)
    for section, session in zip(event.sections, sessions, strict=True):
        assert figures(section.entries) == figures(session.sections[0].entries)
    again = tmp_path / "again.pbn"
    assert bridgeio.cli.run(["convert", str(out), str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()  # (a second writing changes nothing)


def test_other_files_stage_tags_join_no_events(corpus: Path) -> None:
    """endplay's example of several championships' records, their Stage tags segments of
    matches: read as before (no event of sessions)."""
    path = corpus / "pbn" / "dominicprice__endplay__example3.pbn"
    if not path.is_file():
        pytest.skip(f"{path.name} is not in the corpus")
    assert not any(e.sessions for e in quietly(path).events)


def test_writing_sessions_to_pbn_is_said(corpus: Path, tmp_path: Path) -> None:
    first, second = session_files(corpus, tmp_path)
    from bridgeio.analysis.merge import merge

    with collect() as found:
        event = merge([quietly(first), quietly(second)])
        results_text(Results([event]))
    said = [str(loss) for loss in found.losses]
    assert any("sessions of 1 events in one PBN event" in s for s in said), said


def test_an_overall_standing_without_a_row_in_the_last_session_is_said(
    corpus: Path, tmp_path: Path
) -> None:
    """Ruter's cumulative columns sit beside the last session's rows: a pair that did not
    play it has nowhere to go in PBN, and that is said."""
    first, second = session_files(corpus, tmp_path)
    from bridgeio.analysis.merge import merge

    with collect() as found:
        event = merge([quietly(first), quietly(second)])
        event.sections[-1].entries.pop()
        results_text(Results([event]))
    said = [str(loss) for loss in found.losses]
    assert any("overall standings of 1 entries without a row" in s for s in said), said
