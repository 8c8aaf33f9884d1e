"""PBN written from results (``ScoreTable``, ``TotalScoreTable``, the hand records): every
ACBLscore and USEBIO corpus file converted to PBN reads back with the same entries, percentages
and traveller lines; PBN → PBN → model is the same model, the file's own columns included;
PBN → USEBIO validates clean; PBN → ACBLscore reads back (and in Kidd's ACBLgamedump, where
ACBLGAMEDUMP names a copy) with the same names and percentages.

Real names are in these files: a failure names a file and counts, never what it holds.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from endplay.parsers import pbn as endplay_pbn

import bridgeio
from bridgeio.cli import main
from bridgeio.errors import DataLossWarning, collect
from bridgeio.formats.pbn.results import PbnCells
from bridgeio.formats.pbn.write_results import results_text
from bridgeio.model.deals import DealSet, deal_strings
from bridgeio.model.results import EventKind, Results, Special
from tests.receivers.common import converted, corpus_files, params

ACBL_FILES = corpus_files("acblscore", ".aca", ".acm", ".ace")
USEBIO_FILES = corpus_files("usebio", ".xml")
PBN_RESULTS = [
    p for p in corpus_files("pbn", ".pbn") if re.search(rb"^\[ScoreTable ", p.read_bytes(), re.M)
]
UNMARKED = {Special.NOT_PLAYED: None, Special.LATE_PLAY: None, Special.NOT_IN_PLAY: None}
"""Marks PBN has no spelling for (the conversion says so): read back as no score."""


def read(path: Path) -> Results:
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def quietly(source: Path, folder: Path, extension: str) -> Path:
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        (path,) = converted(source, folder, extension)
    return path


def _name(text: str) -> str:
    return " ".join(text.split())


def _score(score: object) -> object:
    return UNMARKED.get(score, score) if isinstance(score, Special) else score  # type: ignore[call-overload]


def summary(results: Results) -> list[tuple]:
    """Each event that has entries or table results: its name, date, kind and scoring, its
    entries (section, number, direction, rank, tie, total, percentage, names, member numbers)
    and every table result, sorted."""
    events = []
    for event in results.events:
        entries = [
            (
                s.name,
                e.number,
                e.direction,
                e.seat,
                e.rank,
                e.tied,
                e.score,
                e.percentage,
                e.boards_played,
                tuple(_name(p.name) for p in e.players),
                tuple(p.player_number for p in e.players),
            )
            for s in event.sections
            for e in s.entries
        ]
        lines = [
            (
                s.name,
                b.number,
                r.round,
                r.table,
                r.ns,
                r.ew,
                r.seats,
                None if r.contract is None else (r.contract.text, r.contract.declarer),
                r.tricks,
                None if r.lead is None else str(r.lead),
                _score(r.ns_score),
                _score(r.ew_score),
                r.ns_points,
                r.ew_points,
                r.points,
            )
            for s in event.sections
            for b in s.results
            for r in b.results
        ]
        if entries or lines:
            head = (event.name.strip(), event.date, event.kind, event.scoring)
            events.append((head, sorted(entries, key=repr), sorted(lines, key=repr)))
    return events


def same(a: list[tuple], b: list[tuple]) -> str | None:
    """None when equal; else where they differ, in counts (no names)."""
    if len(a) != len(b):
        return f"{len(a)} events, read back {len(b)}"
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x[0] != y[0]:
            return f"event {i}: name, date, kind or scoring"
        for part, what in ((1, "entries"), (2, "table results")):
            if x[part] != y[part]:
                wrong = sum(p != q for p, q in zip(x[part], y[part], strict=False))
                return f"event {i}: {len(x[part])} {what}, read back {len(y[part])}, {wrong} differ"
    return None


@pytest.mark.parametrize("source", params(ACBL_FILES + USEBIO_FILES))
def test_acblscore_and_usebio_to_pbn_read_back_with_the_same_entries_and_lines(source, tmp_path):
    original = read(source)
    expected = summary(original)
    if not expected:  # (the truncated game file: its one event has no section)
        with pytest.raises(bridgeio.ConversionError, match="entries or table results"):
            quietly(source, tmp_path, ".pbn")
        return
    written = quietly(source, tmp_path, ".pbn")
    back = read(written)
    assert back.format == "pbn"
    assert same(expected, summary(back)) is None, same(expected, summary(back))
    boards = {b.number for e in original.events for s in e.sections for b in s.results}
    games = endplay_pbn.loads(written.read_text(encoding="utf-8"))
    assert {g.board_num for g in games} == boards  # endplay reads every game
    deals = original.events[0].deals if original.events else None
    if deals is not None and deals.seats is not None:  # the hand records, card for card
        read_back = back.events[0].deals
        assert read_back is not None and read_back.seats is not None
        assert hands(read_back) == hands(deals)


def hands(deals: DealSet) -> dict[int, str]:
    """Each board's deal in PBN notation, from North."""
    assert deals.seats is not None
    return dict(zip(deals.board_numbers().tolist(), deal_strings(deals.seats), strict=True))


