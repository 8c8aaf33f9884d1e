"""``validate`` for ASC schedules: the movement checks, with line numbers."""

from __future__ import annotations

from bridgeio.analysis.movement import errors
from bridgeio.errors import FormatError
from bridgeio.formats.asc.reader import read
from bridgeio.registry import Problem


def check(path: str) -> list[Problem]:
    try:
        movement = read(path)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return errors(movement)
