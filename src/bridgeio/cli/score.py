"""``bridgeio score IN [OUT]``: recompute every matchpoint figure and print the standings.

With OUT, the rescored file is written (a figure that already agrees at the file's precision
is left as it is, so an ACBLscore file that needs no correction comes back byte for byte).
A figure is rewritten only by a rule that reproduces the file's other figures of its kind:
where no known rule reproduces some of them (a program whose convention bridgeio does not
know), nothing is written, each such kind is said on stderr, and the exit status is 2;
``--convention`` rescores by the convention named all the same. A file with an event of a
kind bridgeio does not score (board-a-match teams, say) is left as it is, said so, exit 2.

Each kind's rule is found from the file's own recorded figures (the totals' from its board
points, the ranks' from its totals), so a corrected score is rescored: its board is an
error, what it moves is said once ("12 totals and 6 ranks follow from it"), every figure is
rewritten, exit 1.

A game as the tables entered it (a Bridgemate database: scores, no points, no standings) is
scored from scratch: every board's points, each pair's total, percentage and rank made by the
rule (:mod:`bridgeio.analysis.scoring.standings`), said once (every figure filled in: exit
1, as for any figure a file leaves blank). ``--scoring`` scores
every pairs event by the director's choice (its recorded points and standings set aside);
``--deals FILE`` takes the hand record from any deals file (its boards replace the game's).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.cli.inputs import opened
from bridgeio.cli.options import Output, read_options, reading, writing
from bridgeio.cli.problems import show_losses, show_problems
from bridgeio.cli.status import OK, PROBLEMS, Failure, failures, status_of
from bridgeio.errors import collect
from bridgeio.model.results import Results, Scoring

SCORINGS = {
    "matchpoints": Scoring.MATCHPOINTS,
    "imps": Scoring.IMPS,
    "butler": Scoring.BUTLER,
    "cross-imps": Scoring.CROSS_IMPS,
}


@click.command()
@click.argument("source")
@click.argument("target", required=False)
@click.option(
    "--convention",
    type=click.Choice(["acbl", "european"]),
    help="Score by this convention instead of the one found from the file.",
)
@click.option(
    "--scoring",
    type=click.Choice(sorted(SCORINGS)),
    help="Score every pairs event so (its recorded points and standings set aside).",
)
@click.option("--deals", "deals_file", help="Take the hand record from this deals file.")
@reading
@writing
def score(
    source: str,
    target: str | None,
    convention: str | None,
    scoring: str | None,
    deals_file: str | None,
    source_format: str | None,
    verbose: bool,
    to: str | None,
    force: bool,
    strict: bool,
    **options: Any,
) -> None:
    """Recompute matchpoints, totals, percentages and ranks of SOURCE and print the
    standings; with TARGET, write the rescored file. Exit 1 when a figure changed (or a
    pair on the boards has no standings row), 2 when no known rule reproduces some of the
    file's figures (nothing is written)."""
    from bridgeio import core
    from bridgeio.analysis.scoring.standings import as_scored

    with failures(source), collect(strict) as found, opened(source, source_format) as src:
        doc = core.read_as(src.path, src.format, **read_options(options))
        if not isinstance(doc, Results):
            raise Failure(f"{src.label}: not a results file: nothing to score", 2)
        if scoring is not None:
            as_scored(doc, SCORINGS[scoring])
        if deals_file is not None:
            _take_deals(doc, deals_file)
        empty = not any(s.entries or s.results for e in doc.events for s in e.sections)
        differences = []
        if not empty:
            differences = _rescore(doc, src, convention, target, to, force, verbose, options)
    show_problems(src.label, found.problems, verbose)  # what reading the file found
    show_losses(src.label, found)
    if empty:
        raise Failure(f"{src.label}: no section with entries or board results: nothing to score", 2)
    sys.exit(PROBLEMS if differences or status_of(found) else OK)


