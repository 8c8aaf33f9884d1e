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
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgeio.analysis.scoring.arrays import every, some, trues
from bridgeio.analysis.scoring.boards import Pool
from bridgeio.analysis.scoring.contracts import entry_place
from bridgeio.analysis.scoring.factoring import Floats
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring, reproduces
from bridgeio.model.results import Direction, Entry, Event, Section, StratRank

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Rows = list[tuple[Section, Entry]]


@dataclass(frozen=True)
class Field:
    """Where entries compete for a place: a group number for each row from its section's
    index and its direction (0 none, 1 N-S, 2 E-W); rows of one group are ranked
    together."""

    name: str
    group: Callable[[Ints, Ints], Ints]
    by_section: bool = False  # (whether the groups part the sections, the directions)
    by_direction: bool = False


FIELDS = [
    Field("in a direction across the sections scored together", lambda s, d: d, False, True),
    Field("in a direction within each section", lambda s, d: s * 3 + d, True, True),
    Field("across the field", lambda s, d: np.zeros_like(d)),
    Field("within each section", lambda s, d: s, True),
]


@dataclass
class Where:
    """Each row's section index and direction, from which a field's groups follow."""

    section: Ints
    direction: Ints
    several: tuple[bool, bool] | None = None  # several sections, directions (when asked)

    @classmethod
    def of(cls, rows: Rows) -> Where:
        """The rows' sections (numbered in order of appearance) and directions."""
        index: dict[int, int] = {}
        sections = [index.setdefault(id(s), len(index)) for s, _ in rows]
        directions = [
            0 if e.direction is None else 1 + (e.direction is Direction.EW) for _, e in rows
        ]
        return cls(np.array(sections, dtype=np.int64), np.array(directions, dtype=np.int64))

    def partition(self, field: Field) -> tuple[bool, bool]:
        """How ``field`` parts the rows: by section, by direction (where the rows have
        several of them; two fields that part them alike place them alike)."""
        several = self.several
        if several is None:
            section, direction = self.section, self.direction
            several = self.several = (
                bool(section.size and some(section != section[0])),
                bool(direction.size and some(direction != direction[0])),
            )
        return field.by_section and several[0], field.by_direction and several[1]

    def groups(self, field: Field) -> Ints:
        """Each row's group in ``field``."""
        return np.asarray(field.group(self.section, self.direction), dtype=np.int64)


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
    # (values are finite or -inf: at the limits; a value past them ranks at them; the
    # arrays' own methods and ufuncs in place: these are small arrays, many times over)
    scaled = np.floor(values * 10.0**decimals + half)
    np.minimum(np.maximum(scaled, -LIMIT, out=scaled), LIMIT, out=scaled)
    stored = scaled.astype(np.int64)
    if after is not None:
        stored = np.where(after, stored - 2 * LIMIT, stored)
    # one key a row: its group, then its value from the highest (sorted once, the places
    # of a value are the bounds of its key)
    base = groups * (1 << 46)
    keys = base + ((1 << 44) - stored)
    ordered = keys.copy()
    ordered.sort()
    start = ordered.searchsorted(base) - 1
    return ordered.searchsorted(keys) - start, ordered.searchsorted(keys, "right") - start - 1


LIMIT = 1 << 41  # a value's magnitude (at its decimals) ranked exactly; larger: at the limit


