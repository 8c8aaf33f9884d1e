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
from bridgeio.site.bodies import issuer
from bridgeio.site.games import (
    WITHDRAWN,
    Club,
    Forbidden,
    Games,
    NotFound,
    Unreadable,
    game_url,
    now,
    placed,
)
from bridgeio.site.schema import ANALYSIS, clubs, games, outputs, player_ids, public, versions
from bridgeio.site.storage import Incoming
from bridgeio.site.worker import JobFailed


def upload(
    site: Games,
    user: User,
    club: Club,
    filename: str,
    incoming: Incoming,
    publish: bool,
    game_id: int | None = None,
) -> dict[str, Any]:
    """Keep, check and record an upload (``incoming``, received in full); the answer of
    ``POST /api/clubs/{club}/games``. The game's pages are public when ``publish``, unless
    the version lacks names, ranks or totals the public version has (:func:`lacking`): it
    stays a draft, and a problem says why. ``game_id``: the game it is a version of (else
    the game of its club, date and events). A refused upload leaves no file behind."""
    if not user.directs(club.id):
        incoming.discard()
        raise Forbidden(f"{user.name} does not direct {club.slug}")
    digest = site.store.keep(incoming)
    try:
        done = check(site, digest, filename, club)
    except Unreadable:
        _forget_unused(site, digest)
        raise
    kept = {
        "json": site.store.put(done["json"]),
        "tables": site.store.put(json.dumps(done["tables"]).encode()),
    }
    for attempt in range(5):
        try:
            with site.engine.begin() as db:
                game, lacks = _game_of(site, db, club, filename, done, game_id)
                problems = done["problems"] + lacks
                version_id, number = _add_version(
                    site, db, user, game, filename, digest, done, problems
                )
                for n, page in enumerate(done["pages"], 1):
                    kept[f"page-{n}"] = site.store.put(placed(page, game))
                rows = [{"version_id": version_id, "kind": k, "sha256": v} for k, v in kept.items()]
                db.execute(insert(outputs), rows)
                published = publish and not lacks
                if published:
                    _publish(site, db, version_id)
            break
        except IntegrityError:  # the same game uploaded at the same moment: number again
            if attempt == 4:
                raise
    return {
        "id": game,
        "version": number,
        "status": "published" if published else "draft",
        "format": done["format"],
        "problems": problems,
        "url": game_url(game),
        "version_id": version_id,
    }


def directed_game(site: Games, user: User, game_id: int) -> tuple[Club, Row[Any]]:
    """A game ``user`` directs: its club and the version new deals join (the public one,
    else the newest); asked before a byte of the upload is read."""
    with site.engine.connect() as db:
        game = site.game_row(db, game_id)
        if not user.directs(game.club_id):
            raise Forbidden(f"{user.name} does not direct this game's club")
        row = db.execute(select(clubs).where(clubs.c.id == game.club_id)).one()
        base = (
            site.current(db, game_id)
            or db.execute(
                select(versions)
                .where(versions.c.game_id == game_id)
                .order_by(versions.c.number.desc())
                .limit(1)
            ).first()
        )
    if base is None:
        raise NotFound(f"game {game_id} has no version")
    return Club(row.id, row.slug, row.name), base


def add_deals(
    site: Games, user: User, game_id: int, filename: str, incoming: Incoming, publish: bool
) -> dict[str, Any]:
    """``POST /api/games/{id}/deals``: a new version of the game, its public (else newest)
    version with the deals of the hand record ``incoming`` (the hand record itself is not
    kept)."""
    club, base = directed_game(site, user, game_id)
    digest = site.store.keep(incoming)
    limits = site.site.limits
    args = (str(site.store.path(base.sha256)), base.filename, str(site.store.path(digest)))
    try:
        data = site.workers.run(
            "combine", (*args, filename), limits.check_seconds, limits.check_memory
        )
    except JobFailed as failed:
        raise Unreadable(str(failed)) from None
    finally:
        _forget_unused(site, digest)
    combined = site.store.incoming()
    combined.write(data)
    name = f"{base.filename} + {filename}"[:200]
    return upload(site, user, club, name, combined, publish, game_id)


