"""Writing USEBIO from the results model: 1.4 by default, 1.2 for receivers that want it
(dates dd/mm/yyyy, nothing 1.2 cannot hold); UTF-8, the specification's element order,
deterministic, written as it is built (a board at a time) so that a big event needs little
memory beyond its model.

The model comes first: every field the model has is written from the model, so an edit of a
name, a score or a match result reaches the file. What a USEBIO source kept beyond the model
(its provenance) fills in only what the model has no field for, and a kept spelling (a pair id
``1 NS``, a place, a name) only while it still reads as the model's value. An event of one
section is written in the usual form (PARTICIPANTS and BOARD directly in EVENT); SECTION
elements are written for several sections (or a file that had one). What the target cannot
carry is reported with :func:`~bridgeio.errors.lost`.

This module is the entry point and the document's flow (the root, CLUB, EVENT and its
sections, streamed); the elements are built by element, beside what reads them:
:mod:`~bridgeio.formats.usebio.write_event` (CLUB, EVENT's own elements),
:mod:`~bridgeio.formats.usebio.write_entries` and :mod:`~bridgeio.formats.usebio.write_players`
(PARTICIPANTS), :mod:`~bridgeio.formats.usebio.write_boards` (BOARD, TRAVELLER_LINE),
:mod:`~bridgeio.formats.usebio.write_matches` (MATCH) and
:mod:`~bridgeio.formats.usebio.handsets` (HANDSET), with the tools of
:mod:`~bridgeio.formats.usebio.output`.

Written for receivers that look elements up as dictionary keys (a results site's import): every
PLAYER has a NATIONAL_ID_NUMBER, empty where the player has no number (also where a USEBIO
source left the element out: the model cannot tell that from an empty one), and an EVENT_TYPE
the schema does not name (Compscore's ``NOTSUP``) is written as the model's kind.

>>> import io, datetime
>>> from bridgeio.model.results import Entry, Event, Player, Results, Section
>>> pair = Entry("1NS", 1, Direction.NS, percentage=55.0, rank=1,
...              players=[Player("Lee", "Ann", "7"), Player("Kim", "Bo")])
>>> event = Event(1, "Pairs", date=datetime.date(2024, 3, 1),
...               sections=[Section("", entries=[pair])])
>>> out = io.BytesIO(); write(Results([event]), out, usebio_version="1.2")
>>> print(out.getvalue().decode().strip())  # doctest: +ELLIPSIS
<?xml version='1.0' encoding='UTF-8'?>
<USEBIO Version="1.2">
  <CLUB>...
  <EVENT EVENT_TYPE="PAIRS">
    <PROGRAM_NAME>bridgeio</PROGRAM_NAME>
    ...
    <DATE>01/03/2024</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <PARTICIPANTS>
      <PAIR>
        <PAIR_NUMBER>1NS</PAIR_NUMBER>
        <DIRECTION>NS</DIRECTION>
        <PLAYER>
          <PLAYER_NAME>Ann Lee</PLAYER_NAME>
          <NATIONAL_ID_NUMBER>7</NATIONAL_ID_NUMBER>
        </PLAYER>
        <PLAYER>
          <PLAYER_NAME>Bo Kim</PLAYER_NAME>
          <NATIONAL_ID_NUMBER></NATIONAL_ID_NUMBER>
        </PLAYER>
        <PLACE>1</PLACE>
        <PERCENTAGE>55.00</PERCENTAGE>
      </PAIR>
    </PARTICIPANTS>
  </EVENT>
</USEBIO>
"""

from __future__ import annotations

from typing import Any, BinaryIO

from lxml import etree

from bridgeio.errors import ConversionError
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.entries import id_maps
from bridgeio.formats.usebio.handsets import handset_element
from bridgeio.formats.usebio.names import points_tag
from bridgeio.formats.usebio.output import Target, attributes, clean, indent, kept_of
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import EventKept, Handset, SectionKept, SessionKept
from bridgeio.formats.usebio.requirements import report_lacks
from bridgeio.formats.usebio.write_boards import BoardWriter, LineIds
from bridgeio.formats.usebio.write_entries import EntryWriter
from bridgeio.formats.usebio.write_event import EVENT_TYPES, EventWriter
from bridgeio.formats.usebio.write_matches import MatchWriter
from bridgeio.model.document import Document
from bridgeio.model.results import Direction, EventKind, Results, Section
from bridgeio.model.sessions import Session, sessions_of

VERSIONS = ("1.4", "1.2")
INDENT = "  "


def write(
    doc: Document, handle: BinaryIO, source: str | None = None, usebio_version: str = "1.4"
) -> None:
    """Write ``doc`` (one event) as USEBIO ``usebio_version`` to ``handle``."""
    if not isinstance(doc, Results):
        raise ConversionError("usebio", "results", source)
    if usebio_version not in VERSIONS:
        raise ValueError(f"USEBIO version {usebio_version} is not written; choose 1.4 or 1.2")
    if len(doc.events) != 1:
        raise ConversionError(
            "usebio",
            "exactly one event a file (several events are written as OUT-1.xml, OUT-2.xml, ...)",
        )
    writer = Writer(doc, usebio_version)
    writer.write(handle)
    writer.losses.report(source or doc.format)
    report_lacks(doc.events[0], source or doc.format)