@dataclass
class Kept:
    """What an event's entries' kept records say for their ranking, looked up once and only
    where a ranking needs it: which are not eligible (NE: ACBLscore ranks them after the
    eligible ones; its eligibility status, non-zero for a fill-in) and the score carried
    over from earlier sessions."""

    event: Event | None = None  # the event whose entries have places in strats
    eligibility: bool = False  # whether their kept records say which are eligible
    ne: dict[int, bool] | None = None
    carried: bool = False  # whether final scores count what was carried over
    table: tuple[list[Entry], Ints, Ints] | None = None  # see :meth:`strats`
    index: dict[int, int] | None = None  # each entry's row of the table (when first asked)
    moved: dict[int, tuple[float, float]] | None = None  # scores as recorded and rescored

    @classmethod
    def of(cls, event: Event) -> Kept:
        """What the event's entries' kept records say (nothing where they say none)."""
        entries = [e for s in event.sections for e in s.entries]
        if not any(e.ranks for e in entries):
            return cls()
        return cls(event, hasattr(type(entries[0].kept), "eligibility"))

    def not_eligible(self, rows: Rows) -> Bools:
        """Which rows are not eligible."""
        if self.ne is None:
            entries = self._entries() if self.eligibility else []
            self.ne = {id(e): bool(getattr(e.kept, "eligibility", 0)) for e in entries}
        ne = self.ne
        return np.array([ne.get(id(e), False) for _, e in rows], dtype=bool)

    def _entries(self) -> list[Entry]:
        return [e for s in self.event.sections for e in s.entries] if self.event else []

    def _table(self) -> tuple[list[Entry], Ints, Ints]:
        """Every entry of the event, its strat and its recorded places (made once)."""
        if self.table is None:
            entries = self._entries()
            self.table = (entries, *_strat_table(entries))
        return self.table

    def strats(self, rows: Rows) -> tuple[Ints, Ints]:
        """Each row's strat, and its recorded places in each strat as an array (row, strat,
        [rank, overall low, overall high]; 0 where none): made once for the event (for
        rows of no event known here, made from the rows)."""
        if self.event is None:
            return _strat_table([e for _, e in rows])
        entries, strat, table = self._table()
        if self.index is None:
            self.index = {id(e): k for k, e in enumerate(entries)}
        index = self.index
        at = np.array([index[id(e)] for _, e in rows], dtype=np.int64)
        return strat[at], table[at]

    def placed(self, event: Event) -> tuple[Rows, Ints, Ints]:
        """The entries of ``event`` with places in its strats (in order), each with its
        strat and places (as :meth:`strats`)."""
        rows = [(s, e) for s in event.sections for e in s.entries if e.ranks]
        if self.event is not event:
            return (rows, *_strat_table([e for _, e in rows]))
        entries, strat, table = self._table()
        if len(rows) == len(entries):  # (every entry placed: the usual case)
            return rows, strat, table
        placed = np.array([bool(e.ranks) for e in entries], dtype=bool)
        return rows, strat[placed], table[placed]

    def rescored(self, rows: Rows, recorded: Floats, rescored: Floats) -> None:
        """Keep the rows' session scores as recorded and as rescored, where they differ
        (the overall places' rule is found from the recorded ones, then given the others)."""
        moved = self.moved = self.moved or {}
        for k in (recorded != rescored).nonzero()[0].tolist():
            moved[id(rows[k][1])] = (float(recorded[k]), float(rescored[k]))

    def final_scores(self, rows: Rows, rescored: bool = False) -> Floats:
        """:meth:`final_score` of each row (-inf: no score): the scores as recorded, or as
        rescored."""
        if self.carried or self.moved:
            return np.array([self.final_score(e, rescored) for _, e in rows], dtype=np.float64)
        scores = np.array([e.score for _, e in rows], dtype=np.float64)  # (None: NaN)
        return np.where(np.isnan(scores), -np.inf, scores)

    def final_score(self, entry: Entry, rescored: bool = False) -> float:
        """The entry's score over every session: its session score (as recorded, or as
        rescored) and what was carried over (0 where none is kept)."""
        score = entry.score if entry.score is not None else -np.inf
        if self.moved and id(entry) in self.moved:
            score = self.moved[id(entry)][int(rescored)]
        return score + _number(getattr(entry.kept, "carryover", 0.0)) if self.carried else score


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


