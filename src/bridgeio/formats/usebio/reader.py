"""Reading USEBIO 1.0-1.4 into the results model, tolerating what real producers write.

Parsing is safe by construction: no DTD is loaded, no entity is expanded, nothing is fetched
from a network, and libxml2's limits on depth and size stay on. What the reader does not know
is kept (as XML text in ``extra["unknown"]`` of the object it belongs to) for the writer.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Set as AbstractSet
from datetime import date
from typing import Any

import numpy as np
from lxml import etree

from bridgeio.errors import FormatError
from bridgeio.files import collector_paused, input_size
from bridgeio.model import DealSet, parse_pbn_deal
from bridgeio.model.movement import from_schedule
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Entry,
    Event,
    LazyList,
    Match,
    Player,
    Results,
    Section,
)

try:  # the C walker of boards, built with the package where a C compiler was at hand
    from bridgeio.formats.usebio._walk import (
        board_columns,
        child_texts,
        hand_seats,
        scan_children,
    )
except ImportError:  # pragma: no cover - the Python walk gives the same results, slower
    board_columns = child_texts = hand_seats = scan_children = None

MAX_BYTES = 1 << 30  # larger files are refused rather than risk unbounded memory

EVENT_KINDS = {
    "INDIVIDUAL": "individual",
    "TEAMS": "teams",
    "SWISS_TEAMS": "teams",
    "MULTIPLE_TEAMS": "teams",
    "KNOCKOUT": "teams",
    "TEAMS_OF_FOUR": "teams",
}
POINTS = ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS", "AGGREGATE_POINTS")
SEAT_NAMES = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
HAND_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


# Safe by construction: no entity expanded, no DTD loaded, nothing fetched, libxml2's depth and
# size limits kept on. Every parse of a USEBIO file uses these.
SAFE_PARSING = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    "remove_comments": True,
}


def parser() -> etree.XMLParser:
    return etree.XMLParser(**SAFE_PARSING)


def sniff(head: bytes, size: int) -> bool:
    return b"<USEBIO" in head[:4096]


# Boards directly inside these are read as soon as they are parsed and then emptied, so the
# tree of a big file never holds all its traveller lines at once.
STREAMED_PARENTS = {"EVENT", "SECTION", "SESSION"}


def read(path: str) -> Results:
    size = input_size(path)
    if size > MAX_BYTES:
        raise FormatError(path, "file", f"a USEBIO file of at most {MAX_BYTES} bytes")
    with collector_paused():
        return _read(path)


# Bytes fed to the parser at a time. Boards are read once the parser has passed them, so the
# tree holds at most about this much of the file's boards at once.
CHUNK_BYTES = 1 << 16


def _read(path: str) -> Results:
    boards: dict[Any, Board] = {}
    handsets: dict[Any, list[HandsetBoard]] = {}

    def take(board: Any) -> None:
        """Read a board whose end tag the parser has passed, then empty it."""
        parent = board.getparent()
        if parent is None:
            return
        tag = parent.tag
        if tag in STREAMED_PARENTS:
            boards[board] = board_rows(board, path) or read_board(board, path)
        elif tag == "HANDSET":
            handsets.setdefault(parent, []).append(handset_board(board))
        else:
            return
        board.clear(keep_tail=True)

    # Only start events (end events cost lxml a quarter of the parse): a board is finished
    # when the next one starts, unless it holds that one; the rest when the parse ends.
    pending: list[Any] = []
    try:
        parser = etree.XMLPullParser(events=("start",), tag=("BOARD", "HANDSET"), **SAFE_PARSING)
        with open(path, "rb") as source:
            for chunk in iter(lambda: source.read(CHUNK_BYTES), b""):
                parser.feed(chunk)
                pending = _finished(parser.read_events(), pending, take, handsets)
            root = parser.close()
        for board in _finished(parser.read_events(), pending, take, handsets):
            take(board)
    except etree.XMLSyntaxError as error:
        line, column = error.position if error.position else (0, 0)
        raise FormatError(
            path, f"line {line} column {column}", f"well-formed XML ({error.msg})"
        ) from None
    except FormatError:
        raise
    except (etree.ParserError, ValueError, OSError) as error:  # e.g. bytes wrong for the encoding
        raise FormatError(path, "line 1", f"well-formed XML ({error})") from None
    if root is None:
        raise FormatError(path, "line 1", "a USEBIO document, found none")
    return from_tree(root, path, boards, handsets)


def _finished(events: Any, pending: list[Any], take: Any, handsets: dict) -> list[Any]:
    """Take the pending boards each newly started board shows finished; the boards still
    open. A HANDSET's start opens its entry in `handsets` (in document order)."""
    for _, started in events:
        if started.tag == "HANDSET":
            handsets.setdefault(started, [])
            continue
        if pending and next(started.iterancestors("BOARD"), None) is None:
            for board in pending:
                take(board)
            pending = []
        elif pending:  # a board inside a board: its enclosing boards are still open
            enclosing = set(started.iterancestors("BOARD"))
            for board in pending:
                if board not in enclosing:
                    take(board)
            pending = [board for board in pending if board in enclosing]
        pending.append(started)
    return pending


