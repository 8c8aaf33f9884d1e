"""Commands run in-process on the files of the shared corpus, with what each said on standard
error, and the rule for their messages: never Python's own wording (tests/test_every_command.py
and tests/test_corpus_commands.py).

A file is named by folder, index and extension (``world/pbn[1].pbn``), never by its name.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import CORPUS

RESULTS_TARGETS = ("usebio", "pbn", "acblscore")
"""The results formats every results file converts to (issue 29)."""

PYTHON_WORDING = re.compile(
    "|".join(
        [
            r"invalid literal",
            r"\bargument\b",
            r"object has no attribute",
            r"unsupported operand",
            r"index out of range",
            r"NoneType",
            r"not subscriptable",
            r"object is not (iterable|callable)",
            r"unhashable type",
            r"positional",
            r"could not convert string",
            r"division by zero",
            r"values to unpack",
            r"codec can't",
            r"with base \d+",
            r"\b(int|float|zip)\(\)",
            r"too large to fit",
            r"\b(Key|Index|Type|Value|Attribute|Overflow|ZeroDivision|Unicode\w*|Assertion)Error\b",
            r"struct\.error",
            r"Traceback \(most recent call last\)",
            r"unknown place",
            r"internal error",
        ]
    )
)
"""Python's own wording, which must never reach a user as a description of a file (and the
marks of a bug: an internal error, a traceback, the old safety net's "unknown place")."""


@dataclass(frozen=True)
class Known:
    """Python's wording that a helper fixes now: in which file, which words, whose fix."""

    file: str  # a regular expression found in the file's name (or the line, which names it)
    words: str  # a regular expression on the message
    owner: str

    def covers(self, name: str, line: str) -> bool:
        return bool(re.search(self.file, f"{name} {line}") and re.search(self.words, line))


KNOWN_WORDING: list[Known] = []
"""Known cases a helper is fixing, left out of the wording tests until the fix is merged (none
now: Ruter's ``Bye`` and Bridgewebs' ``A A A`` rows are read, issue 29)."""


def python_wording(stderr: str, name: str) -> tuple[list[str], list[Known]]:
    """The lines of ``stderr`` (about the file ``name``) in Python's own wording: those no
    helper is fixing, and the known cases met."""
    unknown, known = [], []
    for line in stderr.splitlines():
        if not PYTHON_WORDING.search(line):
            continue
        covering = [k for k in KNOWN_WORDING if k.covers(name, line)]
        if covering:
            known += covering
        else:
            unknown.append(line)
    return unknown, known


@dataclass
class Ran:
    """One command line, its exit status and what it wrote on standard error."""

    command: str
    args: list[str]
    tag: str
    status: int
    stderr: str
    name: str = ""  # the file's name (for the known cases; never shown)

    def describe(self) -> str:
        return f"{self.command} {self.tag}"


def corpus_files(corpus: Path = CORPUS) -> list[tuple[Path, str]]:
    """Every file of the corpus (answer keys and READMEs too), each with its tag."""
    counters: dict[str, int] = defaultdict(int)
    found = []
    for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
        folder = path.parent.relative_to(corpus).as_posix()
        found.append((path, f"{folder}[{counters[folder]}]{path.suffix}"))
        counters[folder] += 1
    return found


def is_results(path: Path) -> bool:
    """A results file: an ACBLscore game, a USEBIO file, a PBN file with score tables."""
    if path.suffix.lower() in (".md", ".json", ".txt"):
        return False
    head = path.read_bytes()
    if path.parent.name == "acblscore":
        return not path.name.startswith("truncated_")
    if path.suffix.lower() == ".xml":
        return b"<USEBIO" in head[:4096] or b"<EVENT" in head
    return path.suffix.lower() == ".pbn" and (
        b'[ScoreTable "' in head or b'[TotalScoreTable "' in head
    )


@contextmanager
def captured() -> Iterator[list[str]]:
    """Standard output thrown away, standard error kept: the list holds its text at the end."""
    saved = sys.stdout, sys.stderr
    raw = io.BytesIO()
    err = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", write_through=True)
    text: list[str] = []
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stdout, sys.stderr = sink, err
        try:
            yield text
        finally:
            sys.stdout, sys.stderr = saved
            text.append(raw.getvalue().decode(errors="replace"))


def run(args: list[str], tag: str, name: str = "") -> Ran:
    """``bridgeio ARGS`` in-process on the file ``name`` (tagged ``tag``)."""
    from bridgeio.cli import run as bridgeio

    with captured() as text:
        status = bridgeio(args)
    stderr = "".join(text)
    return Ran(args[0], args, tag, status, stderr, os.path.basename(name))
