"""The score check on PBN played boards (issue 39): each line's ``Score`` against its contract
and tricks at the vulnerability its deal states, a two-room match's ``ScoreIMP`` against the
WBF scale, and where a file holds one table a board (BBO Helper's daylongs: ``ScorePercentage``
and ``ScoreIMP`` are BBO's, against its field) one warning and no error. Real files, read in
place: the corpus's, and the played-board files of lorserker/ben and dominicprice/endplay
where their mirrors are here."""

from __future__ import annotations

import copy
import subprocess
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import check_contract_scores, rescore
from bridgeio.analysis.scoring.session import rescored_copy
from bridgeio.cli import run
from bridgeio.model.contract import Contract
from bridgeio.model.results import BoardResult, Event, Results

WORK = Path(__file__).resolve().parents[2]
CORPUS = WORK / "shared" / "corpus"
MIRRORS = WORK / ".mirror"
EXAMPLE2 = CORPUS / "pbn" / "dominicprice__endplay__example2.pbn"  # RealBridge, ScoreIMP
EXAMPLE3 = CORPUS / "pbn" / "dominicprice__endplay__example3.pbn"  # rpbridge.net, no Score
DIANA = CORPUS / "world" / "pbn" / "lorserker__ben__Diana_and_Friends_Daylong.pbn"


def read(path: Path) -> Results:
    if not path.exists():
        pytest.skip(f"{path} is not here")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


def errors(doc: Results) -> list[str]:
    """``validate``'s score errors."""
    found = check_contract_scores(doc) + rescore(doc).problems()
    return [str(p) for p in found if p.severity == "error"]


def warned(doc: Results) -> list[str]:
    found = check_contract_scores(doc) + rescore(doc).problems()
    return [str(p) for p in found if p.severity == "warning"]


def lines(doc: Results) -> list[tuple[int, int, BoardResult]]:
    return [
        (e.number, b.number, x)
        for e in doc.events
        for s in e.sections
        for b in s.results
        for x in b.results
    ]


@pytest.fixture(scope="module")
def example3() -> Results:
    return read(EXAMPLE3)  # (read once: 3,816 boards with their auctions and play)


def test_a_match_without_scores_has_them_from_contract_and_tricks(example3: Results) -> None:
    """rpbridge.net's matches record no Score: each of the 7,632 lines has its contract's
    (as a pairs file's played boards have), no error; a contract or a result changed in the
    model is then an error at its board, and nowhere else."""
    found = lines(example3)
    assert len(found) == 7632 and all(type(x.ns_score) is int for _, _, x in found)
    assert errors(example3) == []
    event, board, line = next(t for t in found if t[2].tricks not in (None, 0, 13))
    assert line.contract is not None and line.contract.declarer is not None
    kept = line.contract, line.tricks
    other = Contract.parse("7NT" if line.contract.text != "7NT" else "1C", line.contract.declarer)
    for contract, tricks in ((other, line.tricks), (line.contract, (line.tricks or 0) + 1)):
        line.contract, line.tricks = contract, tricks
        try:
            new = errors(example3)
        finally:
            line.contract, line.tricks = kept
        assert len(new) == 1 and new[0].startswith(f"event {event}, section "), new
        assert f", board {board}, pairs " in new[0], new


def test_score_fills_in_a_match_s_imps_from_its_two_rooms(example3: Results) -> None:
    """The rooms' IMPs of a match the file gives none: ``score`` computes them on the WBF
    scale (board 1 of the 2012 final: 5C+1 by E, -420 for Poland in the open room; 4SX= by
    N, 590 for Sweden in the closed room: -1,010, 14 IMPs to Sweden)."""
    event = example3.events[0]
    section = copy.deepcopy(event.sections[0])
    alone = Event(1, kind=event.kind, scoring=event.scoring, sections=[section])
    done = rescore(Results([alone]), apply=True)
    assert done.problems() == [] and done.agreement["boards"] == [0, 0]
    match = section.matches[0]
    opened, closed = match.boards[0].results
    assert (opened.ns_score, closed.ns_score) == (-420, 590)
    assert (opened.ns_points, closed.ns_points) == (-14.0, 14.0)
    assert match.home_imps is not None and match.away_imps is not None


def test_realbridge_score_imp_is_the_wbf_scale_between_the_rooms() -> None:
    """Every ScoreIMP of RealBridge's 2021 qualifier (298 lines in both rooms, 28 matches'
    totals) is the WBF scale on its board's two scores; a changed one is an error at its
    board, and so is a changed Score (its contract's too)."""
    doc = read(EXAMPLE2)
    done = rescore(doc)
    assert done.agreement["boards"] == [298, 298] and done.agreement["totals"] == [28, 28]
    assert errors(doc) == []
    copied = copy.deepcopy(doc)
    match = copied.events[0].sections[0].matches[0]
    board = next(b for b in match.boards if len(b.results) == 2)
    board.results[0].ns_points = (board.results[0].ns_points or 0) + 3
    new = errors(copied)
    assert new and all(f"board {board.number}: error: " in t for t in new), new
    copied = copy.deepcopy(doc)
    match = copied.events[0].sections[0].matches[0]
    board = next(b for b in match.boards if len(b.results) == 2)
    line = board.results[0]
    assert type(line.ns_score) is int
    line.ns_score, line.ew_score = line.ns_score + 1000, -line.ns_score - 1000
    new = errors(copied)
    assert any(f", board {board.number}, pairs " in t and "does not fit" in t for t in new), new
    for text in new:  # (and the match's totals, which the board's IMPs move)
        assert f"board {board.number}" in text or ", board " not in text, text


