"""``bridgeio score IN [OUT]``: recompute every matchpoint figure and print the standings.

With OUT, the rescored file is written (a figure that already agrees at the file's precision
is left as it is, so an ACBLscore file that needs no correction comes back byte for byte).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading, target_format, write_options, writing
from bridgeio.cli.problems import show_losses, show_problems
from bridgeio.cli.status import OK, PROBLEMS, Failure, failures
from bridgeio.errors import collect
from bridgeio.files import STDIO


@click.command()
@click.argument("source")
@click.argument("target", required=False)
@click.option(
    "--convention",
    type=click.Choice(["acbl", "european"]),
    help="Score by this convention instead of the one found from the file.",
)
@reading
@writing
def score(
    source: str,
    target: str | None,
    convention: str | None,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    **options: Any,
) -> None:
    """Recompute matchpoints, totals, percentages and ranks of SOURCE and print the
    standings; with TARGET, write the rescored file. Exit 1 when a figure changed."""
    from bridgeio import core
    from bridgeio.analysis.scoring.session import rescored_copy
    from bridgeio.model.results import Results

    with failures(source), collect(strict) as found, opened(source, source_format) as src:
        doc = core.read_as(src.path, src.format, **read_options(options))
        if not isinstance(doc, Results):
            raise Failure(f"{src.label}: not a results file: nothing to score", 2)
        new, report = rescored_copy(doc, convention)
        differences = report.differences
        for number, method in report.methods.items():
            click.echo(f"event {number}: {method.describe()}")
        for text in report.unchecked:
            click.echo(f"{src.label}: {text}", err=True)
        _standings(new)
        show_problems(src.label, [d.problem for d in differences], verbose)
        if target is not None:
            dst = target_format(target, to)
            core.write(
                new,
                sys.stdout.buffer if target == STDIO else target,
                dst,
                overwrite=force,
                **write_options(options),
            )
    show_losses(src.label, found)
    sys.exit(PROBLEMS if differences else OK)


def _standings(doc: Any) -> None:
    """Each section's entries by rank: place, pair, total, percentage."""
    for event in doc.events:
        for section in event.sections:
            ranked = [e for e in section.entries if e.score is not None]
            if not ranked:
                continue
            name = f", section {section.name}" if section.name else ""
            click.echo(f"event {event.number}{name}: {event.name or event.scoring.value}")
            ranked.sort(key=lambda e: (str(e.direction or ""), e.rank or 10**6, -(e.score or 0)))
            for entry in ranked:
                percent = "" if entry.percentage is None else f"{entry.percentage:7.2f}%"
                rank = "" if entry.rank is None else str(entry.rank)
                click.echo(f"  {rank:>4}  {entry.id:<8} {entry.score:9.2f} {percent}")
