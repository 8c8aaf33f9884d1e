"""``bridgeio checksum``: Pavlicek's checksum of each file."""

from __future__ import annotations

import sys

import click

from bridgeio.cli.inputs import relabelled, spooled
from bridgeio.cli.status import OK, each, failures


@click.command()
@click.argument("files", nargs=-1, required=True)
def checksum(files: tuple[str, ...]) -> None:
    """Pavlicek's checksum: the 64-bit sum of the 32-bit words, in hexadecimal."""
    from bridgeio.analysis.checksum import word_sum

    def one(name: str) -> int:
        with failures(name), spooled(name) as (path, label), relabelled(path, label):
            click.echo(f"{word_sum(path):016X}  {label}")
        return OK

    sys.exit(each(files, one))
