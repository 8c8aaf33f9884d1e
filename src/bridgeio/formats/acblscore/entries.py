"""Entries: a section's index tables, and the pair, individual or team structures they point
to with their players, scores, rankings and masterpoint awards; read into the model, and
patched in place.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.formats.acblscore.reader import read_bytes
>>> from bridgeio.model.results import Direction, Entry, Event, Player, Results, Section
>>> pair = Entry("3NS", 3, Direction.NS, players=[Player("Ray"), Player("Lee")])
>>> results = Results([Event(1, sections=[Section("A", "mitchell", entries=[pair])])])
>>> entry = read_bytes(build(results)).events[0].sections[0].entries[0]
>>> entry.id, [p.last_name for p in entry.players]
('3NS', ['Ray', 'Lee'])
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.codes import PIGMENTS, award_ranking, player_rank, rank_letter
from bridgeio.formats.acblscore.decode import BAD, chars, joined
from bridgeio.formats.acblscore.numbering import Numbering
from bridgeio.formats.acblscore.pairing import Structural, paired
from bridgeio.formats.acblscore.provenance import EntryKept, PlayerKept
from bridgeio.model.cards import Seat
from bridgeio.model.results import Award, Direction, Entry, EventKind, Player, StratRank

if TYPE_CHECKING:
    from bridgeio.formats.acblscore.reader import Walk
    from bridgeio.formats.acblscore.writer import Patch

_ENTRY_FIELDS = R.ENTRY.getter("score", "percentage", "strat", "boards_played")
_PLAYER_NAMES = ("last_name", "first_name", "player_number", "city", "state", "country")
_PLAYER_TEXTS = R.PLAYER.getter(*_PLAYER_NAMES)
_PLAYER_NUMBERS = R.PLAYER.getter("masterpoints", "rank")
_INDEX_ITEM = R.INDEX_ENTRY.struct  # an index table's entries, read in one iter_unpack call
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_DIRECTIONS = (Direction.NS, Direction.EW)
_PLAYERS = {EventKind.INDIVIDUAL: 1, EventKind.PAIRS: 2, EventKind.TEAMS: 6}
_INDEX_TABLES = {EventKind.TEAMS: 1, EventKind.PAIRS: 2, EventKind.INDIVIDUAL: 4}
_RANKS = [player_rank(chars(bytes([code]))) if code else "" for code in range(256)]
_PIGMENTS = [PIGMENTS.get(code, str(code)) for code in range(256)]
_AWARD_SETS = (("previous", 0), ("current", 9), ("total", 18))


class Rankings(dict[int, str]):
    """An event's award ranking texts by code ("OA", "SB"), worked out once each."""

    def __init__(self, letters: list[str]) -> None:
        super().__init__()
        self.letters = letters

    def __missing__(self, code: int) -> str:
        self[code] = text = award_ranking(code, self.letters)
        return text


# ---------------------------------------------------------------------------------- reading


def read_entries(
    walk: Walk,
    indexes: list[int],
    kind: EventKind,
    howell: bool,
    highest: int,
    phantom: int,
    base: int,
    letters: Rankings,
) -> list[Entry]:
    """The entries of a section's index tables, numbered as :class:`.Numbering` says (teams:
    the number in the index entry); the phantom pair left out, ties merged."""
    numbering = Numbering(walk.data, base, howell, highest)
    entries: list[Entry] = []
    for d, table in enumerate(indexes[: _INDEX_TABLES[kind]], start=1):
        if table:
            entries += _index_table(walk, table, d, kind, numbering, phantom, letters)
    _merge_ties(entries)
    return entries


