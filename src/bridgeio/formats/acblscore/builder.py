"""Building an ACBLscore game file from the results model, block by block as the document lays
them out: how team and individual events are tested here, since no real ones are at hand.

Only what the model holds is written (names, numbers, scores, ranks, awards, board results,
the movement, team matches); everything else is zero, as in a freshly made game file.
"""

from __future__ import annotations

from typing import Any

from bridgeio.errors import ConversionError
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.writer import encode, stored_score
from bridgeio.model.results import Award, Entry, Event, Player, Results, Section

ENTRY_LENGTH = {"pairs": 0x192, "individual": 0x11A, "teams": 0x372}
SEATS = {"pairs": ("NS", "EW"), "individual": ("N", "E", "S", "W"), "teams": (None,)}
EVENT_TYPE = {"pairs": 0, "teams": 1, "individual": 2}
PIGMENT_CODES = {v: k for k, v in L.PIGMENTS.items() if v}


class Blocks:
    """The file being built: blocks are appended and addressed by offset."""

    def __init__(self) -> None:
        self.data = bytearray(L.MASTER_LENGTH + 2)

    def block(self, length: int) -> int:
        """A new zeroed block with ``length`` bytes after its length word; its offset."""
        offset = len(self.data)
        self.data += bytes(length + 2)
        self.put(offset, {"length": ("i16", length)})
        return offset

    def put(
        self, offset: int, fields: dict[str, tuple[str, Any]], base: list | None = None
    ) -> None:
        """Write ``{name: (type, value)}``; with ``base`` (a layout) offsets come from it."""
        where = {name: at for at, _, name in base} if base else {}
        for name, (kind, value) in fields.items():
            at = offset + where.get(name, 0)
            field = encode(kind, value, None)
            self.data[at : at + len(field)] = field


def build(results: Results) -> bytes:
    """The bytes of a game file holding ``results``.

    >>> from bridgeio.model.results import Event, Results
    >>> data = build(Results(events=[Event(1, "Tuesday Pairs")]))
    >>> data[:6] == L.MAGIC, len(data) == int.from_bytes(data[6:10], "little")
    (True, True)
    """
    if len(results.events) > L.MAX_EVENTS:
        raise ConversionError("acblscore", f"at most {L.MAX_EVENTS} events")
    blocks = Blocks()
    blocks.put(
        0,
        {"magic": ("str:3", "AC3"), "version": ("f2", 8.15), "min_version": ("f2", 7.47)},
        L.MASTER,
    )
    blocks.put(0, {"length": ("i16", L.MASTER_LENGTH)})
    summary = 0
    for index, event in enumerate(results.events):
        pointer = _event(blocks, event)
        blocks.put(L.EVENT_POINTERS + 4 * index, {"p": ("ptr", pointer)})
        blocks.put(L.EVENT_TYPES + index, {"t": ("u8", EVENT_TYPE[event.kind])})
        scoring = {v: k for k, v in L.SCORING_NAMES.items()}.get(event.scoring, 0)
        blocks.put(L.EVENT_SCORINGS + index, {"s": ("u8", scoring)})
        for section in event.sections:
            if summary == L.MAX_SECTIONS:
                raise ConversionError("acblscore", f"at most {L.MAX_SECTIONS} sections")
            summary += 1
            _section(blocks, event, section, index + 1, summary)
    blocks.put(0, {"file_length": ("u32", len(blocks.data))}, L.MASTER)
    return bytes(blocks.data)


def _event(blocks: Blocks, event: Event) -> int:
    pointer = blocks.block(0x2E4)
    rating = L.RATINGS.index(event.rating) if event.rating in L.RATINGS else 0
    blocks.put(
        pointer,
        {
            "number": ("u16", event.number),
            "name": ("str:25", event.name),
            "session_name": ("str:13", event.session_name),
            "director": ("str:16", event.director),
            "date": ("str:19", event.date_text or event.date or ""),
            "club": ("str:25", event.club),
            "club_number": ("str:6", event.club_number),
            "rating": ("u8", rating),
            "club_session": ("u8", 1),
            "strats": ("u8", max(1, len(event.strats))),
            "sessions": ("u8", 1),
            "session": ("u8", 1),
        },
        L.EVENT_DETAILS,
    )
    for strat, at in zip(event.strats, L.EVENT_STRATS, strict=False):
        blocks.put(
            pointer + at,
            {
                "letter": ("chr:1", strat.get("letter", " ")),
                "min_mp": ("u16", strat.get("min_mp") or 0),
                "max_mp": ("u16", strat.get("max_mp") or 0),
            },
            L.STRAT,
        )
    return pointer


