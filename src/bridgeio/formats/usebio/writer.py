"""Writing USEBIO: 1.4 by default, 1.2 for receivers that want it; UTF-8, the specification's
element order, deterministic output. Elements the reader kept but the model has no field for
are written back in their place."""

from __future__ import annotations

from datetime import date
from typing import Any, BinaryIO

from lxml import etree

from bridgeio.errors import ConversionError
from bridgeio.formats.usebio.reader import SCORINGS
from bridgeio.model import Seat
from bridgeio.model.results import BoardResult, Entry, Event, Match, Player, Results, Section

EVENT_ORDER = [
    "PROGRAM_NAME",
    "PROGRAM_VERSION",
    "PLAYING_ENVIRONMENT",
    "ONLINE_PLATFORM",
    "SESSION_URL",
    "AUTH_ORG",
    "EVENT_ID",
    "EVENT_IDENTIFIER",
    "EVENT_DESCRIPTION",
    "EVENT_LOCAL_ID",
    "TITLE",
    "DATE",
    "TOURNAMENT_ID",
    "TOURNAMENT_DESCRIPTION",
    "START_TIME",
    "END_TIME",
    "VENUE",
    "WINNER_TYPE",
    "TEAM_SIZE",
    "BOARD_SCORING_METHOD",
    "MATCH_SCORING_METHOD",
    "RESULTS_TYPE",
    "OVERALL_RESULTS",
    "BOARDS_PLAYED",
    "BOARD_AVERAGE",
    "SCORING_METHOD",
    "VP_SCALE",
    "TEAM_PAIRING_AVAILABLE",
    "PAIRWISE_SCORING_METHOD",
    "PAIRS",
    "EW_PAIRS",
    "NS_PAIRS",
    "SESSION_COUNT",
    "SECTION_COUNT",
    "MPS_AWARDED_FLAG",
    "EVENT_RATING",
    "MASTER_POINT_SCALE",
    "MASTER_POINT_TYPE",
    "P2P_CHARGE_RATE",
    "DIRECTOR_ID",
    "CONTACT",
    "HAND_RECORD_ID",
    "LABELS",
    "ARROW_SWITCH",
    "STRATIFICATION",
]
ENTRY_ORDER = [
    "PAIR_NUMBER",
    "PLAYER_NAME",
    "PLAYER_NUMBER",
    "NATIONAL_ID_NUMBER",
    "CLUB_ID_NUMBER",
    "MASTER_POINT_TOTAL",
    "DIRECTION",
    "BOARDS_PLAYED",
    "PAIR_IMPS",
    "SEATING",
    "CARRY_FORWARD_SEATING",
    "PLAYER",
    "PAIR",
    "PLACE",
    "TOTAL_SCORE",
    "MAX_SCORE",
    "ADJUSTMENT",
    "HANDICAP",
    "CARRY_FORWARD",
    "PERCENTAGE",
    "MASTER_POINTS_AWARDED",
    "MASTER_POINT_TYPE",
    "MASTER_POINTS",
    "WINS_OR_DRAWS",
    "PRIZE",
    "QUALIFY",
    "LABEL",
    "SECTION_PLACE",
    "STRAT_NUMBER",
    "STRAT_PLACE",
    "OVERRIDE_STRAT",
]
PLAYER_ORDER = [
    "PLAYER_NAME",
    "PLAYER_NUMBER",
    "NATIONAL_ID_NUMBER",
    "CLUB_ID_NUMBER",
    "STATUS",
    "ACBL_CITY",
    "ACBL_STATE",
    "MASTER_POINT_TOTAL",
]
LINE_ORDER = [
    "DIRECTION",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "N_PLAYER_NUMBER",
    "S_PLAYER_NUMBER",
    "E_PLAYER_NUMBER",
    "W_PLAYER_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
    "PERCENTAGE",
    "NS_MATCH_POINTS",
    "EW_MATCH_POINTS",
    "NS_BUTLER_POINTS",
    "EW_BUTLER_POINTS",
    "NS_CROSS_IMP_POINTS",
    "EW_CROSS_IMP_POINTS",
    "NS_AGGREGATE_POINTS",
    "EW_AGGREGATE_POINTS",
    "ROUND_NUMBER",
    "TABLE_NUMBER",
    "DATUM",
    "LIN_DATA",
    "PLAY_DATA",
]
# Elements USEBIO 1.2 cannot hold (new in 1.3 or 1.4): left out when writing 1.2.
NEWER_THAN_1_2 = {
    "PLAYING_ENVIRONMENT",
    "ONLINE_PLATFORM",
    "SESSION_URL",
    "AUTH_ORG",
    "EVENT_LOCAL_ID",
    "TOURNAMENT_ID",
    "TOURNAMENT_DESCRIPTION",
    "START_TIME",
    "END_TIME",
    "RESULTS_TYPE",
    "OVERALL_RESULTS",
    "VP_SCALE",
    "DIRECTOR_ID",
    "HAND_RECORD_ID",
    "STRATIFICATION",
    "SEATING",
    "CARRY_FORWARD_SEATING",
    "MAX_SCORE",
    "SECTION_PLACE",
    "STRAT_NUMBER",
    "STRAT_PLACE",
    "OVERRIDE_STRAT",
    "STATUS",
    "MASTER_POINT_TOTAL",
    "ROUND_NUMBER",
    "TABLE_NUMBER",
    "DATUM",
    "PLAY_DATA",
    "ACBL_CITY",
    "ACBL_STATE",
    "SITOUT",
    "PLAYER_NUMBER",
}
RENAMED_IN_1_2 = {"EVENT_ID": "EVENT_IDENTIFIER", "EVENT_RATING": "MASTER_POINT_SCALE"}
RENAMED_IN_1_4 = {old: new for new, old in RENAMED_IN_1_2.items()}  # deprecated names
SPECIAL_PERCENT = {"ave-": 40, "ave": 50, "ave+": 60, "not_played": 0, "late_play": 0}
POINTS_BY_SCORING = {
    "matchpoints": "MATCH_POINTS",
    "butler": "BUTLER_POINTS",
    "cross_imps": "CROSS_IMP_POINTS",
    "imps": "BUTLER_POINTS",
}


