"""``bridgeio info``: what is in each file, one screen for a person."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import Input, opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import each, failures, status_of
from bridgeio.errors import collect


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def info(files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any) -> None:
    """What is in each file, one screen for a person."""

    def one(name: str) -> int:
        with failures(name), collect() as found, opened(name, source_format) as source:
            text = _describe(source, read_options(options))
        if name != files[0]:
            click.echo()
        click.echo(f"== {source.label}")
        click.echo(text)
        show_problems(source.label, found.problems, verbose)
        return status_of(found)

    sys.exit(each(files, one))


def _describe(source: Input, options: dict[str, Any]) -> str:
    from bridgeio.analysis.summary import describe
    from bridgeio.core import iter_chunks, read_as
    from bridgeio.model.document import DocumentKind

    fmt = source.format
    if fmt.iter_chunks is None:
        return describe(read_as(source.path, fmt, **options), fmt.name)
    first, count, last = None, 0, None
    for chunk in iter_chunks(source.path, fmt, **options):
        if chunk.kind != DocumentKind.DEALS:  # a results file read whole (PBN with scores)
            return describe(chunk, fmt.name)
        first = chunk if first is None else first
        count += len(chunk)
        last = chunk
    assert first is not None and last is not None
    first.terminated, first.trailing = last.terminated, last.trailing
    from bridgeio.analysis.deal_text import describe_deals

    return describe_deals(first, count, fmt.name)
