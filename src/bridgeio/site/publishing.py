"""Uploading and publishing: an upload is checked in a worker and kept as a new version of its
game (the same club, date and events: the same game), published at once or when a director
says so. Publishing makes a version public and, when it is the game's newest published one,
puts its rows in the analysis tables in place of the previous version's (whose file and pages
stay reachable). The background finishing (:mod:`bridgeio.site.finishing`) follows.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from sqlalchemy import Connection, Row, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from bridgeio.site.accounts import User
from bridgeio.site.games import Club, Forbidden, Games, NotFound, Unreadable, game_url, now, placed
from bridgeio.site.schema import ANALYSIS, games, outputs, versions
from bridgeio.site.storage import Incoming
from bridgeio.site.worker import JobFailed


def upload(
    site: Games, user: User, club: Club, filename: str, incoming: Incoming, publish: bool
) -> dict[str, Any]:
    """Keep, check and record an upload (``incoming``, received in full); the answer of
    ``POST /api/clubs/{club}/games``. The game's pages are public when ``publish``."""
    if not user.directs(club.id):
        incoming.discard()
        raise Forbidden(f"{user.name} does not direct {club.slug}")
    digest = site.store.keep(incoming)
    limits = site.site.limits
    try:
        done = site.workers.run(
            "check",
            (str(site.store.path(digest)), filename, f"/clubs/{club.slug}"),
            limits.check_seconds,
            limits.check_memory,
        )
    except JobFailed as failed:
        raise Unreadable(str(failed)) from None
    kept = {
        "json": site.store.put(done["json"]),
        "tables": site.store.put(json.dumps(done["tables"]).encode()),
    }
    for attempt in range(5):
        try:
            with site.engine.begin() as db:
                game_id, version_id, number = _add_version(
                    site, db, user, club, filename, digest, done
                )
                for n, page in enumerate(done["pages"], 1):
                    kept[f"page-{n}"] = site.store.put(placed(page, game_id))
                rows = [{"version_id": version_id, "kind": k, "sha256": v} for k, v in kept.items()]
                db.execute(insert(outputs), rows)
                if publish:
                    _publish(site, db, version_id)
            break
        except IntegrityError:  # the same game uploaded at the same moment: number again
            if attempt == 4:
                raise
    return {
        "id": game_id,
        "version": number,
        "status": "published" if publish else "draft",
        "format": done["format"],
        "problems": done["problems"],
        "url": game_url(game_id),
        "version_id": version_id,
    }


def _add_version(
    site: Games, db: Connection, user: User, club: Club, filename: str, digest: str, done: Any
) -> tuple[int, int, int]:
    """A new version of the game the upload is (a new game when it is none yet)."""
    events = done["events"]
    name = " / ".join(e["name"] for e in events if e["name"]) or filename
    date = events[0]["date"]
    key = f"{date or ''}|{name}"
    game_id = db.scalar(select(games.c.id).where(games.c.club_id == club.id, games.c.key == key))
    if game_id is None:
        row = dict(club_id=club.id, key=key, name=name)
        row["date"] = datetime.date.fromisoformat(date) if date else None
        game_id = db.scalar(insert(games).values(**row).returning(games.c.id))
    last = db.scalar(select(func.max(versions.c.number)).where(versions.c.game_id == game_id))
    version = dict(
        game_id=game_id,
        number=(last or 0) + 1,
        status="draft",
        uploaded=now(),
        user_id=user.id,
        filename=filename,
        sha256=digest,
        size=site.store.path(digest).stat().st_size,
        format=done["format"],
        problems=json.dumps(done["problems"]),
        events=len(events),
        finished=False,
    )
    version_id = db.scalar(insert(versions).values(**version).returning(versions.c.id))
    return int(game_id), int(version_id), int(version["number"])


def publish(site: Games, user: User, game_id: int, number: int | None = None) -> dict[str, Any]:
    """Publish a version of a game (the newest when ``number`` is None)."""
    with site.engine.begin() as db:
        game = site.game_row(db, game_id)
        if not user.directs(game.club_id):
            raise Forbidden(f"{user.name} does not direct this game's club")
        query = select(versions).where(versions.c.game_id == game_id)
        if number is not None:
            query = query.where(versions.c.number == number)
        row = db.execute(query.order_by(versions.c.number.desc()).limit(1)).first()
        if row is None:
            raise NotFound(f"game {game_id} has no version {number}")
        _publish(site, db, row.id)
    return {
        "id": game_id,
        "version": row.number,
        "status": "published",
        "url": game_url(game_id),
        "version_id": row.id,
    }


def _publish(site: Games, db: Connection, version_id: int) -> None:
    """Make a version public, and the game's analysis rows its rows when it is the newest
    published version."""
    row = db.execute(select(versions).where(versions.c.id == version_id)).one()
    current = site.current(db, row.game_id)
    if row.status != "published":
        db.execute(
            update(versions)
            .where(versions.c.id == version_id)
            .values(status="published", published=now())
        )
    if current is not None and current.number >= row.number:
        return  # a newer version is public already: this one is reachable, not shown
    if current is not None:
        for table in ANALYSIS.values():
            db.execute(delete(table).where(table.c.file_id == current.id))
    rows = json.loads(site.store.read(site.output_digest(db, version_id, "tables")))
    insert_rows(site, db, rows, row)


def insert_rows(site: Games, db: Connection, rows: dict[str, Any], version: Row[Any]) -> None:
    """A version's rows of the analysis tables (from a job: dates as ISO text), its id as
    their ``file_id``; the columns this database has (its migrations made them)."""
    for name, listed in rows.items():
        if name not in ANALYSIS or not listed:
            continue
        table = ANALYSIS[name]
        kept = site.columns[name]
        dates = {c.name for c in table.columns if c.type.python_type is datetime.date}
        values = []
        for item in listed:
            value = {k: v for k, v in item.items() if k in kept}
            value["file_id"] = version.id
            for column in dates & value.keys():
                if value[column] is not None:
                    value[column] = datetime.date.fromisoformat(value[column])
            if name == "files":
                value.update(path=version.filename, sha256=version.sha256, size=version.size)
            values.append(value)
        db.execute(insert(table), values)
