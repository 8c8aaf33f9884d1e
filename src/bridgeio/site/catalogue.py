"""What the site's pages ask of its games besides what :mod:`bridgeio.site.games` answers: a
published page with its game and club (one query), a game's name and club, the newest games
of every club, a club's games with the drafts waiting behind published ones. Which version of
a game is public is the ``public`` table's to say (:mod:`bridgeio.site.publishing` writes it:
publishing, a roll back, unpublishing).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select

from bridgeio.site.accounts import User
from bridgeio.site.games import Club, NotFound, game_url, shown_status
from bridgeio.site.schema import clubs, games, outputs, public, versions


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
            public.join(outputs, outputs.c.version_id == public.c.version_id)
            .join(games, games.c.id == public.c.game_id)
            .join(clubs, clubs.c.id == games.c.club_id)
        )
        .where(public.c.game_id == game_id, outputs.c.kind == f"page-{event}")
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
    """The games public now, newest first: id, name, date, club, url."""
    query = (
        select(games.c.id, games.c.name, games.c.date, clubs.c.slug)
        .add_columns(clubs.c.name.label("club_name"))
        .select_from(
            public.join(versions, versions.c.id == public.c.version_id)
            .join(games, games.c.id == public.c.game_id)
            .join(clubs, clubs.c.id == games.c.club_id)
        )
        .order_by(games.c.date.desc(), versions.c.published.desc())
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
    games not public (their newest version, a draft or withdrawn) and the newest version
    waiting behind a public one (``waiting``: its number, its status and how many errors it
    has)."""
    directs = user is not None and user.directs(club.id)
    query = (
        select(games.c.id, games.c.date, games.c.name, versions.c.number, versions.c.status)
        .add_columns(versions.c.filename, versions.c.problems, versions.c.id.label("version"))
        .add_columns(public.c.version_id.label("public_id"))
        .select_from(
            games.join(versions, versions.c.game_id == games.c.id).outerjoin(
                public, public.c.game_id == games.c.id
            )
        )
        .where(games.c.club_id == club.id)
        .order_by(games.c.date.desc(), games.c.id.desc(), versions.c.number)
    )
    with engine.connect() as db:
        rows = db.execute(query).all()
    shown: dict[int, dict[str, Any]] = {}
    for r in rows:  # by game, oldest version first
        game = shown.setdefault(r.id, {"id": r.id, "name": r.name, "status": "draft"})
        game.update(date=r.date.isoformat() if r.date else None, url=game_url(r.id))
        if r.version == r.public_id:
            game.update(status="published", filename=r.filename, number=r.number, waiting=None)
        elif r.public_id is None:
            status = shown_status(r.status, r.number, None)
            game.update(status=status, filename=r.filename, number=r.number, waiting=None)
        elif game["status"] == "published":  # newer than the public version
            status = shown_status(r.status, r.number, game["number"])
            game["waiting"] = {"number": r.number, "status": status, "errors": _errors(r)}
    found = [g for g in shown.values() if directs or g["status"] == "published"]
    for game in found:
        if game["status"] != "published" and directs:
            game["url"] = f"{game_url(game['id'])}/versions/{game['number']}"
    return found


def _errors(row: Any) -> int:
    return sum(1 for p in json.loads(row.problems) if p.get("severity") == "error")
