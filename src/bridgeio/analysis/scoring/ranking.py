"""Each entry's rank, found by the rule the file ranks by.

A rank is a place by total (by percentage where a file records no total; equal totals at
the file's two decimals share the best place, and a recorded rank anywhere in a tie's places
agrees). Where the entries compete is the file's rule, found from its ranks: in a direction
across the sections scored together (a Howell's pairs are one field), in a direction within
each section (ACBLscore ranks combined sections apart when they are not "ranked together":
CFIG2, reference/acblscore-game-files-decoded.txt section 2.1), across the whole field (Ruter
ranks a Mitchell's two directions together), or within each section. ACBLscore places a
pair that is not eligible for the event (NE, the entry's eligibility status, 0x0033 of the
pair structure: a fill-in over the event's masterpoint limit) after the eligible ones; that
variant is tried where such a pair plays.

ACBLscore also records each entry's places in every strat (the Ranking Structure of the
document: the rank in the strat among the entries eligible for it, ties split, where the
entry's section ranks; and the overall places, ties shared, where an overall award was won).
The overall places are across every section of the event and both directions, by the final
score (the session's with what was carried over from earlier sessions), among the eligible
entries of the strat: checked so on all 49 corpus games (635 places, their decoding by Kidd's
ACBLgamedump in the corpus' expected/ folder). Each kind is checked by the same search: the
rule that reproduces the bulk of them, or one warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.boards import Pool
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.factoring import Floats
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring, reproduces
from bridgeio.model.results import Direction, Entry, Event, Section

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Rows = list[tuple[Section, Entry]]


@dataclass(frozen=True)
class Field:
    """Where entries compete for a place: a key per row (rows with one key are ranked
    together)."""

    name: str
    key: Callable[[int, Section, Entry], tuple[object, ...]]


def _direction(entry: Entry) -> int:
    return 0 if entry.direction is None else 1 + (entry.direction is Direction.EW)


FIELDS = [
    Field("in a direction across the sections scored together", lambda k, s, e: (_direction(e),)),
    Field("in a direction within each section", lambda k, s, e: (id(s), _direction(e))),
    Field("across the field", lambda k, s, e: ()),
    Field("within each section", lambda k, s, e: (id(s),)),
]


def places(
    values: Floats, groups: Ints, after: Bools | None = None, decimals: int = 2, up: bool = True
) -> tuple[Ints, Ints]:
    """Each row's place among the rows of its group, higher values first, as the low and
    high ends of its tie (values compared at ``decimals``, halves rounded up, or down where
    not ``up``); rows ``after`` placed below every other row of their group.

    >>> low, high = places(np.array([3.0, 5.0, 3.0, 1.0]), np.array([0, 0, 0, 1]))
    >>> low.tolist(), high.tolist()
    ([2, 1, 2, 1], [3, 1, 3, 1])
    """
    half = 0.5 + 1e-6 if up else 0.5 - 1e-6
    stored = np.floor(values * 10.0**decimals + half)
    if after is not None:
        stored = np.where(after, stored - 1e12, stored)
    same = groups[:, None] == groups[None, :]
    low = (same & (stored[None, :] > stored[:, None])).sum(axis=1) + 1
    high = (same & (stored[None, :] >= stored[:, None])).sum(axis=1)
    return low.astype(np.int64), high.astype(np.int64)


def _groups(rows: Rows, field: Field) -> Ints:
    keys: dict[tuple[object, ...], int] = {}
    return np.array(
        [keys.setdefault(field.key(k, s, e), len(keys)) for k, (s, e) in enumerate(rows)],
        dtype=np.int64,
    )


def not_eligible(rows: Rows) -> Bools:
    """Rows the file marks not eligible (NE: ACBLscore ranks them after the eligible ones),
    where its kept record says (ACBLscore's eligibility status, non-zero for a fill-in)."""
    return np.array([bool(getattr(e.kept, "eligibility", 0)) for _, e in rows], dtype=bool)


@dataclass
class Rule:
    """A ranking rule tried on a file: where entries compete, NE pairs after or not, and the
    decimals totals are compared at for ties (NZ Scorer ties percentages equal to one
    decimal)."""

    field: Field
    after: Bools | None
    decimals: int = 2

    def describe(self) -> str:
        """The rule in words."""
        tail = ", pairs not eligible placed after" if self.after is not None else ""
        if self.decimals != 2:
            tail += f", ties at {self.decimals} decimal{'s' if self.decimals != 1 else ''}"
        return f"places by total {self.field.name}{tail}"


def rules(rows: Rows) -> list[Rule]:
    """Every ranking rule to try (the NE variant only where such a pair plays)."""
    ne = not_eligible(rows)
    found = [Rule(f, None) for f in FIELDS]
    if ne.any():
        found += [Rule(f, ne) for f in FIELDS]
    return found + [Rule(r.field, r.after, 1) for r in found]


def check_ranks(
    pool: Pool, rows: Rows, values: Floats, method: Method, apply: bool, done: Rescoring
) -> None:
    """Each entry's recorded rank against its place by the rule most ranks follow (see the
    module), then ACBLscore's strat and overall places."""
    ranks = np.array([np.nan if e.rank is None else e.rank for _, e in rows], dtype=np.float64)
    given = ~np.isnan(ranks) & ~np.isnan(values)
    values = np.nan_to_num(values, nan=-np.inf)
    if given.any():
        tried = []
        for rule in rules(rows):
            groups = _groups(rows, rule.field)
            low, high = places(values, groups, rule.after, rule.decimals)
            agrees = (low <= ranks) & (ranks <= high)
            if rule.decimals < 2:  # a total printed at a half was rounded either way
                other = places(values, groups, rule.after, rule.decimals, up=False)
                agrees |= (other[0] <= ranks) & (ranks <= other[1])
            tried.append((int((agrees & given).sum()), rule, low, high, agrees))
        count, rule, low, high, agrees = max(tried, key=lambda t: t[0])  # ties: the first
        found = int(given.sum())
        done.agreement["ranks"][0] += count
        done.agreement["ranks"][1] += found
        if not reproduces(count, found):
            done.not_reproduced(
                f"event {pool.event.number}", "ranks", rule.describe(), count, found
            )
        else:
            method.ranks = rule.describe()
            _differences(pool, rows, given & ~agrees, low, high, apply, done)
        field = rule.field
    else:
        field = FIELDS[0]
    strat_ranks(pool, rows, values, field, done)


def final_score(entry: Entry) -> float:
    """The entry's score over every session: its session score and what was carried over
    (ACBLscore's kept carry-over; 0 elsewhere)."""
    carried = getattr(entry.kept, "carryover", 0.0)
    score = entry.score if entry.score is not None else -np.inf
    return score + (float(carried) if isinstance(carried, int | float) else 0.0)


def overall_ranks(event: Event, done: Rescoring) -> None:
    """ACBLscore's overall places in each strat, where recorded: across every section of
    the event and both directions, by final score, among the eligible entries of the strat,
    ties shared (see the module)."""
    rows = [(s, e) for s in event.sections for e in s.entries if e.ranks]
    if not rows or not any(r.overall_low for _, e in rows for r in e.ranks):
        return
    values = np.array([final_score(e) for _, e in rows], dtype=np.float64)
    ne = not_eligible(rows)
    strat = np.array([e.strat or 1 for _, e in rows], dtype=np.int64)
    found: list[Check] = []
    for k in range(max(len(e.ranks) for _, e in rows)):
        inside = (strat >= k + 1) & ~ne
        low, high = places(values, np.where(inside, 0, -1))
        for r, (_, entry) in enumerate(rows):
            got = entry.ranks[k] if k < len(entry.ranks) else None
            if got is None or not got.overall_low:
                continue
            ok = bool(inside[r]) and got.overall_low == low[r] and got.overall_high in (0, high[r])
            found.append(Check(r, k, got.overall_low, ok, int(low[r]), int(high[r])))
    _verdict(event, rows, {"overall": found}, done)


def _differences(
    pool: Pool,
    rows: Rows,
    wrong: Bools,
    low: Ints,
    high: Ints,
    apply: bool,
    done: Rescoring,
) -> None:
    for k in np.flatnonzero(wrong).tolist():
        section, entry = rows[k]
        place = entry_place(pool.event.number, section.name, entry)
        tie = f"{low[k]}-{high[k]}" if high[k] > low[k] else int(low[k])
        done.differences.append(Difference(place, "rank", entry.rank, tie))
        if apply:
            entry.rank, entry.tied = int(low[k]), bool(high[k] > low[k])


def strat_ranks(pool: Pool, rows: Rows, values: Floats, field: Field, done: Rescoring) -> None:
    """ACBLscore's rank in each strat, where recorded: among the entries eligible for the
    strat, where ``field`` ranks them, NE pairs after, ties split (a rank anywhere in the
    tie agrees; see the module)."""
    depth = max((len(e.ranks) for _, e in rows), default=0)
    if depth == 0:
        return
    ne = not_eligible(rows)
    strat = np.array([e.strat or 1 for _, e in rows], dtype=np.int64)
    groups = _groups(rows, field)
    found: list[Check] = []
    for k in range(depth):
        inside = strat >= k + 1
        low, high = places(values, np.where(inside, groups, -1 - groups), ne)
        for r, (_, entry) in enumerate(rows):
            got = entry.ranks[k] if k < len(entry.ranks) else None
            if got is None or not got.rank or not inside[r]:
                continue
            ok = bool(low[r] <= got.rank <= high[r])
            found.append(Check(r, k, got.rank, ok, int(low[r]), int(high[r])))
    _verdict(pool.event, rows, {"strat": found}, done)


NAMES = {
    "strat": ("strat ranks", "places by total in each strat among its eligible entries"),
    "overall": ("overall ranks", "overall places within strats across sections, ties shared"),
}


@dataclass(frozen=True)
class Check:
    """One recorded strat place (row, strat) against the places the rule gives."""

    row: int
    strat: int
    recorded: int
    ok: bool
    low: int
    high: int


def _verdict(event: Event, rows: Rows, checks: dict[str, list[Check]], done: Rescoring) -> None:
    """Each kind of strat place: reproduced (a place alone against it is an error) or one
    warning."""
    for kind, found in checks.items():
        if not found:
            continue
        what, rule = NAMES[kind]
        agreeing = sum(c.ok for c in found)
        done.agreement["ranks"][0] += agreeing
        done.agreement["ranks"][1] += len(found)
        if not reproduces(agreeing, len(found)):
            done.not_reproduced(f"event {event.number}", what, rule, agreeing, len(found))
            continue
        letters = [s.letter for s in event.strats]
        for check in found:
            if check.ok:
                continue
            section, entry = rows[check.row]
            letter = letters[check.strat] if check.strat < len(letters) else check.strat + 1
            tie = f"{check.low}-{check.high}" if check.high > check.low else check.low
            done.differences.append(
                Difference(
                    entry_place(event.number, section.name, entry),
                    f"{kind} rank in strat {letter}",
                    check.recorded,
                    tie,
                )
            )
