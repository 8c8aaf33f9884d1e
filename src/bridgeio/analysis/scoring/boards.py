"""Each board's matchpoints from its raw scores: the field, factoring and assigned scores.

Sources: :mod:`.matchpoints` (the matchpoint rule), :mod:`.factoring` (Neuberg, the ACBL
small-group rule, assigned scores). Sections scored across share boards and one top
(ACBLscore's CFIG2, reference/acblscore-game-files-decoded.txt; NZ Scorer pools its sections
the same way): the sections of an event with the same recorded top are scored as one field
when that top is the top of the pooled results, else each alone. A fouled board's versions
(``foul_group``) are matchpointed apart (ACBLscore). A pair listed twice on a board (a
phantom or sit-out row of an ACBLscore movement) is a result of the field like any other,
but it is credited once: its points on the board are those of its first line (a file may
print them again on the other line: ACBLscore does).

A split score, a score in points on one side and an assigned score on the other, counts in
its own direction's field (ACBLscore) or in both (Ruter); both are tried, and the way the
file's points follow is chosen (:func:`.field._split_scores`).

The arithmetic over every board of a pool at once is :mod:`.field`'s.

A file whose N-S and E-W points add up to 0 prints them centred on the average: the points
less half the top (Ruter's ``MatchPoints;MP1``: a top on a board of six results is +5, a
bottom −5, an average 0; each score counts +1 for a score it beats and −1 for one that beats
it). Its top is then that of the results a board has, and both conventions are tried.

Lines with no result (not played, not in play, a late play not yet entered) are no result:
they get no points and do not count in the field.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

import numpy as np

from bridgeio.analysis.scoring.field import Flat, flatten, recorded_top, results, section_part
from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.model.results import Event, Section


@dataclass
class Pool:
    """Sections of an event scored as one field, with the top and results a board has, and
    their lines as arrays."""

    event: Event
    sections: list[Section]
    convention: Convention
    top: float
    results: int  # N: the results of a complete board
    flat: Flat | None = None
    centred: bool = False  # points printed less half the top (see the module)
    mitchell: list[bool] | None = None  # see :meth:`directed`
    split_both: bool = False  # a split score counted in both fields (see the module)

    def lines(self) -> Flat:
        """The pool's lines as arrays (made once)."""
        if self.flat is None:
            self.flat = flatten(self.sections, self.split_both)
        return self.flat

    def directed(self) -> list[bool]:
        """Whether each section's pairs are numbered apart in each direction (a Mitchell:
        :attr:`~bridgeio.model.results.Section.directional`), asked once."""
        if self.mitchell is None:
            self.mitchell = [s.directional for s in self.sections]
        return self.mitchell


def pools(event: Event, convention: Convention | None) -> list[Pool]:
    """The event's sections grouped as they are scored, each group with its convention,
    top and results of a complete board (see the module); where the figures leave two
    conventions open (centred points), the first of them (:func:`candidates` gives all)."""
    return [group[0] for group in candidates(event, convention)]


def candidates(event: Event, convention: Convention | None) -> list[list[Pool]]:
    """For each group of sections scored as one field, the pools its recorded top allows
    (one, or both conventions where the points are centred on the average)."""
    by_top: dict[object, list[Section]] = defaultdict(list)
    for section in event.sections:
        if section.results:
            by_top[section.board_top].append(section)
    found: list[list[Pool]] = []
    for group in by_top.values():
        flat = flatten(group)
        pooled = _pool(event, group, convention, flat)
        if pooled or len(group) == 1:
            found.extend([pooled] if pooled else [])
            continue
        for k, section in enumerate(group):  # (each section's lines as read for the pool)
            alone = _pool(event, [section], convention, section_part(flat, k))
            if alone:
                found.append(alone)
    return found


def _pool(
    event: Event, sections: list[Section], convention: Convention | None, flat: Flat
) -> list[Pool]:
    """The sections as one field (their lines: ``flat``), each way their top fits their
    results (none: it fits none), and where a line is a split score, each way again with
    its score counted in both fields (see the module)."""
    found = _pools(event, sections, convention, flat)
    if not flat.split:
        return found
    return found + [replace(p, flat=None, split_both=True) for p in found]


def _pools(
    event: Event, sections: list[Section], convention: Convention | None, flat: Flat
) -> list[Pool]:
    """:func:`_pool`'s pools of the lines as ``flat`` has them."""
    most = int(np.maximum.reduce(results(flat), initial=0))
    if not most:
        return []
    given = sections[0].board_top
    top = float(given) if given else recorded_top(flat)
    if top is None:
        chosen = convention or Convention.ACBL
        return [Pool(event, sections, chosen, float(chosen.top(most)), most, flat)]
    if top == 0 and most > 1:  # centred on the average: the top is the results'
        tried = [convention] if convention else list(Convention)
        return [Pool(event, sections, c, float(c.top(most)), most, flat, True) for c in tried]
    pool = _uncentred(event, sections, convention, flat, most, top)
    return [pool] if pool is not None else []


def _uncentred(
    event: Event,
    sections: list[Section],
    convention: Convention | None,
    flat: Flat,
    most: int,
    top: float,
) -> Pool | None:
    """The pool of points from 0 to ``top`` (None: no convention fits the top)."""
    fits = [c for c in Convention if c.top(most) >= top and (top / c.per_beat).is_integer()]
    if convention is None:
        exact = [c for c in fits if c.top(most) == top]
        if not exact:
            return None
        convention = exact[0]
    elif convention not in fits:  # a convention named over the file's: its own top
        if len(sections) > 1:
            return None  # the sections' recorded top does not say they were scored across
        return Pool(event, sections, convention, float(convention.top(most)), most, flat)
    return Pool(event, sections, convention, top, int(top / convention.per_beat) + 1, flat)
