"""Team matches rescored: each board's IMPs from its two rooms, each match's IMP totals, its
victory points, each team's total and rank, and the pairs' own board figures, compared with
what the file records, each figure against its own meaning.

A board is computable when the match has its two rooms: one line with the home team N-S
(the open room) and one with the away team N-S (the closed room), both with a score in
points. The home team's IMPs on the board are what the file records with the board (USEBIO's
``IMPS``, :attr:`~bridgeio.model.results.Board.imps`), or else its lines' points where they
are the match IMPs (the open room's N-S points the home team's, the closed room's the away
team's). A line's points may instead be the pair's own score against the field (USEBIO's
pairwise cross-IMPs of a teams event, ``PAIRWISE_SCORING_METHOD``): every result of a board
across the event compared, by the rules of :mod:`.imp_events`. Which the lines hold is found
from their figures. A match's IMP totals are the IMPs each side won, compared only when every
board of the match is computable; its VPs are checked on the scale the file's matches fit
(:mod:`.vp_scales`); a team's total is the sum of its VPs (or IMPs), whichever the file's
totals are, and its rank its place by total, ties sharing.

The policy is :mod:`.imp_events`': each kind of figure is checked where the rule found
reproduces the bulk of the file's figures of that kind, else one warning names the closest.

>>> from bridgeio.model.results import Board, BoardResult, Event, EventKind, Match, Section
>>> rooms = [BoardResult(1, 1, ns=1, ew=2, ns_score=420, ew_score=-420, ns_points=10),
...          BoardResult(1, 2, ns=2, ew=1, ns_score=-50, ew_score=50, ns_points=-10)]
>>> match = Match(1, 1, 2, home_imps=9, away_imps=0, boards=[Board(1, rooms)])
>>> event = Event(kind=EventKind.TEAMS, sections=[Section("A", matches=[match])])
>>> done = Rescoring()
>>> rescore_matches(event, False, done)
>>> [d.problem.message for d in done.differences]
['home IMPs 9 recorded, 10 by the rule']
>>> done.methods[1].describe()
'team matches: IMPs on the WBF scale between the two rooms'
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from bridgeio.analysis.scoring import imp_totals as T
from bridgeio.analysis.scoring.imp_events import ImpRules, Scored, board_rules
from bridgeio.analysis.scoring.imp_lines import ImpLines
from bridgeio.analysis.scoring.report import Difference, Rescoring, reproduces
from bridgeio.analysis.scoring.teams import match_imps
from bridgeio.analysis.scoring.vp_scales import MatchVps, ScaleFit, fit_scale
from bridgeio.model.results import Board, BoardResult, Entry, Event, Match, Results, Section

Played = tuple[Section, Match]


@dataclass
class TeamRules:
    """How the team matches of an event are scored, as found from the file."""

    lines: str = ""  # what the lines' points are: "match" IMPs, "pairwise", or "" (none)
    pairwise: ImpRules | None = None
    scale: ScaleFit | None = None
    totals: str = ""  # "VPs" or "IMPs" summed, "" where none is checked
    notes: list[str] = field(default_factory=list)

    def describe(self) -> str:
        """The method in words, for a report."""
        parts = ["team matches: IMPs on the WBF scale between the two rooms"]
        if self.pairwise is not None:
            parts.append(f"the pairs' board figures: pairwise {self.pairwise.board_words()}")
        if self.scale is not None:
            parts.append(f"VPs on {self.scale.describe()}")
        if self.totals:
            parts.append(f"team totals the {self.totals} summed, ranked by total")
        return "; ".join(parts)


@dataclass(frozen=True)
class Room:
    """A computable board of a match: its two lines and the home team's IMPs by the rule."""

    board: Board
    opened: BoardResult
    closed: BoardResult
    imps: int


def rescore_matches(event: Event, apply: bool, done: Rescoring) -> None:
    """Check (with ``apply``, fill or correct where the rule reproduces the file) every team
    match of ``event``."""
    played = [(section, match) for section in event.sections for match in section.matches]
    if not played:
        done.unchecked.append(f"event {event.number}: a teams event with no matches recorded")
        return
    rules = TeamRules()
    done.methods[event.number] = rules
    rooms = {id(match): _rooms(match) for _, match in played}
    where = f"event {event.number}"
    pooled = _pooled(event, played)
    rules.lines, rules.pairwise = _line_meaning(pooled, rooms, played)
    _boards(event, played, rooms, rules, apply, done)
    if rules.pairwise is not None:
        _pairwise(event, pooled, played, rules.pairwise, apply, done)
    _match_totals(event, played, rooms, apply, done)
    rules.scale = _victory_points(where, event, played, rooms, apply, done)
    rules.totals = _team_totals(where, event, played, apply, done)


