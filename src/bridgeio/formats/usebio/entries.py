"""PARTICIPANTS: pairs, teams and individuals with their players, read into the model's
entries; and the ids the writer gives entries (which traveller lines refer to).

>>> from lxml import etree
>>> from bridgeio.formats.usebio.problems import Fields, Problems
>>> pair = etree.fromstring(
...     "<PAIR><PAIR_NUMBER>1 NS</PAIR_NUMBER><PLACE>2=</PLACE><PERCENTAGE>55.10</PERCENTAGE>"
...     "<PLAYER><PLAYER_NAME>Ann Lee</PLAYER_NAME><NATIONAL_ID_NUMBER>7</NATIONAL_ID_NUMBER>"
...     "</PLAYER></PAIR>")
>>> entry = EntryReader(Problems("x.xml", report=False)).entry(pair)
>>> entry.id, entry.number, entry.direction, entry.rank, entry.tied, entry.percentage
('1NS', 1, <Direction.NS: 'NS'>, 2, True, 55.1)
>>> (entry.players[0].first_name, entry.players[0].last_name), written_id(entry)
(('Ann', 'Lee'), '1 NS')
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import kept_element
from bridgeio.formats.usebio.names import ENTRY_TAGS
from bridgeio.formats.usebio.parsing import Element, place
from bridgeio.formats.usebio.problems import Fields, Problems
from bridgeio.formats.usebio.provenance import EntryKept, PlayerKept, TeamPair
from bridgeio.model.directions import KNOWN, direction_named
from bridgeio.model.results import Award, Direction, Entry, Player

ENTRY_FIELDS = frozenset(
    {
        "DIRECTION",
        "TOTAL_SCORE",
        "PERCENTAGE",
        "PLACE",
        "BOARDS_PLAYED",
        "MASTER_POINTS_AWARDED",
        "MASTER_POINT_TYPE",
        "STRAT_NUMBER",
        "CARRY_FORWARD",
    }
)
"""An entry's elements the model reads (besides its id, its players and award blocks)."""
PLAYER_FIELDS = frozenset(
    {
        "PLAYER_NAME",
        "NATIONAL_ID_NUMBER",
        "MASTER_POINT_TOTAL",
        "ACBL_PLAYER_CITY",
        "ACBL_CITY",
        "ACBL_PLAYER_STATE",
        "ACBL_STATE",
        "ACBL_PLAYER_COUNTRY",
    }
)
"""A player's elements the model reads (ACBL_CITY and ACBL_STATE: as bridgeio once wrote)."""
_KNOWN = {tag: ENTRY_FIELDS | {id_tag} for tag, id_tag in ENTRY_TAGS.items()}
_INDIVIDUAL_FIELDS = ENTRY_FIELDS | PLAYER_FIELDS | {"PLAYER_NUMBER"}
_NESTED = frozenset({"PLAYER", "PAIR", "MASTER_POINTS", "PLAYER_NAME"})
_NAME = frozenset({"PLAYER_NAME"})


