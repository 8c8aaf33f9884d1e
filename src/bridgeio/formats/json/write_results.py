"""Writing the canonical JSON of results files (DESIGN.md): events, sections, entries, boards,
matches, as Python data (:func:`results_document`) or, faster, straight to text
(:func:`results_text`); :mod:`.read_results` reads them back.

What a format keeps beyond the model (its provenance) travels under ``"kept"`` (on an object)
and ``"provenance"`` (on the document), keyed by the format's name, so that
``read(json) -> write(format)`` gives the same file as writing the original.

>>> from bridgeio.model.results import Event, Results, Section
>>> doc = results_document(Results([Event(1, "Monday Pairs", sections=[Section("A")])]), "usebio")
>>> doc["events"][0]["name"], doc["events"][0]["sections"][0]["name"]
('Monday Pairs', 'A')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bridgeio.jsonfields import JSON
from bridgeio.model.provenance import Provenance
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Section,
    score_text,
)
from bridgeio.model.sessions import Session, sessions_of

BoardsJSON = Callable[[list[Board], "EventKind | str"], Any]
"""Writes a section's (or match's) boards: :func:`boards_json` or :func:`boards_text`."""


def results_document(results: Results, source: str | None = None) -> JSON:
    """The canonical JSON document of a results file, as Python data."""
    return _document(results, source, boards_json)


def results_text(results: Results, source: str | None = None) -> str:
    """``json.dumps(results_document(results, source))``, the same text written faster: the
    board results, most of a document, are written straight from the model rather than built
    as dicts first (see :func:`boards_text`).

    >>> from bridgeio.model.results import Board, BoardResult, Event, Section, Special
    >>> line = BoardResult(1, 2, 3, 4, 420, -420, 1.5, 0.5)
    >>> late = BoardResult(2, 2, 5, 6, Special.LATE_PLAY, Special.LATE_PLAY)
    >>> doc = Results([Event(sections=[Section("A", results=[Board(7, [line, late])])])])
    >>> results_text(doc) == json.dumps(results_document(doc))
    True
    """
    return _dumps(_document(results, source, boards_text, _Tree))


def _document(
    results: Results, source: str | None, boards: BoardsJSON, tree: type[JSON] = dict
) -> JSON:
    records = _pbn_records(results)
    document = tree(
        format=source or results.format or "json",
        events=[event_json(e, boards, tree, records is None) for e in results.events],
    )
    if records is not None:
        document["records"] = records
    if results.partial:
        document["partial"] = True
    if results.problems:
        document["problems"] = [str(p) for p in results.problems]
    _keep(document, results.provenance, "provenance")
    return document


def _pbn_records(results: Results) -> list[JSON] | None:
    """A PBN file's deals, for one with results: written as the document's ``records``, as
    for a PBN deal file (DESIGN.md: a PBN file with both has both keys)."""
    events = results.events
    deals = events[0].deals if results.format == "pbn" and events else None
    if deals is None:
        return None
    if any(e.deals is not None for e in events[1:]):  # (a PBN file's are the first event's)
        return None
    from bridgeio.formats.json.deals import deal_records  # (NumPy: deals only)

    return list(deal_records(deals))


def _keep(data: JSON, kept: Provenance | None, key: str = "kept") -> JSON:
    if kept is not None:
        carried = kept.to_json()
        if carried is not None:
            data[key] = {kept.format: carried}
    return data


def event_json(
    event: Event, boards: BoardsJSON | None = None, tree: type[JSON] = dict, deals: bool = True
) -> JSON:
    """An event as canonical JSON: its fields, strats, sections and deals (if any, and
    ``deals``: a PBN file's go to the document's records instead)."""
    data: JSON = tree(
        {
            "number": event.number,
            "name": event.name,
            "session_name": event.session_name,
            "date": event.date.isoformat() if event.date else None,
            "club": event.club,
            "club_number": event.club_number,
            "director": event.director,
            "city": event.city,
            "kind": event.kind.value,
            "scoring": event.scoring.value,
            "rating": event.rating,
            "strats": [
                _keep({"letter": s.letter, "min_mp": s.min_mp, "max_mp": s.max_mp}, s.kept)
                for s in event.strats
            ],
        }
    )
    if event.sessions:  # an event of several sessions: its sections in theirs
        data["sessions"] = [
            session_json(session, sections, event.kind, boards, tree)
            for session, sections in sessions_of(event)
        ]
    else:
        data["sections"] = [section_json(s, event.kind, boards, tree) for s in event.sections]
    if event.sessions or event.entries:
        data["entries"] = [entry_json(e) for e in event.entries]
    if event.match_scoring is not None:  # (only where the file says them)
        data["match_scoring"] = event.match_scoring.value
    if event.pairwise_scoring is not None:
        data["pairwise_scoring"] = event.pairwise_scoring.value
    if event.deals is not None and deals:
        from bridgeio.formats.json.deals import deal_records

        data["deals"] = deal_records(event.deals)
    return _keep(data, event.kept)


def session_json(
    session: Session,
    sections: list[Section],
    kind: EventKind | str = EventKind.PAIRS,
    boards: BoardsJSON | None = None,
    tree: type[JSON] = dict,
) -> JSON:
    """A session of an event as canonical JSON: its id, date and sections."""
    data: JSON = tree(
        {
            "id": session.id,
            "date": session.date.isoformat() if session.date else None,
            "sections": [section_json(s, kind, boards, tree) for s in sections],
        }
    )
    return _keep(data, session.kept)


def section_json(
    section: Section,
    kind: EventKind | str = EventKind.PAIRS,
    boards: BoardsJSON | None = None,
    tree: type[JSON] = dict,
) -> JSON:
    """A section as canonical JSON: its fields, entries, boards, schedule and matches (if any).
    ``boards`` writes a list of boards (:func:`boards_json`, or :func:`boards_text` for
    :func:`results_text`, whose objects holding such text are ``tree`` s)."""
    boards = boards or boards_json
    data: JSON = tree(
        {
            "name": section.name,
            "movement": section.movement,
            "tables": section.tables,
            "rounds": section.rounds,
            "board_count": section.boards,
            "boards_per_round": section.boards_per_round,
            "board_top": section.board_top,
            "maximum_score": section.maximum_score,
            "session": section.session,
            "entries": [entry_json(e) for e in section.entries],
            "boards": boards(section.results, kind),
            "schedule": [
                [list(cell) if cell else None for cell in row] for row in section.schedule
            ],
        }
    )
    if section.matches:
        data["matches"] = [match_json(m, kind, boards, tree) for m in section.matches]
    return _keep(data, section.kept)


def boards_json(boards: list[Board], kind: EventKind | str) -> list[JSON]:
    """Boards as canonical JSON data."""
    return [board_json(b, kind) for b in boards]


def board_json(board: Board, kind: EventKind | str) -> JSON:
    """A board as canonical JSON: its number and every table's result."""
    data: JSON = {"number": board.number, "results": [result_json(r, kind) for r in board.results]}
    if board.imps is not None:  # a team match's board: the home team's IMPs
        data["imps"] = board.imps
    return _keep(data, board.kept)


