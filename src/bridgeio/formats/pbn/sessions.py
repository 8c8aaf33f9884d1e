"""The PBN events of one championship's sessions joined into one event of several sessions:
a file as bridgeio writes an event of sessions (Ruter's way, :func:`.write_results.session_parts`)
reads back as that event.

Events are joined where they follow one another with the same ``Event`` name, kind and
scoring, each game's ``Stage`` tag naming its session (all different), and the last gives
the overall standings beside its own (Ruter's session columns, read as one session and the
event's ``entries``). Anything else (a file of several events, a teams file whose ``Stage``
tags name the segments of a match) stays as it is.

>>> import datetime
>>> from bridgeio.model.results import Entry, Event, Section
>>> from bridgeio.model.sessions import Session, add_session
>>> first = Event(1, "Pairs", date=datetime.date(2024, 3, 2), sections=[Section("A")])
>>> last = Event(2, "Pairs", date=datetime.date(2024, 3, 3), entries=[Entry("1", 1, score=9.0)])
>>> add_session(last, Session(""), [Section("A")])
>>> (event,) = joined([first, last], ["SAT", "SUN"])
>>> [(s.id, s.date.day) for s in event.sessions], [x.session for x in event.sections]
([('SAT', 2), ('SUN', 3)], [1, 2])
>>> event.number, event.entries[0].score
(1, 9.0)
"""

from __future__ import annotations

from dataclasses import replace

from bridgeio.model.results import Event
from bridgeio.model.sessions import Session, add_session


def joined(events: list[Event], stages: list[str]) -> list[Event]:
    """``events`` (each with its ``Stage`` tag, ``""`` for none) with each run of one
    championship's sessions joined (see the module)."""
    found: list[Event] = []
    at = 0
    while at < len(events):
        end = at + 1
        while end < len(events) and _same(events[at], events[end], stages[at : end + 1]):
            end += 1
        run = events[at:end]
        if len(run) > 1 and len(run[-1].sessions) == 1 and run[-1].entries:
            found.append(_event(run, stages[at:end]))
        else:
            found += run
        at = end
    return found


def _same(first: Event, other: Event, stages: list[str]) -> bool:
    """Whether ``other`` may be a later session of ``first``'s championship."""
    if not all(stages) or len(set(stages)) < len(stages):
        return False
    return (other.name, other.kind, other.scoring) == (first.name, first.kind, first.scoring)


def _event(run: list[Event], stages: list[str]) -> Event:
    """One event of the run's sessions, the overall standings the last one's."""
    event = replace(run[0], sections=[], sessions=[], entries=list(run[-1].entries), deals=None)
    for part, stage in zip(run, stages, strict=True):
        add_session(event, Session(stage, part.date), part.sections)
    return event
