"""``bridgeio export``: files and folders into the analysis tables (Parquet, CSV, DuckDB)."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from bridgeio.cli.options import read_options, reading
from bridgeio.cli.progress import Progress
from bridgeio.cli.status import FAILED, INTERNAL, OK, Failure


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.argument("out")
@click.option(
    "--to",
    "to",
    type=click.Choice(["parquet", "duckdb", "csv"]),
    required=True,
    help="parquet: OUT/<table>.parquet; csv: OUT/<table>.csv; duckdb: the database file OUT.",
)
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Processes (default: every core).")
@click.option(
    "--dask",
    "address",
    metavar="ADDRESS",
    help="Run on the Dask cluster at ADDRESS; writes OUT/<table>/ partitioned Parquet.",
)
@click.option("--force", is_flag=True, help="Replace OUT if it holds an earlier export.")
@click.option(
    "--solve",
    is_flag=True,
    help="Fill cards.dd_cost: what each card of a completed or claimed play cost its side "
    "double-dummy (DDS; needs bridgeio[dds]).",
)
@reading
def export(
    paths: tuple[str, ...],
    to: str,
    out: str,
    jobs: int | None,
    address: str | None,
    force: bool,
    solve: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Files and folders into analysis tables: Parquet, DuckDB or CSV.

    PATHS are walked recursively, every file's format sniffed; the tables are files, events,
    sections, entries, players, results, team_matches, deals, dd_tricks, movements, calls and
    cards (docs/tables.md). A file that cannot be read is listed in the files table with
    its error, and the export goes on. OUT: a folder (parquet, csv) or a database file.
    --solve fills cards.dd_cost with DDS (on the Dask workers with --dask)."""
    from bridgeio.analysis.tables import expand
    from bridgeio.analysis.tables.columns import pandas_unseen
    from bridgeio.analysis.tables.export import export as run
    from bridgeio.double_dummy.solver import SolverMissing

    pandas_unseen()  # this process converts no pandas objects: it need not import pandas

    given = read_options(options)
    if source_format:
        given["format"] = source_format
    if address is not None and to != "parquet":
        raise Failure("--dask writes a partitioned Parquet dataset: use --to parquet")
    if solve:
        _solver_here()
    client = _client(address)
    found = expand(paths)
    try:
        with Progress("export", len(found)) as bar:
            summary = run(
                found, out, to, workers=jobs, client=client, overwrite=force,
                progress=bar.update, solve=solve, **given,
            )  # fmt: skip
    except (FileExistsError, ValueError, SolverMissing) as error:
        raise Failure(str(error)) from None
    except OSError as error:
        raise Failure(f"{error.filename or out}: {error.strerror or error}") from None
    finally:
        if client is not None:
            client.close()
    for message in summary.errors:  # each names its file, as every command's errors do
        click.echo(f"bridgeio: {message}", err=True)
    read = summary.files - summary.failed
    click.echo(
        f"bridgeio: exported {read} of {summary.files} files to {out} "
        f"({summary.rows['results']:,} results, {summary.rows['deals']:,} deals)",
        err=True,
    )
    table = f"the files table of {out}" if to == "duckdb" or address else os.path.join(out, "files")
    if to != "duckdb" and not address:
        table += f".{to}"
    if summary.warned:
        click.echo(
            f"bridgeio: {out}: {_files(summary.warned)} read with warnings: see the warnings "
            f"column of {table}",
            err=True,
        )
    if summary.failed:
        click.echo(
            f"bridgeio: {out}: {_files(summary.failed)} could not be read (listed above; their "
            f"errors are in {table} too)",
            err=True,
        )
    sys.exit(INTERNAL if summary.bugs else FAILED if summary.failed else OK)


def _files(count: int) -> str:
    return f"{count:,} file" if count == 1 else f"{count:,} files"


def _solver_here() -> None:
    """Refuse --solve at once where endplay (DDS) is not installed."""
    from bridgeio.double_dummy.play_cost import require_solver
    from bridgeio.double_dummy.solver import SolverMissing

    try:
        require_solver()
    except SolverMissing as error:
        raise Failure(str(error)) from None


def _client(address: str | None) -> Any:
    """A Dask client for ``address`` (None: no cluster)."""
    if address is None:
        return None
    try:
        from distributed import Client
    except ImportError:
        raise Failure("--dask needs the distributed package: pip install bridgeio[dask]") from None
    try:
        return Client(address, timeout="20s")  # type: ignore[no-untyped-call]
    except OSError as error:
        raise Failure(f"cannot reach the Dask scheduler at {address}: {error}") from None
