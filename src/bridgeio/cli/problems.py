"""Problems and data losses of one file, listed on stderr (or where a command says)."""

from __future__ import annotations

from collections.abc import Callable

import click

from bridgeio.errors import Findings, Problem


def _err(message: str) -> None:
    click.echo(message, err=True)


def show_problems(
    label: str, problems: list[Problem], verbose: bool, echo: Callable[[str], None] = _err
) -> None:
    """Problems sorted by place; one line a kind with a count and the first places unless
    ``verbose``.

    >>> found = [Problem(f"line {n}", f"board {n} is blank", "warning") for n in (9, 4, 7)]
    >>> show_problems("f.pbn", found, False, print)
    f.pbn: line 4: warning: board 4 is blank (and 2 more like it: line 7, line 9;
    --verbose lists them all)
    """
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
