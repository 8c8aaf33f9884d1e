"""An event of several sessions rescored (USEBIO 4.2; a championship's session files joined):
each session is checked as an event of its own, against its own boards only (board numbers
are unique only within a session, and a cumulative total is never compared with one
session's boards); then the overall standings (``Event.entries``) against the sessions'
figures.

An overall figure is found as every other figure is (:mod:`.report`): each rule below is tried
on the file's own figures, the one that reproduces most of them is chosen, it must reproduce
the bulk of them, and then a figure that alone disagrees is an error; where none does, one
warning names the closest. Entries are matched across sessions by id (USEBIO: "the same pair
must have the same id throughout"), else by number and direction; a session an entry did not
play adds nothing. Standings to date of an event whose earlier sessions the file does not hold
(an entry's recorded boards played more than it played in the file's sessions: Ruter's second
session) are checked where the file says what was carried (a carry forward), their places
always.

* Totals: the sum of the sessions' totals plus the score carried forward; or the sum alone
  (USEBIO 2.7: TOTAL_SCORE excludes CARRY_FORWARD); or, where a session's total is a mean per
  board (Ruter's Butler), the mean per board over all boards played.
* Percentages: over all boards played (each session's percentage weighted by the boards the
  entry played in it); or the mean of the sessions' percentages.
* Ranks: by overall total or by overall percentage, higher first, ties sharing a place,
  across the field or in each direction.

A figure agrees with a rule where it reads as the rule's at the figure's own precision,
allowing the rounding of the session figures it is made from.

>>> from bridgeio.model.results import Entry, Event, Section
>>> from bridgeio.model.sessions import Session, add_session
>>> def standings(*scores):
...     return [Entry(str(n), n, score=s) for n, s in enumerate(scores, start=1)]
>>> event = Event(1)
>>> add_session(event, Session("1"), [Section("", entries=standings(60, 40, 52, 48))])
>>> add_session(event, Session("2"), [Section("", entries=standings(45, 55, 50, 50))])
>>> event.entries = standings(106, 97, 102, 98)
>>> event.entries[0].carry_forward = 1.0
>>> for rank, entry in zip((1, 4, 2, 3), event.entries):
...     entry.rank = rank
>>> done = Rescoring()
>>> check_standings(event, False, done)  # doctest: +NORMALIZE_WHITESPACE
{'totals': "the sum of the sessions' totals and the carry forward",
 'ranks': 'by total across the field'}
>>> [str(d.problem) for d in done.differences]
['event 1, overall standings, pair 2: error: overall total 97 recorded, 95 by the rule']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from bridgeio.analysis.scoring.matchpoints import Convention
from bridgeio.analysis.scoring.report import Difference, Rescoring, reproduces
from bridgeio.model.results import Direction, Entry, Event, EventKind, Section, Special
from bridgeio.model.sessions import sessions_of

OneEvent = Callable[[Event, Convention | None, bool, Rescoring], None]
"""How one event (here: one session's view of it) is rescored: ``(event, convention, apply,
done)``."""


def rescore_sessions(
    event: Event, convention: Convention | None, apply: bool, done: Rescoring, one: OneEvent
) -> None:
    """Each session of ``event`` rescored by ``one`` as an event of its own (its findings
    placed at ``event N, session ID``), then the overall standings checked."""
    for session, sections in sessions_of(event):
        view = dataclasses.replace(event, sections=sections, sessions=[], entries=[])
        part = Rescoring()
        one(view, convention, apply, part)
        _take(part, done, f"event {event.number}", f"event {event.number}, session {session.id}")
    rules = check_standings(event, apply, done)
    first = done.methods.get(event.number)
    if first is not None and rules:
        overall = ", ".join(f"{kind} {rule}" for kind, rule in rules.items())
        done.methods[event.number] = _Described(f"{first.describe()}; overall: {overall}")


@dataclass
class _Described:
    text: str

    def describe(self) -> str:
        return self.text


def _take(part: Rescoring, done: Rescoring, prefix: str, label: str) -> None:
    """``part``'s findings into ``done``, their places ``prefix`` ... said ``label`` ..."""

    def placed(text: str) -> str:
        rest = text[len(prefix) :]
        if text.startswith(prefix) and rest[:1] in (",", ":", ""):
            return label + rest
        return text

    done.differences += [dataclasses.replace(d, place=placed(d.place)) for d in part.differences]
    done.unchecked += [placed(t) for t in part.unchecked]
    done.unfit += [placed(t) for t in part.unfit]
    done.unscored += [t for t in part.unscored if t not in done.unscored]
    done.errors += [dataclasses.replace(p, place=placed(p.place)) for p in part.errors]
    for key, (agreeing, compared) in part.agreement.items():
        done.agreement[key][0] += agreeing
        done.agreement[key][1] += compared
    for number, method in part.methods.items():
        done.methods.setdefault(number, method)


