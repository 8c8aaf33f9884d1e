"""Players' histories: queries over the analysis tables of the published games (a player is
the same person across games by player number, or else by name within a club).

Each game a player played: the game, its date and club, the partner(s), the percentage and
the rank, as ``GET /api/players/{number}`` answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, func, literal, select

from bridgeio.site.schema import ANALYSIS, clubs, games, player_ids, public, versions

_players = ANALYSIS["players"]
_entries = ANALYSIS["entries"]
_events = ANALYSIS["events"]

SORTS = ("date", "game", "club", "partner", "percentage", "rank")
"""The columns a player's games can be sorted by."""


def full_name(first: Any, last: Any) -> ColumnElement[str]:
    """First and last name as one text, in SQL (``"Ann Lee"``; one alone when one is missing)."""
    first_text = func.coalesce(first, literal(""))
    last_text = func.coalesce(last, literal(""))
    return func.trim(first_text + literal(" ") + last_text)


def _name(row: Any) -> str:
    return " ".join(p for p in (row.first_name, row.last_name) if p)


def history(
    engine: Engine, number: str | None, name: str | None, club: str | None
) -> dict[str, Any]:
    """A player's name and every published game they played (newest first): by player
    number, or by name (within ``club`` when given)."""
    if number:
        where: ColumnElement[bool] = _players.c.player_number == number
    else:
        where = (
            func.lower(full_name(_players.c.first_name, _players.c.last_name))
            == (name or "").lower().strip()
        )
    query = (
        select(
            _players.c.file_id,
            _players.c.event,
            _players.c.section,
            _players.c.entry,
            _players.c.seat,
            _players.c.first_name,
            _players.c.last_name,
            _players.c.session,
            _entries.c.percentage,
            _entries.c.rank,
            _entries.c.number.label("entry_number"),
            _entries.c.direction,
            _events.c.date,
            _events.c.name.label("event_name"),
            games.c.id.label("game"),
            games.c.name.label("game_name"),
            clubs.c.slug,
            clubs.c.name.label("club_name"),
        )
        .select_from(
            _players.join(versions, versions.c.id == _players.c.file_id)
            .join(games, games.c.id == versions.c.game_id)
            .join(clubs, clubs.c.id == games.c.club_id)
            .outerjoin(_entries, _same_entry(_entries))
            .outerjoin(
                _events,
                and_(_events.c.file_id == _players.c.file_id, _events.c.event == _players.c.event),
            )
        )
        .where(where)
    )
    if club and not number:
        query = query.where(clubs.c.slug == club)
    with engine.connect() as db:
        rows = counted(db, db.execute(query.limit(5000)).all())
        partners = _partners(db, rows)
    found = []
    for row in rows:
        key = (row.file_id, row.event, row.session, row.section, row.entry)
        date = row.date or None
        found.append(
            {
                "game": row.game,
                "event": row.event,
                "name": row.event_name or row.game_name,
                "date": date.isoformat() if date else None,
                "club": row.slug,
                "club_name": row.club_name,
                "partner": " & ".join(n for seat, n in partners.get(key, []) if seat != row.seat)
                or None,
                "percentage": row.percentage,
                "rank": row.rank,
                "url": f"/games/{row.game}" + (f"/events/{row.event}" if row.event > 1 else ""),
                "scorecard": _scorecard(row),
            }
        )
    found.sort(key=lambda g: (g["date"] or "", g["game"], g["event"]), reverse=True)
    shown = _name(rows[0]) if rows else (name or number or "")
    return {"name": shown, "player_number": number, "games": found}


def _scorecard(row: Any) -> str:
    """The address that opens the player's scorecard in the game, their lines marked."""
    from urllib.parse import urlencode

    if row.entry_number is None:
        return f"/games/{row.game}" + (f"/events/{row.event}" if row.event > 1 else "")
    entry = f"{(row.direction or 'x').lower()}-{row.entry_number}"
    query = {"event": row.event, "section": row.shown_section or "", "entry": entry}
    if row.shown_session is not None:  # an event of sessions: the first the entry played
        query["session"] = row.shown_session
    return f"/games/{row.game}/mine?{urlencode(query)}"


def same_entry(players: Any, entries: Any) -> ColumnElement[bool]:
    """A player's row and their entry's: the same event, session, section and entry."""
    return and_(
        entries.c.file_id == players.c.file_id,
        entries.c.event == players.c.event,
        entries.c.session.is_not_distinct_from(players.c.session),
        entries.c.section.is_not_distinct_from(players.c.section),
        entries.c.entry.is_not_distinct_from(players.c.entry),
    )


def _same_entry(table: Any) -> ColumnElement[bool]:
    return same_entry(_players, table)


class Counted:
    """A player's row as it counts in their history and the ladder (:func:`counted`): the
    query's row, its percentage and rank those of the event's overall standings in an event
    of sessions that has them, and the session and section where the entry's scorecard is
    (``shown_session``, ``shown_section``; no session in an event without sessions)."""

    def __init__(self, row: Any, overall: Any, shown: tuple[int | None, str | None]) -> None:
        self._row = row
        self.percentage = row.percentage if overall is None else overall.percentage
        self.rank = row.rank if overall is None else overall.rank
        self.shown_session, self.shown_section = shown
        self.entry_number = row.entry_number if overall is None else overall.number
        self.direction = row.direction if overall is None else overall.direction

    def __getattr__(self, name: str) -> Any:
        return getattr(self._row, name)


