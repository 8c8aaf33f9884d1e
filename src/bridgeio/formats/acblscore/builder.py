"""Building an ACBLscore game file from the results model, block by block as the document
lays them out: how a model from another format (USEBIO, JSON) becomes a game file, and how
team and individual events are tested here, since no real ones are at hand.

What the model holds is written (names, numbers, scores, percentages, ranks, awards, board
results, the movement, team matches); every other field is zero, as in a fresh game file.
What a game file cannot hold (contracts, leads, tricks, team names, hand records, assigned
scores other than the averages, text longer than a field) is reported as lost.

>>> from bridgeio.model.results import Event, Results
>>> data = build(Results(events=[Event(1, "Tuesday Pairs")]))
>>> data[:6] == L.MAGIC, len(data) == int.from_bytes(data[6:10], "little")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgeio.errors import ConversionError
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.boards import in_file_order, scored_count
from bridgeio.formats.acblscore.codes import KIND_CODES, rank_letter, scoring_code
from bridgeio.formats.acblscore.decode import date_text
from bridgeio.formats.acblscore.encode import Encoder, put_awards, score_code
from bridgeio.model.results import (
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Section,
    Special,
    Strat,
    StratRank,
)

ENTRY_LENGTH = {EventKind.PAIRS: 0x192, EventKind.INDIVIDUAL: 0x11A, EventKind.TEAMS: 0x372}
PLAYERS = {EventKind.PAIRS: 2, EventKind.INDIVIDUAL: 1, EventKind.TEAMS: 6}
SEATS = {EventKind.PAIRS: 2, EventKind.INDIVIDUAL: 4, EventKind.TEAMS: 1}
EVENT_LENGTH, SECTION_LENGTH = 0x2E4, 0x322


class Blocks(Encoder):
    """The file being built: blocks are appended and addressed by offset."""

    def __init__(self, source: str | None = None) -> None:
        super().__init__(bytearray(L.MASTER_LENGTH + 2), source)

    def block(self, length: int) -> int:
        """A new zeroed block with ``length`` bytes after its length word; its offset."""
        offset = len(self.data)
        self.data += bytes(length + 2)
        self.put(offset, "i16", length)
        return offset

    def fields(
        self, at: int, layout: Sequence[tuple[int, str, str]], what: str = "", **values: Any
    ) -> None:
        """Write ``name=value`` fields of a layout table (offsets from ``at``); ``what`` names
        the structure in what is reported lost ("event names")."""
        for offset, kind, name in layout:
            if name in values:
                label = f"{what} {name.replace('_', ' ')}s".strip()
                self.put(at + offset, kind, values[name], label)


def build(results: Results, source: str | None = None) -> bytes:
    """The bytes of a game file holding ``results``; what it cannot hold is reported lost."""
    out = Blocks(source)
    out.fields(0, L.MASTER, length=L.MASTER_LENGTH, magic="AC3", version=8.15, min_version=7.47)
    slots = _slots(results.events, out)
    summary = 0
    for slot, event in zip(slots, results.events, strict=True):
        pointer = _event(out, event)
        out.put(L.EVENT_POINTERS + 4 * slot, "ptr", pointer)
        out.put(L.EVENT_TYPES + slot, "u8", KIND_CODES[event.kind])
        code = scoring_code(event.kind, event.scoring)
        if code is None:
            out.lose(f"the {event.scoring.value} scoring of # events (no ACBLscore code)")
            code = 7 if event.kind == EventKind.TEAMS else 0
        out.put(L.EVENT_SCORINGS + slot, "u8", code)
        for section in event.sections:
            if summary == L.MAX_SECTIONS:
                raise ConversionError("acblscore", f"at most {L.MAX_SECTIONS} sections")
            summary += 1
            _section(out, event, section, slot + 1, summary)
    out.put(6, "u32", len(out.data))
    out.report()
    return bytes(out.data)


def _slots(events: list[Event], out: Blocks) -> list[int]:
    """Each event's slot in the master table: its number less one where the numbers allow."""
    if len(events) > L.MAX_EVENTS:
        raise ConversionError("acblscore", f"at most {L.MAX_EVENTS} events")
    numbers = [e.number for e in events]
    if len(set(numbers)) == len(numbers) and all(1 <= n <= L.MAX_EVENTS for n in numbers):
        return [n - 1 for n in numbers]
    out.lose("the numbers of # events (numbered 1, 2, ... in order)")
    return list(range(len(events)))