# ---------------------------------------------------------------------------- standings


@dataclass
class Played:
    """An entry's figures in the sessions it played: totals, percentages, boards played."""

    scores: list[float | None] = field(default_factory=list)
    percentages: list[float | None] = field(default_factory=list)
    boards: list[int | None] = field(default_factory=list)


def played(event: Event) -> dict[int, Played]:
    """Each overall entry's figures in the sessions (by the entry's ``id()``)."""
    found = {id(e): Played() for e in event.entries}
    for _, sections in sessions_of(event):
        seen = _index(sections)
        for entry in event.entries:
            match = seen.get(("id", entry.id)) or seen.get(
                ("number", entry.number, entry.direction)
            )
            if match is None:
                continue
            own, section = match
            figures = found[id(entry)]
            figures.scores.append(own.score)
            figures.percentages.append(own.percentage)
            figures.boards.append(_boards(own, section))
    return found


def _index(sections: list[Section]) -> dict[tuple[object, ...], tuple[Entry, Section]]:
    seen: dict[tuple[object, ...], tuple[Entry, Section]] = {}
    for section in sections:
        for entry in section.entries:
            for key in (("id", entry.id), ("number", entry.number, entry.direction)):
                seen.setdefault(key, (entry, section))
    return seen


_NO_PLAY = (Special.NOT_PLAYED, Special.NOT_IN_PLAY, Special.LATE_PLAY)


def _boards(entry: Entry, section: Section) -> int | None:
    """The boards ``entry`` played in ``section``: as recorded, else its traveller lines."""
    if entry.boards_played is not None:
        return entry.boards_played
    directional = section.directional
    count = 0
    for board in section.results:
        for line in board.results:
            if line.ns_score is None or line.ns_score in _NO_PLAY:
                continue
            if line.seats is not None:
                count += entry.number in line.seats
            elif not directional or entry.direction is None:
                count += entry.number in (line.ns, line.ew)
            else:
                count += (line.ns if entry.direction is Direction.NS else line.ew) == entry.number
    return count or None


Rule = Callable[[Played, Entry], float | None]


def _sum(values: list[float | None]) -> float | None:
    if not values or any(v is None for v in values):
        return None
    return float(sum(v for v in values if v is not None))


def _weighted(p: Played, _: Entry) -> float | None:
    return _by_boards(p.percentages, p.boards)


def _per_board(p: Played, _: Entry) -> float | None:
    return _by_boards(p.scores, p.boards)


def _by_boards(values: list[float | None], boards: list[int | None]) -> float | None:
    """The sessions' ``values`` weighted by the boards played in each."""
    pairs = list(zip(values, boards, strict=True))
    if not pairs or any(value is None or not count for value, count in pairs):
        return None
    total = sum(count or 0 for _, count in pairs)
    return sum((value or 0.0) * (count or 0) for value, count in pairs) / total


def _mean(p: Played, _: Entry) -> float | None:
    if not p.percentages or any(v is None for v in p.percentages):
        return None
    return sum(v or 0.0 for v in p.percentages) / len(p.percentages)


