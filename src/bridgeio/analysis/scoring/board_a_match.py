"""Board-a-match teams (and the EBU's point-a-board): each board won, tied or lost between the
two rooms, each match the boards' points summed, each team's total its matches' points
summed, its rank its place by total.

Sources: the ACBL's board-a-match (a board won scores 1, tied 1/2, lost 0, on the two rooms'
aggregate: the home team's N-S score in one room against the away team's in the other) and
the EBU's point-a-board, the same in whole numbers (won 2, tied 1, lost 0: EBUScore Teams'
USEBIO, ``BOARD_SCORING_METHOD`` ``PAB``, whose ``TEAM_SCORE`` of a match of six boards is
2 against 10; jacquicollier/ukbridge-club-website ``public/usebio/point-a-board-teams.xml``,
every one of its 28 matches, 8 totals and 8 places so). Which unit a file counts in is found
from its matches: their two scores add up to the unit times the boards.

Each kind of figure is checked by the policy of :mod:`.report`: the match scores from the
boards, the totals from the match scores as recorded (as rescored, when rewriting), the
ranks from the totals; a kind the rule does not reproduce the bulk of is one warning. Where
the lines carry the pairs' own board figures (USEBIO's ``PAIRWISE_SCORING_METHOD``), they are
checked as :mod:`.matches` checks a teams event's.

>>> from bridgeio.model.results import (Board, BoardResult, Entry, Event, EventKind, Match,
...     Scoring, Section)
>>> def board(n, opened, closed):
...     return Board(n, [BoardResult(1, 1, ns=1, ew=2, ns_score=opened),
...                      BoardResult(1, 2, ns=2, ew=1, ns_score=closed)])
>>> match = Match(1, 1, 2, home_imps=3, away_imps=3, boards=[board(1, 420, 420),
...     board(2, 450, 420), board(3, -50, 100)])
>>> teams = [Entry("1", 1, score=3, rank=1, tied=True), Entry("2", 2, score=3, rank=1, tied=True)]
>>> event = Event(kind=EventKind.TEAMS, scoring=Scoring.BOARD_A_MATCH,
...     sections=[Section("", entries=teams, matches=[match])])
>>> done = Rescoring()
>>> rescore_board_a_match(event, False, done)
>>> done.differences, done.methods[1].describe()  # doctest: +NORMALIZE_WHITESPACE
([], 'board-a-match teams: a board won 2, tied 1, lost 0 between the two rooms; match scores
 the boards summed; team totals the match scores summed, ranked by total')
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from bridgeio.analysis.scoring.imp_events import board_rules
from bridgeio.analysis.scoring.matches import _pairwise, _place, _pooled, _team_ranks
from bridgeio.analysis.scoring.report import Difference, Rescoring, reproduces
from bridgeio.model.results import Board, Event, Match, Section

Played = tuple[Section, Match]
UNITS = (2.0, 1.0)  # a board won: the EBU's point-a-board, the ACBL's board-a-match


@dataclass
class MatchRules:
    """How an event's board-a-match figures are found to be scored."""

    unit: float = 2.0  # a board won (a tie: half)
    matches: bool = False  # the match scores checked (the rule reproduces them)
    totals: bool = False
    pairwise: str = ""  # the pairs' own board figures, where checked

    def describe(self) -> str:
        """The rules in words, for a report."""
        tie = f"{self.unit / 2:g}"
        parts = [
            f"board-a-match teams: a board won {self.unit:g}, tied {tie}, lost 0 between "
            "the two rooms"
        ]
        if self.matches:
            parts.append("match scores the boards summed")
        if self.totals:
            parts.append("team totals the match scores summed, ranked by total")
        if self.pairwise:
            parts.append(f"the pairs' board figures: pairwise {self.pairwise}")
        return "; ".join(parts)


def board_result(opened: int, closed: int, unit: float = 1.0) -> float:
    """The home team's points on a board: its N-S score in the open room against the away
    team's N-S score in the closed room (the aggregate), won ``unit``, tied half, lost 0.

    >>> board_result(420, 420), board_result(450, 420, 2), board_result(-50, 100)
    (0.5, 2.0, 0.0)
    """
    net = opened - closed
    return float(unit) if net > 0 else unit / 2 if net == 0 else 0.0


def _won(match: Match) -> list[float] | None:
    """Each board's home points in units of 1 (None: a board without its two rooms' scores
    in points)."""
    found = []
    for board in match.boards:
        pair = _rooms(match, board)
        if pair is None:
            return None
        found.append(board_result(*pair))
    return found


def _rooms(match: Match, board: Board) -> tuple[int, int] | None:
    """The home team's N-S score in the open room and the away team's in the closed one."""
    home = [x.ns_score for x in board.results if x.ns == match.home and x.ew == match.away]
    away = [x.ns_score for x in board.results if x.ns == match.away and x.ew == match.home]
    if len(home) != 1 or len(away) != 1:
        return None
    opened, closed = home[0], away[0]
    if type(opened) is not int or type(closed) is not int:
        return None
    return opened, closed


