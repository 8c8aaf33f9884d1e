"""EVENT elements into the model's events and sections, from what the stream has already
taken of them (each container's entries, boards and matches), and the facts sections derive
from their contents (movement, schedule, counts).

An event's sections are its containers in file order: the EVENT itself where it holds
PARTICIPANTS, BOARD or MATCH directly (the usual form), each SECTION, and each SESSION (its
own results, then its SECTIONs). An EVENT of sessions as USEBIO 4.2 lays one out (SESSIONs,
and beside them at most a PARTICIPANTS of overall standings) is read whole: the model's
sessions (:mod:`bridgeio.model.sessions`), each with its sections, and the standings.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import kept_element
from bridgeio.formats.usebio.names import (
    PAIRWISE_SCORINGS,
    SCORING_TAGS,
    kind_of,
    match_scoring_of,
    scoring_of,
)
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.provenance import (
    EntryKept,
    EventKept,
    Handset,
    SectionKept,
    SessionKept,
    StratKept,
)
from bridgeio.model.results import (
    Board,
    Direction,
    Entry,
    Event,
    EventKind,
    Match,
    Scoring,
    Section,
    Strat,
)
from bridgeio.model.sessions import Session, add_session

STREAMED = frozenset({"PARTICIPANTS", "BOARD", "MATCH"})
"""A container's children the stream reads as it passes them."""
EVENT_FIELDS = frozenset(
    {
        "EVENT_DESCRIPTION",
        "TITLE",
        "DATE",
        "EVENT_RATING",
        "MASTER_POINT_SCALE",
        "TOWN",
        *SCORING_TAGS,
    }
)


@dataclass
class Part:
    """What the stream took from one container (EVENT, SECTION or SESSION)."""

    entries: list[Entry] = field(default_factory=list)
    participants: EntryKept | None = None
    boards: list[Board] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing was taken from the container."""
        return self.participants is None and not self.boards and not self.matches


def event_facts(element: Element) -> tuple[EventKind, dict[str, str]]:
    """An EVENT's kind and the texts of its scoring elements read so far."""
    texts: dict[str, str] = {}
    for child in element:
        if child.tag in SCORING_TAGS and child.tag not in texts:
            texts[str(child.tag)] = child.text or ""
    return kind_of(element.get("EVENT_TYPE", "")), texts


def _other(said: Scoring | None, scoring: Scoring) -> Scoring | None:
    """A match scoring the file says, where it is not the event's scoring already."""
    return None if said is scoring else said


