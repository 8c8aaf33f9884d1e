"""The session files of one event joined into one event of several sessions
(``bridgeio merge``; DESIGN.md, "Events of several sessions").

Each file's event is a session (or, where the file already holds sessions, such as a Ruter
second session read with its cumulative standings, those sessions), taken in date order.
The entries are matched by number (their id as players see it: ``3``, or ``3NS`` where a
Mitchell numbers both directions from 1; by section and id where a session's sections number
their pairs alike), their names checked: a name that differs from one session to another is
a warning, and so is an entry missing from a session. The overall standings are the last
session's own cumulative figures where its file gives them for every entry (Ruter's
``TotalScoreMP`` beside ``SessionScoreMP``, USEBIO's overall ``PARTICIPANTS``); otherwise
they are computed: each entry's scores of the sessions summed with its carried score, its
percentage over all the boards it played, ranked by total.

>>> import datetime
>>> from bridgeio.model.results import Entry, Event, Results, Section
>>> def day(n, scores):
...     entries = [Entry(str(i), i, score=s, percentage=p, boards_played=24)
...                for i, (s, p) in enumerate(scores, start=1)]
...     return Results([Event(name="Pairs", date=datetime.date(2024, 3, n),
...                           sections=[Section("A", entries=entries)])])
>>> event = merge([day(3, [(10.0, 60.0), (-10.0, 40.0)]), day(2, [(-4.0, 45.0), (4.0, 55.0)])])
>>> [(s.id, s.date.day) for s in event.sessions]
[('1', 2), ('2', 3)]
>>> [(e.id, e.score, e.percentage, e.rank) for e in event.entries]
[('1', 6.0, 52.5, 1), ('2', -6.0, 47.5, 2)]
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
from collections.abc import Sequence

from bridgeio.errors import report
from bridgeio.model.results import Entry, Event, Results, Section
from bridgeio.model.sessions import Session, sessions_of

_Part = tuple[Session, list[Section], str]
"""A session, its sections, and the name of the file it came from."""

TOLERANCE = 0.051
"""How far a file's cumulative total may be from the sum of sessions (printed to 0.1)."""


def merge(sources: Sequence[Results], names: Sequence[str] | None = None) -> Event:
    """One event of several sessions from the session files ``sources`` (read files, named
    ``names`` in warnings), each file's first event a session or its sessions; warnings
    (:func:`bridgeio.errors.report`) for an entry's name that differs between sessions, an
    entry missing from a session, an event of another kind or scoring, and a file's
    cumulative total that is not the sum of its sessions. ``ValueError`` when a file holds
    no event. See the module for an example."""
    files = list(names or [r.format or f"file {i}" for i, r in enumerate(sources, start=1)])
    events = []
    for name, source in zip(files, sources, strict=True):
        if not source.events:
            raise ValueError(f"{name}: no event to merge")
        events.append((name, source.events[0]))
    parts = _ordered([part for name, event in events for part in _parts(name, event)])
    first = events[0][1]
    _check_kinds(first, events)
    merged = dataclasses.replace(first, sections=[], sessions=[], entries=[], deals=None)
    merged.session_name = ""  # (each session's name is its id)
    merged.date = min((s.date for s, _, _ in parts if s.date), default=first.date)
    for session, sections, _ in parts:
        merged.sessions.append(session)
        for section in sections:
            section.session = len(merged.sessions)
            merged.sections.append(section)
    _left_out(files, sources)
    roster = _roster(parts)
    merged.entries = _overall(parts, roster, _cumulative(events, parts))
    return merged


def _left_out(files: list[str], sources: Sequence[Results]) -> None:
    """A warning for a file's events after its first, and for the hand records."""
    for name, source in zip(files, sources, strict=True):
        if len(source.events) > 1:
            report(
                name,
                "events",
                f"one event a session file, found {len(source.events)}: the first merged",
                "warning",
            )
    dealt = [
        n for n, source in zip(files, sources, strict=True) if source.events[0].deals is not None
    ]
    if dealt:
        report(
            dealt[0],
            "deals",
            f"the hand records of {len(dealt)} session file(s) not merged (an event holds one"
            " deal a board number, and its sessions number their boards alike)",
            "warning",
        )


