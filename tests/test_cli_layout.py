"""The command line's layout (issue 24): one module a command, registered in one place
(``bridgeio.cli.COMMANDS``), the shared pieces in their own modules, none over 300 lines."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import click

import bridgeio.cli
from bridgeio.cli import COMMANDS, main, run

CLI = Path(bridgeio.cli.__file__).parent
README = Path(__file__).resolve().parents[1] / "README.md"
MOST_LINES = 300


def defined_commands(module_name: str) -> list[str]:
    """The names of the click commands ``bridgeio.cli.<module_name>`` defines (not imports)."""
    module = importlib.import_module(f"bridgeio.cli.{module_name}")
    return [
        value.name or name
        for name, value in vars(module).items()
        if isinstance(value, click.Command)
        and getattr(value.callback, "__module__", None) == module.__name__
    ]


def test_no_cli_module_is_over_300_lines():
    paths = sorted(CLI.glob("*.py"))
    assert len(paths) > len(COMMANDS)  # the commands and the shared modules were found
    long = {p.name: n for p in paths if (n := len(p.read_text().splitlines())) > MOST_LINES}
    assert not long, f"cli modules over {MOST_LINES} lines: {long}"


def test_every_command_module_is_registered_and_every_registered_command_has_its_module():
    modules = [m.name for m in pkgutil.iter_modules(bridgeio.cli.__path__)]
    defining = {name: defined_commands(name) for name in modules}
    commands = {name: found for name, found in defining.items() if found}
    # a module defines at most one command, named after the module
    assert {name: found for name, found in commands.items() if found != [name]} == {}
    assert sorted(commands) == sorted(COMMANDS)
    assert len(set(COMMANDS)) == len(COMMANDS)


def test_the_group_lists_and_loads_the_registered_commands():
    context = click.Context(main)
    assert main.list_commands(context) == list(COMMANDS)
    for name in COMMANDS:
        command = main.get_command(context, name)
        assert command is not None and command.name == name
        assert command is getattr(importlib.import_module(f"bridgeio.cli.{name}"), name)
    assert main.get_command(context, "options") is None  # a shared module is no command


def test_help_lists_every_command_with_its_short_help(capsys):
    assert run(["--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = lines[lines.index("Commands:") + 1 :]
    context = click.Context(main)
    assert [line.split()[0] for line in listed] == list(COMMANDS)
    for line, name in zip(listed, COMMANDS, strict=True):
        command = main.get_command(context, name)
        assert command is not None
        shown = line.split(None, 1)[1].removesuffix("...")  # cut to the terminal's width
        assert len(shown) > 20 and command.get_short_help_str(limit=200).startswith(shown)


def test_the_readme_shows_every_command():
    readme = README.read_text()
    for name in COMMANDS:
        assert f"bridgeio {name} " in readme or f"bridgeio {name}\n" in readme, name


def test_helpers_are_found_in_their_modules():
    from bridgeio.cli import format_table, show_problems
    from bridgeio.cli.formats import format_table as table
    from bridgeio.cli.problems import show_problems as shown

    assert format_table is table and show_problems is shown
    assert bridgeio.cli.info.__name__ == "bridgeio.cli.info"  # a module, not its command
    try:
        bridgeio.cli.no_such_helper  # noqa: B018
    except AttributeError as error:
        assert "no_such_helper" in str(error)
    else:
        raise AssertionError("an unknown name was found")
