"""``bridgeio analyze``: movement statistics, as text for a person or JSON for machines; with
``--report NAME``, a report on the analysis tables of files, folders or an export
(:mod:`bridgeio.analysis.reports`, cli/reports.py)."""

from __future__ import annotations

import sys
from typing import Any

import click

from bridgeio.analysis.reports import REPORTS
from bridgeio.cli.inputs import opened
from bridgeio.cli.options import read_options, reading
from bridgeio.cli.problems import show_problems
from bridgeio.cli.status import OK, PROBLEMS, Failure, each, failures, status_of
from bridgeio.errors import collect


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON document a file, for machines.")
@click.option(
    "--report",
    type=click.Choice(list(REPORTS)),
    help="A report on the analysis tables of FILES (files, folders, or one export) instead: "
    + "; ".join(f"{name}: {report.title}" for name, report in REPORTS.items())
    + ".",
)
@click.option("--player", help="history, partners: the player's number.")
@click.option("--partner", help="history: only the games with this partner.")
@reading
def analyze(
    files: tuple[str, ...],
    as_json: bool,
    report: str | None,
    player: str | None,
    partner: str | None,
    source_format: str | None,
    verbose: bool,
    **options: Any,
) -> None:
    """Movement statistics: who meets whom, board groups, sharing, sit-outs, the Qf balance.

    Works on schedules (ASC) and on the movements in results files (one per section). With
    --report NAME (listed below): a report over files, folders or an export of `bridgeio
    export`, each one DuckDB query (README).
    """
    import json

    if report is not None:
        from bridgeio.cli.reports import show_report

        sys.exit(show_report(files, report, as_json, player=player, partner=partner))

    from bridgeio.analysis.movement import statistics
    from bridgeio.core import read_as
    from bridgeio.model.movement import movements
    from bridgeio.model.movement_checks import errors

    def one(name: str) -> int:
        with failures(name), collect() as found, opened(name, source_format) as source:
            parts = movements(read_as(source.path, source.format, **read_options(options)))
        show_problems(source.label, found.problems, verbose)
        if not parts:
            raise Failure(f"{source.label} holds no movement")
        status = status_of(found)
        for section, movement in parts:
            label = f"{source.label}{' section ' + section if section else ''}"
            try:
                report = statistics(movement)
            except ValueError as error:  # (pairs numbered 101-113 in a 13-table section, say)
                raise Failure(f"{label}: the movement cannot be analysed ({error})") from None
            problems = errors(movement)
            status = max(status, PROBLEMS if any(p.severity == "error" for p in problems) else OK)
            report["problems"] = [str(p) for p in problems]
            if as_json:
                click.echo(json.dumps({"file": source.label, "section": section or None, **report}))
            else:
                click.echo(_statistics_text(label, report))
        return status

    sys.exit(each(files, one))


def _statistics_text(label: str, report: dict[str, Any]) -> str:
    """A movement's statistics (``bridgeio.analysis.movement.statistics``) as lines for a
    person, headed by ``label``."""
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