def test_a_score_changed_in_the_file_is_found_at_its_board(tmp_path: Path) -> None:
    """A daylong's Score edited in the text: the reader says so at its line, and
    ``validate`` finds it at its board (exit 1)."""
    if not DIANA.exists():
        pytest.skip(f"{DIANA} is not here")
    text = DIANA.read_text(encoding="utf-8")
    assert '[Score "NS 110"]' in text
    edited = tmp_path / "edited.pbn"
    edited.write_text(text.replace('[Score "NS 110"]', '[Score "NS 140"]', 1), encoding="utf-8")
    assert run(["validate", str(DIANA)]) == 0
    assert run(["validate", str(edited)]) == 1
    doc = read(edited)
    assert [e.split(": error: ")[0] for e in errors(doc)] == ["event 1, board 1, pairs 1/1"]


def test_one_table_a_board_is_said_once_and_not_rescored(capsys) -> None:
    """BBO Helper's daylong: each board's one line, its ScorePercentage BBO's against a
    field the file does not hold: one warning, no error, and ``score`` fills in nothing (no
    matchpoints of a top of 0)."""
    doc = read(DIANA)
    assert errors(doc) == []
    notes = [w for w in warned(doc) if "holds one table only" in w]
    assert len(notes) == 1 and "8 boards" in notes[0]
    new, done = rescored_copy(doc)
    assert done.differences == [] and not done.methods
    assert all(x.ns_points is None for _, _, x in lines(new))
    assert run(["score", str(DIANA)]) == 0
    assert "holds one table only" in capsys.readouterr().err


def _mirror(repo: str, tmp_path: Path, size: int | None = None) -> list[Path]:
    """The PBN files of a mirrored repository (smaller than ``size`` bytes), written to
    ``tmp_path`` (those with a played board only)."""
    suffix = ".pbn"
    git = MIRRORS / repo / "repo"
    if not git.is_dir():
        pytest.skip(f"{git} is not here")
    names = subprocess.run(
        ["git", "-C", str(git), "ls-tree", "-r", "-z", "--name-only", "HEAD"],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    found = []
    for name in names:
        if name.lower().endswith(suffix.encode()) and (size is None or _size(git, name) < size):
            path = tmp_path / name.decode().replace("/", "_")
            shown = subprocess.run(
                ["git", "-C", str(git), "show", b"HEAD:" + name], check=False, capture_output=True
            )
            if shown.returncode == 0 and b'[Contract "' in shown.stdout:
                path.write_bytes(shown.stdout)
                found.append(path)
    return found


def _size(git: Path, name: bytes) -> int:
    shown = subprocess.run(
        ["git", "-C", str(git), "cat-file", "-s", b"HEAD:" + name], capture_output=True
    )
    return int(shown.stdout or 0)


def _results(paths: list[Path]) -> list[tuple[Path, Results]]:
    found = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in paths:
            try:
                doc = bridgeio.read(path)
            except bridgeio.FormatError:
                continue  # (a deal file BBA wrote with a damaged table: not results)
            if isinstance(doc, Results):
                found.append((path, doc))
    return found


def test_every_played_board_file_of_ben_is_sound(tmp_path: Path) -> None:
    """lorserker/ben's played boards under 150 kB (Bridge Bidding Analyser runs numbered past
    16 at the vulnerability each deal states, some joining two runs, BBO Helper's 36 daylongs
    with ScorePercentage, BEN's matches; the larger ones, to 2.5 MB, agree as well but take a
    minute): no score error in any; a Score changed in the model is found at its board."""
    found = _results(_mirror("lorserker+ben", tmp_path, 150_000))
    daylongs = [p for p, d in found if "Daylong" in p.name]
    assert len(found) >= 90 and len(daylongs) >= 36
    for path, doc in found:
        assert errors(doc) == [], path.name
    path, doc = next((p, d) for p, d in found if p.name == "Boards_BBA_Exclusion.pbn")
    event, board, line = next(t for t in lines(doc) if type(t[2].ns_score) is int and t[1] > 16)
    line.ns_score = int(line.ns_score) + 10  # type: ignore[call-overload]
    assert [e.split(": error: ")[0] for e in errors(doc)] == [
        f"event {event}, board {board}, pairs {line.ns}/{line.ew}"
    ]


def test_a_match_of_one_room_a_board_is_not_scored_pairwise(tmp_path: Path) -> None:
    """endplay's sample: two boards of two matches, each with one room and its ScoreIMP
    (the other rooms are not in the file): one warning, no error, nothing refused."""
    paths = [p for p in _mirror("dominicprice+endplay", tmp_path) if p.name.endswith("sample.pbn")]
    [(path, doc)] = _results(paths)
    assert errors(doc) == []
    assert any("2 boards holds one table only" in w for w in warned(doc))
    assert run(["score", str(path)]) == 0
