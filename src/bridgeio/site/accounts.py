"""Clubs, users and how they prove who they are: passwords hashed with Argon2id, logins limited
to :data:`FAILURES_ALLOWED` wrong passwords a minute for a name (and more for an address),
sessions and API tokens kept only as the SHA-256 of their secret.

>>> hashed = hash_password("correct horse")
>>> hashed.startswith("$argon2id$"), verify_password(hashed, "correct horse")
(True, True)
>>> verify_password(hashed, "wrong")
False
"""

from __future__ import annotations

import datetime
import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select

from bridgeio.site.schema import clubs, login_failures, sessions, tokens, users

FAILURES_ALLOWED = 10
"""Wrong passwords a minute for one user name; the next attempt is refused (429)."""

FAILURES_ALLOWED_ADDRESS = 100
"""Wrong passwords a minute from one address, whatever the names."""

SESSION_SECONDS = 14 * 24 * 3600
"""How long a login lasts."""

SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


@dataclass(frozen=True)
class User:
    """Who is asking: a name, the club they direct (its id and slug), and whether an admin."""

    id: int
    name: str
    club_id: int | None
    club: str | None
    admin: bool

    def directs(self, club_id: int) -> bool:
        """Whether this user may upload and publish for the club."""
        return self.admin or self.club_id == club_id


class AccountError(ValueError):
    """A club or user that cannot be added as asked."""


def _hasher() -> Any:
    """Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane): a login costs tens of
    milliseconds, a guess as much."""
    from argon2 import PasswordHasher, Type

    return PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, type=Type.ID)


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (salt and parameters inside)."""
    return str(_hasher().hash(password))


def verify_password(hashed: str, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from (by its own parameters)."""
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return bool(_hasher().verify(hashed, password))
    except (VerificationError, InvalidHashError):
        return False


_DUMMY = ""


def _dummy_hash() -> str:
    """A hash to check an unknown user's password against, so that a wrong name takes as
    long as a wrong password."""
    global _DUMMY
    if not _DUMMY:
        _DUMMY = hash_password(secrets.token_hex(16))
    return _DUMMY


def add_club(db: Connection, slug: str, name: str) -> int:
    """Add a club; its id."""
    if not SLUG.fullmatch(slug):
        raise AccountError(f"{slug!r}: a club's short name is lower-case letters, digits and -")
    if not name.strip():
        raise AccountError("a club needs a name")
    if db.scalar(select(clubs.c.id).where(clubs.c.slug == slug)) is not None:
        raise AccountError(f"club {slug} exists already")
    return int(db.scalar(insert(clubs).values(slug=slug, name=name.strip()).returning(clubs.c.id)))


def add_user(db: Connection, name: str, password: str, club: str | None, admin: bool) -> int:
    """Add a user directing ``club`` (a slug), or an admin of every club; their id."""
    if not name.strip() or len(name) > 100:
        raise AccountError("a user name is 1 to 100 characters")
    if len(password) < 8:
        raise AccountError("a password is at least 8 characters")
    club_id = None
    if club is not None:
        club_id = db.scalar(select(clubs.c.id).where(clubs.c.slug == club))
        if club_id is None:
            raise AccountError(f"no club {club} (bridgeio site add-club adds it)")
    elif not admin:
        raise AccountError("a user directs a club (--club) or is an admin (--admin)")
    if db.scalar(select(users.c.id).where(users.c.name == name)) is not None:
        raise AccountError(f"user {name} exists already")
    row = dict(name=name, password=hash_password(password), club_id=club_id, admin=admin)
    return int(db.scalar(insert(users).values(**row).returning(users.c.id)))


class RateLimited(Exception):
    """Too many wrong passwords in the last minute."""


def log_in(db: Connection, name: str, password: str, address: str) -> User | None:
    """The user whose name and password these are (None: wrong); :class:`RateLimited`
    after :data:`FAILURES_ALLOWED` wrong passwords for the name in a minute."""
    now = time.time()
    keys = {f"user:{name[:100]}": FAILURES_ALLOWED, f"address:{address}": FAILURES_ALLOWED_ADDRESS}
    for key, allowed in keys.items():
        recent = db.scalar(
            select(func.count())
            .select_from(login_failures)
            .where(login_failures.c.key == key, login_failures.c.at > now - 60)
        )
        if (recent or 0) >= allowed:
            raise RateLimited(key)
    row = db.execute(select(users.c.id, users.c.password).where(users.c.name == name)).first()
    if row is not None and verify_password(row.password, password):
        return user_by_id(db, row.id)
    if row is None:
        verify_password(_dummy_hash(), password)
    db.execute(delete(login_failures).where(login_failures.c.at < now - 60))
    db.execute(insert(login_failures), [{"key": key, "at": now} for key in keys])
    return None


def user_by_id(db: Connection, user_id: int) -> User | None:
    """The user of an id."""
    row = db.execute(
        select(users.c.id, users.c.name, users.c.club_id, users.c.admin, clubs.c.slug)
        .select_from(users.outerjoin(clubs, users.c.club_id == clubs.c.id))
        .where(users.c.id == user_id)
    ).first()
    if row is None:
        return None
    return User(row.id, row.name, row.club_id, row.slug, bool(row.admin))


def digest(secret: str) -> str:
    """What is kept of a session's or token's secret."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def new_session(db: Connection, user: User) -> str:
    """A new session's secret (the cookie's value)."""
    secret = secrets.token_urlsafe(32)
    expires = time.time() + SESSION_SECONDS
    db.execute(insert(sessions).values(digest=digest(secret), user_id=user.id, expires=expires))
    return secret


def session_user(db: Connection, secret: str) -> User | None:
    """The user of a session cookie that has not expired."""
    user_id = db.scalar(
        select(sessions.c.user_id).where(
            sessions.c.digest == digest(secret), sessions.c.expires > time.time()
        )
    )
    return None if user_id is None else user_by_id(db, user_id)


def end_session(db: Connection, secret: str) -> None:
    """Log out."""
    db.execute(delete(sessions).where(sessions.c.digest == digest(secret)))


def new_token(db: Connection, user: User) -> str:
    """A new API token for ``user`` (shown once; only its digest is kept)."""
    secret = "bio_" + secrets.token_urlsafe(32)
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    db.execute(insert(tokens).values(digest=digest(secret), user_id=user.id, created=now))
    return secret


def token_user(db: Connection, secret: str) -> User | None:
    """The user of a bearer token."""
    user_id = db.scalar(select(tokens.c.user_id).where(tokens.c.digest == digest(secret)))
    return None if user_id is None else user_by_id(db, user_id)