class EventReader:
    """Builds events once the stream has passed their end."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems

    def event(
        self, element: Element, number: int, parts: dict[Element, Part], handset: Handset | None
    ) -> Event:
        """The EVENT ``element`` as the ``number``-th event of the file."""
        event_type = element.get("EVENT_TYPE", "")
        kind = kind_of(event_type)
        texts: dict[str, str] = {}
        others: list[str] = []
        strats: list[Strat] = []
        stratification = ""
        pairwise = None
        for child in element:
            tag = child.tag
            if tag in EVENT_FIELDS and tag not in texts and not len(child):
                texts[str(tag)] = child.text or ""
            elif tag == "PAIRWISE_SCORING_METHOD" and pairwise is None:
                pairwise = PAIRWISE_SCORINGS.get((child.text or "").strip().upper())
                others.append(kept_element(child))
            elif tag == "STRATIFICATION":
                stratification = self._stratification(child, strats)
            elif tag not in STREAMED and tag not in ("SECTION", "SESSION", "HANDSET"):
                others.append(kept_element(child))
        scoring_texts = {tag: texts[tag] for tag in SCORING_TAGS if tag in texts}
        scoring = scoring_of(event_type, scoring_texts, kind)
        date, date_text = self._date(element, texts.get("DATE"))
        described = "EVENT_DESCRIPTION" in texts
        title = texts.get("TITLE", "").strip()
        event = Event(
            number=number,
            name=texts["EVENT_DESCRIPTION"].strip() if described else title,
            session_name=title if described else "",
            date=date,
            city=texts.get("TOWN", "").strip(),
            kind=kind,
            scoring=scoring,
            match_scoring=_other(match_scoring_of(scoring_texts, kind), scoring),
            pairwise_scoring=pairwise,
            rating=(texts.get("EVENT_RATING") or texts.get("MASTER_POINT_SCALE") or "").strip(),
            strats=strats,
        )
        standings = self.sessions(element, parts, kind, event)
        if standings is None:
            event.sections = self.sections(element, parts, kind)
        participants, after = standings or (EntryKept(), False)
        attributes = tuple((k, v) for k, v in element.items() if k != "EVENT_TYPE")
        event.kept = EventKept(
            attributes,
            tuple(others),
            event_type=event_type,
            scoring=tuple(scoring_texts.items()),
            name_from_title=not described and bool(title),
            date_text=date_text,
            stratification=stratification,
            handset=handset,
            participants_attributes=participants.attributes,
            participants_elements=participants.elements,
            standings_after=after,
        )
        return event

    def _date(self, element: Element, text: str | None) -> tuple[datetime.date | None, str]:
        if text is None or not text.strip():
            return None, ""
        try:
            return V.date_value(text), ""
        except V.Unreadable as error:
            date = next(element.iterchildren("DATE"))
            self.problems.add(
                place(date), f"DATE {text!r}: expected {error.expected}", kind="unreadable DATE"
            )
            return None, text

    def _stratification(self, element: Element, strats: list[Strat]) -> str:
        """STRATIFICATION's strats (letter, upper limit) into ``strats``; its type."""
        kind = ""
        for child in element:
            if child.tag == "STRATIFICATION_TYPE":
                kind = (child.text or "").strip()
            elif child.tag == "STRATS":
                strats.extend(self._strat(s) for s in child.iterchildren("STRAT"))
        return kind

    def _strat(self, element: Element) -> Strat:
        texts = {}
        others = []
        for child in element:
            if child.tag in ("STRAT_NUMBER", "STRAT_LABEL", "UPPER_LIMIT") and not len(child):
                texts[child.tag] = (child.text or "").strip()
            else:
                others.append(kept_element(child))
        limit = texts.get("UPPER_LIMIT", "")
        upper = None
        if limit and limit.upper() not in ("0", "UNLIMITED"):
            try:
                upper = V.whole(limit)
            except V.Unreadable as error:
                self.problems.add(
                    place(element),
                    f"UPPER_LIMIT {limit!r}: expected {error.expected} or UNLIMITED",
                    kind="unreadable UPPER_LIMIT",
                )
        kept = StratKept((), tuple(others), number_text=texts.get("STRAT_NUMBER", ""))
        return Strat(texts.get("STRAT_LABEL", ""), None, upper, kept)

    # ---------------------------------------------------------------------------- sessions

    def sessions(
        self, element: Element, parts: dict[Element, Part], kind: EventKind, event: Event
    ) -> tuple[EntryKept, bool] | None:
        """An EVENT of sessions (USEBIO 4.2) read whole into ``event``: each SESSION with its
        sections, the EVENT's own PARTICIPANTS as the overall standings. Returns that
        PARTICIPANTS' extras and whether it came after the SESSIONs; None for an EVENT that is
        not one (no SESSION, or BOARDs, MATCHes or SECTIONs of its own beside them: read as
        sections, each naming its session, as before)."""
        own = parts.get(element) or Part()
        tags = [child.tag for child in element]
        if "SESSION" not in tags or "SECTION" in tags or own.boards or own.matches:
            return None
        event.entries = own.entries
        sessions = [child for child in element if child.tag == "SESSION"]
        for number, child in enumerate(sessions, start=1):
            add_session(event, self._session_of(child, number), self._session(child, parts, kind))
        after = "PARTICIPANTS" in tags and tags.index("PARTICIPANTS") > tags.index("SESSION")
        return own.participants or EntryKept(), after

    def _session_of(self, element: Element, number: int) -> Session:
        """A SESSION's id (``number`` where it has none), date (its first SESSION_DATE with
        text) and extras."""
        session_id, attributes, rest = _session_children(element, number)
        dated = next((c for c in rest if c.tag == "SESSION_DATE" and _plain_text(c)), None)
        date, date_text = (None, "") if dated is None else self._session_date(dated)
        others = tuple(kept_element(child) for child in rest if child is not dated)
        return Session(session_id, date, SessionKept(attributes, others, date_text=date_text))

    def _session_date(self, element: Element) -> tuple[datetime.date | None, str]:
        """SESSION_DATE's date, and its text where the writer would write another."""
        text = element.text or ""
        try:
            date = V.date_value(text)
        except V.Unreadable as error:
            self.problems.add(
                place(element),
                f"SESSION_DATE {text!r}: expected {error.expected}",
                kind="unreadable SESSION_DATE",
            )
            return None, text
        return date, "" if text == date.isoformat() else text

    # ---------------------------------------------------------------------------- sections

    def sections(
        self, element: Element, parts: dict[Element, Part], kind: EventKind
    ) -> list[Section]:
        """The event's sections: its own results, then each SECTION and SESSION in order."""
        sections = []
        own = parts.get(element)
        if own is not None and not own.empty:
            sections.append(self.section(element, own, None, 0, kind))
        index = session_number = 0
        for child in element:
            if child.tag == "SECTION":
                index += 1
                sections.append(self.section(child, parts.get(child, Part()), None, index, kind))
            elif child.tag == "SESSION":
                session_number += 1
                sessional = (child, session_number)
                for section in self._session(child, parts, kind, sessional):
                    section.session = session_number
                    sections.append(section)
        return sections

    def _session(
        self,
        element: Element,
        parts: dict[Element, Part],
        kind: EventKind,
        sessional: tuple[Element, int] | None = None,
    ) -> list[Section]:
        """A SESSION's sections: its own results, then each of its SECTIONs (``sessional``:
        the session and its number, kept on each section, in an EVENT read as sections)."""
        sections = []
        own = parts.get(element)
        nested = list(element.iterchildren("SECTION"))
        if (own is not None and not own.empty) or not nested:
            sections.append(self.section(element, own or Part(), sessional, 0, kind))
        for index, child in enumerate(nested, start=1):
            sections.append(self.section(child, parts.get(child, Part()), sessional, index, kind))
        return sections

    def section(
        self,
        element: Element,
        part: Part,
        session: tuple[Element, int] | None,
        index: int,
        kind: EventKind,
    ) -> Section:
        """One section from its container (``index``: its place among its SECTIONs)."""
        sectioned = element.tag == "SECTION"
        name = ""
        others: list[str] = []
        if sectioned:
            name = element.get("SECTION_ID", "")
            for child in element:
                if child.tag == "SECTION_ID" and not name and not len(child):
                    name = (child.text or "").strip()
                elif child.tag not in STREAMED and child.tag != "SECTION_ID":
                    others.append(kept_element(child))
            if not name:
                name = _name_from_ids(part.entries) or str(index)
        section = Section(name, entries=part.entries, results=part.boards, matches=part.matches)
        participants = part.participants or EntryKept()
        session_kept = self._session_kept(session)
        section.kept = SectionKept(
            tuple((k, v) for k, v in element.items() if k != "SECTION_ID") if sectioned else (),
            tuple(others),
            sectioned=sectioned,
            participants_attributes=participants.attributes,
            participants_elements=participants.elements,
        )
        if session_kept is not None:
            section.kept = section.kept.replace(
                session_id=session_kept[0],
                session_attributes=session_kept[1],
                session_elements=session_kept[2],
            )
        derive(section, kind)
        return section

    def _session_kept(
        self, session: tuple[Element, int] | None
    ) -> tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]] | None:
        """A session's id, attributes and other elements, its SESSION_DATEs among them (each
        checked: a date the model does not hold, in an EVENT read as sections)."""
        if session is None:
            return None
        session_id, attributes, rest = _session_children(*session)
        for child in rest:
            if child.tag == "SESSION_DATE" and (child.text or "").strip():
                self._session_date(child)
        return session_id, attributes, tuple(kept_element(child) for child in rest)


