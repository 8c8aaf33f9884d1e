"""The corpus's results files (ACBLscore, USEBIO, PBN with score tables) for the recap tests,
each named by folder and index only (never by its name: real names stay out of test logs)."""

from __future__ import annotations

import warnings
from pathlib import Path

import bridgeio
from bridgeio.model.results import Results
from tests.conftest import CORPUS

_PATTERNS = {
    "acblscore": "*.[aA][cC][aAmMeE]",
    "usebio": "*.xml",
    "pbn": "*.pbn",
    "world/usebio": "*.xml",
    "world/pbn": "*.pbn",
}


def results_files() -> list[tuple[str, Path]]:
    """(tag, path) of every corpus file that reads as results; none without the corpus."""
    if not CORPUS.is_dir():
        return []
    found = []
    for folder, pattern in _PATTERNS.items():
        for index, path in enumerate(sorted((CORPUS / folder).glob(pattern))):
            if isinstance(read(path), Results):
                found.append((f"{folder}[{index}]{path.suffix.lower()}", path))
    return found


def read(path: Path) -> object:
    """The document, warnings of damaged files silenced (their problems are other tests')."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bridgeio.read(path)