class Builder:
    """Children of one element, put in the specification's order when written."""

    def __init__(self, order: list[str], version: str) -> None:
        self.order, self.version = order, version
        self.items: list[tuple[str, Any]] = []

    def add(self, tag: str, value: Any) -> None:
        if value is None or value == "":
            return
        if self.version == "1.2":
            if tag in NEWER_THAN_1_2:
                return
            tag = RENAMED_IN_1_2.get(tag, tag)
        else:
            tag = RENAMED_IN_1_4.get(tag, tag)
        self.items.append((tag, value))

    def extend(self, extra: dict[str, Any], written: set[str]) -> None:
        """The reader's leftovers, except what the model already wrote."""
        for tag, text in extra.get("elements", []):
            if tag not in written and (
                self.version != "1.2" or RENAMED_IN_1_2.get(tag, tag) not in written
            ):
                self.add(tag, text)
        for xml in extra.get("unknown", []):
            element = etree.fromstring(xml)
            if self.version != "1.2" or element.tag not in NEWER_THAN_1_2:
                self.items.append((element.tag, element))

    def into(self, parent: Any) -> None:
        rank = {tag: i for i, tag in enumerate(self.order)}
        for tag, value in sorted(self.items, key=lambda item: rank.get(item[0], len(rank))):
            if isinstance(value, etree._Element):
                parent.append(value)
            else:
                etree.SubElement(parent, tag).text = _text(value)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "Y" if value else "N"
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return str(value)


def to_xml(results: Results, version: str = "1.4") -> bytes:
    if version not in ("1.2", "1.4"):
        raise ValueError(f"USEBIO version {version} is not written; choose 1.4 or 1.2")
    if len(results.events) != 1:
        raise ConversionError(
            "usebio",
            "exactly one event a file (several events are written as OUT-1.xml, OUT-2.xml, ...)",
        )
    event = results.events[0]
    root = etree.Element("USEBIO", Version=version)
    club = etree.SubElement(root, "CLUB")
    etree.SubElement(club, "CLUB_NAME").text = event.club
    etree.SubElement(club, "CLUB_ID_NUMBER").text = event.club_number
    root.append(event_element(event, results, version))
    deals = results.extra.get("deals")
    if deals is not None:  # producers put the deal set beside the event
        root.append(handset(deals))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _kind_attribute(event: Event) -> str:
    default = {"teams": "TEAMS", "individual": "INDIVIDUAL"}.get(event.kind, "PAIRS")
    return event.extra.get("usebio_event_type") or default


def _date(event: Event, version: str) -> str | None:
    if not event.date:
        return event.date_text or None
    if version == "1.2":
        return date.fromisoformat(event.date).strftime("%d/%m/%Y")
    return event.date