def test_the_conversion_says_what_pbn_cannot_hold(tmp_path):
    """An ACBLscore game's strats, masterpoints and not-played marks are left out, said."""
    source = next((p for p in ACBL_FILES if "not_played" in repr(read(p))), None)
    if source is None:
        pytest.skip("no corpus")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        bridgeio.convert(source, tmp_path / "out.pbn")
    said = [str(w.message) for w in seen if isinstance(w.message, DataLossWarning)]
    assert any("not-played" in s for s in said) and any("strats" in s for s in said)


@pytest.mark.parametrize("source", params(PBN_RESULTS))
def test_pbn_to_pbn_gives_the_same_model_and_writes_the_files_own_columns(source, tmp_path):
    """Converted (the file's bytes, its tables unchanged), and written from the model alone
    (every table made again): both read back as the model, the cells of the columns the
    model has no field for included."""
    original = read(source)
    unchanged = read(quietly(source, tmp_path, ".pbn")).events == original.events
    assert unchanged
    remade = tmp_path / "remade.pbn"
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        remade.write_bytes(b"% PBN 2.1\n% EXPORT\n\n" + results_text(original))
    back = read(remade)
    problem = same(summary(original), summary(back))
    assert problem is None, problem
    cells = kept(original)
    same_cells = kept(back) == cells
    assert cells and same_cells


def kept(results: Results) -> list[dict[str, str]]:
    """The cells of every entry and table result the model keeps as the file's own."""
    found = []
    for event in results.events:
        for section in event.sections:
            objects = [*section.entries, *(r for b in section.results for r in b.results)]
            found += [o.kept.cells for o in objects if isinstance(o.kept, PbnCells)]
    return found


@pytest.mark.parametrize("source", params(PBN_RESULTS))
def test_pbn_to_usebio_validates_clean(source, tmp_path):
    written = quietly(source, tmp_path, ".xml")
    result = CliRunner().invoke(main, ["validate", str(written)])
    assert result.exit_code == 0, f"validate exit {result.exit_code}"


@pytest.mark.parametrize("source", params(PBN_RESULTS))
def test_pbn_to_acblscore_reads_back_with_the_same_names_and_percentages(source, tmp_path):
    original = read(source)
    written = quietly(source, tmp_path, ".ACA")
    expected = standing(original)
    equal, found = standing(read(written)) == expected, bool(expected)
    assert found and equal
    script = os.environ.get("ACBLGAMEDUMP")
    # (ACBLgamedump lists half the players of an individual event: only pairs are compared)
    pairs = all(e.kind == EventKind.PAIRS for e in original.events)
    if pairs and script and Path(script).is_file() and shutil.which("perl"):
        in_kidd = kidd(written, Path(script)) == kidd_view(original)
        assert in_kidd


def standing(results: Results) -> list[tuple]:
    """(percentage, names) of every entry, sorted: what the two files must share (a game
    file has a percentage for every entry: an IMP event's, which has none, is 0 there; it
    holds 16 characters of a first or last name)."""
    return sorted(
        (
            e.percentage or 0.0,
            tuple(_name(f"{p.first_name[:16]} {p.last_name[:16]}") for p in e.players),
        )
        for event in results.events
        for s in event.sections
        for e in s.entries
    )


def kidd(path: Path, script: Path) -> list[tuple]:
    """ACBLgamedump's entries with a percentage: (percentage, names), sorted."""
    import json

    done = subprocess.run(["perl", str(script), str(path)], capture_output=True, check=True)
    found = []
    for event in json.loads(done.stdout.decode("latin-1"))[0]["event"]:  # (it prints cp1252)
        for section in event["section"].values():
            for entry in section.get("entry", {}).values():
                names = tuple(_name(f"{p['fname']} {p['lname']}") for p in entry["player"])
                found.append((round(float(entry["pct"]), 2), names))
    return sorted(found)


def kidd_view(results: Results) -> list[tuple]:
    """Our entries as ACBLgamedump lists them: those with a percentage, names cut to the
    game file's 16 characters."""
    return sorted(
        (
            round(e.percentage, 2),
            tuple(_name(f"{p.first_name[:16]} {p.last_name[:16]}") for p in e.players),
        )
        for event in results.events
        for s in event.sections
        for e in s.entries
        if e.percentage
    )


def test_the_corpus_has_what_this_suite_is_for():
    if not ACBL_FILES:
        pytest.skip("no corpus")
    assert len(ACBL_FILES) >= 49 and len(USEBIO_FILES) == 12 and len(PBN_RESULTS) == 2