@dataclass
class Rule:
    """A ranking rule tried on a file: where entries compete, NE pairs after or not, and the
    decimals totals are compared at for ties (NZ Scorer ties percentages equal to one
    decimal)."""

    field: Field
    after: Bools | None
    decimals: int = 2

    def describe(self, basis: str = "total") -> str:
        """The rule in words (ranked on ``basis``: the total, or the percentage)."""
        tail = ", pairs not eligible placed after" if self.after is not None else ""
        if self.decimals != 2:
            tail += f", ties at {self.decimals} decimal{'s' if self.decimals != 1 else ''}"
        return f"places by {basis} {self.field.name}{tail}"


def rules(ne: Bools | None = None) -> list[Rule]:
    """Every ranking rule to try, in order of preference: with ``ne``, only the variants
    that place those pairs after."""
    found = [Rule(f, ne) for f in FIELDS]
    return found + [Rule(r.field, r.after, 1) for r in found]


RULES = rules()  # (the rules without NE pairs: the same for every file)


def check_ranks(
    pool: Pool,
    rows: Rows,
    values: Floats,
    method: Method,
    apply: bool,
    done: Rescoring,
    kept: Kept | None = None,
    basis: str = "total",
    new: Floats | None = None,
    ghosts: int = 0,
) -> None:
    """Each entry's recorded rank against its place by the rule most ranks follow (see the
    module), then ACBLscore's strat and overall places; ``values`` are the entries'
    ``basis`` as recorded (their totals, or percentages where a file records no total),
    from which each rule is found, and ``new`` the same as rescored (None: as recorded),
    which the rule then places: a rank that agrees with neither is an error, one that
    agrees with the recorded only follows from what moved them. The last ``ghosts`` rows
    are pairs on the boards with no entry: placed, never counted (nor strat-ranked)."""
    ranks = np.array([e.rank for _, e in rows], dtype=np.float64)  # (None: NaN)
    missing = np.isnan(values)
    given = ~np.isnan(ranks) & ~missing
    if some(missing):
        values = np.where(missing, -np.inf, values)
    if new is not None:
        new = np.where(np.isnan(new), -np.inf, new)
    where, kept = Where.of(rows), kept or Kept()
    field, ne = FIELDS[0], None
    if some(given):
        found = trues(given)
        tried = _tried(RULES, where, values, ranks, given)
        if tried[-1][0] < found and kept.eligibility:  # NE pairs, where the file has
            ne = kept.not_eligible(rows)
            if some(ne):
                tried += _tried(rules(ne), where, values, ranks, given)
        count, rule, low, high, agrees = max(tried, key=lambda t: t[0])  # ties: the first
        if not some(where.direction) and rule.field is FIELDS[0]:  # (no directions: a Howell)
            rule = Rule(FIELDS[2], rule.after, rule.decimals)
        done.agreement["ranks"][0] += count
        done.agreement["ranks"][1] += found
        if not reproduces(count, found):
            done.not_reproduced(
                f"event {pool.event.number}", "ranks", rule.describe(basis), count, found
            )
        else:
            method.ranks = rule.describe(basis)
            if new is not None:
                before = (agrees, low, high)
                _moved(pool, rows, (rule, where, new, ranks), given, before, apply, done)
            elif count < found:
                _differences(pool, rows, given & ~agrees, low, high, apply, done)
        field = rule.field
    if ghosts:  # (no strat, no eligibility: not strat-ranked)
        rows, values = rows[:-ghosts], values[:-ghosts]
        new = None if new is None else new[:-ghosts]
        where = Where.of(rows)
    if any(e.ranks for _, e in rows):
        strat_ranks(pool.event, rows, (values, new), where.groups(field), kept, (apply, done))


