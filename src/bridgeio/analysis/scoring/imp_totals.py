"""An IMP pairs event's entries: each one's total from its board figures, and its place.

How programs make a total, as found in real files (each is tried on a file, and the one its own
totals fit is chosen, :func:`.imp_events.detect_imp_rules`):

- the sum of the board figures as printed (Compscore's Butler totals), or of the unrounded
  figures rounded once at the end (Pianola's and Compscore's cross-IMP totals: pair 1 of the
  Pianola file records -8.86, its printed boards add up to -8.84 and the unrounded ones to
  -8.857); USEBIO 1.4's TOTAL_SCORE is "the sum of the cross-IMP scores for each board";
- that sum, printed, scaled to the boards of a full session for a pair that played fewer
  (Pianola: a pair that sat out 8 of 24 boards has its sum times 24/16);
- the mean per board played (Ruter's TotalScoreIMP in its Butler files).

A pair counts every board it played, N-S or E-W (:class:`.imp_lines.ImpLines` finds its
lines by number). Totals are compared at the decimals the file prints them with: a recorded
total agrees when it is within half its last digit of the rule's figure, however the program
rounds a half. Ranks: equal totals share the best place (the next place counts every entry
above it), an entry that played no board comes after all that did (Ruter).

>>> round_half_away(np.asarray([-8.857, 2.5, 0.125, -0.125]), [2, 0, 2, 2]).tolist()
[-8.86, 3.0, 0.13, -0.13]
"""

from __future__ import annotations

from collections import defaultdict
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.imp_lines import Floats, ImpLines, Ints
from bridgeio.model.results import Entry

Bools = npt.NDArray[np.bool_]
EPS = 1e-9


class Total(StrEnum):
    """How an entry's board figures make its total."""

    SUM = "sum"  # USEBIO TOTAL_SCORE, Compscore, Pianola
    SCALED = "scaled"  # the sum scaled to a full session's boards (Pianola's sitters)
    PER_BOARD = "per-board"  # the mean per board played (Ruter's TotalScoreIMP)

    def describe(self, exact: bool, decimals: int) -> str:
        """The rule in words (``exact``: from the unrounded board figures, rounded once to
        ``decimals``).

        >>> Total.SUM.describe(True, 2), Total.PER_BOARD.describe(False, 2)
        ('summed from the unrounded boards, rounded to 2 decimals', 'per board played')
        """
        how = {
            Total.SUM: "summed",
            Total.SCALED: "summed and scaled to a full session",
            Total.PER_BOARD: "per board played",
        }[self]
        if exact:
            how += f" from the unrounded boards, rounded to {decimals} decimal"
            how += "s" if decimals != 1 else ""
        return how


class RankScope(StrEnum):
    """Which entries are ranked together."""

    EVENT = "event"  # every entry of the event (Ruter, a Howell)
    DIRECTION = "direction"  # each section's N-S and E-W apart (Mitchell)
    SECTION = "section"  # each section apart

    @property
    def words(self) -> str:
        """The scope in words, for a report."""
        return {
            RankScope.EVENT: "across the event",
            RankScope.DIRECTION: "by direction",
            RankScope.SECTION: "by section",
        }[self]


def round_half_away(values: npt.ArrayLike, decimals: npt.ArrayLike) -> Floats:
    """``values`` rounded to ``decimals``, halves away from zero (as a result list prints
    them; a half is found exactly up to float noise)."""
    scale = 10.0 ** np.asarray(decimals, dtype=np.float64)
    array = np.asarray(values, dtype=np.float64)
    return np.asarray(np.sign(array) * np.floor(np.abs(array) * scale + 0.5 + EPS) / scale)


def half_unit(decimals: int) -> float:
    """Half the last printed digit of a figure with ``decimals`` decimals.

    >>> half_unit(2), half_unit(0)
    (0.005, 0.5)
    """
    return 0.5 * 10.0**-decimals