def from_tree(
    root: Any, path: str = "<xml>", boards: dict | None = None, handsets: dict | None = None
) -> Results:
    """The results in a parsed USEBIO tree; `boards` and `handsets` hold what a streaming read
    already took from the BOARD elements it then emptied (by element; `handsets` has every
    HANDSET, in document order)."""
    if root.tag != "USEBIO":
        raise FormatError(path, f"line {root.sourceline} <{root.tag}>", "the root element USEBIO")
    results = Results(format="usebio")
    results.extra["version"] = root.get("Version", "")
    club = next(root.iterchildren("CLUB"), None)
    club_texts = _first_texts(club) if club is not None else {}
    club_name = club_texts.get("CLUB_NAME") or ""
    club_id = club_texts.get("CLUB_ID_NUMBER") or ""
    for number, element in enumerate(root.iterchildren("EVENT"), start=1):
        results.events.append(read_event(element, number, club_name, club_id, path, boards))
    if handsets is None:  # not from a streaming read: look for it
        handset = root.find(".//HANDSET")
        if handset is not None:
            results.extra["deals"] = read_handset(handset, path)
    elif handsets:  # the first HANDSET, as read while streaming
        results.extra["deals"] = deal_set(next(iter(handsets.values())), path)
    results.extra["unknown"] = _unknown(root, {"CLUB", "EVENT"})
    return results


def _first_texts(element: Any) -> dict[str, str]:
    """The stripped text of each tag's first child element ("" for none), in one pass."""
    texts: dict[str, str] = {}
    for tag, text, _ in _child_texts(element):
        if tag is not None and tag not in texts:
            texts[tag] = text.strip() if text else ""
    return texts


def _text(element: Any, tag: str) -> str | None:
    child = next(element.iterchildren(tag), None) if element is not None else None
    if child is None or child.text is None:
        return None
    return child.text.strip()


def _number(text: str | None, path: str, element: Any, tag: str) -> float | None:
    if text is None or text == "":
        return None
    try:
        return float(text)
    except ValueError:
        raise FormatError(
            path, f"line {element.sourceline} <{tag}>", f"a number, found {text!r}"
        ) from None


# The date forms producers write, as (pattern, order of its year, month and day groups).
DATE_FORMS = [
    (re.compile(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"), (1, 2, 3)),
    (re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4}|[0-9]{2})"), (3, 2, 1)),
    (re.compile(r"([0-9]{1,2})-([0-9]{1,2})-([0-9]{4})"), (3, 2, 1)),
    (re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})"), (3, 2, 1)),
]


def iso_date(text: str | None) -> str | None:
    """USEBIO dates: ISO from 1.3, dd/mm/yyyy before (and in real files since); two-digit
    years as strptime reads them (69-99 the 1900s).

    >>> iso_date("16/11/2015"), iso_date("2017-08-07"), iso_date("sometime")
    ('2015-11-16', '2017-08-07', None)
    >>> iso_date("1/2/99"), iso_date("01.02.2003"), iso_date("31/02/2020")
    ('1999-02-01', '2003-02-01', None)
    """
    text = (text or "").strip()
    for pattern, (year, month, day) in DATE_FORMS:
        found = pattern.fullmatch(text)
        if found:
            digits = found.group(year)
            number = (
                int(digits)
                if len(digits) == 4
                else int(digits) + (1900 if digits >= "69" else 2000)
            )
            try:
                return date(number, int(found.group(month)), int(found.group(day))).isoformat()
            except ValueError:
                continue
    return None


KNOWN_EVENT = {
    "EVENT_DESCRIPTION",
    "TITLE",
    "DATE",
    "PARTICIPANTS",
    "BOARD",
    "MATCH",
    "SECTION",
    "SESSION",
    "HANDSET",
    "EVENT_RATING",
    "MASTER_POINT_SCALE",
}


def read_event(
    element: Any, number: int, club: str, club_id: str, path: str, boards: dict | None = None
) -> Event:
    kind_text = (element.get("EVENT_TYPE") or "PAIRS").upper()
    texts = _first_texts(element)
    event = Event(
        number=number,
        name=texts.get("EVENT_DESCRIPTION") or texts.get("TITLE") or "",
        session_name=texts.get("TITLE") or "",
        date=iso_date(texts.get("DATE")),
        date_text=texts.get("DATE") or "",
        club=club,
        club_number=club_id,
        kind=EVENT_KINDS.get(kind_text, "pairs"),
        scoring=scoring_name(texts, kind_text),
        rating=texts.get("EVENT_RATING") or texts.get("MASTER_POINT_SCALE") or "",
    )
    event.extra = {"usebio_event_type": kind_text, **_leftovers(element, KNOWN_EVENT)}
    containers = [*element.iterchildren("SECTION"), *element.iterchildren("SESSION")]
    if next(element.iterchildren("PARTICIPANTS", "BOARD"), None) is not None:
        containers.insert(0, element)
    for index, container in enumerate(containers, start=1):
        nested = container.findall("SECTION") if container.tag == "SESSION" else []
        for part in nested or [container]:
            event.sections.append(read_section(part, container, index, event.kind, path, boards))
    return event


