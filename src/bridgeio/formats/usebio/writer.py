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

import math
from typing import Any, BinaryIO

from lxml import etree

from bridgeio.errors import ConversionError
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import board_imps
from bridgeio.formats.usebio.entries import id_maps, join_name, written_id
from bridgeio.formats.usebio.handsets import handset_element
from bridgeio.formats.usebio.names import (
    BOARD_ORDER,
    ENTRY_ORDER,
    ENTRY_TAG_OF_KIND,
    EVENT_ORDER,
    EVENT_TYPE_OF_KIND,
    LINE_ORDER,
    MATCH_ORDER,
    PLAYER_ORDER,
    SCORING_ELEMENT,
    kind_of,
    points_tag,
    scoring_of,
)
from bridgeio.formats.usebio.output import Children, Losses, attributes, clean, indent
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import (
    BoardKept,
    EntryKept,
    EventKept,
    FileKept,
    Handset,
    LineKept,
    MatchKept,
    PlayerKept,
    SectionKept,
    StratKept,
    UsebioKept,
)
from bridgeio.model.document import Document
from bridgeio.model.results import (
    Board,
    BoardResult,
    Direction,
    Entry,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Section,
)

VERSIONS = ("1.4", "1.2")
EVENT_TYPES = frozenset(
    {"INDIVIDUAL", "PAIRS", "SWISS_PAIRS", "TEAMS", "SWISS_TEAMS", "MP_PAIRS", "BUTLER_PAIRS"}
    | {"CROSS_IMP", "AGGREGATE", "SWISS_PAIRS_CROSS_IMPS", "SWISS_PAIRS_BUTLER_IMPS"}
    | {"TEAMS_OF_FOUR", "MULTIPLE_TEAMS", "KNOCKOUT"}
)
"""The EVENT_TYPE values the schema allows (usebio-1.4.xsd's EventType)."""
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


def to_xml(doc: Results, version: str = "1.4") -> bytes:
    """The USEBIO bytes of ``doc`` (one event)."""
    import io

    buffer = io.BytesIO()
    write(doc, buffer, usebio_version=version)
    return buffer.getvalue()


def _kept(obj: Any, cls: type[Any]) -> Any:
    """An object's USEBIO provenance of class ``cls`` (an empty one when it has none)."""
    kept = getattr(obj, "kept", None)
    return kept if isinstance(kept, cls) else cls()


