"""Events: an event's details (names, date, club, director or city, rating, strats) and its
type and scoring codes in the master table; read into the model, and patched in place.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.formats.acblscore.reader import read_bytes
>>> from bridgeio.model.results import Event, Results, Strat
>>> event = read_bytes(build(Results([Event(1, strats=[Strat("A"), Strat("B", None, 500)])])))
>>> [(s.letter, s.max_mp) for s in event.events[0].strats]
[('A', None), ('B', 500)]
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from bridgeio.errors import FormatError
from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.codes import EVENT_KINDS, SCORINGS, scoring_code
from bridgeio.formats.acblscore.decode import chars, date_text, looks_like_date, parse_date
from bridgeio.formats.acblscore.entries import Rankings
from bridgeio.formats.acblscore.pairing import Structural, paired
from bridgeio.formats.acblscore.provenance import EventKept, StratKept
from bridgeio.formats.acblscore.sections import patch_section, read_section
from bridgeio.model.results import Event, EventKind, Scoring, Strat

if TYPE_CHECKING:
    from bridgeio.formats.acblscore.reader import Walk
    from bridgeio.formats.acblscore.writer import Patch

_EVENT_TEXTS = R.EVENT.getter(
    "name", "session_name", "director", "date", "club", "club_number", "rating", "strats"
)
_CLUB_SESSION = R.EVENT.index["club_session"]
_STRAT_FIELDS = R.STRAT.getter("letter", "min_mp", "max_mp")

# ---------------------------------------------------------------------------------- reading


def read_event(walk: Walk, slot: int, pointer: int) -> Event:
    """The event in master table slot ``slot`` (its details at ``pointer``)."""
    number = slot + 1
    what = f"event {number} details"
    walk.block(pointer, what, R.EVENT.size - 2)
    values = R.EVENT.unpack(walk.data, pointer, walk.path)
    raw = _EVENT_TEXTS(values)
    offsets = R.EVENT.offset

    def field(name: str, i: int) -> str:
        at = pointer + offsets[name]
        return walk.text(raw[i], at, lambda: f"event {number} {name.replace('_', ' ')}")

    tournament = values[_CLUB_SESSION] == 0  # the director's field then holds the city
    director = field("director", 2)
    type_code, scoring_byte = walk.data[L.EVENT_TYPES + slot], walk.data[L.EVENT_SCORINGS + slot]
    event = Event(
        number=number,
        name=field("name", 0),
        session_name=field("session_name", 1),
        date=_read_date(walk, field("date", 3), pointer + offsets["date"], number),
        club=field("club", 4),
        club_number=field("club_number", 5),
        director="" if tournament else director,
        city=director if tournament else "",
        kind=EVENT_KINDS.get(type_code, EventKind.PAIRS),
        scoring=SCORINGS.get(scoring_byte, Scoring.OTHER),
        rating=L.RATINGS[raw[6]] if raw[6] < len(L.RATINGS) else f"rating {raw[6]}",
        kept=EventKept(pointer, slot, walk.file),
    )
    if type_code not in EVENT_KINDS:
        walk.problem(f"byte {L.EVENT_TYPES + slot}", f"event {number}: unknown type {type_code}")
    event.strats = _read_strats(walk, pointer, raw[7])
    _read_sections(walk, event)
    return event


def _read_date(walk: Walk, value: str, at: int, number: int) -> datetime.date | None:
    """An event's date from its text; text that is no date is reported."""
    date = parse_date(value)
    if date is None and value.strip():
        impossible = looks_like_date(value)  # "February 30, 2017": an error in the file
        walk.problem(
            f"byte {at}",
            f"event {number} date {value!r}: "
            + ("no such day" if impossible else "not a date ACBLscore writes"),
            "error" if impossible else "warning",
        )
    return date


def _read_strats(walk: Walk, pointer: int, count: int) -> list[Strat]:
    """The event's strats (one at least, three at most, whatever its count says)."""
    strats = []
    for offset in L.EVENT_STRATS[: max(1, min(3, count))]:
        letter, low, high = _STRAT_FIELDS(R.STRAT.unpack(walk.data, pointer + offset))
        strats.append(
            Strat(
                "" if letter == b"\x00" else chars(letter),
                low or None,
                high or None,
                StratKept(pointer + offset, walk.file),
            )
        )
    return strats


