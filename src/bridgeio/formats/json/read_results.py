"""Reading the canonical JSON of results files (DESIGN.md) back into the results model (the
documents :mod:`.write_results` writes), every field through :mod:`bridgeio.jsonfields`, so
that anything malformed is a :class:`~bridgeio.FormatError` at its JSON path.

>>> from bridgeio.formats.json.write_results import results_document
>>> from bridgeio.model.results import Event, Results, Section
>>> doc = results_document(Results([Event(1, "Monday Pairs", sections=[Section("A")])]), "usebio")
>>> results_from_document(doc).events[0].sections[0].name
'A'
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import Any

from bridgeio.errors import Problem
from bridgeio.formats.json.carried import restore
from bridgeio.jsonfields import JSON, Fields
from bridgeio.model.auction import Auction
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from bridgeio.model.provenance import Provenance
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Seating,
    Section,
    Segment,
    Strat,
    StratRank,
    parse_score,
)
from bridgeio.model.sessions import Session, add_session


class _Reader(Fields):
    """The typed getters of :mod:`bridgeio.jsonfields`, and the provenance an object keeps."""

    def kept(self, data: JSON, where: str, key: str = "kept") -> Provenance | None:
        """The provenance under ``key`` (one format's, by its name), None where there is none."""
        value = data.get(key)
        if value is None:
            return None
        place = f"{where}.{key}" if where else key
        carried = self.object(value, place)
        if len(carried) != 1:
            raise self.fail(place, "one format's provenance")
        ((name, content),) = carried.items()
        return self.parsed(
            f"{place}.{name}", lambda: restore(name, content, self.path), "provenance"
        )


def results_from_document(data: JSON, path: str = "<data>") -> Results:
    """The results model of a canonical JSON results document (see :func:`results_document`)."""
    read = _Reader(path)
    problems = [Problem("", str(p)) for p in read.items(data, "problems", "") if isinstance(p, str)]
    return Results(
        events=[
            _event(read, read.object(e, f"events[{i}]"), f"events[{i}]")
            for i, e in enumerate(read.items(data, "events", ""))
        ],
        format=data.get("format") if isinstance(data.get("format"), str) else "json",
        partial=bool(data.get("partial", False)),
        problems=problems,
        provenance=read.kept(data, "", "provenance"),
    )


def _event(read: _Reader, data: JSON, where: str) -> Event:
    kind = read.parsed(f"{where}.kind", lambda: EventKind(data.get("kind", "pairs")), "a kind")
    event = Event(
        number=read.whole(data, "number", where, 1),
        name=read.text(data, "name", where),
        session_name=read.text(data, "session_name", where),
        date=_date(read, data, where),
        club=read.text(data, "club", where),
        club_number=read.text(data, "club_number", where),
        director=read.text(data, "director", where),
        city=read.text(data, "city", where),
        kind=kind,
        scoring=read.parsed(
            f"{where}.scoring",
            lambda: Scoring(data.get("scoring", "matchpoints")),
            f"one of {', '.join(s.value for s in Scoring)}",
        ),
        rating=read.text(data, "rating", where),
        match_scoring=_said_scoring(read, data, "match_scoring", where),
        pairwise_scoring=_said_scoring(read, data, "pairwise_scoring", where),
        kept=read.kept(data, where),
    )
    for i, item in enumerate(read.items(data, "strats", where)):
        place = f"{where}.strats[{i}]"
        strat = read.object(item, place)
        event.strats.append(
            Strat(
                read.text(strat, "letter", place),
                read.number(strat, "min_mp", place, whole=True),
                read.number(strat, "max_mp", place, whole=True),
                read.kept(strat, place),
            )
        )
    for i, item in enumerate(read.items(data, "sections", where)):
        place = f"{where}.sections[{i}]"
        event.sections.append(_section(read, read.object(item, place), place, kind))
    if event.sections and data.get("sessions"):
        raise read.fail(f"{where}.sessions", "sections or sessions, not both")
    for i, item in enumerate(read.items(data, "sessions", where)):
        _session(read, read.object(item, f"{where}.sessions[{i}]"), f"{where}.sessions[{i}]", event)
    for i, item in enumerate(read.items(data, "entries", where)):
        place = f"{where}.entries[{i}]"
        event.entries.append(_entry(read, read.object(item, place), place))
    if data.get("deals") is not None:
        from bridgeio.formats.json.deals import deals_from_document
        from bridgeio.model.deals import DealSet

        deals = deals_from_document({"records": data["deals"]}, read.path)
        if not isinstance(deals, DealSet):
            raise read.fail(f"{where}.deals", "deal records")
        event.deals = deals
    return event


def _date(read: _Reader, data: JSON, where: str) -> datetime.date | None:
    """The date under ``data["date"]``: yyyy-mm-dd, or null."""
    text = data.get("date")
    if text is None:
        return None
    return read.parsed(
        f"{where}.date",
        lambda: datetime.date.fromisoformat(str(text)),
        "a date as yyyy-mm-dd or null",
    )


def _session(read: _Reader, data: JSON, where: str, event: Event) -> None:
    """A session of ``event``, with its sections (an event of several sessions)."""
    session = Session(
        read.text(data, "id", where), _date(read, data, where), read.kept(data, where)
    )
    sections = [
        _section(
            read, read.object(item, f"{where}.sections[{i}]"), f"{where}.sections[{i}]", event.kind
        )
        for i, item in enumerate(read.items(data, "sections", where))
    ]
    add_session(event, session, sections)


def _section(read: _Reader, data: JSON, where: str, kind: EventKind) -> Section:
    section = Section(
        name=read.text(data, "name", where),
        movement=read.text(data, "movement", where),
        tables=read.number(data, "tables", where, whole=True),
        rounds=read.number(data, "rounds", where, whole=True),
        boards=read.number(data, "board_count", where, whole=True),
        boards_per_round=read.number(data, "boards_per_round", where, whole=True),
        board_top=read.number(data, "board_top", where, whole=True),
        maximum_score=read.number(data, "maximum_score", where, whole=True),
        session=read.number(data, "session", where, whole=True),
        kept=read.kept(data, where),
    )
    for i, item in enumerate(read.items(data, "entries", where)):
        place = f"{where}.entries[{i}]"
        section.entries.append(_entry(read, read.object(item, place), place))
    section.results = _boards(read, data, where, kind)
    for i, row in enumerate(read.items(data, "schedule", where)):
        place = f"{where}.schedule[{i}]"
        if not isinstance(row, list):
            raise read.fail(place, "a list of tables")
        section.schedule.append([_cell(read, cell, f"{place}[{j}]") for j, cell in enumerate(row)])
    for i, item in enumerate(read.items(data, "matches", where)):
        place = f"{where}.matches[{i}]"
        section.matches.append(_match(read, read.object(item, place), place, kind))
    return section


def _cell(read: _Reader, cell: Any, where: str) -> tuple[int, ...] | None:
    if cell is None:
        return None
    if not isinstance(cell, list) or len(cell) not in (3, 5):
        raise read.fail(where, "null or a list of 3 (pairs) or 5 (individuals) numbers")
    return tuple(read.whole({"n": n}, "n", where) for n in cell)


def _boards(read: _Reader, data: JSON, where: str, kind: EventKind) -> list[Board]:
    boards = []
    for i, item in enumerate(read.items(data, "boards", where)):
        place = f"{where}.boards[{i}]"
        board = read.object(item, place)
        results = [
            _result(read, read.object(r, f"{place}.results[{j}]"), f"{place}.results[{j}]", kind)
            for j, r in enumerate(read.items(board, "results", place))
        ]
        for j, line in enumerate(results):
            _cards(read, board["results"][j], f"{place}.results[{j}]", line, board.get("number"))
        boards.append(
            Board(
                read.whole(board, "number", place),
                results,
                read.kept(board, place),
                read.number(board, "imps", place),
            )
        )
    return boards


def _said_scoring(read: _Reader, data: JSON, key: str, where: str) -> Scoring | None:
    """An optional scoring an event's file says (``match_scoring``, ``pairwise_scoring``)."""
    if data.get(key) is None:
        return None
    return read.parsed(
        f"{where}.{key}",
        lambda: Scoring(data[key]),
        f"one of {', '.join(s.value for s in Scoring)}",
    )


def _match(read: _Reader, data: JSON, where: str, kind: EventKind) -> Match:
    return Match(
        round=read.whole(data, "round", where),
        home=read.whole(data, "home", where),
        away=read.whole(data, "away", where),
        home_imps=read.number(data, "home_imps", where),
        away_imps=read.number(data, "away_imps", where),
        home_vp=read.number(data, "home_vp", where),
        away_vp=read.number(data, "away_vp", where),
        table=read.number(data, "table", where, whole=True),
        boards=_boards(read, data, where, kind),
        segments=[
            _segment(read, read.object(item, f"{where}.segments[{i}]"), f"{where}.segments[{i}]")
            for i, item in enumerate(read.items(data, "segments", where))
        ],
        lineup=[
            _seating(read, read.object(item, f"{where}.lineup[{i}]"), f"{where}.lineup[{i}]")
            for i, item in enumerate(read.items(data, "lineup", where))
        ],
        kept=read.kept(data, where),
    )


def _segment(read: _Reader, data: JSON, where: str) -> Segment:
    return Segment(
        read.whole(data, "number", where),
        read.number(data, "home_imps", where),
        read.number(data, "away_imps", where),
    )


def _seating(read: _Reader, data: JSON, where: str) -> Seating:
    team, room, seat = (read.text(data, key, where) for key in ("team", "room", "seat"))
    if team not in ("home", "away"):
        raise read.fail(f"{where}.team", '"home" or "away"')
    return Seating(
        team == "home",
        read.whole(data, "segment", where),
        room,
        read.parsed(f"{where}.seat", lambda: Seat.from_char(seat), '"N", "E", "S" or "W"'),
        _player(read, read.object(data.get("player", {}), f"{where}.player"), f"{where}.player"),
    )


def _entry(read: _Reader, data: JSON, where: str) -> Entry:
    direction = data.get("direction")
    seat = data.get("seat")
    entry = Entry(
        id=read.text(data, "id", where),
        number=read.whole(data, "number", where),
        direction=None
        if direction is None
        else read.parsed(f"{where}.direction", lambda: Direction(direction), '"NS", "EW" or null'),
        name=read.text(data, "name", where),
        score=read.number(data, "score", where),
        percentage=read.number(data, "percentage", where),
        rank=read.number(data, "rank", where, whole=True),
        tied=bool(data.get("tied", False)),
        strat=read.number(data, "strat", where, whole=True),
        boards_played=read.number(data, "boards_played", where, whole=True),
        handicap=read.number(data, "handicap", where),
        carry_forward=read.number(data, "carry_forward", where),
        seat=None
        if seat is None
        else read.parsed(f"{where}.seat", lambda: Seat.from_char(str(seat)), "a seat letter"),
        awards=_awards(read, data, where),
        kept=read.kept(data, where),
    )
    for i, item in enumerate(read.items(data, "ranks", where)):
        place = f"{where}.ranks[{i}]"
        rank = read.object(item, place)
        section = read.parsed(place, partial(_pair, rank.get("section", [0, 0])), "[low, high]")
        overall = read.parsed(place, partial(_pair, rank.get("overall", [0, 0])), "[low, high]")
        entry.ranks.append(
            StratRank(
                read.whole(rank, "rank", place),
                *section,
                *overall,
                bool(rank.get("qualified", False)),
            )
        )
    for i, item in enumerate(read.items(data, "players", where)):
        place = f"{where}.players[{i}]"
        entry.players.append(_player(read, read.object(item, place), place))
    return entry


def _pair(value: Any) -> tuple[int, int]:
    low, high = value
    if type(low) is not int or type(high) is not int:
        raise ValueError("not whole numbers")
    return low, high


def _player(read: _Reader, data: JSON, where: str) -> Player:
    return Player(
        last_name=read.text(data, "last_name", where),
        first_name=read.text(data, "first_name", where),
        player_number=read.text(data, "player_number", where),
        masterpoints=read.number(data, "masterpoints", where),
        city=read.text(data, "city", where),
        state=read.text(data, "state", where),
        country=read.text(data, "country", where),
        rank=read.text(data, "rank", where),
        awards=_awards(read, data, where),
        kept=read.kept(data, where),
    )


def _awards(read: _Reader, data: JSON, where: str) -> dict[str, list[Award]]:
    awards: dict[str, list[Award]] = {}
    blocks = read.object(data.get("awards", {}), f"{where}.awards")
    for name, items in blocks.items():
        place = f"{where}.awards.{name}"
        if not isinstance(items, list):
            raise read.fail(place, "a list of awards")
        awards[name] = []
        for i, item in enumerate(items):
            award = read.object(item, f"{place}[{i}]")
            points = read.number(award, "points", f"{place}[{i}]")
            awards[name].append(
                Award(
                    0.0 if points is None else points,
                    read.text(award, "color", f"{place}[{i}]"),
                    read.text(award, "ranking", f"{place}[{i}]"),
                )
            )
    return awards


def _cards(read: _Reader, data: JSON, where: str, line: BoardResult, number: Any) -> None:
    """A line's auction (its dealer: the line's ``dealer``, else the board number's), alerts,
    play, claim and room, where the line has them."""
    if data.get("auction") is not None:
        calls = read.items(data, "auction", where)
        seat = data.get("dealer")
        if seat is None and type(number) is int:
            seat = "NESW"[(number - 1) % 4]
        dealer = read.parsed(f"{where}.dealer", lambda: Seat.from_char(str(seat)), "a seat")
        alerts = read.object(data.get("alerts", {}), f"{where}.alerts")
        explanations = read.parsed(
            f"{where}.alerts", lambda: {int(k): str(v) for k, v in alerts.items()}, "call indexes"
        )
        line.auction = read.parsed(
            f"{where}.auction",
            lambda: Auction.parse(dealer, [_text(c) for c in calls], explanations),
            'calls such as "1S", "P", "X", "XX", "2NT!"',
        )
    if data.get("play") is not None or data.get("claim") is not None:
        cards = read.items(data, "play", where)
        claim = read.number(data, "claim", where, whole=True)
        if claim is not None and not 0 <= claim <= 13:
            raise read.fail(f"{where}.claim", "a claim of 0-13 tricks")
        line.play = read.parsed(
            f"{where}.play",
            lambda: Play.parse([_text(c) for c in cards], claim),
            'cards such as "SA", "H2"',
        )
    room = data.get("room")
    if room is not None:
        line.room = str(room)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _result(read: _Reader, data: JSON, where: str, kind: EventKind) -> BoardResult:
    individual = kind == EventKind.INDIVIDUAL and "n" in data
    seats: tuple[int, int, int, int] | None = None
    points: tuple[float | None, float | None, float | None, float | None] | None = None
    if individual:
        n, e, s, w = (read.whole(data, seat, where) for seat in "nesw")
        seats = (n, e, s, w)
        pn, pe, ps, pw = (read.number(data, f"{seat}_points", where) for seat in "nesw")
        points = (pn, pe, ps, pw)
        ns, ew = n, e
    else:
        ns, ew = read.whole(data, "ns", where), read.whole(data, "ew", where)
    contract = None
    if data.get("contract") is not None:
        declarer = data.get("declarer")
        contract = read.parsed(
            f"{where}.contract",
            lambda: Contract.parse(
                str(data["contract"]), None if declarer is None else str(declarer)
            ),
            'a contract such as "4SX" or "Pass", and a declarer N, E, S, W or null',
        )
    lead = data.get("lead")
    return BoardResult(
        round=read.whole(data, "round", where),
        table=read.whole(data, "table", where),
        ns=ns,
        ew=ew,
        ns_score=read.parsed(
            f"{where}.ns_score", lambda: parse_score(data.get("ns_score")), "a score"
        ),
        ew_score=read.parsed(
            f"{where}.ew_score", lambda: parse_score(data.get("ew_score")), "a score"
        ),
        ns_points=None if individual else read.number(data, "ns_points", where),
        ew_points=None if individual else read.number(data, "ew_points", where),
        contract=contract,
        tricks=read.number(data, "tricks", where, whole=True),
        lead=None
        if lead is None
        else read.parsed(f"{where}.lead", lambda: Card.from_text(str(lead)), 'a card such as "HK"'),
        foul_group=read.whole(data, "foul_group", where),
        seats=seats,
        points=points,
        kept=read.kept(data, where),
    )