class Writer:
    """Writes one event of a results model."""

    def __init__(self, doc: Results, version: str) -> None:
        self.doc = doc
        self.version = version
        self.losses = Losses(version)
        self.file = doc.provenance if isinstance(doc.provenance, FileKept) else FileKept()
        self.event = doc.events[0]

    def children(self, order: tuple[str, ...], parent: str = "") -> Children:
        """A builder of an element's children, in ``order``."""
        return Children(order, self.version, self.losses, parent)

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
                self.emit(out, self.club(), 1)
                self.write_event(out)
                handset = _kept(self.event, EventKept).handset or Handset()
                if self.event.deals is not None and not handset.in_event:
                    self.emit(out, handset_element(self.event.deals, handset), 1)
                leftovers = self.children(())
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

    def club(self) -> Element:
        """CLUB: the event's club name and number, and what the source's CLUB held besides."""
        club = etree.Element("CLUB", attributes(self.file.club_attributes, "CLUB", self.losses))
        for tag, value in (
            ("CLUB_NAME", self.event.club),
            ("CLUB_ID_NUMBER", self.event.club_number),
        ):
            etree.SubElement(club, tag).text = clean(value, tag, self.losses)
        children = self.children(())
        children.kept(self.file.club_elements)
        return children.into(club)

    # ---------------------------------------------------------------------------- event

    def write_event(self, out: Any) -> None:
        """EVENT: its own elements, its sections (or the usual form), its hand set."""
        event = self.event
        kept = _kept(event, EventKept)
        event_type, scoring = self._scoring(kept)
        own = attributes([("EVENT_TYPE", event_type), *kept.attributes], "EVENT", self.losses)
        out.write("\n" + INDENT)
        with out.element("EVENT", own):
            for child in self._event_children(kept, scoring):
                self.emit(out, child, 2)
            for section in event.sections:
                self._check_section(section)
            self._write_sections(out)
            handset = kept.handset
            if event.deals is not None and handset is not None and handset.in_event:
                self.emit(out, handset_element(event.deals, handset), 2)
            out.write("\n" + INDENT)

    def _scoring(self, kept: EventKept) -> tuple[str, list[tuple[str, str]]]:
        """EVENT_TYPE and the scoring elements: as the source wrote them while they still
        say the model's kind and scoring, else from the model; an EVENT_TYPE the schema does
        not name is written as the model's kind."""
        event = self.event
        texts = dict(kept.scoring)
        if kept.event_type and kind_of(kept.event_type) == event.kind:
            event_type = kept.event_type
            if event_type not in EVENT_TYPES:
                event_type = EVENT_TYPE_OF_KIND[event.kind]
            if scoring_of(event_type, texts, event.kind) == event.scoring:
                return event_type, list(kept.scoring)
        return EVENT_TYPE_OF_KIND[event.kind], [SCORING_ELEMENT[event.scoring]]

    def _event_children(self, kept: EventKept, scoring: list[tuple[str, str]]) -> list[Element]:
        event = self.event
        children = self.children(EVENT_ORDER)
        kept_tags = {_tag_of(xml) for xml in kept.elements}
        if "PROGRAM_NAME" not in kept_tags:
            children.text("PROGRAM_NAME", "bridgeio")
        if "PROGRAM_VERSION" not in kept_tags:
            children.text("PROGRAM_VERSION", _version())
        if kept.name_from_title and not event.session_name:
            children.text("TITLE", event.name)
        elif event.name or event.session_name:
            children.element(_text_element("EVENT_DESCRIPTION", event.name, self.losses))
            children.text("TITLE", event.session_name)
        if event.date is not None:
            children.text("DATE", V.date_text(event.date, self.version))
        else:
            children.text("DATE", kept.date_text)
        for tag, text in scoring:
            children.text(tag, text)
        children.text("EVENT_RATING", event.rating)
        children.text("TOWN", event.city)
        if event.strats:
            children.element(self._stratification(kept))
        if event.director:
            self.losses.add("directors' names (USEBIO has DIRECTOR_ID only)")
        children.kept(kept.elements)
        return children.into(etree.Element("X")).getchildren()

    def _stratification(self, kept: EventKept) -> Element:
        """STRATIFICATION with each strat's number, letter and upper limit."""
        element = etree.Element("STRATIFICATION")
        etree.SubElement(element, "STRATIFICATION_TYPE").text = kept.stratification or "HIGHEST"
        strats = etree.SubElement(element, "STRATS")
        for number, strat in enumerate(self.event.strats, start=1):
            strat_kept = _kept(strat, StratKept)
            item = etree.SubElement(strats, "STRAT")
            etree.SubElement(item, "STRAT_NUMBER").text = strat_kept.number_text or str(number)
            etree.SubElement(item, "STRAT_LABEL").text = clean(
                strat.letter, "STRAT_LABEL", self.losses
            )
            limit = strat.max_mp
            etree.SubElement(item, "UPPER_LIMIT").text = str(limit) if limit else "UNLIMITED"
            children = self.children(())
            children.kept(strat_kept.elements)
            children.into(item)
            if strat.min_mp:
                self.losses.add("strats' lower masterpoint limits")
        return element

    # ---------------------------------------------------------------------------- sections

    def _write_sections(self, out: Any) -> None:
        """The usual form for one section; SECTION elements for several (or one the source
        had); SESSION elements around sections of sessions."""
        sections = self.event.sections
        sessions = [s for s in sections if _kept(s, SectionKept).session_id or s.session]
        by_session = len({s.session for s in sessions}) > 1 or any(
            _kept(s, SectionKept).session_id for s in sections
        )
        sectioned = len(sections) > 1 or any(_kept(s, SectionKept).sectioned for s in sections)
        if len(sections) == 1 and not sectioned and not by_session:
            section = sections[0]
            if section.name:
                self.losses.add(
                    "the name of an event's only section (USEBIO's usual form has none)"
                )
            self._section_content(out, section, 2)
            return
        groups: list[tuple[int | None, list[Section]]] = []
        for section in sections:
            key = section.session if by_session else None
            if groups and groups[-1][0] == key:
                groups[-1][1].append(section)
            else:
                groups.append((key, [section]))
        for key, group in groups:
            if key is None:
                for section in group:
                    self._section_element(out, section, 2)
            else:
                self._session_element(out, key, group)

    def _session_element(self, out: Any, number: int, sections: list[Section]) -> None:
        kept = _kept(sections[0], SectionKept)
        own = {"SESSION_ID": clean(kept.session_id or str(number), "SESSION_ID", self.losses)}
        own.update(attributes(kept.session_attributes, "SESSION", self.losses))
        out.write("\n" + INDENT * 2)
        with out.element("SESSION", own):
            children = self.children(("SESSION_DATE", "RESULTS_TYPE"))
            children.kept(kept.session_elements)
            for child in children.into(etree.Element("X")).getchildren():
                self.emit(out, child, 3)
            for section in sections:
                if _kept(section, SectionKept).sectioned or section.name:
                    self._section_element(out, section, 3)
                else:
                    self._section_content(out, section, 3)
            out.write("\n" + INDENT * 2)

    def _section_element(self, out: Any, section: Section, level: int) -> None:
        kept = _kept(section, SectionKept)
        own = {"SECTION_ID": clean(section.name, "SECTION_ID", self.losses)}
        own.update(attributes(kept.attributes, "SECTION", self.losses))
        out.write("\n" + INDENT * level)
        with out.element("SECTION", own):
            children = self.children(())
            children.kept(kept.elements)
            for child in children.into(etree.Element("X")).getchildren():
                self.emit(out, child, level + 1)
            self._section_content(out, section, level + 1)
            out.write("\n" + INDENT * level)

    def _prefix(self, section: Section) -> str:
        """The section name before the ids of a section from another format, in an event of
        several sections (USEBIO ids are unique across the event)."""
        if len(self.event.sections) > 1 and not isinstance(section.kept, SectionKept):
            return section.name
        return ""

    def _section_content(self, out: Any, section: Section, level: int) -> None:
        kept = _kept(section, SectionKept)
        prefix = self._prefix(section)
        ns_ids, ew_ids = id_maps(section.entries, prefix)
        if section.entries or kept.participants_attributes or kept.participants_elements:
            self.emit(out, self._participants(section, prefix, kept), level)
        points = points_tag(self.event.scoring)
        for board in section.results:
            self.emit(out, self._board(board, _LineIds(ns_ids, ew_ids, points)), level)
        for match in section.matches:
            self.emit(out, self._match(match, section, prefix), level)

    def _check_section(self, section: Section) -> None:
        if section.schedule and not any(line.round for b in section.results for line in b.results):
            self.losses.add("schedules with no round and table on the traveller lines")

    # ---------------------------------------------------------------------------- entries

    def _participants(self, section: Section, prefix: str, kept: SectionKept) -> Element:
        element = etree.Element(
            "PARTICIPANTS", attributes(kept.participants_attributes, "PARTICIPANTS", self.losses)
        )
        places = _places(section)
        for entry in section.entries:
            element.append(self._entry(entry, written_id(entry, prefix), places.get(id(entry))))
        children = self.children(())
        children.kept(kept.participants_elements)
        return children.into(element)

    def _entry(self, entry: Entry, identifier: str, derived_place: str | None) -> Element:
        kept = _kept(entry, EntryKept)
        tag = kept.tag if kept.tag and kept.tag == ENTRY_TAG_OF_KIND[self.event.kind] else None
        tag = tag or ENTRY_TAG_OF_KIND[self.event.kind]
        own = list(kept.attributes)
        if tag == "TEAM":
            own.insert(0, ("TEAM_ID", identifier))
            if entry.name:
                own.insert(1, ("TEAM_NAME", entry.name))
        elif entry.name:
            self.losses.add("names of pairs (USEBIO names teams only)")
        element = etree.Element(tag, attributes(own, tag, self.losses))
        children = self.children(ENTRY_ORDER, tag)
        if tag == "PAIR":
            children.text("PAIR_NUMBER", identifier)
        if entry.direction is not None and tag != "TEAM":
            children.text("DIRECTION", entry.direction.value)
        written = {"PAIR_NUMBER", "DIRECTION", "PLACE"}
        fields = {
            "BOARDS_PLAYED": _whole(entry.boards_played),
            "TOTAL_SCORE": self._number(entry.score, 2),
            "PERCENTAGE": self._number(entry.percentage, 2),
            "STRAT_NUMBER": _whole(entry.strat),
        }
        for field_tag, text in fields.items():
            children.text(field_tag, text)
            if text is not None:
                written.add(field_tag)
        children.text("PLACE", self._place(entry, kept, derived_place))
        self._awards(children, entry, kept, written)
        if entry.strat and len(entry.ranks) >= entry.strat and entry.ranks[entry.strat - 1].rank:
            children.text("STRAT_PLACE", str(entry.ranks[entry.strat - 1].rank))
        if tag == "PLAYER":
            children.text("PLAYER_NUMBER", identifier)
            if entry.players:
                self._player_fields(children, entry.players[0])
        else:
            self._players(children, entry, kept)
        _kept_values(children, kept, written)
        children.kept(kept.elements)
        return children.into(element)

    def _place(self, entry: Entry, kept: EntryKept, derived: str | None) -> str | None:
        if entry.rank is None:
            return kept.value("PLACE") or derived
        if kept.place_text:
            try:
                if V.place_value(kept.place_text) == (entry.rank, entry.tied):
                    return kept.place_text
            except V.Unreadable:
                pass
        return V.place_text(entry.rank, entry.tied)

    def _awards(self, children: Children, entry: Entry, kept: EntryKept, written: set[str]) -> None:
        awards = entry.awards.get("total") or entry.awards.get("current") or []
        if len(awards) == 1 and not kept.award_blocks:
            children.text("MASTER_POINTS_AWARDED", self._number(awards[0].points))
            children.text("MASTER_POINT_TYPE", _colour(awards[0].color))
            written.update({"MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"})
            return
        for award in awards:  # one block a colour
            block = etree.Element("MASTER_POINTS")
            etree.SubElement(block, "MASTER_POINTS_AWARDED").text = self._number(award.points)
            etree.SubElement(block, "MASTER_POINT_TYPE").text = clean(
                _colour(award.color), "MASTER_POINT_TYPE", self.losses
            )
            children.element(block)
        others = set(entry.awards) - {"total", "current"} if "total" in entry.awards else set()
        if others:
            self.losses.add("masterpoint awards other than the event's total")

    def _players(self, children: Children, entry: Entry, kept: EntryKept) -> None:
        """The players of a pair, or of a team with its pairs (from the kept team pairs)."""
        in_pairs: dict[int, list[Player]] = {}
        for player in entry.players:
            pair = _kept(player, PlayerKept).pair
            if pair is not None and pair < len(kept.pairs):
                in_pairs.setdefault(pair, []).append(player)
            else:
                children.element(self._player(player))
        for index, team_pair in enumerate(kept.pairs):
            element = etree.Element("PAIR", attributes(team_pair.attributes, "PAIR", self.losses))
            pair_children = self.children(ENTRY_ORDER)
            pair_children.kept(team_pair.elements)
            for player in in_pairs.get(index, []):
                pair_children.element(self._player(player))
            children.element(pair_children.into(element))

    def _player(self, player: Player) -> Element:
        kept = _kept(player, PlayerKept)
        element = etree.Element("PLAYER", attributes(kept.attributes, "PLAYER", self.losses))
        children = self.children(PLAYER_ORDER, "PLAYER")
        self._player_fields(children, player)
        return children.into(element)

    def _player_fields(self, children: Children, player: Player) -> None:
        kept = _kept(player, PlayerKept)
        children.element(self._name(player, kept))
        # Always, empty where unknown (as the specification's example and Compscore write it):
        # results sites look the element up in every PLAYER and stop at one without it.
        children.text("NATIONAL_ID_NUMBER", player.player_number, empty=True)
        children.text("MASTER_POINT_TOTAL", self._number(player.masterpoints))
        children.text("ACBL_PLAYER_CITY", player.city)
        children.text("ACBL_PLAYER_STATE", player.state)
        children.text("ACBL_PLAYER_COUNTRY", player.country)
        written = {"NATIONAL_ID_NUMBER"} | (
            {"MASTER_POINT_TOTAL"} if player.masterpoints is not None else set()
        )
        _kept_values(children, kept, written)
        children.kept(kept.elements)
        if player.awards:
            self.losses.add("players' own masterpoint awards")
        if player.rank:
            self.losses.add("players' masterpoint ranks")

    def _name(self, player: Player, kept: PlayerKept) -> Element:
        """PLAYER_NAME: FIRSTNAME and LASTNAME where the source had them (1.4), else one text
        that reads back as the same first and last names."""
        first, last = player.first_name, player.last_name
        name = etree.Element("PLAYER_NAME")
        if kept.structured and self.version != "1.2":
            return self._structured(name, first, last)
        candidates = [kept.name_text] if kept.name_text else []
        candidates += [join_name(first, last)]
        if "," not in first + last and first:
            candidates.append(f"{last}, {first}")
        for text in candidates:
            if V.split_name(text) == (first, last):
                name.text = clean(text, "PLAYER_NAME", self.losses)
                return name
        if self.version != "1.2":
            return self._structured(name, first, last)
        self.losses.add("first and last names that one text cannot tell apart")
        name.text = clean(join_name(first, last), "PLAYER_NAME", self.losses)
        return name

    def _structured(self, name: Element, first: str, last: str) -> Element:
        etree.SubElement(name, "FIRSTNAME").text = clean(first, "FIRSTNAME", self.losses)
        etree.SubElement(name, "LASTNAME").text = clean(last, "LASTNAME", self.losses)
        return name

    # ---------------------------------------------------------------------------- boards

    def _board(self, board: Board, ids: _LineIds, teams: tuple[int, int] | None = None) -> Element:
        kept = _kept(board, BoardKept)
        element = etree.Element("BOARD", attributes(kept.attributes, "BOARD", self.losses))
        children = self.children(BOARD_ORDER)
        number = str(board.number) if board.number or not kept.number_text else kept.number_text
        children.text("BOARD_NUMBER", number)
        children.kept(kept.elements)
        children.into(element)
        rank_first = self.file.leads_rank_first
        for line in board.results:
            element.append(self._line(line, ids, teams, rank_first))
        return element

    def _line(
        self, line: BoardResult, ids: _LineIds, teams: tuple[int, int] | None, rank_first: bool
    ) -> Element:
        kept = _kept(line, LineKept)
        element = etree.Element(
            "TRAVELLER_LINE", attributes(kept.attributes, "TRAVELLER_LINE", self.losses)
        )
        children = self.children(LINE_ORDER)
        written = self._line_seats(children, line, kept, ids, teams)
        contract = line.contract
        if contract is not None:
            children.text("CONTRACT", contract.text)
            written.add("CONTRACT")
            if contract.declarer is not None:
                children.text("PLAYED_BY", contract.declarer.char)
                written.add("PLAYED_BY")
        if line.lead is not None:
            children.text("LEAD", V.lead_text(line.lead, rank_first))
            written.add("LEAD")
        if line.tricks is not None:
            children.text("TRICKS", str(line.tricks))
            written.add("TRICKS")
        self._line_score(children, line, written)
        self._line_points(children, line, kept, ids.points, written)
        if line.round:
            children.text("ROUND_NUMBER", str(line.round))
            written.add("ROUND_NUMBER")
        if line.table:
            children.text("TABLE_NUMBER", str(line.table))
            written.add("TABLE_NUMBER")
        if line.foul_group:
            self.losses.add("fouled-board groups")
        _kept_values(children, kept, written)
        children.kept(kept.elements)
        return children.into(element)

    def _line_seats(
        self,
        children: Children,
        line: BoardResult,
        kept: LineKept,
        ids: _LineIds,
        teams: tuple[int, int] | None,
    ) -> set[str]:
        """Who sat where: pairs' ids, an individual event's four players, or a team match's
        DIRECTION."""
        if line.seats is not None:
            texts = kept.players if len(kept.players) == 4 else ("",) * 4
            for tag, number, text in zip(("N", "E", "S", "W"), line.seats, texts, strict=True):
                children.text(f"{tag}_PLAYER_NUMBER", ids.player(number, text))
            return set()
        if teams is not None and not (kept.ns_id or kept.ew_id):
            home, away = teams
            if {line.ns, line.ew} <= {home, away} and line.ns != line.ew:
                children.text("DIRECTION", "NS" if line.ns == home else "EW")
                return set()
        children.text("DIRECTION", kept.direction or None)
        children.text("NS_PAIR_NUMBER", ids.pair(line.ns, kept.ns_id, ids.ns))
        children.text("EW_PAIR_NUMBER", ids.pair(line.ew, kept.ew_id, ids.ew))
        return set()

    def _line_score(self, children: Children, line: BoardResult, written: set[str]) -> None:
        if line.ns_score is None:
            if line.ew_score is not None:
                self.losses.add("E-W scores of lines with no N-S score")
            return
        text = V.score_text(line.ns_score, line.ew_score)
        if text is None:
            self.losses.add("adjusted scores that are not whole percentages")
            return
        if (
            isinstance(line.ns_score, int)
            and line.ew_score is not None
            and line.ew_score != -line.ns_score
        ):
            self.losses.add("E-W scores that are not N-S's negated")
        children.text("SCORE", text)
        written.add("SCORE")

    def _line_points(
        self, children: Children, line: BoardResult, kept: LineKept, points: str, written: set[str]
    ) -> None:
        kind = kept.points or points
        if line.points is not None:
            ns, ew = line.points[0], line.points[1]
            if line.points[2] != ns or line.points[3] != ew:
                self.losses.add("individual players' matchpoints that differ from their side's")
        else:
            ns, ew = line.ns_points, line.ew_points
        for side, value in (("NS", ns), ("EW", ew)):
            text = self._number(value)
            if text is not None:
                children.text(f"{side}_{kind}", text)
                written.add(f"{side}_{kind}")

    # ---------------------------------------------------------------------------- matches

    def _match(self, match: Match, section: Section, prefix: str) -> Element:
        kept = _kept(match, MatchKept)
        element = etree.Element("MATCH", attributes(kept.attributes, "MATCH", self.losses))
        children = self.children(MATCH_ORDER, "MATCH")
        ns_ids, ew_ids = id_maps(section.entries, prefix)
        if match.round:
            children.text("ROUND_NUMBER", str(match.round))
        vp = self.event.scoring is Scoring.VICTORY_POINTS
        if kept.form == "pairs":
            children.text(
                "NS_PAIR_NUMBER", _LineIds(ns_ids, ew_ids).pair(match.home, kept.home_text, ns_ids)
            )
            children.text(
                "EW_PAIR_NUMBER", _LineIds(ns_ids, ew_ids).pair(match.away, kept.away_text, ew_ids)
            )
            first, second = ("NS_VICTORY_POINTS", "EW_VICTORY_POINTS")
            if kept.score_tag == "NS_SCORE" or (not vp and kept.score_tag != "NS_VICTORY_POINTS"):
                first, second = ("NS_SCORE", "EW_SCORE")
            vp = vp or first == "NS_VICTORY_POINTS"
        else:
            teams = _LineIds(ns_ids, ew_ids)
            children.text("TEAM", teams.pair(match.home, kept.home_text, ns_ids))
            away = "NONE" if match.away == 0 else teams.pair(match.away, kept.away_text, ns_ids)
            children.text("OPPOSING_TEAM", away)
            first = kept.score_tag if kept.score_tag in ("TEAM_SCORE", "SCORE") else "TEAM_SCORE"
            second = "OPPOSING_TEAM_SCORE"
        home, away_score = (
            (match.home_vp, match.away_vp) if vp else (match.home_imps, match.away_imps)
        )
        children.text(first, self._number(home))
        children.text(second, self._number(away_score))
        self._match_losses(match, vp)
        written = {"ROUND_NUMBER", first, second}
        _kept_values(children, kept, written)
        children.kept(kept.elements)
        children.into(element)
        ids = _LineIds(ns_ids, ew_ids, points_tag(self.event.scoring))
        for board in match.boards:
            element.append(self._board(board, ids, (match.home, match.away)))
        return element

    def _match_losses(self, match: Match, vp: bool) -> None:
        if not vp:
            if match.home_vp is not None or match.away_vp is not None:
                self.losses.add("victory points of matches in an event scored by IMPs")
            return
        imps = [board_imps(board) for board in match.boards]
        totals: tuple[float | None, float | None] = (None, None)
        if match.boards and None not in imps:
            totals = (sum(i for i in imps if i and i > 0), -sum(i for i in imps if i and i < 0))
        if (match.home_imps, match.away_imps) not in (totals, (None, None)):
            self.losses.add(
                "IMP totals of matches scored by VPs (USEBIO gives IMPs board by board)"
            )

    # ---------------------------------------------------------------------------- numbers

    def _number(self, value: float | None, decimals: int | None = None) -> str | None:
        if value is None:
            return None
        if not math.isfinite(value):
            self.losses.add("numbers that are not finite")
            return None
        return V.number_text(value, decimals)


