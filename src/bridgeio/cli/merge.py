"""``bridgeio merge FILE... -o OUT``: the session files of one event joined into one event of
several sessions (:mod:`bridgeio.analysis.merge`), written to OUT in any results format.

Entries are matched by number and checked by name; sessions are put in date order; an
entry's name that differs between sessions, or an entry missing from a session, is a
warning. The overall standings are the last session file's cumulative figures where it
gives them (a Ruter second session), else the sum of the sessions. What OUT's format cannot
hold (a format without sessions) is said on stderr; ``--strict`` makes that an error.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import Output, read_options, reading, writing
from bridgeio.cli.problems import show_losses, show_problems
from bridgeio.cli.status import FAILED, Failure, failures, status_of
from bridgeio.errors import Findings, Problem, collect
from bridgeio.files import STDIO


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--output", "-o", "target", required=True, help="The merged event's file.")
@reading
@writing
def merge(
    files: tuple[str, ...],
    target: str,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    **options: Any,
) -> None:
    """Join the session files FILE... of one event into one event of several sessions,
    written to OUT (-o; - is standard output, with --to). Exit 1 when a file or the merge
    has an error, 2 when a file cannot be read or OUT not written."""
    if len(files) < 2:
        raise Failure("merge needs the files of two sessions or more", FAILED)
    read, worst = [], 0
    for name in files:
        results, status = _read(name, source_format, verbose, options)
        read.append(results)
        worst = max(worst, status)
    label = "<stdout>" if target == STDIO else target
    with failures(label), collect(strict) as found:
        _write(read, list(files), Output.of(target, to, force, options))
    _show(files, found, verbose)
    show_losses(label, found)
    sys.exit(max(worst, status_of(found)))


def _read(name: str, source_format: str | None, verbose: bool, options: Any) -> tuple[Any, int]:
    """One session file, read whole, its problems shown; a Failure for a file that is not
    a results file."""
    from bridgeio import core
    from bridgeio.model.results import Results

    with failures(name), collect() as found, opened(name, source_format) as src:
        doc = core.read_as(src.path, src.format, **read_options(options))
        if not isinstance(doc, Results) or not doc.events:
            raise Failure(f"{src.label}: not a results file: no event to merge", FAILED)
    show_problems(src.label, found.problems, verbose)
    return doc, status_of(found)


def _write(read: list[Any], names: list[str], out: Output) -> None:
    """The session files joined, written to ``out``."""
    from bridgeio import core
    from bridgeio.analysis.merge import merge as joined
    from bridgeio.model.results import Results

    event = joined(read, names)
    doc = Results([event], format=read[-1].format)
    core.write(doc, out.file, out.format, **out.keywords)


def _show(files: tuple[str, ...], found: Findings, verbose: bool) -> None:
    """The merge's problems, under the file each names."""
    by_file: dict[str, list[Problem]] = {}
    for problem in found.problems:
        by_file.setdefault(problem.file or files[-1], []).append(problem)
    for name, problems in by_file.items():
        show_problems(name, problems, verbose)
