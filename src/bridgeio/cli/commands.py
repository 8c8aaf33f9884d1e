"""The commands of ``bridgeio``, their options made from the format registry."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import click

import bridgeio.formats  # noqa: F401  (the built-in formats register themselves)
from bridgeio.errors import (
    ConversionError,
    DataLossWarning,
    Findings,
    FormatError,
    Problem,
    collect,
)
from bridgeio.files import STDIO, OutputRefused, collector_paused
from bridgeio.registry import FileFormat, Option, formats

OK, PROBLEMS, FAILED = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])


class Failure(Exception):
    """Ends the work on one file (or the command) with a message and an exit status."""

    def __init__(self, message: str, status: int = FAILED) -> None:
        super().__init__(message)
        self.status = status


# ------------------------------------------------------------------------ options from the registry


def _unique(options: list[Option]) -> list[Option]:
    seen: dict[str, Option] = {}
    for option in options:
        seen.setdefault(option.name, option)
    return list(seen.values())


def _click_option(option: Option) -> Callable[[F], F]:
    kind = click.Choice(option.choices, case_sensitive=False) if option.choices else None
    return click.option(option.flag, option.name, type=kind, default=None, help=option.help)


def reading(function: F) -> F:
    """``--from``, ``--verbose`` and every reader's own options (``--codepage``, ...)."""
    readable = [f.name for f in formats() if f.reads]
    for option in reversed(_unique([o for f in formats() for o in f.read_options])):
        function = _click_option(option)(function)
    function = click.option(
        "--verbose", "-v", is_flag=True, help="List every problem, not one line a kind."
    )(function)
    return click.option(
        "--from",
        "source_format",
        type=click.Choice(readable, case_sensitive=False),
        help="Input format (default: from the content).",
    )(function)


def writing(function: F) -> F:
    """``--to``, ``--force``, ``--strict`` and every writer's own options."""
    writable = [f.name for f in formats() if f.writes]
    for option in reversed(_unique([o for f in formats() for o in f.write_options])):
        function = _click_option(option)(function)
    function = click.option(
        "--strict", is_flag=True, help="Fail rather than leave out what TARGET cannot hold."
    )(function)
    function = click.option("--force", is_flag=True, help="Replace TARGET if it exists.")(function)
    return click.option(
        "--to",
        "to",
        type=click.Choice(writable, case_sensitive=False),
        help="Output format (default: from TARGET's extension).",
    )(function)


def _read_options(options: dict[str, Any]) -> dict[str, Any]:
    names = {o.name for f in formats() for o in f.read_options}
    return {k: v for k, v in options.items() if k in names and v is not None}


def _write_options(options: dict[str, Any]) -> dict[str, Any]:
    names = {o.name for f in formats() for o in f.write_options}
    found = {k: v for k, v in options.items() if k in names and v is not None}
    if "seat" in found:
        found["seat"] = found["seat"].upper()
    return found


# ------------------------------------------------------------------------ inputs and messages


@dataclass
class Input:
    """One input of a command: where it is read from, what to call it, its format."""

    path: str
    label: str
    format: FileFormat


@contextmanager
def opened(name: str, source_format: str | None) -> Iterator[Input]:
    """An input resolved once: its format, named or sniffed from its content."""
    from bridgeio.core import input_format

    with spooled(name) as (path, label), _relabelled(path, label):
        yield Input(path, label, input_format(path, source_format))


@contextmanager
def spooled(name: str) -> Iterator[tuple[str, str]]:
    """(path, label) of an input; standard input is copied to a temporary file first
    (readers need its size and may read it twice), removed afterwards."""
    from bridgeio.files import spool

    if name != STDIO:
        yield name, name
        return
    path = spool(sys.stdin.buffer)
    try:
        yield path, "<stdin>"
    finally:
        os.unlink(path)


@contextmanager
def _relabelled(path: str, label: str) -> Iterator[None]:
    """Errors about a spooled copy name what the user gave."""
    try:
        yield
    except FormatError as error:
        if error.file == path and label != path:
            raise FormatError(label, error.place, error.expected) from None
        raise