def _moved(
    pool: Pool,
    rows: Rows,
    placed: tuple[Rule, Where, Floats, Floats],
    given: Bools,
    before: tuple[Bools, Ints, Ints],
    apply: bool,
    done: Rescoring,
) -> None:
    """The ranks by ``rule`` of the rescored ``new`` values: a recorded rank that agrees
    with neither these places nor the recorded values' is an error, one that agrees with
    the recorded values' only follows from what moved them, and so does a tied rank whose
    tie the new values change (a file that splits a tie's ranks, ACBLscore, keeps each its
    own: each put in its place with ``apply``). ``before``: which ranks agree with the
    recorded values, and the places these give (low and high ends of each tie)."""
    rule, where, new, ranks = placed
    agrees, was_low, was_high = before
    low, high, now = _placed(rule, where.groups(rule.field), new, ranks)
    tied = np.array([e.tied for _, e in rows], dtype=bool)
    retied = tied & ((low != was_low) | (high != was_high))
    _differences(pool, rows, given & ~agrees & ~now, low, high, apply, done)
    _differences(pool, rows, given & agrees & (~now | retied), low, high, apply, done, True)


Tried = tuple[int, Rule, Ints, Ints, Bools]


def rank_fit(rows: Rows, values: Floats) -> int:
    """How many recorded ranks the best ranking rule gives, ranking ``values``."""
    ranks = np.array([e.rank for _, e in rows], dtype=np.float64)  # (None: NaN)
    given = ~np.isnan(ranks) & ~np.isnan(values)
    if not some(given):
        return 0
    values = np.where(np.isnan(values), -np.inf, values)
    return max(t[0] for t in _tried(RULES, Where.of(rows), values, ranks, given))


def _tried(
    candidates: list[Rule], where: Where, values: Floats, ranks: Floats, given: Bools
) -> list[Tried]:
    """Each rule's agreement with the recorded ranks (stopping at one that gives them
    all), with its places."""
    tried: list[Tried] = []
    wanted = trues(given)
    seen: dict[tuple[bool, bool, int, int], Tried] = {}  # (fields that group rows alike)
    for rule in candidates:
        key = (*where.partition(rule.field), rule.decimals, id(rule.after))
        if key in seen:  # the same places as a rule tried already
            count, _, low, high, agrees = seen[key]
            tried.append((count, rule, low, high, agrees))
            continue
        low, high, agrees = _placed(rule, where.groups(rule.field), values, ranks)
        tried.append((trues(agrees & given), rule, low, high, agrees))
        seen[key] = tried[-1]
        if tried[-1][0] == wanted:
            break  # (every rank: no rule can do better)
    return tried


def _placed(rule: Rule, groups: Ints, values: Floats, ranks: Floats) -> tuple[Ints, Ints, Bools]:
    """The places ``rule`` gives ``values`` (low and high ends of each tie) and which
    recorded ``ranks`` agree with them."""
    low, high = places(values, groups, rule.after, rule.decimals)
    agrees = (low <= ranks) & (ranks <= high)
    if rule.decimals < 2:  # a total printed at a half was rounded either way
        other = places(values, groups, rule.after, rule.decimals, up=False)
        agrees |= (other[0] <= ranks) & (ranks <= other[1])
    return low, high, agrees


def overall_ranks(
    event: Event, done: Rescoring, kept: Kept | None = None, apply: bool = False
) -> None:
    """ACBLscore's overall places in each strat, where recorded: across every section of
    the event and both directions, by final score, among the eligible entries of the strat,
    ties shared (see the module); the rule found from the scores as recorded, then given
    the scores as rescored where some moved."""
    kept = kept or Kept.of(event)
    rows, strat, table = kept.placed(event)
    if not rows:
        return
    recorded = table[:, :, 1]  # (row, strat)
    r, k = recorded.nonzero()  # (the array's own method: np.nonzero adds a Python call)
    if not r.size:
        return
    inside = strat[:, None] >= np.arange(1, table.shape[1] + 1)[None, :]
    # (NE pairs and what was carried over looked up only where needed)
    for ne, carried in ((False, False), (True, False), (True, True)):
        kept.carried = carried
        if ne:
            inside &= ~kept.not_eligible(rows)[:, None]
        low, high, hit = _overall(kept.final_scores(rows), inside, (r, k), table)
        if every(hit) or not kept.eligibility:
            break
    found = Checks("overall")
    if kept.moved:
        low, high, now = _overall(kept.final_scores(rows, True), inside, (r, k), table)
        found.add(hit, lambda: (r, k, recorded[r, k], low[r, k], high[r, k]), now)
    else:
        found.add(hit, lambda: (r, k, recorded[r, k], low[r, k], high[r, k]))
    found.verdict(event, rows, done, apply)