def _event(out: Blocks, event: Event) -> int:
    pointer = out.block(EVENT_LENGTH)
    tournament = bool(event.city) and not event.director
    if event.city and event.director:
        out.lose("the city of # club events (no field for it)")
    rating = L.RATINGS.index(event.rating) if event.rating in L.RATINGS else 0
    if event.rating and event.rating not in L.RATINGS:
        out.lose("# masterpoint ratings (no ACBLscore code)")
    strats = event.strats[:3]
    if len(event.strats) > 3:
        out.lose("# strats after the third", len(event.strats) - 3)
    out.fields(
        pointer,
        L.EVENT_DETAILS,
        what="event",
        number=event.number,
        name=event.name,
        session_name=event.session_name,
        director=event.city if tournament else event.director,
        date=date_text(event.date) if event.date else "",
        club=event.club,
        club_number=event.club_number,
        rating=rating,
        rating_again=rating,
        club_session=0 if tournament else 1,
        strats=max(1, len(strats)),
        sessions=1,
        session=1,
        start_session=1,
    )
    for strat, at in zip(strats or [Strat("A")], L.EVENT_STRATS, strict=False):
        out.fields(
            pointer + at,
            L.STRAT,
            what="strat",
            letter=strat.letter,
            min_mp=strat.min_mp or 0,
            max_mp=strat.max_mp or 0,
        )
    if event.deals is not None:
        out.lose("the hand records of # events")
    return pointer


def _letters(event: Event) -> list[str]:
    return [s.letter for s in event.strats[:3]] or ["A"]


def _section(out: Blocks, event: Event, section: Section, event_number: int, summary: int) -> None:
    details = out.block(SECTION_LENGTH)
    howell = event.kind == EventKind.PAIRS and (
        section.movement == "howell"
        or bool(section.entries)
        and all(e.direction is None for e in section.entries)
    )
    seating = _seating(event.kind, section, howell)
    highest = max((moved for _, _, moved in seating.values()), default=0)
    out.fields(
        details,
        L.SECTION_DETAILS,
        what="section",
        number=summary,
        howell=howell,
        boards=section.boards or 0,
        highest_pair=highest,
        boards_per_round=section.boards_per_round or 0,
        board_top=section.board_top or 0,
        rounds=section.rounds or 0,
        tables=section.tables or 0,
        maximum_score=section.maximum_score or 0,
        web=section.movement == "web",
    )
    if section.session is not None:
        out.lose("the session numbers of # sections")
    if event.kind != EventKind.TEAMS:
        _mapping(out, details + L.PAIR_MAPPING, section, seating, howell)
    letters = _letters(event)
    ranks = _ranks(section.entries)
    for seat in range(1, SEATS[event.kind] + 1):
        mine = [(seating[i][1], e) for i, e in enumerate(section.entries) if seating[i][0] == seat]
        table = _index(out, event, seat, mine, letters, ranks)
        out.put(details + 4 * seat, "ptr", table)
    if section.schedule and event.kind != EventKind.TEAMS:
        out.put(details + 0x14, "ptr", _schedule(out, section, event.kind))
    if section.matches:
        out.put(details + 0x23D, "ptr", _matches(out, section))
    if howell:
        out.put(details + 0x43, "i16", _gap(seating), "phantom pairs")
    moved = {
        (seat if event.kind == EventKind.PAIRS and not howell else 0, section.entries[i].number): m
        for i, (seat, _, m) in seating.items()
    }
    if event.kind != EventKind.PAIRS or all(n == m for (_, n), m in moved.items()):
        moved = {}
    board_index = _boards(out, section, event.kind, summary, moved) if section.results else 0
    at = L.SECTION_SUMMARIES + (summary - 1) * L.SECTION_SUMMARY_SIZE
    out.fields(
        at,
        L.SECTION_SUMMARY,
        what="section",
        event=event_number,
        letter=section.name,
        details=details,
        board_index=board_index,
        maximum_score=section.maximum_score or 0,
        status=3,
        rounds=section.rounds or 0,
    )