def _parts(name: str, event: Event) -> list[_Part]:
    """``event``'s sessions with their sections (copies), or the event as one session."""
    if event.sessions:
        return [(copy.copy(s), copy.deepcopy(x), name) for s, x in sessions_of(event)]
    session = Session(event.session_name, event.date)
    return [(session, copy.deepcopy(event.sections), name)]


def _ordered(parts: list[_Part]) -> list[_Part]:
    """In date order (an undated session where its file put it); each session an id, its
    place where the file named none or an id another session has."""
    latest = datetime.date.min
    keys = []
    for session, _, _ in parts:
        latest = max(latest, session.date or latest)
        keys.append(session.date or latest)
    ordered = [p for _, p in sorted(zip(keys, parts, strict=True), key=lambda kp: kp[0])]
    ids = [s.id for s, _, _ in ordered]
    for place, (session, _, _) in enumerate(ordered, start=1):
        if not session.id or ids.count(session.id) > 1:
            session.id = str(place)
    return ordered


def _check_kinds(first: Event, events: list[tuple[str, Event]]) -> None:
    for name, event in events[1:]:
        if (event.kind, event.scoring) != (first.kind, first.scoring):
            report(
                name,
                "event",
                f"a session of the event's kind and scoring ({first.kind.value},"
                f" {first.scoring.value}), found {event.kind.value}, {event.scoring.value}:"
                " merged all the same",
                "warning",
            )


def key_of(entry: Entry, section: Section, sections: list[Section]) -> str:
    """How an entry is known across sessions: its id, or its section's name and its id
    where another section of its session has an entry of that id.

    >>> a, b = Section("A", entries=[Entry("1", 1)]), Section("B", entries=[Entry("1", 1)])
    >>> key_of(a.entries[0], a, [a]), key_of(a.entries[0], a, [a, b])
    ('1', 'A 1')
    """
    others = [s for s in sections if s is not section]
    if any(e.id == entry.id for s in others for e in s.entries):
        return f"{section.name} {entry.id}"
    return entry.id


def _name(entry: Entry) -> str:
    """An entry's name as compared: its players (in any order) or its team's name."""
    players = sorted(" ".join(p.name.casefold().split()) for p in entry.players if p.name)
    return " - ".join(players) or " ".join(entry.name.casefold().split())


def _shown(entry: Entry) -> str:
    return " - ".join(p.name for p in entry.players if p.name) or entry.name


_Roster = dict[str, list[Entry | None]]
"""Each entry's key: its entry in each session (None where it played none)."""


def _roster(parts: list[_Part]) -> _Roster:
    """Each entry of any session by its key, with a warning where its name differs from
    the one it first had, or it is missing from a session."""
    roster: _Roster = {}
    for place, (_, sections, file) in enumerate(parts):
        for section in sections:
            for entry in section.entries:
                key = key_of(entry, section, sections)
                seen = roster.setdefault(key, [None] * len(parts))
                _check_name(key, entry, seen, file, place)
                seen[place] = entry
    for key, seen in roster.items():
        for place, found in enumerate(seen):
            if found is None:
                session, _, file = parts[place]
                report(file, f"session {session.id}", f"entry {key} has no row here", "warning")
    return roster


def _check_name(key: str, entry: Entry, seen: list[Entry | None], file: str, place: int) -> None:
    before = next((e for e in seen if e is not None), None)
    if before is None or not _name(before) or not _name(entry) or _name(before) == _name(entry):
        return
    report(
        file,
        f"entry {key}",
        f"matched by number to {_shown(before)!r} of an earlier session, named"
        f" {_shown(entry)!r} here: merged by number",
        "warning",
    )