def _place(event: Event, section: Section, match: Match, board: Board | None = None) -> str:
    where = f"event {event.number}" + (f", section {section.name}" if section.name else "")
    where += f", round {match.round}, match {match.home} v {match.away}"
    return where + (f", board {board.number}" if board is not None else "")


def _rooms(match: Match) -> list[Room]:
    """The match's computable boards."""
    found = []
    for board in match.boards:
        home = [x for x in board.results if x.ns == match.home and x.ew == match.away]
        away = [x for x in board.results if x.ns == match.away and x.ew == match.home]
        if len(home) != 1 or len(away) != 1:
            continue
        opened, closed = home[0].ns_score, away[0].ns_score
        if type(opened) is int and type(closed) is int:
            found.append(Room(board, home[0], away[0], int(match_imps([opened], [closed])[0])))
    return found


def _pooled(event: Event, played: list[Played]) -> Results:
    """Every line of the event's match boards, pooled by board number (one field)."""
    boards: dict[int, Board] = {}
    for _, match in played:
        for board in match.boards:
            boards.setdefault(board.number, Board(board.number)).results.extend(board.results)
    section = Section("", results=[boards[n] for n in sorted(boards)])
    return Results([Event(event.number, kind=event.kind, sections=[section])])


def _line_meaning(
    pooled: Results, rooms: dict[int, list[Room]], played: list[Played]
) -> tuple[str, ImpRules | None]:
    """What the lines' points are: the match IMPs, or the pairs' own against the field (the
    rules they fit), whichever more lines agree with; ("", None) where none is recorded."""
    as_match = compared = 0
    for _, match in played:
        for room in rooms[id(match)]:
            for line, value in ((room.opened, room.imps), (room.closed, -room.imps)):
                if line.ns_points is not None:
                    compared += 1
                    as_match += abs(line.ns_points - value) < T.EPS + 0.005
    found = board_rules(pooled)
    if found is None and not compared:
        return "", None
    if found is None or (as_match >= found[1][0] and compared):
        return "match", None
    return "pairwise", found[0]


def _boards(
    event: Event,
    played: list[Played],
    rooms: dict[int, list[Room]],
    rules: TeamRules,
    apply: bool,
    done: Rescoring,
) -> None:
    """Each board's recorded match IMPs against its two rooms."""
    found: list[tuple[str, str, float, int]] = []
    for section, match in played:
        for room in rooms[id(match)]:
            place = _place(event, section, match, room.board)
            given = [("home IMPs", room.board.imps, room.imps)]
            if rules.lines == "match" and room.board.imps is None:
                given = [
                    ("home IMPs", room.opened.ns_points, room.imps),
                    ("away IMPs", room.closed.ns_points, -room.imps),
                ]
            found.extend((place, w, r, v) for w, r, v in given if r is not None)
    right = [abs(r - v) < 0.005 for _, _, r, v in found]
    if not reproduces(sum(right), len(right)):
        done.not_reproduced(
            f"event {event.number}", "board IMPs", "the WBF IMP scale", sum(right), len(right)
        )
        return
    for (place, what, recorded, value), ok in zip(found, right, strict=True):
        done.count("boards", ok)
        if not ok:
            done.differences.append(Difference(place, what, recorded, float(value)))
    if apply:
        _fill_boards(rooms, rules)


def _fill_boards(rooms: dict[int, list[Room]], rules: TeamRules) -> None:
    """Each computable board's IMPs where the file records them (with the board, or on the
    lines where those are the match IMPs or hold nothing)."""
    for group in rooms.values():
        for room in group:
            if room.board.imps is not None or rules.lines == "pairwise":
                room.board.imps = float(room.imps)
            else:
                room.opened.ns_points, room.opened.ew_points = float(room.imps), -float(room.imps)
                room.closed.ns_points, room.closed.ew_points = -float(room.imps), float(room.imps)


