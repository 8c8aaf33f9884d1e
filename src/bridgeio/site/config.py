"""A site's folder and its settings (``site.json``): where the database is, and the limits
that keep one upload from stopping the site.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> site = create(folder)
>>> site.database.startswith("sqlite:///"), load(folder).limits.upload_bytes
(True, 20000000)
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

SETTINGS = "site.json"
"""The settings file in a site's folder."""


@dataclass
class Limits:
    """What one upload may take: its size, and the time and memory of reading it."""

    upload_bytes: int = 20_000_000
    check_seconds: float = 30.0
    check_memory: int = 1_500_000_000  # bytes of address space a reading process may add
    finish_seconds: float = 600.0  # double-dummy solving and the downloads, after publishing
    workers: int = 2  # uploads read at once
    solve: bool = True  # solve the hands double dummy after publishing (needs endplay)
    body_seconds: float = 20.0  # the longest wait for a request body's next bytes


@dataclass
class Site:
    """A site: its folder, its database's address and its limits."""

    folder: Path
    database: str
    limits: Limits = field(default_factory=Limits)
    proxies: list[str] = field(default_factory=list)
    """The addresses of reverse proxies whose ``X-Forwarded-For`` is believed (none: the
    address a request came from is the client's)."""

    @property
    def files(self) -> Path:
        """Where uploaded files and the pages made from them are kept."""
        return self.folder / "files"

    def save(self) -> None:
        """Write ``site.json`` (readable by its owner only: it may hold the database's
        password)."""
        settings = {
            "database": self.database,
            "limits": asdict(self.limits),
            "proxies": self.proxies,
        }
        text = json.dumps(settings, indent=2) + "\n"
        temporary = self.folder / f".{SETTINGS}.tmp"
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o600)
        os.replace(temporary, self.folder / SETTINGS)


class NotASite(ValueError):
    """A folder that holds no site (or a damaged ``site.json``)."""


def database_url(folder: Path, given: str | None) -> str:
    """The SQLAlchemy address of a site's database: SQLite in the folder by default;
    ``postgresql://`` goes through psycopg 3.

    >>> database_url(Path("/srv/site"), "postgresql://club@db/results")
    'postgresql+psycopg://club@db/results'
    >>> database_url(Path("/srv/site"), None)
    'sqlite:////srv/site/site.db'
    """
    if not given:
        return f"sqlite:///{folder.resolve() / 'site.db'}"
    for plain in ("postgresql://", "postgres://"):
        if given.startswith(plain):
            return "postgresql+psycopg://" + given[len(plain) :]
    if given.startswith(("postgresql+psycopg://", "sqlite:///")):
        return given
    raise ValueError(f"{given}: not a database address (postgresql://... or sqlite:///...)")


def create(folder: str | os.PathLike[str], database: str | None = None) -> Site:
    """Make ``folder`` a site (the folder may exist, but must hold no site yet)."""
    path = Path(folder)
    if (path / SETTINGS).exists():
        raise NotASite(f"{path}: already a site ({SETTINGS} exists)")
    try:
        path.mkdir(parents=True, exist_ok=True)
        site = Site(path.resolve(), database_url(path, database))
        site.files.mkdir(exist_ok=True)
        site.save()
    except OSError as error:
        raise NotASite(f"{path}: cannot be made a site: {error.strerror or error}") from None
    return site


def load(folder: str | os.PathLike[str]) -> Site:
    """The site in ``folder``."""
    path = Path(folder).resolve()
    try:
        settings = json.loads((path / SETTINGS).read_text(encoding="utf-8"))
        limits = Limits(**settings.get("limits", {}))
        proxies = [str(p) for p in settings.get("proxies", [])]
        return Site(path, str(settings["database"]), limits, proxies)
    except (FileNotFoundError, NotADirectoryError):
        raise NotASite(
            f"{folder}: not a site (no {SETTINGS}; bridgeio site init makes one)"
        ) from None
    except OSError as error:
        raise NotASite(f"{folder}: cannot be read: {error.strerror or error}") from None
    except (ValueError, KeyError, TypeError) as error:
        raise NotASite(f"{path / SETTINGS}: damaged ({error})") from None