SCORINGS = {
    "MATCH_POINTS": "matchpoints",
    "MP": "matchpoints",
    "MATCHPOINTS": "matchpoints",
    "IMPS": "imps",
    "BUTLER_IMPS": "butler",
    "BUTLER": "butler",
    "CROSS_IMPS": "cross_imps",
    "AGGREGATE": "aggregate",
    "VPS": "victory_points",
    "TOTAL_IMPS": "imps",
}
TYPE_SCORINGS = {
    "MP_PAIRS": "matchpoints",
    "BUTLER_PAIRS": "butler",
    "CROSS_IMP": "cross_imps",
    "AGGREGATE": "aggregate",
}


def scoring_name(texts: dict[str, str], kind_text: str) -> str:
    """The model's name for how boards were scored (the first of the scoring elements), from
    an event's texts by tag."""
    for tag in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "SCORING_METHOD"):
        text = (texts.get(tag) or "").upper()
        if text:
            return SCORINGS.get(text, text.lower())
    return TYPE_SCORINGS.get(kind_text, "matchpoints")


def _section_name(part: Any, container: Any, index: int) -> str:
    name = part.get("SECTION_ID") or _text(part, "SECTION_ID") or ""
    if not name and part.tag == "SECTION":  # some producers only prefix pair ids: "(A) 1 NS"
        first = part.find("PARTICIPANTS/*/PAIR_NUMBER")
        prefix = re.match(r"\s*\(([^)]*)\)", first.text or "") if first is not None else None
        name = prefix.group(1) if prefix else str(index)
    return name


def read_section(
    part: Any, container: Any, index: int, kind: str, path: str, boards: dict | None = None
) -> Section:
    section = Section(name=_section_name(part, container, index))
    if container.tag == "SESSION":  # SESSION_ID (an attribute) and the session's own elements
        session = container.get("SESSION_ID") or _text(container, "SESSION_ID") or str(index)
        section.extra["session"] = session
        section.extra["session_leftovers"] = _leftovers(
            container, {"SECTION", "PARTICIPANTS", "BOARD", "MATCH", "SESSION_ID"}
        )
    participants = part.find("PARTICIPANTS")
    if participants is None and container is not part:
        participants = container.find("PARTICIPANTS")
    if participants is not None:
        for entry_element in participants:
            entry = read_entry(entry_element, kind, path)
            if entry is not None:
                section.entries.append(entry)
    for board_element in part.findall("BOARD"):
        read = boards.get(board_element) if boards else None
        section.results.append(read if read is not None else read_board(board_element, path))
    for match_element in part.findall("MATCH"):
        section.matches.append(read_match(match_element, path))
        # kept whole for writing back: boards, sit-outs, arrow switches, teams of eight
        section.extra.setdefault("match_xml", []).append(
            etree.tostring(match_element, encoding="unicode").strip()
        )
    directions = {e.direction for e in section.entries}
    numbers = [e.number for e in section.entries]
    section.movement = (
        "teams"
        if kind == "teams"
        else "individual"
        if kind == "individual"
        else "mitchell"
        if len(set(numbers)) < len(numbers) and directions >= {"NS", "EW"}
        else "howell"
    )
    section.schedule = schedule_of(section)
    if section.schedule:
        section.rounds = len(section.schedule)
        section.tables = max(len(row) for row in section.schedule)
    section.boards = len(section.results) or None
    return section


@functools.lru_cache(maxsize=4096)
def pair_id(text: str | None) -> tuple[str, int, str | None]:
    """A pair id as written ("1 NS", "1NS", "12", "(A) 1 NS") -> (id, number, direction).

    >>> pair_id("1 NS"), pair_id("12"), pair_id("(A) 7 EW"), pair_id("B3NS")
    (('1NS', 1, 'NS'), ('12', 12, None), ('(A)7EW', 7, 'EW'), ('B3NS', 3, 'NS'))
    """
    compact = re.sub(r"\s+", "", text or "").upper()
    match = re.match(r"^(?:\([^)]*\)|[A-Z]+)?(\d+)(NS|EW|N|E|S|W)?$", compact)
    if not match:
        return compact, 0, None
    direction = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}.get(
        match.group(2) or "", match.group(2)
    )
    return compact, int(match.group(1)), direction


