"""Reading an ACBLscore game file into the results model, following pointers (never assuming
blocks are in order) and checking every block against the file's bounds."""

from __future__ import annotations

import struct
from typing import Any

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.decode import Layout
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Entry,
    Event,
    Match,
    Player,
    Results,
    Section,
    StratRank,
)

MAX_FILE = 64 << 20  # real game files are tens of kilobytes

MASTER = Layout("master table", L.MASTER)
SUMMARY = Layout("section summary", L.SECTION_SUMMARY)
EVENT = Layout("event details", L.EVENT_DETAILS)
STRAT = Layout("strat structure", L.STRAT)
PIGMENTATION = Layout("pigmentation structure", L.PIGMENTATION)
SECTION = Layout("section details", L.SECTION_DETAILS)
SECTION_STRAT = Layout("section strat structure", L.SECTION_STRAT)
AWARD = Layout("masterpoint award", L.AWARD)
RANKING = Layout("ranking structure", L.RANKING)
PLAYER = Layout("player structure", L.PLAYER)
ENTRY = Layout("entry structure", L.ENTRY)
INDEX = Layout("index table", L.INDEX_HEADER)
INDEX_ENTRY = Layout("index entry", L.INDEX_ENTRY)
BOARD_INDEX = Layout("board results index", L.BOARD_INDEX)
BOARD_INDEX_ENTRY = Layout("board results index entry", L.BOARD_INDEX_ENTRY)
BOARD_TABLE = Layout("board result table", L.BOARD_TABLE)
BOARD2 = Layout("board2 result", L.BOARD2_RESULT)
BOARD4 = Layout("board4 result", L.BOARD4_RESULT)
MATCH = Layout("match table", L.MATCH_TABLE)
TEXT = Layout("memo or note", L.TEXT_BLOCK)
TEAM_INDEX = Layout("team match index", L.TEAM_MATCH_INDEX)
ROUND_ROBIN = Layout("round robin structure", L.ROUND_ROBIN)
TEAM_TABLE = Layout("team match table", L.TEAM_MATCH_TABLE)
TEAM_MATCH = Layout("team match entry", L.TEAM_MATCH)
VP_CHART = Layout("victory point structure", L.VICTORY_POINTS)
VP_STEP = Layout("imp to vp step", L.VP_STEP)


class GameFile:
    """One game file's bytes, the walk through them, and where each model value came from
    (``bindings``: object, attribute, byte offset, field type, value as read) so that a writer
    can put edited values back and leave every other byte as it was."""

    def __init__(self, data: bytes, path: str) -> None:
        self.data, self.path = data, path
        self.bindings: list[tuple[object, str, int, str, Any]] = []

    def bind(self, target: object, fields: dict[str, tuple[int, str]]) -> None:
        """Record ``{attribute: (offset, type)}`` of ``target`` (an object, or a dict's keys)
        as read from the file."""
        for attribute, (offset, kind) in fields.items():
            self.bindings.append((target, attribute, offset, kind, value_of(target, attribute)))

    def fail(self, place: str, expected: str) -> FormatError:
        return FormatError(self.path, place, expected)

    def block(self, pointer: int, what: str, minimum: int = 0) -> int:
        """Check that a pointer leads to a whole block; returns the length after the word."""
        if not 0 < pointer <= len(self.data) - 2:
            raise self.fail(f"pointer to the {what}", f"an offset inside the file, found {pointer}")
        length = struct.unpack_from("<h", self.data, pointer)[0]
        if length < minimum or pointer + 2 + length > len(self.data):
            raise self.fail(
                f"{what} at byte {pointer}",
                f"a block of {minimum} or more bytes inside the file, found length {length}",
            )
        return length

    def check_room(self, pointer: int, what: str, length: int, needed: int, items: str) -> None:
        """Check that the block at `pointer` (`length` bytes after its word) holds the `needed`
        bytes, counted from the word, that its header says it has (`items`)."""
        if needed > length + 2:
            raise self.fail(
                f"{what} at byte {pointer}", f"room for {items} in a block of {length} bytes"
            )

    def read(self, layout: Layout, offset: int, what: str | None = None) -> dict[str, Any]:
        return layout.read(self.data, offset, self.path, what)


