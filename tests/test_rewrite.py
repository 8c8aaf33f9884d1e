"""The registry's ``rewrite`` role: ``bridgeio.write(doc, path, original=...)`` writes a changed
document over its file's own bytes where the format rewrites in place (USEBIO), so the library
and ``bridgeio score IN OUT`` take the same path and give the same bytes (issue 30)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model.results import Results


def rescored(path: Path, convention: str | None = None) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path, expect=Results)
        return bridgeio.score(doc, convention)[0]


def test_the_library_writes_what_score_writes_for_every_usebio_file(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = sorted((corpus / "usebio").glob("*.xml"))
    assert len(files) == 12
    compared = kept = 0
    for n, path in enumerate(files):
        by_command, by_library = tmp_path / f"cli{n}.xml", tmp_path / f"lib{n}.xml"
        if run(["score", str(path), str(by_command), "--convention", "european"]) == 2:
            continue  # nothing written (a figure no rule reproduces; an IMP event)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bridgeio.write(rescored(path, "european"), by_library, original=path)
        assert by_library.read_bytes() == by_command.read_bytes(), f"usebio[{n}]"
        compared += 1
        kept += by_library.read_bytes() == path.read_bytes()
    capsys.readouterr()
    assert (compared, kept) == (12, 10), (compared, kept)  # two files rescored: figures only


def test_without_original_or_with_a_writer_option_the_document_is_written_whole(
    corpus: Path, tmp_path: Path
) -> None:
    path = sorted((corpus / "usebio").glob("*.xml"))[0]
    new = rescored(path)
    whole, kept, versioned = tmp_path / "whole.xml", tmp_path / "kept.xml", tmp_path / "v.xml"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridgeio.write(new, whole)
        bridgeio.write(new, kept, original=path)
        bridgeio.write(new, versioned, original=path, usebio_version="1.2")
    assert kept.read_bytes() != whole.read_bytes()  # the file's own layout, not the writer's
    assert b'USEBIO Version="1.2"' in versioned.read_bytes()


def test_an_original_of_another_format_is_no_template(tmp_path: Path) -> None:
    """A deal file given as the original of a USEBIO target: the document is written whole."""
    club = Path(__file__).resolve().parents[1] / "examples" / "club-game.ACA"
    doc = rescored(club)
    target = tmp_path / "club.xml"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridgeio.write(doc, target, original=club)
        bridgeio.write(doc, tmp_path / "whole.xml")
    assert target.read_bytes() == (tmp_path / "whole.xml").read_bytes()