def counted(db: Any, rows: Sequence[Any]) -> list[Any]:
    """The rows of players (with ``file_id``, ``event``, ``session``, ``section``,
    ``entry``, ``percentage``, ``rank``) as they count: an event of sessions with overall
    standings once a player, with its overall percentage and rank (a seat in its overall
    standings, or else in its first session, the entry the same by id), not once a session.
    Rows of other events count as they are."""
    overall = _overall(db, sorted({r.file_id for r in rows if r.session is not None}))
    first: dict[tuple[Any, ...], Any] = {}  # each player's first seat in an event of sessions
    ordered = sorted(rows, key=lambda r: (r.session is not None, r.session or 0))
    for index, row in enumerate(ordered):
        whole = (row.file_id, row.event)
        if whole not in overall:
            first[("row", index)] = Counted(row, None, (row.session, row.section))
            continue
        key = (*whole, _who(row))
        if key not in first:
            entry = overall[whole].get(row.entry) or overall[whole].get(row.entry_number)
            first[key] = Counted(row, entry, (row.session, row.section))
        elif first[key].shown_session is None and row.session is not None:
            kept = first[key]  # the overall row: its scorecard is in the first session
            kept.shown_session, kept.shown_section = row.session, row.section
    return list(first.values())


def _who(row: Any) -> tuple[Any, ...]:
    """A player told apart from the others of an event (number, else name and seat)."""
    number = getattr(row, "player_number", None)
    if number:
        return ("number", number)
    return ("name", row.first_name, row.last_name, row.entry, row.seat)


def _overall(db: Any, files: list[int]) -> dict[tuple[int, int], dict[str, Any]]:
    """The overall standings' entries (no session, no section) of the events of ``files``
    that have them, by entry id (and by number: a session's entry of another id)."""
    found: dict[tuple[int, int], dict[Any, Any]] = {}
    for start in range(0, len(files), 500):
        query = select(_entries).where(
            _entries.c.file_id.in_(files[start : start + 500]),
            _entries.c.session.is_(None),
            _entries.c.section.is_(None),
        )
        for entry in db.execute(query):
            listed = found.setdefault((entry.file_id, entry.event), {})
            listed[entry.entry] = entry
            if entry.number is not None:
                listed.setdefault(entry.number, entry)
    return found


def _partners(db: Any, rows: Sequence[Any]) -> dict[tuple[Any, ...], list[tuple[Any, str]]]:
    """Everyone seated in the entries of ``rows``: (seat, name) by entry."""
    found: dict[tuple[Any, ...], list[tuple[Any, str]]] = {}
    files = sorted({r.file_id for r in rows})
    for start in range(0, len(files), 500):
        listed = db.execute(
            select(_players).where(_players.c.file_id.in_(files[start : start + 500]))
        ).all()
        wanted = {(r.file_id, r.event, r.session, r.section, r.entry) for r in rows}
        for p in listed:
            key = (p.file_id, p.event, p.session, p.section, p.entry)
            if key in wanted:
                found.setdefault(key, []).append((p.seat, _name(p)))
    return found


def search(engine: Engine, text: str, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    """Players whose name holds ``text`` (any case): name, player number, club, games; at
    most ``limit`` of them from the ``offset``-th (by name)."""
    return search_page(engine, text, limit, offset)[0]


def search_page(
    engine: Engine, text: str, limit: int = 100, offset: int = 0
) -> tuple[list[dict[str, Any]], int]:
    """:func:`search`, and how many players match in all."""
    words = [w for w in text.lower().split() if w][:5]
    if not words:
        return [], 0
    name = full_name(_players.c.first_name, _players.c.last_name)
    query = (
        select(
            name.label("name"),
            _players.c.player_number,
            clubs.c.slug,
            func.count(func.distinct(_players.c.file_id)).label("games"),
            clubs.c.name.label("club_name"),
        )
        .select_from(
            _players.join(versions, versions.c.id == _players.c.file_id)
            .join(games, games.c.id == versions.c.game_id)
            .join(clubs, clubs.c.id == games.c.club_id)
        )
        .where(and_(*(func.lower(name).contains(w, autoescape=True) for w in words)))
        .group_by(name, _players.c.player_number, clubs.c.slug, clubs.c.name)
    )
    with engine.connect() as db:
        total = db.scalar(select(func.count()).select_from(query.subquery()))
        rows = db.execute(
            query.order_by(name, _players.c.player_number, clubs.c.slug).limit(limit).offset(offset)
        ).all()
    found = [
        {
            "name": r.name,
            "player_number": r.player_number,
            "club": r.slug,
            "club_name": r.club_name,
            "games": r.games,
            "url": player_url(r.player_number, r.name, r.slug),
        }
        for r in rows
    ]
    return found, int(total or 0)


def player_url(number: str | None, name: str, club: str) -> str:
    """A player's page: by number, else by name within the club."""
    from urllib.parse import quote, urlencode

    if number:
        return f"/players/{quote(number, safe='')}"
    return "/players?" + urlencode({"name": name, "club": club})


def issued(engine: Engine, number: str) -> dict[str, set[int]]:
    """The bodies that issued ``number`` to a player of a public game, and those games."""
    query = (
        select(player_ids.c.body, versions.c.game_id)
        .select_from(
            player_ids.join(versions, versions.c.id == player_ids.c.file_id).join(
                public,
                and_(public.c.game_id == versions.c.game_id, public.c.version_id == versions.c.id),
            )
        )
        .where(player_ids.c.number == number)
        .distinct()
    )
    found: dict[str, set[int]] = {}
    with engine.connect() as db:
        for body, game in db.execute(query):
            found.setdefault(body, set()).add(game)
    return found