def _overall(
    scores: Floats, inside: Bools, at: tuple[Ints, Ints], table: Ints
) -> tuple[Ints, Ints, Bools]:
    """The overall places of the rows ``inside`` each strat (row, strat) by ``scores``
    (low and high ends of each tie), and which recorded places (``at``) agree with them."""
    ri, ki = inside.nonzero()
    low, high = np.zeros((2, *table.shape[:2]), dtype=np.int64)
    low[ri, ki], high[ri, ki] = places(scores[ri], ki)
    recorded, tie = table[:, :, 1], table[:, :, 2]
    return low, high, (inside & (recorded == low) & ((tie == 0) | (tie == high)))[at]


def _differences(
    pool: Pool,
    rows: Rows,
    wrong: Bools,
    low: Ints,
    high: Ints,
    apply: bool,
    done: Rescoring,
    follows: bool = False,
) -> None:
    for k in wrong.nonzero()[0].tolist():
        section, entry = rows[k]
        place = entry_place(pool.event.number, section.name, entry)
        tie = f"{low[k]}-{high[k]}" if high[k] > low[k] else int(low[k])
        was = f"{entry.rank}=" if entry.tied and follows else entry.rank
        done.differences.append(Difference(place, "rank", was, tie, follows=follows))
        if apply:
            entry.rank, entry.tied = int(low[k]), bool(high[k] > low[k])
            if entry.ranks:  # (the first strat's place is the rank: ACBLscore)
                entry.ranks[0].rank = entry.rank


def strat_ranks(
    event: Event,
    rows: Rows,
    values: tuple[Floats, Floats | None],
    groups: Ints,
    kept: Kept,
    done: tuple[bool, Rescoring],
) -> None:
    """ACBLscore's rank in each strat after the first (the first's is the entry's rank,
    checked already), where recorded: among the entries eligible for the strat, in the
    ``groups`` the entries' ranks are found in, NE pairs after, ties split (a rank anywhere
    in the tie agrees; see the module). ``values``: the entries' totals as recorded, from
    which the rule is found, and as rescored (None: as recorded); ``done``: whether to
    put each place in its place, and the report."""
    strat, table = kept.strats(rows)
    depth = table.shape[1]
    if depth < 2:
        return
    # every strat at once, its eligible rows only: each strat a group of its own
    k, r = (strat[None, :] >= np.arange(2, depth + 1)[:, None]).nonzero()
    k = k + 1
    keyed = k * (int(np.maximum.reduce(groups, initial=0)) + 1) + groups[r]
    recorded = table[r, k, 0]
    given = recorded != 0
    for ne in (False, True):  # (NE pairs looked up only where needed)
        after = kept.not_eligible(rows)[r] if ne else None
        low, high = places(values[0][r], keyed, after)
        hit = ((low <= recorded) & (recorded <= high))[given]
        if every(hit) or not kept.eligibility:
            break
    found = Checks("strat")
    rescored = values[1]
    if rescored is not None:
        low, high = places(rescored[r], keyed, after)
        now = ((low <= recorded) & (recorded <= high))[given]
        found.add(hit, lambda: (r[given], k[given], recorded[given], low[given], high[given]), now)
    else:
        found.add(hit, lambda: (r[given], k[given], recorded[given], low[given], high[given]))
    apply, report = done
    found.verdict(event, rows, report, apply)


