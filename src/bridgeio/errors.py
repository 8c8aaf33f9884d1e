"""The error and warning types every reader, writer and check uses (below every other module).

Three ways a problem reaches the user:

* :class:`FormatError`: the input cannot be read at all (exit status 2 on the command line).
* :class:`Problem` s, reported while reading with :func:`report` as a :class:`FormatWarning`
  (a damaged file read in part, an impossible date, a duplicate id) and listed by ``validate``.
  A problem of severity ``"error"`` means the data has problems (exit status 1).
* :class:`DataLossWarning`: a conversion could not carry something (tricks, seats, events,
  play, names) into the target format; the command line lists it on stderr and ``--strict``
  makes it an error.

And one way that is not the file's fault: :class:`InternalError`, a bug in bridgeio met while
working on a file (exit status 70 on the command line), which says it is one.

Both warnings are ordinary Python warnings, so a library user sees them too and can turn them
into exceptions with :mod:`warnings` filters; :func:`collect` gathers them for a caller.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


class FormatError(ValueError):
    """A file is not what it claims to be: names the file, the place and what was expected.

    >>> e = FormatError("bad.zrd", "record 3 at byte 69", "23 bytes, found 5")
    >>> str(e)
    'bad.zrd: record 3 at byte 69: expected 23 bytes, found 5'
    """

    def __init__(self, file: str | os.PathLike[str] | None, place: str, expected: str) -> None:
        self.file = os.fspath(file) if file is not None else "<data>"
        self.place = place
        self.expected = expected
        self.problems: list[Problem] = []  # what validate found before the file was refused
        super().__init__(f"{self.file}: {place}: expected {expected}")


class InternalError(Exception):
    """A bug in bridgeio met while working on a file: not a fault of the file, and so never a
    :class:`FormatError` (nor a ``ValueError``). The exception bridgeio's code raised is its
    ``__cause__``, and the message says where it was raised, for a bug report.

    >>> try:
    ...     [][1]
    ... except IndexError as bug:
    ...     error = InternalError("game.pbn", "reading", bug)
    >>> print(error)  # doctest: +ELLIPSIS
    internal error in bridgeio ... reading game.pbn: please report it (IndexError: list index
    out of range, at <doctest ...>:2; --debug or BRIDGEIO_DEBUG=1 shows the traceback)
    """

    def __init__(
        self, file: str | os.PathLike[str] | None, doing: str, error: BaseException
    ) -> None:
        from bridgeio import __version__

        self.file = os.fspath(file) if file is not None else None
        self.doing, self.error = doing, error
        what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        where = raised_at(error)
        about = f" {doing} {self.file}" if self.file is not None else ""
        super().__init__(
            f"internal error in bridgeio {__version__}{about}: please report it "
            f"({what}{f', at {where}' if where else ''}; "
            "--debug or BRIDGEIO_DEBUG=1 shows the traceback)"
        )
        self.__cause__ = error


def raised_at(error: BaseException) -> str:
    """Where ``error`` was raised: the innermost frame in bridgeio's own code (else the
    innermost of all), as ``formats/pbn/reader.py:120``; empty when it has no traceback."""
    import traceback

    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if f"{os.sep}bridgeio{os.sep}" in f.filename] or frames
    if not ours:
        return ""
    last = ours[-1]
    return f"{last.filename.rsplit(f'{os.sep}bridgeio{os.sep}', 1)[-1]}:{last.lineno}"


class OptionError(ValueError):
    """An option given to a reader or writer that it cannot take (a code page Python does not
    know): the caller's mistake, neither the file's fault nor a bug.

    >>> str(OptionError("codepage", "unknown code page 'x'"))
    "--codepage: unknown code page 'x'"
    """

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        super().__init__(f"--{option.replace('_', '-')}: {message}")


class ConversionError(ValueError):
    """The source holds too little for the target format (for example a ZRD from deals alone).

    >>> str(ConversionError("zrd", "double-dummy tricks", "zbd"))
    'cannot write zrd: it needs double-dummy tricks, which the zbd source does not hold'
    """

    def __init__(self, target: str, missing: str, source: str | None = None) -> None:
        self.target = target
        self.missing = missing
        where = f"the {source} source" if source else "the source"
        super().__init__(f"cannot write {target}: it needs {missing}, which {where} does not hold")


@dataclass(frozen=True)
class Problem:
    """One finding about a file: where, what, and whether it is an error or only a warning.

    ``kind`` groups findings of one sort for a short listing (by default the message with
    its numbers taken out); ``file`` is filled in by whoever knows it.

    >>> p = Problem("line 12", "HAND is not in USEBIO 1.4", "warning")
    >>> str(p), p.kind
    ('line 12: warning: HAND is not in USEBIO 1.4', 'HAND is not in USEBIO #')
    """

    place: str
    message: str
    severity: Severity = "error"
    file: str | None = field(default=None, compare=False)
    kind: str = ""

    def __post_init__(self) -> None:
        if not self.kind:
            object.__setattr__(self, "kind", re.sub(r"\d+(\.\d+)?", "#", self.message))

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"

    @property
    def sort_key(self) -> tuple[object, ...]:
        """Places in reading order: numbers compared as numbers ("line 9" before "line 10")."""
        return tuple(
            (0, int(part), "") if part.isdigit() else (1, 0, part)
            for part in re.split(r"(\d+)", self.place)
            if part
        )


UNREAD = ("not read", "ignored")
"""How a warning that a part of a file (a row, a line, a tag) could not be read ends: the
file is read without it (``bridgeio validate`` exits 1 for it; see :func:`unread`)."""


def unread(problem: Problem) -> bool:
    """Whether ``problem`` says that a part of the file was not read (its message ends
    with one of :data:`UNREAD`): nothing of that part counts for or against any check.

    >>> unread(Problem("line 65", "a TotalScoreTable row (a number, found 'x3'): row not read",
    ...                "warning"))
    True
    >>> unread(Problem("line 3", "the Date tag is not YYYY.MM.DD", "warning"))
    False
    """
    return problem.message.endswith(UNREAD)


class FormatWarning(UserWarning):
    """A :class:`Problem` found while reading a file that could still be read."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(f"{problem.file or '<data>'}: {problem}")
        self.problem = problem