def agree(recorded: npt.ArrayLike, computed: npt.ArrayLike, decimals: int) -> Bools:
    """Recorded figures that a rule's figure, printed with ``decimals`` decimals, gives
    (NaN on either side: no agreement).

    >>> agree([-8.86, -8.84, 1.0], [-8.857, -8.857, np.nan], 2).tolist()
    [True, False, False]
    """
    recorded = np.asarray(recorded, dtype=np.float64)
    computed = np.asarray(computed, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        return np.asarray(np.abs(recorded - computed) <= half_unit(decimals) + 1e-7)


def decimals_of(values: npt.ArrayLike, most: int = 4) -> int:
    """The fewest decimals that print every one of ``values`` (NaN left out; ``most``
    at most).

    >>> decimals_of([454, -13]), decimals_of([-8.86, 18.0]), decimals_of([1.5, np.nan])
    (0, 2, 1)
    """
    array = np.asarray(values, dtype=np.float64)
    array = array[~np.isnan(array)]
    for places in range(most):
        if np.all(np.abs(np.round(array, places) - array) < 1e-6):
            return places
    return most


def tallies(lines: ImpLines, ns: Floats, ew: Floats) -> tuple[Floats, Ints]:
    """Each entry's sum of the lines' figures ``ns``/``ew`` (a line without one counts with
    its recorded figure) and its boards played."""
    size = len(lines.entries) + 1
    won: Floats = np.zeros(size)
    boards: Ints = np.zeros(size, dtype=np.int64)
    for computed, recorded, entry in (
        (ns, lines.ns_recorded, lines.ns_entry),
        (ew, lines.ew_recorded, lines.ew_entry),
    ):
        value = np.where(np.isnan(computed), recorded, computed)
        counted = ~np.isnan(value)
        won += np.bincount(entry[counted], value[counted], minlength=size)
        boards += np.bincount(entry[counted], minlength=size)
    return won[:-1], boards[:-1]


def totals(lines: ImpLines, sums: Floats, boards: Ints, total: Total, decimals: int) -> Floats:
    """Each entry's total by ``total`` from its sum and boards played: a sum scaled to a full
    session (the most boards an entry of its event played) is the sum as printed
    (``decimals``) scaled, as Pianola's are (its pair 2: -1.2857 over 16 boards of 24 is
    -1.29 scaled, -1.935, printed -1.94)."""
    if total is Total.SUM:
        return sums
    if total is Total.PER_BOARD:
        return np.divide(sums, boards, out=np.zeros_like(sums), where=boards > 0)
    events = np.asarray([event.number for event, _, _ in lines.entries], dtype=np.int64)
    full = np.zeros_like(sums)
    for number in np.unique(events).tolist():
        mine = events == number
        full[mine] = boards[mine].max(initial=0)
    printed = round_half_away(sums, decimals)
    return np.divide(printed * full, boards, out=np.zeros_like(sums), where=boards > 0)


def places(lines: ImpLines, scope: RankScope, values: Floats, boards: Ints, decimals: int) -> Ints:
    """Each entry's place and the last place of its tie, as rows (0 where it records no
    rank): ranked by the totals as printed (``decimals``) within ``scope``."""
    found = np.zeros((len(lines.entries), 2), dtype=np.int64)
    printed = round_half_away(values, decimals)
    for members in _groups(lines, scope):
        low, high = ranks(printed[members], boards[members] == 0)
        found[members, 0], found[members, 1] = low, high
    return found


def _groups(lines: ImpLines, scope: RankScope) -> list[list[int]]:
    """The entries with a rank, in the groups ``scope`` ranks together (kept with the lines)."""
    if scope not in lines.groups:
        groups: dict[object, list[int]] = defaultdict(list)
        for i, (event, section, entry) in enumerate(lines.entries):
            if entry.rank is not None:
                groups[_group(scope, event.number, section.name, entry)].append(i)
        lines.groups[scope] = list(groups.values())
    return lines.groups[scope]


def _group(scope: RankScope, event: int, section: str, entry: Entry) -> tuple[object, ...]:
    if scope is RankScope.EVENT:
        return (event,)
    if scope is RankScope.SECTION:
        return (event, section)
    return (event, section, entry.direction)


def ranks(
    values: npt.ArrayLike, absent: npt.ArrayLike | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each total's place, higher first, as the low and high ends of its tie (equal at a
    place of its own); ``absent`` entries (no board played) come after all the others.

    >>> low, high = ranks([2.93, 1.79, 1.79, -0.5, 0.0], absent=[0, 0, 0, 0, 1])
    >>> low.tolist(), high.tolist()
    ([1, 2, 2, 4, 5], [1, 3, 3, 4, 5])
    """
    array = np.asarray(values, dtype=np.float64)
    if absent is not None:  # below every total played, tied among themselves
        array = np.where(np.asarray(absent, dtype=bool), -np.inf, array)
    ordered = np.sort(-array)
    low = np.searchsorted(ordered, -array, side="left") + 1
    high = np.searchsorted(ordered, -array, side="right")
    return low.astype(np.int64), high.astype(np.int64)


def tie_text(low: int, high: int) -> str:
    """``3`` or ``3-4`` for a place shared."""
    return f"{low}-{high}" if high > low else str(low)