# --------------------------------------------------------------------------------- seating


def _seating(kind: EventKind, section: Section, howell: bool) -> dict[int, tuple[int, int, int]]:
    """{entry index: (index table 1-4, position in it, movement number)}.

    Mitchell pairs and individuals sit in their direction's (seat's) table at the position of
    their number where the numbers allow (1-40), else in order (their numbers then written
    as reassigned). Howell pairs take their round-1 seat (from the schedule or the round-1
    board results) with movement numbers 1, 2, ...; teams are listed in order.
    """
    entries = section.entries
    if kind == EventKind.TEAMS:
        return {i: (1, i + 1, i + 1) for i in range(len(entries))}
    if howell:
        return _howell_seats(section)
    seating: dict[int, tuple[int, int, int]] = {}
    for seat in range(1, SEATS[kind] + 1):
        mine = [i for i, e in enumerate(entries) if _seat_of(kind, e) == seat]
        numbers = [entries[i].number for i in mine]
        natural = len(set(numbers)) == len(numbers) and all(1 <= n <= 40 for n in numbers)
        if len(mine) > 40:
            raise ConversionError("acblscore", "at most 40 pairs or players a direction")
        for k, i in enumerate(mine, start=1):
            position = entries[i].number if natural else k
            seating[i] = (seat, position, position)
    return seating


def _seat_of(kind: EventKind, entry: Entry) -> int:
    if kind == EventKind.INDIVIDUAL:
        return (entry.seat.value + 1) if entry.seat is not None else 1
    return 2 if entry.direction is not None and entry.direction.value == "EW" else 1


def _howell_seats(section: Section) -> dict[int, tuple[int, int, int]]:
    entries = section.entries
    if len(entries) > 80:
        raise ConversionError("acblscore", "at most 80 pairs in a Howell section")
    start: dict[int, tuple[int, int]] = {}
    first = section.schedule[0] if section.schedule else []
    for table, cell in enumerate(first, start=1):
        if cell:
            start.setdefault(cell[0], (1, table))
            start.setdefault(cell[1], (2, table))
    if not start:
        for board in section.results:
            for result in board.results:
                if result.round == 1 and result.table:
                    start.setdefault(result.ns, (1, result.table))
                    start.setdefault(result.ew, (2, result.table))
    taken = set(start.values())
    order = sorted(range(len(entries)), key=lambda i: entries[i].number)
    numbers = [entries[i].number for i in order]
    natural = len(set(numbers)) == len(numbers) and all(1 <= n <= 80 for n in numbers)
    seating: dict[int, tuple[int, int, int]] = {}
    table = 1
    for k, i in enumerate(order, start=1):
        moved = entries[i].number if natural else k
        seat = start.get(entries[i].number)
        if seat is None or seat in {s[:2] for s in seating.values()}:
            while (1, table) in taken and (2, table) in taken:
                table += 1
            seat = (1, table) if (1, table) not in taken else (2, table)
        taken.add(seat)
        seating[i] = (seat[0], seat[1], moved)
    return seating


def _mapping(
    out: Blocks,
    base: int,
    section: Section,
    seating: dict[int, tuple[int, int, int]],
    howell: bool,
) -> None:
    """The pair number mapping: where each pair starts, and the numbers shown where they are
    not the movement's (all of them then, as ACBLscore does)."""
    entries = section.entries
    reassigned = any(entries[i].number != moved for i, (_, _, moved) in seating.items())
    shown = _shown(out, entries, seating, howell)
    for i, (seat, position, moved) in seating.items():
        if howell:
            out.put(base + 0x50 + 2 * (moved - 1), "u8", position, "table numbers")
            out.put(base + 0x51 + 2 * (moved - 1), "u8", seat, "directions")
            shown_at = base + moved - 1
        else:
            out.put(base + 0xA0 + 4 * (position - 1) + seat - 1, "u8", position, "table numbers")
            shown_at = base + 4 * (position - 1) + seat - 1
        if reassigned:
            out.put(shown_at, "u8", shown[i], "entry numbers")


