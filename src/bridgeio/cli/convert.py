"""``bridgeio convert``: SOURCE to TARGET, streaming large files."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import Output, read_options, reading, writing
from bridgeio.cli.problems import show_losses, show_problems
from bridgeio.cli.progress import Progress
from bridgeio.cli.status import failures, status_of
from bridgeio.errors import collect


@click.command()
@click.argument("source")
@click.argument("target")
@reading
@writing
def convert(
    source: str,
    target: str,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    **options: Any,
) -> None:
    """Convert SOURCE to TARGET (- is standard input or output), streaming large files.

    What TARGET's format cannot hold is listed on stderr; --strict makes that an error."""
    from bridgeio import core

    with failures(source), collect(strict) as found, opened(source, source_format) as src:
        out = Output.of(target, to, force, options)
        total = None
        if src.format.record_size:
            total = os.path.getsize(src.path) // src.format.record_size
        with Progress(f"{src.format.name} -> {out.format.name}", total) as bar:
            written = core.convert_files(
                src.path,
                out.file,
                out.format,
                source_format=src.format,
                progress=bar.update,
                **read_options(options),
                **out.keywords,
            )
    show_problems(src.label, found.problems, verbose)
    show_losses(src.label, found)
    if len(written) > 1:
        click.echo(f"bridgeio: wrote {len(written)} files: {', '.join(written)}", err=True)
    sys.exit(status_of(found))