class EntryReader:
    """Reads PARTICIPANTS for one file, reporting what it cannot read with its line."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems

    def participants(
        self, element: Element, matchpoints: bool = False
    ) -> tuple[list[Entry], EntryKept]:
        """The entries of a PARTICIPANTS element (of a matchpoint event: ``matchpoints``),
        and its own extras (attributes and other elements, in an :class:`EntryKept` used only
        for them)."""
        entries = []
        others = []
        for child in element:
            if child.tag in ENTRY_TAGS:
                entries.append(self.entry(child))
                _adjusted(entries[-1], child, matchpoints)
            else:
                others.append(kept_element(child))
        return entries, EntryKept(tuple(element.items()), tuple(others))

    def entry(self, element: Element) -> Entry:
        """A PAIR, TEAM or PLAYER of PARTICIPANTS."""
        tag = str(element.tag)
        id_tag = ENTRY_TAGS[tag]
        individual = tag == "PLAYER"
        known = _INDIVIDUAL_FIELDS if individual else _KNOWN[tag]
        texts, nested, others = _scan(element, known, _NESTED)
        bad: list[tuple[str, str]] = []
        read = Fields(self.problems, element, bad)
        id_text = element.get(id_tag) if tag == "TEAM" else None
        if id_text is None:
            id_text = texts.get(id_tag) or ""
        written = V.pair_id(id_text)
        direction = read.value("DIRECTION", texts.get("DIRECTION"), _direction, None)
        direction = direction or written.direction
        unplaced: tuple[int | None, bool] = (None, False)
        rank, tied = read.value("PLACE", texts.get("PLACE"), _place, unplaced)
        get = texts.get
        entry = Entry(
            written.text,
            written.number,
            direction,
            element.get("TEAM_NAME", "") if tag == "TEAM" else "",
            read.value("TOTAL_SCORE", get("TOTAL_SCORE"), V.decimal, None),
            read.value("PERCENTAGE", get("PERCENTAGE"), _percentage, None),
            rank,
            tied,
            read.value("STRAT_NUMBER", get("STRAT_NUMBER"), _strat, None),
            boards_played=read.value("BOARDS_PLAYED", get("BOARDS_PLAYED"), _count, None),
            carry_forward=read.value("CARRY_FORWARD", get("CARRY_FORWARD"), V.decimal, None),
        )
        handicap = element.findtext("HANDICAP")  # (kept as written too: written back so)
        if handicap is not None:
            entry.handicap = read.value("HANDICAP", handicap, V.decimal, None)
        blocks = nested.get("MASTER_POINTS", [])
        awards = self._awards(texts, blocks, read)
        if awards:
            entry.awards["total"] = awards
        pairs: list[TeamPair] = []
        if individual:
            entry.players = [self.player(element, texts, nested.get("PLAYER_NAME"))]
        else:
            entry.players = self._players(nested.get("PLAYER", []), nested.get("PAIR", []), pairs)
            if tag != "TEAM":
                others.extend(kept_element(e) for e in nested.get("PAIR", []))
        place_text = texts.get("PLACE") or ""
        if rank is None or place_text == V.place_text(rank, tied):
            place_text = ""
        attributes = tuple((k, v) for k, v in element.items() if k not in ("TEAM_ID", "TEAM_NAME"))
        if attributes or others or bad or pairs or place_text or blocks or id_text != entry.id:
            entry.kept = EntryKept(
                attributes,
                tuple(others),
                tuple(bad),
                tag=tag,
                id_text=id_text,
                place_text=place_text,
                award_blocks=bool(blocks),
                pairs=tuple(pairs),
            )
        return entry

    def _awards(self, texts: dict[str, str], blocks: list[Element], read: Fields) -> list[Award]:
        awards = []
        points = texts.get("MASTER_POINTS_AWARDED")
        if points is not None:
            value = read.value("MASTER_POINTS_AWARDED", points, _positive, None)
            awards.append(Award(value or 0.0, (texts.get("MASTER_POINT_TYPE") or "").strip()))
        for block in blocks:
            inner = {child.tag: (child.text or "") for child in block}
            value = Fields(self.problems, block, read.kept).value(
                "MASTER_POINTS_AWARDED", inner.get("MASTER_POINTS_AWARDED"), _positive, None
            )
            awards.append(Award(value or 0.0, inner.get("MASTER_POINT_TYPE", "").strip()))
        return awards

    def _players(
        self, players: Iterable[Element], team_pairs: Iterable[Element], pairs: list[TeamPair]
    ) -> list[Player]:
        """A pair's players; a team's, with those of its PAIRs (each player's kept ``pair``
        says which)."""
        found = [self.player(p) for p in players]
        for index, pair in enumerate(team_pairs):
            members = [child for child in pair if child.tag == "PLAYER"]
            others = [kept_element(child) for child in pair if child.tag != "PLAYER"]
            pairs.append(TeamPair(tuple(pair.items()), tuple(others), len(members)))
            for member in members:
                player = self.player(member)
                kept = player.kept if isinstance(player.kept, PlayerKept) else PlayerKept()
                player.kept = kept.replace(pair=index)
                found.append(player)
        return found

    def player(
        self,
        element: Element,
        texts: dict[str, str] | None = None,
        names: list[Element] | None = None,
    ) -> Player:
        """A PLAYER; for an individual's entry, ``texts`` (and ``names``, its PLAYER_NAME)
        are what the entry already read, and the entry keeps the element's other children."""
        own = texts is None
        others: list[str] = []
        if texts is None:
            texts, nested, others = _scan(element, PLAYER_FIELDS, _NAME)
            names = nested.get("PLAYER_NAME")
        bad: list[tuple[str, str]] = []
        first, last, name_text, structured = self._name(names[0] if names else None)
        get = texts.get
        masterpoints = get("MASTER_POINT_TOTAL")
        player = Player(
            last,
            first,
            (get("NATIONAL_ID_NUMBER") or "").strip(),
            None
            if masterpoints is None
            else Fields(self.problems, element, bad).value(
                "MASTER_POINT_TOTAL", masterpoints, _positive, None
            ),
            (get("ACBL_PLAYER_CITY") or get("ACBL_CITY") or "").strip(),
            (get("ACBL_PLAYER_STATE") or get("ACBL_STATE") or "").strip(),
            (get("ACBL_PLAYER_COUNTRY") or "").strip(),
        )
        for name in (names or [])[1:]:
            others.append(kept_element(name))
        attributes = tuple(element.items()) if own else ()
        if attributes or others or bad or name_text or structured:
            player.kept = PlayerKept(
                attributes, tuple(others), tuple(bad), name_text=name_text, structured=structured
            )
        return player

    def _name(self, name: Element | None) -> tuple[str, str, str, bool]:
        """First and last name from PLAYER_NAME, the text as written where the writer would
        write another, and whether it was FIRSTNAME and LASTNAME."""
        if name is None:
            return "", "", "", False
        if len(name):
            parts = {child.tag: (child.text or "").strip() for child in name}
            for tag in [tag for tag in parts if tag not in ("FIRSTNAME", "LASTNAME")]:
                self.problems.add(
                    place(name),
                    f"PLAYER_NAME holds {tag!s}, which is left out (only FIRSTNAME and LASTNAME)",
                    "warning",
                    kind="unknown name part",
                )
            return parts.get("FIRSTNAME", ""), parts.get("LASTNAME", ""), "", True
        text = name.text or ""
        first, last = V.split_name(text)
        return first, last, "" if join_name(first, last) == text else text, False