KNOWN_ENTRY = {
    "PAIR_NUMBER",
    "TEAM_ID",
    "PLAYER_NUMBER",
    "DIRECTION",
    "TOTAL_SCORE",
    "PERCENTAGE",
    "PLACE",
    "PLAYER",
    "MASTER_POINTS",
    "MASTER_POINTS_AWARDED",
    "MASTER_POINT_TYPE",
    "BOARDS_PLAYED",
}


ID_TAGS = {"PAIR": "PAIR_NUMBER", "TEAM": "TEAM_ID", "PLAYER": "PLAYER_NUMBER"}


def read_entry(element: Any, kind: str, path: str) -> Entry | None:
    tag = element.tag
    id_tag = ID_TAGS.get(tag) if isinstance(tag, str) else None
    if id_tag is None:
        return None
    individual = tag == "PLAYER"  # an individual: the entry is the player
    texts, nested, leftovers = _scan(
        element, KNOWN_PLAYER | KNOWN_ENTRY if individual else KNOWN_ENTRY, INSIDE_ENTRY
    )
    identifier, number, side = pair_id(element.get(id_tag) or texts.get(id_tag))
    direction = (texts.get("DIRECTION") or "").upper() or side
    place = texts.get("PLACE") or ""
    played = texts.get("BOARDS_PLAYED")
    entry = Entry(
        id=identifier,
        number=number,
        direction=direction if direction in ("NS", "EW") else None,
        score=_number(texts.get("TOTAL_SCORE"), path, element, "TOTAL_SCORE"),
        percentage=_number(texts.get("PERCENTAGE"), path, element, "PERCENTAGE"),
        rank=int(place.rstrip("=")) if place.rstrip("=").isdecimal() else None,
        boards_played=int(played) if played and played.isdecimal() else None,
        extra={"place": place, "tied": place.endswith("="), "tag": tag, **leftovers},
    )
    entry.extra["attributes"].pop(id_tag, None)
    if individual:
        player = read_player(element)
        player.extra.update(elements=[], unknown=[], attributes={})
        entry.players = [player]
    else:
        entry.players = [
            read_player(element[i]) if scanned is None else _player(scanned, element, i)
            for i, _, _, scanned in nested.get("PLAYER", ())
        ]
    awards = []
    if (points := texts.get("MASTER_POINTS_AWARDED") or None) is not None:
        awards.append(
            Award(
                _number(points, path, element, "MASTER_POINTS_AWARDED") or 0,
                texts.get("MASTER_POINT_TYPE") or "",
            )
        )
    for i, _, _, scanned in nested.get("MASTER_POINTS", ()):
        block = scanned[0] if scanned is not None else _first_texts(element[i])
        points = block.get("MASTER_POINTS_AWARDED")
        try:
            value = float(points) if points else None
        except ValueError:  # say where, from the block itself
            _number(points, path, element[i], "MASTER_POINTS_AWARDED")
        awards.append(Award(value or 0, block.get("MASTER_POINT_TYPE") or ""))
    if awards:
        entry.awards["total"] = awards
    entry.extra["single_award"] = "MASTER_POINTS_AWARDED" in texts
    return entry


KNOWN_PLAYER = {
    "PLAYER_NAME",
    "NATIONAL_ID_NUMBER",
    "MASTER_POINT_TOTAL",
    "ACBL_CITY",
    "ACBL_STATE",
    "PLAYER_NUMBER",
}

# Known children read as elements rather than text.
NESTED = {"PLAYER", "MASTER_POINTS", "PLAYER_NAME"}


# A child of the NESTED tags as _scan finds it: its index in its parent, its text and len(),
# and (from the C walker, for the tags `inner` names) its own children scanned, else None.
NestedChild = tuple[int, str | None, int, Any]
ScanResult = tuple[dict[str, str], dict[str, list[NestedChild]], dict[str, Any]]
# An entry's players and award blocks are scanned with it.
INSIDE_ENTRY = {
    "PLAYER": KNOWN_PLAYER,
    "MASTER_POINTS": {"MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"},
}


def _scan(element: Any, known: set[str], inner: dict[str, set[str]] | None = None) -> ScanResult:
    """One pass over an element's children: the stripped text of the first child of each known
    tag, the children of the NESTED tags, and the leftovers: what `known` does not name, kept for
    the writer (simple children as (tag, text) in order, others as XML text, and the element's
    attributes)."""
    scanned = scan_children(element, known, NESTED, inner) if scan_children is not None else None
    if scanned is not None:
        return _scanned(scanned, element)
    texts = {}
    nested = {}
    elements = []
    unknown = []
    for index, (tag, text, size) in enumerate(_child_texts(element)):
        if tag is None:
            if size >= 0:
                continue  # a comment or processing instruction
            child = element[index]  # an element in a namespace: lxml names it
            tag, text, size = child.tag, child.text, len(child)
        if tag in known:
            if tag in NESTED:
                nested.setdefault(tag, []).append((index, text, size, None))
            if tag not in texts:
                texts[tag] = (text or "").strip()
        elif size:
            unknown.append(etree.tostring(element[index], encoding="unicode").strip())
        else:
            elements.append((tag, (text or "").strip()))
    leftovers = {"elements": elements, "unknown": unknown, "attributes": dict(element.attrib)}
    return texts, nested, leftovers