def _err(message: str) -> None:
    click.echo(message, err=True)


def show_problems(
    label: str, problems: list[Problem], verbose: bool, echo: Callable[[str], None] = _err
) -> None:
    """Problems sorted by place; one line a kind with a count and the first places unless
    ``verbose``."""
    ordered = sorted(problems, key=lambda p: p.sort_key)
    if verbose:
        for problem in ordered:
            echo(f"{label}: {problem}")
        return
    groups: dict[tuple[str, str], list[Problem]] = {}
    for problem in ordered:
        groups.setdefault((problem.severity, problem.kind), []).append(problem)
    for same in groups.values():
        first = same[0]
        if len(same) == 1:
            echo(f"{label}: {first}")
            continue
        places = ", ".join(p.place for p in same[1:4]) + (", ..." if len(same) > 4 else "")
        echo(
            f"{label}: {first} (and {len(same) - 1} more like it: {places}; "
            "--verbose lists them all)"
        )


def show_losses(label: str, findings: Findings) -> None:
    """Print each data loss in ``findings`` to stderr as a note about ``label``."""
    for loss in findings.losses:
        _err(f"bridgeio: {label}: note: {loss}")


def status_of(findings: Findings) -> int:
    """The exit status for ``findings``: PROBLEMS if any problem is an error, else OK."""
    return PROBLEMS if findings.worst == "error" else OK


@contextmanager
def _failures(name: str) -> Iterator[None]:
    """Turn what can go wrong with one file into a Failure with a message naming it."""
    label = "<stdin>" if name == STDIO else name
    try:
        yield
    except Failure:
        raise
    except FormatError as error:
        raise Failure(str(error)) from None
    except ConversionError as error:  # it names the formats: say which file, too
        raise Failure(f"{label}: {error}") from None
    except OutputRefused as error:
        raise Failure(str(error)) from None
    except DataLossWarning as loss:
        raise Failure(f"{label}: {loss} (--strict: nothing written)") from None
    except (ValueError, FileExistsError) as error:
        raise Failure(f"{label}: {error}") from None
    except BrokenPipeError:
        raise
    except OSError as error:
        where = error.filename or label
        raise Failure(f"{where}: {error.strerror or error}") from None


def each(names: tuple[str, ...], work: Callable[[str], int]) -> int:
    """Run ``work`` on every file, report each failure, return the worst status."""
    worst = OK
    for name in names:
        try:
            status = work(name)
        except Failure as failure:
            _err(f"bridgeio: {failure}")
            status = failure.status
        worst = max(worst, status)
    return worst


# ------------------------------------------------------------------------ progress


class Progress:
    """Records done, on a terminal only: a bar when the total is known, a count when not."""

    def __init__(self, label: str, total: int | None = None) -> None:
        self.label, self.total, self.done = label, total, 0
        self.shown = 0.0
        self.live = sys.stderr.isatty()

    def update(self, count: int, note: str = "") -> None:
        """Count ``count`` more records done; on a terminal, redraw (with ``note``) at most ten
        times a second."""
        self.done += count
        now = time.monotonic()
        if self.live and now - self.shown > 0.1:
            self.shown = now
            if self.total:
                share = min(self.done / self.total, 1.0)
                bar = "#" * int(share * 30)
                text = f"{self.label} [{bar:<30}] {self.done:,}/{self.total:,}"
            else:
                text = f"{self.label}: {self.done:,} records"
            sys.stderr.write(f"\r{text} {note}\x1b[K")
            sys.stderr.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live and self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def info(files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any) -> None:
    """What is in each file, one screen for a person."""

    def one(name: str) -> int:
        with _failures(name), collect() as found, opened(name, source_format) as source:
            text = _describe(source, _read_options(options))
        if name != files[0]:
            click.echo()
        click.echo(f"== {source.label}")
        click.echo(text)
        show_problems(source.label, found.problems, verbose)
        return status_of(found)

    sys.exit(each(files, one))


