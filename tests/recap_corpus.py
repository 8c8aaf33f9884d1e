"""The corpus's results files (ACBLscore, USEBIO, PBN with score tables) for the recap tests,
each named by folder and index only (never by its name: real names stay out of test logs).

Each file is read once a session (:func:`document`) and its recap pages rendered once
(:func:`pages`), shared by the tests that only look at them (tests/test_recap.py,
tests/test_recap_checks.py, tests/browser/test_recap_browser.py, tests/site/test_corpus.py):
endplay's example3.pbn alone takes seconds to read and its first page (40 MB) over ten to
render. A test that changes a document reads its own (:func:`read`) or copies it.
"""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

import bridgeio
from bridgeio.model.results import Event, Results
from bridgeio.recap import Game, render_game
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
    return list(_results_files())


@functools.cache
def _results_files() -> tuple[tuple[str, Path], ...]:
    if not CORPUS.is_dir():
        return ()
    found = []
    for folder, pattern in _PATTERNS.items():
        for index, path in enumerate(sorted((CORPUS / folder).glob(pattern))):
            if isinstance(document(path), Results):
                found.append((f"{folder}[{index}]{path.suffix.lower()}", path))
    return tuple(found)


def read(path: Path) -> object:
    """The document, warnings of damaged files silenced (their problems are other tests')."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bridgeio.read(path)


@functools.cache
def document(path: Path) -> object:
    """:func:`read` of ``path``, once a session: shared, never to be changed (copy it)."""
    return read(path)


@functools.cache
def pages(path: Path) -> tuple[tuple[Event, str], ...]:
    """Each event of the results file ``path`` and its recap page (named ``x``, with its hand
    record), rendered once a session."""
    doc = document(path)
    assert isinstance(doc, Results)
    return tuple(
        (event, render_game(Game.of(event, "x"), "x", "", event.deals)) for event in doc.events
    )