def to_xml(doc: Results, version: str = "1.4") -> bytes:
    """The USEBIO bytes of ``doc`` (one event)."""
    import io

    buffer = io.BytesIO()
    write(doc, buffer, usebio_version=version)
    return buffer.getvalue()


class Writer:
    """Writes one event of a results model: the document's flow, streamed, with the elements
    built by the element writers."""

    def __init__(self, doc: Results, version: str) -> None:
        self.target = Target(doc, version)
        self.version = version
        self.losses = self.target.losses
        self.file = self.target.file
        self.event = self.target.event
        self.events = EventWriter(self.target)
        self.entries = EntryWriter(self.target)
        self.boards = BoardWriter(self.target)
        self.matches = MatchWriter(self.target, self.boards)

    # ---------------------------------------------------------------------------- document

    def write(self, handle: BinaryIO) -> None:
        """The document, element by element, to ``handle``."""
        handle.write(b"<?xml version='1.0' encoding='UTF-8'?>\n")
        if self.file.doctype and self.file.version == self.version:
            handle.write(self.file.doctype.encode("utf-8") + b"\n")
        root_attributes = {"Version": self.version}
        root_attributes.update(attributes(self.file.attributes, "USEBIO", self.losses))
        with etree.xmlfile(handle, encoding="UTF-8") as out:
            with out.element("USEBIO", root_attributes):
                self.emit(out, self.events.club(), 1)
                self.write_event(out)
                handset = kept_of(self.event, EventKept).handset or Handset()
                if self.event.deals is not None and not handset.in_event:
                    self.emit(out, handset_element(self.event.deals, handset), 1)
                leftovers = self.target.children(())
                leftovers.kept(self.file.elements)
                for child in leftovers.into(etree.Element("X")):
                    self.emit(out, child, 1)
                out.write("\n")
        handle.write(b"\n")

    def emit(self, out: Any, element: Element, level: int) -> None:
        """Write ``element`` indented at ``level``, on a line of its own."""
        indent(element, level, INDENT)
        element.tail = None
        out.write("\n" + INDENT * level)
        out.write(element)

    def write_event(self, out: Any) -> None:
        """EVENT: its own elements, its sections (or the usual form), its hand set."""
        event = self.event
        kept = kept_of(event, EventKept)
        event_type, scoring = self.events.scoring(kept)
        own = attributes([("EVENT_TYPE", event_type), *kept.attributes], "EVENT", self.losses)
        out.write("\n" + INDENT)
        with out.element("EVENT", own):
            for child in self.events.children(kept, scoring):
                self.emit(out, child, 2)
            for section in event.sections:
                self._check_section(section)
            self._write_sections(out)
            handset = kept.handset
            if event.deals is not None and handset is not None and handset.in_event:
                self.emit(out, handset_element(event.deals, handset), 2)
            out.write("\n" + INDENT)

    # ---------------------------------------------------------------------------- sections

    def _write_sections(self, out: Any) -> None:
        """The usual form for one section; SECTION elements for several (or one the source
        had); SESSION elements around sections of sessions."""
        if self.event.sessions:
            self._write_sessions(out)
            return
        if self.event.entries:
            self.losses.add("overall standings of an event without sessions")
        sections = self.event.sections
        sessions = [s for s in sections if kept_of(s, SectionKept).session_id or s.session]
        by_session = len({s.session for s in sessions}) > 1 or any(
            kept_of(s, SectionKept).session_id for s in sections
        )
        sectioned = len(sections) > 1 or any(kept_of(s, SectionKept).sectioned for s in sections)
        if len(sections) == 1 and not sectioned and not by_session:
            section = sections[0]
            if section.name:
                self.losses.add(
                    "the name of an event's only section (USEBIO's usual form has none)"
                )
            self._section_content(out, section, 2)
            return
        for key, group in _groups(sections, by_session):
            if key is None:
                for section in group:
                    self._section_element(out, section, 2)
            else:
                self._session_element(out, key, group)

    def _write_sessions(self, out: Any) -> None:
        """An event of sessions (USEBIO 4.2): the overall standings' PARTICIPANTS (before the
        sessions, or after them where the source had it there), and a SESSION each."""
        event = self.event
        kept = kept_of(event, EventKept)
        standings = None
        if event.entries or kept.participants_attributes or kept.participants_elements:
            section = Section("", entries=event.entries)
            own = SectionKept(
                participants_attributes=kept.participants_attributes,
                participants_elements=kept.participants_elements,
            )
            standings = self.entries.participants(section, "", own)
        if standings is not None and not kept.standings_after:
            self.emit(out, standings, 2)
        for number, (session, sections) in enumerate(sessions_of(event), start=1):
            self._session(out, number, session, sections)
        if standings is not None and kept.standings_after:
            self.emit(out, standings, 2)

    def _session(self, out: Any, number: int, session: Session, sections: list[Section]) -> None:
        """SESSION ``number``: its id, date and kept elements, then its sections (the usual
        form for one that is no SECTION)."""
        kept = kept_of(session, SessionKept)
        own = {"SESSION_ID": clean(session.id or str(number), "SESSION_ID", self.losses)}
        own.update(attributes(kept.attributes, "SESSION", self.losses))
        out.write("\n" + INDENT * 2)
        with out.element("SESSION", own):
            children = self.target.children(("SESSION_DATE", "RESULTS_TYPE"))
            children.text("SESSION_DATE", _session_date(session, kept))
            children.kept(kept.elements)
            for child in children.into(etree.Element("X")).getchildren():
                self.emit(out, child, 3)
            for section in sections:
                if len(sections) > 1 or kept_of(section, SectionKept).sectioned or section.name:
                    self._section_element(out, section, 3)
                else:
                    self._section_content(out, section, 3)
            out.write("\n" + INDENT * 2)

    def _session_element(self, out: Any, number: int, sections: list[Section]) -> None:
        """SESSION ``number`` around ``sections``: kept elements, then each section."""
        kept = kept_of(sections[0], SectionKept)
        own = {"SESSION_ID": clean(kept.session_id or str(number), "SESSION_ID", self.losses)}
        own.update(attributes(kept.session_attributes, "SESSION", self.losses))
        out.write("\n" + INDENT * 2)
        with out.element("SESSION", own):
            children = self.target.children(("SESSION_DATE", "RESULTS_TYPE"))
            children.kept(kept.session_elements)
            for child in children.into(etree.Element("X")).getchildren():
                self.emit(out, child, 3)
            for section in sections:
                if kept_of(section, SectionKept).sectioned or section.name:
                    self._section_element(out, section, 3)
                else:
                    self._section_content(out, section, 3)
            out.write("\n" + INDENT * 2)

    def _section_element(self, out: Any, section: Section, level: int) -> None:
        """SECTION: its id, kept elements, then its content."""
        kept = kept_of(section, SectionKept)
        own = {"SECTION_ID": clean(section.name, "SECTION_ID", self.losses)}
        own.update(attributes(kept.attributes, "SECTION", self.losses))
        out.write("\n" + INDENT * level)
        with out.element("SECTION", own):
            children = self.target.children(())
            children.kept(kept.elements)
            for child in children.into(etree.Element("X")).getchildren():
                self.emit(out, child, level + 1)
            self._section_content(out, section, level + 1)
            out.write("\n" + INDENT * level)

    def _prefix(self, section: Section) -> str:
        """The section name before the ids of a section from another format, in an event of
        several sections (USEBIO ids are unique across the event)."""
        if isinstance(section.kept, SectionKept):
            return ""
        if sum(1 for s in self.event.sections if s.session == section.session) > 1:
            return section.name  # (among its session's sections: the same pair in each session)
        return ""

    def _section_content(self, out: Any, section: Section, level: int) -> None:
        """A section's PARTICIPANTS, BOARDs and MATCHes, at ``level``."""
        kept = kept_of(section, SectionKept)
        prefix = self._prefix(section)
        ns_ids, ew_ids = id_maps(section.entries, prefix)
        if section.entries or kept.participants_attributes or kept.participants_elements:
            self.emit(out, self.entries.participants(section, prefix, kept), level)
        points = points_tag(self.event.scoring)
        for board in section.results:
            self.emit(out, self.boards.board(board, LineIds(ns_ids, ew_ids, points)), level)
        for match in section.matches:
            self.emit(out, self.matches.match(match, section, prefix), level)

    def _check_section(self, section: Section) -> None:
        """Note a schedule that no traveller line carries (USEBIO has no schedule)."""
        if section.schedule and not any(line.round for b in section.results for line in b.results):
            self.losses.add("schedules with no round and table on the traveller lines")


def _session_date(session: Session, kept: SessionKept) -> str | None:
    """SESSION_DATE: as the source wrote it while it still says the session's date (ISO
    yyyy-mm-dd from the model otherwise, as USEBIO 1.3 and 1.4 give it)."""
    if session.date is None:
        return kept.date_text or None
    if kept.date_text:
        try:
            if V.date_value(kept.date_text) == session.date:
                return kept.date_text
        except V.Unreadable:
            pass
    return session.date.isoformat()


def _groups(sections: list[Section], by_session: bool) -> list[tuple[int | None, list[Section]]]:
    """Runs of sections of one session (``by_session``), else one run of all, keyed None."""
    groups: list[tuple[int | None, list[Section]]] = []
    for section in sections:
        key = section.session if by_session else None
        if groups and groups[-1][0] == key:
            groups[-1][1].append(section)
        else:
            groups.append((key, [section]))
    return groups


__all__ = ["write", "to_xml", "Writer", "EVENT_TYPES", "Direction", "EventKind"]
