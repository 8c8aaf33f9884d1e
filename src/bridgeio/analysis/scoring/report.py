"""What a rescoring finds: each recorded figure that differs from its recomputation, what
could not be checked, the method found for each event, and counts of agreement.

The policy, for every kind of figure (board points, totals, percentages, ranks): each known
convention is tried and the one that reproduces most of the file's own figures is chosen and
said; it must reproduce the bulk of them (:func:`reproduces`), and then a figure that alone
disagrees is an error (a typo, a changed score). Where no known rule reproduces the bulk,
that is one warning naming the closest rule (:meth:`Rescoring.not_reproduced`), never a list
of errors, and ``bridgeio score`` writes nothing (:attr:`Rescoring.unfit`).

>>> Difference("event 1, board 2, pairs 3/4", "N-S matchpoints", 5.0, 4.5).problem.message
'N-S matchpoints 5 recorded, 4.5 by the rule'
>>> Method(Convention.EUROPEAN, 24, 1, "cut", factored=True).describe()
'European matchpoints, top 24, Neuberg, 1 decimal (cut)'
>>> reproduces(23, 24), reproduces(12, 20), reproduces(0, 0)
(True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.errors import Problem
from bridgeio.model.provenance import Provenance

ROUNDED = {"cut": "cut", "half even": "halves to even", "half away": "halves away from zero"}

BULK = 0.75
"""The share of a file's figures of one kind a rule must reproduce to be the file's rule."""


def reproduces(agreeing: int, compared: int) -> bool:
    """Whether a rule that reproduces ``agreeing`` of ``compared`` figures is the file's: at
    least three in four of them (nothing to compare: nothing against it)."""
    return agreeing >= BULK * compared


class Ghost(Provenance):
    """What a pair that plays on the boards with no entry in the standings is kept as: an
    entry of no figure, placed among the others by its points and counted neither for nor
    against a rule (a row not read, or left out: :data:`UNLISTED`)."""


GHOST = Ghost()
UNLISTED = (
    "plays on the boards and has no entry in the standings (a row not read, or left out): "
    "placed by its points, its total and place not checked"
)


class Described(Protocol):
    """A scoring method that says itself in words (:class:`Method`, an IMP event's rules)."""

    def describe(self) -> str:
        """The method in words, for a report."""
        ...


@dataclass
class Method:
    """How a file scores: convention, top, precision and rounding of board points, whether
    short travellers print unfactored points, and how totals are formed."""

    convention: Convention
    top: float
    decimals: int
    rounding: str
    short_unfactored: bool = False
    totals: str = ""
    factored: bool = False
    centred: bool = False  # the points less half the top: an average is 0 (Ruter's MP1)
    assigned_unfactored: bool = False  # a board with an assigned score scored on its own top
    ranks: str = ""
    percentages: str = ""  # where the file records percentages and no totals
    own_averages: bool = False  # averages plus and minus at the pair's own percentage
    short_boards: str = ""  # a short board's rule other than Neuberg (:mod:`.matchpoints`)

    def describe(self) -> str:
        """``ACBL matchpoints, top 12, Neuberg, 2 decimals``."""
        name = "ACBL" if self.convention is Convention.ACBL else "European"
        parts = [f"{name} matchpoints"]
        if self.centred:
            parts.append(f"centred on the average (top +{self.top / 2:g})")
        else:
            parts.append(f"top {self.top:g}")
        if self.short_boards:
            parts.append(f"a short board's {self.short_boards}")
        elif self.factored and not self.assigned_unfactored:
            parts.append("Neuberg")
        places = f"{self.decimals} decimal{'s' if self.decimals != 1 else ''}"
        if self.rounding != "half up":
            places += f" ({ROUNDED.get(self.rounding, self.rounding)})"
        parts.append(places)
        if self.own_averages:
            parts.append("averages plus and minus at the pair's own percentage (Law 12C2)")
        if self.assigned_unfactored:
            parts.append("boards short of results or with an assigned score on their own top")
        elif self.short_unfactored:
            parts.append("short travellers printed unfactored")
        if self.totals:
            parts.append(f"totals {self.totals}")
        elif self.percentages:
            parts.append(f"percentages from {self.percentages}")
        if self.ranks:
            parts.append(f"ranks {self.ranks}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Difference:
    """A recorded figure that differs from its recomputation."""

    place: str
    what: str  # "N-S matchpoints", "total", "percentage", "rank", ...
    recorded: object
    computed: object
    note: str = ""
    follows: bool = False  # moved only by a figure it is made from, reported already

    @property
    def blank(self) -> bool:
        """Whether the file leaves the figure blank (no error of the file: filled in)."""
        return self.recorded is None or self.recorded == "none"

    @property
    def problem(self) -> Problem:
        """The difference as an error of ``bridgeio validate``; a figure the file leaves
        blank is no error of it (``score`` fills it in by the rule): a warning.

        >>> found = Difference("event 1, board 2", "N-S matchpoints", "none", 4.5).problem
        >>> found.severity, found.message
        ('warning', 'N-S matchpoints none recorded, 4.5 by the rule')
        """
        note = f" ({self.note})" if self.note else ""
        return Problem(
            self.place,
            f"{self.what} {_text(self.recorded)} recorded, {_text(self.computed)} by the rule"
            f"{note}",
            "warning" if self.blank else "error",
        )


def _text(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


@dataclass
class Rescoring:
    """What :func:`rescore` found: the differences, what it could not check (each said
    once), the method of each event, and counts of agreement (agreeing, compared)."""

    differences: list[Difference] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    methods: dict[int, Described] = field(default_factory=dict)
    agreement: dict[str, list[int]] = field(
        default_factory=lambda: {k: [0, 0] for k in ("boards", "totals", "percentages", "ranks")}
    )
    unfit: list[str] = field(default_factory=list)  # figures no known rule reproduces
    unscored: list[str] = field(default_factory=list)  # events of a kind not scored here
    errors: list[Problem] = field(default_factory=list)  # findings that are no figure's
    filled: int = 0  # standings figures made where none was recorded (:mod:`.standings`)

    def not_reproduced(self, where: str, what: str, closest: str, agrees: int, of: int) -> None:
        """One warning for figures of a kind that no known rule reproduces (the closest rule
        named, with how many it reproduces); no error is reported for them, and ``score``
        writes nothing.

        >>> done = Rescoring()
        >>> done.not_reproduced("event 1", "totals", "the percentage", 12, 20)
        >>> done.unchecked
        ['event 1: totals not checked: no known rule reproduces them (closest: the \
percentage, 12 of 20 agree)']
        """
        text = (
            f"{where}: {what} not checked: no known rule reproduces them (closest: "
            f"{closest}, {agrees} of {of} agree)"
        )
        self.unchecked.append(text)
        self.unfit.append(text)

    def problems(self) -> list[Problem]:
        """Errors for the differences, one warning for each thing not checked, and one for
        the figures the file does not record (the rule's are no error of the file: ``score``
        fills them in)."""
        found = self.findings()
        missing = sum(d.blank for d in self.differences)
        notes = [Problem("results", text, "warning") for text in self.unchecked]
        if missing:
            text = (
                f"{missing:,} figure(s) the file leaves blank (points, totals or ranks): no "
                "error; bridgeio score fills them in by the rule"
            )
            notes.append(Problem("results", text, "warning"))
        return found + notes

    def findings(self) -> list[Problem]:
        """An error for each figure that differs on its own, and for the figures that
        differ only because one they are made from does (a changed score moves its board's
        points, which move totals, which move ranks) one warning an event, said at what
        they follow from (:func:`follows`)."""
        alone = [d for d in self.differences if not d.blank and not d.follows]
        moved = [d for d in self.differences if not d.blank and d.follows]
        return [d.problem for d in alone] + follows(alone, moved) + self.errors

    def count(self, what: str, agrees: bool) -> None:
        """Count one comparison of ``what``."""
        self.agreement[what][0] += int(bool(agrees))
        self.agreement[what][1] += 1


KINDS = {"total": "totals", "percentage": "percentages", "rank": "ranks"}


def follows(alone: list[Difference], moved: list[Difference]) -> list[Problem]:
    """One warning an event for the figures ``moved`` by the differences ``alone``, at the
    board (or entry) they follow from where there is one, else at the event.

    >>> board = Difference("event 1, board 2, pairs 3/4", "N-S matchpoints", 5.0, 4.5)
    >>> moved = [Difference(f"event 1, pair {n}", w, 1, 2, follows=True)
    ...          for n, w in ((3, "total"), (4, "total"), (3, "rank"))]
    >>> str(follows([board], moved)[0])
    'event 1, board 2: warning: 2 totals and 1 rank follow from it (bridgeio score rewrites them)'
    """
    events: dict[str, list[Difference]] = {}
    for difference in moved:
        events.setdefault(difference.place.split(",")[0], []).append(difference)
    found = []
    for event, figures in events.items():
        sources = list(dict.fromkeys(_source(d.place) for d in alone if _event(d) == event))
        counts: dict[str, int] = {}
        for difference in figures:
            kind = KINDS.get(difference.what) or difference.what.split(" in strat")[0] + "s"
            counts[kind] = counts.get(kind, 0) + 1
        said = [f"{n} {kind if n > 1 else kind[:-1]}" for kind, n in counts.items()]
        text = ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]
        verb = "follows" if len(figures) == 1 else "follow"
        if len(sources) == 1:
            place, cause = sources[0], "it"
        else:
            place, cause = event, f"the {len(sources)} places above" if sources else "rescoring"
        message = f"{text} {verb} from {cause} (bridgeio score rewrites them)"
        found.append(Problem(place, message, "warning"))
    return found


def _event(difference: Difference) -> str:
    return difference.place.split(",")[0]


def _source(place: str) -> str:
    """The board of a line's place (its pairs left out), or the place itself."""
    for line in (", pairs ", ", table "):  # (a pair's line, an individual's)
        place = place.split(line)[0]
    return place
