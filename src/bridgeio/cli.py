"""The ``bridgeio`` command line. Exit status: 0 success, 1 the data has problems, 2 the input
could not be read or the command was wrong."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

import bridgeio
from bridgeio.analysis.checksum import word_sum
from bridgeio.analysis.summary import describe, describe_deals
from bridgeio.core import input_format, output_format
from bridgeio.errors import ConversionError, FormatError
from bridgeio.files import input_size
from bridgeio.formats.json import document
from bridgeio.registry import Problem, formats

FORMAT_NAMES = [
    "acblscore",
    "usebio",
    "pbn",
    "zbs",
    "zbd",
    "zdd",
    "zrd",
    "zrj",
    "asc",
    "cbt",
    "json",
    "csv",
]


TO_OPTION = click.option(
    "--to",
    "to",
    type=click.Choice(FORMAT_NAMES, case_sensitive=False),
    help="Output format (default: from TARGET's extension).",
)
FORCE_OPTION = click.option("--force", is_flag=True, help="Replace TARGET if it exists.")
SEAT_OPTION = click.option(
    "--seat", type=click.Choice(list("NESWnesw")), help="ZRJ: the target hand."
)


class Failure(Exception):
    """Ends the command with a message on stderr and an exit status."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


@contextmanager
def _input_errors() -> Iterator[None]:
    try:
        yield
    except (FormatError, ConversionError, ValueError, FileExistsError) as error:
        raise Failure(str(error)) from None
    except BrokenPipeError:
        raise
    except OSError as error:
        raise Failure(f"{error.filename or ''}: {error.strerror or error}") from None


def _progress(label: str, total: int | None) -> Any:
    """A progress bar on a terminal, nothing when stderr is piped."""
    if not sys.stderr.isatty():
        return _NoProgress()
    return click.progressbar(
        length=total, label=label, file=sys.stderr, show_pos=True, show_eta=True
    )


class _NoProgress:
    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, steps: int, current_item: object = None) -> None:
        return None


class _Group(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Failure as failure:
            click.echo(f"bridgeio: {failure}", err=True)
            ctx.exit(failure.status)
        except BrokenPipeError:  # the reader of our output stopped early (| head): not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(bridgeio.__version__, prog_name="bridgeio")
def main() -> None:
    """Read, write, convert and check the data files of duplicate bridge."""


CODEPAGE_OPTION = click.option(
    "--codepage", help="Text code page of ChessBase files (default cp1252)."
)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True))
@CODEPAGE_OPTION
def info(files: tuple[str, ...], codepage: str | None) -> None:
    """What is in each file, one screen for a person."""
    for number, path in enumerate(files):
        with _input_errors():
            text = _describe(path, codepage)
        if number:
            click.echo()
        click.echo(f"== {path}")
        click.echo(text)


def _describe(path: str, codepage: str | None = None) -> str:
    fmt = input_format(path)
    if fmt.iter_chunks is None:
        return describe(bridgeio.read(path, fmt.name, codepage=codepage), fmt.name)
    first, count, last = None, 0, None
    for chunk in fmt.iter_chunks(path):
        first = chunk if first is None else first
        count += len(chunk)
        last = chunk
    first.terminated, first.trailing = last.terminated, last.trailing
    return describe_deals(first, count, fmt.name)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True))
@CODEPAGE_OPTION
def dump(files: tuple[str, ...], codepage: str | None) -> None:
    """The canonical JSON of each file on stdout (several files: one document a line)."""
    out = sys.stdout.buffer
    for path in files:
        with _input_errors():
            fmt = input_format(path)
            if len(files) == 1 and fmt.iter_chunks is not None:
                _stream_json(fmt, path, out)
            else:
                doc = bridgeio.read(path, fmt.name, codepage=codepage)
                out.write(json.dumps(document(doc, fmt.name)).encode() + b"\n")
    out.flush()


def _stream_json(fmt: bridgeio.FileFormat, path: str, out: Any) -> None:
    from bridgeio.formats.json import write_chunks

    write_chunks(fmt.iter_chunks(path), out, source=fmt.name)


