"""``validate`` for ASC schedules: the movement checks, each problem with its line, after what
the reader reported (a cut schedule: its whole rounds are checked, the cut is listed at its
line). A file that is no schedule at all (or whose header claims more than a schedule can
hold) is one problem at the place the reader's :class:`~bridgeio.errors.FormatError` names."""

from __future__ import annotations

from dataclasses import replace

from bridgeio.errors import FormatError, Problem, collect
from bridgeio.formats.asc.reader import read
from bridgeio.model.movement import AS_PLAYED, Movement
from bridgeio.model.movement_checks import errors


def check(path: str) -> list[Problem]:
    """Every problem of the schedule at ``path``, with the line of its round or header."""
    try:
        with collect() as found:
            movement = read(path)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return found.problems + _as_played(movement, errors(movement))


def _as_played(movement: Movement, problems: list[Problem]) -> list[Problem]:
    """A movement noted as the game's record (:data:`~bridgeio.model.movement.AS_PLAYED`,
    written from results whose pairs met a board group again) has each such meeting as a
    warning: it is what was played, not a design's error."""
    if AS_PLAYED not in movement.trailing:
        return problems
    return [
        replace(p, severity="warning", message=f"{p.message} (as the game's results record it)")
        if p.severity == "error" and p.message.endswith("a second time")
        else p
        for p in problems
    ]