def event_element(event: Event, results: Results, version: str) -> Any:
    element = etree.Element("EVENT", EVENT_TYPE=_kind_attribute(event))
    items = Builder(EVENT_ORDER, version)
    written = {
        "EVENT_DESCRIPTION",
        "TITLE",
        "DATE",
        "EVENT_RATING",
        "MASTER_POINT_SCALE",
        "BOARD_SCORING_METHOD",
        "MATCH_SCORING_METHOD",
        "SCORING_METHOD",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
    }
    leftovers = dict(event.extra.get("elements", []))
    items.add("PROGRAM_NAME", leftovers.get("PROGRAM_NAME") or "bridgeio")
    items.add("PROGRAM_VERSION", leftovers.get("PROGRAM_VERSION") or _version())
    items.add("EVENT_DESCRIPTION", event.name)
    if event.session_name and event.session_name != event.name:
        items.add("TITLE", event.session_name)
    items.add("DATE", _date(event, version))
    for tag in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "SCORING_METHOD"):
        items.add(tag, leftovers.get(tag))
    if not any(
        t in leftovers for t in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "SCORING_METHOD")
    ):
        names = {v: k for k, v in reversed(SCORINGS.items())}
        items.add("BOARD_SCORING_METHOD", names.get(event.scoring, event.scoring.upper()))
    items.add("EVENT_RATING", event.rating)
    items.extend(event.extra, written)
    if event.strats and "elements" not in event.extra and version != "1.2":
        items.items.append(("STRATIFICATION", stratification(event)))
    items.into(element)
    sessions: dict[str, Any] = {}
    for section in event.sections:
        parent = element
        session = section.extra.get("session")
        if session is not None:  # grouped into SESSION elements as read
            if session not in sessions:
                leftovers = section.extra.get("session_leftovers", {})
                sessions[session] = etree.SubElement(
                    element,
                    "SESSION",
                    SESSION_ID=session,
                    **{
                        k: v
                        for k, v in leftovers.get("attributes", {}).items()
                        if k != "SESSION_ID"
                    },
                )
                own = Builder(["SESSION_DATE", "RESULTS_TYPE"], version)
                own.extend(leftovers, set())
                own.into(sessions[session])
            parent = sessions[session]
        if section.name:
            parent = etree.SubElement(parent, "SECTION", SECTION_ID=section.name)
        section_children(parent, section, event, version)
    return element


class PairIds:
    """USEBIO pair ids: as read from a USEBIO file, else made unique across the event: the
    number, "NS"/"EW" where both directions use the same numbers (a Mitchell), and the section
    name in front when the event has several sections."""

    def __init__(self, event: Event, section: Section) -> None:
        named = [s for s in event.sections if s.name]
        self.prefix = section.name if len(named) > 1 else ""
        self.directional = any(e.direction for e in section.entries)

    def of(self, entry: Entry) -> str:
        if "tag" in entry.extra:  # read from USEBIO: already the file's own id
            return entry.id
        return self.make(entry.number, entry.direction)

    def make(self, number: int, direction: str | None) -> str:
        suffix = direction if (self.directional and direction) else ""
        return f"{self.prefix}{number}{suffix}"


def stratification(event: Event) -> Any:
    """ACBL strats: STRATIFICATION with each strat's number, letter and upper limit."""
    element = etree.Element("STRATIFICATION")
    average = event.extra.get("stratify_by_average")
    etree.SubElement(element, "STRATIFICATION_TYPE").text = "AVERAGE" if average else "HIGHEST"
    strats = etree.SubElement(element, "STRATS")
    for number, strat in enumerate(event.strats, start=1):
        item = etree.SubElement(strats, "STRAT")
        etree.SubElement(item, "STRAT_NUMBER").text = str(number)
        etree.SubElement(item, "STRAT_LABEL").text = str(strat.get("letter", "")).strip()
        limit = strat.get("max_mp")
        etree.SubElement(item, "UPPER_LIMIT").text = str(limit) if limit else "UNLIMITED"
    return element


