"""``bridgeio validate``: check files, list the problems with their place."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import OK, PROBLEMS, each, failures
from bridgeio.errors import FormatError


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def validate(
    files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any
) -> None:
    """Check files: exit 0 clean, 1 problems found (listed with their place), 2 unreadable."""

    def one(name: str) -> int:
        from bridgeio.core import validate_as

        with failures(name), opened(name, source_format) as source:
            try:
                problems = validate_as(source.path, source.format, **read_options(options))
            except FormatError as refused:  # unreadable (status 2): what was found, on stderr
                show_problems(source.label, refused.problems, verbose)
                raise
        show_problems(source.label, problems, verbose, click.echo)
        errors = [p for p in problems if p.severity == "error"]
        if not errors:
            warnings = f" ({len(problems)} warnings)" if problems else ""
            click.echo(f"{source.label}: ok{warnings}")
        return PROBLEMS if errors else OK

    sys.exit(each(files, one))