def _pairwise(
    event: Event,
    pooled: Results,
    played: list[Played],
    rules: ImpRules,
    apply: bool,
    done: Rescoring,
) -> None:
    """The pairs' own board figures against the field, by the rules they fit."""
    places = {
        id(line): f"{_place(event, section, match, board)}, team {line.ns} N-S"
        for section, match in played
        for board in match.boards
        for line in board.results
    }
    lines = ImpLines.of(pooled, rules.across_sections)
    scored = Scored.of(lines, rules)
    ns_wrong, ew_wrong = scored.wrong(lines)
    checked = ~np.isnan(lines.ns_recorded) & ~np.isnan(scored.ns)
    agree = int((checked & ~ns_wrong & ~ew_wrong).sum())
    if not reproduces(agree, int(checked.sum())):
        where = f"event {event.number}"
        done.not_reproduced(where, "pairwise IMPs", rules.board_words(), agree, int(checked.sum()))
        return
    decimals = rules.board_decimals
    for k in np.flatnonzero(ns_wrong | ew_wrong).tolist():
        line = lines.line(k)
        for side, wrong, recorded, value in (
            ("N-S", ns_wrong, line.ns_points, scored.ns[k]),
            ("E-W", ew_wrong, line.ew_points, scored.ew[k]),
        ):
            if wrong[k]:
                rounded = float(T.round_half_away(value, decimals))
                what = f"{side} pairwise IMPs"
                done.differences.append(Difference(places[id(line)], what, recorded, rounded))
                if apply:
                    setattr(line, "ns_points" if side == "N-S" else "ew_points", rounded)


def _match_totals(
    event: Event, played: list[Played], rooms: dict[int, list[Room]], apply: bool, done: Rescoring
) -> None:
    """Each match's IMP totals where every board of the match is computable."""
    for section, match in played:
        found = rooms[id(match)]
        if not found or len(found) < len(match.boards):
            continue
        won = np.asarray([room.imps for room in found])
        home, away = float(won[won > 0].sum()), float(-won[won < 0].sum())
        place = _place(event, section, match)
        for what, recorded, value in (
            ("home IMPs", match.home_imps, home),
            ("away IMPs", match.away_imps, away),
        ):
            if recorded is not None:
                done.count("totals", abs(recorded - value) < 0.005)
                if abs(recorded - value) >= 0.005:
                    done.differences.append(Difference(place, what, recorded, value))
        if apply:
            match.home_imps, match.away_imps = home, away


def _margin(match: Match, rooms: list[Room]) -> float | None:
    """The match's IMP margin as the file has it (its IMP totals, or its boards' IMPs), else
    as its rooms give it."""
    if match.home_imps is not None and match.away_imps is not None:
        return match.home_imps - match.away_imps
    imps = [board.imps for board in match.boards]
    if match.boards and None not in imps:
        return float(sum(i for i in imps if i is not None))
    if rooms and len(rooms) == len(match.boards):
        return float(sum(room.imps for room in rooms))
    return None


def _victory_points(
    where: str,
    event: Event,
    played: list[Played],
    rooms: dict[int, list[Room]],
    apply: bool,
    done: Rescoring,
) -> ScaleFit | None:
    """Each match's VPs on the scale the file's matches fit."""
    found: list[tuple[Played, MatchVps]] = []
    for section, match in played:
        margin = _margin(match, rooms[id(match)])
        if margin is None or match.home_vp is None or match.away_vp is None or not match.away:
            continue
        boards = len(match.boards)
        found.append(((section, match), MatchVps(margin, boards, match.home_vp, match.away_vp)))
    scale = fit_scale([vps for _, vps in found]) if found else None
    if scale is not None and not reproduces(scale.agree, scale.compared):
        done.not_reproduced(where, "VPs", scale.describe(), scale.agree, scale.compared)
        return None
    if scale is not None:
        _vp_differences(event, found, scale, apply, done)
    if apply:
        scale = _fill_victory_points(played, rooms, scale) or scale
    return scale


def _vp_differences(
    event: Event,
    found: list[tuple[Played, MatchVps]],
    scale: ScaleFit,
    apply: bool,
    done: Rescoring,
) -> None:
    """Each match whose VPs are not the scale's."""
    for i, ((section, match), vps) in enumerate(found):
        done.count("totals", i not in scale.wrong)
        if i in scale.wrong:
            recorded = f"{match.home_vp:g}–{match.away_vp:g}"
            place = _place(event, section, match)
            done.differences.append(Difference(place, "VPs", recorded, scale.wrong[i]))
            given = scale.vps(vps.margin, vps.boards) or _between(scale, vps.margin)
            if apply and given is not None:
                match.home_vp, match.away_vp = given
            elif apply:  # (the file's own scale, known from its matches, does not say)
                done.unchecked.append(
                    f"{place}: VPs not rewritten: the file's scale, known from its own "
                    f"matches, gives a margin of {vps.margin:g} {scale.wrong[i]}"
                )


