"""``bridgeio info``: what is in each file, one screen for a person, or (``--json``) the same
facts as a JSON document a line for a script (the shape is in the README)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from bridgeio.cli.inputs import Input, opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import each, failures, status_of
from bridgeio.errors import Problem, collect

if TYPE_CHECKING:
    from bridgeio.analysis.summary import Summary


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="A JSON document a file (README: shape).")
@reading
def info(
    files: tuple[str, ...],
    as_json: bool,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """What is in each file, one screen for a person."""

    def one(name: str) -> int:
        with failures(name), collect() as found, opened(name, source_format) as source:
            summary, matches = _summarize(source, read_options(options))
        if as_json:
            click.echo(json.dumps(with_problems(summary.to_json(), found.problems)))
        else:
            from bridgeio.cli.describe import text

            if name != files[0]:
                click.echo()
            click.echo(f"== {source.label}")
            click.echo(text(summary))
            if matches:
                click.echo("\n".join(["", *matches]))
        show_problems(source.label, found.problems, verbose)
        return status_of(found)

    sys.exit(each(files, one))


def with_problems(data: dict[str, Any], found: list[Problem]) -> dict[str, Any]:
    """The summary's JSON with ``problems``: every problem found in reading, once each.

    >>> with_problems({"format": "asc"}, [Problem("line 2", "odd", "warning")])["problems"]
    [{'severity': 'warning', 'place': 'line 2', 'message': 'odd'}]
    """
    listed = data.get("problems", [])
    seen = {(p["place"], p["message"]) for p in listed}
    more = [p for p in found if (p.place, p.message) not in seen]
    listed += [{"severity": p.severity, "place": p.place, "message": p.message} for p in more]
    return {**data, "problems": listed}


def _summarize(source: Input, options: dict[str, Any]) -> tuple[Summary, list[str]]:
    """The file's summary, and the score of a match it is (:func:`match_lines`)."""
    from bridgeio.analysis.overview import summarize
    from bridgeio.core import iter_chunks, read_as
    from bridgeio.model.document import DocumentKind

    fmt = source.format
    if fmt.iter_chunks is None:
        doc = read_as(source.path, fmt, **options)
        return summarize(doc, fmt.name), _matches(doc)
    first, count, last = None, 0, None
    for chunk in iter_chunks(source.path, fmt, **options):
        if chunk.kind != DocumentKind.DEALS:  # a results file read whole (PBN with scores)
            return summarize(chunk, fmt.name), _matches(chunk)
        first = chunk if first is None else first
        count += len(chunk)
        last = chunk
    assert first is not None and last is not None
    first.terminated, first.trailing = last.terminated, last.trailing
    from bridgeio.analysis.deal_summary import summarize_deals

    return summarize_deals(first, count, fmt.name), []


def _matches(doc: Any) -> list[str]:
    from bridgeio.cli.describe import match_lines
    from bridgeio.model.document import DocumentKind

    return match_lines(doc) if doc.kind == DocumentKind.RESULTS else []
