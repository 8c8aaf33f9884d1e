"""Games and their versions as the site shows them: clubs, a club's games, a game's versions,
the pages and downloads of a version (made once and kept; a download not made yet is made in a
worker when first asked for). Uploading and publishing: :mod:`bridgeio.site.publishing`;
what follows publishing: :mod:`bridgeio.site.finishing`.
"""

from __future__ import annotations

import datetime
import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Row, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError

from bridgeio.site.accounts import User
from bridgeio.site.config import Site
from bridgeio.site.jobs import GAME
from bridgeio.site.schema import ANALYSIS, clubs, games, outputs, public, versions
from bridgeio.site.storage import Store
from bridgeio.site.worker import JobFailed, Workers


class NotFound(LookupError):
    """No such club, game or version (or not one this user may see)."""


class Forbidden(PermissionError):
    """Not this user's club."""


class Unreadable(ValueError):
    """The upload cannot be published: why (the reader's FormatError, or a limit)."""


@dataclass(frozen=True)
class Club:
    """A club: id, short name (in addresses) and name."""

    id: int
    slug: str
    name: str


def now() -> datetime.datetime:
    """The time in UTC, to the second (as the database keeps it)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None, microsecond=0)


WITHDRAWN = "withdrawn"
"""What a version published once shows as when it is not public (its game unpublished, or
rolled back to an older version): a status of the pages and the API, not of the database,
whose ``public`` table alone says which version is public."""


def shown_status(status: str, number: int, public: int | None) -> str:
    """What a version (its stored ``status`` and ``number``) is, the game's public version
    being number ``public`` (None: none is): a draft; published (the public version or one
    it replaced, still reachable); :data:`WITHDRAWN` (published once, taken back).

    >>> [shown_status("published", n, 2) for n in (1, 2, 3)]
    ['published', 'published', 'withdrawn']
    >>> shown_status("published", 1, None), shown_status("draft", 1, 2)
    ('withdrawn', 'draft')
    """
    if status != "published":
        return status
    return "published" if public is not None and number <= public else WITHDRAWN


def game_url(game_id: int) -> str:
    """The address of a game's page."""
    return f"/games/{game_id}"