TOTALS: dict[str, Rule] = {
    "the sum of the sessions' totals and the carry forward": lambda p, e: (
        None if (s := _sum(p.scores)) is None else s + (e.carry_forward or 0.0)
    ),
    "the sum of the sessions' totals": lambda p, e: _sum(p.scores),
    "the mean per board over all boards played": _per_board,
}
PERCENTAGES: dict[str, Rule] = {
    "over all boards played": _weighted,
    "the mean of the sessions' percentages": _mean,
}
FIGURES = (
    ("score", "overall total", "totals", TOTALS),
    ("percentage", "overall percentage", "percentages", PERCENTAGES),
)


def check_standings(event: Event, apply: bool, done: Rescoring) -> dict[str, str]:
    """The overall standings of ``event`` against its sessions' figures (see the module):
    totals, percentages, then ranks from the totals or percentages by their rules (a rank
    that differs only because a figure it follows does is said as following it). The rule
    found for each kind of figure, by kind (``"totals"``: ``"the sum of ..."``)."""
    chosen: dict[str, str] = {}
    if not event.entries or not event.sessions:
        return chosen
    found = played(event)
    alone = [e.id or str(e.number) for e in event.entries if not found[id(e)].boards]
    if alone:
        done.unchecked.append(
            f"event {event.number}, overall standings: {_noun(event)} {', '.join(alone)} in no "
            "session: figures not checked"
        )
    short = _short(event, found, done)
    carried = {id(e) for e in event.entries if e.carry_forward is not None}
    ruled: dict[str, dict[int, float]] = {}
    for attribute, what, kind, rules in FIGURES:
        # (the boards of sessions the file does not hold: a total only with a carry forward)
        unknown = short if attribute == "percentage" else short - carried
        seen = {k: Played() if k in unknown else v for k, v in found.items()}
        rule, ruled[attribute] = _figure(event, seen, (attribute, what, kind), rules, done)
        if rule:
            chosen[kind] = rule
    rule = _ranks(event, done, ruled)
    if rule:
        chosen["ranks"] = rule
    if apply:
        for attribute, values in ruled.items():
            for entry in event.entries:
                if id(entry) in values:
                    setattr(entry, attribute, values[id(entry)])
    return chosen


def _short(event: Event, found: dict[int, Played], done: Rescoring) -> set[int]:
    """The overall entries whose boards played (as recorded) are more than they played in
    the file's sessions: standings to date of an event whose earlier sessions the file does
    not hold (Ruter's second session: ``NrBoards`` 52, ``NrBoardsSession`` 26), said once."""
    short = set()
    for entry in event.entries:
        boards = found[id(entry)].boards
        if entry.boards_played and boards and sum(b or 0 for b in boards) < entry.boards_played:
            short.add(id(entry))
    if short:
        done.unchecked.append(
            f"event {event.number}, overall standings: {len(short)} of {len(event.entries)} "
            f"{_noun(event)}s count boards of sessions this file does not hold: their "
            "percentages, and totals without a carry forward, not checked"
        )
    return short


def _figure(
    event: Event,
    found: dict[int, Played],
    figure: tuple[str, str, str],
    rules: dict[str, Rule],
    done: Rescoring,
) -> tuple[str, dict[int, float]]:
    """One kind of overall figure (``figure``: its attribute, its name and its kind's name)
    checked by the rule that fits it best: that rule's name, and each entry's figure by it
    where it differs from the recorded one (at the recorded one's precision)."""
    attribute, what, kind = figure
    sessions = len(event.sessions)
    best: tuple[int, int, str] = (-1, 0, "")
    for name, rule in rules.items():
        agree = compared = 0
        for entry in event.entries:
            recorded, computed = getattr(entry, attribute), rule(found[id(entry)], entry)
            if recorded is not None and computed is not None:
                compared += 1
                agree += _agrees(recorded, computed, sessions)
        if agree > best[0]:
            best = (agree, compared, name)
    agree, compared, name = best
    if not compared:
        return "", {}
    if not reproduces(agree, compared):
        done.not_reproduced(f"event {event.number}, overall standings", kind, name, agree, compared)
        return "", {}
    rule = rules[name]
    ruled: dict[int, float] = {}
    for entry in event.entries:
        recorded, computed = getattr(entry, attribute), rule(found[id(entry)], entry)
        if computed is None:
            continue
        same = recorded is not None and _agrees(recorded, computed, sessions)
        done.count(kind, same)
        if not same:
            ruled[id(entry)] = value = round(computed, _decimals(recorded))
            done.differences.append(Difference(_place(event, entry), what, _none(recorded), value))
    return name, ruled


