"""What a USEBIO file holds beyond the model's fields, kept for writing it back: one typed
class per kind of object (file, event, section, entry, player, strat, board, traveller line,
match), attached as ``Results.provenance`` and as ``kept`` on the model's objects.

Each keeps the attributes and elements the model has no field for (elements whole, as XML
text, in file order) and the file's own spellings where the model's value would be written
differently (a pair id ``1 NS``, a place, a name, an unreadable value). The writer uses a kept
spelling only while it still reads as the model's value, so an edit of the model always wins.
The objects are frozen: one object may be shared by many traveller lines.

>>> line = LineKept(ns_id="1 NS", values=(("CONTRACT", "4Z"),))
>>> restore(line.to_json()) == line, line.to_json()
(True, {'of': 'line', 'values': [['CONTRACT', '4Z']], 'ns_id': '1 NS'})
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bridgeio.model.provenance import Provenance

Pairs = tuple[tuple[str, str], ...]
"""(name, text) pairs in file order: attributes, or elements read as text."""


@dataclass(frozen=True)
class UsebioKept(Provenance):
    """Attributes and elements of one object that the model has no field for."""

    format: ClassVar[str] = "usebio"
    of: ClassVar[str] = ""
    not_carried: ClassVar[frozenset[str]] = frozenset()
    """Fields the canonical JSON leaves out."""

    attributes: Pairs = ()
    elements: tuple[str, ...] = ()
    """Elements kept whole, as XML text."""
    values: Pairs = ()
    """Texts the model could not take (unreadable, or with no field), by element, as written."""

    def value(self, tag: str) -> str | None:
        """The kept text of element ``tag``, if any."""
        for name, text in self.values:
            if name == tag:
                return text
        return None

    def contents(self) -> dict[str, int]:
        """The elements kept, which another format leaves out."""
        return (
            {"USEBIO elements the model has no field for": len(self.elements)}
            if self.elements
            else {}
        )

    def to_json(self) -> dict[str, Any] | None:
        """The fields that differ from their defaults, as plain JSON data (``of`` names the
        class for :func:`restore`)."""
        data: dict[str, Any] = {"of": self.of}
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if item.name not in self.not_carried and value != item.default:
                data[item.name] = _plain(value)
        return data

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, TeamPair | Handset):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@dataclass(frozen=True)
class TeamPair:
    """A PAIR inside a TEAM (team pairing available): its attributes, its elements other than
    its players (kept whole), and how many of the team's players are in it."""

    attributes: Pairs = ()
    elements: tuple[str, ...] = ()
    players: int = 0


@dataclass(frozen=True)
class Handset:
    """How a HANDSET was laid out: where (at the top level or in the EVENT), the order of the
    seats' HANDs and of the suits, what else it held, and how it wrote a void (``-`` for
    PairsScorer and EBUScore; empty by default)."""

    in_event: bool = False
    seats: str = "ENSW"
    suits: str = "SHDC"
    attributes: Pairs = ()
    elements: tuple[str, ...] = ()
    void: str = ""


@dataclass(frozen=True)
class FileKept(UsebioKept):
    """The file: its version, its DOCTYPE line, whether its leads are written rank first
    (``KH``, as Compscore does) and the CLUB's and the root's extras."""

    of: ClassVar[str] = "file"
    version: str = ""
    doctype: str = ""
    leads_rank_first: bool = False
    club_attributes: Pairs = ()
    club_elements: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventKept(UsebioKept):
    """An EVENT: its EVENT_TYPE and scoring elements as written, where its name came from,
    its DATE when that is no date (not carried by the JSON: the JSON never holds an unread
    date), stratification type, and its hand set's layout."""

    of: ClassVar[str] = "event"
    not_carried: ClassVar[frozenset[str]] = frozenset({"date_text"})
    event_type: str = ""
    scoring: Pairs = ()
    name_from_title: bool = False
    date_text: str = ""
    stratification: str = ""
    handset: Handset | None = None
    participants_attributes: Pairs = ()
    participants_elements: tuple[str, ...] = ()
    standings_after: bool = False
    """An event of sessions: its overall PARTICIPANTS' extras, and whether that element came
    after the SESSIONs (the specification's example has it before them)."""


@dataclass(frozen=True)
class SectionKept(UsebioKept):
    """A section: whether it was a SECTION element, its session (id, attributes, elements)
    and its PARTICIPANTS element's extras; ``attributes``/``elements`` are the SECTION's."""

    of: ClassVar[str] = "section"
    sectioned: bool = False
    session_id: str = ""
    session_attributes: Pairs = ()
    session_elements: tuple[str, ...] = ()
    participants_attributes: Pairs = ()
    participants_elements: tuple[str, ...] = ()


@dataclass(frozen=True)
class SessionKept(UsebioKept):
    """A SESSION of an event of sessions: its attributes and elements besides SESSION_ID and
    SESSION_DATE (RESULTS_TYPE, SESSION_URL, ...), and its SESSION_DATE as written where the
    model's date would be written otherwise (another spelling, or no date)."""

    of: ClassVar[str] = "session"
    date_text: str = ""


