"""What the site's pages ask of its games besides what :mod:`bridgeio.site.games` answers: a
published page with its game and club (one query), a game's name and club, the newest games
of every club, a club's games with the drafts waiting behind published ones, and taking
versions back from the public (a roll back to an older version, or unpublishing).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, func, select, update

from bridgeio.site.accounts import User
from bridgeio.site.games import Club, Forbidden, Games, NotFound, game_url
from bridgeio.site.schema import ANALYSIS, clubs, games, outputs, versions

WITHDRAWN = "withdrawn"
"""The status of a version published once and taken back (by a roll back or unpublishing)."""


@dataclass(frozen=True)
class GameInfo:
    """A game as a page's header names it."""

    id: int
    name: str
    date: datetime.date | None
    club: Club

    @property
    def heading(self) -> str:
        """The game's name and date."""
        return f"{self.name}, {self.date.isoformat()}" if self.date else self.name


def published_page(engine: Engine, game_id: int, event: int) -> tuple[str, GameInfo]:
    """The digest of the public page of a game's event, and the game (one query)."""
    query = (
        select(outputs.c.sha256, games.c.name, games.c.date, clubs.c.id, clubs.c.slug)
        .add_columns(clubs.c.name.label("club_name"))
        .select_from(
            versions.join(outputs, outputs.c.version_id == versions.c.id)
            .join(games, games.c.id == versions.c.game_id)
            .join(clubs, clubs.c.id == games.c.club_id)
        )
        .where(versions.c.game_id == game_id, versions.c.status == "published")
        .where(outputs.c.kind == f"page-{event}")
        .order_by(versions.c.number.desc())
        .limit(1)
    )
    with engine.connect() as db:
        row = db.execute(query).first()
    if row is None or row.sha256 is None:
        missing = f"no event {event} in game {game_id}" if event > 1 else f"no game {game_id}"
        raise NotFound(f"{missing} is published")
    club = Club(row.id, row.slug, row.club_name)
    return str(row.sha256), GameInfo(game_id, row.name, row.date, club)


def game_info(engine: Engine, game_id: int) -> GameInfo:
    """A game's name, date and club."""
    query = (
        select(games.c.name, games.c.date, clubs.c.id, clubs.c.slug)
        .add_columns(clubs.c.name.label("club_name"))
        .select_from(games.join(clubs, clubs.c.id == games.c.club_id))
        .where(games.c.id == game_id)
    )
    with engine.connect() as db:
        row = db.execute(query).first()
    if row is None:
        raise NotFound(f"no game {game_id}")
    return GameInfo(game_id, row.name, row.date, Club(row.id, row.slug, row.club_name))


def recent(engine: Engine, limit: int = 12) -> list[dict[str, Any]]:
    """The games published last, newest first: id, name, date, club, url."""
    newest = func.max(versions.c.published).label("published")
    query = (
        select(games.c.id, games.c.name, games.c.date, clubs.c.slug, newest)
        .add_columns(clubs.c.name.label("club_name"))
        .select_from(
            games.join(versions, versions.c.game_id == games.c.id).join(
                clubs, clubs.c.id == games.c.club_id
            )
        )
        .where(versions.c.status == "published")
        .group_by(games.c.id, games.c.name, games.c.date, clubs.c.slug, clubs.c.name)
        .order_by(games.c.date.desc(), newest.desc())
        .limit(limit)
    )
    with engine.connect() as db:
        rows = db.execute(query).all()
    return [
        {
            "id": r.id,
            "name": r.name,
            "date": r.date.isoformat() if r.date else None,
            "club": r.slug,
            "club_name": r.club_name,
            "url": game_url(r.id),
        }
        for r in rows
    ]


def listing(engine: Engine, club: Club, user: User | None) -> list[dict[str, Any]]:
    """A club's games, newest first: each game's public version, and for its directors the
    games not public yet and the newest version waiting behind a public one (``waiting``:
    its number, its status and how many errors it has)."""
    directs = user is not None and user.directs(club.id)
    query = (
        select(games.c.id, games.c.date, games.c.name, versions.c.number, versions.c.status)
        .add_columns(versions.c.filename, versions.c.problems)
        .select_from(games.join(versions, versions.c.game_id == games.c.id))
        .where(games.c.club_id == club.id)
        .order_by(games.c.date.desc(), games.c.id.desc(), versions.c.number)
    )
    with engine.connect() as db:
        rows = db.execute(query).all()
    shown: dict[int, dict[str, Any]] = {}
    for r in rows:
        game = shown.setdefault(r.id, {"id": r.id, "name": r.name, "status": "draft"})
        game["date"] = r.date.isoformat() if r.date else None
        game["url"] = game_url(r.id)
        if r.status == "published":
            game.update(status="published", filename=r.filename, number=r.number, waiting=None)
        elif game["status"] != "published":
            game.update(status=r.status, filename=r.filename, number=r.number, waiting=None)
        else:
            game["waiting"] = {"number": r.number, "status": r.status, "errors": _errors(r)}
    found = [g for g in shown.values() if directs or g["status"] == "published"]
    for game in found:
        if game["status"] != "published" and directs:
            game["url"] = f"{game_url(game['id'])}/versions/{game['number']}"
    return found


def _errors(row: Any) -> int:
    return sum(1 for p in json.loads(row.problems) if p.get("severity") == "error")


def withdraw(site: Games, user: User, game_id: int, down_to: int) -> bool:
    """Take the game's public versions numbered ``down_to`` or more back from the public
    (status :data:`WITHDRAWN`; their pages and files stay for the directors), and their rows
    out of the analysis tables (an older public version's rows in their place); whether
    there was one. Publishing an older version and withdrawing those after it is a roll back."""
    with site.engine.begin() as db:
        game = site.game_row(db, game_id)
        if not user.directs(game.club_id):
            raise Forbidden(f"{user.name} does not direct this game's club")
        current = site.current(db, game_id)
        if current is None or current.number < down_to:
            return False
        for table in ANALYSIS.values():
            db.execute(delete(table).where(table.c.file_id == current.id))
        db.execute(
            update(versions)
            .where(versions.c.game_id == game_id, versions.c.status == "published")
            .where(versions.c.number >= down_to)
            .values(status=WITHDRAWN)
        )
        after = site.current(db, game_id)
        if after is not None:  # an older public version is the public one again: its rows
            from bridgeio.site.publishing import insert_rows

            rows = json.loads(site.store.read(site.output_digest(db, after.id, "tables")))
            insert_rows(site, db, rows, after)
        return True


def version_of(site: Games, game_id: int, number: int) -> Any:
    """A version's row (any status; the caller checked who may see it)."""
    with site.engine.connect() as db:
        row = db.execute(
            select(versions).where(versions.c.game_id == game_id, versions.c.number == number)
        ).first()
    if row is None:
        raise NotFound(f"game {game_id} has no version {number}")
    return row