def _child_texts(element: Any) -> list[tuple[str | None, str | None, int]]:
    """Each child's (tag, text, len) as lxml would give them (see _walk.c's child_texts)."""
    return child_texts(element) if child_texts is not None else _python_child_texts(element)


def _python_child_texts(element: Any) -> list[tuple[str | None, str | None, int]]:
    """What the C walker's child_texts gives, from lxml's proxies."""
    return [
        (child.tag, child.text, len(child)) if isinstance(child.tag, str) else (None, None, 0)
        for child in element
    ]


def _scanned(scanned: tuple, element: Any, index: int | None = None) -> ScanResult:
    """What the C walker's scan_children gave, as _scan gives it; `element` (or its child at
    `index`) is the element scanned, asked for only for children kept as XML text."""
    texts, nested, leftovers, unknown_at = scanned
    if unknown_at:
        scanned_element = element if index is None else element[index]
        leftovers["unknown"] = [
            etree.tostring(scanned_element[i], encoding="unicode").strip() for i in unknown_at
        ]
    return texts, nested, leftovers


def read_player(element: Any) -> Player:
    return _player_from(_scan(element, KNOWN_PLAYER), element, None)


def _player(scanned: tuple, entry: Any, index: int) -> Player:
    """A player the C walker scanned with its entry (the player is the entry's child `index`)."""
    return _player_from(_scanned(scanned, entry, index), entry, index)


def _player_from(scan: ScanResult, element: Any, index: int | None) -> Player:
    """A player from its scanned children; `element` (or its child at `index`) is the PLAYER
    element, asked for only for structured names."""
    texts, nested, leftovers = scan
    name_index, name_text, name_size, _ = (
        nested["PLAYER_NAME"][0] if "PLAYER_NAME" in nested else (0, "", 0, None)
    )
    first, last = "", ""
    if name_size:  # FIRSTNAME and LASTNAME
        name = (element if index is None else element[index])[name_index]
        first, last = _text(name, "FIRSTNAME") or "", _text(name, "LASTNAME") or ""
    elif name_text and name_text.strip():
        parts = name_text.strip().rsplit(" ", 1)
        first, last = (parts[0], parts[1]) if len(parts) == 2 else ("", parts[0])
    total = texts.get("MASTER_POINT_TOTAL")
    leftovers["structured_name"] = name_size > 0
    return Player(
        last,
        first,
        texts.get("NATIONAL_ID_NUMBER") or "",
        int(float(total)) if total and _is_number(total) else None,
        city=texts.get("ACBL_CITY") or "",
        state=texts.get("ACBL_STATE") or "",
        awards={},
        extra=leftovers,
    )


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=1024)
def normalise_contract(text: str | None) -> str | None:
    """'4 S x' -> '4SX', '6CX', '5Hx' -> '5HX', '3 nt' -> '3NT', 'Pass' -> 'PASS'.

    >>> [normalise_contract(t) for t in ("4 S x", "5Hx", "3 nt", "P", "7NTXX")]
    ['4SX', '5HX', '3NT', 'PASS', '7NTXX']
    """
    if text is None:
        return None
    compact = re.sub(r"\s+", "", text).upper()
    if compact in ("P", "PASS", "AP", "PASSED", "ALLPASS"):
        return "PASS"
    match = re.match(r"^([1-7])(NT|N|S|H|D|C)(X{0,2}|\*{0,2})$", compact)
    if not match:
        return compact
    strain = "NT" if match.group(2) in ("N", "NT") else match.group(2)
    return f"{match.group(1)}{strain}{match.group(3).replace('*', 'X')}"


@functools.lru_cache(maxsize=1024)
def normalise_lead(text: str | None) -> str | None:
    """A lead suit-first: 'KH' and 'HK' both give 'HK'."""
    if not text:
        return None
    compact = re.sub(r"\s+", "", text).upper().replace("10", "T")
    if len(compact) == 2 and compact[0] in "AKQJT98765432" and compact[1] in "SHDC":
        return compact[1] + compact[0]
    return compact


def read_score(text: str | None) -> int | str | None:
    """A traveller score: points, or an assigned score such as 'A6040' kept as written."""
    if text is None or text == "":
        return None
    try:
        return int(float(text))
    except ValueError:
        return text.upper()


