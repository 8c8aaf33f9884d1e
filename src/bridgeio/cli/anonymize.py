"""``bridgeio anonymize``: a copy with people and places replaced by consistent pseudonyms."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import Failure, failures, status_of
from bridgeio.errors import collect
from bridgeio.files import STDIO


@click.command()
@click.argument("source")
@click.argument("target")
@click.option(
    "--key",
    help="Secret for the pseudonyms: the same key gives the same pseudonym "
    "to a person in every file (default: a random key, different each run).",
)
@click.option("--force", is_flag=True, help="Replace TARGET if it exists.")
@reading
def anonymize(
    source: str,
    target: str,
    key: str | None,
    force: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Copy a file with names, player numbers, cities and clubs replaced by consistent
    pseudonyms; every other byte stays as it was."""
    from bridgeio.core import output_handle, reader_errors, same_file
    from bridgeio.model.pseudonyms import Pseudonyms

    with failures(source), collect() as found, opened(source, source_format) as src:
        fmt = src.format
        if fmt.anonymize is None:
            raise Failure(f"{src.label}: a {fmt.name} file holds no names to anonymise")
        if target != STDIO and same_file(src.path, target):
            raise Failure(f"{target} is the input file: not overwritten")
        _same_format(src, target)
        names = Pseudonyms(key.encode() if key else None)
        out = sys.stdout.buffer if target == STDIO else target
        with output_handle(out, force) as handle, reader_errors(src.path, fmt):
            fmt.anonymize(src.path, handle, names, **fmt.reader_options(read_options(options)))
    show_problems(src.label, found.problems, verbose)
    sys.exit(status_of(found))


def _same_format(src: Any, target: str) -> None:
    """The copy keeps the file's format: a TARGET whose extension names another format (by
    the registry's matching, as every command that writes reads extensions) is refused, unless
    it is the file's own extension."""
    import os

    from bridgeio.registry import format_for_extension

    if target == STDIO:
        return
    named = format_for_extension(target)
    same_extension = os.path.splitext(target)[1].lower() == os.path.splitext(src.label)[1].lower()
    if named is not None and named.name != src.format.name and not same_extension:
        raise Failure(
            f"{target}: its extension names the {named.name} format, and anonymize writes "
            f"the file's own ({src.format.name}): give the copy one of its extensions "
            f"({', '.join(src.format.extensions)}), or convert it afterwards"
        )