def _read_sections(walk: Walk, event: Event) -> None:
    """The event's sections: those whose summary in the master table names the event."""
    number = event.number
    letters = Rankings([s.letter for s in event.strats])
    for index in range(L.MAX_SECTIONS):
        at = L.SECTION_SUMMARIES + index * L.SECTION_SUMMARY_SIZE
        if walk.data[at] == number:
            try:
                event.sections.append(read_section(walk, index + 1, at, event, letters))
            except FormatError as error:
                walk.damaged(error, f"section {index + 1} of event {number}")


# --------------------------------------------------------------------------------- patching

_TEXT_FIELDS = [
    ("name", 0x04, "str:25"),
    ("session_name", 0x1E, "str:13"),
    ("club", 0x5C, "str:25"),
    ("club_number", 0xB0, "str:6"),
]


def patch_event(patch: Patch, new: Event, old: Event) -> None:
    """An event's details, master table codes, strats and sections."""
    kept = old.kept
    assert isinstance(kept, EventKept)
    if new.number != old.number or new.kind != old.kind:
        raise Structural(f"event {old.number}'s number or kind")
    at, out = kept.at, patch.out
    patch.fields(new, old, at, _TEXT_FIELDS)
    _patch_director(patch, new, old, at, bool(kept.tournament))
    if new.date != old.date:
        out.put(at + R.EVENT.offset["date"], "str:19", date_text(new.date) if new.date else "")
    if new.rating != old.rating:
        _patch_rating(patch, new.rating, at)
    if new.scoring != old.scoring:
        code = scoring_code(new.kind, new.scoring)
        if code is None:
            out.lose(f"the {new.scoring.value} scoring of # events (no ACBLscore code)")
        else:
            out.put(L.EVENT_SCORINGS + kept.slot, "u8", code)
    _patch_strats(patch, new, old, at)
    letters = [s.letter for s in new.strats]
    for section, original in paired(new.sections, old.sections, "sections"):
        patch_section(patch, section, original, new.kind, letters)
    if new.deals is not None:
        out.lose("the hand records of # events")


def _patch_director(patch: Patch, new: Event, old: Event, at: int, tournament: bool) -> None:
    """The director's field: a club game's director, a tournament's city."""
    here, elsewhere = ("city", "director") if tournament else ("director", "city")
    if patch.changed(new, old, here):
        patch.out.put(at + R.EVENT.offset["director"], "str:16", getattr(new, here), here)
    patch.unkept(new, old, elsewhere, f"the {elsewhere} of # events (no field for it in this mode)")


def _patch_rating(patch: Patch, rating: str, at: int) -> None:
    """The masterpoint rating's code (twice, where the file repeats it)."""
    out = patch.out
    if rating in L.RATINGS:
        code = L.RATINGS.index(rating)
    elif rating.startswith("rating ") and rating[7:].isdigit():
        code = int(rating[7:])
    else:
        out.lose("# masterpoint ratings (no ACBLscore code)")
        return
    again = out.data[at + 0xA9] == out.data[at + 0x88]
    out.put(at + 0x88, "u8", code, "ratings")
    if again:  # ACBLscore repeats the rating at 0xA9
        out.put(at + 0xA9, "u8", code, "ratings")


def _patch_strats(patch: Patch, new: Event, old: Event, at: int) -> None:
    """The event's strats: count, letters and masterpoint limits."""
    out = patch.out
    if len(new.strats) > 3:
        out.lose("# strats after the third", len(new.strats) - 3)
    if len(new.strats) != len(old.strats):
        out.put(at + R.EVENT.offset["strats"], "u8", min(len(new.strats), 3))
    for k, strat in enumerate(new.strats[:3]):
        base = at + L.EVENT_STRATS[k]
        before = old.strats[k] if k < len(old.strats) else None
        if before is None or strat.letter != before.letter:
            out.put(base + 0x22, "chr:1", strat.letter or "\0", "strat letters")
        if before is None or strat.min_mp != before.min_mp:
            out.put(base + 0x1E, "u16", strat.min_mp or 0, "masterpoint limits")
        if before is None or strat.max_mp != before.max_mp:
            out.put(base + 0x20, "u16", strat.max_mp or 0, "masterpoint limits")