KNOWN_LINE = {
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
    "ROUND_NUMBER",
    "TABLE_NUMBER",
    "N_PLAYER_NUMBER",
    "E_PLAYER_NUMBER",
    "S_PLAYER_NUMBER",
    "W_PLAYER_NUMBER",
} | {f"{side}_{kind}" for side in ("NS", "EW") for kind in POINTS}


_LINE_ODDITIES = etree.XPath("count(TRAVELLER_LINE/@*) + count(TRAVELLER_LINE/*/*)")
_POINT_TAGS = {f"{side}_{kind}" for side in ("NS", "EW") for kind in POINTS}


class LineTexts:
    """A board's traveller lines as read, text by tag: one list a tag (None where a line lacks
    the tag) when no line holds a tag twice, which is the usual case and compact; else one dict
    a line.

    >>> lines = LineTexts.walked(["SCORE", "LEAD", "SCORE"], ["420", "SA", "-50"], [2, 3])
    >>> lines.column("SCORE"), lines.column("LEAD"), lines.each_line()[1]
    (['420', '-50'], ['SA', None], {'SCORE': '-50'})
    """

    def __init__(
        self,
        count: int,
        columns: dict[str, list[str | None]] | None = None,
        rows: list[dict[str, str]] | None = None,
    ) -> None:
        self.count = count
        self.columns = columns
        self.rows = rows

    @classmethod
    def walked(cls, tags: list[str], texts: list[str], line_ends: list[int]) -> LineTexts:
        """From the tags and texts of every line's children in order, and where lines end."""
        count = len(line_ends)
        width = line_ends[0]
        layout = tags[:width]
        if (
            line_ends == list(range(width, width * count + 1, width))
            and tags == layout * count
            and len(set(layout)) == width
        ):
            return cls(count, columns={tag: texts[i::width] for i, tag in enumerate(layout)})
        spans = list(zip([0, *line_ends[:-1]], line_ends, strict=True))
        return cls(count, rows=[dict(zip(tags[a:b], texts[a:b], strict=True)) for a, b in spans])

    @property
    def tags(self) -> AbstractSet[str]:
        """The tags the lines hold (worked out when asked: a set kept a board costs memory)."""
        if self.columns is not None:
            return self.columns.keys()
        return set().union(*self.rows)

    def column(self, tag: str) -> list[str | None]:
        if self.columns is not None:
            return self.columns.get(tag) or [None] * self.count
        return [row.get(tag) for row in self.rows]

    def each_line(self) -> list[dict[str, str]]:
        if self.rows is not None:
            return self.rows
        tags = list(self.columns)
        return [
            {tag: text for tag, text in zip(tags, texts, strict=True) if text is not None}
            for texts in zip(*self.columns.values(), strict=True)
        ]


def board_rows(element: Any, path: str) -> Board | None:
    """A BOARD whose traveller lines hold only known tags, once each, with text only: the texts
    kept (see LineTexts), the line objects built on first use. None when a line holds anything
    else or a bad number (read it line by line instead, which keeps it or says where).

    >>> board = board_rows(etree.fromstring(
    ...     "<BOARD><BOARD_NUMBER>7</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1"
    ...     "</NS_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>"), "x.xml")
    >>> board.number, board.results[0].ns, board.results[0].ns_score
    (7, 1, 420)
    """
    walked = (_walk_in_c(element) if board_columns is not None else None) or _walk(element)
    if walked is None:
        return None
    number, lines, leftovers, wordy = walked
    line_tags = lines.tags
    if not line_tags <= KNOWN_LINE:
        return None
    for tag in wordy & _POINT_TAGS:  # points with some text that is not plainly a number
        if not all(map(_is_points, lines.column(tag))):
            return None
    number = number.strip() if number else None
    return Board(
        int(number) if number and number.isdecimal() else 0,
        LazyList(functools.partial(_lines, lines, path), lines),
        leftovers,
    )


# A board as walked: its number text, its lines' texts, its leftovers, and the tags whose
# texts may not all be numbers.
WalkedBoard = tuple[str | None, LineTexts, dict[str, Any], AbstractSet[str]]


def _walk_in_c(element: Any) -> WalkedBoard | None:
    """A plain board read by the C walker, else None (see _walk.c for what it takes)."""
    walked = board_columns(element)
    if walked is None or not walked[1]:
        return None
    number, count, columns, leftovers, wordy = walked
    return number, LineTexts(count, columns=columns), leftovers, wordy


def _walk(element: Any) -> WalkedBoard | None:
    """The same in Python: one proxy an element (see board_rows for what it takes)."""
    if _LINE_ODDITIES(element):
        return None
    tags: list[Any] = []
    texts: list[str | None] = []
    line_ends: list[int] = []
    for line in element.iterchildren("TRAVELLER_LINE"):
        for child in line:
            tags.append(child.tag)
            texts.append(child.text)
        line_ends.append(len(tags))
    if not line_ends or not line_ends[0] or None in texts:
        return None
    lines = LineTexts.walked(tags, texts, line_ends)
    if lines.rows is not None and any(
        len(row) != b - a
        for row, a, b in zip(lines.rows, [0, *line_ends[:-1]], line_ends, strict=True)
    ):
        return None  # a line holds a tag twice
    return _text(element, "BOARD_NUMBER"), lines, _leftovers(element, KNOWN_BOARD), lines.tags


