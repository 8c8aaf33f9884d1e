"""What each card cost its side double-dummy (``cards.dd_cost``, ``export --solve``), on every
play of real producers found here: BBO vugraph and hand-viewer LIN, BEN, GIB and BBO played-board
PBN (the shared corpus, tested in place, and public repositories' files where a mirror of them
is on this machine). The invariant of the play analysis holds on every completed play:
declarer's tricks = the double-dummy tricks of the contract at the opening lead (CalcAllTables,
another DDS entry point than the play analysis) - the costs of declarer's side + the costs of
the defenders'; no card costs less than 0; and the batch way gives every card the cost that
one endplay ``solve_board`` call a card gives."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

import bridgeio
from bridgeio.analysis.tables import tables
from bridgeio.cli import run
from bridgeio.double_dummy import solve_seats
from bridgeio.double_dummy.play_cost import PlayToSolve, costs_of, dd_traces, play_costs
from bridgeio.model.cards import Card
from bridgeio.model.deals import Deal
from bridgeio.model.results import BoardResult, Results
from tests.conftest import CORPUS
from tests.recap_corpus import document

pytest.importorskip("endplay", reason="dd_cost needs endplay (bridgeio[dds])")

MIRROR = Path("/work/.mirror")
MIRRORED = {  # repository (mirrored as owner+name): its files of played boards
    "sihengz02+bridge-lin2json-parser": [f"raw_file/{n}.lin" for n in range(74800, 74808)],
    "ThorvaldAagaard+Bridge-Robot-Utilities": [
        "Example/Match- GIBNS v GIBEW 1-4.lin",
        "Example/Match- GIBNS v GIBEW BC 1-4.lin",
        "Example/Match- GIBNS v GIBEW.pbn",
        "Example/Match- GIBNS v GIBEW BC.pbn",
    ],
    "dominicprice+endplay": ["tests/lin/example1.lin", "examples/pbn_files/sample.pbn"],
}


def played_files(tmp: Path) -> list[Path]:
    """The shared corpus's files of played boards, and the mirrored ones taken out of their
    git objects into ``tmp`` (the files as their repositories hold them)."""
    found = sorted((CORPUS / "world" / "lin").glob("*.lin"))
    found += sorted((CORPUS / "world" / "pbn").glob("*.pbn"))
    found += sorted((CORPUS / "pbn").glob("dominicprice__endplay__example*.pbn"))
    for repo, paths in MIRRORED.items():
        for path in paths:
            shown = subprocess.run(
                ["git", "--git-dir", str(MIRROR / repo / "repo"), "show", f"HEAD:{path}"],
                capture_output=True,
                check=False,
            )
            if shown.returncode == 0:
                out = tmp / f"{repo}__{path.replace('/', '__').replace(' ', '_')}"
                out.write_bytes(shown.stdout)
                found.append(out)
    return found


Played = tuple[str, BoardResult, PlayToSolve]


def _played(path: Path) -> list[Played]:
    """Every line of a file with a declared contract, a play of at least one card and its
    board's whole deal. (The file read once a session, tests/recap_corpus.py: only looked
    at.)"""
    doc = document(path)
    if not isinstance(doc, Results):
        return []
    found = []
    for event in doc.events:
        if event.deals is None or event.deals.seats is None:
            continue
        deals = dict(zip(event.deals.board_numbers().tolist(), event.deals.seats, strict=True))
        for section in event.sections:
            for board in section.results + [b for m in section.matches for b in m.boards]:
                for line in board.results:
                    contract, holder = line.contract, deals.get(board.number)
                    if line.play is None or not line.play.cards or holder is None:
                        continue
                    if contract is None or contract.declarer is None or contract.strain is None:
                        continue
                    cards = [int(c) for c in line.play.cards]
                    solve = PlayToSolve(holder, int(contract.declarer), int(contract.strain), cards)
                    found.append((f"{path.name} board {board.number}", line, solve))
    return found


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> list[Played]:
    files = played_files(tmp_path_factory.mktemp("public"))
    found = [p for path in files for p in _played(path) if p[2].solvable()]
    if not found:
        pytest.skip(f"no played boards here: neither under {CORPUS} nor mirrors under {MIRROR}")
    return found


def _at_the_lead(plays: list[PlayToSolve]) -> list[int]:
    """Declarer's double-dummy tricks in the contract's strain, from CalcAllTables."""
    tricks = solve_seats(np.stack([p.holder for p in plays]))
    return [int(tricks[k, p.strain, p.declarer]) for k, p in enumerate(plays)]


def test_the_invariant_holds_on_every_completed_play(played: list[Played]) -> None:
    complete = [p for p in played if len(p[2].cards) == 52]
    plays = [p[2] for p in complete]
    costs = play_costs(plays)
    start = _at_the_lead(plays)
    broken, disagree = [], []
    for (where, line, play), cost, dd in zip(complete, costs, start, strict=True):
        assert cost is not None and len(cost) == 52, where
        assert (cost >= 0).all(), f"{where}: a card gained its side a trick: {cost.tolist()}"
        declarers = np.array([s % 2 == play.declarer % 2 for s in play.seats()])
        won = line.play.won(line.contract)  # type: ignore[union-attr, arg-type]
        if won != dd - int(cost[declarers].sum()) + int(cost[~declarers].sum()):
            broken.append(where)
        if line.tricks is not None and line.tricks != won:
            disagree.append(f"{where}: the result says {line.tricks}, the play gives {won}")
    assert not broken, f"the invariant fails on {len(broken)} plays: {broken[:5]}"
    assert not disagree, disagree
    assert len(complete) >= 8, f"only {len(complete)} completed plays found"
    print(f"{len(complete)} completed plays, {52 * len(complete)} cards: the invariant holds")


def test_a_claimed_play_costs_no_card_less_than_0(played: list[Played]) -> None:
    claimed = [p[2] for p in played if p[1].play.claim is not None]  # type: ignore[union-attr]
    if not claimed:
        pytest.skip("no claimed play here")
    claimed = claimed[:: max(1, len(claimed) // 60)]  # a sample: the files hold thousands
    traces = dd_traces(claimed)
    assert [int(t[0]) for t in traces if t is not None] == _at_the_lead(claimed)
    for play, trace in zip(claimed, traces, strict=True):
        assert trace is not None
        cost = costs_of(play, trace)
        assert len(cost) == len(play.cards) and (cost >= 0).all()


def naive_costs(play: PlayToSolve) -> list[int]:
    """One endplay solve_board call a card: the best card's score less the played card's."""
    from endplay.dds import solve_board
    from endplay.types import Deal as SolverDeal
    from endplay.types import Denom, Player

    deal = SolverDeal(bridgeio.model.Deal(play.holder).pbn())
    deal.first, deal.trump = Player((play.declarer + 1) % 4), Denom(play.strain)
    costs = []
    for card in play.cards:
        scores = {int(c.suit) * 13 + 14 - c.rank.to_alternate(): s for c, s in solve_board(deal)}
        costs.append(max(scores.values()) - scores[card])
        deal.play(str(Card(card)))
    return costs


def test_the_batch_way_gives_each_card_the_cost_solve_board_gives(played: list[Played]) -> None:
    some = [p[2] for p in played[:: max(1, len(played) // 12)]][:12]
    costs = play_costs(some)
    assert [c.tolist() for c in costs if c is not None] == [naive_costs(p) for p in some]
    assert sum(int(c.sum()) for c in costs if c is not None) > 0  # some card cost a trick


def test_a_play_dds_cannot_follow_is_none_and_the_rest_are_solved(played: list[Played]) -> None:
    good = played[0][2]
    revoked = PlayToSolve(good.holder, good.declarer, good.strain, list(good.cards[:1]) * 2)
    assert not revoked.solvable()
    first, second = play_costs([revoked, good])
    assert first is None and second is not None and len(second) == len(good.cards)


def test_export_solve_fills_dd_cost_and_the_tables_keep_the_invariant(
    corpus: Path, tmp_path: Path
) -> None:
    folder = corpus / "world" / "lin"
    if not any(folder.glob("*.lin")):
        pytest.skip(f"no LIN file in {folder}")
    plain, solved = tmp_path / "plain", tmp_path / "solved"
    assert run(["export", str(folder), "--to", "parquet", str(plain), "-j", "1"]) == 0
    assert run(["export", str(folder), "--to", "parquet", str(solved), "--solve", "-j", "2"]) == 0
    assert pq.read_table(plain / "cards.parquet").column("dd_cost").null_count > 0
    cards = pq.read_table(solved / "cards.parquet").to_pylist()
    results = pq.read_table(solved / "results.parquet").to_pylist()
    deals = pq.read_table(solved / "deals.parquet").to_pylist()
    assert cards and all(card["dd_cost"] is not None for card in cards)  # every play completed
    assert cards == tables(folder, solve=True)["cards"].to_pylist()  # as the Python API gives
    seats = {(d["file_id"], d["board"]): Deal.from_pbn(d["pbn"]).seats for d in deals}
    key = ("file_id", "event", "section", "board", "round", "table")
    checked = 0
    for line in results:
        mine = [c for c in cards if all(c[k] == line[k] for k in key)]
        declarer = "NESW".index(line["declarer"])
        strain = "SHDCN".index(line["contract"][1])
        lost = sum(c["dd_cost"] for c in mine if "NESW".index(c["seat"]) % 2 == declarer % 2)
        given = sum(c["dd_cost"] for c in mine) - lost
        tricks = solve_seats(seats[line["file_id"], line["board"]][None, :])
        assert len(mine) == 52
        assert line["tricks"] == tricks[0, strain, declarer] - lost + given, line
        checked += 1
    assert checked == len(results) > 0


def test_export_solve_without_endplay_says_what_to_install(
    corpus: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    out = tmp_path / "out"
    assert run(["export", str(corpus / "world" / "lin"), "--to", "csv", str(out), "--solve"]) == 2
    assert "pip install 'bridgeio[dds]'" in capsys.readouterr().err
    assert not out.exists()


def test_export_solve_on_a_dask_cluster_gives_the_same_costs(corpus: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="--dask needs distributed")
    folder = corpus / "world" / "lin"
    if not any(folder.glob("*.lin")):
        pytest.skip(f"no LIN file in {folder}")
    with distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster:
        command = ["export", str(folder), "--to", "parquet", str(tmp_path / "dask"), "--solve"]
        assert run([*command, "--dask", cluster.scheduler_address]) == 0
    key = [("file_id", "ascending"), ("board", "ascending"), ("table", "ascending")]
    mine = pq.read_table(tmp_path / "dask" / "cards").sort_by(key).to_pylist()
    local = tables(folder, solve=True)["cards"].sort_by(key).to_pylist()
    assert mine == local and all(card["dd_cost"] is not None for card in mine)
