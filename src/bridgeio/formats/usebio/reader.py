"""Reading USEBIO 1.0-1.4 into the results model: one streaming pass over the file.

The pass takes each BOARD, MATCH, PARTICIPANTS, HANDSET and EVENT as the parser passes its
end, builds the model's objects from it and empties it, so a big file is read in bounded
memory (a board is read and then freed). Problems found on the way (an impossible date, a
duplicate pair number, a number of a hundred digits, a contract that is none) are reported
with their kind, line and element, and the file is still read; malformed or hostile XML is a
:class:`~bridgeio.errors.FormatError`. A validator can ride along the same pass
(:mod:`bridgeio.formats.usebio.checks`): the file is parsed once for both.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "x.xml")
>>> _ = open(path, "w").write(
...     '<USEBIO Version="1.4"><CLUB><CLUB_NAME>Club</CLUB_NAME></CLUB>'
...     '<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE><PARTICIPANTS><PAIR>'
...     '<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS><BOARD>'
...     '<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>'
...     '<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>'
...     '</EVENT></USEBIO>')
>>> results = read(path)
>>> event = results.events[0]
>>> event.date, event.club, event.sections[0].results[0].results[0].ns_score
(datetime.date(2024, 3, 1), 'Club', 420)
"""

from __future__ import annotations

from typing import Protocol

from bridgeio.errors import FormatError, report
from bridgeio.files import collector_paused
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import (
    LINE_TAGS,
    BoardReader,
    Context,
    LineCheck,
    kept_element,
)
from bridgeio.formats.usebio.entries import EntryReader, id_maps
from bridgeio.formats.usebio.events import EventReader, Part, event_facts
from bridgeio.formats.usebio.handsets import HandsetReader
from bridgeio.formats.usebio.matches import MatchReader
from bridgeio.formats.usebio.names import (
    CONTAINERS,
    ENTRY_TAGS,
    match_scoring_of,
    points_tag,
    scoring_of,
)
from bridgeio.formats.usebio.parsing import Element, Stream, place
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.provenance import EventKept, FileKept, Handset, LineKept
from bridgeio.formats.usebio.travellers import Capture, Misaligned
from bridgeio.model.deals import DealSet, concat
from bridgeio.model.results import Board, Entry, Event, Results, Scoring


class Check(LineCheck, Protocol):
    """What a validator riding along the pass is shown (see ``validate``)."""

    def board(self, element: Element) -> None:
        """A BOARD of results, before it is emptied."""

    def participants(self, element: Element, event: Element) -> None:
        """A PARTICIPANTS element, before it is emptied."""

    def match(self, element: Element) -> None:
        """A MATCH, before it is emptied."""

    def event(self, element: Element, event: Event) -> None:
        """An EVENT once read, before it is emptied."""

    def root(self, root: Element) -> None:
        """What is left of the document when the parse ends."""


def read(path: str) -> Results:
    """The results in a USEBIO file; problems are reported as
    :class:`~bridgeio.errors.FormatWarning` s and listed in ``Results.problems``."""
    path = str(path)
    found = Problems(path, report=False)  # (reported once the read is known to stand)
    try:
        results = Pass(path, problems=found, capture=True).run()
    except (Misaligned, FormatError):
        # A line captured from the text was out of place, or the file is refused: read it
        # again plainly (which says the problems found before a refusal as it finds them).
        return Pass(path).run()
    results.problems = [
        report(path, problem.place, problem.message, problem.severity, problem.kind)
        for problem in results.problems
    ]
    return results


