"""Files kept under the SHA-256 of their bytes (``files/ab/abcdef...``): the same bytes are
kept once, and a kept file is never overwritten (a new upload of a game is a new file).

>>> import tempfile
>>> store = Store(tempfile.mkdtemp())
>>> digest = store.put(b"[Event \\"x\\"]\\n")
>>> store.put(b"[Event \\"x\\"]\\n") == digest, store.read(digest)
(True, b'[Event "x"]\\n')
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path


class TooLarge(ValueError):
    """More bytes came than the limit allows (nothing was kept)."""


class Store:
    """The content-addressed files of a site."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, digest: str) -> Path:
        """Where the file of ``digest`` is kept."""
        if len(digest) != 64 or not all(c in "0123456789abcdef" for c in digest):
            raise ValueError(f"{digest!r} is not a SHA-256")
        return self.folder / digest[:2] / digest

    def read(self, digest: str) -> bytes:
        """The bytes of ``digest``."""
        return self.path(digest).read_bytes()

    def put(self, data: bytes) -> str:
        """Keep ``data``; its SHA-256."""
        handle = self.incoming()
        handle.write(data)
        return self.keep(handle)

    def clean(self) -> list[Path]:
        """Remove the files being received by servers that are no longer running (a server
        killed during an upload); the files removed."""
        removed = []
        for found in self.folder.glob(".in-*"):
            pid = found.name[4:].split("-", 1)[0]
            if pid.isdigit() and _running(int(pid)):
                continue
            try:
                found.unlink()
                removed.append(found)
            except FileNotFoundError:
                pass
        return removed

    def forget(self, digest: str) -> None:
        """Remove a kept file that nothing refers to (an upload that was refused)."""
        try:
            self.path(digest).unlink()
        except FileNotFoundError:
            pass

    def incoming(self) -> Incoming:
        """A file being received, in the store's folder (so keeping it is a rename)."""
        return Incoming(self.folder)

    def keep(self, incoming: Incoming) -> str:
        """Keep a received file under its SHA-256 (once: the same bytes are there already)."""
        incoming.file.flush()
        os.fsync(incoming.file.fileno())
        incoming.file.close()
        digest = incoming.hash.hexdigest()
        target = self.path(digest)
        target.parent.mkdir(exist_ok=True)
        try:
            os.link(incoming.name, target)  # never replaces a kept file
        except FileExistsError:
            pass
        finally:
            os.unlink(incoming.name)
        return digest


class Incoming:
    """A file being written to the store, hashed as it comes, that a limit can stop."""

    def __init__(self, folder: Path, limit: int | None = None) -> None:
        prefix = f".in-{os.getpid()}-"  # a server that is not running left it: clean() drops it
        self.file = tempfile.NamedTemporaryFile(dir=folder, prefix=prefix, delete=False)
        self.name = self.file.name
        self.hash = hashlib.sha256()
        self.size = 0
        self.limit = limit

    def write(self, chunk: bytes) -> None:
        """Add ``chunk``; :class:`TooLarge` (and the partial file removed) past the limit."""
        self.size += len(chunk)
        if self.limit is not None and self.size > self.limit:
            self.discard()
            raise TooLarge(f"larger than {self.limit} bytes")
        self.hash.update(chunk)
        self.file.write(chunk)

    def discard(self) -> None:
        """Drop what was received."""
        if not self.file.closed:
            self.file.close()
        try:
            os.unlink(self.name)
        except FileNotFoundError:
            pass


def _running(pid: int) -> bool:
    """Whether a process of this id runs (this one's own files are its own)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


async def receive(store: Store, chunks: AsyncIterator[bytes], limit: int) -> Incoming:
    """Receive ``chunks`` into the store's folder, stopping past ``limit`` bytes."""
    incoming = store.incoming()
    incoming.limit = limit
    async for chunk in chunks:
        incoming.write(chunk)
    return incoming