def value_of(target: object, attribute: str) -> Any:
    return target[attribute] if isinstance(target, dict) else getattr(target, attribute)


def read(path: str) -> Results:
    """Read every event of a game file. A file shorter than its header says is read as far as
    it goes and marked partial; anything unreadable raises FormatError naming the byte."""
    size = input_size(path)
    if size > MAX_FILE:
        raise FormatError(path, "file", f"a game file of at most {MAX_FILE} bytes, found {size}")
    with open(path, "rb") as handle:
        data = handle.read()
    return read_bytes(data, path)


def read_bytes(data: bytes, path: str = "<data>") -> Results:
    game = GameFile(data, path)
    if data[:6] != L.MAGIC:
        raise game.fail("byte 0", "an ACBLscore game file (bytes 12 0A 03 'AC3')")
    if len(data) < L.MASTER_LENGTH + 2:
        raise game.fail(
            "master table at byte 0", f"{L.MASTER_LENGTH + 2} bytes, the file has {len(data)}"
        )
    master = game.read(MASTER, 0)
    results = Results(format="acblscore", origin=game)
    if master["file_length"] != len(data):
        results.partial = master["file_length"] > len(data)
        results.problems.append(
            f"byte 6: the header gives the file length {master['file_length']}, the file has "
            f"{len(data)} bytes" + (" (truncated)" if results.partial else "")
        )
    results.extra = {
        "version": master["version"],
        "min_version": master["min_version"],
        "created": master["created"],
        "bridgemate_import": master["bridgemate_import"],
        "memo": read_text(game, master["memo"], L.MEMO_LINE),
        "note": read_text(game, master["note"], L.NOTE_LINE),
    }
    results.extra["free_blocks"] = free_blocks(game, master["free_list"], results)
    summaries = [
        game.read(SUMMARY, L.SECTION_SUMMARIES + i * L.SECTION_SUMMARY_SIZE)
        for i in range(L.MAX_SECTIONS)
    ]
    for index in range(L.MAX_EVENTS):
        pointer = struct.unpack_from("<I", data, L.EVENT_POINTERS + 4 * index)[0]
        if pointer:
            kind = data[L.EVENT_TYPES + index]
            scoring = data[L.EVENT_SCORINGS + index]
            try:
                results.events.append(
                    read_event(game, index + 1, pointer, kind, scoring, summaries, results)
                )
            except FormatError as error:
                if not results.partial:
                    raise
                results.problems.append(str(error))
    return results


def free_blocks(game: GameFile, pointer: int, results: Results) -> list[tuple[int, int]]:
    """(offset, size) of each free block on the master table's list. A list that leaves the
    file or runs in a circle is cut there, reported, and the result marked partial."""
    blocks: list[tuple[int, int]] = []
    seen: set[int] = set()
    while pointer:
        if pointer in seen or not 0 < pointer <= len(game.data) - 6:
            results.partial = True
            why = "runs in a circle" if pointer in seen else "points outside the file"
            results.problems.append(f"free block list {why} at pointer {pointer}")
            break
        seen.add(pointer)
        size, following = struct.unpack_from("<hI", game.data, pointer)
        blocks.append((pointer, -size))
        pointer = following
    return blocks