@main.command()
@click.argument("source", type=click.Path(dir_okay=True))
@click.argument("target", type=click.Path(dir_okay=False))
@TO_OPTION
@click.option(
    "--from",
    "source_format",
    type=click.Choice(FORMAT_NAMES, case_sensitive=False),
    help="Input format (default: from SOURCE's content).",
)
@SEAT_OPTION
@click.option(
    "--usebio-version",
    type=click.Choice(["1.4", "1.2"]),
    help="USEBIO: the version to write (default 1.4).",
)
@FORCE_OPTION
def convert(
    source: str,
    target: str,
    to: str | None,
    source_format: str | None,
    seat: str | None,
    usebio_version: str | None,
    force: bool,
) -> None:
    """Convert SOURCE to TARGET, streaming large files with bounded memory."""
    with _input_errors():
        src = input_format(source, source_format)
        dst = output_format(target, to)
        _refuse_existing(target, force)
        total = input_size(source) // src.record_size if src.record_size else None
        with _progress(f"{src.name} -> {dst.name}", total) as bar:
            bridgeio.convert(
                source,
                target,
                dst.name,
                source_format=src.name,
                overwrite=force,
                progress=bar.update,
                seat=seat.upper() if seat else None,
                usebio_version=usebio_version,
            )


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True))
def validate(files: tuple[str, ...]) -> None:
    """Check files: exit 0 clean, 1 problems found (listed with their place), 2 unreadable."""
    status = 0
    for path in files:
        try:
            problems = _problems(path)
        except (FormatError, ValueError) as error:
            click.echo(f"bridgeio: {error}", err=True)
            status = 2
            continue
        errors = [p for p in problems if p.severity == "error"]
        for problem in problems:
            click.echo(f"{path}: {problem}")
        if not errors:
            click.echo(f"{path}: ok" + (f" ({len(problems)} warnings)" if problems else ""))
        status = max(status, 1 if errors else 0)
    sys.exit(status)


def _problems(path: str) -> list[Problem]:
    fmt = input_format(path)
    if fmt.check is not None:
        return fmt.check(path)
    try:
        bridgeio.read(path, fmt.name)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return []


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True))
def checksum(files: tuple[str, ...]) -> None:
    """Pavlicek's checksum: the 64-bit sum of the 32-bit words, in hexadecimal."""
    for path in files:
        with _input_errors():
            click.echo(f"{word_sum(path):016X}  {path}")


@main.command()
@click.argument("target", type=click.Path(dir_okay=False))
@click.option("--count", "-n", type=click.IntRange(min=0), required=True, help="How many deals.")
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="The same seed gives the same deals on any machine.",
)
@TO_OPTION
@FORCE_OPTION
def generate(target: str, count: int, seed: int, to: str | None, force: bool) -> None:
    """Write COUNT uniformly random deals to TARGET (ZBD, PBN, ZBS, JSON, CSV)."""
    from bridgeio.double_dummy import random_deals

    with _input_errors():
        fmt = output_format(target, to)
        _refuse_existing(target, force)
        with _progress(f"dealing -> {fmt.name}", count) as bar:
            chunks = _counted_chunks(random_deals(count, seed), bar.update)
            bridgeio.core.write_stream(chunks, target, fmt.name, source="generated")


def _counted_chunks(chunks: Iterator[Any], step: Any) -> Iterator[Any]:
    for chunk in chunks:
        yield chunk
        step(len(chunk))


def _refuse_existing(target: str, force: bool) -> None:
    if os.path.exists(target) and not force:
        raise Failure(f"{target} exists: not overwritten (use --force to replace it)")


@main.command()
@click.argument("source", type=click.Path(dir_okay=True))
@click.argument("target", type=click.Path(dir_okay=False))
@TO_OPTION
@SEAT_OPTION
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    help="Solve on this Dask scheduler (tcp://host:8786) instead of this machine.",
)
@FORCE_OPTION
def solve(
    source: str,
    target: str,
    to: str | None,
    seat: str | None,
    dask_address: str | None,
    force: bool,
) -> None:
    """Double-dummy solve every deal of SOURCE into TARGET (ZDD, ZRD, ZRJ, PBN, JSON).

    Uses every core. Interrupt it at any time: the same command again continues where it
    stopped (the work so far is kept in TARGET.solving), and TARGET appears only complete.
    """
    from bridgeio.double_dummy.job import SolveJob, WorkFileMismatch
    from bridgeio.double_dummy.solver import SolverMissing

    with _input_errors():
        output_format(target, to)
        _refuse_existing(target, force)
        job = SolveJob(source, target, to, seat.upper() if seat else None, dask=dask_address)
        bar = None
        try:
            with _progress("solving", None) as bar:
                job.run(_solve_progress(bar))
        except (SolverMissing, WorkFileMismatch) as error:
            raise Failure(str(error)) from None
        except KeyboardInterrupt:
            raise Failure(
                f"interrupted: the work so far is in {job.work_path}; run the same "
                "command again to continue",
                130,
            ) from None


