"""``bridgeio solve``: double-dummy solve every deal of a file, resumably."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import reading, target_format, write_options, writing
from bridgeio.cli.problems import show_losses, show_problems
from bridgeio.cli.progress import Progress
from bridgeio.cli.status import Failure, failures, status_of
from bridgeio.errors import collect
from bridgeio.files import STDIO


@click.command()
@click.argument("source")
@click.argument("target")
@reading
@writing
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Solve on this Dask scheduler (tcp://host:8786) instead of this machine.",
)
def solve(
    source: str,
    target: str,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    dask_address: str | None,
    **options: Any,
) -> None:
    """Double-dummy solve every deal of SOURCE into TARGET (ZDD, ZRD, ZRJ, PBN, JSON).

    Uses every core. Interrupt it at any time: the same command again continues where it
    stopped (the work so far is kept in TARGET.solving), and TARGET appears only complete.
    """
    from bridgeio.double_dummy.job import SolveJob, WorkFileMismatch
    from bridgeio.double_dummy.solver import SolverMissing
    from bridgeio.files import output_target

    if target == STDIO:
        raise Failure("solve writes a file (its work so far is kept beside it): name one")
    with failures(source), collect(strict) as found, opened(source, source_format) as src:
        fmt = target_format(target, to)
        output_target(target, force)
        seat = write_options(options).get("seat")
        job = SolveJob(src.path, target, fmt.name, seat, dask=dask_address)
        try:
            with Progress("solving") as bar:
                job.run(_solve_progress(bar))
        except (SolverMissing, WorkFileMismatch) as error:
            raise Failure(str(error)) from None
        except KeyboardInterrupt:
            raise Failure(
                f"interrupted: the work so far is in {job.work_path}; run the same "
                "command again to continue",
                130,
            ) from None
    show_problems(src.label, found.problems, verbose)
    show_losses(src.label, found)
    sys.exit(status_of(found))


def _solve_progress(bar: Progress) -> Callable[[int, int], None]:
    """Progress with the rate of this run (deals solved by an earlier run are not counted)."""
    began: list[float] = []

    def step(count: int, total: int) -> None:
        now = time.monotonic()
        if not began:  # the first call reports what earlier runs solved
            began.extend([now, 0])
            bar.total = total
        else:
            began[1] += count
        rate = began[1] / (now - began[0]) if now > began[0] else 0.0
        bar.update(count, f"{rate:,.1f} deals/s")

    return step
