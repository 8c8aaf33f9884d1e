"""Matthew Kidd's ACBLgamedump (the decoder clubs and results sites run on ACBLscore game files)
reads every ACBLscore file bridgeio writes with the source's names, percentages, scores and
board results (scores and matchpoints).

The files: each ACBLscore corpus file written back, rebuilt from its model (no byte of the
original kept), and written from its canonical JSON (``bridgeio dump``, read back); each USEBIO
pairs file converted, and written from its canonical JSON. ACBLgamedump is GPL code: it is run
where the environment variable ACBLGAMEDUMP points at a copy, never kept here; without it these
tests skip. Real names are in these files: no assertion message prints them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.formats.acblscore.builder import build
from bridgeio.model.results import Results
from tests.receivers.common import corpus_files, needs_usebio, params

GAME_FILES = [
    p
    for p in corpus_files("acblscore", ".aca", ".acm", ".ace")
    if not p.name.startswith("truncated")
]
USEBIO_FILES = corpus_files("usebio", ".xml")
Entries = dict[tuple[object, ...], object]
Boards = dict[object, object]


def gamedump() -> Path:
    """Kidd's ACBLgamedump.pl, where ACBLGAMEDUMP points to a copy (GPL code: never kept in
    this repository); the test skips without it."""
    where = os.environ.get("ACBLGAMEDUMP")
    if not where or not Path(where).is_file() or shutil.which("perl") is None:
        pytest.skip("set ACBLGAMEDUMP to a copy of ACBLgamedump.pl (and have perl) to compare")
    return Path(where)


def kidd(path: Path, script: Path) -> tuple[Entries, Boards]:
    """ACBLgamedump's entries (percentage, score, names) and board results of a game file."""
    return _kidd(hashlib.sha256(path.read_bytes()).hexdigest(), path, script)


@functools.cache
def _kidd(digest: str, path: Path, script: Path) -> tuple[Entries, Boards]:
    """(The same bytes are decoded once: a file written back unchanged reads as its source.)"""
    done = subprocess.run(["perl", str(script), str(path)], capture_output=True, check=True)
    entries: Entries = {}
    boards: Boards = {}
    for event in json.loads(done.stdout)[0]["event"]:
        for letter, section in event["section"].items():
            for key, entry in section.get("entry", {}).items():
                names = [(p["lname"], p["fname"]) for p in entry["player"]]
                entries[(event["event_id"], letter, key)] = (
                    entry["pct"],
                    entry["score_session"],
                    names,
                )
            for number, rows in section.get("board", {}).items():
                # it reads matchpoints unsigned: a negative one comes out 2^32 less
                boards[(event["event_id"], letter, int(number))] = [
                    [r[0], r[1], r[2], r[5], str(r[3]), _signed(r[4]), str(r[6]), _signed(r[7])]
                    for r in rows
                ]
    return entries, boards


def _signed(points: float) -> float:
    return round(points - 2**32 / 100, 2) if points > 2**31 / 100 else points


KIDD_SPECIALS = {"late_play": "Late Play", "not_played": "Not Played", "ave-": "Ave-"}
KIDD_SPECIALS.update({"ave": "Ave", "ave+": "Ave+"})


def ours(results: Results) -> tuple[Entries, Boards]:
    """A source as bridgeio reads it, in ACBLgamedump's terms: entries with a percentage (it
    skips the others as phantoms), keyed 3N / 3E / 3, names cut to the game file's 16
    characters; board rows as it lists them (boards without a result it leaves out)."""
    entries: Entries = {}
    boards: Boards = {}
    for event in results.events:
        for section in event.sections:
            for entry in section.entries:
                side = entry.direction.value[0] if entry.direction else ""
                if entry.percentage:
                    names = [(p.last_name[:16], p.first_name[:16]) for p in entry.players]
                    key = (event.number, section.name, f"{entry.number}{side}")
                    entries[key] = (entry.percentage, entry.score, names)
            for board in section.results:
                rows = [
                    [
                        r.round,
                        r.table,
                        r.ns,
                        r.ew,
                        str(KIDD_SPECIALS.get(str(r.ns_score), r.ns_score)),
                        r.ns_points,
                        str(KIDD_SPECIALS.get(str(r.ew_score), r.ew_score)),
                        r.ew_points,
                    ]
                    for r in board.results
                ]
                if rows:
                    boards[(event.number, section.name, board.number)] = rows
    return entries, boards


def read(path: Path) -> Results:
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def via_json(source: Path, folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``source`` dumped as canonical JSON (``bridgeio dump``), read back and written as an
    ACBLscore game file."""
    capsys.readouterr()
    assert run(["dump", str(source)]) == 0
    dumped = folder / f"{source.name}.json"
    dumped.write_text(capsys.readouterr().out)
    target = folder / f"{source.name}.from-json.ACA"
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        bridgeio.write(bridgeio.read(dumped), target, "acblscore")
    return target


@pytest.mark.parametrize("source", params(GAME_FILES))
def test_acblgamedump_reads_each_game_file_written_back_rebuilt_and_from_json_as_the_original(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = gamedump()
    original = kidd(source, script)
    assert original[0] and original[1]
    model = read(source)
    back, rebuilt = tmp_path / "back.ACA", tmp_path / "rebuilt.ACA"
    bridgeio.write(model, back, "acblscore")
    rebuilt.write_bytes(build(model))  # a new file from the model: no byte of the original
    for written in (back, rebuilt, via_json(source, tmp_path, capsys)):
        same = kidd(written, script) == original
        assert same, written.name


@pytest.mark.parametrize("source", params(USEBIO_FILES))
def test_acblgamedump_reads_each_usebio_file_converted_and_from_json_as_the_source(
    source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Names, percentages, scores and every board result (scores, matchpoints) of the USEBIO
    source, as ACBLgamedump reads the game file bridgeio writes of it. (A Butler event has
    no percentages: ACBLgamedump takes its entries for phantoms, so only its boards show.)"""
    script = gamedump()
    needs_usebio()
    expected = ours(read(source))
    assert expected[1]
    converted = tmp_path / f"{source.stem}.ACA"
    with warnings.catch_warnings(), collect():
        warnings.simplefilter("ignore")
        bridgeio.convert(source, converted)
    for written in (converted, via_json(source, tmp_path, capsys)):
        entries, boards = kidd(written, script)
        same_entries, same_boards = entries == expected[0], boards == expected[1]
        assert same_entries and same_boards, written.name


def test_every_source_is_covered() -> None:
    """The corpus files that convert to ACBLscore: 49 game files and 12 USEBIO pairs files
    (the truncated game file is a test of reading, tests/corpus/test_acblscore.py)."""
    if not GAME_FILES:
        pytest.skip("no corpus")
    assert len(GAME_FILES) == 49 and len(USEBIO_FILES) == 12
