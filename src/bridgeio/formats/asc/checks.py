"""``validate`` for ASC schedules: the movement checks, each problem with its line, after what
the reader reported (a cut schedule: its whole rounds are checked, the cut is listed at its
line). A file that is no schedule at all (or whose header claims more than a schedule can
hold) is one problem at the place the reader's :class:`~bridgeio.errors.FormatError` names."""

from __future__ import annotations

from bridgeio.errors import FormatError, Problem, collect
from bridgeio.formats.asc.reader import read
from bridgeio.model.movement_checks import errors


def check(path: str) -> list[Problem]:
    """Every problem of the schedule at ``path``, with the line of its round or header."""
    try:
        with collect() as found:
            movement = read(path)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return found.problems + errors(movement)
