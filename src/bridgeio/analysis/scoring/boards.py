"""Each board's matchpoints from its raw scores: the field, factoring and assigned scores.

Sources: :mod:`.matchpoints` (the matchpoint rule), :mod:`.factoring` (Neuberg, the ACBL
small-group rule, assigned scores). Sections scored across share boards and one top
(ACBLscore's CFIG2, reference/acblscore-game-files-decoded.txt; NZ Scorer pools its sections
the same way): the sections of an event with the same recorded top are scored as one field
when that top is the top of the pooled results, else each alone. A fouled board's versions
(``foul_group``) are matchpointed apart (ACBLscore). A pair listed twice on a board (a
phantom or sit-out row of an ACBLscore movement) is a result of the field like any other,
but it is credited once: its points on the board are those of its first line.

The arithmetic over every board of a pool at once is :mod:`.field`'s.

Lines with no result (not played, not in play, a late play not yet entered) are no result:
they get no points and do not count in the field.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from bridgeio.analysis.scoring.field import Flat, flatten, recorded_top, results
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

    def lines(self) -> Flat:
        """The pool's lines as arrays (made once)."""
        if self.flat is None:
            self.flat = flatten(self.sections)
        return self.flat


def pools(event: Event, convention: Convention | None) -> list[Pool]:
    """The event's sections grouped as they are scored, each group with its convention,
    top and results of a complete board (see the module)."""
    by_top: dict[object, list[Section]] = defaultdict(list)
    for section in event.sections:
        if section.results:
            by_top[section.board_top].append(section)
    found: list[Pool] = []
    for group in by_top.values():
        pooled = _pool(event, group, convention)
        if pooled is not None or len(group) == 1:
            found.extend([pooled] if pooled is not None else [])
            continue
        for section in group:
            alone = _pool(event, [section], convention)
            if alone is not None:
                found.append(alone)
    return found


def _pool(event: Event, sections: list[Section], convention: Convention | None) -> Pool | None:
    """The sections as one field, when their top fits their results (None: it does not)."""
    flat = flatten(sections)
    most = int(results(flat).max(initial=0))
    if not most:
        return None
    given = sections[0].board_top
    top = float(given) if given else recorded_top(flat)
    if top is None:
        chosen = convention or Convention.ACBL
        return Pool(event, sections, chosen, float(chosen.top(most)), most, flat)
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
