"""``bridgeio formats``: the formats this version reads and writes, from the registry."""

from __future__ import annotations

import click

import bridgeio.formats  # noqa: F401  (the built-in formats register themselves)
from bridgeio import registry


@click.command()
def formats() -> None:
    """The formats this version reads and writes, and their options."""
    for line in format_table():
        click.echo(line)


def format_table() -> list[str]:
    """``bridgeio formats``: one line a format, from the registry.

    >>> [line.split()[:2] for line in format_table() if line.startswith("zrd")]
    [['zrd', 'read/write']]
    """
    lines = []
    for fmt in registry.formats():
        abilities = "/".join(a for a, able in (("read", fmt.reads), ("write", fmt.writes)) if able)
        options = " ".join(o.flag for o in (*fmt.read_options, *fmt.write_options))
        line = f"{fmt.name:<9} {abilities:<10} {' '.join(fmt.extensions):<15} {fmt.description}"
        lines.append(line + (f" [{options}]" if options else ""))
    return lines
