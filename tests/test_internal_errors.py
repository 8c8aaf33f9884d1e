"""A bug in bridgeio says it is one (issue 29): never a FormatError that blames the file.

A bug is planted in a reader (the real reader runs, then its result is misused the way a bug
would), in a format's checks, and in code after reading; every command that meets it says
"internal error in bridgeio X.Y reading FILE: please report it (...)", exits 70, shows no
traceback unless asked (``--debug`` or ``BRIDGEIO_DEBUG=1``), and never words it as a fault of
the file. The Python API raises :class:`bridgeio.InternalError` (not a ``ValueError``) with
the bug's own exception as its cause.
"""

from __future__ import annotations

import dataclasses
import json
import re
import struct
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio import registry
from bridgeio.cli import run
from bridgeio.cli.status import INTERNAL

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CLUB = EXAMPLES / "club-game.ACA"
DEALS = EXAMPLES / "deals.pbn"
TRACEBACK = "Traceback (most recent call last)"


def _bugs() -> dict[str, Callable[[Any], Any]]:
    """Bugs of each kind the old safety net took for a damaged file."""

    def index(doc: Any) -> Any:
        return doc.events[99]  # an IndexError: the file has one event

    def key(doc: Any) -> Any:
        return {}[doc.events[0].name]

    def type_(doc: Any) -> Any:
        return doc.events[0].name + 1

    def value(doc: Any) -> Any:
        return int(doc.events[0].name)

    def unpack(doc: Any) -> Any:
        return struct.unpack("<I", b"\x00")

    def attribute(doc: Any) -> Any:
        return doc.no_such_attribute

    return {
        "IndexError": index,
        "KeyError": key,
        "TypeError": type_,
        "ValueError": value,
        "struct.error": unpack,
        "AttributeError": attribute,
    }


BUGS = _bugs()


def plant(monkeypatch: pytest.MonkeyPatch, name: str, bug: Callable[[Any], Any]) -> None:
    """The format ``name``'s reader (its checks, its anonymizer) with ``bug`` run on what it
    read."""
    fmt = bridgeio.get_format(name)
    assert fmt.read is not None
    real = fmt.read

    def read(path: str, **options: Any) -> Any:
        return bug(real(path, **options))

    def check(path: str, **options: Any) -> Any:
        bug(real(path, **options))
        return []

    def anonymize(path: str, handle: Any, names: Any, **options: Any) -> None:
        handle.write(b"half a copy")
        bug(real(path, **options))

    planted = dataclasses.replace(fmt, read=read, check=check, anonymize=anonymize)
    monkeypatch.setitem(registry._FORMATS, name, planted)