def _unit(computed: list[tuple[Played, list[float]]]) -> float:
    """The unit of a board won that most matches' two recorded scores add up to."""
    counts = dict.fromkeys(UNITS, 0)
    for (_, match), won in computed:
        if match.home_imps is None or match.away_imps is None:
            continue
        for unit in UNITS:
            counts[unit] += abs(match.home_imps + match.away_imps - unit * len(won)) < 0.005
    return max(counts, key=lambda unit: counts[unit])


def rescore_board_a_match(event: Event, apply: bool, done: Rescoring) -> None:
    """Check (with ``apply``, put in place where the rule reproduces the file) every figure
    of a board-a-match teams event (see the module)."""
    played = [(section, match) for section in event.sections for match in section.matches]
    if not played:
        done.unchecked.append(f"event {event.number}: a teams event with no matches recorded")
        return
    rules = MatchRules()
    done.methods[event.number] = rules
    computed = [((s, m), won) for s, m in played if m.boards and (won := _won(m)) is not None]
    rules.unit = _unit(computed)
    recorded = _sums(played)  # (the totals' rule is found from the matches as recorded)
    rules.matches = _match_scores(event, computed, rules.unit, apply, done)
    rules.totals = _totals(event, recorded, _sums(played) if apply else recorded, apply, done)
    if any(x.ns_points is not None for _, m in played for b in m.boards for x in b.results):
        found = board_rules(_pooled(event, played))
        if found is not None:
            rules.pairwise = found[0].board_words()
            _pairwise(event, _pooled(event, played), played, found[0], apply, done)


def _match_scores(
    event: Event,
    computed: list[tuple[Played, list[float]]],
    unit: float,
    apply: bool,
    done: Rescoring,
) -> bool:
    """Each match's two scores, where every board has its two rooms, against its boards'
    points; whether the rule reproduces them."""
    found: list[tuple[Match, str, str, float | None, float]] = []
    for (section, match), won in computed:
        home = unit * sum(won)
        away = unit * len(won) - home
        place = _place(event, section, match)
        found.append((match, place, "home points", match.home_imps, home))
        found.append((match, place, "away points", match.away_imps, away))
    given = [f for f in found if f[3] is not None]
    right = [abs((f[3] or 0.0) - f[4]) < 0.005 for f in given]
    if not reproduces(sum(right), len(right)):
        closest = "boards won, tied or lost"
        done.not_reproduced(f"event {event.number}", "match scores", closest, *_count(right))
        return False
    for (_, place, what, recorded, value), ok in zip(given, right, strict=True):
        done.count("boards", ok)
        if not ok:
            done.differences.append(Difference(place, what, recorded, value))
    if apply:
        for match, _, what, _, value in found:
            setattr(match, "home_imps" if what == "home points" else "away_imps", value)
    return bool(given)


def _sums(played: list[Played]) -> dict[tuple[str, int], float]:
    """Each team's match scores summed (by section and team number)."""
    sums: dict[tuple[str, int], float] = defaultdict(float)
    for section, match in played:
        sums[(section.name, match.home)] += match.home_imps or 0.0
        sums[(section.name, match.away)] += match.away_imps or 0.0
    return sums


def _count(right: list[bool]) -> tuple[int, int]:
    return sum(right), len(right)


def _totals(
    event: Event,
    found: dict[tuple[str, int], float],
    sums: dict[tuple[str, int], float],
    apply: bool,
    done: Rescoring,
) -> bool:
    """Each team's total, the sum of its match scores, and its rank: the rule is found
    from the match scores as recorded (``found``), the totals checked against ``sums`` (the
    match scores as rescored, when rewriting); whether the rule reproduces them."""
    recorded = [(s, e) for s in event.sections if s.matches for e in s.entries]
    recorded = [(s, e) for s, e in recorded if e.score is not None]
    if not recorded:
        return False
    fits = [abs((e.score or 0.0) - found[(s.name, e.number)]) < 0.005 for s, e in recorded]
    where = f"event {event.number}"
    if not reproduces(sum(fits), len(fits)):
        done.not_reproduced(where, "team totals", "the match scores summed", *_count(fits))
        return False
    # (the ranks' rule found from the totals as recorded, the places given the rescored ones)
    rows = [(s, e, e.score or 0.0, sums[(s.name, e.number)]) for s, e in recorded]
    for _, entry, was, now in rows:
        ok = abs(was - now) < 0.005
        done.count("totals", ok)
        if not ok:
            place = f"event {event.number}, team {entry.id}"
            done.differences.append(Difference(place, "total", was, now))
            if apply:
                entry.score = now
    _team_ranks(where, event, rows, apply, done)
    return True
