"""Writing PARTICIPANTS: a PAIR, TEAM or PLAYER for each entry, with its scores, place, masterpoint
awards and players: the writing side of :mod:`~bridgeio.formats.usebio.entries`.

>>> from bridgeio.model.results import Direction, Entry, Event, Results, Section
>>> pairs = [Entry("1NS", 1, Direction.NS, score=60.0), Entry("2NS", 2, Direction.NS, score=52.5)]
>>> section = Section("", entries=pairs)
>>> entries = EntryWriter(Target(Results([Event(1, "Pairs", sections=[section])]), "1.4"))
>>> participants = entries.participants(section, "", SectionKept())
>>> [(pair.findtext("PAIR_NUMBER"), pair.findtext("PLACE")) for pair in participants]
[('1NS', '1'), ('2NS', '2')]
"""

from __future__ import annotations

from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.entries import written_id
from bridgeio.formats.usebio.names import ENTRY_ORDER, ENTRY_TAG_OF_KIND
from bridgeio.formats.usebio.output import Children, Target, attributes, clean, kept_of, kept_values
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import EntryKept, SectionKept
from bridgeio.formats.usebio.write_players import PlayerWriter
from bridgeio.model.results import Entry, Scoring, Section


class EntryWriter:
    """Builds PARTICIPANTS and its entries, their players by a :class:`PlayerWriter`."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.losses = target.losses
        self.kind = target.event.kind
        self.players = PlayerWriter(target)

    def participants(self, section: Section, prefix: str, kept: SectionKept) -> Element:
        """PARTICIPANTS of ``section``, its entries' ids after ``prefix``."""
        element = etree.Element(
            "PARTICIPANTS", attributes(kept.participants_attributes, "PARTICIPANTS", self.losses)
        )
        places = _places(section)
        for entry in section.entries:
            identifier = written_id(entry, prefix)
            element.append(
                self.entry(entry, identifier, places.get(id(entry)), section.maximum_score)
            )
        children = self.target.children(())
        children.kept(kept.participants_elements)
        return children.into(element)

    def entry(
        self,
        entry: Entry,
        identifier: str,
        derived_place: str | None,
        maximum: int | None = None,
    ) -> Element:
        """A PAIR, TEAM or PLAYER (as the event's kind has it) with id ``identifier``; its
        PLACE ``derived_place`` where the model has no rank (``maximum``: its section's
        maximum score, for an adjustment)."""
        kept = kept_of(entry, EntryKept)
        tag = kept.tag if kept.tag and kept.tag == ENTRY_TAG_OF_KIND[self.kind] else None
        tag = tag or ENTRY_TAG_OF_KIND[self.kind]
        element = etree.Element(
            tag, attributes(self._attributes(entry, identifier, tag, kept), tag, self.losses)
        )
        children = self.target.children(ENTRY_ORDER, tag)
        if tag == "PAIR":
            children.text("PAIR_NUMBER", identifier)
        if entry.direction is not None and tag != "TEAM":
            children.text("DIRECTION", entry.direction.value)
        written = self._fields(children, entry)
        self._adjustment(children, entry, maximum)
        children.text("PLACE", self._place(entry, kept, derived_place))
        self._awards(children, entry, kept, written)
        if entry.strat and len(entry.ranks) >= entry.strat and entry.ranks[entry.strat - 1].rank:
            children.text("STRAT_PLACE", str(entry.ranks[entry.strat - 1].rank))
        if tag == "PLAYER":
            children.text("PLAYER_NUMBER", identifier)
            if entry.players:
                self.players.fields(children, entry.players[0])
        else:
            self.players.players(children, entry, kept)
        kept_values(children, kept, written)
        children.kept(kept.elements)
        return children.into(element)

    def _adjustment(self, children: Children, entry: Entry, maximum: int | None) -> None:
        """ADJUSTMENT from another format's entry (a USEBIO source keeps its own element):
        what it adds to the total, or in a matchpoint event the percentage of the session it
        is (2.7), with the session's MAX_SCORE (``maximum``) it is a percentage of."""
        adjustment = getattr(entry.kept, "adjustment", None)
        if isinstance(entry.kept, EntryKept) or not isinstance(adjustment, int | float):
            return
        if not adjustment:
            return
        if self.target.event.scoring is not Scoring.MATCHPOINTS:
            children.text("ADJUSTMENT", self.target.number(adjustment, 2))
        elif maximum:
            children.text("MAX_SCORE", str(maximum))
            children.text("ADJUSTMENT", self.target.number(adjustment * 100 / maximum, 2))
        else:
            self.losses.add(
                "score adjustments of matchpoint entries (USEBIO gives them as a percentage "
                "of a session whose top the source does not give)"
            )

    def _attributes(
        self, entry: Entry, identifier: str, tag: str, kept: EntryKept
    ) -> list[tuple[str, str]]:
        """A TEAM's id and name, before what the source kept (USEBIO names no pair)."""
        own = list(kept.attributes)
        if tag == "TEAM":
            own.insert(0, ("TEAM_ID", identifier))
            if entry.name:
                own.insert(1, ("TEAM_NAME", entry.name))
        elif entry.name:
            self.losses.add("names of pairs (USEBIO names teams only)")
        return own

    def _fields(self, children: Children, entry: Entry) -> set[str]:
        """Boards played, total score, percentage and strat; the tags written."""
        written = {"PAIR_NUMBER", "DIRECTION", "PLACE"}
        fields = {
            "BOARDS_PLAYED": _whole(entry.boards_played),
            "TOTAL_SCORE": self.target.number(entry.score, 2),
            "PERCENTAGE": self.target.number(entry.percentage, 2),
            "STRAT_NUMBER": _whole(entry.strat),
            "CARRY_FORWARD": self.target.number(entry.carry_forward),
        }
        for field_tag, text in fields.items():
            children.text(field_tag, text)
            if text is not None:
                written.add(field_tag)
        return written

    def _place(self, entry: Entry, kept: EntryKept, derived: str | None) -> str | None:
        """PLACE: as the source wrote it while it still says the model's rank."""
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
        """The event's masterpoint award: one, or a MASTER_POINTS block a colour."""
        awards = entry.awards.get("total") or entry.awards.get("current") or []
        if len(awards) == 1 and not kept.award_blocks:
            children.text("MASTER_POINTS_AWARDED", self.target.number(awards[0].points))
            children.text("MASTER_POINT_TYPE", _colour(awards[0].color))
            written.update({"MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"})
            return
        for award in awards:  # one block a colour
            block = etree.Element("MASTER_POINTS")
            etree.SubElement(block, "MASTER_POINTS_AWARDED").text = self.target.number(award.points)
            etree.SubElement(block, "MASTER_POINT_TYPE").text = clean(
                _colour(award.color), "MASTER_POINT_TYPE", self.losses
            )
            children.element(block)
        others = set(entry.awards) - {"total", "current"} if "total" in entry.awards else set()
        if others:
            self.losses.add("masterpoint awards other than the event's total")


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


def _whole(value: int | None) -> str | None:
    return None if value is None else str(value)


_COLOURS = {"B": "BLACK", "S": "SILVER", "R": "RED", "G": "GOLD", "P": "PLATINUM"}


def _colour(text: str) -> str:
    """A masterpoint colour: ACBL's letters spelt out, others as they are."""
    return _COLOURS.get(text, text)