@dataclass(frozen=True)
class EntryKept(UsebioKept):
    """A PAIR, TEAM or PLAYER entry: its tag, its id and PLACE as written, whether its
    awards were MASTER_POINTS blocks (rather than a lone MASTER_POINTS_AWARDED), a team's
    pairs, and its ADJUSTMENT (the element itself is kept whole with the others). An entry
    with none of these has no kept object."""

    of: ClassVar[str] = "entry"
    tag: str = ""
    id_text: str = ""
    place_text: str = ""
    award_blocks: bool = False
    pairs: tuple[TeamPair, ...] = ()
    adjustment: float | None = None
    """What its ADJUSTMENT adds to the entry's total, in the total's units: matchpoints in a
    matchpoint event (where USEBIO gives a percentage of the session: of the PAIR's
    MAX_SCORE; None without one), else IMPs or VPs as written."""


@dataclass(frozen=True)
class PlayerKept(UsebioKept):
    """A PLAYER: its name as written (when the model's names would be written otherwise),
    whether it was FIRSTNAME and LASTNAME, and the team pair it is in."""

    of: ClassVar[str] = "player"
    name_text: str = ""
    structured: bool = False
    pair: int | None = None


@dataclass(frozen=True)
class StratKept(UsebioKept):
    """A STRAT of a STRATIFICATION: its STRAT_NUMBER as written and its other elements."""

    of: ClassVar[str] = "strat"
    number_text: str = ""


@dataclass(frozen=True)
class BoardKept(UsebioKept):
    """A BOARD: its number as written when it is not one, and its other elements (a team
    match's IMPS, BOARD_AVERAGE, DATUM...)."""

    of: ClassVar[str] = "board"
    number_text: str = ""


@dataclass(frozen=True)
class LineKept(UsebioKept):
    """A TRAVELLER_LINE: ids as written where the section's entries would give others,
    a team line's DIRECTION, the points element when it is not the event's, and the texts
    the model could not take (``values``: an unreadable contract, a table named "Green8",
    PLAYED_BY of a board passed out)."""

    of: ClassVar[str] = "line"
    ns_id: str = ""
    ew_id: str = ""
    players: tuple[str, ...] = ()
    direction: str = ""
    points: str = ""


@dataclass(frozen=True)
class MatchKept(UsebioKept):
    """A MATCH: teams' or pairs' form, the two sides' ids as written, and which element held
    the first side's score (``TEAM_SCORE`` or the 1.1 ``SCORE``)."""

    of: ClassVar[str] = "match"
    form: str = "teams"
    home_text: str = ""
    away_text: str = ""
    score_tag: str = ""


_CLASSES: dict[str, type[UsebioKept]] = {
    cls.of: cls
    for cls in (
        FileKept,
        EventKept,
        SectionKept,
        SessionKept,
        EntryKept,
        PlayerKept,
        StratKept,
        BoardKept,
        LineKept,
        MatchKept,
    )
}


def restore(data: Any, path: str = "<data>") -> UsebioKept:
    """The kept object of what its ``to_json`` gave; ``ValueError`` for anything else (the
    JSON reader names the place: ``path``, which the registry's ``restore`` passes, is not
    needed here)."""
    if not isinstance(data, dict) or data.get("of") not in _CLASSES:
        raise ValueError("not USEBIO provenance")
    cls = _CLASSES[data["of"]]
    known = {f.name for f in dataclasses.fields(cls)}
    try:
        values = {name: _field(name, value) for name, value in data.items() if name != "of"}
        if not set(values) <= known:
            raise ValueError(f"USEBIO provenance has no field {sorted(set(values) - known)}")
        return cls(**values)
    except TypeError as error:  # a nested object with fields it does not have
        raise ValueError(f"USEBIO provenance: {error}") from None


def _field(name: str, value: Any) -> Any:
    if name == "pairs":
        return tuple(TeamPair(**_tuples(_object(v))) for v in _list(value))
    if name == "handset":
        return None if value is None else Handset(**_tuples(_object(value)))
    if isinstance(value, list):
        return _tuple(value)
    if value is not None and not isinstance(value, str | bool | int | float):
        raise ValueError(f"USEBIO provenance: {name} is not text, a flag or a number")
    return value


def _tuples(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _tuple(v) if isinstance(v, list) else v for k, v in data.items()}


def _tuple(value: list[Any]) -> tuple[Any, ...]:
    items: list[Any] = []
    for item in value:
        if isinstance(item, list):
            if len(item) != 2 or not all(isinstance(part, str) for part in item):
                raise ValueError("USEBIO provenance: a pair is two texts")
            items.append((item[0], item[1]))
        elif isinstance(item, str):
            items.append(item)
        else:
            raise ValueError("USEBIO provenance: lists hold texts or pairs of texts")
    return tuple(items)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("USEBIO provenance: expected a list")
    return value


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("USEBIO provenance: expected an object")
    return value