def _session_children(
    element: Element, number: int
) -> tuple[str, tuple[tuple[str, str], ...], list[Element]]:
    """A SESSION's id (its SESSION_ID attribute, else its first SESSION_ID element, else
    ``number``), its other attributes, and its children kept beside its results and
    SECTIONs (a second SESSION_ID left out)."""
    session_id = element.get("SESSION_ID")
    rest = []
    for child in element:
        if child.tag == "SESSION_ID" and session_id is None and not len(child):
            session_id = (child.text or "").strip()
        elif child.tag not in STREAMED and child.tag not in ("SECTION", "SESSION_ID"):
            rest.append(child)
    attributes = tuple((k, v) for k, v in element.items() if k != "SESSION_ID")
    return session_id if session_id is not None else str(number), attributes, rest


def _plain_text(element: Element) -> bool:
    """Does ``element`` hold text and no elements?"""
    return not len(element) and bool((element.text or "").strip())


def _name_from_ids(entries: list[Entry]) -> str:
    """A section's name from its first entry's id (``(A) 1 NS``): some producers name
    sections only there."""
    for entry in entries[:1]:
        kept = entry.kept
        text = kept.id_text if isinstance(kept, EntryKept) else entry.id
        stripped = text.strip()
        if stripped.startswith("(") and ")" in stripped:
            return stripped[1 : stripped.index(")")].strip()
    return ""