@functools.lru_cache(maxsize=4096)
def _is_points(text: str | None) -> bool:
    text = (text or "").strip()
    return not text or _is_number(text)


# A board's own children that the model reads; the rest are kept as leftovers.
KNOWN_BOARD = {"BOARD_NUMBER", "TRAVELLER_LINE"}


def _lines(lines: LineTexts, path: str) -> list[BoardResult]:
    where = "a TRAVELLER_LINE"
    return [
        line_result({tag: text.strip() for tag, text in row.items()}, [], [], {}, path, where)
        for row in lines.each_line()
    ]


def read_board(element: Any, path: str) -> Board:
    number = _text(element, "BOARD_NUMBER")
    board = Board(int(number) if number and number.isdecimal() else 0)
    board.extra = _leftovers(element, KNOWN_BOARD)
    for line in element.iterchildren("TRAVELLER_LINE"):
        board.results.append(read_line(line, path))
    return board


def read_line(line: Any, path: str) -> BoardResult:
    """One traveller line; its children are gathered in one pass."""
    values: dict[str, str] = {}
    leftovers: list[tuple[str, str]] = []
    complex_: list[str] = []
    for child in line:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        if tag not in KNOWN_LINE:
            if len(child):
                complex_.append(etree.tostring(child, encoding="unicode").strip())
            else:
                leftovers.append((tag, (child.text or "").strip()))
            continue
        values[tag] = (child.text or "").strip()
    where = f"line {line.sourceline} <TRAVELLER_LINE>"
    return line_result(values, leftovers, complex_, dict(line.attrib), path, where)


def _points(text: str | None, path: str, where: str, tag: str) -> float | None:
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise FormatError(path, f"{where} <{tag}>", f"a number, found {text!r}") from None


def line_result(
    values: dict[str, str],
    leftovers: list[tuple[str, str]],
    complex_: list[str],
    attributes: dict[str, str],
    path: str,
    where: str,
) -> BoardResult:
    """A traveller line from its children's texts (by tag)."""
    ns_id, ns, _ = pair_id(values.get("NS_PAIR_NUMBER"))
    ew_id, ew, _ = pair_id(values.get("EW_PAIR_NUMBER"))
    seats = None
    if "N_PLAYER_NUMBER" in values:  # an individual event: four players, not two pairs
        seats = tuple(pair_id(values.get(f"{s}_PLAYER_NUMBER"))[1] for s in "NESW")
        ns, ew = seats[0], seats[1]
    score = read_score(values.get("SCORE"))
    kind = next((k for k in POINTS if f"NS_{k}" in values or f"EW_{k}" in values), None)
    points = [
        _points(values.get(f"{side}_{kind}"), path, where, f"{side}_{kind}") if kind else None
        for side in ("NS", "EW")
    ]
    round_text, table_text = values.get("ROUND_NUMBER"), values.get("TABLE_NUMBER")
    tricks = values.get("TRICKS")
    result = BoardResult(
        int(round_text) if round_text and round_text.isdecimal() else 0,
        int(table_text) if table_text and table_text.isdecimal() else 0,
        ns,
        ew,
        score,
        -score if isinstance(score, int) else score,
        points[0],
        points[1],
        contract=normalise_contract(values.get("CONTRACT")),
        declarer=(values.get("PLAYED_BY") or "")[:1].upper() or None,
        lead=normalise_lead(values.get("LEAD")),
        tricks=int(tricks) if tricks and tricks.isdecimal() else None,
        seats=seats,
    )
    result.extra = {
        "ns_id": ns_id,
        "ew_id": ew_id,
        "points": kind,
        "elements": leftovers,
        "unknown": complex_,
        "attributes": attributes,
    }
    if table_text and not table_text.isdecimal():
        result.extra["table"] = table_text
    return result


def read_match(element: Any, path: str) -> Match:
    def number(tag: str) -> float | None:
        return _number(_text(element, tag), path, element, tag)

    round_number = _text(element, "ROUND_NUMBER")
    team = pair_id(_text(element, "TEAM"))[1]
    opponent_text = _text(element, "OPPOSING_TEAM") or ""
    imps = [_number(b.findtext("IMPS"), path, b, "IMPS") for b in element.findall("BOARD")]
    return Match(
        int(round_number) if round_number and round_number.isdecimal() else 0,
        team,
        0 if opponent_text.upper() == "NONE" else pair_id(opponent_text)[1],
        imps=round(sum(i for i in imps if i is not None)) if any(imps) else None,
        victory_points=number("TEAM_SCORE")
        if element.find("TEAM_SCORE") is not None
        else number("SCORE"),
        boards=len(imps) or None,
    )


