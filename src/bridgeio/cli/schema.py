"""``bridgeio schema``: the XML Schema bridgeio validates USEBIO files against."""

from __future__ import annotations

import click


@click.command()
@click.argument("name", type=click.Choice(["usebio"]))
def schema(name: str) -> None:
    """Print the XML Schema bridgeio validates USEBIO files against."""
    from bridgeio.formats.usebio.checks import schema_text

    click.echo(schema_text(), nl=False)
