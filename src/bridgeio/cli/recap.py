"""``bridgeio recap``: an HTML recap of games that a person reads in a browser."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import OK, Failure, failures, status_of
from bridgeio.errors import collect


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option(
    "-o",
    "--output",
    "out",
    metavar="OUT",
    help="The page (one input file), or a folder (several files, or OUT ending in /).",
)
@click.option("--deals", metavar="DEALS", help="The hands (PBN or a Pavlicek file).")
@click.option(
    "--movement",
    metavar="ASC",
    help="The movement (an ASC schedule) for results that number no rounds (USEBIO).",
)
@click.option(
    "--solve",
    is_flag=True,
    help="Solve the hands double dummy, and mark what each card of a completed or claimed "
    "play cost its side (needs endplay).",
)
@click.option("--force", is_flag=True, help="Replace pages that exist.")
@reading
def recap(
    files: tuple[str, ...],
    out: str | None,
    deals: str | None,
    movement: str | None,
    solve: bool,
    force: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Write an HTML recap of the games in FILES (any results format).

    One input file is one page, its games one after another (OUT, default: the input's
    name with .html); several files, or an OUT ending in / or naming a folder, make a
    folder (default: recap) of a page a file and an index page. Standings, scorecards, each board's
    traveller and hands (from the file or DEALS), makeable contracts and par where
    double-dummy tricks are known (or with --solve), and the movement (from the file, or
    from an ASC schedule given as --movement when the file numbers no rounds). Each line's
    auction and play where the file has them; with --solve, each card that cost its side
    tricks double dummy is marked, and each line's tricks lost by each side. Prints the path
    of the page to open.
    """
    from bridgeio.core import read_as
    from bridgeio.model.results import Results
    from bridgeio.recap import write_recap

    if solve:
        _solver_here()
    hands = _hands(deals, solve) if deals else None
    schedule = _movement(movement) if movement else None
    sources = []
    status = OK
    for name in files:
        with failures(name), collect() as found, opened(name, source_format) as source:
            doc = read_as(source.path, source.format, **read_options(options))
        show_problems(source.label, found.problems, verbose)
        status = max(status, status_of(found))
        if not isinstance(doc, Results):
            raise Failure(f"{source.label} holds no results ({source.format.name} {doc.kind})")
        for event in doc.events:
            if schedule is not None:
                _seat(event, schedule, source.label)
            if hands is not None:
                event.deals = hands
            elif solve and event.deals is not None:
                event.deals = _solved(event.deals, source.label)
        sources.append((source.label, doc))
    if solve:
        from bridgeio.recap.costs import solve_plays

        solve_plays(doc for _, doc in sources)  # every file's plays in one batch
    with failures(out or "recap"):
        written = write_recap(sources, out, overwrite=force or out is None)
    click.echo(written[0])
    sys.exit(status)


def _solver_here() -> None:
    """Refuse --solve at once where endplay (DDS) is not installed."""
    from bridgeio.double_dummy.play_cost import require_solver
    from bridgeio.double_dummy.solver import SolverMissing

    try:
        require_solver()
    except SolverMissing as error:
        raise Failure(str(error)) from None


def _movement(name: str) -> Any:
    """The movement of ``--movement``."""
    from bridgeio.core import read_as
    from bridgeio.model.movement import Movement

    with failures(name), collect() as found, opened(name, None) as source:
        doc = read_as(source.path, source.format)
    show_problems(source.label, found.problems, False)
    if not isinstance(doc, Movement):
        raise Failure(f"{source.label} holds no movement ({source.format.name} {doc.kind})")
    return doc


def _seat(event: Any, movement: Any, label: str) -> None:
    """Rounds and tables from ``movement`` for the sections that number none; what it could
    not seat is said on stderr."""
    from bridgeio.recap.moves import seat

    for section in event.sections:
        lines = sum(len(b.results) for b in section.results)
        if not lines or any(r.round for b in section.results for r in b.results):
            continue
        seated = seat(section, movement)
        if seated < lines:
            name = f"section {section.name}" if section.name else "the results"
            click.echo(
                f"bridgeio: {label}: note: the movement seats {seated} of {lines} table "
                f"results of {name}",
                err=True,
            )


def _hands(name: str, solve: bool) -> Any:
    """The deal set of ``--deals``, solved with ``--solve``."""
    from bridgeio.core import read_as
    from bridgeio.model.diagrams import as_deals

    with failures(name), collect() as found, opened(name, None) as source:
        deals = as_deals(read_as(source.path, source.format), "recap")
    show_problems(source.label, found.problems, False)
    return _solved(deals, source.label) if solve else deals


def _solved(deals: Any, label: str) -> Any:
    """``deals`` with double-dummy tricks for every whole deal that lacks them."""
    from bridgeio.double_dummy import SolverMissing, with_tricks

    try:
        return with_tricks(deals)
    except SolverMissing as error:
        raise Failure(f"{label}: {error}") from None