class _LineIds:
    """The ids the writer gives traveller lines' pairs (or players), by number."""

    def __init__(
        self, ns: dict[int, str], ew: dict[int, str], points: str = "MATCH_POINTS"
    ) -> None:
        self.ns, self.ew, self.points = ns, ew, points

    def pair(self, number: int, kept: str, ids: dict[int, str]) -> str | None:
        """A side's id: as written in the line while it is this number, else the entry's."""
        if kept and V.pair_id(kept).number == number:
            return kept
        if number in ids:
            return ids[number]
        return str(number) if number else (kept or None)

    def player(self, number: int, kept: str) -> str | None:
        """An individual's player id, as :meth:`pair` gives a pair's."""
        return self.pair(number, kept, self.ns)


def _places(section: Section) -> dict[int, str]:
    """PLACE for entries with a score and no rank (ranks ACBLscore gives per strat): the
    position by score within the section and direction, '=' for a tie."""
    places = {}
    for entry in section.entries:
        if entry.rank is not None or entry.score is None:
            continue
        field = [
            o for o in section.entries if o.direction == entry.direction and o.score is not None
        ]
        better = sum(1 for o in field if o.score is not None and o.score > entry.score)
        tied = sum(1 for o in field if o.score == entry.score) > 1
        places[id(entry)] = V.place_text(better + 1, tied)
    return places


def _kept_values(children: Children, kept: UsebioKept, written: set[str]) -> None:
    """Texts the model could not take, written back as they were where the model wrote
    nothing in their place."""
    for tag, text in kept.values:
        if tag not in written:
            children.text(tag, text)


def _text_element(tag: str, text: str, losses: Losses) -> Element:
    element = etree.Element(tag)
    element.text = clean(text, tag, losses)
    return element


def _whole(value: int | None) -> str | None:
    return None if value is None else str(value)


_COLOURS = {"B": "BLACK", "S": "SILVER", "R": "RED", "G": "GOLD", "P": "PLATINUM"}


def _colour(text: str) -> str:
    """A masterpoint colour: ACBL's letters spelt out, others as they are."""
    return _COLOURS.get(text, text)


def _tag_of(xml: str) -> str:
    """The tag of a kept element from its XML text."""
    return xml[1:].split(">", 1)[0].split(None, 1)[0].rstrip("/")


def _version() -> str:
    from bridgeio import __version__

    return __version__


__all__ = ["write", "to_xml", "Writer", "Direction", "EventKind"]