def check(site: Games, digest: str, filename: str, club: Club) -> Any:
    """What the worker makes of a kept file (:func:`bridgeio.site.jobs.check`)."""
    limits = site.site.limits
    try:
        return site.workers.run(
            "check",
            (str(site.store.path(digest)), filename, f"/clubs/{club.slug}"),
            limits.check_seconds,
            limits.check_memory,
        )
    except JobFailed as failed:
        raise Unreadable(str(failed)) from None


def _forget_unused(site: Games, digest: str) -> None:
    """Remove a kept upload no version is (a refused one)."""
    with site.engine.connect() as db:
        used = db.scalar(select(versions.c.id).where(versions.c.sha256 == digest).limit(1))
    if used is None:
        site.store.forget(digest)


def lock_game(db: Connection, game_id: int) -> None:
    """Hold the game's row until the transaction ends (a write first: SQLite takes its write
    lock, PostgreSQL the row's), so that publishing one game is done one at a time."""
    db.execute(update(games).where(games.c.id == game_id).values(name=games.c.name))


def _game_of(
    site: Games, db: Connection, club: Club, filename: str, done: Any, game_id: int | None
) -> tuple[int, list[dict[str, str]]]:
    """The game an upload is a version of (made when it is none yet), held for this
    transaction; and what the upload lacks that the game's public version has."""
    if game_id is None:
        events = done["events"]
        name = " / ".join(e["name"] for e in events if e["name"]) or filename
        date = events[0]["date"]
        key = f"{date or ''}|{name}"
        found = db.scalar(select(games.c.id).where(games.c.club_id == club.id, games.c.key == key))
        if found is None:
            row = dict(club_id=club.id, key=key, name=name)
            row["date"] = datetime.date.fromisoformat(date) if date else None
            found = db.scalar(insert(games).values(**row).returning(games.c.id))
        game_id = int(found)
    lock_game(db, game_id)
    current = site.current(db, game_id)
    if current is None:
        return game_id, []
    shown = json.loads(site.store.read(site.output_digest(db, current.id, "tables")))
    return game_id, lacking(shown, done["tables"], current.number)


_HELD = {
    "names": "player names",
    "ranks": "ranks",
    "totals": "totals (scores or percentages)",
}


def _held(tables: dict[str, list[dict[str, Any]]]) -> dict[str, set[tuple[Any, ...]]]:
    """The entries (event, section, entry, session: each session's apart, and the overall
    standings' of an event of sessions) that have names, ranks, totals, and all of them."""

    def key(row: dict[str, Any]) -> tuple[Any, ...]:
        return (row["event"], row["section"], row["entry"], row.get("session"))

    entries = tables.get("entries", [])
    return {
        "names": {key(p) for p in tables.get("players", []) if p["first_name"] or p["last_name"]},
        "ranks": {key(e) for e in entries if e["rank"] is not None},
        "totals": {key(e) for e in entries if (e["score"], e["percentage"]) != (None, None)},
        "entries": {key(e) for e in entries},
    }


def lacking(
    public: dict[str, list[dict[str, Any]]], new: dict[str, list[dict[str, Any]]], number: int
) -> list[dict[str, str]]:
    """The problems of a version that would drop names, ranks or totals the public version
    (``number``) has, for entries it still has (or has no entries at all).

    >>> shown = {"entries": [{"event": 1, "section": "A", "entry": "1", "rank": 1,
    ...     "score": 60.0, "percentage": 60.0}], "players": []}
    >>> bare = {"entries": [{"event": 1, "section": "A", "entry": "1", "rank": None,
    ...     "score": None, "percentage": None}], "players": []}
    >>> [p["message"][:40] for p in lacking(shown, bare, 1)]
    ['this version has no ranks for 1 entry (o', 'this version has no totals (scores or pe']
    """
    before, after = _held(public), _held(new)
    found = []
    for what, label in _HELD.items():
        missing = {k for k in before[what] - after[what] if k in after["entries"]}
        if not after["entries"]:
            missing = before[what]
        if missing:
            event, section, entry, session = min(missing, key=str)
            where = f"event {event}, section {section or '-'}, entry {entry}"
            if session is not None:
                where = f"event {event}, session {session}, section {section or '-'}, entry {entry}"
            elif section is None:
                where = f"event {event}, overall standings, entry {entry}"
            count = f"{len(missing)} entr{'y' if len(missing) == 1 else 'ies'}"
            message = (
                f"this version has no {label} for {count} (one: {where}) that the public "
                f"version {number} has: it stays a draft; publish it only if that is meant"
            )
            found.append({"severity": "error", "place": "version", "message": message})
    return found