def derive(section: Section, kind: EventKind) -> None:
    """What a section's contents say of it: its movement (Mitchell where the two directions
    share numbers), its schedule from the traveller lines' rounds and tables, its rounds,
    tables and number of boards. The writer writes none of these: it writes what they come
    from."""
    section.movement = _movement(section.entries, kind)
    section.schedule = schedule_of(section.results)
    section.rounds = len(section.schedule) or None
    section.tables = max((len(row) for row in section.schedule), default=0) or None
    section.boards = len(section.results) or None


def _movement(entries: list[Entry], kind: EventKind) -> str:
    if kind is EventKind.TEAMS:
        return "teams"
    if kind is EventKind.INDIVIDUAL:
        return "individual"
    numbers = [e.number for e in entries]
    directions = {e.direction for e in entries}
    if len(set(numbers)) < len(numbers) and directions >= {Direction.NS, Direction.EW}:
        return "mitchell"
    return "howell"


def schedule_of(boards: list[Board]) -> list[list[tuple[int, ...] | None]]:
    """Rounds x tables: (N-S, E-W, lowest board), or (N, E, S, W, lowest board) in an
    individual event, from traveller lines that give their round and table; empty where a
    line gives neither."""
    cells: dict[tuple[int, int], tuple[int, ...]] = {}
    for board in sorted(boards, key=lambda b: b.number, reverse=True):
        for line in board.results:  # the lowest board at a table is written last
            if not line.round or not line.table:
                return []
            seated = line.seats if line.seats is not None else (line.ns, line.ew)
            cells[(line.round, line.table)] = (*seated, board.number)
    if not cells:
        return []
    rounds = max(r for r, _ in cells)
    tables = max(t for _, t in cells)
    if rounds * tables > 100 * len(cells):  # numbers that cannot be a movement's
        return []
    return [[cells.get((r, t)) for t in range(1, tables + 1)] for r in range(1, rounds + 1)]
