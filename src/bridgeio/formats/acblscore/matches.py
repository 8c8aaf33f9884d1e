"""Match tables: the movement of a pairs or individual section (its Pair or Individual Match
Table, rounds x tables) and a teams section's matches (each team's Team Match Table); read into
the model, and patched in place.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.formats.acblscore.reader import read_bytes
>>> from bridgeio.model.results import Event, Results, Section
>>> rounds = [[(1, 1, 1), (2, 2, 3)], [(1, 2, 5), (2, 1, 7)]]  # (N-S, E-W, first board)
>>> section = Section("A", "mitchell", tables=2, rounds=2, schedule=rounds)
>>> read_bytes(build(Results([Event(1, sections=[section])]))).events[0].sections[0].schedule
[[(1, 1, 1), (2, 2, 3)], [(1, 2, 5), (2, 1, 7)]]
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.pairing import Structural
from bridgeio.formats.acblscore.provenance import MatchKept
from bridgeio.model.results import Match, Section

if TYPE_CHECKING:
    from bridgeio.formats.acblscore.reader import Walk
    from bridgeio.formats.acblscore.writer import Patch

_TEAM_MATCH = R.TEAM_MATCH.getter("round", "opponent", "imps", "victory_points", "table")
_INDEX_ITEM = R.INDEX_ENTRY.struct  # the team index table's entries, in one iter_unpack call
Record = tuple[int, int, int, int, int, int, int]
"""One team's side of a match: team, offset, round, opponent, IMPs, victory points, table."""

# ---------------------------------------------------------------------------------- reading


def read_schedule(walk: Walk, pointer: int, individual: bool) -> list[list[tuple[int, ...] | None]]:
    """Rounds x tables from a Pair or Individual Match Table: (NS, EW, first board) or
    (N, E, S, W, first board); None where a table is not in use in a round."""
    length = walk.block(pointer, "match table", 5)
    tables, rounds = walk.data[pointer + 4], walk.data[pointer + 5]
    per_table, width = L.INDIVIDUAL_MATCH if individual else L.PAIR_MATCH
    rounds = min(rounds, per_table)
    walk.check_room(
        pointer, "match table", length, L.MATCH_ROWS + tables * per_table * width, "its tables"
    )
    data = walk.data
    schedule = []
    for round_index in range(rounds):
        row: list[tuple[int, ...] | None] = []
        for table in range(tables):
            at = pointer + L.MATCH_ROWS + (table * per_table + round_index) * width
            cell = tuple(data[at : at + width])
            row.append(cell if any(cell[:-1]) else None)
        schedule.append(row)
    return schedule


def read_matches(walk: Walk, pointer: int, team_index: int) -> list[Match]:
    """The section's team matches: each team's one-sided records (a team's table, by
    team id) paired into one match where the opponent has the mirror record."""
    records = _team_records(walk, pointer, team_index)
    mirror = {(team, rnd, opponent): i for i, (team, _, rnd, opponent, *_) in enumerate(records)}
    used: set[int] = set()
    matches = []
    for i, (team, at, rnd, opponent, imps, vp, tbl) in enumerate(records):
        if i in used:
            continue
        j = mirror.get((opponent, rnd, team))
        away = records[j] if j is not None and j not in used and j != i else None
        used.add(i)
        if away is not None and j is not None:
            used.add(j)
        matches.append(
            Match(
                rnd,
                team,
                opponent,
                imps,
                None if away is None else away[4],
                vp / 100,
                None if away is None else away[5] / 100,
                tbl or None,
                [],
                MatchKept(at, 0 if away is None else away[1], walk.file),
            )
        )
    return matches