def _section(
    blocks: Blocks, event: Event, section: Section, event_number: int, summary: int
) -> None:
    details = blocks.block(0x322)
    howell = section.movement == "howell"
    highest = max((e.number for e in section.entries), default=0)
    blocks.put(
        details,
        {
            "number": ("u16", summary),
            "howell": ("bool", howell),
            "boards": ("u16", section.boards or 0),
            "highest_pair": ("u16", highest),
            "boards_per_round": ("u8", section.boards_per_round or 0),
            "board_top": ("u16", section.board_top or 0),
            "rounds": ("u16", section.rounds or 0),
            "tables": ("u16", section.tables or 0),
            "maximum_score": ("u16", section.maximum_score or 0),
            "web": ("bool", section.movement == "web"),
        },
        L.SECTION_DETAILS,
    )
    positions = _positions(event, section, details, blocks)
    for seat_index in range(1, len(SEATS[event.kind]) + 1):
        mine = sorted((p, e) for e, (s, p) in positions.items() if s == seat_index)
        table = _index(blocks, event, seat_index, [(p, section.entries[e]) for p, e in mine])
        blocks.put(details + 4 * seat_index, {"p": ("ptr", table)})
    if section.schedule:
        blocks.put(details + 0x14, {"p": ("ptr", _schedule(blocks, section, event.kind))})
    if section.matches:
        blocks.put(details + 0x23D, {"p": ("ptr", _matches(blocks, section))})
    board_index = _boards(blocks, section, event.kind, summary) if section.results else 0
    at = L.SECTION_SUMMARIES + (summary - 1) * L.SECTION_SUMMARY_SIZE
    blocks.put(
        at,
        {
            "event": ("u8", event_number),
            "letter": ("str:2", section.name),
            "details": ("ptr", details),
            "board_index": ("ptr", board_index),
            "maximum_score": ("u16", section.maximum_score or 0),
            "status": ("u8", 3),
            "rounds": ("u8", section.rounds or 0),
        },
        L.SECTION_SUMMARY,
    )


def _positions(event: Event, section: Section, details: int, blocks: Blocks) -> dict:
    """{entry index: (index table 1-4, position)}; a Howell's first round gives the seats."""
    seats = SEATS[event.kind]
    positions = {}
    if event.kind == "pairs" and section.movement == "howell":
        start: dict[int, tuple[int, int]] = {}
        for table, cell in enumerate(section.schedule[0] if section.schedule else [], start=1):
            if cell:
                start[cell[0]], start[cell[1]] = (1, table), (2, table)
        for index, entry in enumerate(section.entries):
            if entry.number not in start:
                raise ConversionError(
                    "acblscore",
                    f"pair {entry.number}'s seat in round 1 of the Howell movement (the schedule)",
                )
            positions[index] = start[entry.number]
            mapping = details + L.PAIR_MAPPING + 0x50 + 2 * (entry.number - 1)
            blocks.data[mapping : mapping + 2] = bytes(start[entry.number][::-1])
        return positions
    for index, entry in enumerate(section.entries):
        seat = entry.direction or entry.extra.get("seat")
        positions[index] = (seats.index(seat) + 1 if seat in seats else 1, entry.number)
    return positions


