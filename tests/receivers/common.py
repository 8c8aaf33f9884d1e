"""What the receivers' suite shares: the corpus files of a kind, and converting one of them
with bridgeio the way a user does (``bridgeio.convert``), giving every file written.

Each ``test_<format>.py`` beside this reads what bridgeio wrote with a reader that is not
bridgeio's own (the program that receives such files, or the test's own decoding from the
format's document) and compares it with what the source holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeio.core import convert_files
from tests.conftest import CORPUS


def corpus_files(folder: str, *suffixes: str) -> list[Path]:
    """The corpus files of ``folder`` whose names end (case aside) in one of ``suffixes``;
    an empty list when the corpus is absent (tests parametrised on it then skip)."""
    where = CORPUS / folder
    if not where.is_dir():
        return []
    wanted = tuple(s.lower() for s in suffixes)
    return sorted(p for p in where.iterdir() if p.is_file() and p.name.lower().endswith(wanted))


def params(paths: list[Path]) -> list[object]:
    """``paths`` as pytest parameters named by file, or one skipped parameter saying why."""
    if not paths:
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"no corpus at {CORPUS}"))]
    return [pytest.param(p, id=p.name) for p in paths]


def converted(source: Path, folder: Path, extension: str, **options: object) -> list[Path]:
    """``source`` converted by bridgeio into ``folder`` as ``out<extension>``: every file
    written (several for a format that writes one file a section, such as ASC)."""
    target = folder / f"out{extension}"
    return [Path(name) for name in convert_files(source, target, **options)]