def section_children(parent: Any, section: Section, event: Event, version: str) -> None:
    ids = PairIds(event, section)
    if section.entries:
        participants = etree.SubElement(parent, "PARTICIPANTS")
        places = _places(section)
        for entry in section.entries:
            participants.append(
                entry_element(
                    entry, event, version, ids.of(entry), places.get(id(entry)), section.boards
                )
            )
    points = POINTS_BY_SCORING.get(event.scoring, "MATCH_POINTS")
    for board in section.results:
        element = etree.SubElement(parent, "BOARD", **board.extra.get("attributes", {}))
        etree.SubElement(element, "BOARD_NUMBER").text = str(board.number)
        own = Builder([], version)
        own.extend(board.extra, set())
        own.into(element)
        for result in board.results:
            element.append(line_element(result, points, version, ids))
    if "match_xml" in section.extra:  # as read: every detail of the matches
        for xml in section.extra["match_xml"]:
            parent.append(etree.fromstring(xml))
    else:
        for match in section.matches:
            parent.append(match_element(match, ids))


def match_element(match: Match, ids: PairIds) -> Any:
    """A team's match from its side, as results files without boards report it."""
    element = etree.Element("MATCH")
    if match.round:
        etree.SubElement(element, "ROUND_NUMBER").text = str(match.round)
    etree.SubElement(element, "TEAM").text = ids.make(match.team, None)
    etree.SubElement(element, "OPPOSING_TEAM").text = (
        ids.make(match.opponent, None) if match.opponent else "NONE"
    )
    if match.victory_points is not None:
        etree.SubElement(element, "TEAM_SCORE").text = _text(match.victory_points)
    return element


def _places(section: Section) -> dict[int, str]:
    """PLACE for entries whose source gave none (ACBLscore ranks are per strat): the position
    by score within the section and direction, with '=' for a tie."""
    places = {}
    for entry in section.entries:
        if entry.extra.get("place") or entry.score is None:
            continue
        field = [
            o for o in section.entries if o.direction == entry.direction and o.score is not None
        ]
        better = sum(o.score > entry.score for o in field)
        tied = sum(o.score == entry.score for o in field) > 1
        places[id(entry)] = f"{better + 1}{'=' if tied else ''}"
    return places


COLOURS = {"B": "BLACK", "S": "SILVER", "R": "RED", "G": "GOLD", "P": "PLATINUM"}


def entry_element(
    entry: Entry,
    event: Event,
    version: str,
    identifier: str,
    place: str | None,
    boards: int | None = None,
) -> Any:
    tag = entry.extra.get("tag") or {"teams": "TEAM", "individual": "PLAYER"}.get(
        event.kind, "PAIR"
    )
    element = etree.Element(
        tag, **{k: v for k, v in entry.extra.get("attributes", {}).items() if k not in ("TEAM_ID",)}
    )
    items = Builder(ENTRY_ORDER, version)
    if tag == "TEAM":
        element.set("TEAM_ID", identifier)
    elif tag == "PAIR":
        items.add("PAIR_NUMBER", identifier)
    if entry.direction and tag != "TEAM":
        items.add("DIRECTION", entry.direction)
    if entry.boards_played is not None and (boards is None or entry.boards_played <= boards):
        items.add("BOARDS_PLAYED", entry.boards_played)  # (ACBLscore's can be junk: left out)
    items.add("PLACE", entry.extra.get("place") or place)
    items.add("TOTAL_SCORE", entry.score)
    items.add("PERCENTAGE", entry.percentage)
    awards = entry.awards.get("total") or entry.awards.get("current") or []
    single = len(awards) == 1 and entry.extra.get("single_award", "tag" in entry.extra)
    if single:
        items.add("MASTER_POINTS_AWARDED", awards[0].points)
        items.add("MASTER_POINT_TYPE", awards[0].color)
    else:  # one block a colour (ACBL awards come by colour)
        for award in awards:
            block = etree.Element("MASTER_POINTS")
            etree.SubElement(block, "MASTER_POINTS_AWARDED").text = _text(award.points)
            etree.SubElement(block, "MASTER_POINT_TYPE").text = COLOURS.get(
                award.color, award.color
            )
            items.items.append(("MASTER_POINTS", block))
    if entry.strat and "tag" not in entry.extra:
        items.add("STRAT_NUMBER", entry.strat)
        if len(entry.ranks) >= entry.strat and entry.ranks[entry.strat - 1].rank:
            items.add("STRAT_PLACE", entry.ranks[entry.strat - 1].rank)
    if tag == "PLAYER" and entry.players:  # an individual: the player's fields are its own
        player_fields(items, entry.players[0], tag, entry, version)
    else:
        for player in entry.players:
            items.items.append(("PLAYER", player_element(player, tag, entry, version)))
    written = {
        "PAIR_NUMBER",
        "DIRECTION",
        "BOARDS_PLAYED",
        "PLACE",
        "TOTAL_SCORE",
        "PERCENTAGE",
        "MASTER_POINTS_AWARDED",
        "MASTER_POINT_TYPE",
    }
    items.extend(entry.extra, written)
    items.into(element)
    return element