def said(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    return captured.out + captured.err


def assert_a_bug_report(text: str, file: str, traceback: bool = False) -> None:
    """The message of an internal error, and nothing that blames the file."""
    assert (
        f"internal error in bridgeio {bridgeio.__version__} reading {file}: please report it"
        in (text)
    ), text
    assert (
        "FormatError" not in text and "expected a valid" not in text and "unknown place" not in text
    )
    assert (TRACEBACK in text) == traceback, text


@pytest.mark.parametrize("kind", BUGS)
def test_the_python_api_raises_an_internal_error_with_the_bug_as_cause(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    plant(monkeypatch, "acblscore", BUGS[kind])
    with pytest.raises(bridgeio.InternalError) as raised:
        bridgeio.read(CLUB)
    assert not isinstance(raised.value, ValueError)  # never mistaken for a FormatError
    assert type(raised.value.__cause__).__name__ == kind.split(".")[-1].replace("struct", "error")
    assert str(CLUB) in str(raised.value) and "please report it" in str(raised.value)
    with pytest.raises(bridgeio.InternalError):
        bridgeio.validate(CLUB)


@pytest.mark.parametrize("kind", BUGS)
@pytest.mark.parametrize(
    "command", ["info", "validate", "dump", "score", "convert", "recap", "anonymize"]
)
def test_every_command_reports_a_reader_bug_as_a_bug(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    kind: str,
) -> None:
    plant(monkeypatch, "acblscore", BUGS[kind])
    more = {
        "convert": [str(tmp_path / "out.xml")],
        "recap": ["-o", str(tmp_path / "x.html")],
        "anonymize": [str(tmp_path / "anonymous.ACA")],
    }
    assert run([command, str(CLUB), *more.get(command, [])]) == INTERNAL
    assert_a_bug_report(said(capsys), str(CLUB))
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_with_several_files_the_others_are_still_done(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plant(monkeypatch, "acblscore", BUGS["IndexError"])
    assert run(["info", str(DEALS), str(CLUB)]) == INTERNAL  # the worst status
    text = said(capsys)
    assert f"== {DEALS}" in text
    assert_a_bug_report(text, str(CLUB))


@pytest.mark.parametrize("how", ["--debug", "BRIDGEIO_DEBUG=1"])
def test_debug_shows_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    plant(monkeypatch, "acblscore", BUGS["KeyError"])
    if how == "--debug":
        args = ["--debug", "validate", str(CLUB)]
    else:
        monkeypatch.setenv("BRIDGEIO_DEBUG", "1")
        args = ["validate", str(CLUB)]
    assert run(args) == INTERNAL
    text = said(capsys)
    assert_a_bug_report(text, str(CLUB), traceback=True)
    assert "KeyError" in text.split(TRACEBACK, 1)[1]
    monkeypatch.setenv("BRIDGEIO_DEBUG", "0")  # 0 is off
    assert run(["validate", str(CLUB)]) == INTERNAL
    assert TRACEBACK not in said(capsys)


def test_a_bug_on_standard_input_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plant(monkeypatch, "acblscore", BUGS["TypeError"])
    with CLUB.open("rb") as handle:
        monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": handle})())
        assert run(["info", "-"]) == INTERNAL
    assert_a_bug_report(said(capsys), "<stdin>")


def test_a_bug_after_reading_is_a_bug_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside any reader (here the summary ``info`` prints): the same words, the file it
    was working on."""
    import bridgeio.analysis.overview as overview

    def summarize(*args: Any) -> Any:
        return {}["board"]

    monkeypatch.setattr(overview, "summarize_results", summarize)
    assert run(["info", str(CLUB)]) == INTERNAL
    text = said(capsys)
    assert f"internal error in bridgeio {bridgeio.__version__} working on {CLUB}: please" in text
    assert "please report it (KeyError: 'board', at " in text
    assert TRACEBACK not in text


def test_export_goes_on_and_names_the_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plant(monkeypatch, "acblscore", BUGS["IndexError"])
    status = run(["export", str(CLUB), str(DEALS), str(tmp_path / "out"), "--to", "csv", "-j", "1"])
    assert status == INTERNAL
    text = said(capsys)
    assert_a_bug_report(text, str(CLUB))
    assert "exported 1 of 2 files" in text
    assert (tmp_path / "out" / "deals.csv").read_text().count("\n") > 1  # the sound file's rows


def test_the_installed_command_exits_70_with_one_line(tmp_path: Path) -> None:
    """A real process: a bug planted by a plug-in format whose reader fails (the registry is
    open to plug-ins) ends in one line and status 70; with --debug, the traceback."""
    plugin = tmp_path / "sitecustomize.py"
    plugin.write_text(
        "import dataclasses, bridgeio\n"
        "from bridgeio import registry\n"
        "fmt = bridgeio.get_format('acblscore')\n"
        "def read(path, **options):\n"
        "    return [][1]\n"
        "registry._FORMATS['acblscore'] = dataclasses.replace(fmt, read=read)\n"
    )
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for debug in ([], ["--debug"]):
        done = subprocess.run(
            [sys.executable, "-m", "bridgeio", *debug, "info", str(CLUB)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == INTERNAL, done.stderr
        assert_a_bug_report(done.stderr, str(CLUB), traceback=bool(debug))
        assert done.stdout == ""


def test_the_fuzzers_finds_are_read_or_the_files_fault(tmp_path: Path) -> None:
    """What the mutation fuzzer found once the safety net was gone (issue 29), each read or
    refused with a FormatError, never an internal error: a PBN results file whose date has a
    year of 100 digits (Python's ``date()`` raised OverflowError)."""
    path = tmp_path / "game.pbn"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bridgeio.convert(CLUB, path)
        text = path.read_text()
        assert '[Date "' in text
        path.write_text(re.sub(r'\[Date "\d+', '[Date "' + "9" * 100, text))
        doc = bridgeio.read(path)
    assert doc.events and doc.events[0].date is None  # not a whole date: none


def test_a_json_board_number_past_2_63_is_the_files_fault(tmp_path: Path) -> None:
    """Found by a structural fuzzer of canonical JSON (values of another type or size put
    in place of a document's own): numpy's OverflowError was an internal error."""
    path = tmp_path / "deals.json"
    bridgeio.convert(DEALS, path)
    document = json.loads(path.read_text())
    document["records"][0]["board"] = 2**64
    path.write_text(json.dumps(document))
    with pytest.raises(bridgeio.FormatError, match=r"records\[\]\.board"):
        bridgeio.read(path)


def test_a_writer_bug_names_the_file_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fmt = bridgeio.get_format("usebio")

    def write(doc: Any, handle: Any, **options: Any) -> None:
        handle.write(b"<USEBIO")
        doc.events[0].sections[0].entries[999]  # an IndexError half-way through

    monkeypatch.setitem(registry._FORMATS, "usebio", dataclasses.replace(fmt, write=write))
    assert run(["convert", str(CLUB), str(tmp_path / "out.xml")]) == INTERNAL
    text = said(capsys)
    assert f"internal error in bridgeio {bridgeio.__version__} working on {CLUB}: please" in text
    assert list(tmp_path.iterdir()) == []
