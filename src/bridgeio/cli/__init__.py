"""The ``bridgeio`` command line, driven by the format registry.

Exit status: 0 success, 1 the data has problems, 2 the input could not be read or the command
was wrong; with several files, the worst. Data goes to stdout, messages to stderr, each naming
its file. ``-`` is standard input (format from ``--from`` or sniffed) or standard output
(format from ``--to``).

The commands live in :mod:`bridgeio.cli.commands` and are loaded when one is run, so that
``bridgeio --version`` starts in the time Python and click take.
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
    "checksum",
    "generate",
    "solve",
    "anonymize",
    "analyze",
    "schema",
    "formats",
)
FAILED = 2


class _Group(click.Group):
    """Commands loaded on first use; whatever goes wrong ends in one line on stderr."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        commands = importlib.import_module("bridgeio.cli.commands")
        command = getattr(commands, "list_formats" if name == "formats" else name)
        assert isinstance(command, click.Command)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        from bridgeio.cli.commands import Failure

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
        except Exception as error:  # a bug: said in one line, never a traceback
            if os.environ.get("BRIDGEIO_DEBUG"):
                raise
            click.echo(
                f"bridgeio: internal error: {type(error).__name__}: {error} "
                "(a bug: please report it; BRIDGEIO_DEBUG=1 shows where it happened)",
                err=True,
            )
            ctx.exit(FAILED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgeio")
def main() -> None:
    """Read, write, convert and check the data files of duplicate bridge."""


def run(args: list[str]) -> int:
    """Run the command line in-process and return its exit status (for tests and scripts)."""
    try:
        status = main.main(args=args, prog_name="bridgeio", standalone_mode=False)
        return status if isinstance(status, int) else 0
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return FAILED
    except click.exceptions.Abort:
        return 130
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else FAILED)


def __getattr__(name: str) -> Any:  # helpers of the commands, for tests and scripts
    if name.startswith("__"):
        raise AttributeError(name)
    commands = importlib.import_module("bridgeio.cli.commands")
    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
