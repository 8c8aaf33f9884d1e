"""Validating USEBIO: our XML Schema, then the rules no schema can say. Every problem names
its line and element path."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from lxml import etree

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.usebio.reader import MAX_BYTES, parser, read_score
from bridgeio.registry import Problem

SCHEMA_FILE = Path(__file__).with_name("usebio-1.4.xsd")
# Containers whose children the schema names one by one; other elements inside them are set
# aside (reported, kept in files bridgeio writes) before the schema is applied.
CHECKED = {"USEBIO", "EVENT", "SECTION", "PARTICIPANTS", "PAIR", "BOARD", "TRAVELLER_LINE"}
MP_TYPES = {"MP_PAIRS", "PAIRS", "INDIVIDUAL", "SWISS_PAIRS"}
COLOURS = {"BLACK", "GREEN", "RED", "BLUE", "SILVER", "GOLD", "PLATINUM", "COLORLESS"}


def schema_text() -> str:
    return SCHEMA_FILE.read_text(encoding="utf-8")


_SCHEMA: Any = None


def schema() -> Any:
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = etree.XMLSchema(etree.parse(str(SCHEMA_FILE)))
    return _SCHEMA


def known_names() -> set[str]:
    tree = etree.parse(str(SCHEMA_FILE))
    xs = "{http://www.w3.org/2001/XMLSchema}element"
    return {e.get("name") for e in tree.iter(xs) if e.get("name")}


def check(path: str) -> list[Problem]:
    size = input_size(path)
    if size > MAX_BYTES:
        raise FormatError(path, "file", f"a USEBIO file of at most {MAX_BYTES} bytes")
    try:
        root = etree.fromstring(Path(path).read_bytes(), parser())
    except etree.XMLSyntaxError as error:
        line, column = error.position if error.position else (0, 0)
        return [Problem(f"line {line} column {column}", f"not well-formed XML: {error.msg}")]
    except (etree.ParserError, ValueError) as error:
        return [Problem("line 1", f"not well-formed XML: {error}")]
    return check_tree(root)


def _where(element: Any) -> str:
    return f"line {element.sourceline} {element.getroottree().getpath(element)}"


def check_tree(root: Any) -> list[Problem]:
    problems = _set_aside_unknown(root)  # (the tree is ours: it is not written back)
    if not schema().validate(root.getroottree()):
        for error in schema().error_log:
            problems.append(Problem(f"line {error.line} {error.path}", error.message))
    for event in root.findall("EVENT"):
        problems += _event_rules(event)
    return problems


def _set_aside_unknown(root: Any) -> list[Problem]:
    known = known_names()
    problems, unknown = [], []
    for element in root.iter():
        parent = element.getparent()
        if parent is not None and parent.tag in CHECKED and element.tag not in known:
            problems.append(
                Problem(
                    _where(element),
                    f"element {element.tag} is not in USEBIO 1.4 (kept, not checked)",
                    "warning",
                )
            )
            unknown.append(element)
    for element in unknown:
        element.getparent().remove(element)
    return problems


def _text(element: Any, tag: str) -> str:
    child = element.find(tag)
    return (child.text or "").strip() if child is not None else ""


def _event_rules(event: Any) -> list[Problem]:
    problems: list[Problem] = []
    kind = (event.get("EVENT_TYPE") or "").upper()
    method = (
        _text(event, "BOARD_SCORING_METHOD")
        or _text(event, "MATCH_SCORING_METHOD")
        or ("MATCH_POINTS" if kind in MP_TYPES else "")
    ).upper()
    matchpoints = method in ("MATCH_POINTS", "MATCHPOINTS", "MP")
    if not _text(event, "DATE"):
        problems.append(Problem(_where(event), "EVENT needs a DATE"))
    ids: dict[str, Any] = {}
    for participants in event.iter("PARTICIPANTS"):
        for entry in participants:
            tag = {"PAIR": "PAIR_NUMBER", "TEAM": "TEAM_ID", "PLAYER": "PLAYER_NUMBER"}.get(
                entry.tag
            )
            if tag is None:
                continue
            identifier = (entry.get(tag) or _text(entry, tag)).replace(" ", "").upper()
            if not identifier:
                if entry.tag != "PLAYER":
                    problems.append(Problem(_where(entry), f"{entry.tag} needs a {tag}"))
                continue
            if identifier in ids and ids[identifier].getparent() is not participants:
                problems.append(
                    Problem(
                        _where(entry),
                        f"id {identifier} is used again (first at "
                        f"line {ids[identifier].sourceline}); ids must be "
                        "unique across sections",
                    )
                )
            ids.setdefault(identifier, entry)
            problems += _entry_rules(entry, matchpoints)
        problems += _places(participants, matchpoints)
    for line in event.iter("TRAVELLER_LINE"):
        problems += _line_rules(line, ids, matchpoints)
    for match in event.iter("MATCH"):
        for tag in ("TEAM", "OPPOSING_TEAM"):
            value = _text(match, tag).replace(" ", "").upper()
            if value and value != "NONE" and value not in ids:
                problems.append(Problem(_where(match), f"{tag} {value} is not a participant"))
    return problems


def _entry_rules(entry: Any, matchpoints: bool) -> list[Problem]:
    problems = []
    if entry.tag in ("PAIR", "TEAM") and entry.find("PLACE") is None:
        problems.append(Problem(_where(entry), f"{entry.tag} needs a PLACE"))
    if matchpoints and entry.tag == "PAIR" and entry.find("PERCENTAGE") is None:
        problems.append(
            Problem(_where(entry), "a PAIR of a match-pointed event needs a PERCENTAGE")
        )
    if not matchpoints and entry.find("TOTAL_SCORE") is None:
        problems.append(
            Problem(_where(entry), f"a {entry.tag} of an IMP or VP event needs a TOTAL_SCORE")
        )
    percentage = _number(_text(entry, "PERCENTAGE"))
    if percentage is not None and not 0 <= percentage <= 100:
        problems.append(
            Problem(
                _where(entry.find("PERCENTAGE")),
                f"PERCENTAGE {percentage} is not between 0 and 100",
            )
        )
    for colour in entry.iter("MASTER_POINT_TYPE"):
        if (colour.text or "").strip().upper() not in COLOURS:
            problems.append(
                Problem(
                    _where(colour),
                    f"MASTER_POINT_TYPE {colour.text!r} is not one of {', '.join(sorted(COLOURS))}",
                    "warning",
                )
            )
    return problems


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _places(participants: Any, matchpoints: bool) -> list[Problem]:
    """Places agree with scores: a better place never has a worse score; tied places ('=')
    have equal scores. Handicapped events are left alone (places follow the handicap)."""
    if participants.find(".//HANDICAP") is not None:
        return []
    groups: dict[str, list[tuple[int, bool, float, Any]]] = defaultdict(list)
    for entry in participants:
        place = _text(entry, "PLACE")
        score = _number(_text(entry, "PERCENTAGE") if matchpoints else _text(entry, "TOTAL_SCORE"))
        if not place.rstrip("=").isdecimal() or score is None:
            continue
        groups[_text(entry, "DIRECTION").upper()].append(
            (int(place.rstrip("=")), place.endswith("="), score, entry)
        )
    problems = []
    for rows in groups.values():
        rows.sort(key=lambda row: row[0])
        for (place_a, _, score_a, _), (place_b, tied_b, score_b, entry_b) in zip(
            rows, rows[1:], strict=False
        ):
            if place_b > place_a and score_b > score_a + 1e-9:
                problems.append(
                    Problem(
                        _where(entry_b),
                        f"place {place_b} has a better score "
                        f"({score_b}) than place {place_a} ({score_a})",
                    )
                )
            if place_b == place_a and abs(score_b - score_a) > 1e-9:
                problems.append(
                    Problem(
                        _where(entry_b),
                        f"shares place {place_b} with a different score ({score_b} and {score_a})",
                    )
                )
            if place_b == place_a and not tied_b:
                problems.append(
                    Problem(
                        _where(entry_b), f"place {place_b} is shared: write {place_b}=", "warning"
                    )
                )
    return problems


def _line_rules(line: Any, ids: dict[str, Any], matchpoints: bool) -> list[Problem]:
    problems = []
    individual = line.find("N_PLAYER_NUMBER") is not None
    tags = (
        [f"{seat}_PLAYER_NUMBER" for seat in "NESW"]
        if individual
        else ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER"]
    )
    for tag in tags:
        value = _text(line, tag).replace(" ", "").upper()
        if not value:
            if line.find("DIRECTION") is None:
                problems.append(Problem(_where(line), f"TRAVELLER_LINE needs a {tag}"))
        elif value not in ids:
            problems.append(Problem(_where(line), f"{tag} {value} is not a participant"))
    if not _text(line, "SCORE"):
        problems.append(Problem(_where(line), "TRAVELLER_LINE needs a SCORE"))
    elif isinstance(read_score(_text(line, "SCORE")), str) and not _text(
        line, "SCORE"
    ).upper().startswith("A"):
        problems.append(
            Problem(
                _where(line),
                f"SCORE {_text(line, 'SCORE')!r} is neither "
                "points nor an assigned score like A6040",
            )
        )
    if (
        matchpoints
        and line.find("NS_PAIR_NUMBER") is not None
        and (line.find("NS_MATCH_POINTS") is None or line.find("EW_MATCH_POINTS") is None)
    ):
        problems.append(
            Problem(
                _where(line),
                "a match-pointed TRAVELLER_LINE needs NS_MATCH_POINTS and EW_MATCH_POINTS",
            )
        )
    return problems