def _rescore(
    doc: Any,
    src: Any,
    convention: str | None,
    target: str | None,
    to: str | None,
    force: bool,
    verbose: bool,
    options: dict[str, Any],
) -> list[Any]:
    """Rescore ``doc``, print its methods, standings and differences, write ``target``."""
    from bridgeio import core
    from bridgeio.analysis.scoring.session import rescored_copy
    from bridgeio.analysis.scoring.standings import recorded

    label = src.label
    scratch = not recorded(doc)
    new, report = rescored_copy(doc, convention)
    # (a figure the file leaves blank is filled in: said once, no error of the file)
    differences = [d for d in report.differences if not d.blank]
    blank = len(report.differences) - len(differences)
    for number, method in report.methods.items():
        click.echo(f"event {number}: {method.describe()}")
    for text in report.unchecked:
        click.echo(f"{label}: {text}", err=True)
    what = "written" if target is not None else "rescored"
    if report.unscored:  # (no convention makes bridgeio score them)
        kinds = ", ".join(sorted(set(report.unscored)))
        raise Failure(
            f"{label}: nothing {what}: bridgeio does not score events of {kinds} (above), "
            "so the file is left as it is",
            2,
        )
    if report.unfit and convention is None:
        show_problems(label, report.findings(), verbose)
        raise Failure(
            f"{label}: nothing {what}: no known rule reproduces {len(report.unfit)} kind(s) "
            "of its figures (above), so none is rewritten; --convention acbl|european "
            "rescores by that convention all the same",
            2,
        )
    _standings(new)
    show_problems(label, report.findings(), verbose)  # (what follows from one: said once)
    if scratch:  # (a game as the tables entered it: every figure made by the rule)
        click.echo(
            f"{label}: scored from the tables' scores: {blank} board figure(s) and "
            f"{report.filled} standings figure(s) made by the rule",
            err=True,
        )
    elif blank or report.filled:
        click.echo(
            f"{label}: {blank + report.filled} figure(s) the file leaves blank filled in by "
            "the rule",
            err=True,
        )
    if target is not None:
        out = Output.of(target, to, force, options)
        # over the source's own bytes where its format rewrites in place (USEBIO)
        core.write(new, out.file, out.format, original=src.path, **out.keywords)
    # (a blank filled in is a figure changed too, and a pair with no standings row a defect
    # no rule mends: exit 1)
    return [*report.differences, *report.errors]


def _take_deals(doc: Results, path: str) -> None:
    """The hand record of the deals file at ``path`` in each event of ``doc``: its boards
    replace the event's, the event's others are kept (a file with no deals: an error)."""
    from bridgeio import core
    from bridgeio.model.deals import DealSet, concat

    found = core.read(path)
    if isinstance(found, Results):
        found = concat([e.deals for e in found.events if e.deals is not None] or [DealSet.empty()])
    if not isinstance(found, DealSet) or not len(found):
        raise Failure(f"{path}: no deals to take the hand record from", 2)
    for event in doc.events:
        boards = {deal.board or 0: deal for deal in event.deals or []}
        boards.update({deal.board or 0: deal for deal in found})
        event.deals = DealSet.from_deals([boards[b] for b in sorted(boards)])
    click.echo(f"{path}: {len(found)} deal(s) taken for the hand record", err=True)


def _standings(doc: Any) -> None:
    """Each section's entries by rank, as ``bridgeio info`` shows them (ties, names, awards)."""
    from bridgeio.analysis.summary import summarize_section
    from bridgeio.cli.describe import section_lines
    from bridgeio.model.results import Section

    for event in doc.events:
        click.echo(f"event {event.number}: {event.name or event.scoring.value}")
        sessions = {n: s.id for n, s in enumerate(event.sessions, start=1)}
        for section in event.sections:
            if any(e.score is not None for e in section.entries):
                if section.session in sessions:  # (an event of several sessions)
                    click.echo(f"  session {sessions[section.session]}")
                click.echo("\n".join(section_lines(summarize_section(section))[1:]))
        if event.entries:
            overall = section_lines(summarize_section(Section("", entries=event.entries)))
            click.echo("\n".join(["  overall standings", *overall[2:]]))