def _cumulative(events: list[tuple[str, Event]], parts: list[_Part]) -> dict[str, Entry]:
    """The overall standings a file gives (its event's ``entries``), from the file of the
    latest session among those that give them; empty where none does."""
    last: tuple[int, Event] | None = None
    for name, event in events:
        if not event.entries:
            continue
        place = max((i for i, (_, _, file) in enumerate(parts) if file == name), default=-1)
        if last is None or place >= last[0]:
            last = (place, event)
    if last is None:
        return {}
    event = last[1]
    sections = [Section("", entries=list(event.entries))]
    return {key_of(e, sections[0], sections): e for e in event.entries}


def _overall(parts: list[_Part], roster: _Roster, given: dict[str, Entry]) -> list[Entry]:
    """The overall standings: the file's own where it gives every entry's (checked against
    the sum of sessions), else computed."""
    computed = {key: _total(key, seen) for key, seen in roster.items()}
    if given and set(computed) <= set(given):
        _check_sums(parts, computed, given)
        return [copy.deepcopy(given[key]) for key in computed]
    return ranked(list(computed.values()))


def _total(key: str, seen: list[Entry | None]) -> Entry:
    """An entry's total over its sessions: the sum of its scores plus the score it carried
    in; its percentage over all the boards it played (where each session gives both)."""
    played = [e for e in seen if e is not None]
    first = played[0]
    carried = next((e.carry_forward for e in played if e.carry_forward is not None), None)
    scores = [e.score for e in played]
    score = None if None in scores else sum(s or 0.0 for s in scores) + (carried or 0.0)
    boards = [e.boards_played for e in played]
    weighted = [(e.percentage, e.boards_played) for e in played]
    percentage = None
    if all(p is not None and b for p, b in weighted):
        total = sum(b or 0 for _, b in weighted)
        percentage = round(sum((p or 0.0) * (b or 0) for p, b in weighted) / total, 2)
    entry = Entry(
        key,
        first.number,
        first.direction,
        first.name,
        score=None if score is None else round(score, 2),
        percentage=percentage,
        players=copy.deepcopy(first.players),
        boards_played=None if None in boards else sum(b or 0 for b in boards),
        carry_forward=carried,
    )
    return entry


def ranked(entries: list[Entry]) -> list[Entry]:
    """``entries`` by total (else percentage), best first, ranked (equal totals share a
    rank, tied); an entry without either is last, unranked.

    >>> ranked([Entry("1", 1, score=3.0), Entry("2", 2, score=5.0), Entry("3", 3, score=3.0)])
    ... # doctest: +NORMALIZE_WHITESPACE
    [Entry(id='2', number=2, ..., rank=1, tied=False, ...),
     Entry(id='1', number=1, ..., rank=2, tied=True, ...),
     Entry(id='3', number=3, ..., rank=2, tied=True, ...)]
    """

    def figure(entry: Entry) -> float | None:
        return entry.score if entry.score is not None else entry.percentage

    known = sorted((e for e in entries if figure(e) is not None), key=lambda e: -(figure(e) or 0))
    figures = [figure(e) for e in known]
    for entry in known:
        entry.rank = figures.index(figure(entry)) + 1
        entry.tied = figures.count(figure(entry)) > 1
    return known + [e for e in entries if figure(e) is None]


def _check_sums(parts: list[_Part], computed: dict[str, Entry], given: dict[str, Entry]) -> None:
    """A warning (once, with how many) where a file's cumulative totals are not the sum of
    the sessions' totals and carried scores."""
    off = [
        key
        for key, entry in computed.items()
        if entry.score is not None
        and given[key].score is not None
        and abs((given[key].score or 0.0) - entry.score) > TOLERANCE
    ]
    if off:
        report(
            parts[-1][2],
            "overall standings",
            f"cumulative totals the sum of the sessions' totals, found {len(off)} that are not"
            f" (first: entry {off[0]}, {given[off[0]].score} against {computed[off[0]].score}):"
            " the file's own kept",
            "warning",
        )