def read_text(game: GameFile, pointer: int, width: int) -> list[str]:
    """A memo or note: its lines of text."""
    if not pointer:
        return []
    length = game.block(pointer, "memo or note", 4)
    header = game.read(TEXT, pointer)
    lines = min(header["lines"], (length - 4) // (width + 1))
    out = []
    for line in range(lines):
        raw = game.data[pointer + 6 + line * (width + 1) : pointer + 6 + (line + 1) * (width + 1)]
        out.append(raw[1 : 1 + min(raw[0], width)].decode("cp1252", errors="replace"))
    return out


def read_event(
    game: GameFile,
    number: int,
    pointer: int,
    kind: int,
    scoring: int,
    summaries: list[dict],
    results: Results,
) -> Event:
    game.block(pointer, f"event {number} details", EVENT.size - 2)
    details = game.read(EVENT, pointer, f"event {number} details")
    strats = [read_strat(game, pointer + offset) for offset in L.EVENT_STRATS][
        : max(1, min(3, details["strats"]))
    ]
    kind_name = L.EVENT_TYPES_NAMES.get(kind, f"type-{kind}")
    event = Event(
        number=number,
        name=details["name"],
        session_name=details["session_name"],
        date=_iso_date(details["date"]),
        date_text=details["date"],
        club=details["club"],
        club_number=details["club_number"],
        director=details["director"],
        kind="teams" if kind in (1, 4) else "individual" if kind == 2 else "pairs",
        scoring=L.SCORING_NAMES.get(scoring, f"scoring-{scoring}"),
        rating=L.RATINGS[details["rating"]]
        if details["rating"] < len(L.RATINGS)
        else f"rating-{details['rating']}",
        strats=strats,
    )
    event.extra = {k: v for k, v in details.items() if k != "length"}
    tournament = details["club_session"] == 0  # not a club game: ACBLscore's tournament mode
    event.extra.update(
        tournament=tournament,
        event_type=kind_name,
        event_type_id=kind,
        event_scoring_id=scoring,
        rating_id=details["rating"],
        club_game_type=_name(L.CLUB_GAME_TYPES, details["club_game_type"]),
        memo=read_text(game, details["memo"], L.MEMO_LINE),
    )
    if tournament:  # the director's field holds the city then
        event.director = ""
        event.extra["city"] = details["director"]
    letters = [s["letter"] for s in strats]
    fields = {"name": "str:25", "session_name": "str:13", "club": "str:25", "club_number": "str:6"}
    game.bind(event, {name: (pointer + EVENT.offsets[name], kind) for name, kind in fields.items()})
    director = (pointer + EVENT.offsets["director"], "str:16")
    game.bind(
        event.extra if tournament else event, {"city" if tournament else "director": director}
    )
    for index, summary in enumerate(summaries):
        if summary["event"] == number:
            try:
                event.sections.append(read_section(game, index + 1, summary, event, letters))
            except FormatError as error:
                if not results.partial:
                    raise
                results.problems.append(str(error))
    return event


def _name(names: list[str], index: int) -> str:
    return names[index] if 0 <= index < len(names) else str(index)


def _iso_date(text: str) -> str | None:
    """'June 13, 2017' -> '2017-06-13'; None when the text is not such a date."""
    from datetime import datetime

    for pattern in ("%B %d, %Y", "%b %d, %Y", "%m/%d/%Y", "%m/%d/%y"):
        try:
            return datetime.strptime(text.strip(), pattern).date().isoformat()
        except ValueError:
            continue
    return None


def read_strat(game: GameFile, offset: int) -> dict[str, Any]:
    strat = game.read(STRAT, offset)
    strat["ribbon_color"] = L.RIBBONS.get(strat["ribbon_color"], str(strat["ribbon_color"]))
    strat["pigmentation"] = {}
    for name, relative in L.STRAT_PIGMENTATIONS:
        raw = game.read(PIGMENTATION, offset + relative)
        strat["pigmentation"][name] = [
            {
                "percent": raw[f"percent_{i}"],
                "points": raw[f"points_{i}"],
                "type": L.PIGMENTS.get(raw[f"type_{i}"], str(raw[f"type_{i}"])),
            }
            for i in (1, 2, 3)
            if raw[f"type_{i}"]
        ]
    return strat


def read_section(
    game: GameFile, number: int, summary: dict, event: Event, letters: list[str]
) -> Section:
    pointer = summary["details"]
    what = f"section {summary['letter']} details"
    game.block(pointer, what, SECTION.size - 2)
    details = game.read(SECTION, pointer, what)
    movement = "howell" if details["howell"] else "mitchell"
    if event.kind == "teams":
        movement = "teams"
    elif details["web"]:
        movement = "web"
    section = Section(
        name=summary["letter"],
        movement=movement,
        tables=details["tables"],
        rounds=details["rounds"],
        boards=details["boards"],
        boards_per_round=details["boards_per_round"],
        board_top=details["board_top"],
        maximum_score=details["maximum_score"],
    )
    section.extra = {
        k: v for k, v in details.items() if k != "length" and not k.startswith("index")
    }
    section.extra.update(
        summary_number=number,
        status=summary["status"],
        previous_scored=summary["previous_scored"],
        next_scored=summary["next_scored"],
        previous_ranked=summary["previous_ranked"],
        next_ranked=summary["next_ranked"],
        memo=read_text(game, details["memo"], L.MEMO_LINE),
        strats=[game.read(SECTION_STRAT, pointer + o) for o in L.SECTION_STRATS],
    )
    numbering = pair_numbers(game, pointer, details, event.kind)
    entries = read_entries(game, pointer, details, event, letters, numbering)
    section.entries = [e for e in entries if not _is_phantom(e, details, event.kind)]
    if summary["board_index"]:
        section.results = read_boards(game, summary["board_index"], event.kind)
    if details["match_table"] and event.kind != "teams":
        section.schedule = read_schedule(game, details["match_table"], event.kind)
    if event.kind == "teams" and details["team_match_index"]:
        section.matches, section.extra["team_matches"] = read_matches(
            game, details["team_match_index"]
        )
    return section


def read_matches(game: GameFile, pointer: int) -> tuple[list[Match], dict[str, Any]]:
    """Every team's matches from the Team Match Index and its Team Match Tables, with the
    round robins and the victory point chart."""
    length = game.block(pointer, "team match index", TEAM_INDEX.size - 2)
    header = game.read(TEAM_INDEX, pointer)
    teams = header["teams"]
    game.check_room(
        pointer,
        "team match index",
        length,
        L.TEAM_MATCH_INDEX_TABLES + 4 * teams,
        f"{teams} team pointers",
    )
    details: dict[str, Any] = {
        "rounds": header["rounds"],
        "current_round": header["current_round"],
        "round_robins": [
            game.read(ROUND_ROBIN, pointer + at) for at in L.TEAM_MATCH_INDEX_ROUND_ROBINS
        ],
        "victory_points": read_victory_points(game, header["victory_points"]),
        "teams": {},
    }
    matches = []
    for team_id in range(1, teams + 1):
        table = struct.unpack_from(
            "<I", game.data, pointer + L.TEAM_MATCH_INDEX_TABLES + 4 * (team_id - 1)
        )[0]
        if not table:
            continue
        size = game.block(table, f"team match table {team_id}", L.TEAM_MATCHES - 2)
        head = game.read(TEAM_TABLE, table)
        details["teams"][team_id] = {k: v for k, v in head.items() if k != "length"}
        rounds = min(head["rounds"], (size + 2 - L.TEAM_MATCHES) // L.TEAM_MATCH_SIZE)
        for index in range(rounds):
            raw = game.read(TEAM_MATCH, table + L.TEAM_MATCHES + index * L.TEAM_MATCH_SIZE)
            if raw["round"]:
                matches.append(
                    Match(
                        raw["round"],
                        team_id,
                        raw["opponent"],
                        raw["imps"],
                        raw["victory_points"],
                        raw["wins"],
                        raw["boards"],
                        raw["table"],
                        raw["second_opponent"] or None,
                    )
                )
    return matches, details


def read_victory_points(game: GameFile, pointer: int) -> dict[str, Any] | None:
    if not pointer:
        return None
    length = game.block(pointer, "victory point chart", VP_CHART.size - 2)
    chart = game.read(VP_CHART, pointer)
    steps = min(chart["steps"], (length + 2 - L.VP_STEPS) // 5)
    chart["scale"] = [game.read(VP_STEP, pointer + L.VP_STEPS + 5 * i) for i in range(steps)]
    del chart["length"]
    return chart


def _is_phantom(entry: Entry, details: dict, kind: str) -> bool:
    """The phantom pair (positive: N-S, negative: E-W; Howell: its number) holds no one."""
    phantom = details["phantom"]
    if not phantom or kind != "pairs" or entry.number != abs(phantom):
        return False
    if entry.direction is None:
        return True
    return entry.direction == ("NS" if phantom > 0 else "EW")


def pair_numbers(game: GameFile, pointer: int, details: dict, kind: str) -> dict:
    """{(index table 1-4, position from 1): (number shown to players, direction or None)}.

    Howell: movement pair N starts at (table, direction) given at +0x50 of the mapping, so it
    is the pair at that position of that direction's index table; it is shown as N unless
    reassigned. Mitchell (and individuals): position p of direction d is number p unless
    reassigned.
    """
    base = pointer + L.PAIR_MAPPING
    data = game.data
    numbering: dict[tuple[int, int], tuple[int, str | None]] = {}
    if details["howell"] and kind == "pairs":
        unplaced = []
        for pair in range(1, min(details["highest_pair"], 80) + 1):
            table, direction = (
                data[base + 0x50 + 2 * (pair - 1)],
                data[base + 0x51 + 2 * (pair - 1)],
            )
            shown = data[base + pair - 1] or pair
            if table and direction in (1, 2):
                numbering[(direction, table)] = (shown, None)
            elif table:  # direction 0, seen for a Howell's phantom: the free seat at its table
                unplaced.append((table, shown))
        for table, shown in unplaced:
            free = [d for d in (1, 2) if (d, table) not in numbering]
            if free:
                numbering[(free[0], table)] = (shown, None)
        return numbering
    directions = ("NS", "EW") if kind == "pairs" else ("N", "E", "S", "W")
    for d, name in enumerate(directions, start=1):
        for position in range(1, 41):
            shown = data[base + 4 * (position - 1) + (d - 1)] or position
            numbering[(d, position)] = (shown, name)
    return numbering


def read_entries(
    game: GameFile, pointer: int, details: dict, event: Event, letters: list[str], numbering: dict
) -> list[Entry]:
    entries = []
    players = L.PLAYERS_PER_ENTRY.get(event.kind, 2)
    directions = {"teams": 1, "pairs": 2, "individual": 4}[event.kind]
    tables = [details[f"index_{d}"] for d in range(1, directions + 1)]
    for direction, table in enumerate(tables, start=1):
        if not table:
            continue
        length = game.block(table, "index table", L.INDEX_ENTRIES - 2)
        header = game.read(INDEX, table, "index table")
        count = header["count"]
        game.check_room(
            table,
            "index table",
            length,
            L.INDEX_ENTRIES + count * L.INDEX_ENTRY_SIZE,
            f"its {count} entries",
        )
        for position in range(1, count + 1):
            item = game.read(INDEX_ENTRY, table + L.INDEX_ENTRIES + (position - 1) * 8)
            if not item["entry"]:
                continue
            if event.kind == "teams":
                shown, side, members = item["number"], None, min(item["players"], players)
            else:
                shown, side = numbering.get((direction, position), (position, None))
                members = players
            entries.append(read_entry(game, item["entry"], shown, side, members, letters))
    return entries


def _awards(game: GameFile, offset: int, letters: list[str]) -> list[Award]:
    raw = game.read(AWARD, offset)
    awards = []
    for i in (1, 2, 3):
        color = raw[f"color_{i}"]
        if not color and not raw[f"points_{i}"]:
            continue
        code = raw[f"ranking_{i}"]
        strat = code % 10
        letter = letters[strat - 1] if 1 <= strat <= len(letters) else str(strat)
        ranking = ("O" if code // 10 == 1 else "S") + letter
        awards.append(Award(raw[f"points_{i}"], L.PIGMENTS.get(color, str(color)), ranking))
    return awards


def read_entry(
    game: GameFile,
    pointer: int,
    number: int,
    direction: str | None,
    players: int,
    letters: list[str],
) -> Entry:
    length = game.block(pointer, "entry structure", L.ENTRY_PLAYERS + L.PLAYER_SIZE * players - 2)
    del length
    raw = game.read(ENTRY, pointer, f"entry structure for {number}")
    entry = Entry(
        id=f"{number}{direction or ''}",
        number=number,
        direction=direction if direction in ("NS", "EW") else None,
        score=raw["score"],
        percentage=raw["percentage"],
        strat=raw["strat"],
        boards_played=raw["boards_played"],
    )
    entry.awards = {name: _awards(game, pointer + at, letters) for name, at in L.ENTRY_AWARDS}
    for at in L.ENTRY_RANKINGS:
        r = game.read(RANKING, pointer + at)
        entry.ranks.append(
            StratRank(
                r["rank"],
                r["section_rank_low"],
                r["section_rank_high"],
                r["overall_rank_low"],
                r["overall_rank_high"],
                bool(r["qualified"]),
            )
        )
    entry.rank = entry.ranks[0].rank or None
    game.bind(
        entry,
        {
            "score": (pointer + 0x0C, "F2"),
            "percentage": (pointer + 0x1C, "f2"),
            "strat": (pointer + 0x1E, "u8"),
            "boards_played": (pointer + 0x2F, "u16"),
        },
    )
    entry.extra = {
        k: raw[k]
        for k in (
            "entry_id",
            "adjustment",
            "score_unscaled",
            "score_carryover",
            "score_final",
            "handicap",
            "average_masterpoints",
            "eligibility",
        )
    }
    if direction in ("N", "E", "S", "W"):
        entry.extra["seat"] = direction
    for k in range(players):
        player = read_player(game, pointer + L.ENTRY_PLAYERS + k * L.PLAYER_SIZE, letters)
        if player is not None:
            entry.players.append(player)
    return entry


def read_player(game: GameFile, offset: int, letters: list[str]) -> Player | None:
    raw = game.read(PLAYER, offset)
    player = Player(
        raw["last_name"],
        raw["first_name"],
        raw["player_number"],
        raw["masterpoints"],
        raw["city"],
        raw["state"],
        raw["country"],
        L.PLAYER_RANKS.get(raw["rank"], raw["rank"]),
    )
    player.awards = {name: _awards(game, offset + at, letters) for name, at in L.PLAYER_AWARDS}
    game.bind(
        player,
        {
            attribute: (offset + PLAYER.offsets[name], kind)
            for attribute, name, kind in (
                ("last_name", "last_name", "str:16"),
                ("first_name", "first_name", "str:16"),
                ("city", "city", "str:16"),
                ("state", "state", "str:2"),
                ("player_number", "player_number", "str:7"),
                ("masterpoints", "masterpoints", "u16"),
                ("country", "country", "str:2"),
            )
        },
    )
    return player


def raw_score(value: int) -> tuple[int | str, int]:
    """A stored score (points / 10) as points or a special result, and its foul group.

    >>> raw_score(43), raw_score(-5), raw_score(2050), raw_score(4043), raw_score(3986)
    ((430, 0), (-50, 0), ('ave', 0), (430, 1), (-140, 1))
    """
    if value in L.SPECIAL_SCORES:
        return L.SPECIAL_SCORES[value], 0
    group = round(value / 2000) - 1 if value > 1500 else 0
    if group >= 1:
        value -= 2000 * (group + 1)
    return value * 10, max(group, 0)


def read_boards(game: GameFile, pointer: int, kind: str) -> list[Board]:
    length = game.block(pointer, "board results index", L.BOARD_INDEX_ENTRIES - 2)
    header = game.read(BOARD_INDEX, pointer)
    count = header["count"]
    game.check_room(
        pointer,
        "board results index",
        length,
        L.BOARD_INDEX_ENTRIES + 8 * count,
        f"its {count} entries",
    )
    boards = []
    individual = kind == "individual"
    result_layout, result_size = (BOARD4, L.BOARD4_SIZE) if individual else (BOARD2, L.BOARD2_SIZE)
    for i in range(count):
        item = game.read(BOARD_INDEX_ENTRY, pointer + L.BOARD_INDEX_ENTRIES + 8 * i)
        board = Board(item["board"])
        if item["table"]:
            table_length = game.block(item["table"], f"results table of board {item['board']}", 4)
            # The index counts only scored results; the table's own header counts every entry
            # (Not Played ones too), and its length bounds them.
            head = game.read(BOARD_TABLE, item["table"])
            for row in range(min(head["valid_results"], (table_length - 4) // result_size)):
                raw = game.read(result_layout, item["table"] + L.BOARD_RESULTS + row * result_size)
                result = _result(raw, individual)
                if result.round and result.ns_score != "not_in_play":
                    board.results.append(result)
                    if not individual:
                        at = item["table"] + L.BOARD_RESULTS + row * result_size
                        game.bind(
                            result,
                            {
                                "ns_score": (at + 4, "score"),
                                "ns_points": (at + 6, "F2"),
                                "ew_score": (at + 12, "score"),
                                "ew_points": (at + 14, "F2"),
                            },
                        )
        boards.append(board)
    return boards


def _result(raw: dict, individual: bool) -> BoardResult:
    if individual:
        scores = [raw_score(raw[f"{s}_score"]) for s in "nesw"]
        return BoardResult(
            raw["round"],
            raw["table"],
            raw["n"],
            raw["e"],
            scores[0][0],
            scores[1][0],
            raw["n_points"],
            raw["e_points"],
            scores[0][1],
            seats=(raw["n"], raw["e"], raw["s"], raw["w"]),
            points=(raw["n_points"], raw["e_points"], raw["s_points"], raw["w_points"]),
        )
    ns, group = raw_score(raw["ns_score"])
    ew, _ = raw_score(raw["ew_score"])
    return BoardResult(
        raw["round"],
        raw["table"],
        raw["ns"],
        raw["ew"],
        ns,
        ew,
        raw["ns_points"],
        raw["ew_points"],
        group,
    )


def read_schedule(game: GameFile, pointer: int, kind: str) -> list[list[tuple[int, ...] | None]]:
    """Rounds x tables from a Pair or Individual Match Table: (NS, EW, first board) or
    (N, E, S, W, first board); None where a table is not in use in a round."""
    length = game.block(pointer, "match table", 5)
    header = game.read(MATCH, pointer)
    rounds_per_table, width = L.INDIVIDUAL_MATCH if kind == "individual" else L.PAIR_MATCH
    tables, rounds = header["tables"], min(header["rounds"], rounds_per_table)
    game.check_room(
        pointer,
        "match table",
        length,
        L.MATCH_ROWS + tables * rounds_per_table * width,
        f"{tables} tables",
    )
    data = game.data
    schedule = []
    for round_number in range(rounds):
        row: list[tuple[int, ...] | None] = []
        for table in range(tables):
            at = pointer + L.MATCH_ROWS + (table * rounds_per_table + round_number) * width
            cell = tuple(data[at : at + width])
            row.append(cell if any(cell[:-1]) else None)
        schedule.append(row)
    return schedule
