"""An event of several sessions as the recap shows it: each session as a game of its own
(its sections, boards and travellers; board numbers repeat from one session to the next),
then the overall standings as a game without boards.

>>> import datetime
>>> from bridgeio.model.results import Entry, Event, Section
>>> from bridgeio.model.sessions import Session, add_session
>>> event = Event(name="Pairs", entries=[Entry("1", 1, score=12.0, rank=1)])
>>> add_session(event, Session("SAT", datetime.date(2024, 3, 2)), [Section("A")])
>>> add_session(event, Session("SUN"), [Section("A")])
>>> [(e.session_name, [s.name for s in e.sections]) for e in shown_events(event)]
[('Session SAT', ['A']), ('Session SUN', ['A']), ('Overall standings', ['Overall'])]
"""

from __future__ import annotations

from dataclasses import replace

from bridgeio.model.results import Event, Section
from bridgeio.model.sessions import sessions_of


def shown_events(event: Event) -> list[Event]:
    """``event`` itself, or (an event of several sessions) an event a session, dated and
    named by it, then one of the overall standings (where the event has them)."""
    if not event.sessions:
        return [event]
    shown = []
    for session, sections in sessions_of(event):
        shown.append(
            replace(
                event,
                session_name=f"Session {session.id}" if session.id else "Session",
                date=session.date or event.date,
                sections=sections,
                sessions=[],
                entries=[],
                deals=event.deals if len(event.sessions) == 1 else None,
            )
        )
    if event.entries:
        overall = Section("Overall", entries=event.entries)
        shown.append(
            replace(
                event,
                session_name="Overall standings",
                sections=[overall],
                sessions=[],
                entries=[],
                deals=None,
            )
        )
    return shown