def _add_version(
    site: Games,
    db: Connection,
    user: User,
    game_id: int,
    filename: str,
    digest: str,
    done: Any,
    problems: list[dict[str, str]],
) -> tuple[int, int]:
    """A new version of the game: its id and number."""
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
        problems=json.dumps(problems),
        events=len(done["events"]),
        finished=False,
    )
    version_id = db.scalar(insert(versions).values(**version).returning(versions.c.id))
    return int(version_id), int(version["number"])


def publish(site: Games, user: User, game_id: int, number: int | None = None) -> dict[str, Any]:
    """Make a version of a game the public one (the newest when ``number`` is None; an older
    one: a roll back). Publishing the public version again changes nothing."""
    with site.engine.begin() as db:
        game = site.game_row(db, game_id)
        if not user.directs(game.club_id):
            raise Forbidden(f"{user.name} does not direct this game's club")
        lock_game(db, game_id)
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


def unpublish(site: Games, user: User, game_id: int) -> dict[str, Any]:
    """Withdraw a game: no version of it is public (the ``public`` row goes; those published
    once show as withdrawn, :func:`bridgeio.site.games.shown_status`, to its directors only),
    its rows leave the analysis tables (players' histories). Publishing a version brings it
    back."""
    with site.engine.begin() as db:
        game = site.game_row(db, game_id)
        if not user.directs(game.club_id):
            raise Forbidden(f"{user.name} does not direct this game's club")
        lock_game(db, game_id)
        _drop_rows(db, game_id)
        db.execute(delete(public).where(public.c.game_id == game_id))
    return {"id": game_id, "status": WITHDRAWN, "url": game_url(game_id)}


def _drop_rows(db: Connection, game_id: int) -> None:
    """Every row of the game's versions in the analysis tables."""
    ids = select(versions.c.id).where(versions.c.game_id == game_id).scalar_subquery()
    for table in (*ANALYSIS.values(), player_ids):
        db.execute(delete(table).where(table.c.file_id.in_(ids)))


def _publish(site: Games, db: Connection, version_id: int) -> None:
    """Make a version the game's public one, its rows the game's rows in the analysis tables
    (in place of every other version's), within the transaction that holds the game's row:
    two publishes at once are one after the other, and the second changes nothing."""
    row = db.execute(select(versions).where(versions.c.id == version_id)).one()
    lock_game(db, row.game_id)
    if row.status != "published":
        db.execute(
            update(versions)
            .where(versions.c.id == version_id)
            .values(status="published", published=now())
        )
    shown = db.scalar(select(public.c.version_id).where(public.c.game_id == row.game_id))
    if shown == version_id:
        return  # public already (a publish at the same moment did it)
    _drop_rows(db, row.game_id)
    if shown is None:
        db.execute(insert(public).values(game_id=row.game_id, version_id=version_id))
    else:
        db.execute(
            update(public).where(public.c.game_id == row.game_id).values(version_id=version_id)
        )
    rows = json.loads(site.store.read(site.output_digest(db, version_id, "tables")))
    insert_rows(site, db, rows, row)
    insert_player_ids(db, rows, row)


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
            if name == "players" and issuer(value.get("player_number"), "", None) is None:
                value["player_number"] = None  # a placeholder names nobody
            for column in dates & value.keys():
                if value[column] is not None:
                    value[column] = datetime.date.fromisoformat(value[column])
            if name == "files":
                value.update(path=version.filename, sha256=version.sha256, size=version.size)
            values.append(value)
        db.execute(insert(table), values)


def insert_player_ids(db: Connection, rows: dict[str, Any], version: Row[Any]) -> None:
    """The players' numbers of a version with the body that issued each (placeholders make
    no row: :func:`bridgeio.site.bodies.issuer`)."""
    listed = []
    for player in rows.get("players", []):
        found = issuer(player.get("player_number"), version.format, player.get("country"))
        if found is not None:
            body, number = found
            listed.append(
                {
                    "file_id": version.id,
                    "event": player["event"],
                    "section": player["section"],
                    "entry": player["entry"],
                    "seat": player["seat"],
                    "body": body,
                    "number": number,
                }
            )
    if listed:
        db.execute(insert(player_ids), listed)