def _team_records(walk: Walk, pointer: int, team_index: int) -> list[Record]:
    """Every team's records of the rounds it played, from the team match index at
    ``pointer`` (teams numbered by the team index table at ``team_index``)."""
    teams = walk.table(pointer, "team match index", 4, L.TEAM_MATCH_INDEX_TABLES, 4)
    numbers = _team_numbers(walk, team_index, teams)
    tables = struct.unpack_from(f"<{teams}I", walk.data, pointer + L.TEAM_MATCH_INDEX_TABLES)
    records: list[Record] = []
    for team_id, table in enumerate(tables, start=1):
        if not table:
            continue
        size = walk.block(table, f"team match table {team_id}", L.TEAM_MATCHES - 2)
        rounds = min(walk.data[table + 4], (size + 2 - L.TEAM_MATCHES) // L.TEAM_MATCH_SIZE)
        team = numbers.get(team_id, team_id)
        for k in range(rounds):
            at = table + L.TEAM_MATCHES + k * L.TEAM_MATCH_SIZE
            rnd, opponent, imps, vp, tbl = _TEAM_MATCH(R.TEAM_MATCH.unpack(walk.data, at))
            if rnd:
                records.append((team, at, rnd, opponent, imps, vp, tbl))
    return records


def _team_numbers(walk: Walk, pointer: int, teams: int) -> dict[int, int]:
    """{team id: team number} from the team index table (ids count its entries)."""
    if not pointer:
        return {}
    length = walk.block(pointer, "team index table", L.INDEX_ENTRIES - 2)
    count = min(struct.unpack_from("<H", walk.data, pointer + 6)[0], (length - 0x12) // 8)
    start = pointer + L.INDEX_ENTRIES
    items = _INDEX_ITEM.iter_unpack(walk.data[start : start + 8 * max(count, 0)])
    return {k: number for k, (number, _, _) in enumerate(items, start=1)}


# --------------------------------------------------------------------------------- patching


def patch_schedule(patch: Patch, new: Section, old: Section, at: int) -> None:
    """The cells of the movement that changed (same rounds and tables); ``at``: the
    section's details."""
    data = patch.out.data
    pointer = struct.unpack_from("<I", data, at + R.SECTION.offset["match_table"])[0]
    shape = [len(row) for row in old.schedule]
    if not pointer or [len(row) for row in new.schedule] != shape:
        raise Structural(f"section {old.name}'s movement")
    width = len(next((c for row in old.schedule for c in row if c), (0, 0, 0)))
    per_table = L.INDIVIDUAL_MATCH[0] if width == 5 else L.PAIR_MATCH[0]
    for r, row in enumerate(new.schedule):
        for t, cell in enumerate(row):
            if cell != old.schedule[r][t]:
                cells = cell or (0,) * width
                if len(cells) != width:
                    raise Structural(f"section {old.name}'s movement")
                place = pointer + L.MATCH_ROWS + (t * per_table + r) * width
                for k, value in enumerate(cells):
                    patch.out.put(place + k, "u8", value, "movement numbers")


def patch_match(patch: Patch, new: Match, old: Match) -> None:
    """A team match: both teams' records (round, table, IMPs, victory points)."""
    kept = old.kept
    assert isinstance(kept, MatchKept)
    out, home, away = patch.out, kept.at, kept.away
    if new.home != old.home or (away and new.away != old.away):
        raise Structural(f"the teams of a match in round {old.round}")
    sides = [(home, new.home_imps, old.home_imps, new.home_vp, old.home_vp)]
    if away:
        sides.append((away, new.away_imps, old.away_imps, new.away_vp, old.away_vp))
    else:
        if new.away != old.away:
            out.put(home + 2, "u16", new.away, "team numbers")
        if new.away_imps is not None or new.away_vp is not None:
            out.lose("the scores of # teams without a match record")
    for at, imps, imps_before, vp, vp_before in sides:
        if new.round != old.round:
            out.put(at + 1, "u8", new.round, "rounds")
        if new.table != old.table:
            out.put(at + 0x12, "u16", new.table or 0, "table numbers")
        if imps != imps_before:
            out.put(at + 8, "i16", imps or 0, "IMPs")
        if vp != vp_before:
            out.put(at + 0x0A, "f2", vp or 0, "victory points")
    if new.boards:
        out.lose("the # boards of team matches", len(new.boards))
