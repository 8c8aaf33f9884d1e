"""``bridgeio score`` of real Bridgemate databases: every board's points, each pair's total,
percentage and rank made from the tables' scores, written as USEBIO, PBN, ACBLscore and JSON
that each validate; the matchpoints counted again here from ``mdb-export``'s rows; a sit-out
scaled, an arbitral percentage scored, a director's IMP scoring, a hand record from a deals
file. And the standings made from scratch against a scoring program's own: corpus files of
Compscore and NZ Scorer stripped of every figure and scored again."""

from __future__ import annotations

import copy
import json
from collections import defaultdict
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring.session import rescored_copy
from bridgeio.cli import run
from bridgeio.model.board import vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract
from bridgeio.model.results import Assigned, Results, Special
from tests.conftest import CORPUS
from tests.formats.test_bws import _export
from tests.formats.test_bws_mirrors import TWELVE, WHOLE, mirrored

FORMATS = ["xml", "pbn", "acm", "json"]


@pytest.fixture(scope="module")
def twelve(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """jarronshih/bridgemate-ui's 12-table Howell (two arbitral percentages)."""
    return mirrored(*TWELVE, tmp_path_factory.mktemp("bws"))


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """zdenecek/bridgemanager's 8-table Howell of 15 pairs, its whole movement."""
    return mirrored(*WHOLE, tmp_path_factory.mktemp("bws"))


def _scored(path: Path, out: Path, *options: str) -> Results:
    assert run(["score", str(path), str(out), *options]) == 1  # (every figure filled in)
    assert run(["validate", str(out)]) == 0
    doc = bridgeio.read(str(out))
    assert isinstance(doc, Results)
    return doc


@pytest.mark.parametrize("suffix", FORMATS)
def test_scored_in_every_results_format_that_validates(
    whole: Path,
    twelve: Path,
    suffix: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game, pairs in [(whole, 15), (twelve, 24)]:
        doc = _scored(game, tmp_path / f"{game.stem}.{suffix}")
        entries = doc.events[0].sections[0].entries
        assert len(entries) == pairs
        assert all(e.score is not None and e.rank is not None for e in entries)
        assert sorted(e.rank or 0 for e in entries)[0] == 1
        if suffix != "acm":  # (ACBLscore keeps the score; its percentage is derived)
            assert all(e.percentage is not None for e in entries)
    err = capsys.readouterr().err
    assert "scored from the tables' scores" in err and "Traceback" not in err


def test_usebio_has_a_place_and_percentage_for_every_pair(
    whole: Path,
    tmp_path: Path,
) -> None:
    out = tmp_path / "game.xml"
    _scored(whole, out)
    text = out.read_text()
    assert text.count("<PAIR>") == 15
    assert text.count("<PLACE>") == 15 and text.count("<PERCENTAGE>") == 15


def _standing_rows(path: Path) -> list[dict[str, str]]:
    """``mdb-export``'s ReceivedData less the erased and the replaced entries."""
    standing: dict[tuple[str, ...], dict[str, str]] = {}
    for row in sorted(_export(path, "ReceivedData"), key=lambda r: int(r["ID"])):
        key = (row["Section"], row["Table"], row["Round"], row["Board"])
        if row["Erased"] == "1":
            standing.pop(key, None)
        else:
            standing[key] = row
    return list(standing.values())


def test_matchpoints_counted_again_from_mdb_export(whole: Path, tmp_path: Path) -> None:
    """Each score from the exported contract, tricks and vulnerability, each board's
    matchpoints counted (a score beaten 1, tied 1/2), each pair's points summed: the written
    totals are those, a pair that sat a round out scaled to the boards of a full session,
    its percentage its points over the tops of the boards it played."""
    scores: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for row in _standing_rows(whole):
        board = int(row["Board"])
        contract = Contract.parse(row["Contract"]).with_declarer(Seat.from_char(row["NS/EW"]))
        tricks = 6 + contract.level + (0 if row["Result"] == "=" else int(row["Result"]))
        score = contract.ns_score(tricks, vulnerability(board))
        scores[board].append((int(row["PairNS"]), int(row["PairEW"]), score))
    points: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    for lines in scores.values():
        assert len(lines) == 7  # (top 6)
        for ns, ew, score in lines:
            mine = sum(
                1.0 if other < score else 0.5 if other == score else 0.0 for *_, other in lines
            )
            points[ns] += mine - 0.5  # (itself: a tie)
            points[ew] += 6 - (mine - 0.5)
            played[ns] += 1
            played[ew] += 1
    assert sorted(set(played.values())) == [20, 22]  # pairs 1-11 sat out a round
    doc = _scored(whole, tmp_path / "game.xml")
    entries = {e.number: e for e in doc.events[0].sections[0].entries}
    assert set(entries) == set(points)
    for number, total in points.items():
        entry = entries[number]
        assert entry.score == pytest.approx(round(total * 22 / played[number], 2), abs=0.006)
        assert entry.percentage == pytest.approx(100 * total / (6 * played[number]), abs=0.006)
    ranked = sorted(points, key=lambda n: -points[n] / played[n])
    assert [entries[n].rank for n in ranked][:4] == [1, 2, 3, 4]
    places = [entries[n].rank or 0 for n in ranked]
    assert places == sorted(places)


def test_an_arbitral_percentage_entered_at_the_table_is_scored(
    twelve: Path, tmp_path: Path
) -> None:
    """ReceivedData 153 and 155 (table 7, boards 1 and 2): "40%-60%" and "60%-60%", N-S's then
    E-W's; scored as average minus and plus, 40 and 60 % of the top (ACBL: 11)."""
    doc = bridgeio.read(str(twelve))
    assert isinstance(doc, Results)
    section = doc.events[0].sections[0]
    adjusted = {
        b.number: (x.ns_score, x.ew_score)
        for b in section.results
        for x in b.results
        if not isinstance(x.ns_score, int)
    }
    assert adjusted == {
        1: (Special.AVERAGE_MINUS, Special.AVERAGE_PLUS),
        2: (Special.AVERAGE_PLUS, Special.AVERAGE_PLUS),
    }
    assert Assigned.for_percent(40.0) is Special.AVERAGE_MINUS
    scored = _scored(twelve, tmp_path / "game.json")
    lines = scored.events[0].sections[0].results
    points = [(x.ns_points, x.ew_points) for b in lines[:2] for x in b.results if x.table == 7]
    assert points == [(4.4, 6.6), (6.6, 6.6)]
    assert all(len(b.results) == 12 for b in lines)
    assert scored.events[0].date is not None  # (no Session table: the results' DateLog)


@pytest.mark.parametrize("scoring", ["imps", "butler", "cross-imps"])
def test_a_directors_imp_scoring(twelve: Path, tmp_path: Path, scoring: str) -> None:
    doc = _scored(twelve, tmp_path / "game.xml", "--scoring", scoring)
    event = doc.events[0]
    assert event.scoring.value == scoring.replace("-", "_")
    lines = [x for b in event.sections[0].results for x in b.results]
    figures = [x.ns_points for x in lines if x.ns_points is not None]
    assert len(figures) == 286 and any(f != round(f) for f in figures) == (scoring == "cross-imps")
    entries = event.sections[0].entries
    assert sum(e.score or 0 for e in entries) == pytest.approx(0, abs=30)  # (IMPs net to ~0)
    assert sorted(e.rank or 0 for e in entries)[0] == 1


def test_the_hand_record_from_a_deals_file(twelve: Path, tmp_path: Path) -> None:
    deals = tmp_path / "deals.pbn"
    assert run(["generate", "-n", "24", "--seed", "7", str(deals)]) == 0
    doc = _scored(twelve, tmp_path / "game.pbn", "--deals", str(deals))
    given = bridgeio.read(str(deals))
    written = doc.events[0].deals
    assert written is not None and len(written) == 24
    assert [d.pbn() for d in written] == [d.pbn() for d in given]  # type: ignore[union-attr]
    assert run(["score", str(twelve), str(tmp_path / "x.xml"), "--deals", str(twelve)]) == 2


STRIPPED = [
    "usebio/compscore_mp_pairs_howell.xml",
    "usebio/compscore_mp_pairs_mitchell.xml",
    "usebio/compscore_mp_pairs_mitchell_04.xml",
    "usebio/nzscorer_pairs.xml",
    "acblscore/beverly-hills-bridge-club_170731.ACA",
    "acblscore/downeywhittier_170816.ACM",
    "acblscore/long-beach-bridge_170616.ACA",
    "acblscore/agile-bridge-club_170613.ACA",
]


@pytest.mark.parametrize("name", STRIPPED)
def test_standings_from_scratch_are_the_scoring_programs(name: str) -> None:
    """A game of Compscore, NZ Scorer or ACBLscore (Mitchell and Howell, one section or two
    ranked apart) with every board point, total, percentage and rank taken out, as a
    Bridgemate database has them: scored again from the scores, every percentage (at the
    file's two decimals) and rank is the program's, and ACBLscore's totals too (its
    convention is the default; theirs, Compscore's and NZ Scorer's, differ in kind)."""
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{path} is not in the corpus")
    recorded = bridgeio.read(str(path))
    assert isinstance(recorded, Results)
    bare = copy.deepcopy(recorded)
    for section in bare.events[0].sections:
        for entry in section.entries:
            entry.score = entry.percentage = entry.rank = None
        for line in (x for b in section.results for x in b.results):
            line.ns_points = line.ew_points = None
    new, done = rescored_copy(bare)
    before = [e for s in recorded.events[0].sections for e in s.entries]
    after = [e for s in new.events[0].sections for e in s.entries]
    assert done.filled == 3 * len(before) > 0
    assert [e.rank for e in after] == [e.rank for e in before]
    assert [e.percentage for e in after] == pytest.approx([e.percentage for e in before], abs=0.011)
    if name.startswith("acblscore"):
        assert [e.score for e in after] == pytest.approx([e.score for e in before], abs=0.011)


def test_json_of_the_scored_game_is_canonical(whole: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    _scored(whole, out)
    document = json.loads(out.read_text())
    entries = document["events"][0]["sections"][0]["entries"]
    assert {"score", "percentage", "rank"} <= set(entries[0])


def test_the_european_convention_named(twelve: Path, tmp_path: Path) -> None:
    """``--convention european``: a top of 22 on the 12-table boards, twice ACBL's 11; the
    totals about twice, the percentages within the rounding of the factored boards."""
    acbl = _scored(twelve, tmp_path / "acbl.xml").events[0].sections[0]
    european = _scored(twelve, tmp_path / "eu.xml", "--convention", "european")
    lines = european.events[0].sections[0].results[0].results
    assert max((x.ns_points or 0) + (x.ew_points or 0) for x in lines) == 22
    for one, other in zip(acbl.entries, european.events[0].sections[0].entries, strict=True):
        assert other.score == pytest.approx(2 * (one.score or 0), abs=0.5)
        assert other.percentage == pytest.approx(one.percentage, abs=0.1)


def test_each_session_is_scaled_to_its_own_boards() -> None:
    """Sections of two sessions (2 boards, then 3), every pair playing every board: no total
    is scaled, each percentage its points over its own session's tops."""
    from bridgeio.analysis.scoring.standings import fill_standings
    from bridgeio.model.results import Board, BoardResult, Entry, Event, Section

    def section(session: int, boards: int) -> Section:
        lines = [
            Board(
                n,
                [
                    BoardResult(1, t, t, t + 2, s, -s, p, 2 - p)
                    for t, s, p in [(1, 420, 2.0), (2, 170, 0.0)]
                ],
            )
            for n in range(1, boards + 1)
        ]
        entries = [Entry(str(n), n) for n in (1, 2, 3, 4)]
        return Section("A", session=session, results=lines, entries=entries)

    first, second = section(1, 2), section(2, 3)
    doc = Results([Event(sections=[first, second])])
    assert fill_standings(doc) == 24
    assert [e.score for e in first.entries] == [4.0, 0.0, 0.0, 4.0]
    assert [e.score for e in second.entries] == [6.0, 0.0, 0.0, 6.0]
    assert [e.percentage for e in second.entries] == [100.0, 0.0, 0.0, 100.0]