class Games:
    """The games of a site: its database, its files and its workers."""

    def __init__(self, site: Site, engine: Engine, workers: Workers) -> None:
        self.site = site
        self.engine = engine
        self.store = Store(site.files)
        self.workers = workers
        self.cache: dict[str, bytes] = {}
        self.cache_lock = threading.Lock()
        self.columns = {
            name: {c["name"] for c in inspect(engine).get_columns(name)} for name in ANALYSIS
        }

    # clubs ---------------------------------------------------------------------------------

    def clubs(self) -> list[Club]:
        """Every club, by name."""
        with self.engine.connect() as db:
            rows = db.execute(select(clubs).order_by(clubs.c.name)).all()
        return [Club(r.id, r.slug, r.name) for r in rows]

    def club(self, slug: str) -> Club:
        """The club of a short name."""
        with self.engine.connect() as db:
            row = db.execute(select(clubs).where(clubs.c.slug == slug)).first()
        if row is None:
            raise NotFound(f"no club {slug}")
        return Club(row.id, row.slug, row.name)

    # uploading and publishing --------------------------------------------------------------

    def output_digest(self, db: Connection, version_id: int, kind: str) -> str:
        """The digest of the file ``kind`` of a version (within ``db``'s transaction)."""
        digest = db.scalar(
            select(outputs.c.sha256).where(
                outputs.c.version_id == version_id, outputs.c.kind == kind
            )
        )
        if digest is None:
            raise NotFound(f"version {version_id} has no {kind}")
        return str(digest)

    def game_row(self, db: Connection, game_id: int) -> Row[Any]:
        """A game's row."""
        row = db.execute(select(games).where(games.c.id == game_id)).first()
        if row is None:
            raise NotFound(f"no game {game_id}")
        return row

    def current(self, db: Connection, game_id: int) -> Row[Any] | None:
        """The game's public version (the one published last: :mod:`publishing`)."""
        return db.execute(
            select(versions)
            .select_from(public.join(versions, versions.c.id == public.c.version_id))
            .where(public.c.game_id == game_id)
        ).first()

    def version(self, game_id: int, number: int | None, user: User | None) -> Row[Any]:
        """A version of a game that ``user`` may see (None: the public version; a version
        not :func:`shown_status` published: its directors only)."""
        with self.engine.connect() as db:
            game = self.game_row(db, game_id)
            current = self.current(db, game_id)
            if number is None:
                row = current
            else:
                row = db.execute(
                    select(versions).where(
                        versions.c.game_id == game_id, versions.c.number == number
                    )
                ).first()
                shown = None if current is None else current.number
                if row is not None and shown_status(row.status, number, shown) != "published":
                    if user is None or not user.directs(game.club_id):
                        row = None
        if row is None:
            raise NotFound(
                f"game {game_id} has no published version"
                if number is None
                else f"game {game_id} has no version {number}"
            )
        return row

    def output(self, version: Row[Any], kind: str) -> tuple[str | None, str | None]:
        """The file ``kind`` made of a version: its digest, or why it could not be made."""
        with self.engine.connect() as db:
            row = db.execute(
                select(outputs.c.sha256, outputs.c.error).where(
                    outputs.c.version_id == version.id, outputs.c.kind == kind
                )
            ).first()
        if row is None:
            raise NotFound(kind)
        return row.sha256, row.error

    def download(
        self, version: Row[Any], ext: str, event: int | None = None
    ) -> tuple[bytes | None, str | None]:
        """A download of a version (of its event ``event``, from 1, when given): its bytes,
        or why it cannot be made (made now, in a worker, when the background thread has not
        made it yet)."""
        if ext == "json" and event is None:
            digest, _ = self.output(version, "json")
            return self.store.read(str(digest)), None
        kind = ext if event is None else f"{ext}-{event}"
        try:
            digest, error = self.output(version, kind)
        except NotFound:
            limits = self.site.limits
            try:
                data, error = self.workers.run(
                    "convert",
                    (str(self.store.path(version.sha256)), ext, event),
                    limits.check_seconds,
                    limits.check_memory,
                )
            except JobFailed as failed:
                data, error = None, str(failed)
            digest = self.keep_output(version.id, kind, data, error)
        return (None, error) if digest is None else (self.store.read(digest), None)

    def keep_output(
        self, version_id: int, kind: str, data: bytes | None, error: str | None
    ) -> str | None:
        """Keep a file made of a version (or why it could not be made); its digest."""
        digest = None if data is None else self.store.put(data)
        values = {"sha256": digest, "error": error}
        mine = (outputs.c.version_id == version_id) & (outputs.c.kind == kind)
        for _ in range(3):  # another request may make the same file at the same moment
            try:
                with self.engine.begin() as db:
                    if db.execute(update(outputs).where(mine).values(**values)).rowcount:
                        break
                    db.execute(insert(outputs).values(version_id=version_id, kind=kind, **values))
                break
            except IntegrityError:
                continue
        return digest

    def page(self, game_id: int, number: int | None, user: User | None, event: int = 1) -> bytes:
        """A version's recap page of event ``event`` (the public version's: one query, and
        the page from memory when it was read lately: a page's digest is its content)."""
        if number is None:
            with self.engine.connect() as db:
                digest = db.scalar(
                    select(outputs.c.sha256)
                    .select_from(public.join(outputs, outputs.c.version_id == public.c.version_id))
                    .where(public.c.game_id == game_id, outputs.c.kind == f"page-{event}")
                )
            if digest is None:
                raise NotFound(f"game {game_id} has no published page {event}")
        else:
            digest, _ = self.output(self.version(game_id, number, user), f"page-{event}")
        return self.read_cached(str(digest))

    def read_cached(self, digest: str) -> bytes:
        """A kept file, from memory when read lately (the last few hundred pages)."""
        found = self.cache.get(digest)
        if found is None:
            found = self.store.read(digest)
            with self.cache_lock:
                self.cache[digest] = found
                while len(self.cache) > 256:
                    self.cache.pop(next(iter(self.cache)))
        return found

    def listing(self, club: Club, user: User | None) -> list[dict[str, Any]]:
        """A club's games, newest first: published ones, and drafts for its directors (each
        with the number and file name of the version shown: the public one, else the newest;
        for directors, ``newer_draft``: the number of a version newer than the public one)."""
        drafts = user is not None and user.directs(club.id)
        query = (
            select(games.c.id, games.c.date, games.c.name, versions.c.number)
            .add_columns(versions.c.status, versions.c.filename, public.c.version_id)
            .add_columns(versions.c.id.label("version"))
            .select_from(
                games.join(versions, versions.c.game_id == games.c.id).outerjoin(
                    public, public.c.game_id == games.c.id
                )
            )
            .where(games.c.club_id == club.id)
            .order_by(games.c.date.desc(), games.c.id.desc(), versions.c.number)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        shown: dict[int, dict[str, Any]] = {}
        for r in rows:  # by version: the public one is shown, else the newest
            game = shown.setdefault(r.id, {"status": "draft"})
            if r.version_id is not None and r.version_id != r.version:
                if drafts and r.number > game.get("version", r.number):
                    game["newer_draft"] = r.number
                continue
            game.update(
                version=r.number,
                id=r.id,
                date=r.date.isoformat() if r.date else None,
                name=r.name,
                status=r.status,
                url=game_url(r.id),
                filename=r.filename,
            )
        return [g for g in shown.values() if drafts or g["status"] == "published"]

    def public_number(self, game_id: int) -> int | None:
        """The number of the game's public version (None: no version is public)."""
        with self.engine.connect() as db:
            found = db.scalar(
                select(versions.c.number)
                .select_from(public.join(versions, versions.c.id == public.c.version_id))
                .where(public.c.game_id == game_id)
            )
        return None if found is None else int(found)

    def versions(self, game_id: int, user: User | None) -> tuple[Row[Any], list[Row[Any]]]:
        """A game and its versions that ``user`` may see, oldest first (not its directors:
        those :func:`shown_status` published)."""
        with self.engine.connect() as db:
            game = self.game_row(db, game_id)
            rows = db.execute(
                select(versions).where(versions.c.game_id == game_id).order_by(versions.c.number)
            ).all()
            current = self.current(db, game_id)
        if user is None or not user.directs(game.club_id):
            shown = None if current is None else current.number
            rows = [r for r in rows if shown_status(r.status, r.number, shown) == "published"]
            if not rows:
                raise NotFound(f"no game {game_id}")
        return game, list(rows)

    # after publishing ----------------------------------------------------------------------


def placed(page: str, game_id: int) -> bytes:
    """A page with the game's address where the job wrote :data:`GAME`."""
    return page.replace(GAME, game_url(game_id)).encode("utf-8")