def _index_table(
    walk: Walk,
    table: int,
    d: int,
    kind: EventKind,
    numbering: Numbering,
    phantom: int,
    letters: Rankings,
) -> list[Entry]:
    """The entries of index table ``d`` (a direction, or a seat) at ``table``."""
    count = walk.table(table, "index table", 6, L.INDEX_ENTRIES, L.INDEX_ENTRY_SIZE)
    start = table + L.INDEX_ENTRIES
    items = _INDEX_ITEM.iter_unpack(walk.data[start : start + 8 * count])
    howell = numbering.howell
    direction = _DIRECTIONS[d - 1] if kind == EventKind.PAIRS and not howell else None
    seat = _SEATS[d - 1] if kind == EventKind.INDIVIDUAL else None
    side = direction.value if direction else seat.char if seat is not None else ""
    members = _PLAYERS[kind]
    numbers = numbering.positions(d, count)
    entries = []
    for position, (number, players, pointer) in enumerate(items, start=1):
        if not pointer:
            continue
        if kind == EventKind.TEAMS:
            kept = EntryKept(pointer, walk.file, start + 8 * (position - 1), True)
            entries.append(read_entry(walk, kept, number, min(players, 6), letters, "", None))
            continue
        shown, moved, mapping_at = numbers[position - 1]
        if _is_phantom(moved, d, phantom, howell, kind):
            continue
        kept = EntryKept(pointer, walk.file, mapping_at)
        entry = read_entry(walk, kept, shown, members, letters, side, direction)
        entry.seat = seat
        entries.append(entry)
    return entries


def read_entry(
    walk: Walk,
    kept: EntryKept,
    number: int,
    members: int,
    letters: Rankings,
    side: str,
    direction: Direction | None,
) -> Entry:
    """A pair, individual or team structure with its players."""
    pointer = kept.at
    walk.block(pointer, "entry structure", L.ENTRY_PLAYERS + L.PLAYER_SIZE * members - 2)
    values = R.ENTRY.unpack(walk.data, pointer, walk.path)
    score, percentage, strat, played = _ENTRY_FIELDS(values)
    ranks = []
    for k in range(len(letters.letters)):
        at = R.ENTRY_RANKS + k * R.RANKING_VALUES
        low, high, overall_low, overall_high, qualified, rank = values[at : at + 6]
        ranks.append(StratRank(rank, low, high, overall_low, overall_high, bool(qualified)))
    start = pointer + L.ENTRY_PLAYERS
    return Entry(
        f"{number}{side}",
        number,
        direction,
        "",
        None if score == -1 else score / 100,
        percentage / 100,
        ranks[0].rank or None if ranks else None,
        False,
        strat,
        [read_player(walk, start + k * L.PLAYER_SIZE, letters) for k in range(members)],
        _awards(values, R.ENTRY_AWARDS, letters),
        ranks,
        played,
        None,
        kept,
    )


def read_player(walk: Walk, at: int, letters: Rankings) -> Player:
    """A player structure (its text cleaned and reported if damaged)."""
    values = R.PLAYER.unpack(walk.data, at, walk.path)
    raws = _PLAYER_TEXTS(values)
    together = joined(raws)
    texts = together.split("\0")
    if len(texts) != 6 or BAD in together:
        texts = [
            walk.text(raw, at + R.PLAYER.offset[name], partial(_players, name))
            for raw, name in zip(raws, _PLAYER_NAMES, strict=True)
        ]
    last, first, number, city, state, country = texts
    masterpoints, rank = _PLAYER_NUMBERS(values)
    return Player(
        last,
        first,
        number,
        masterpoints,
        city,
        state,
        country,
        _RANKS[rank[0]],
        _awards(values, R.PLAYER_AWARDS, letters),
        PlayerKept(at, walk.file),
    )


def _players(name: str) -> str:
    return f"player's {name.replace('_', ' ')}"


def _awards(values: tuple[Any, ...], start: int, letters: Rankings) -> dict[str, list[Award]]:
    """The three award sets (previous, current, total) at ``values[start:start + 27]``; a set
    lists its non-empty slots, and only sets with an award are given."""
    sets = values[start : start + 27]
    if not any(sets):
        return {}
    awards: dict[str, list[Award]] = {}
    for name, first in _AWARD_SETS:
        items = []
        for at in (first, first + 3, first + 6):
            if sets[at] or sets[at + 1]:
                items.append(Award(sets[at] / 100, _PIGMENTS[sets[at + 1]], letters[sets[at + 2]]))
        if items:
            awards[name] = items
    return awards


def _is_phantom(moved: int, d: int, phantom: int, howell: bool, kind: EventKind) -> bool:
    """The phantom pair (positive: N-S, negative: E-W; Howell: its number) holds no one."""
    if not phantom or kind != EventKind.PAIRS or moved != abs(phantom):
        return False
    return howell or d == (1 if phantom > 0 else 2)