def _index(blocks: Blocks, event: Event, seat: int, entries: list[tuple[int, Entry]]) -> int:
    count = max((p for p, _ in entries), default=0) if event.kind != "teams" else len(entries)
    table = blocks.block(0x12 + 8 * count)
    blocks.put(
        table,
        {
            "id": ("u16", seat),
            "max_players": ("u16", L.PLAYERS_PER_ENTRY[event.kind]),
            "count": ("u16", count),
        },
        L.INDEX_HEADER,
    )
    for slot, (position, entry) in enumerate(entries, start=1):
        place = slot if event.kind == "teams" else position
        pointer = _entry(blocks, event, entry, position)
        blocks.put(
            table + L.INDEX_ENTRIES + 8 * (place - 1),
            {
                "number": ("u16", entry.number if event.kind == "teams" else 0),
                "players": ("u16", len(entry.players) if event.kind == "teams" else 2),
                "entry": ("ptr", pointer),
            },
            L.INDEX_ENTRY,
        )
    return table


def _entry(blocks: Blocks, event: Event, entry: Entry, position: int) -> int:
    pointer = blocks.block(ENTRY_LENGTH[event.kind])
    blocks.put(
        pointer,
        {
            "entry_id": ("u16", position),
            "score": ("F2", entry.score or 0),
            "percentage": ("f2", entry.percentage or 0),
            "strat": ("u8", entry.strat or 0),
            "boards_played": ("u16", entry.boards_played or 0),
        },
        L.ENTRY,
    )
    letters = [s.get("letter", " ") for s in event.strats]
    for name, at in L.ENTRY_AWARDS:
        _awards(blocks, pointer + at, entry.awards.get(name, []), letters)
    for rank, at in zip(entry.ranks, L.ENTRY_RANKINGS, strict=False):
        blocks.put(
            pointer + at,
            {
                "rank": ("u16", rank.rank),
                "section_rank_low": ("u16", rank.section_low),
                "section_rank_high": ("u16", rank.section_high),
                "overall_rank_low": ("u16", rank.overall_low),
                "overall_rank_high": ("u16", rank.overall_high),
                "qualified": ("u16", int(rank.qualified)),
            },
            L.RANKING,
        )
    for k, player in enumerate(entry.players[: L.PLAYERS_PER_ENTRY[event.kind]]):
        _player(blocks, pointer + L.ENTRY_PLAYERS + k * L.PLAYER_SIZE, player, letters)
    return pointer


def _player(blocks: Blocks, at: int, player: Player, letters: list[str]) -> None:
    codes = {v: k for k, v in L.PLAYER_RANKS.items() if k}
    rank = codes.get(player.rank, player.rank if len(player.rank) == 1 else " ")
    blocks.put(
        at,
        {
            "last_name": ("str:16", player.last_name),
            "first_name": ("str:16", player.first_name),
            "city": ("str:16", player.city),
            "state": ("str:2", player.state),
            "player_number": ("str:7", player.player_number),
            "masterpoints": ("u16", player.masterpoints or 0),
            "rank": ("chr:1", rank),
            "country": ("str:2", player.country),
        },
        L.PLAYER,
    )
    for name, offset in L.PLAYER_AWARDS:
        _awards(blocks, at + offset, player.awards.get(name, []), letters)


def _awards(blocks: Blocks, at: int, awards: list[Award], letters: list[str]) -> None:
    for i, award in enumerate(awards[:3], start=1):
        where, letter = award.ranking[:1], award.ranking[1:]
        strat = letters.index(letter) + 1 if letter in letters else 1
        blocks.put(
            at,
            {
                f"points_{i}": ("f2", award.points),
                f"color_{i}": ("u8", PIGMENT_CODES.get(award.color, 0)),
                f"ranking_{i}": ("u8", (10 if where == "O" else 0) + strat),
            },
            L.AWARD,
        )


