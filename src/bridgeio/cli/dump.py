"""``bridgeio dump``: the canonical JSON of each file on stdout."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import each, failures, status_of
from bridgeio.errors import collect
from bridgeio.files import collector_paused


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def dump(files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any) -> None:
    """The canonical JSON of each file on stdout (several files: one document a line)."""
    out = sys.stdout.buffer

    def one(name: str) -> int:
        from bridgeio.core import iter_chunks, read_as
        from bridgeio.formats.json.writer import text, write_chunks

        given = read_options(options)
        with failures(name), collect() as found, opened(name, source_format) as source:
            fmt = source.format
            if len(files) == 1 and fmt.iter_chunks is not None:
                write_chunks(iter_chunks(source.path, fmt, **given), out, source=fmt.name)
            else:  # the model and its JSON hold no cycles: they go when the file is written
                with collector_paused():
                    doc = read_as(source.path, fmt, **given)
                    out.write(text(doc, fmt.name).encode())
                    out.write(b"\n")
                    del doc
        show_problems(source.label, found.problems, verbose)
        return status_of(found)

    status = each(files, one)
    out.flush()
    sys.exit(status)