def _adjusted(entry: Entry, element: Element, matchpoints: bool) -> None:
    """The entry's ADJUSTMENT in its total's units, on its kept object (the element itself
    is kept whole): a matchpoint event's percentage of the session taken of the PAIR's
    MAX_SCORE. An unreadable one is the validator's to report."""
    text = element.findtext("ADJUSTMENT")
    if text is None or not isinstance(entry.kept, EntryKept):
        return
    try:
        value: float | None = V.decimal(text)
        if matchpoints and value:
            value = value * V.decimal(element.findtext("MAX_SCORE") or "") / 100
    except V.Unreadable:
        value = None
    if value:
        entry.kept = entry.kept.replace(adjustment=round(value, 6))


def join_name(first: str, last: str) -> str:
    """A name as one text, as the writer gives PLAYER_NAME."""
    return f"{first} {last}".strip()


def _scan(
    element: Element, known: frozenset[str], repeated: frozenset[str]
) -> tuple[dict[str, str], dict[str, list[Element]], list[str]]:
    """One pass over an element's children: the text of the first of each known tag, the
    children of the ``repeated`` tags, and every other child kept whole (a known tag given
    twice, or holding elements, is kept whole too)."""
    texts: dict[str, str] = {}
    nested: dict[str, list[Element]] = {}
    others: list[str] = []
    for child in element:
        tag = child.tag
        if tag in repeated:
            nested.setdefault(str(tag), []).append(child)
        elif tag in known and tag not in texts and not len(child):
            texts[str(tag)] = child.text or ""
        else:
            others.append(kept_element(child))
    return texts, nested, others


def _percentage(text: str) -> float:
    return V.decimal(text, 0, 100)


def _positive(text: str) -> float:
    return V.decimal(text, 0)


def _count(text: str) -> int:
    return V.whole(text, 0)


def _strat(text: str) -> int:
    return V.whole(text, 1)


def _place(text: str) -> tuple[int | None, bool]:
    try:
        return V.place_value(text)
    except V.Unreadable as error:
        raise V.Unreadable(f"a place such as 3 or 3= ({error.expected})") from None


def _direction(text: str) -> Direction | None:
    found = direction_named(text)
    if found is None:
        raise V.Unreadable(KNOWN)
    return found


def written_id(entry: Entry, prefix: str = "") -> str:
    """The id the writer gives an entry: as its file wrote it while that still reads as the
    entry's id, else the entry's id (with ``prefix``, the section's name, for a section
    that came from another format into an event of several sections)."""
    kept = entry.kept
    if isinstance(kept, EntryKept) and kept.id_text and V.pair_id(kept.id_text).text == entry.id:
        return kept.id_text
    base = entry.id or f"{entry.number}{entry.direction.value if entry.direction else ''}"
    return f"{prefix}{base}" if prefix and not base.startswith(prefix) else base


def id_maps(entries: Iterable[Entry], prefix: str = "") -> tuple[dict[int, str], dict[int, str]]:
    """The written ids of a section's entries by number, for each side: what the writer gives
    a traveller line's N-S and E-W pair (or, in an individual event, its players)."""
    ns: dict[int, str] = {}
    ew: dict[int, str] = {}
    for entry in entries:
        text = written_id(entry, prefix)
        if entry.direction is not Direction.EW:
            ns.setdefault(entry.number, text)
        if entry.direction is not Direction.NS:
            ew.setdefault(entry.number, text)
    if not ns.keys() & ew.keys():  # one number a pair: each sits either way (Ruter gives a
        ns, ew = ns | ew, ew | ns  # Howell's pairs the direction they started in)
    return ns, ew