def _shown(
    out: Blocks, entries: list[Entry], seating: dict[int, tuple[int, int, int]], howell: bool
) -> dict[int, int]:
    """{entry index: the number a report shows}: its own, but where that is past the 255 the
    file can show, the lowest number no other pair of its direction (a Howell's: of the
    section) shows, and the renumbering said."""
    group = {i: 0 if howell else seat for i, (seat, _, _) in seating.items()}
    shown = {i: entries[i].number for i in seating if 1 <= entries[i].number <= 255}
    for i in sorted(set(seating) - set(shown)):
        taken = {n for k, n in shown.items() if group[k] == group[i]}
        shown[i] = next(n for n in range(1, 256) if n not in taken)
        out.lose("# pair numbers past 255 (renumbered)")
    return shown


def _gap(seating: dict[int, tuple[int, int, int]]) -> int:
    """The first movement number below the highest that no pair has (0 if none): the
    phantom pair, which readers of the file skip."""
    used = {moved for _, _, moved in seating.values()}
    return next((n for n in range(1, max(used, default=0)) if n not in used), 0)


def _ranks(entries: list[Entry]) -> dict[int, int]:
    """{id of entry: the rank ACBLscore stores}: tied entries (one rank shared) get the next
    ranks in turn, as ACBLscore splits ties."""
    given: dict[tuple[object, int], int] = {}
    ranks = {}
    for entry in entries:
        if entry.rank is None:
            continue
        key = (entry.direction or entry.seat, entry.rank)
        ranks[id(entry)] = entry.rank + given.get(key, 0) if entry.tied else entry.rank
        given[key] = given.get(key, 0) + 1
    return ranks


# --------------------------------------------------------------------------------- entries


def _index(
    out: Blocks,
    event: Event,
    seat: int,
    entries: list[tuple[int, Entry]],
    letters: list[str],
    ranks: dict[int, int],
) -> int:
    count = max((p for p, _ in entries), default=0)
    table = out.block(0x12 + 8 * count)
    out.fields(table, L.INDEX_HEADER, id=seat, max_players=PLAYERS[event.kind], count=count)
    for position, entry in entries:
        pointer = _entry(out, event, entry, position, letters, ranks.get(id(entry)))
        teams = event.kind == EventKind.TEAMS
        players = min(len(entry.players), 6) if teams else PLAYERS[event.kind]
        out.fields(
            table + L.INDEX_ENTRIES + 8 * (position - 1),
            L.INDEX_ENTRY,
            what="index entry",
            number=entry.number if teams else 0,
            players=players,
            entry=pointer,
        )
    return table


def _entry(
    out: Blocks,
    event: Event,
    entry: Entry,
    position: int,
    letters: list[str],
    rank: int | None,
) -> int:
    pointer = out.block(ENTRY_LENGTH[event.kind])
    adjustment = getattr(entry.kept, "adjustment", None)  # the source's, in the total's units
    out.fields(
        pointer,
        L.ENTRY,
        what="entry",
        entry_id=position,
        adjustment=adjustment if isinstance(adjustment, int | float) else 0,
        score=-0.01 if entry.score is None else entry.score,
        percentage=entry.percentage or 0,
        strat=1 if entry.strat is None else entry.strat,
        boards_played=entry.boards_played or 0,
    )
    if entry.name:
        out.lose("# team names")
    for name, at in L.ENTRY_AWARDS:
        put_awards(out, pointer + at, entry.awards.get(name, []), letters)
    stored = list(entry.ranks[:3]) or [StratRank(rank or 0)]
    if rank is not None and not entry.tied and stored[0].rank != rank:  # the rank was edited
        stored[0] = StratRank(rank, *_rest(stored[0]))
    for ranking, at in zip(stored, L.ENTRY_RANKINGS, strict=False):
        out.fields(
            pointer + at,
            L.RANKING,
            what="ranking",
            rank=ranking.rank,
            section_rank_low=ranking.section_low,
            section_rank_high=ranking.section_high,
            overall_rank_low=ranking.overall_low,
            overall_rank_high=ranking.overall_high,
            qualified=int(ranking.qualified),
        )
    players = entry.players
    if len(players) > PLAYERS[event.kind]:
        out.lose("# players beyond what an entry holds", len(players) - PLAYERS[event.kind])
    for k, player in enumerate(players[: PLAYERS[event.kind]]):
        _player(out, pointer + L.ENTRY_PLAYERS + k * L.PLAYER_SIZE, player, letters)
    return pointer