def match_json(
    match: Match,
    kind: EventKind | str = EventKind.TEAMS,
    boards: BoardsJSON | None = None,
    tree: type[JSON] = dict,
) -> JSON:
    """A team match as canonical JSON: round, teams, IMPs, VPs, table and boards."""
    boards = boards or boards_json
    return _keep(
        tree(
            {
                "round": match.round,
                "home": match.home,
                "away": match.away,
                "home_imps": match.home_imps,
                "away_imps": match.away_imps,
                "home_vp": match.home_vp,
                "away_vp": match.away_vp,
                "table": match.table,
                "boards": boards(match.boards, kind),
                **_match_details(match),
            }
        ),
        match.kept,
    )


def _match_details(match: Match) -> JSON:
    """A match's segments and lineup, where it has them (Ruter's team files)."""
    data: JSON = {}
    if match.segments:
        data["segments"] = [
            {"number": s.number, "home_imps": s.home_imps, "away_imps": s.away_imps}
            for s in match.segments
        ]
    if match.lineup:
        data["lineup"] = [
            {
                "team": "home" if s.home else "away",
                "segment": s.segment,
                "room": s.room,
                "seat": s.seat.char,
                "player": player_json(s.player),
            }
            for s in match.lineup
        ]
    return data


def entry_json(entry: Entry) -> JSON:
    """An entry as canonical JSON: its id, score, ranks, awards and players."""
    data: JSON = {
        "id": entry.id,
        "number": entry.number,
        "direction": entry.direction.value if entry.direction else None,
        "name": entry.name,
        "score": entry.score,
        "percentage": entry.percentage,
        "rank": entry.rank,
        "tied": entry.tied,
        "strat": entry.strat,
        "boards_played": entry.boards_played,
        "seat": entry.seat.char if entry.seat is not None else None,
        "ranks": [
            {
                "rank": r.rank,
                "section": [r.section_low, r.section_high],
                "overall": [r.overall_low, r.overall_high],
                "qualified": r.qualified,
            }
            for r in entry.ranks
        ],
        "awards": awards_json(entry.awards),
        "players": [player_json(p) for p in entry.players],
    }
    if entry.handicap is not None:  # (a handicap event's: the key only where there is one)
        data["handicap"] = entry.handicap
    if entry.carry_forward is not None:  # (likewise: a score carried from earlier sessions)
        data["carry_forward"] = entry.carry_forward
    return _keep(data, entry.kept)


