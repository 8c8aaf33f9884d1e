"""Solving a PBN file keeps everything but the tricks it adds to (issue 29): a results file
keeps its events and every score table row, a deal file every tag, comment and section.

Solving every corpus file with DDS would take minutes, so the solver is replaced by one that
gives each deal a count of its own; one small real file is solved by DDS too.
"""

from __future__ import annotations

import numpy as np
import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.double_dummy import job
from bridgeio.errors import collect
from bridgeio.formats.pbn.scan import scan
from bridgeio.model.results import Results
from tests.conftest import CORPUS
from tests.recap_corpus import document

TRICK_TAGS = {"OptimumResultTable", "DoubleDummyTricks", "Ability", "Minimax"}
FILES = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.glob("**/pbn/*.pbn")) or ["(none)"]


def tags(text: str) -> list[tuple[str, str, list[str]]]:
    """Every tag of the text but the double-dummy ones, with its section's lines."""
    return [
        (tag.name, tag.value, [row.text for row in tag.section])
        for game in scan(text).games
        for tag in game.tags
        if tag.name not in TRICK_TAGS
    ]


def fake_solver(seats: np.ndarray) -> np.ndarray:
    """Tricks no real file holds: each deal's count is its first card's seat plus 3."""
    return np.repeat(seats[:, :1, None] + 3, 20, axis=2).reshape(-1, 5, 4).astype(np.uint8)


@pytest.fixture(params=FILES)
def source(request, corpus):
    return corpus / request.param


def test_solving_keeps_every_tag_row_and_event(source, tmp_path, monkeypatch):
    monkeypatch.setattr(job, "solve_seats", fake_solver)
    with collect():
        before = document(source)  # (read once a session, tests/recap_corpus.py: looked at)
        deals = bridgeio.model.as_deals(before, "solve")
        if deals.seats is None or (deals.seats == 255).any():
            pytest.skip("a file with partial deals is not solved")
        job.SolveJob(str(source), str(tmp_path / "solved.pbn")).run()
        after = bridgeio.read(tmp_path / "solved.pbn")
    text = source.read_bytes().decode("latin-1")
    solved = (tmp_path / "solved.pbn").read_bytes().decode("latin-1")
    assert tags(solved) == tags(text)
    assert np.array_equal(bridgeio.model.as_deals(after, "x").tricks, fake_solver(deals.seats))
    if isinstance(before, Results):
        assert after.events == before.events


def test_a_results_file_solved_by_dds_keeps_its_results(corpus, tmp_path):
    pytest.importorskip("endplay", reason="solving needs the dds extra (endplay)")
    source = corpus / "world" / "pbn" / "lindsjorn__bridgeRanking__2016-11-09.pbn"
    with collect():
        assert run(["solve", str(source), str(tmp_path / "solved.pbn")]) == 0
        before, after = bridgeio.read(source), bridgeio.read(tmp_path / "solved.pbn")
    assert after.events == before.events and after.events[0].date is not None
    solved = bridgeio.model.as_deals(after, "x")
    assert len(solved) == 24 and (solved.tricks <= 13).all()
    text = source.read_bytes().decode("latin-1")
    assert tags((tmp_path / "solved.pbn").read_bytes().decode("latin-1")) == tags(text)