def _describe(source: Input, options: dict[str, Any]) -> str:
    from bridgeio.analysis.summary import describe
    from bridgeio.core import iter_chunks, read_as

    fmt = source.format
    if fmt.iter_chunks is None:
        return describe(read_as(source.path, fmt, **options), fmt.name)
    first, count, last = None, 0, None
    for chunk in iter_chunks(source.path, fmt, **options):
        first = chunk if first is None else first
        count += len(chunk)
        last = chunk
    assert first is not None and last is not None
    first.terminated, first.trailing = last.terminated, last.trailing
    from bridgeio.analysis.deal_text import describe_deals

    return describe_deals(first, count, fmt.name)


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def dump(files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any) -> None:
    """The canonical JSON of each file on stdout (several files: one document a line)."""
    out = sys.stdout.buffer

    def one(name: str) -> int:
        from bridgeio.core import iter_chunks, read_as
        from bridgeio.formats.json.canonical import text, write_chunks

        read_options = _read_options(options)
        with _failures(name), collect() as found, opened(name, source_format) as source:
            fmt = source.format
            if len(files) == 1 and fmt.iter_chunks is not None:
                write_chunks(iter_chunks(source.path, fmt, **read_options), out, source=fmt.name)
            else:  # the model and its JSON hold no cycles: they go when the file is written
                with collector_paused():
                    doc = read_as(source.path, fmt, **read_options)
                    out.write(text(doc, fmt.name).encode())
                    out.write(b"\n")
                    del doc
        show_problems(source.label, found.problems, verbose)
        return status_of(found)

    status = each(files, one)
    out.flush()
    sys.exit(status)


@click.command()
@click.argument("source")
@click.argument("target")
@reading
@writing
def convert(
    source: str,
    target: str,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    **options: Any,
) -> None:
    """Convert SOURCE to TARGET (- is standard input or output), streaming large files.

    What TARGET's format cannot hold is listed on stderr; --strict makes that an error."""
    from bridgeio import core

    with _failures(source), collect(strict) as found, opened(source, source_format) as src:
        dst = _target_format(target, to)
        total = None
        if src.format.record_size:
            total = os.path.getsize(src.path) // src.format.record_size
        with Progress(f"{src.format.name} -> {dst.name}", total) as bar:
            written = core.convert_files(
                src.path,
                sys.stdout.buffer if target == STDIO else target,
                dst,
                source_format=src.format,
                overwrite=force,
                progress=bar.update,
                **_read_options(options),
                **_write_options(options),
            )
    show_problems(src.label, found.problems, verbose)
    show_losses(src.label, found)
    if len(written) > 1:
        _err(f"bridgeio: wrote {len(written)} files: {', '.join(written)}")
    sys.exit(status_of(found))


def _target_format(target: str, to: str | None) -> FileFormat:
    from bridgeio.core import output_format

    if target == STDIO and not to:
        raise Failure("writing to standard output (-) needs --to FORMAT")
    return output_format("" if target == STDIO else target, to)


@click.command()
@click.argument("files", nargs=-1, required=True)
@reading
def validate(
    files: tuple[str, ...], source_format: str | None, verbose: bool, **options: Any
) -> None:
    """Check files: exit 0 clean, 1 problems found (listed with their place), 2 unreadable."""

    def one(name: str) -> int:
        from bridgeio.core import validate_as

        with _failures(name), opened(name, source_format) as source:
            try:
                problems = validate_as(source.path, source.format, **_read_options(options))
            except FormatError as refused:  # unreadable (status 2): what was found, on stderr
                show_problems(source.label, refused.problems, verbose)
                raise
        show_problems(source.label, problems, verbose, click.echo)
        errors = [p for p in problems if p.severity == "error"]
        if not errors:
            warnings = f" ({len(problems)} warnings)" if problems else ""
            click.echo(f"{source.label}: ok{warnings}")
        return PROBLEMS if errors else OK

    sys.exit(each(files, one))


