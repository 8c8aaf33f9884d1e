"""Validating USEBIO in the reader's own pass: our XML Schema (applied to each board,
PARTICIPANTS and event as the stream passes it, and to what is left of the root at the end),
the rules no schema can say, and every problem the reader itself found. One parse does all.

Each problem has a stable ``kind`` (for grouping: ``schema SCHEMAV_CVC_PATTERN_VALID``,
``not a participant``, ``duplicate id``, ...) and a place with its line and path. Elements the
schema does not name are set aside (a warning each, kept in files bridgeio writes) before the
schema is applied; the hand records of a HANDSET (a 1.0 element) are not checked.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "x.xml")
>>> _ = open(path, "w").write(
...     '<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER>'
...     '</CLUB><EVENT EVENT_TYPE="PAIRS"><DATE>31/02/2022</DATE></EVENT></USEBIO>')
>>> [(p.kind, p.place, p.message) for p in check(path)]
[('unreadable DATE', 'line 1 /USEBIO/EVENT/DATE', "DATE '31/02/2022': expected a date that \
exists (yyyy-mm-dd, or dd/mm/yyyy)")]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path

from lxml import etree

from bridgeio.errors import Problem
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import SEAT_TAGS, Context
from bridgeio.formats.usebio.events import event_facts
from bridgeio.formats.usebio.names import ENTRY_TAGS, scoring_of
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.reader import Pass
from bridgeio.model.results import Event, Scoring

SCHEMA_FILE = Path(__file__).with_name("usebio-1.4.xsd")
CHECKED = frozenset(
    {"USEBIO", "EVENT", "SECTION", "PARTICIPANTS", "PAIR", "BOARD", "TRAVELLER_LINE"}
)
"""Containers whose children the schema names one by one."""
OWN_ELEMENTS = {
    ("TRAVELLER_LINE", "EW_SCORE"): "bridgeio's own: a split score's E-W side, read and checked"
}
"""Elements bridgeio writes where USEBIO has none for what it must carry."""
COLOURS = frozenset({"BLACK", "GREEN", "RED", "BLUE", "SILVER", "GOLD", "PLATINUM", "COLORLESS"})
_XS = "{http://www.w3.org/2001/XMLSchema}"


def schema_text() -> str:
    """The XML Schema bridgeio checks USEBIO files against (``bridgeio schema usebio``)."""
    return SCHEMA_FILE.read_text(encoding="utf-8")


def check(path: str) -> list[Problem]:
    """Every problem of a USEBIO file, in reading order: schema, rules and what the reader
    found. Malformed or hostile XML is a :class:`~bridgeio.errors.FormatError`, as when
    reading."""
    problems = Problems(str(path), report=False)
    validator = Validator(problems)
    Pass(str(path), validator, problems).run()
    return sorted(problems.found, key=lambda p: p.sort_key)


class Validator:
    """The checks that ride along a :class:`~bridgeio.formats.usebio.reader.Pass`."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        tree = etree.parse(str(SCHEMA_FILE))
        self.schema = etree.XMLSchema(tree)
        self.known = _children_by_container(tree)
        self.ids: set[str] = set()  # the current event's entry ids
        self.references: dict[tuple[str, str], tuple[str, int]] = {}  # (tag, id) -> place, count

    # ------------------------------------------------------------------- hooks of the pass

    def line(self, texts: Mapping[str, str | None], element: Element, context: Context) -> None:
        """A traveller line's rules: a score, its pairs (looked up when the event ends),
        matchpoints in a match-pointed event."""
        individual = "N_PLAYER_NUMBER" in texts
        for tag in SEAT_TAGS if individual else ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            text = texts.get(tag)
            if text is None or not text.strip():
                if "DIRECTION" not in texts:
                    self.add(place(element), f"TRAVELLER_LINE needs a {tag}", "missing pair")
            else:
                self._refer(tag, text, element)
        score = texts.get("SCORE")
        if score is None or not score.strip():
            self.add(place(element), "TRAVELLER_LINE needs a SCORE", "missing SCORE")
        if context.points == "MATCH_POINTS" and context.teams is None and "NS_PAIR_NUMBER" in texts:
            if texts.get("NS_MATCH_POINTS") is None or texts.get("EW_MATCH_POINTS") is None:
                self.add(
                    place(element),
                    "a match-pointed TRAVELLER_LINE needs NS_MATCH_POINTS and EW_MATCH_POINTS",
                    "missing points",
                )

    def board(self, element: Element) -> None:
        """A board of results: unknown elements set aside, then the schema."""
        self._validate(element)

    def participants(self, element: Element, event: Element) -> None:
        """PARTICIPANTS: each entry's rules, places against scores, then the schema. The
        overall standings of an event of sessions (its own PARTICIPANTS beside its SESSIONs,
        read when the event ends) need a total or a percentage, and their places may follow
        a total with a carry forward: the scoring engine checks them against the sessions."""
        kind, texts = event_facts(event)
        matchpoints = scoring_of(event.get("EVENT_TYPE", ""), texts, kind) is Scoring.MATCHPOINTS
        overall = element.getparent() is event and event.find("SESSION") is not None
        for entry in element:
            id_tag = ENTRY_TAGS.get(str(entry.tag))
            if id_tag is not None:
                self._entry(entry, id_tag, matchpoints, overall)
        if not overall:
            self._places(element, matchpoints)
        self._validate(element)

    def match(self, element: Element) -> None:
        """A MATCH: its teams are looked up when the event ends."""
        for tag in ("TEAM", "OPPOSING_TEAM"):
            text = element.findtext(tag)
            if text is not None and text.strip().upper() not in ("", "NONE"):
                self._refer(tag, text, element)

    def event(self, element: Element, event: Event) -> None:
        """An event once read: its DATE, the lines' and matches' references to its entries,
        then the schema for what is left of it."""
        if element.find("DATE") is None or not (element.findtext("DATE") or "").strip():
            self.add(place(element), "EVENT needs a DATE", "missing DATE")
        for (tag, identifier), (where, count) in self.references.items():
            if identifier not in self.ids:
                times = f" (on {count} lines)" if count > 1 else ""
                self.add(
                    where, f"{tag} {identifier} is not a participant{times}", "not a participant"
                )
        self.ids.clear()
        self.references.clear()
        self._validate(element)

    def root(self, root: Element) -> None:
        """What is left of the document: its own children and attributes (its events were
        checked as they ended)."""
        self._validate(root, checked="/USEBIO/EVENT")

    # ------------------------------------------------------------------------------- rules

    def add(self, where: str, message: str, kind: str, severity: str = "error") -> None:
        """Note a problem of ``kind`` at ``where``."""
        self.problems.add(where, message, "warning" if severity == "warning" else "error", kind)

    def _refer(self, tag: str, text: str, element: Element) -> None:
        key = (tag, V.pair_id(text).text)
        found = self.references.get(key)
        self.references[key] = (found[0], found[1] + 1) if found else (place(element), 1)

    def _entry(self, entry: Element, id_tag: str, matchpoints: bool, overall: bool) -> None:
        identifier = entry.get(id_tag) if entry.tag == "TEAM" else entry.findtext(id_tag)
        if identifier is None or not identifier.strip():
            if entry.tag != "PLAYER":
                self.add(place(entry), f"{entry.tag!s} needs a {id_tag}", "missing id")
        else:
            self.ids.add(V.pair_id(identifier).text)
        for pair in entry.iterchildren("PAIR"):  # a team's pairs, which lines may name
            self.ids.add(V.pair_id(pair.findtext("PAIR_NUMBER") or "").text)
        if entry.tag in ("PAIR", "TEAM") and entry.find("PLACE") is None:
            self.add(place(entry), f"{entry.tag} needs a PLACE", "missing PLACE")
        self._figures(entry, matchpoints, overall)
        for colour in entry.iter("MASTER_POINT_TYPE"):
            if (colour.text or "").strip().upper() not in COLOURS:
                self.add(
                    place(colour),
                    f"MASTER_POINT_TYPE {colour.text!r} is not one of {', '.join(sorted(COLOURS))}",
                    "masterpoint colour",
                    "warning",
                )

    def _figures(self, entry: Element, matchpoints: bool, overall: bool) -> None:
        """An entry's score: a match-pointed session's PAIR needs a PERCENTAGE (2.7), an IMP
        or VP event's entry a TOTAL_SCORE; a match-pointed event's overall standings either."""
        percentage, total = entry.find("PERCENTAGE") is not None, entry.find("TOTAL_SCORE")
        if matchpoints and overall:
            if not percentage and total is None:
                self.add(
                    place(entry),
                    f"a {entry.tag!s} of overall standings needs a TOTAL_SCORE or a PERCENTAGE",
                    "missing TOTAL_SCORE",
                )
        elif matchpoints:
            if entry.tag == "PAIR" and not percentage:
                self.add(
                    place(entry),
                    "a PAIR of a match-pointed event needs a PERCENTAGE",
                    "missing PERCENTAGE",
                )
        elif total is None:
            self.add(
                place(entry),
                f"a {entry.tag!s} of an IMP or VP event needs a TOTAL_SCORE",
                "missing TOTAL_SCORE",
            )

    def _places(self, participants: Element, matchpoints: bool) -> None:
        """Places agree with scores: a better place never has a worse score, tied places
        ('=') have equal scores. Handicapped events are left alone (places follow the
        handicap)."""
        if participants.find(".//HANDICAP") is not None:
            return
        groups: dict[str, list[tuple[int, bool, float, Element]]] = defaultdict(list)
        for entry in participants:
            place_text = entry.findtext("PLACE") or ""
            score_text = entry.findtext("PERCENTAGE" if matchpoints else "TOTAL_SCORE") or ""
            try:
                rank, tied = V.place_value(place_text)
                score = V.decimal(score_text)
            except V.Unreadable:
                continue
            groups[(entry.findtext("DIRECTION") or "").strip().upper()].append(
                (rank, tied, score, entry)
            )
        for rows in groups.values():
            rows.sort(key=lambda row: row[0])
            for (place_a, _, score_a, _), (place_b, tied_b, score_b, entry_b) in zip(
                rows, rows[1:], strict=False
            ):
                self._ordered(place_a, score_a, place_b, tied_b, score_b, entry_b)

    def _ordered(
        self,
        place_a: int,
        score_a: float,
        place_b: int,
        tied_b: bool,
        score_b: float,
        entry: Element,
    ) -> None:
        if place_b > place_a and score_b > score_a + 1e-9:
            # A warning: scorers rank entries not eligible for awards last, whatever their
            # score (real ACBLscore games do), so this is worth a look, not a defect.
            self.add(
                place(entry),
                f"place {place_b} has a better score ({score_b}) than place {place_a} "
                f"({score_a}): an entry ranked last as not eligible, or a wrong place?",
                "place order",
                "warning",
            )
        if place_b == place_a and abs(score_b - score_a) > 1e-9:
            self.add(
                place(entry),
                f"shares place {place_b} with a different score ({score_b} and {score_a})",
                "tie with different scores",
            )
        if place_b == place_a and not tied_b:
            self.add(
                place(entry),
                f"place {place_b} is shared: write {place_b}=",
                "unmarked tie",
                "warning",
            )

    # ------------------------------------------------------------------------------ schema

    def _validate(self, element: Element, checked: str = "") -> None:
        """Set aside what the schema does not name (a warning each), then apply the schema
        to ``element`` and what is in it (leaving out errors under ``checked``, a path
        already checked)."""
        self._set_aside(element)
        try:
            if self.schema.validate(element):
                return
        except etree.XMLSchemaValidateError as failure:  # lxml could not apply the schema
            self.add(place(element), f"the schema could not be applied ({failure})", "schema")
            return
        base = element.getroottree().getpath(element)
        own = f"/{element.tag!s}"
        for error in self.schema.error_log:
            path = error.path or own
            if path.startswith(own):
                path = base + path[len(own) :]
            if checked and path.startswith(checked):
                continue
            self.add(f"line {error.line} {path}", error.message, f"schema {error.type_name}")

    def _set_aside(self, element: Element) -> None:
        unknown = []
        for container in element.iter(*CHECKED):
            if container.tag == "BOARD" and container.getparent() is not None:
                if container.getparent().tag == "HANDSET":  # type: ignore[union-attr]
                    continue
            known = self.known.get(str(container.tag), set())
            for child in container:
                if child.tag not in known:
                    unknown.append(child)
        for child in unknown:
            own = OWN_ELEMENTS.get((str(child.getparent().tag), str(child.tag)))  # type: ignore[union-attr]
            self.add(
                place(child),
                f"element {child.tag!s} is not in USEBIO 1.4 ({own or 'kept, not checked'})",
                f"element not in USEBIO 1.4: {child.tag!s}",
                "warning",
            )
            parent = child.getparent()
            if parent is not None:
                parent.remove(child)


def _children_by_container(tree: etree._ElementTree) -> dict[str, set[str]]:
    """The children the schema names for each of its elements with a list of children."""
    known: dict[str, set[str]] = {}
    for element in tree.iter(f"{_XS}element"):
        name = element.get("name")
        choice = element.find(f"{_XS}complexType/{_XS}choice")
        if name and choice is not None:
            known[name] = {
                str(child.get("name") or child.get("ref"))
                for child in choice.iter(f"{_XS}element")
                if child.getparent() is choice
            }
    return known