def _seatings(board: Board) -> tuple[list[int], list[int], list[int], list[int]]:
    """Rounds, tables, NS and EW of a board's lines, from the texts as read when the lines are
    not built."""
    lines = getattr(board.results, "raw", None)
    if lines is None:
        results = board.results
        return (
            [r.round for r in results],
            [r.table for r in results],
            [r.ns for r in results],
            [r.ew for r in results],
        )
    individual = "N_PLAYER_NUMBER" in lines.tags
    ns_tag, ew_tag = (
        ("N_PLAYER_NUMBER", "E_PLAYER_NUMBER")
        if individual
        else ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")
    )
    return (
        list(map(_whole, lines.column("ROUND_NUMBER"))),
        list(map(_whole, lines.column("TABLE_NUMBER"))),
        list(map(_pair_number, lines.column(ns_tag))),
        list(map(_pair_number, lines.column(ew_tag))),
    )


@functools.lru_cache(maxsize=4096)
def _whole(text: str | None) -> int:
    text = (text or "").strip()
    return int(text) if text.isdecimal() else 0


@functools.lru_cache(maxsize=4096)
def _pair_number(text: str | None) -> int:
    return pair_id(text)[1]


def schedule_of(section: Section) -> list[list[tuple[int, ...] | None]]:
    """Rounds x tables (NS, EW, lowest board) from traveller lines with round and table."""
    cells: dict[tuple[int, int], tuple[int, int, int]] = {}
    # Highest board first, so the lowest board at a table is the one written last.
    for board in sorted(section.results, key=lambda b: b.number, reverse=True):
        rounds, tables, ns, ew = _seatings(board)
        if 0 in rounds or 0 in tables or None in rounds or None in tables:
            return []
        number = itertools.repeat(board.number)
        cells.update(
            zip(zip(rounds, tables, strict=True), zip(ns, ew, number, strict=False), strict=True)
        )
    if not cells:
        return []
    rounds_played = max(r for r, _ in cells)
    tables_used = max(t for _, t in cells)
    return [
        [cells.get((r, t)) for t in range(1, tables_used + 1)] for r in range(1, rounds_played + 1)
    ]


# A HANDSET board as read: its number (None if it has none), its deal (52 seat bytes, or PBN
# deal notation when the C walker left the board to Python), and the line it starts on.
HandsetBoard = tuple[int | None, bytes | str, int]


def read_handset(element: Any, path: str) -> DealSet:
    """HANDSET: each BOARD's four HANDs by DIRECTION and suit."""
    return deal_set([handset_board(board) for board in element.findall("BOARD")], path)


def handset_board(board: Any) -> HandsetBoard:
    """One HANDSET BOARD: its HANDs as a deal from North (a hand with no DIRECTION is left
    out, a seat without a hand is "-" in PBN notation)."""
    walked = hand_seats(board) if hand_seats is not None else None
    if walked is not None:
        number, deal = walked
        number = number.strip() if number else None
    else:  # odd content, or no C walker: one lxml proxy an element
        hands: dict[str, str] = {}
        for hand in board.iterchildren("HAND"):
            texts = {child.tag: (child.text or "").strip() for child in hand}
            seat = SEAT_NAMES.get(texts.get("DIRECTION", "").upper())
            if seat:
                hands[seat] = ".".join(texts.get(s, "") for s in HAND_SUITS)
        number = _text(board, "BOARD_NUMBER")
        deal = "N:" + " ".join(hands.get(s, "-") for s in "NESW")
    return int(number) if number and number.isdecimal() else None, deal, board.sourceline


def deal_set(boards: list[HandsetBoard], path: str) -> DealSet:
    """The deals of HANDSET boards (numbered by position where a board has no number)."""
    rows = []
    for _, deal, line in boards:
        if isinstance(deal, str):  # PBN notation from the Python walk
            try:
                deal = bytes(parse_pbn_deal(deal))
            except ValueError as error:
                raise FormatError(
                    path, f"line {line} <HANDSET/BOARD>", f"four hands of a deal: {error}"
                ) from None
        rows.append(deal)
    seats = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), 52)
    numbers = [n if n is not None else i for i, (n, _, _) in enumerate(boards, start=1)]
    result = DealSet(seats.copy(), boards=np.array(numbers, dtype=np.int64))
    result.format = "usebio"
    return result


def _unknown(element: Any, known: set[str]) -> list[str]:
    return [etree.tostring(c, encoding="unicode") for c in element if c.tag not in known]


def _leftovers(element: Any, known: set[str]) -> dict[str, Any]:
    """What the model has no field for, kept for the writer (see `_scan`)."""
    return _scan(element, known)[2]


__all__ = ["read", "from_tree", "from_schedule"]