def _rest(rank: StratRank) -> tuple[int, int, int, int, bool]:
    return (
        rank.section_low,
        rank.section_high,
        rank.overall_low,
        rank.overall_high,
        rank.qualified,
    )


def _player(out: Blocks, at: int, player: Player, letters: list[str]) -> None:
    letter = rank_letter(player.rank)
    if letter is None:
        out.lose("# player ranks (no ACBLscore letter)")
    out.fields(
        at,
        L.PLAYER,
        what="player",
        last_name=player.last_name,
        first_name=player.first_name,
        city=player.city,
        state=player.state,
        player_number=player.player_number,
        masterpoints=player.masterpoints or 0,
        rank=letter or "\0",
        country=player.country,
    )
    for name, offset in L.PLAYER_AWARDS:
        put_awards(out, at + offset, player.awards.get(name, []), letters)


# ---------------------------------------------------------------------------------- boards


def _boards(
    out: Blocks, section: Section, kind: EventKind, summary: int, moved: dict[tuple[int, int], int]
) -> int:
    """The board results index and a result table a board. ``moved`` gives the movement
    number of a pair (by direction, 0 in a Howell, and shown number) where numbers were
    reassigned: board results name pairs by it."""
    index = out.block(0x24 + 8 * len(section.results))
    out.fields(index, L.BOARD_INDEX, section=summary, count=len(section.results))
    individual = kind == EventKind.INDIVIDUAL
    for n, board in enumerate(section.results):
        results = [r for r in board.results if r.ns_score is not Special.NOT_IN_PLAY]
        if len(results) < len(board.results):
            out.lose("# results of boards not in play", len(board.results) - len(results))
        results = in_file_order(results)
        table = _board(out, board, results, individual, n + 1, moved)
        scored = scored_count(results)
        out.fields(
            index + L.BOARD_INDEX_ENTRIES + 8 * n,
            L.BOARD_INDEX_ENTRY,
            what="board",
            board=board.number,
            results=scored,
            table=table,
        )
    return index


def _board(
    out: Blocks,
    board: Board,
    results: list[BoardResult],
    individual: bool,
    board_id: int,
    moved: dict[tuple[int, int], int],
) -> int:
    howell = any(side == 0 for side, _ in moved)
    size = L.BOARD4_SIZE if individual else L.BOARD2_SIZE
    table = out.block(4 + size * len(results))
    out.fields(
        table,
        L.BOARD_TABLE,
        what="board",
        board_id=board_id,
        units=4 if individual else 2,
        valid_results=len(results),
    )
    for row, result in enumerate(results):
        at = table + L.BOARD_RESULTS + row * size
        for attribute in ("contract", "tricks", "lead"):
            if getattr(result, attribute) is not None:
                out.lose(f"the {attribute} of # table results")
        values: dict[str, Any] = {"round": result.round, "table": result.table}
        ns = score_code(out, result.ns_score, result.foul_group)
        ew = score_code(out, result.ew_score, result.foul_group)
        if individual:
            seats = result.seats or (result.ns, result.ew, 0, 0)
            points = result.points or (result.ns_points, result.ew_points, None, None)
            for seat, number, score, value in zip(
                "nesw", seats, (ns, ew, ns, ew), points, strict=True
            ):
                values.update({seat: number, f"{seat}_score": score, f"{seat}_points": value or 0})
            out.fields(at, L.BOARD4_RESULT, what="table result", **values)
        else:
            ns_side, ew_side = (0, 0) if howell else (1, 2)
            values.update(
                ns=moved.get((ns_side, result.ns), result.ns),
                ns_score=ns,
                ns_points=result.ns_points or 0,
                ew=moved.get((ew_side, result.ew), result.ew),
                ew_score=ew,
                ew_points=result.ew_points or 0,
            )
            out.fields(at, L.BOARD2_RESULT, what="table result", **values)
    return table