@click.command()
@click.argument("files", nargs=-1, required=True)
def checksum(files: tuple[str, ...]) -> None:
    """Pavlicek's checksum: the 64-bit sum of the 32-bit words, in hexadecimal."""
    from bridgeio.analysis.checksum import word_sum

    def one(name: str) -> int:
        with _failures(name), spooled(name) as (path, label), _relabelled(path, label):
            click.echo(f"{word_sum(path):016X}  {label}")
        return OK

    sys.exit(each(files, one))


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

    with _failures(target), collect(strict) as found:
        fmt = _target_format(target, to)
        with Progress(f"dealing -> {fmt.name}", count) as bar:
            chunks = _counted(random_deals(count, seed), bar.update)
            write_stream(
                chunks,
                sys.stdout.buffer if target == STDIO else target,
                fmt,
                source="generated",
                overwrite=force,
                **_write_options(options),
            )
    show_losses(target, found)


def _counted(chunks: Iterator[Any], step: Callable[[int], None]) -> Iterator[Any]:
    for chunk in chunks:
        yield chunk
        step(len(chunk))


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
    with _failures(source), collect(strict) as found, opened(source, source_format) as src:
        fmt = _target_format(target, to)
        output_target(target, force)
        seat = _write_options(options).get("seat")
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
    from bridgeio.core import output_handle, same_file
    from bridgeio.model.pseudonyms import Pseudonyms

    with _failures(source), collect() as found, opened(source, source_format) as src:
        fmt = src.format
        if fmt.anonymize is None:
            raise Failure(f"{src.label}: a {fmt.name} file holds no names to anonymise")
        if target != STDIO and same_file(src.path, target):
            raise Failure(f"{target} is the input file: not overwritten")
        names = Pseudonyms(key.encode() if key else None)
        out = sys.stdout.buffer if target == STDIO else target
        with output_handle(out, force) as handle:
            fmt.anonymize(src.path, handle, names, **fmt.reader_options(_read_options(options)))
    show_problems(src.label, found.problems, verbose)
    sys.exit(status_of(found))


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON document a file, for machines.")
@reading
def analyze(
    files: tuple[str, ...],
    as_json: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Movement statistics: who meets whom, board groups, sharing, sit-outs, the Qf balance.

    Works on schedules (ASC) and on the movements in results files (one per section).
    """
    import json

    from bridgeio.analysis.movement import statistics
    from bridgeio.core import read_as
    from bridgeio.formats.asc import movements
    from bridgeio.model.movement_checks import errors

    def one(name: str) -> int:
        with _failures(name), collect() as found, opened(name, source_format) as source:
            parts = movements(read_as(source.path, source.format, **_read_options(options)))
        show_problems(source.label, found.problems, verbose)
        if not parts:
            raise Failure(f"{source.label} holds no movement")
        status = status_of(found)
        for section, movement in parts:
            report = statistics(movement)
            problems = errors(movement)
            status = max(status, PROBLEMS if any(p.severity == "error" for p in problems) else OK)
            report["problems"] = [str(p) for p in problems]
            label = f"{source.label}{' section ' + section if section else ''}"
            if as_json:
                click.echo(json.dumps({"file": source.label, "section": section or None, **report}))
            else:
                click.echo(_statistics_text(label, report))
        return status

    sys.exit(each(files, one))


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


@click.command()
@click.argument("name", type=click.Choice(["usebio"]))
def schema(name: str) -> None:
    """Print the XML Schema bridgeio validates USEBIO files against."""
    from bridgeio.formats.usebio.validate import schema_text

    click.echo(schema_text(), nl=False)


@click.command(name="formats")
def list_formats() -> None:
    """The formats this version reads and writes, and their options."""
    for line in format_table():
        click.echo(line)


def format_table() -> list[str]:
    """``bridgeio formats``: one line a format, from the registry."""
    lines = []
    for fmt in formats():
        abilities = "/".join(a for a, able in (("read", fmt.reads), ("write", fmt.writes)) if able)
        options = " ".join(o.flag for o in (*fmt.read_options, *fmt.write_options))
        line = f"{fmt.name:<9} {abilities:<10} {' '.join(fmt.extensions):<15} {fmt.description}"
        lines.append(line + (f" [{options}]" if options else ""))
    return lines