class DataLossWarning(UserWarning):
    """A conversion left something out that the target format cannot hold.

    >>> str(DataLossWarning("zbd", "the play of 12 games", "pbn"))
    'zbd cannot hold the play of 12 games of the pbn source: left out'
    """

    def __init__(self, target: str, what: str, source: str | None = None) -> None:
        of = f" of the {source} source" if source else ""
        super().__init__(f"{target} cannot hold {what}{of}: left out")
        self.target, self.what, self.source = target, what, source


def report(
    file: str | os.PathLike[str] | None,
    place: str,
    message: str,
    severity: Severity = "error",
    kind: str = "",
) -> Problem:
    """Report a problem found while reading (as a :class:`FormatWarning`) and return it.

    >>> with collect() as found:
    ...     _ = report("x.pbn", "line 3", "a Deal tag runs over the line end", "warning")
    >>> [str(p) for p in found.problems]
    ['line 3: warning: a Deal tag runs over the line end']
    """
    problem = Problem(place, message, severity, os.fspath(file) if file is not None else None, kind)
    warnings.warn(FormatWarning(problem), stacklevel=2)
    return problem


def lost(target: str, what: str, source: str | None = None) -> None:
    """Say that a conversion to ``target`` left ``what`` out (a :class:`DataLossWarning`)."""
    warnings.warn(DataLossWarning(target, what, source), stacklevel=2)


@dataclass
class Findings:
    """What :func:`collect` gathered: problems found while reading, and data lost."""

    problems: list[Problem] = field(default_factory=list)
    losses: list[DataLossWarning] = field(default_factory=list)

    @property
    def worst(self) -> Severity | None:
        """``"error"`` if any problem is an error, else ``"warning"`` if any, else None."""
        if any(p.severity == "error" for p in self.problems):
            return "error"
        return "warning" if self.problems else None


@contextmanager
def collect(strict: bool = False) -> Iterator[Findings]:
    """Gather the format warnings and data losses raised inside the block (none are shown).

    With ``strict`` a data loss raises :class:`DataLossWarning` as an exception instead.
    """
    found = Findings()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", FormatWarning)
        warnings.simplefilter("error" if strict else "always", DataLossWarning)
        try:
            yield found
        finally:
            for item in caught:
                if isinstance(item.message, FormatWarning):
                    found.problems.append(item.message.problem)
                elif isinstance(item.message, DataLossWarning):
                    found.losses.append(item.message)
                else:  # not ours: show it as Python would have
                    warnings.showwarning(
                        item.message, item.category, item.filename, item.lineno, item.file
                    )