def _none(value: float | None) -> object:
    return "none" if value is None else value


def _decimals(value: float | None) -> int:
    """The decimals a recorded figure is given to (at most 2; 2 for none)."""
    if value is None:
        return 2
    for decimals in (0, 1):
        if abs(round(value, decimals) - value) < 1e-6:
            return decimals
    return 2


def _agrees(recorded: float, computed: float, sessions: int) -> bool:
    """Does ``recorded`` read as ``computed`` at its precision, allowing the rounding of the
    ``sessions`` figures it is made from?"""
    slack = 0.5 / 10.0 ** _decimals(recorded) + 0.005 * sessions + 1e-6
    return abs(recorded - computed) <= slack


def _noun(event: Event) -> str:
    return {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(event.kind, "pair")


def _place(event: Event, entry: Entry) -> str:
    return f"event {event.number}, overall standings, {_noun(event)} {entry.id}"


RANKINGS = {
    "by total across the field": ("score", False),
    "by total in each direction": ("score", True),
    "by percentage across the field": ("percentage", False),
    "by percentage in each direction": ("percentage", True),
}


def _ranks(event: Event, done: Rescoring, ruled: dict[str, dict[int, float]]) -> str:
    """The overall places against the rule of the figures they fit best, given those figures
    by their rules (``ruled``: where they differ from the recorded ones); none checked in a
    handicap event, whose places may follow another order."""
    entries = event.entries
    if any(e.handicap for e in entries) or not any(e.rank is not None for e in entries):
        return ""
    best: tuple[int, int, str] = (-1, 0, "")
    for name, (attribute, directed) in RANKINGS.items():
        places = _places(entries, attribute, directed, ruled.get(attribute, {}))
        pairs = [(e.rank, places[id(e)]) for e in entries if e.rank is not None]
        ranked = [(rank, place) for rank, place in pairs if place is not None]
        agree = sum(rank == place[0] for rank, place in ranked)
        if agree > best[0]:
            best = (agree, len(ranked), name)
    agree, compared, name = best
    if not compared:
        return ""
    if not reproduces(agree, compared):
        where = f"event {event.number}, overall standings"
        done.not_reproduced(where, "ranks", name, agree, compared)
        return ""
    attribute, directed = RANKINGS[name]
    places = _places(entries, attribute, directed, ruled.get(attribute, {}))
    as_recorded = _places(entries, attribute, directed, {})
    for entry in entries:
        place = places[id(entry)]
        if entry.rank is None or place is None:
            continue
        done.count("ranks", entry.rank == place[0])
        if entry.rank != place[0]:
            was = as_recorded[id(entry)]
            follows = was is not None and was[0] == entry.rank
            done.differences.append(
                Difference(
                    _place(event, entry), "overall rank", entry.rank, place[0], follows=follows
                )
            )
            ruled.setdefault("rank", {})[id(entry)] = place[0]
            ruled.setdefault("tied", {})[id(entry)] = place[1]
    return name


def _places(
    entries: list[Entry], attribute: str, directed: bool, ruled: dict[int, float]
) -> dict[int, tuple[int, bool] | None]:
    """Each entry's place (and whether it is shared) by ``attribute`` (``ruled``'s figure
    where it has one), higher first, across the field or in each direction; None for an
    entry without the figure."""
    values = {id(e): ruled.get(id(e), getattr(e, attribute)) for e in entries}
    places: dict[int, tuple[int, bool] | None] = {}
    for entry in entries:
        value = values[id(entry)]
        if value is None:
            places[id(entry)] = None
            continue
        field_ = [
            values[id(o)]
            for o in entries
            if values[id(o)] is not None and (not directed or o.direction == entry.direction)
        ]
        better = sum(1 for v in field_ if v > value + 1e-9)
        tied = sum(1 for v in field_ if abs(v - value) <= 1e-9) > 1
        places[id(entry)] = (better + 1, tied)
    return places
