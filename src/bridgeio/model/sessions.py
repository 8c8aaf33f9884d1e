"""Events played over several sessions (USEBIO 4.2; a championship's session files joined):
an event's sessions, the sections each holds, and the event's overall standings.

An event of several sessions lists them in ``Event.sessions``. Its sections stay in
``Event.sections``, where everything that reads the model finds them, and each names its
session by number (``Section.session``: the session's place in ``Event.sessions``, from 1);
board numbers are unique only within a session. ``Event.entries`` are the overall standings:
each entry's total over all sessions (``score``, ``percentage``, ``rank``) and the score it
carried into them (``Entry.carry_forward``). An event without sessions has neither (its
sections' entries are its standings), as before.

>>> import datetime
>>> from bridgeio.model.results import Entry, Event, Section
>>> event = Event(1, "Spring Championship")
>>> add_session(event, Session("SAT", datetime.date(2024, 3, 2)), [Section("A"), Section("B")])
>>> add_session(event, Session("SUN", datetime.date(2024, 3, 3)), [Section("A")])
>>> event.entries = [Entry("1", 1, score=1210.5, percentage=56.04, rank=1, carry_forward=12.0)]
>>> [(s.id, [x.name for x in parts]) for s, parts in sessions_of(event)]
[('SAT', ['A', 'B']), ('SUN', ['A'])]
>>> [x.session for x in event.sections]
[1, 1, 2]
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bridgeio.model.provenance import Provenance

if TYPE_CHECKING:
    from bridgeio.model.results import Event, Section


@dataclass
class Session:
    """One session of an event: its id as the file names it (USEBIO ``SESSION_ID``: ``"SAT"``,
    ``"2"``), the date it was played, and what a format keeps of it."""

    id: str
    date: datetime.date | None = None
    kept: Provenance | None = field(default=None, compare=False, repr=False)


def sessions_of(event: Event) -> list[tuple[Session, list[Section]]]:
    """Each of ``event``'s sessions with its sections, in order; empty for an event without
    sessions. ``ValueError`` for a section of such an event that names no session of it.

    >>> from bridgeio.model.results import Event, Section
    >>> sessions_of(Event(sections=[Section("A")]))
    []
    >>> sessions_of(Event(sessions=[Session("1")], sections=[Section("A", session=2)]))
    Traceback (most recent call last):
    ValueError: section 'A' names session 2 of an event of 1 session(s)
    """
    if not event.sessions:
        return []
    found: list[tuple[Session, list[Section]]] = [(s, []) for s in event.sessions]
    for section in event.sections:
        number = section.session
        if number is None or not 1 <= number <= len(found):
            raise ValueError(
                f"section {section.name!r} names session {number} of an event of "
                f"{len(found)} session(s)"
            )
        found[number - 1][1].append(section)
    return found


def add_session(event: Event, session: Session, sections: list[Section]) -> None:
    """Append ``session`` to ``event`` with its ``sections`` (numbered as its sections)."""
    event.sessions.append(session)
    for section in sections:
        section.session = len(event.sessions)
        event.sections.append(section)
