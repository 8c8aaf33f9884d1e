"""The problems one read of a USEBIO file finds: each with a stable ``kind`` (what sort of
problem, so that a listing can group them) and a place with its line number.

A kind found again and again (an unknown element on every traveller line) is listed for its
first :data:`SHOWN` places and then counted, so that a damaged big file cannot fill memory or
time with problems.

>>> found = Problems("x.xml", report=False)
>>> for line in range(1, 205):
...     found.add(f"line {line}", "SCORE 'x' is no score", kind="score")
>>> problems = found.finish()
>>> len(problems), problems[-1].message
(101, 'and 104 more problems of this kind (score)')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from bridgeio.errors import Problem, Severity, report
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.values import Unreadable

T = TypeVar("T")

SHOWN = 100
"""Problems listed of each kind; the rest are counted."""


class Problems:
    """Problems found while reading ``path``; with ``report`` each is also reported as a
    :class:`~bridgeio.errors.FormatWarning` as it is found (what ``read`` does; ``check``
    returns them instead)."""

    def __init__(self, path: str, report: bool = True) -> None:
        self.path = path
        self.report = report
        self.found: list[Problem] = []
        self.counts: Counter[str] = Counter()
        self.last: dict[str, tuple[str, Severity]] = {}

    def add(self, place: str, message: str, severity: Severity = "error", kind: str = "") -> None:
        """Note a problem at ``place`` (``line 12 <SCORE>``)."""
        kind = kind or message
        self.counts[kind] += 1
        if self.counts[kind] > SHOWN:
            self.last[kind] = (place, severity)
        else:
            self._note(place, message, severity, kind)

    def finish(self) -> list[Problem]:
        """Every problem noted, with one more a kind for those only counted (at the last
        place of that kind)."""
        for kind, (where, severity) in self.last.items():
            more = self.counts[kind] - SHOWN
            self._note(where, f"and {more} more problems of this kind ({kind})", severity, kind)
        self.last = {}
        return self.found

    def _note(self, place: str, message: str, severity: Severity, kind: str) -> None:
        if self.report:
            self.found.append(report(self.path, place, message, severity, kind))
        else:
            self.found.append(Problem(place, message, severity, self.path, kind))


class Fields:
    """Reads the texts of one element's children into values: a text that is not what its
    element holds is a problem at that child (its line and path), and is kept as written in
    ``kept`` (tag, text) for the writer."""

    def __init__(
        self,
        problems: Problems,
        element: Element,
        kept: list[tuple[str, str]],
        located: Callable[[str], str] | None = None,
    ) -> None:
        self.problems, self.element, self.kept = problems, element, kept
        self.located = located  # where a child is, for an element that stands in for its text

    def value(self, tag: str, text: str | None, convert: Callable[[str], T], empty: T) -> T:
        """``convert(text)``; ``empty`` for no text, or (reported) for one it refuses."""
        if text is None or not text.strip():
            return empty
        try:
            return convert(text)
        except Unreadable as error:
            self.fail(tag, text, error.expected)
            return empty

    def keep(self, tag: str, text: str) -> None:
        """Keep a text the model has no field for, as written."""
        self.kept.append((tag, text))

    def fail(self, tag: str, text: str, expected: str) -> None:
        """Report an unreadable text at its element, and keep it."""
        self.kept.append((tag, text))
        if self.located is not None:
            where = self.located(tag)
        else:
            child = next(self.element.iterchildren(tag), None)
            where = place(child) if child is not None else f"{place(self.element)}/{tag}"
        self.problems.add(where, f"{tag} {text!r}: expected {expected}", kind=f"unreadable {tag}")