# ------------------------------------------------------------------------------- movements


def _schedule(out: Blocks, section: Section, kind: EventKind) -> int:
    per_table, width = L.INDIVIDUAL_MATCH if kind == EventKind.INDIVIDUAL else L.PAIR_MATCH
    tables = max(len(row) for row in section.schedule)
    if len(section.schedule) > per_table:
        raise ConversionError("acblscore", f"at most {per_table} rounds in a movement")
    extra = 1 if kind == EventKind.INDIVIDUAL else 0  # the document's "one lousy byte"
    pointer = out.block(5 + per_table * width * tables + extra)
    out.fields(
        pointer,
        L.MATCH_TABLE,
        what="movement",
        tables=tables,
        rounds=len(section.schedule),
        mode=2 if kind == EventKind.INDIVIDUAL else 0,
    )
    for round_index, row in enumerate(section.schedule):
        for table, cell in enumerate(row):
            if cell:
                at = pointer + L.MATCH_ROWS + (table * per_table + round_index) * width
                if len(cell) != width:
                    out.lose("# movement cells of the wrong size")
                    continue
                for k, value in enumerate(cell):
                    out.put(at + k, "u8", value, "movement numbers")
    return pointer


def _matches(out: Blocks, section: Section) -> int:
    """The team match index and one match table a team: each match is two one-sided
    records, the home team's and (where it is a team of the section) the away team's."""
    teams = {e.number: k for k, e in enumerate(section.entries, start=1)}
    records: dict[int, list[tuple[int, int, float | None, float | None, Match]]] = {}
    for match in section.matches:
        if match.home not in teams:
            out.lose("# team matches of teams that are not entries")
            continue
        records.setdefault(teams[match.home], []).append(
            (match.round, match.away, match.home_imps, match.home_vp, match)
        )
        if match.away in teams and (match.away_imps is not None or match.away_vp is not None):
            records.setdefault(teams[match.away], []).append(
                (match.round, match.home, match.away_imps, match.away_vp, match)
            )
        elif match.away_imps is not None or match.away_vp is not None:
            out.lose("the scores of # teams that are not entries")
        if match.boards:
            out.lose("the # boards of team matches", len(match.boards))
    count = len(section.entries)
    index = out.block(0x54 + 4 * count)
    rounds = max((m.round for m in section.matches), default=0)
    out.fields(index, L.TEAM_MATCH_INDEX, section=1, teams=count, rounds=rounds)
    for team_id in range(1, count + 1):
        mine = sorted(records.get(team_id, []), key=lambda r: r[0])
        if len(mine) > 20:
            out.lose("# team match rounds after the twentieth", len(mine) - 20)
            mine = mine[:20]
        table = out.block(0x20 + L.TEAM_MATCH_SIZE * len(mine))
        out.fields(table, L.TEAM_MATCH_TABLE, what="team", id=team_id, rounds=len(mine), mode=1)
        for k, (rnd, opponent, imps, vp, match) in enumerate(mine):
            out.fields(
                table + L.TEAM_MATCHES + k * L.TEAM_MATCH_SIZE,
                L.TEAM_MATCH,
                what="team match",
                used=1,
                round=rnd,
                opponent=opponent,
                rounds=1,
                round_robin=1,
                imps=imps or 0,
                victory_points=vp or 0,
                table=match.table or 0,
            )
        out.put(index + L.TEAM_MATCH_INDEX_TABLES + 4 * (team_id - 1), "ptr", table)
    return index
