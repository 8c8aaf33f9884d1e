"""The LIN writer: every LIN file found (the shared corpus's world/lin and public repositories'
mirrors) read, written as LIN and read back gives the same lines (contract, tricks, score,
auction with alerts, play, room), deals and match IMPs; PBN played boards written as LIN
keep their calls and cards; what LIN cannot hold is said."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import DataLossWarning
from bridgeio.model.results import BoardResult, Results
from tests.formats.test_lin import WORLD, _public
from tests.formats.test_pbn_played_read import DIANA, _lines


def _read(path: Path) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


def _key(line: BoardResult) -> str:
    return repr(
        (line.contract, line.tricks, line.ns_score, line.auction, line.play, line.room)
        + (line.ns_points, line.ew_points)
    )


def _imps(doc: Results) -> list[tuple[float | None, float | None]]:
    return [(m.home_imps, m.away_imps) for s in doc.events[0].sections for m in s.matches]


def test_lin_to_lin_reads_back_the_same(tmp_path: Path) -> None:
    sources = sorted(WORLD.glob("*.lin")) + _public(tmp_path)
    if not sources:
        pytest.skip(f"no LIN file: {WORLD} and the mirrors are absent")
    lines = matches = 0
    for source in sources:
        before = _read(source)
        out = tmp_path / f"{source.stem}.out.lin"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bridgeio.write(before, out, "lin")
        after = _read(out)
        assert sorted(map(_key, _lines(after))) == sorted(map(_key, _lines(before))), source.name
        assert after.events[0].deals == before.events[0].deals, source.name
        assert _imps(after) == _imps(before), source.name
        # the match as the file gives it: title, segment, scoring, teams, carry-over, players
        event, again = before.events[0], after.events[0]
        assert (again.name, again.session_name, again.scoring) == (
            event.name,
            event.session_name,
            event.scoring,
        ), source.name
        for section, back in zip(event.sections, again.sections, strict=True):
            assert [m.segments for m in back.matches] == [m.segments for m in section.matches]
            assert [(e.name, e.players) for e in back.entries] == [
                (e.name, e.players) for e in section.entries
            ], source.name
        lines += len(_lines(after))
        matches += len(_imps(after))
    assert lines and matches


def test_pbn_played_boards_to_lin_keep_calls_and_cards(tmp_path: Path) -> None:
    if not DIANA.exists():
        pytest.skip(f"{DIANA.name} is not in the corpus")
    pbn = _read(DIANA)
    out = tmp_path / "diana.lin"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridgeio.write(pbn, out, "lin")
    lin = _read(out)
    keep = lambda r: (r.contract, r.tricks, r.ns_score, r.auction, r.play)  # noqa: E731
    assert [repr(keep(r)) for r in _lines(lin)] == [repr(keep(r)) for r in _lines(pbn)]
    assert len(_lines(lin)) == 8


def test_what_lin_cannot_hold_is_said(tmp_path: Path) -> None:
    source = WORLD / "kevinywlui__lin2pbn__test.lin"
    if not source.exists():
        pytest.skip(f"{source} is absent")
    doc = _read(source)
    doc.events[0].sections[0].entries[0].score = 1.0
    with pytest.warns(DataLossWarning, match="standings of 1 entries"):
        bridgeio.write(doc, tmp_path / "x.lin", "lin")