def _strat_table(entries: list[Entry]) -> tuple[Ints, Ints]:
    """Each entry's strat, and its recorded places in each strat (see
    :meth:`Kept.strats`)."""
    sizes = [len(e.ranks) for e in entries]
    depth = max(sizes, default=0)
    ranks = [r for e in entries for r in e.ranks]
    # (a comprehension a field, one list of numbers made an array at once: a list of
    # tuples is much slower, and reading the three fields together a third slower)
    fields = [r.rank for r in ranks] + [r.overall_low for r in ranks]
    values = np.array(fields + [r.overall_high for r in ranks], dtype=np.int64)
    strat = np.array([e.strat or 1 for e in entries], dtype=np.int64)
    if sizes.count(depth) == len(sizes):  # (every entry ranked in every strat: the usual case)
        return strat, values.reshape(3, len(entries), depth).transpose(1, 2, 0)
    table = np.zeros((len(entries), depth, 3), dtype=np.int64)
    rows = np.repeat(np.arange(len(entries)), sizes)
    strats = np.arange(rows.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    table[rows, strats] = values.reshape(3, -1).T
    return strat, table


NAMES = {
    "strat": ("strat ranks", "places by total in each strat among its eligible entries"),
    "overall": ("overall ranks", "overall places within strats across sections, ties shared"),
}


@dataclass
class Checks:
    """Recorded strat places of one kind checked: how many, how many agree, and each that
    does not (row, strat, recorded, low and high places by the rule, and whether it only
    follows from a score that moved)."""

    kind: str
    agreeing: int = 0
    compared: int = 0
    wrong: list[tuple[int, int, int, int, int, bool]] = field(default_factory=list)

    def add(
        self,
        ok: Bools,
        where: Callable[[], tuple[Ints, Ints, Ints, Ints, Ints]],
        now: Bools | None = None,
    ) -> None:
        """Recorded places, each agreeing with the rule's or not (``ok``), and with the
        rule's places of the rescored scores (``now``; None: none moved); ``where`` gives
        each one's row, strat, recorded place and low and high places by the rule (of the
        rescored scores), asked for only where one disagrees."""
        agreeing = trues(ok)
        self.compared += int(ok.size)
        self.agreeing += agreeing
        wrong = ~ok if now is None else ~now
        if not some(wrong):
            return
        row, strat, recorded, low, high = where()
        for at in wrong.nonzero()[0].tolist():
            found = (row[at], strat[at], recorded[at], low[at], high[at])
            place = tuple(int(v) for v in found)
            self.wrong.append((*place, bool(ok[at])))  # type: ignore[arg-type]

    def verdict(self, event: Event, rows: Rows, done: Rescoring, apply: bool = False) -> None:
        """Reproduced (a place alone against the rule is an error; with ``apply``, each
        put in its place) or one warning."""
        if not self.compared:
            return
        what, rule = NAMES[self.kind]
        done.agreement["ranks"][0] += self.agreeing
        done.agreement["ranks"][1] += self.compared
        if not reproduces(self.agreeing, self.compared):
            where = f"event {event.number}"
            done.not_reproduced(where, what, rule, self.agreeing, self.compared)
            return
        letters = [s.letter for s in event.strats] if self.wrong else []
        for r, k, recorded, low, high, follows in self.wrong:
            section, entry = rows[r]
            letter = letters[k] if k < len(letters) else k + 1
            done.differences.append(
                Difference(
                    entry_place(event.number, section.name, entry),
                    f"{self.kind} rank in strat {letter}",
                    recorded,
                    f"{low}-{high}" if high > low else low,
                    follows=follows,
                )
            )
            if apply and k < len(entry.ranks):
                self._put(entry.ranks[k], low, high)

    def _put(self, rank: StratRank, low: int, high: int) -> None:
        if self.kind == "strat":
            rank.rank = low
        else:
            rank.overall_low, rank.overall_high = low, high if high > low else 0
