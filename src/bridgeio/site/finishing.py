"""What follows publishing when the site solves hands (``solve`` in ``site.json``, and endplay
installed), in a background thread, one version at a time and at a lower priority than
uploads: the hands solved double dummy, the pages made again with makeable contracts and par,
the deals' rows with their tricks, and every download. A version left unfinished by a stop is
finished at the next start. (Without solving, a download is made when first asked for.)
"""

from __future__ import annotations

import queue
import threading

from sqlalchemy import delete, select, update

from bridgeio.site.games import Games, placed
from bridgeio.site.publishing import insert_rows, lock_game
from bridgeio.site.schema import ANALYSIS, clubs, games, versions
from bridgeio.site.worker import JobFailed


class Finisher:
    """The background thread that finishes published versions."""

    def __init__(self, site: Games) -> None:
        self.site = site
        self.pending: queue.Queue[int | None] = queue.Queue()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread (the versions a stop left unfinished first), when the site
        solves hands and can."""
        import importlib.util

        if not self.site.site.limits.solve or importlib.util.find_spec("endplay") is None:
            return
        with self.site.engine.connect() as db:
            left = db.scalars(
                select(versions.c.id).where(versions.c.status == "published", ~versions.c.finished)
            ).all()
        for version_id in left:
            self.pending.put(version_id)
        self.thread = threading.Thread(target=self._run, name="finisher", daemon=True)
        self.thread.start()

    def add(self, version_id: int) -> None:
        """Finish a version just published (when the thread runs)."""
        if self.thread is not None:
            self.pending.put(version_id)

    def stop(self) -> None:
        """Stop the thread after the job it is doing."""
        if self.thread is not None:
            self.pending.put(None)
            self.thread.join(timeout=5)

    def _run(self) -> None:
        while (version_id := self.pending.get()) is not None:
            try:
                self.finish(version_id)
            except Exception:  # a version that cannot be finished stays as it was published
                continue

    def finish(self, version_id: int) -> None:
        """Solve a published version's hands, make its pages again and its downloads."""
        site = self.site
        with site.engine.connect() as db:
            row = db.execute(
                select(versions, clubs.c.slug)
                .select_from(versions.join(games).join(clubs))
                .where(versions.c.id == version_id)
            ).first()
        if row is None or row.finished:
            return
        limits = site.site.limits
        args = (str(site.store.path(row.sha256)), row.filename, f"/clubs/{row.slug}", limits.solve)
        try:
            done = site.workers.run("finish", args, limits.finish_seconds, limits.check_memory, 10)
        except JobFailed:
            done = {"downloads": {}}
        for ext, (data, error) in done["downloads"].items():
            site.keep_output(version_id, ext, data, error)
        for n, page in enumerate(done.get("pages", []), 1):
            site.keep_output(version_id, f"page-{n}", placed(page, row.game_id), None)
        with site.engine.begin() as db:
            lock_game(db, row.game_id)
            current = site.current(db, row.game_id)
            if "tables" in done and current is not None and current.id == version_id:
                for name in done["tables"]:
                    db.execute(delete(ANALYSIS[name]).where(ANALYSIS[name].c.file_id == version_id))
                insert_rows(site, db, done["tables"], row)
            db.execute(update(versions).where(versions.c.id == version_id).values(finished=True))