def player_json(player: Player) -> JSON:
    """A player as canonical JSON: names, number, masterpoints, place, rank and awards."""
    return _keep(
        {
            "last_name": player.last_name,
            "first_name": player.first_name,
            "player_number": player.player_number,
            "masterpoints": player.masterpoints,
            "city": player.city,
            "state": player.state,
            "country": player.country,
            "rank": player.rank,
            "awards": awards_json(player.awards),
        },
        player.kept,
    )


def awards_json(awards: dict[str, list[Award]]) -> dict[str, list[JSON]]:
    """Awards by kind (``"previous"``, ``"current"``, ...) as JSON; kinds without any are left
    out."""
    return {
        name: [{"points": a.points, "color": a.color, "ranking": a.ranking} for a in items]
        for name, items in awards.items()
        if items
    }


def result_json(result: BoardResult, kind: EventKind | str = EventKind.PAIRS) -> JSON:
    """One table result: DESIGN.md's keys (individuals: ``n e s w`` and their points)."""
    contract, lead = result.contract, result.lead
    ns, ew = result.ns_score, result.ew_score  # points as they are, anything else by name
    ns_score = ns if type(ns) is int else score_text(ns)
    ew_score = ew if type(ew) is int else score_text(ew)
    declarer = None
    if contract and contract.declarer is not None:
        declarer = contract.declarer.char
    if result.seats is None or kind != EventKind.INDIVIDUAL:
        data: JSON = {
            "round": result.round,
            "table": result.table,
            "ns": result.ns,
            "ew": result.ew,
            "contract": contract.text if contract else None,
            "declarer": declarer,
            "tricks": result.tricks,
            "lead": None if lead is None else str(lead),
            "ns_score": ns_score,
            "ew_score": ew_score,
            "ns_points": result.ns_points,
            "ew_points": result.ew_points,
        }
    else:
        data = {"round": result.round, "table": result.table}
        points = result.points or (None, None, None, None)
        for seat, number, value in zip("nesw", result.seats, points, strict=True):
            data[seat] = number
            data[f"{seat}_points"] = value
        data["contract"] = contract.text if contract else None
        data["declarer"] = declarer
        data["tricks"] = result.tricks
        data["lead"] = None if lead is None else str(lead)
        data["ns_score"] = ns_score
        data["ew_score"] = ew_score
    if result.foul_group:
        data["foul_group"] = result.foul_group
    _cards_json(result, data)
    if result.kept is not None:
        _keep(data, result.kept)
    return data


