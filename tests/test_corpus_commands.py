"""The commands that tests/test_every_command.py leaves out, on every file of the shared corpus
(``world/`` too), and what every results file converts to (issue 29).

* ``score``, ``score IN OUT``, ``recap`` on every file, ``export`` of the whole corpus: no
  message in Python's own wording (``invalid literal``, ``object has no attribute``...), no
  internal error.
* Every results file (ACBLscore, USEBIO, PBN with score tables) converts to USEBIO, PBN and
  ACBLscore: exit 0 and bridgeio's own ``validate`` finds no error in what was written; or
  exit 1 with the source's errors said on stderr, and nothing in the output that is wrong
  beyond what the source holds wrong or what the conversion's errors say the source lacks.

Failures name a file by folder, index and extension (``world/pbn[1].pbn``), never its name.
"""

from __future__ import annotations

import multiprocessing
import re
import tempfile
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import bridgeio
from tests.conftest import CORPUS
from tests.corpus_runs import (
    RESULTS_TARGETS,
    Ran,
    corpus_files,
    is_results,
    python_wording,
    run,
)

EXTENSIONS = {"usebio": ".xml", "pbn": ".pbn", "acblscore": ".aca"}


SAID = {
    "missing SCORE": "TRAVELLER_LINE needs a SCORE",
    "missing points": "TRAVELLER_LINE needs NS_MATCH_POINTS and EW_MATCH_POINTS",
    "missing PLACE": "needs a PLACE",
    "missing PERCENTAGE": "needs a PERCENTAGE",
    "missing TOTAL_SCORE": "needs a TOTAL_SCORE",
    "missing DATE": "EVENT needs a DATE",
    "not a participant": "PARTICIPANTS lists each",
}
"""The kinds of error bridgeio's USEBIO validate finds, and the words of the conversion's error
that says the source lacks what the kind needs (an output's error so said is the source's)."""


@dataclass
class Conversion:
    """One results file converted to one target, and what bridgeio's validate says of it."""

    tag: str
    name: str
    target: str
    ran: Ran
    wrong: list[str] = field(default_factory=list)  # what the output holds wrong, of its own

    def problem(self) -> str | None:
        what = f"convert {self.tag} to {self.target}: exit {self.ran.status}"
        if self.ran.status not in (0, 1):
            return f"{what}: {_first(self.ran.stderr, self.tag)}"
        if self.ran.status == 1 and not re.search(r": error: ", self.ran.stderr):
            return f"{what} with no error of the source said on stderr"
        said = [line for line in self.ran.stderr.splitlines() if ": error: " in line]
        unsaid = [k for k in self.wrong if not (k in SAID and any(SAID[k] in x for x in said))]
        if unsaid:
            return f"{what}, and validate finds errors of its own in the output: {unsaid}"
        return None


@dataclass
class Runs:
    """Everything this module ran."""

    calls: list[Ran] = field(default_factory=list)
    conversions: list[Conversion] = field(default_factory=list)


def _first(text: str, tag: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return re.sub(r"'[^']*'", "'...'", lines[0])[:200] if lines else "(nothing said)"


def _error_kinds(path: Path) -> set[str]:
    """The kinds of error bridgeio's validate finds in a file (none when it is unreadable)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return {p.kind for p in bridgeio.validate(path) if p.severity == "error"}
    except bridgeio.FormatError as refused:
        return {p.kind for p in refused.problems if p.severity == "error"} | {"unreadable"}


def _converted(path: Path, tag: str, target: str, out: Path, source_errors: set[str]) -> Conversion:
    ran = run(["convert", str(path), str(out / f"converted{EXTENSIONS[target]}")], tag, str(path))
    found = Conversion(tag, path.name, target, ran)
    if ran.status in (0, 1):
        for made in sorted(out.iterdir()):
            own = _error_kinds(made) - source_errors
            found.wrong += sorted(own)
    return found


def _calls(path: Path, tag: str, out: Path) -> Iterator[Ran]:
    name = str(path)
    yield run(["score", name], tag, name)
    yield run(["recap", name, "-o", str(out / "recap.html")], tag, name)
    if is_results(path):
        yield run(["score", name, str(out / f"rescored{path.suffix}")], tag, name)


def _emptied(folder: Path) -> None:
    for made in folder.iterdir():
        if made.is_dir():
            import shutil

            shutil.rmtree(made)
        else:
            made.unlink()


def _file_runs(path: Path, tag: str, convert: bool) -> Runs:
    """The commands on one file, or (``convert``) its conversions to every results target."""
    found = Runs()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        if not convert:
            found.calls += list(_calls(path, tag, out))
            return found
        errors = _error_kinds(path)
        for target in RESULTS_TARGETS:
            found.conversions.append(_converted(path, tag, target, out, errors))
            found.calls.append(found.conversions[-1].ran)
            _emptied(out)
    return found


def _export() -> Runs:
    with tempfile.TemporaryDirectory() as folder:
        tables = str(Path(folder) / "tables")
        return Runs([run(["export", str(CORPUS), tables, "--to", "parquet"], "corpus")])


@pytest.fixture(scope="module")
def runs() -> Runs:
    """Every call, in-process in two worker processes (one a core: endplay's example3.pbn
    alone takes a minute of calls), the biggest files first; gathered in the corpus's order."""
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    jobs = [(p, t, c) for p, t in corpus_files() for c in (False, True) if not c or is_results(p)]
    found = Runs()
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        export = pool.submit(_export)
        biggest = sorted(jobs, key=lambda job: -job[0].stat().st_size)
        done = dict(zip(biggest, pool.map(_file_runs, *zip(*biggest, strict=True)), strict=True))
        for job in jobs:
            found.calls += done[job].calls
            found.conversions += done[job].conversions
        found.calls += export.result().calls
    return found


def _shown(call: Ran, line: str) -> str:
    for path, tag in corpus_files():
        line = line.replace(str(path), tag)
    quoted = re.sub(r'"[^"]*"', "...", line)  # quoted values may hold names
    return f"{call.command} {call.tag}: {quoted[:240]}"


def test_no_message_in_pythons_wording(runs: Runs) -> None:
    found = []
    for call in runs.calls:
        unknown, _ = python_wording(call.stderr, call.name)
        found += [_shown(call, line) for line in unknown]
    assert not found, f"{len(found)} messages in Python's wording:\n" + "\n".join(found[:30])


def test_every_command_ran_and_none_ended_in_a_bug(runs: Runs) -> None:
    assert {"score", "recap", "convert", "export"} <= {c.command for c in runs.calls}
    bugs = [c.describe() for c in runs.calls if c.status not in (0, 1, 2)]
    assert not bugs, bugs


@pytest.mark.parametrize("target", RESULTS_TARGETS)
def test_every_results_file_converts_to_a_file_validate_accepts(runs: Runs, target: str) -> None:
    mine = [c for c in runs.conversions if c.target == target]
    assert len(mine) >= 60  # the corpus's results files: 49 ACBLscore, 16 USEBIO, 6 PBN...
    found = [p for c in mine if (p := c.problem())]
    assert not found, f"{len(found)} of {len(mine)} conversions fail:\n" + "\n".join(found)