def _solve_progress(bar: Any) -> Any:
    """Progress with the rate of this run (deals solved by an earlier run are not counted)."""
    began: list[float] = []

    def step(count: int, total: int) -> None:
        now = time.monotonic()
        if not began:  # the first call reports what earlier runs solved
            began.extend([now, 0])
            bar.length = total
        else:
            began[1] += count
        rate = began[1] / (now - began[0]) if now > began[0] else 0.0
        bar.update(count, f"{rate:,.1f} deals/s")

    return step


@main.command()
@click.argument("source", type=click.Path(dir_okay=True))
@click.argument("target", type=click.Path(dir_okay=False))
@click.option(
    "--key",
    help="Secret for the pseudonyms: the same key gives the same pseudonym "
    "to a person in every file (default: a random key, different each run).",
)
@FORCE_OPTION
def anonymize(source: str, target: str, key: str | None, force: bool) -> None:
    """Copy a results file with names, player numbers, cities and clubs replaced by
    consistent pseudonyms; every other byte stays as it was."""
    from bridgeio.analysis.anonymize import anonymize as replace_names
    from bridgeio.model.results import Results

    with _input_errors():
        fmt = input_format(source)
        _refuse_existing(target, force)
        if bridgeio.core.same_file(source, target):
            raise Failure(f"{target} is the input file: not overwritten")
        results = bridgeio.read(source, fmt.name)
        if not isinstance(results, Results):
            raise Failure(f"{source} is a {fmt.name} file, which holds no names to anonymise")
        replace_names(results, key.encode() if key else None)
        bridgeio.write(results, target, fmt.name)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True))
@click.option("--json", "as_json", is_flag=True, help="One JSON document a file, for machines.")
def analyze(files: tuple[str, ...], as_json: bool) -> None:
    """Movement statistics: who meets whom, board groups, sharing, sit-outs, the Qf balance.

    Works on schedules (ASC) and on the movements in results files (one per section).
    """
    from bridgeio.analysis.movement import errors, statistics
    from bridgeio.formats.asc import movements

    status = 0
    for path in files:
        with _input_errors():
            parts = movements(bridgeio.read(path))
        if not parts:
            raise Failure(f"{path} holds no movement")
        for name, movement in parts:
            report = statistics(movement)
            problems = errors(movement)
            status = max(status, 1 if any(p.severity == "error" for p in problems) else 0)
            report["problems"] = [str(p) for p in problems]
            label = f"{path}{' section ' + name if name else ''}"
            if as_json:
                click.echo(json.dumps({"file": path, "section": name or None, **report}))
            else:
                click.echo(_statistics_text(label, report))
    sys.exit(status)


def _statistics_text(label: str, report: dict[str, Any]) -> str:
    lines = [
        f"== {label}",
        f"{report['participants']} {'players' if report['individual'] else 'pairs'}, "
        f"{report['tables']} tables, {report['rounds']} rounds, "
        f"{report['board_groups']} board groups",
    ]
    if report["qf"] is not None:
        lines.append(f"balance Qf = {report['qf']:.2f} (100 = perfect)")
    meetings = ", ".join(
        f"{count} pairs of contestants meet {times}x" for times, count in report["meetings"].items()
    )
    lines.append(f"meetings: {meetings}")
    lines.append("board groups per round: " + " ".join(map(str, report["groups_per_round"])))
    shared = report["shared_groups"]
    lines.append(f"shared board groups: {len(shared)} (a group at two or more tables in a round)")
    if report["sit_outs"]:
        lines.append("sit-outs: " + ", ".join(f"{n}: {k}" for n, k in report["sit_outs"].items()))
    lines += [f"problem: {p}" for p in report["problems"]]
    return "\n".join(lines)


@main.command()
@click.argument("name", type=click.Choice(["usebio"]))
def schema(name: str) -> None:
    """Print the XML Schema bridgeio validates USEBIO files against."""
    from bridgeio.formats.usebio.validate import schema_text

    click.echo(schema_text(), nl=False)


@main.command(name="formats")
def list_formats() -> None:
    """The formats this version reads and writes."""
    for fmt in formats():
        abilities = [
            a
            for a, f in (("read", fmt.read), ("write", fmt.write or fmt.write_chunks))
            if f is not None
        ]
        click.echo(
            f"{fmt.name:<6} {'/'.join(abilities):<11} {' '.join(fmt.extensions):<8} "
            f"{fmt.description}"
        )


def run(args: list[str]) -> int:
    """Run the command line in-process and return its exit status (for tests and scripts)."""
    try:
        status = main.main(args=args, prog_name="bridgeio", standalone_mode=False)
        return status if isinstance(status, int) else 0
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return 2
    except SystemExit as done:
        return int(done.code or 0)