def _cards_json(result: BoardResult, data: JSON) -> None:
    """A line's auction (with its dealer and alerts), play, claim and room, where it has them
    (DESIGN.md, "Auctions and play")."""
    auction, play = result.auction, result.play
    if auction is not None:
        data["dealer"] = auction.dealer.char
        data["auction"] = auction.texts()
        if auction.explanations:
            data["alerts"] = {str(i): text for i, text in sorted(auction.explanations.items())}
    if play is not None:
        data["play"] = [str(card) for card in play.cards]
        if play.claim is not None:
            data["claim"] = play.claim
    if result.room is not None:
        data["room"] = result.room


# --------------------------------------------------------------------- writing, as text

_dump = json.JSONEncoder(check_circular=False).encode  # json.dumps, for data with no cycles
_string: Callable[[str], str] = json.encoder.encode_basestring_ascii  # json.dumps of a str
_INFINITY = float("inf")
_ROW = (
    '{"round": %d, "table": %d, "ns": %d, "ew": %d, "contract": null, "declarer": null, '
    '"tricks": null, "lead": null, "ns_score": %d, "ew_score": %d, "ns_points": %r, '
    '"ew_points": %r}'
)
"""json.dumps' text of :func:`result_json` for a pairs result with points, scores and no
contract, lead or tricks: the rows of a game file."""


class Raw:
    """JSON text already written, placed as it is by :func:`_dumps`."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _Tree(dict[str, Any]):
    """An object of a document that holds :class:`Raw` text somewhere below it."""


def _dumps(value: Any) -> str:
    """``json.dumps(value)`` (its separators, ASCII only) for JSON data in which ``_Tree`` s,
    and lists of them, hold :class:`Raw` text; everything else is left to json.dumps whole."""
    kind = type(value)
    if kind is _Tree:
        return "{" + ", ".join([f"{_string(k)}: {_dumps(v)}" for k, v in value.items()]) + "}"
    if isinstance(value, Raw):
        return value.text
    if kind is list and any(type(item) is _Tree for item in value):
        return "[" + ", ".join([_dumps(item) for item in value]) + "]"
    if kind is str:  # (scalars without the cost of a json.dumps call)
        return _string(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    return _dump(value)


def boards_text(boards: list[Board], kind: EventKind | str) -> Raw:
    """``json.dumps(boards_json(boards, kind))``, written from the model: a board result of
    the common shape (:data:`_ROW`) by one format operation, any other through
    :func:`result_json` and json.dumps."""
    texts = []
    individual = kind == EventKind.INDIVIDUAL
    for board in boards:
        kept = board.kept
        odd = board.imps is not None or kept is not None and kept.to_json() is not None
        if type(board.number) is not int or odd:
            texts.append(_dump(board_json(board, kind)))
            continue
        rows = []
        for r in board.results:
            ns_points, ew_points = r.ns_points, r.ew_points
            if (
                type(r.ns_score) is int
                and type(r.ew_score) is int
                and type(ns_points) is float
                and type(ew_points) is float
                and -_INFINITY < ns_points < _INFINITY
                and -_INFINITY < ew_points < _INFINITY
                and type(r.round) is int
                and type(r.table) is int
                and type(r.ns) is int
                and type(r.ew) is int
                and r.contract is None
                and r.tricks is None
                and r.lead is None
                and not r.foul_group
                and r.kept is None
                and r.auction is None
                and r.play is None
                and r.room is None
                and (r.seats is None or not individual)
            ):
                rows.append(
                    _ROW
                    % (r.round, r.table, r.ns, r.ew, r.ns_score, r.ew_score, ns_points, ew_points)
                )
            else:
                rows.append(_dump(result_json(r, kind)))
        texts.append(f'{{"number": {board.number}, "results": [{", ".join(rows)}]}}')
    return Raw(f"[{', '.join(texts)}]")
