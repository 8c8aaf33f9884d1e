"""Sections: a section's summary in the master table (letter, pointers) and its details
(movement, counts, the pointers to its index tables, board results and match tables); read
into the model with what they point to, and patched in place.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.formats.acblscore.reader import read_bytes
>>> from bridgeio.model.results import Event, Results, Section
>>> results = Results([Event(1, sections=[Section("A", "mitchell", tables=7, rounds=6)])])
>>> section = read_bytes(build(results)).events[0].sections[0]
>>> section.name, section.movement, section.tables, section.rounds
('A', 'mitchell', 7, 6)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgeio.errors import FormatError
from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.boards import patch_board, read_boards
from bridgeio.formats.acblscore.entries import Rankings, patch_entry, read_entries
from bridgeio.formats.acblscore.matches import (
    patch_match,
    patch_schedule,
    read_matches,
    read_schedule,
)
from bridgeio.formats.acblscore.numbering import reassigned
from bridgeio.formats.acblscore.pairing import (
    Structural,
    board_identity,
    entry_identity,
    match_identity,
    paired,
)
from bridgeio.formats.acblscore.provenance import SectionKept
from bridgeio.model.results import Event, EventKind, Section

if TYPE_CHECKING:
    from bridgeio.formats.acblscore.reader import Walk
    from bridgeio.formats.acblscore.writer import Patch

_SUMMARY_FIELDS = R.SUMMARY.getter("letter", "details", "board_index")
_SECTION_FIELDS = R.SECTION.getter(
    "index_1",
    "index_2",
    "index_3",
    "index_4",
    "match_table",
    "howell",
    "boards",
    "highest_pair",
    "boards_per_round",
    "board_top",
    "rounds",
    "phantom",
    "tables",
    "maximum_score",
    "web",
    "team_match_index",
)

# ---------------------------------------------------------------------------------- reading


def read_section(walk: Walk, summary: int, at: int, event: Event, letters: Rankings) -> Section:
    """The section whose summary (number ``summary``) is at byte ``at``, with its entries,
    board results and movement (a part that cannot be read is reported and left out)."""
    letter_raw, details_at, board_index = _SUMMARY_FIELDS(R.SUMMARY.unpack(walk.data, at))
    letter = walk.text(letter_raw, at + 1, lambda: f"section {summary} letter")
    walk.block(details_at, f"section {letter} details", R.SECTION.size - 2)
    values = _SECTION_FIELDS(R.SECTION.unpack(walk.data, details_at, walk.path))
    (*indexes, match_table, howell, boards, highest, per_round, top, rounds) = values[:11]
    phantom, tables, maximum, web, team_matches = values[11:]
    kind = event.kind
    section = Section(
        name=letter,
        movement=_movement(kind, howell, web),
        tables=tables,
        rounds=rounds,
        boards=boards,
        boards_per_round=per_round,
        board_top=top,
        maximum_score=maximum,
        kept=SectionKept(details_at, summary, walk.file),
    )
    base = details_at + L.PAIR_MAPPING
    howell_pairs = bool(howell) and kind == EventKind.PAIRS
    try:
        section.entries = read_entries(
            walk, indexes, kind, howell_pairs, highest, phantom, base, letters
        )
    except FormatError as error:
        walk.damaged(error, f"entries of section {letter}")
    if board_index:
        remap = reassigned(walk.data, base, howell_pairs) if kind == EventKind.PAIRS else None
        try:
            section.results = read_boards(walk, board_index, kind == EventKind.INDIVIDUAL, remap)
        except FormatError as error:
            walk.damaged(error, f"board results of section {letter}")
    _read_movement(walk, section, kind, match_table, team_matches, indexes[0])
    return section


def _read_movement(
    walk: Walk, section: Section, kind: EventKind, table: int, team_matches: int, teams: int
) -> None:
    """A section's rounds from its match table, or (teams) its matches from its team match
    index (``teams``: its team index table)."""
    try:
        if table and kind != EventKind.TEAMS:
            section.schedule = read_schedule(walk, table, kind == EventKind.INDIVIDUAL)
        if kind == EventKind.TEAMS and team_matches:
            section.matches = read_matches(walk, team_matches, teams)
    except FormatError as error:
        walk.damaged(error, f"movement of section {section.name}")


def _movement(kind: EventKind, howell: int, web: int) -> str:
    """The movement a section's flags name."""
    if kind == EventKind.TEAMS:
        return "teams"
    if web:
        return "web"
    return "howell" if howell else "mitchell"


# --------------------------------------------------------------------------------- patching

_DETAIL_FIELDS = [
    ("boards", 0x19, "u16"),
    ("boards_per_round", 0x1D, "u8"),
    ("board_top", 0x1E, "u16"),
    ("rounds", 0x35, "u16"),
    ("tables", 0x48, "u16"),
    ("maximum_score", 0x4E, "u16"),
]


def patch_section(
    patch: Patch, new: Section, old: Section, kind: EventKind, letters: list[str]
) -> None:
    """A section's details and summary, its entries, boards and matches."""
    kept = old.kept
    assert isinstance(kept, SectionKept)
    at = kept.at
    _patch_details(patch, new, old, kept)
    for entry, original in paired(
        new.entries, old.entries, f"entries of {old.name}", entry_identity
    ):
        patch_entry(patch, entry, original, letters)
    if new.schedule != old.schedule:
        patch_schedule(patch, new, old, at)
    mapping = None
    if kind == EventKind.PAIRS:
        mapping = reassigned(patch.out.data, at + L.PAIR_MAPPING, old.movement == "howell")
    for board, before in paired(new.results, old.results, f"boards of {old.name}", board_identity):
        patch_board(patch, board, before, kind == EventKind.INDIVIDUAL, mapping)
    for match, before_match in paired(
        new.matches, old.matches, f"matches of {old.name}", match_identity
    ):
        patch_match(patch, match, before_match)


def _patch_details(patch: Patch, new: Section, old: Section, kept: SectionKept) -> None:
    """The section's movement flag, letter, counts and maximum score (in its details, and
    where the summary repeats them)."""
    at, out = kept.at, patch.out
    if new.movement != old.movement:
        if {new.movement, old.movement} != {"mitchell", "web"}:
            raise Structural(f"section {old.name}'s movement")
        out.put(at + R.SECTION.offset["web"], "bool", new.movement == "web")
    summary = L.SECTION_SUMMARIES + (kept.summary - 1) * L.SECTION_SUMMARY_SIZE
    if patch.changed(new, old, "name"):
        out.put(summary + 1, "str:2", new.name, "section names")
    patch.fields(new, old, at, _DETAIL_FIELDS)
    if patch.changed(new, old, "rounds"):
        out.put(summary + 0x14, "u8", new.rounds or 0, "rounds")
    if patch.changed(new, old, "maximum_score"):
        out.put(summary + 0x0C, "u16", new.maximum_score or 0, "maximum scores")
    patch.unkept(new, old, "session", "the session numbers of # sections")
