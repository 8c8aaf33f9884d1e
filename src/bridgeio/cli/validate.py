"""``bridgeio validate``: check files, list the problems with their place.

A results file's scores are checked too (unless ``--no-scores``): every line's score against
its contract, and every matchpoint, total, percentage and rank against a recomputation by
the file's own convention (:mod:`bridgeio.analysis.scoring`).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import OK, PROBLEMS, each, failures
from bridgeio.errors import FormatError, Problem, unread


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--no-scores", is_flag=True, help="Do not check a results file's scores.")
@reading
def validate(
    files: tuple[str, ...],
    no_scores: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Check files: exit 0 clean, 1 problems found (listed with their place) or a part of
    the file not read (a row, a line, a tag: the warning names it), 2 unreadable.

    Results files: scores against contracts, matchpoints, totals, percentages and ranks
    against a recomputation (--no-scores skips this)."""

    def one(name: str) -> int:
        from bridgeio.core import validate_as

        with failures(name), opened(name, source_format) as source:
            try:
                problems = validate_as(source.path, source.format, **read_options(options))
            except FormatError as refused:  # unreadable (status 2): what was found, on stderr
                show_problems(source.label, refused.problems, verbose)
                raise
            if not no_scores and source.format.holds in ("results", "any"):
                problems += score_problems(source.path, source.format, options)
        show_problems(source.label, problems, verbose, click.echo)
        errors = [p for p in problems if p.severity == "error"]
        missed = [p for p in problems if p.severity != "error" and unread(p)]
        if missed:  # (a part not read is no error of its figures, but the file is not whole)
            parts = ", ".join(p.place for p in missed[:3]) + (", ..." if len(missed) > 3 else "")
            click.echo(f"{source.label}: {len(missed)} part(s) of the file not read ({parts})")
        elif not errors:
            warnings = f" ({len(problems)} warnings)" if problems else ""
            click.echo(f"{source.label}: ok{warnings}")
        return PROBLEMS if errors or missed else OK

    sys.exit(each(files, one))


def score_problems(path: str, fmt: Any, options: dict[str, Any]) -> list[Problem]:
    """The score findings of a results file (none for other documents)."""
    from bridgeio.analysis.scoring import check_contract_scores, rescore
    from bridgeio.core import read_as
    from bridgeio.errors import collect
    from bridgeio.model.results import Results

    with collect():  # what reading finds was listed by the checks already
        doc = read_as(path, fmt, **read_options(options))
    if not isinstance(doc, Results):
        return []
    return check_contract_scores(doc) + rescore(doc).problems()
