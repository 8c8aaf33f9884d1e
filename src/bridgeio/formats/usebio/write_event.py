"""Writing CLUB and EVENT's own elements (type, scoring, names, date, stratification): the
writing side of :mod:`~bridgeio.formats.usebio.events`; :mod:`~bridgeio.formats.usebio.writer`
streams them with the event's sections.

>>> import datetime
>>> from bridgeio.model.results import Event, Results
>>> event = Event(1, "Pairs", date=datetime.date(2024, 3, 1))
>>> events = EventWriter(Target(Results([event]), "1.2"))
>>> event_type, scoring = events.scoring(EventKept())
>>> event_type, scoring
('PAIRS', [('BOARD_SCORING_METHOD', 'MATCH_POINTS')])
>>> [(child.tag, child.text) for child in events.children(EventKept(), scoring)][2:]
[('EVENT_DESCRIPTION', 'Pairs'), ('DATE', '01/03/2024'), ('BOARD_SCORING_METHOD', 'MATCH_POINTS')]
"""

from __future__ import annotations

from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.names import (
    EVENT_ORDER,
    EVENT_TYPE_OF_KIND,
    PAIRWISE_OF_SCORING,
    SCORING_ELEMENT,
    kind_of,
    scoring_of,
)
from bridgeio.formats.usebio.output import (
    Children,
    Target,
    attributes,
    clean,
    kept_of,
    text_element,
)
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import EventKept, StratKept

EVENT_TYPES = frozenset(
    {"INDIVIDUAL", "PAIRS", "SWISS_PAIRS", "TEAMS", "SWISS_TEAMS", "MP_PAIRS", "BUTLER_PAIRS"}
    | {"CROSS_IMP", "AGGREGATE", "SWISS_PAIRS_CROSS_IMPS", "SWISS_PAIRS_BUTLER_IMPS"}
    | {"TEAMS_OF_FOUR", "MULTIPLE_TEAMS", "KNOCKOUT"}
)
"""The EVENT_TYPE values the schema allows (usebio-1.4.xsd's EventType)."""


class EventWriter:
    """Builds CLUB and the elements of EVENT that are not sections, boards or hands."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.losses = target.losses
        self.event = target.event

    def club(self) -> Element:
        """CLUB: the event's club name and number, and what the source's CLUB held besides."""
        file = self.target.file
        club = etree.Element("CLUB", attributes(file.club_attributes, "CLUB", self.losses))
        for tag, value in (
            ("CLUB_NAME", self.event.club),
            ("CLUB_ID_NUMBER", self.event.club_number),
        ):
            etree.SubElement(club, tag).text = clean(value, tag, self.losses)
        children = self.target.children(())
        children.kept(file.club_elements)
        return children.into(club)

    def scoring(self, kept: EventKept) -> tuple[str, list[tuple[str, str]]]:
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
        written = [SCORING_ELEMENT[event.scoring]]
        match = SCORING_ELEMENT.get(event.match_scoring) if event.match_scoring else None
        if match is not None and event.match_scoring is not event.scoring:
            written.append(("MATCH_SCORING_METHOD", match[1]))
        return EVENT_TYPE_OF_KIND[event.kind], written

    def children(self, kept: EventKept, scoring: list[tuple[str, str]]) -> list[Element]:
        """EVENT's own children, in order: program, names, date, ``scoring``, rating, town,
        stratification and what the source kept."""
        event = self.event
        children = self.target.children(EVENT_ORDER)
        kept_tags = {_tag_of(xml) for xml in kept.elements}
        if "PROGRAM_NAME" not in kept_tags:
            children.text("PROGRAM_NAME", "bridgeio")
        if "PROGRAM_VERSION" not in kept_tags:
            children.text("PROGRAM_VERSION", _version())
        self._names(children, kept)
        if event.date is not None:
            children.text("DATE", V.date_text(event.date, self.target.version))
        else:
            children.text("DATE", kept.date_text)
        for tag, text in scoring:
            children.text(tag, text)
        pairwise = event.pairwise_scoring and PAIRWISE_OF_SCORING.get(event.pairwise_scoring)
        if pairwise and "PAIRWISE_SCORING_METHOD" not in kept_tags:
            children.text("PAIRWISE_SCORING_METHOD", pairwise)
        children.text("EVENT_RATING", event.rating)
        children.text("TOWN", event.city)
        if event.sessions and not isinstance(event.kept, EventKept):  # (4.2: "helpful")
            children.text("SESSION_COUNT", str(len(event.sessions)))
        if event.strats:
            children.element(self._stratification(kept))
        if event.director:
            self.losses.add("directors' names (USEBIO has DIRECTOR_ID only)")
        children.kept(kept.elements)
        return children.into(etree.Element("X")).getchildren()

    def _names(self, children: Children, kept: EventKept) -> None:
        """The event's name and its session's: EVENT_DESCRIPTION and TITLE, or the name as
        TITLE alone where the source had it there."""
        event = self.event
        if kept.name_from_title and not event.session_name:
            children.text("TITLE", event.name)
        elif event.name or event.session_name:
            children.element(text_element("EVENT_DESCRIPTION", event.name, self.losses))
            children.text("TITLE", event.session_name)

    def _stratification(self, kept: EventKept) -> Element:
        """STRATIFICATION with each strat's number, letter and upper limit."""
        element = etree.Element("STRATIFICATION")
        etree.SubElement(element, "STRATIFICATION_TYPE").text = kept.stratification or "HIGHEST"
        strats = etree.SubElement(element, "STRATS")
        for number, strat in enumerate(self.event.strats, start=1):
            strat_kept = kept_of(strat, StratKept)
            item = etree.SubElement(strats, "STRAT")
            etree.SubElement(item, "STRAT_NUMBER").text = strat_kept.number_text or str(number)
            etree.SubElement(item, "STRAT_LABEL").text = clean(
                strat.letter, "STRAT_LABEL", self.losses
            )
            limit = strat.max_mp
            etree.SubElement(item, "UPPER_LIMIT").text = str(limit) if limit else "UNLIMITED"
            children = self.target.children(())
            children.kept(strat_kept.elements)
            children.into(item)
            if strat.min_mp:
                self.losses.add("strats' lower masterpoint limits")
        return element


def _tag_of(xml: str) -> str:
    """The tag of a kept element from its XML text."""
    return xml[1:].split(">", 1)[0].split(None, 1)[0].rstrip("/")


def _version() -> str:
    from bridgeio import __version__

    return __version__