def _boards(blocks: Blocks, section: Section, kind: str, summary: int) -> int:
    index = blocks.block(0x24 + 8 * len(section.results))
    blocks.put(
        index, {"section": ("u16", summary), "count": ("u16", len(section.results))}, L.BOARD_INDEX
    )
    individual = kind == "individual"
    size = L.BOARD4_SIZE if individual else L.BOARD2_SIZE
    for n, board in enumerate(section.results):
        table = blocks.block(4 + size * len(board.results))
        blocks.put(
            table,
            {
                "board_id": ("u16", n + 1),
                "units": ("u8", 4 if individual else 2),
                "valid_results": ("u8", len(board.results)),
            },
            L.BOARD_TABLE,
        )
        for row, result in enumerate(board.results):
            at = table + L.BOARD_RESULTS + row * size
            if individual:
                seats = result.seats or (result.ns, result.ew, 0, 0)
                points = result.points or (result.ns_points, result.ew_points, 0, 0)
                values = {"round": ("u8", result.round), "table": ("u8", result.table)}
                for seat, number, score, point in zip(
                    "nesw",
                    seats,
                    (result.ns_score, result.ew_score, result.ns_score, result.ew_score),
                    points,
                    strict=True,
                ):
                    values.update(
                        {
                            seat: ("u16", number),
                            f"{seat}_score": ("i16", stored_score(score, result.foul_group)),
                            f"{seat}_points": ("F2", point or 0),
                        }
                    )
                blocks.put(at, values, L.BOARD4_RESULT)
            else:
                blocks.put(
                    at,
                    {
                        "round": ("u8", result.round),
                        "table": ("u8", result.table),
                        "ns": ("u16", result.ns),
                        "ns_score": ("i16", stored_score(result.ns_score, result.foul_group)),
                        "ns_points": ("F2", result.ns_points or 0),
                        "ew": ("u16", result.ew),
                        "ew_score": ("i16", stored_score(result.ew_score, result.foul_group)),
                        "ew_points": ("F2", result.ew_points or 0),
                    },
                    L.BOARD2_RESULT,
                )
        results = sum(1 for r in board.results if not isinstance(r.ns_score, str))
        blocks.put(
            index + L.BOARD_INDEX_ENTRIES + 8 * n,
            {"board": ("u8", board.number), "results": ("u16", results), "table": ("ptr", table)},
            L.BOARD_INDEX_ENTRY,
        )
    return index


def _schedule(blocks: Blocks, section: Section, kind: str) -> int:
    per_table, width = L.INDIVIDUAL_MATCH if kind == "individual" else L.PAIR_MATCH
    tables = max(len(row) for row in section.schedule)
    if len(section.schedule) > per_table:
        raise ConversionError("acblscore", f"at most {per_table} rounds in a movement")
    pointer = blocks.block(5 + per_table * width * tables + (1 if kind == "individual" else 0))
    blocks.put(
        pointer,
        {
            "tables": ("u8", tables),
            "rounds": ("u8", len(section.schedule)),
            "mode": ("u8", 2 if kind == "individual" else 0),
        },
        L.MATCH_TABLE,
    )
    for round_index, row in enumerate(section.schedule):
        for table, cell in enumerate(row):
            if cell:
                at = pointer + L.MATCH_ROWS + (table * per_table + round_index) * width
                blocks.data[at : at + width] = bytes(cell)
    return pointer


def _matches(blocks: Blocks, section: Section) -> int:
    teams = max(m.team for m in section.matches)
    index = blocks.block(0x54 + 4 * teams)
    rounds = max(m.round for m in section.matches)
    blocks.put(index, {"teams": ("u16", teams), "rounds": ("u16", rounds)}, L.TEAM_MATCH_INDEX)
    for team in range(1, teams + 1):
        mine = sorted((m for m in section.matches if m.team == team), key=lambda m: m.round)
        table = blocks.block(0x20 + L.TEAM_MATCH_SIZE * len(mine))
        blocks.put(
            table,
            {"id": ("u16", team), "rounds": ("u8", len(mine)), "mode": ("u8", 1)},
            L.TEAM_MATCH_TABLE,
        )
        for k, match in enumerate(mine):
            at = table + L.TEAM_MATCHES + k * L.TEAM_MATCH_SIZE
            blocks.data[at] = 1
            blocks.put(
                at,
                {
                    "round": ("u8", match.round),
                    "opponent": ("u16", match.opponent),
                    "imps": ("i16", match.imps or 0),
                    "victory_points": ("f2", match.victory_points or 0),
                    "boards": ("u8", match.boards or 0),
                    "table": ("u16", match.table or 0),
                    "second_opponent": ("u16", match.second_opponent or 0),
                    "wins": ("f2", match.wins or 0),
                },
                L.TEAM_MATCH,
            )
        blocks.put(index + L.TEAM_MATCH_INDEX_TABLES + 4 * (team - 1), {"p": ("ptr", table)})
    return index
