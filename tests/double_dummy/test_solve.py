"""Solving: DDS's tricks in the right places, resumable, the same on a Dask cluster."""

from __future__ import annotations

import os
import re

import numpy as np
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.double_dummy.job import SolveJob, WorkFileMismatch
from bridgeio.double_dummy.solver import solve_seats
from bridgeio.model import Deal, DealSet

pytest.importorskip("endplay", reason="solving needs the dds extra (endplay)")


def test_tricks_equal_the_dds_reference_tables(corpus, tmp_path):
    deals, tables = [], []
    for line in (corpus / "deals" / "dds_list100.txt").read_text().splitlines():
        if line.startswith("PBN "):
            deals.append(re.search(r'"(.*)"', line).group(1))
        elif line.startswith("TABLE "):
            tables.append([int(x) for x in line.split()[1:]])
    seats = np.array([Deal.from_pbn(d).seats for d in deals])
    tricks = solve_seats(seats)
    # TABLE: [strain S H D C NT][declarer N E S W], the model's own order
    assert tricks.reshape(100, 20).tolist() == tables


DEALS = 12  # enough for three batches of four; solving is the slow part


@pytest.fixture
def source(tmp_path):
    assert run(["generate", "-n", str(DEALS), "--seed", "11", str(tmp_path / "in.pbn")]) == 0
    return tmp_path / "in.pbn"


def test_solve_command_writes_each_format(source, tmp_path):
    assert run(["solve", str(source), str(tmp_path / "out.zrd")]) == 0
    solved = bridgeio.read(tmp_path / "out.zrd")
    assert np.array_equal(solved.seats, bridgeio.read(source).seats)
    assert (solved.tricks <= 13).all()
    assert run(["solve", str(source), str(tmp_path / "out.zrj"), "--seat", "W"]) == 0
    assert run(["solve", str(source), str(tmp_path / "out.pbn")]) == 0
    back = bridgeio.read(tmp_path / "out.pbn")
    assert np.array_equal(back.tricks, solved.tricks)
    assert back.boards.tolist() == list(range(1, DEALS + 1))
    assert not os.path.exists(tmp_path / "out.pbn.solving")


class Stop(Exception):
    pass


def test_an_interrupted_run_resumes_to_the_same_bytes(source, tmp_path):
    whole = SolveJob(str(source), str(tmp_path / "whole.zrd"), batch=4)
    whole.run()
    part = SolveJob(str(source), str(tmp_path / "part.zrd"), batch=4)
    calls = []

    def stop_after_first_batch(count: int, total: int) -> None:
        calls.append(count)
        if len(calls) == 2:
            raise Stop

    with pytest.raises(Stop):
        part.run(stop_after_first_batch)
    assert not os.path.exists(tmp_path / "part.zrd")  # the output appears only complete
    work = tmp_path / "part.zrd.solving"
    assert os.path.getsize(work) == 4 * 23
    with open(work, "ab") as handle:  # a kill in the middle of a write
        handle.write(b"\x01\x02\x03")
    solved_now = part.run()
    assert solved_now == DEALS - 4
    assert (tmp_path / "part.zrd").read_bytes() == (tmp_path / "whole.zrd").read_bytes()
    assert not work.exists()


def test_a_work_file_for_other_deals_is_not_used(source, tmp_path):
    other = DealSet(bridgeio.read(source).seats[::-1].copy(), np.full((DEALS, 5, 4), 7, np.uint8))
    bridgeio.write(other, tmp_path / "out.zrd.solving", "zrd")
    with pytest.raises(WorkFileMismatch):
        SolveJob(str(source), str(tmp_path / "out.zrd")).run()
    assert run(["solve", str(source), str(tmp_path / "out.zrd")]) == 2


def test_the_same_job_on_a_local_dask_cluster_writes_the_same_bytes(source, tmp_path):
    distributed = pytest.importorskip("distributed", reason="--dask needs distributed")
    SolveJob(str(source), str(tmp_path / "here.zdd"), batch=4).run()
    with distributed.LocalCluster(
        n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        assert (
            run(
                [
                    "solve",
                    str(source),
                    str(tmp_path / "there.zdd"),
                    "--dask",
                    cluster.scheduler_address,
                ]
            )
            == 0
        )
    assert (tmp_path / "there.zdd").read_bytes() == (tmp_path / "here.zdd").read_bytes()


def test_without_endplay_the_command_says_how_to_get_it(source, tmp_path, monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    assert run(["solve", str(source), str(tmp_path / "out.zrd")]) == 2
    assert "pip install 'bridgeio[dds]'" in capsys.readouterr().err


def test_with_tricks_solves_what_lacks_tricks_and_keeps_the_rest() -> None:
    """The recap's and the site's solving: the stated dealer and vulnerability, the board
    numbers and the deals' known tricks stay as they were."""
    from bridgeio.double_dummy import random_deals, with_tricks
    from bridgeio.model.deals import UNKNOWN_TRICKS

    deals = next(random_deals(3, seed=7))
    deals = DealSet(
        seats=deals.seats,
        boards=np.array([1, 2, 3]),
        dealer=np.array([2, 3, 0], dtype=np.uint8),  # not the board numbers' N, E, S
        vulnerability=np.array([3, 0, 1], dtype=np.uint8),
    )
    solved = with_tricks(deals)
    assert solved.tricks is not None and not (solved.tricks == UNKNOWN_TRICKS).any()
    assert (solved.tricks == solve_seats(deals.seats)).all()
    for name in ("seats", "boards", "dealer", "vulnerability"):
        assert (getattr(solved, name) == getattr(deals, name)).all(), name