def _between(scale: ScaleFit, margin: float) -> tuple[float, float] | None:
    """Both sides' VPs for a margin the file's own scale does not show, where the margins
    either side of it give the winner the same VPs (its scale is monotone: a margin between
    two of one figure has that figure); None where they differ."""
    table = scale.table
    if not table:
        return None
    size = abs(margin)
    below = [v for m, v in table.items() if m < size]
    above = [v for m, v in table.items() if m > size]
    if not below or not above or max(below) != min(above):
        return None
    winner = max(below)
    return (winner, scale.total - winner) if margin >= 0 else (scale.total - winner, winner)


def _fill_victory_points(
    played: list[Played], rooms: dict[int, list[Room]], scale: ScaleFit | None
) -> ScaleFit | None:
    """The VPs of matches that record none, by the file's scale (the WBF 2013 continuous
    scale where it records no VPs); the scale, where any was filled."""
    by = scale or ScaleFit("the WBF 2013 continuous scale", 0, 0)
    filled = False
    for _, match in played:
        margin = _margin(match, rooms[id(match)])
        if match.home_vp is not None or match.away_vp is not None or margin is None:
            continue
        given = by.vps(margin, len(match.boards)) if match.away else None
        if given is not None:
            match.home_vp, match.away_vp = given
            filled = True
    return by if filled else None


def _team_totals(
    where: str, event: Event, played: list[Played], apply: bool, done: Rescoring
) -> str:
    """Each team's total (the sum of its VPs, or of its IMPs) and its rank in its section."""
    sums: dict[str, dict[tuple[str, int], float]] = {
        "VPs": defaultdict(float),
        "IMPs": defaultdict(float),
    }
    for section, match in played:
        for team, vps, imps in (
            (match.home, match.home_vp, match.home_imps),
            (match.away, match.away_vp, match.away_imps),
        ):
            sums["VPs"][(section.name, team)] += vps or 0.0
            sums["IMPs"][(section.name, team)] += imps or 0.0
    entries = [(s, e) for s in event.sections for e in s.entries if s.matches]
    recorded = [(s, e, e.score) for s, e in entries if e.score is not None]
    if not recorded:
        return ""
    agreeing = {
        kind: sum(abs(score - total[(s.name, e.number)]) < 0.005 for s, e, score in recorded)
        for kind, total in sums.items()
    }
    kind = max(agreeing, key=lambda k: agreeing[k])
    if not reproduces(agreeing[kind], len(recorded)):
        closest = f"the {kind} summed"
        done.not_reproduced(where, "team totals", closest, agreeing[kind], len(recorded))
        return ""
    rescored: dict[int, float] = {}
    for section, entry, score in recorded:
        value = sums[kind][(section.name, entry.number)]
        ok = abs(score - value) < 0.005
        done.count("totals", ok)
        if not ok:
            rescored[id(entry)] = value
            place = f"event {event.number}, team {entry.id}"
            done.differences.append(Difference(place, "total", score, value))
            if apply:
                entry.score = value
    rows = [(s, e, score, rescored.get(id(e), score)) for s, e, score in recorded]
    _team_ranks(where, event, rows, apply, done)
    return kind


def _team_ranks(
    where: str,
    event: Event,
    entries: list[tuple[Section, Entry, float, float]],
    apply: bool,
    done: Rescoring,
) -> None:
    """Each team's place by total in its section (ties share the best place): the rule
    checked against the recorded totals, the places then given the rescored ones (a rank
    only these move follows from what moved them)."""
    found: list[tuple[Entry, int, int, int, int]] = []
    for name in dict.fromkeys(s.name for s, _, _, _ in entries):
        group = [(e, was, now) for s, e, was, now in entries if s.name == name]
        lows, highs = T.ranks([was for _, was, _ in group])
        new_lows, new_highs = T.ranks([now for _, _, now in group])
        for (e, _, _), a, b, c, d in zip(group, lows, highs, new_lows, new_highs, strict=True):
            found.append((e, int(a), int(b), int(c), int(d)))
    ranked = [row for row in found if row[0].rank is not None]
    right = [a <= (e.rank or 0) <= b for e, a, b, _, _ in ranked]
    if not reproduces(sum(right), len(right)):
        done.not_reproduced(where, "ranks", "ranked by total", sum(right), len(right))
        return
    for (entry, _, _, low, high), ok in zip(ranked, right, strict=True):
        done.count("ranks", ok)
        if not low <= (entry.rank or 0) <= high:
            place = f"event {event.number}, team {entry.id}"
            tie = T.tie_text(low, high)
            done.differences.append(Difference(place, "rank", entry.rank, tie, follows=ok))
            if apply:
                entry.rank, entry.tied = low, high > low
