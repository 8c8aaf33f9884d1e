"""A club's ladder: its players ranked by their average percentage over the club's published
games of a period, among those who played at least a minimum of them (a player is the same
person by player number, or else by name).

>>> rows = [("A1", "Ann", "Lee", 60.0, 1), ("A1", "Ann", "Lee", 50.0, 2),
...         (None, "Bo", "Ng", 70.0, 1)]
>>> [(p["name"], p["games"], p["average"]) for p in ranked(rows, 2)]
[('Ann Lee', 2, 55.0)]

Partners with the same games share a place; a placeholder number (``0``) names nobody, so
its players are told apart by name:

>>> rows = [("0", "Al", "Roe", 60.0, 1), ("0", "Cy", "Fox", 60.0, 1), ("7", "Di", "Ma", 50.0, 1)]
>>> [(p["rank"], p["name"]) for p in ranked(rows, 1)]
[(1, 'Al Roe'), (1, 'Cy Fox'), (3, 'Di Ma')]
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Engine, select

from bridgeio.site.bodies import issuer
from bridgeio.site.games import Club
from bridgeio.site.players import counted, player_url, same_entry
from bridgeio.site.schema import ANALYSIS, games, versions

_players = ANALYSIS["players"]
_entries = ANALYSIS["entries"]


def ladder(
    engine: Engine,
    club: Club,
    start: datetime.date | None,
    end: datetime.date | None,
    minimum: int,
) -> list[dict[str, Any]]:
    """The club's ladder from ``start`` to ``end`` (either open), ``minimum`` games or more."""
    query = (
        select(
            _players.c.player_number,
            _players.c.first_name,
            _players.c.last_name,
            _entries.c.percentage,
            games.c.id.label("game"),
            _players.c.file_id,
            _players.c.event,
            _players.c.session,
            _players.c.section,
            _players.c.entry,
            _players.c.seat,
            _entries.c.rank,
            _entries.c.number.label("entry_number"),
            _entries.c.direction,
        )
        .select_from(
            _players.join(versions, versions.c.id == _players.c.file_id)
            .join(games, games.c.id == versions.c.game_id)
            .join(_entries, same_entry(_players, _entries))
        )
        .where(games.c.club_id == club.id, versions.c.status == "published")
    )
    if start is not None:
        query = query.where(games.c.date >= start)
    if end is not None:
        query = query.where(games.c.date <= end)
    with engine.connect() as db:  # an event of sessions counts once: its overall standings
        rows = counted(db, db.execute(query.limit(200_000)).all())
    marks = ((r.player_number, r.first_name, r.last_name, r.percentage, r.game) for r in rows)
    found = ranked((m for m in marks if m[3] is not None), minimum)
    for player in found:
        player["url"] = player_url(player["player_number"], player["name"], club.slug)
    return found


def ranked(rows: Iterable[tuple[Any, Any, Any, float, int]], minimum: int) -> list[dict[str, Any]]:
    """Players (number, first name, last name, percentage, game) ranked by average."""
    by_player: dict[tuple[str, str], dict[str, Any]] = {}
    for number, first, last, percentage, game in rows:
        name = " ".join(p for p in (first, last) if p)
        real = issuer(number, "", None) is not None  # (a placeholder names nobody)
        key = ("number", number) if real else ("name", name.lower())
        if not key[1]:
            continue
        number = number if real else None
        player = by_player.setdefault(key, {"name": name, "player_number": number, "marks": {}})
        player["marks"][game] = percentage  # a game counts once (two events: the last)
    found = []
    for player in by_player.values():
        marks = list(player.pop("marks").values())
        if len(marks) >= max(1, minimum):
            player.update(
                games=len(marks), average=round(sum(marks) / len(marks), 2), best=max(marks)
            )
            found.append(player)
    found.sort(key=lambda p: (-p["average"], -p["games"], p["name"]))
    for index, player in enumerate(found):
        ahead = found[index - 1] if index else None
        tied = ahead is not None and (ahead["average"], ahead["games"]) == (
            player["average"],
            player["games"],
        )
        player["rank"] = ahead["rank"] if tied and ahead is not None else index + 1
    return found
