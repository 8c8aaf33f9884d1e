"""The ``bridgeio`` command line, driven by the format registry.

Exit status: 0 success, 1 the data has problems, 2 the input could not be read or the command
was wrong, 70 a bug in bridgeio (an internal error, never blamed on the file); with several
files, the worst. Data goes to stdout, messages to stderr, each naming
its file. ``-`` is standard input (format from ``--from`` or sniffed) or standard output
(format from ``--to``).

Each command is a module of this package named after it, defining a click command of that name
(``bridgeio.cli.info.info``); :data:`COMMANDS` lists them, in the order ``--help`` shows. A
command's module is loaded when it is run, so that ``bridgeio --version`` starts in the time
Python and click take. What the commands share: :mod:`~bridgeio.cli.options` (the registry's
reader and writer options), :mod:`~bridgeio.cli.inputs`, :mod:`~bridgeio.cli.progress`,
:mod:`~bridgeio.cli.problems` and :mod:`~bridgeio.cli.status` (exit statuses, failures).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from bridgeio import __version__

COMMANDS = (
    "info",
    "dump",
    "convert",
    "validate",
    "score",
    "merge",
    "checksum",
    "generate",
    "solve",
    "anonymize",
    "analyze",
    "recap",
    "export",
    "schema",
    "formats",
    "site",
    "serve",
)
"""The commands, each the module ``bridgeio.cli.<name>`` defining the click command ``<name>``."""


class _Group(click.Group):
    """Commands loaded on first use; whatever goes wrong ends in one line on stderr."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        command = getattr(importlib.import_module(f"{__name__}.{name}"), name)
        assert isinstance(command, click.Command)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        from bridgeio.cli.status import Failure, bug

        try:
            return super().invoke(ctx)
        except Failure as failure:
            click.echo(f"bridgeio: {failure}", err=True)
            ctx.exit(failure.status)
        except BrokenPipeError:  # the reader of our output stopped early (| head): not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("bridgeio: interrupted", err=True)
            ctx.exit(130)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort):
            raise
        except Exception as error:  # a bug: said in one line (--debug: its traceback too)
            report = bug(error)
            click.echo(f"bridgeio: {report}", err=True)
            ctx.exit(report.status)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgeio")
@click.option(
    "--debug",
    is_flag=True,
    help="Show the traceback of an internal error (a bug), as BRIDGEIO_DEBUG=1 does.",
)
def main(debug: bool) -> None:
    """Read, write, convert and check the data files of duplicate bridge.

    Exit status: 0 success, 1 the data has problems, 2 an input could not be read or the
    command was wrong, 70 an internal error (a bug in bridgeio: please report it); given
    several files, the worst."""
    from bridgeio.cli.status import set_debug

    set_debug(debug)


def run(args: list[str]) -> int:
    """Run the command line in-process and return its exit status (for tests and scripts)."""
    try:
        status = main.main(args=args, prog_name="bridgeio", standalone_mode=False)
        return status if isinstance(status, int) else 0
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        from bridgeio.cli.status import FAILED

        error.show()
        return FAILED
    except click.exceptions.Abort:
        return 130
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        from bridgeio.cli.status import FAILED

        return FAILED


HELPERS = {"show_problems": "problems", "format_table": "formats"}
"""Helpers of the commands that scripts and tests take from ``bridgeio.cli``, and their module."""


def __getattr__(name: str) -> Any:
    """A helper of :data:`HELPERS`, from its module (loaded now)."""
    if name in HELPERS:
        return getattr(importlib.import_module(f"{__name__}.{HELPERS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
