"""Every command that writes takes the output format from the registry's matching of the
extension, one place for all (issue 29): an extension the registry learns is one every
command writes, and the command line keeps no list of extensions of its own."""

from __future__ import annotations

import ast
import dataclasses
import warnings
from pathlib import Path

import pytest

import bridgeio
from bridgeio import registry
from bridgeio.cli import run

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CLUB = EXAMPLES / "club-game.ACA"
CLI = Path(bridgeio.__file__).parent / "cli"


def learn(monkeypatch: pytest.MonkeyPatch, name: str, extension: str) -> None:
    """The registry's format ``name`` matches one extension more."""
    fmt = bridgeio.get_format(name)
    grown = dataclasses.replace(fmt, extensions=(*fmt.extensions, extension))
    monkeypatch.setitem(registry._FORMATS, name, grown)


def read_as_format(path: Path) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(bridgeio.read(path).format)


@pytest.mark.parametrize(
    "command",
    [
        ["convert", str(CLUB)],
        ["score", str(CLUB)],
    ],
    ids=lambda args: args[0],
)
def test_an_extension_the_registry_learns_is_one_every_command_writes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: list[str]
) -> None:
    target = tmp_path / "game.ACBL"
    assert run([*command, str(target)]) == 2  # not yet a known extension
    assert not target.exists()
    learn(monkeypatch, "acblscore", ".acbl")
    assert run([*command, str(target)]) in (0, 1)
    assert read_as_format(target) == "acblscore"


def test_anonymize_reads_extensions_by_the_registry_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It writes the file's own format: an extension the registry gives another format is
    refused, one it gives the file's format is taken."""
    target = tmp_path / "game.ACBL"
    learn(monkeypatch, "usebio", ".acbl")
    assert run(["anonymize", str(CLUB), str(target)]) == 2
    assert not target.exists()
    monkeypatch.undo()
    learn(monkeypatch, "acblscore", ".acbl")
    assert run(["anonymize", str(CLUB), str(target)]) == 0
    assert read_as_format(target) == "acblscore"


def test_generate_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    learn(monkeypatch, "zbd", ".dlx")
    assert run(["generate", str(tmp_path / "deals.dlx"), "-n", "3"]) == 0
    assert len(bridgeio.read(tmp_path / "deals.dlx", "zbd")) == 3


def test_anonymize_refuses_an_extension_of_another_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["anonymize", str(CLUB), str(tmp_path / "game.xml")]) == 2
    assert "names the usebio format" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert run(["anonymize", str(CLUB), str(tmp_path / "game.copy")]) == 0  # no format named


def _literals(path: Path) -> list[str]:
    """The strings of a module's code (docstrings left out)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_the_command_line_keeps_no_list_of_extensions() -> None:
    """No extension of a registered format in the command line's code; the one list it may
    have is of the export's own table files (reports.py finds an export folder by them)."""
    extensions = {e.lower() for f in bridgeio.available_formats() for e in f.extensions}
    allowed = {("reports.py", ".csv")}
    found = [
        f"{path.name}: {text!r}"
        for path in sorted(CLI.glob("*.py"))
        for text in _literals(path)
        if text.lower() in extensions and (path.name, text.lower()) not in allowed
    ]
    assert not found, found


@pytest.mark.parametrize("command", ["score", "convert"])
def test_an_acblscore_game_named_acl_is_written_by_every_command(
    tmp_path: Path, command: str
) -> None:
    target = tmp_path / "game.ACL"
    assert run([command, str(CLUB), str(target)]) in (0, 1)
    assert read_as_format(target) == "acblscore"
