"""Exit statuses: what ends the work on one file (a :class:`Failure`) and the worst of many.

0 success, 1 the data has problems, 2 the input could not be read or the command was wrong,
70 a bug in bridgeio (an :class:`~bridgeio.errors.InternalError`; 70 is ``EX_SOFTWARE`` of
BSD's sysexits.h, "an internal software error"), never blamed on the file.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from bridgeio.errors import (
    ConversionError,
    DataLossWarning,
    Findings,
    FormatError,
    InternalError,
)
from bridgeio.files import STDIO, OutputRefused

OK, PROBLEMS, FAILED, INTERNAL = 0, 1, 2, 70

_BUGS = (
    LookupError,
    TypeError,
    AttributeError,
    ArithmeticError,
    AssertionError,
    UnicodeError,
    struct.error,
)
"""Exceptions that only a bug raises out of a command's work on a file (a ``ValueError`` may
be a command's own message, such as an extension no format has)."""

_debug = False


def set_debug(wanted: bool) -> None:
    """``bridgeio --debug``: show the traceback of a bug (as ``BRIDGEIO_DEBUG=1`` does)."""
    global _debug
    _debug = wanted


def debugging() -> bool:
    """Whether a bug's traceback is shown: ``--debug``, or ``BRIDGEIO_DEBUG`` set (not 0)."""
    return _debug or os.environ.get("BRIDGEIO_DEBUG", "") not in ("", "0")


def bug(error: BaseException, file: str | None = None, doing: str = "reading") -> Failure:
    """The Failure that reports a bug in bridgeio (exit status 70), its traceback printed on
    stderr first when :func:`debugging`.

    >>> try:
    ...     {}["x"]
    ... except KeyError as error:
    ...     failure = bug(error, "game.xml")
    >>> failure.status, str(failure).startswith("internal error in bridgeio")
    (70, True)
    """
    internal = error if isinstance(error, InternalError) else InternalError(file, doing, error)
    if debugging():
        import traceback

        shown = internal.error
        traceback.print_exception(type(shown), shown, shown.__traceback__, file=sys.stderr)
    return Failure(str(internal), INTERNAL)


class Failure(Exception):
    """Ends the work on one file (or the command) with a message and an exit status."""

    def __init__(self, message: str, status: int = FAILED) -> None:
        super().__init__(message)
        self.status = status


def status_of(findings: Findings) -> int:
    """The exit status for ``findings``: PROBLEMS if any problem is an error, else OK.

    >>> from bridgeio.errors import Problem
    >>> status_of(Findings([Problem("line 3", "bad date", "warning")]))
    0
    >>> status_of(Findings([Problem("line 3", "bad date", "error")]))
    1
    """
    return PROBLEMS if findings.worst == "error" else OK


@contextmanager
def failures(name: str) -> Iterator[None]:
    """Turn what can go wrong with one file into a Failure with a message naming it."""
    label = "<stdin>" if name == STDIO else name
    try:
        yield
    except Failure:
        raise
    except InternalError as error:
        raise bug(error) from None
    except FormatError as error:
        raise Failure(str(error)) from None
    except ConversionError as error:  # it names the formats: say which file, too
        raise Failure(f"{label}: {error}") from None
    except OutputRefused as error:
        raise Failure(str(error)) from None
    except DataLossWarning as loss:
        raise Failure(f"{label}: {loss} (--strict: nothing written)") from None
    except _BUGS as error:  # Python's own errors: a bug met on this file, never its fault
        raise bug(error, label, "working on") from None
    except (ValueError, FileExistsError) as error:
        raise Failure(f"{label}: {error}") from None
    except BrokenPipeError:
        raise
    except OSError as error:
        where = error.filename or label
        raise Failure(f"{where}: {error.strerror or error}") from None


def each(names: tuple[str, ...], work: Callable[[str], int]) -> int:
    """Run ``work`` on every file, report each failure, return the worst status.

    >>> def work(name: str) -> int:
    ...     if name == "b":
    ...         raise Failure("b: cannot be read")
    ...     return OK
    >>> each(("a", "b", "c"), work)
    2
    """
    worst = OK
    for name in names:
        try:
            status = work(name)
        except Failure as failure:
            click.echo(f"bridgeio: {failure}", err=True)
            status = failure.status
        worst = max(worst, status)
    return worst
