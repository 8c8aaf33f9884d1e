"""``bridgeio generate``: uniformly random deals, the same for the same seed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import click

from bridgeio.cli.options import Output, writing
from bridgeio.cli.problems import show_losses
from bridgeio.cli.progress import Progress
from bridgeio.cli.status import failures
from bridgeio.errors import collect


@click.command()
@click.argument("target")
@click.option("--count", "-n", type=click.IntRange(min=0), required=True, help="How many deals.")
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="The same seed gives the same deals on any machine.",
)
@writing
def generate(
    target: str, count: int, seed: int, to: str | None, force: bool, strict: bool, **options: Any
) -> None:
    """Write COUNT uniformly random deals to TARGET (ZBD, PBN, ZBS, JSON, CSV, ...)."""
    from bridgeio.core import write_stream
    from bridgeio.double_dummy import random_deals

    with failures(target), collect(strict) as found:
        out = Output.of(target, to, force, options)
        with Progress(f"dealing -> {out.format.name}", count) as bar:
            chunks = _counted(random_deals(count, seed), bar.update)
            write_stream(chunks, out.file, out.format, source="generated", **out.keywords)
    show_losses(target, found)


def _counted(chunks: Iterator[Any], step: Callable[[int], None]) -> Iterator[Any]:
    for chunk in chunks:
        yield chunk
        step(len(chunk))