class Pass:
    """One pass over a USEBIO file: the reader, and the validator ``check`` if given, both
    noting problems in ``problems`` (by default: reported as warnings as they are found).

    The parser hands over only BOARDs and EVENTs (each further tag it watches costs the whole
    parse): a board is read when it ends (a results board into its container's part, a match's
    board kept for its MATCH, a hand set's board into the hand set) and emptied; a container's
    PARTICIPANTS is read at its first board (whose lines refer to it), or when the event ends;
    MATCHes, hand sets and the rest of the event when the event ends."""

    def __init__(
        self,
        path: str,
        check: Check | None = None,
        problems: Problems | None = None,
        capture: bool = False,
    ) -> None:
        self.path = path
        self.check = check
        self.capture = capture and check is None  # (a validator reads every line's elements)
        self.problems = problems if problems is not None else Problems(path)
        self.boards = BoardReader(self.problems, check)
        self.entries = EntryReader(self.problems)
        self.matches = MatchReader(self.problems, self.boards)
        self.events = EventReader(self.problems)
        self.parts: dict[Element, Part] = {}
        self.contexts: dict[Element, Context] = {}
        self.match_boards: dict[Element, list[Board]] = {}
        self.read_events: list[Event] = []
        self.handset: tuple[Element, HandsetReader] | None = None
        self.top_handsets: list[tuple[DealSet, Handset]] = []
        self.event_handset: tuple[DealSet, Handset] | None = None
        self.ids: dict[Element, dict[str, int]] = {}  # entry ids and their lines, by session

    def run(self) -> Results:
        """Read the file: the results, with every problem found."""
        with collector_paused():
            capture = Capture(self.path, LINE_TAGS) if self.capture else None
            self.boards.capture = capture
            stream = Stream(self.path, ("BOARD", "EVENT"), capture)
            for element in stream:
                if element.tag == "BOARD":
                    self.take_board(element)
                else:
                    self.take_event(element)
            root = stream.root
            if capture is not None and not capture.aligned():
                raise Misaligned
            self.end_handset()
            results = self.finish(root)
        if self.check is not None:
            self.check.root(root)
        results.problems = self.problems.finish()
        return results

    def take_board(self, element: Element) -> None:
        """A BOARD the parser has just passed."""
        parent = element.getparent()
        if parent is None:
            return
        parent_tag = parent.tag
        if parent_tag in CONTAINERS:
            context = self.context(parent)
            self.part(parent).boards.append(self.boards.board(element, context))
            if self.check is not None:
                self.check.board(element)
        elif parent_tag == "MATCH":
            container = parent.getparent()
            if container is None or container.tag not in CONTAINERS:
                return  # a MATCH out of place: kept whole where it is
            context = self.match_context(parent, container)
            self.match_boards.setdefault(parent, []).append(self.boards.board(element, context))
        elif parent_tag == "HANDSET":
            if self.handset is None or self.handset[0] is not parent:
                self.end_handset()
                self.handset = (parent, HandsetReader(self.problems))
            self.handset[1].board(element)
        else:
            return  # a BOARD out of place: kept whole where it is
        element.clear(keep_tail=True)

    def end_handset(self) -> None:
        """The hand set whose boards were being read, once it has ended."""
        if self.handset is None:
            return
        element, reader = self.handset
        self.handset = None
        deals = reader.finish(element)
        parent = element.getparent()
        if parent is not None and parent.tag == "EVENT":
            self.event_handset = deals
        else:
            self.top_handsets.append(deals)
        element.clear(keep_tail=True)

    def part(self, container: Element) -> Part:
        """What the stream has taken of ``container`` so far."""
        found = self.parts.get(container)
        if found is None:
            found = self.parts[container] = Part()
        return found

    def context(self, container: Element) -> Context:
        """What the lines of a container's boards need: its entries' ids (its PARTICIPANTS
        are read now if the parser has passed them), the points element of the event's
        scoring as far as the parse has seen it."""
        found = self.contexts.get(container)
        if found is None:
            participants = next(container.iterchildren("PARTICIPANTS"), None)
            if participants is not None and self.part(container).participants is None:
                self.take_participants(participants, container)
            ns, ew = id_maps(self.part(container).entries)
            found = self.contexts[container] = Context(ns, ew, points_tag(self.scoring(container)))
        return found

    def match_context(self, match: Element, container: Element) -> Context:
        """The context of a match's boards: its container's, and the match's two sides."""
        found = self.contexts.get(match)
        if found is None:
            outer = self.context(container)
            home = V.pair_id(match.findtext("TEAM") or match.findtext("NS_PAIR_NUMBER") or "")
            away = V.pair_id(
                match.findtext("OPPOSING_TEAM") or match.findtext("EW_PAIR_NUMBER") or ""
            )
            teams = (home.number, away.number)
            found = self.contexts[match] = Context(outer.ns_ids, outer.ew_ids, outer.points, teams)
        return found

    def scoring(self, container: Element) -> Scoring:
        """The scoring of the event ``container`` is in, as far as the parse has seen it."""
        event = container
        while event.tag != "EVENT" and event.getparent() is not None:
            event = event.getparent()  # type: ignore[assignment]
        kind, texts = event_facts(event)
        return scoring_of(event.get("EVENT_TYPE", ""), texts, kind)

    def victory_points(self, container: Element) -> bool:
        """Are the matches of the event ``container`` is in scored in VPs (its scoring, or its
        match scoring, says so)?"""
        event = container if container.tag == "EVENT" else next(container.iterancestors("EVENT"))
        kind, texts = event_facts(event)
        vps = Scoring.VICTORY_POINTS
        return self.scoring(container) is vps or match_scoring_of(texts, kind) is vps

    def take_participants(self, element: Element, container: Element) -> None:
        """A container's PARTICIPANTS: its entries, duplicates reported, then emptied."""
        matchpoints = self.scoring(container) is Scoring.MATCHPOINTS
        entries, kept = self.entries.participants(element, matchpoints)
        part = self.part(container)
        part.entries.extend(entries)
        part.participants = kept
        event = container if container.tag == "EVENT" else next(container.iterancestors("EVENT"))
        self._report_duplicates(element, entries, container, event)
        if self.check is not None:
            self.check.participants(element, event)
        element.clear(keep_tail=True)

    def _report_duplicates(
        self, element: Element, entries: list[Entry], container: Element, event: Element
    ) -> None:
        """Two entries with one id in a session (or in an event without sessions): both
        named, with their lines. The same pair in two sessions is the rule, not a problem."""
        session = (
            container
            if container.tag == "SESSION"
            else next(container.iterancestors("SESSION"), event)
        )
        seen = self.ids.setdefault(session, {})
        children = [child for child in element if child.tag in ENTRY_TAGS]
        for child, entry in zip(children, entries, strict=True):
            first = seen.setdefault(entry.id, child.sourceline or 0)
            if first != child.sourceline and entry.id:
                self.problems.add(
                    place(child),
                    f"{child.tag!s} id {entry.id} is used twice: at lines {first} and "
                    f"{child.sourceline}",
                    kind="duplicate id",
                )

    def take_event(self, element: Element) -> None:
        """An EVENT the parser has just passed: what the boards left of it is read now."""
        self.end_handset()
        for container in [element, *element.iter("SECTION", "SESSION")]:
            self.take_rest(container)
        handset = self.event_handset[1] if self.event_handset is not None else None
        event = self.events.event(element, len(self.read_events) + 1, self.parts, handset)
        if self.event_handset is not None:
            event.deals = self.event_handset[0]
            self.event_handset = None
        self._settle(element, event)
        if self.check is not None:
            self.check.event(element, event)
        self.read_events.append(event)
        for container in [element, *element.iter("SECTION", "SESSION")]:
            self.parts.pop(container, None)
            self.contexts.pop(container, None)
            self.ids.pop(container, None)
        element.clear(keep_tail=True)

    def take_rest(self, container: Element) -> None:
        """A container's PARTICIPANTS not read with its boards, and its MATCHes."""
        for child in container:
            if child.tag == "PARTICIPANTS" and self.part(container).participants is None:
                self.take_participants(child, container)
            elif child.tag == "MATCH":
                self.take_match(child, container)

    def take_match(self, element: Element, container: Element) -> None:
        """A MATCH, with the boards the stream read of it, then emptied."""
        boards = self.match_boards.pop(element, [])
        match = self.matches.match(element, self.victory_points(container), boards)
        self.part(container).matches.append(match)
        if self.check is not None:
            self.check.match(element)
        self.contexts.pop(element, None)
        element.clear(keep_tail=True)

    def _settle(self, element: Element, event: Event) -> None:
        """What lines assumed of the event's scoring while the parse had not yet seen all of
        the event, made right now that it has: the points element they had is kept."""
        final = points_tag(event.scoring)
        for container in [element, *element.iter("SECTION", "SESSION")]:
            context = self.contexts.get(container)
            part = self.parts.get(container)
            if context is None or part is None or context.points == final:
                continue
            for board in part.boards:
                for line in board.results:
                    line.kept = _points_kept(
                        line.kept, context.points, line.ns_points, line.ew_points
                    )

    def finish(self, root: Element) -> Results:
        """The results, from what the stream took and what is left of the root."""
        club: dict[str, str] = {}
        club_attributes: tuple[tuple[str, str], ...] = ()
        club_elements: list[str] = []
        others: list[str] = []
        for child in root:
            if child.tag == "CLUB" and not club and not club_attributes:
                club_attributes = tuple(child.items())
                for item in child:
                    if (
                        item.tag in ("CLUB_NAME", "CLUB_ID_NUMBER")
                        and item.tag not in club
                        and not len(item)
                    ):
                        club[str(item.tag)] = (item.text or "").strip()
                    else:
                        club_elements.append(kept_element(item))
                club.setdefault("CLUB_NAME", "")
            elif child.tag not in ("EVENT", "HANDSET"):
                others.append(kept_element(child))
        for event in self.read_events:
            event.club = club.get("CLUB_NAME", "")
            event.club_number = club.get("CLUB_ID_NUMBER", "")
        self._attach_handsets()
        doctype = root.getroottree().docinfo.doctype
        return Results(
            events=self.read_events,
            format="usebio",
            provenance=FileKept(
                tuple((k, v) for k, v in root.items() if k != "Version"),
                tuple(others),
                version=root.get("Version", ""),
                doctype=doctype,
                leads_rank_first=bool(self.boards.rank_first_leads),
                club_attributes=club_attributes,
                club_elements=tuple(club_elements),
            ),
        )

    def _attach_handsets(self) -> None:
        """Hand sets at the top level go to the events in order (a producer puts an event's
        hand set beside it); more hand sets than events join the last event's."""
        waiting = [e for e in self.read_events if e.deals is None]
        for index, (deals, layout) in enumerate(self.top_handsets):
            if index < len(waiting):
                event = waiting[index]
                event.deals = deals
            elif self.read_events:
                event = self.read_events[-1]
                event.deals = concat([event.deals, deals]) if event.deals is not None else deals
                continue
            else:
                continue
            if isinstance(event.kept, EventKept):
                event.kept = event.kept.replace(handset=layout)


def _points_kept(kept: object, tag: str, ns: float | None, ew: float | None) -> LineKept | None:
    """A line's kept object saying its points were ``tag`` (when it has points and keeps no
    other kind)."""
    if ns is None and ew is None:
        return kept if isinstance(kept, LineKept) else None
    if isinstance(kept, LineKept):
        return kept if kept.points else kept.replace(points=tag)
    return LineKept(points=tag)


__all__ = ["read", "Pass"]