def _merge_ties(entries: list[Entry]) -> None:
    """Entries of one ranking group (a direction, or everyone in a Howell) with the same
    score share the best of their ranks and are marked tied (ACBLscore splits a tie's ranks,
    2 and 3, as a results page shows 2=)."""
    groups: dict[tuple[object, float], list[Entry]] = {}
    for entry in entries:
        if entry.rank and entry.score is not None:
            groups.setdefault((entry.direction or entry.seat, entry.score), []).append(entry)
    for found in groups.values():
        if len(found) < 2:
            continue
        # (a pair not eligible, NE, is placed after the eligible ones: never tied with one)
        for eligible in (True, False):
            group = [e for e in found if bool(getattr(e.kept, "eligibility", 0)) != eligible]
            if len(group) > 1:
                best = min(e.rank for e in group if e.rank)
                for entry in group:
                    entry.rank, entry.tied = best, True


# --------------------------------------------------------------------------------- patching

_NUMBER_FIELDS = [
    ("percentage", 0x1C, "f2"),
    ("strat", 0x1E, "u8"),
    ("boards_played", 0x2F, "u16"),
]
_PLAYER_FIELDS = [
    ("last_name", 0x00, "str:16"),
    ("first_name", 0x11, "str:16"),
    ("city", 0x22, "str:16"),
    ("state", 0x33, "str:2"),
    ("player_number", 0x36, "str:7"),
    ("masterpoints", 0x71, "u16"),
    ("country", 0x75, "str:2"),
]


def patch_entry(patch: Patch, new: Entry, old: Entry, letters: list[str]) -> None:
    """An entry's number, scores, ranks, awards and players."""
    kept = old.kept
    assert isinstance(kept, EntryKept)
    at, out = kept.at, patch.out
    if new.direction != old.direction or new.seat != old.seat:
        raise Structural(f"entry {old.id}'s direction or seat")
    if new.number != old.number:
        if not kept.number_at:
            raise Structural(f"entry {old.id}'s number")
        out.put(kept.number_at, "u16" if kept.team else "u8", new.number, "entry numbers")
    patch.unkept(new, old, "name", "# team names")
    if patch.changed(new, old, "score"):
        out.put(at + 0x0C, "F2", -0.01 if new.score is None else new.score, "scores")
    patch.fields(new, old, at, _NUMBER_FIELDS)
    _patch_ranks(patch, new, old, at)
    for name, offset in L.ENTRY_AWARDS:
        patch.awards(new.awards, old.awards, name, at + offset, letters)
    for player, original in paired(new.players, old.players, f"players of {old.id}"):
        patch_player(patch, player, original, letters)


def _patch_ranks(patch: Patch, new: Entry, old: Entry, at: int) -> None:
    """The entry's ranking structures (one a strat, each whole if it changed) and its rank."""
    if len(new.ranks) > 3:
        patch.out.lose("# rankings after the third strat", len(new.ranks) - 3)
    for k, rank in enumerate(new.ranks[:3]):
        if k >= len(old.ranks) or rank != old.ranks[k]:
            _put_ranking(patch, at + L.ENTRY_RANKINGS[k], rank)
    if new.rank != old.rank:
        patch.out.put(at + L.ENTRY_RANKINGS[0] + 0x0A, "u16", new.rank or 0, "ranks")


def _put_ranking(patch: Patch, at: int, rank: StratRank) -> None:
    """One ranking structure, whole."""
    values = (
        rank.section_low,
        rank.section_high,
        rank.overall_low,
        rank.overall_high,
        int(rank.qualified),
        rank.rank,
    )
    for k, value in enumerate(values):
        patch.out.put(at + 2 * k, "u16", value, "ranks")


def patch_player(patch: Patch, new: Player, old: Player, letters: list[str]) -> None:
    """A player's names, number, places, masterpoints, rank and awards."""
    kept = old.kept
    assert isinstance(kept, PlayerKept)
    at = kept.at
    patch.fields(new, old, at, _PLAYER_FIELDS)
    if new.rank != old.rank:
        letter = rank_letter(new.rank)
        if letter is None:
            patch.out.lose("# player ranks (no ACBLscore letter)")
        else:
            patch.out.put(at + 0x73, "chr:1", letter, "player ranks")
    for name, offset in L.PLAYER_AWARDS:
        patch.awards(new.awards, old.awards, name, at + offset, letters)