def player_element(player: Player, parent_tag: str, entry: Entry, version: str) -> Any:
    element = etree.Element("PLAYER", **player.extra.get("attributes", {}))
    items = Builder(PLAYER_ORDER, version)
    player_fields(items, player, parent_tag, entry, version)
    items.into(element)
    return element


def player_fields(
    items: Builder, player: Player, parent_tag: str, entry: Entry, version: str
) -> None:
    # FIRSTNAME/LASTNAME (1.4) keep names with spaces apart; files read as plain text stay so
    if player.extra.get("structured_name", True) and version != "1.2":
        name = etree.Element("PLAYER_NAME")
        etree.SubElement(name, "FIRSTNAME").text = player.first_name
        etree.SubElement(name, "LASTNAME").text = player.last_name
        items.items.append(("PLAYER_NAME", name))
    else:
        items.add("PLAYER_NAME", player.name)
    if parent_tag == "PLAYER":
        items.add("PLAYER_NUMBER", entry.id)
    items.add("NATIONAL_ID_NUMBER", player.player_number)
    items.add("MASTER_POINT_TOTAL", player.masterpoints)
    items.add("ACBL_CITY", player.city)
    items.add("ACBL_STATE", player.state)
    items.extend(player.extra, {"PLAYER_NAME", "NATIONAL_ID_NUMBER", "MASTER_POINT_TOTAL"})


def usebio_score(score: int | str | None, other: int | str | None) -> str | None:
    """A traveller score: points, or an assigned score 'A6040' for special results."""
    if score is None or isinstance(score, int):
        return None if score is None else str(score)
    if score.upper().startswith("A"):
        return score.upper()
    ns = SPECIAL_PERCENT.get(score, 0)
    ew = SPECIAL_PERCENT.get(other, 0) if isinstance(other, str) else 100 - ns
    return f"A{ns:02d}{ew:02d}"


def line_element(result: BoardResult, points: str, version: str, ids: PairIds) -> Any:
    element = etree.Element("TRAVELLER_LINE", **result.extra.get("attributes", {}))
    items = Builder(LINE_ORDER, version)
    if result.seats:  # an individual event
        for seat, number in zip("NESW", result.seats, strict=True):
            items.add(f"{seat}_PLAYER_NUMBER", number)
    else:
        items.add("NS_PAIR_NUMBER", result.extra.get("ns_id") or ids.make(result.ns, "NS"))
        items.add("EW_PAIR_NUMBER", result.extra.get("ew_id") or ids.make(result.ew, "EW"))
    items.add("CONTRACT", result.contract)
    items.add("PLAYED_BY", result.declarer)
    items.add("LEAD", result.lead)
    items.add("TRICKS", result.tricks)
    items.add("SCORE", usebio_score(result.ns_score, result.ew_score))
    kind = result.extra.get("points", points) or points
    items.add(f"NS_{kind}", result.ns_points)
    items.add(f"EW_{kind}", result.ew_points)
    items.add("ROUND_NUMBER", result.round or None)
    items.add("TABLE_NUMBER", result.extra.get("table") or result.table or None)
    items.extend(result.extra, set())
    items.into(element)
    return element


def handset(deals: Any) -> Any:
    element = etree.Element("HANDSET")
    names = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
    for deal in deals:
        board = etree.SubElement(element, "BOARD")
        etree.SubElement(board, "BOARD_NUMBER").text = str(deal.board)
        for seat in (Seat.EAST, Seat.NORTH, Seat.SOUTH, Seat.WEST):
            hand = etree.SubElement(board, "HAND")
            etree.SubElement(hand, "DIRECTION").text = names[seat]
            holding = deal.hand(seat).split(".")
            for suit, cards in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), holding, strict=True):
                etree.SubElement(hand, suit).text = cards
    return element


def _version() -> str:
    from bridgeio import __version__

    return __version__


def write(
    doc: Results, handle: BinaryIO, source: str | None = None, usebio_version: str = "1.4"
) -> None:
    if not isinstance(doc, Results):
        raise ConversionError("usebio", "results", source)
    handle.write(to_xml(doc, usebio_version))
