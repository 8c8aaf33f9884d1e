"""What the USEBIO and ACBLscore readers and validators say, on the corpus and on damaged
copies of it, is about the file, in bridgeio's words: never Python's own ("invalid literal for
int()", "argument", "object has no attribute"...), which would describe a bug as the file's
fault. (tests/test_fuzz_all.py checks that nothing escapes; this checks the wording.)"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import FormatError, collect
from tests.mutate import mutate

PYTHON_WORDING = re.compile(
    r"invalid literal|\bargument\b|object has no attribute|unsupported operand|NoneType"
    r"|not subscriptable|index out of range|Traceback|struct\.error|codec can't"
    r"|positional|got an unexpected|object is not|not iterable|division by zero"
    r"|int\(\)|float\(\)|\bKeyError\b|\bValueError\b|\bTypeError\b|\bIndexError\b",
)
MUTANTS = 60  # a format (the full run: benchmarks/fuzz.py)


def said(path: Path, format: str) -> list[str]:
    """Every problem and error the reader and the validator give on ``path``."""
    messages = []
    with collect() as found:
        try:
            bridgeio.read(path, format)
        except FormatError as error:
            messages.append(str(error))
        try:
            messages += [str(p) for p in bridgeio.validate(path)]
        except FormatError as error:
            messages.append(str(error))
    return messages + [str(p) for p in found.problems]


def seeds(corpus: Path, format: str) -> list[Path]:
    if format == "usebio":
        return sorted((corpus / "usebio").glob("*.xml")) + sorted(
            (corpus / "world" / "usebio").glob("*.xml")
        )
    return sorted(p for p in (corpus / "acblscore").iterdir() if p.is_file())[:12]


def test_the_pattern_knows_pythons_words():
    try:
        int("Bye")
    except ValueError as error:
        assert PYTHON_WORDING.search(str(error))
    assert not PYTHON_WORDING.search("CONTRACT '42': expected a contract such as 4SX, 3NT")


@pytest.mark.parametrize("format", ["usebio", "acblscore"])
def test_no_python_wording_on_the_corpus_and_damaged_copies(corpus, tmp_path, format):
    files = seeds(corpus, format)
    assert files
    rng = random.Random(29)
    heard: list[str] = []
    for path in files:
        heard += said(path, format)
    for number in range(MUTANTS):
        source = rng.choice(files)
        data, _ = mutate(source.read_bytes(), rng, format == "usebio")
        mutant = tmp_path / f"mutant-{number}{source.suffix}"
        mutant.write_bytes(data)
        heard += said(mutant, format)
    assert len(heard) > MUTANTS  # the damage was noticed: there is wording to look at
    pythonic = sorted({m for m in heard if PYTHON_WORDING.search(m)})
    assert pythonic == [], pythonic[:3]
