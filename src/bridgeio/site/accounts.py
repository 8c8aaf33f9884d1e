"""Clubs, users and how they prove who they are: passwords (at least :data:`PASSWORD_LENGTH`
characters) hashed with Argon2id, logins limited to :data:`FAILURES_ALLOWED` wrong passwords a
minute for a name from one address (and more for an address, whatever the names), sessions and
API tokens kept only as the SHA-256 of their secret; a token lasts :data:`TOKEN_DAYS` days.

>>> hashed = hash_password("correct horse battery")
>>> hashed.startswith("$argon2id$"), verify_password(hashed, "correct horse battery")
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

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from bridgeio.site.schema import clubs, login_failures, sessions, tokens, users, versions

FAILURES_ALLOWED = 10
"""Wrong passwords a minute for one user name from one address; the next attempt is refused
(429). Another address is not slowed down: nobody can lock a director out."""

FAILURES_ALLOWED_ADDRESS = 100
"""Wrong passwords a minute from one address, whatever the names."""

SESSION_SECONDS = 14 * 24 * 3600
"""How long a login lasts."""

TOKEN_DAYS = 365
"""How long an API token lasts from when it was made (a scoring program runs unattended for a
season; a token is revoked sooner with ``DELETE /api/tokens/{id}``)."""

PASSWORD_LENGTH = 12
"""The fewest characters of a password (ASVS 2.1.1)."""

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
    _check_password(password)
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


def _check_password(password: str) -> None:
    if len(password) < PASSWORD_LENGTH:
        raise AccountError(f"a password is at least {PASSWORD_LENGTH} characters")


def set_password(db: Connection, name: str, password: str) -> None:
    """Give a user a new password; their sessions end (tokens stay: revoke them apart)."""
    _check_password(password)
    user_id = db.scalar(select(users.c.id).where(users.c.name == name))
    if user_id is None:
        raise AccountError(f"no user {name}")
    db.execute(update(users).where(users.c.id == user_id).values(password=hash_password(password)))
    db.execute(delete(sessions).where(sessions.c.user_id == user_id))


def remove_user(db: Connection, name: str) -> None:
    """Remove a user, their sessions and tokens (the versions they uploaded stay)."""
    user_id = db.scalar(select(users.c.id).where(users.c.name == name))
    if user_id is None:
        raise AccountError(f"no user {name}")
    db.execute(delete(sessions).where(sessions.c.user_id == user_id))
    db.execute(delete(tokens).where(tokens.c.user_id == user_id))
    db.execute(update(versions).where(versions.c.user_id == user_id).values(user_id=None))
    db.execute(delete(users).where(users.c.id == user_id))


def log_in(engine: Engine, name: str, password: str, address: str) -> User | None:
    """The user whose name and password these are (None: wrong); :class:`RateLimited`
    after :data:`FAILURES_ALLOWED` wrong passwords for the name from ``address`` in a minute
    (or :data:`FAILURES_ALLOWED_ADDRESS` from the address). An attempt is counted before the
    password is checked (a row of its own, committed), so guesses sent at once are counted
    as they come and the ones past the limit are refused without a check."""
    now = time.time()
    keys = {
        f"user:{name[:100]}|{address}": FAILURES_ALLOWED,
        f"address:{address}": FAILURES_ALLOWED_ADDRESS,
    }
    reserved = _count_attempt(engine, keys, now)
    with engine.connect() as db:
        row = db.execute(select(users.c.id, users.c.password).where(users.c.name == name)).first()
    if row is not None and verify_password(row.password, password):
        with engine.begin() as db:  # a right password is not a failure
            db.execute(delete(login_failures).where(login_failures.c.id.in_(reserved)))
            return user_by_id(db, row.id)
    if row is None:
        verify_password(_dummy_hash(), password)
    return None


def _count_attempt(engine: Engine, keys: dict[str, int], now: float) -> list[int]:
    """Count an attempt under each key; :class:`RateLimited` (and the attempt not counted)
    when one of them had its allowance in the last minute before this one."""
    with engine.begin() as db:
        db.execute(delete(login_failures).where(login_failures.c.at < now - 60))
        reserved = [
            int(
                db.scalar(
                    insert(login_failures).values(key=key, at=now).returning(login_failures.c.id)
                )
            )
            for key in keys
        ]
    with engine.connect() as db:
        for (key, allowed), mine in zip(keys.items(), reserved, strict=True):
            before = db.scalar(
                select(func.count())
                .select_from(login_failures)
                .where(login_failures.c.key == key, login_failures.c.at > now - 60)
                .where(login_failures.c.id <= mine)
            )
            if (before or 0) > allowed:
                break
        else:
            return reserved
    with engine.begin() as db:
        db.execute(delete(login_failures).where(login_failures.c.id.in_(reserved)))
    raise RateLimited(key)


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


def new_token(db: Connection, user: User) -> tuple[int, str]:
    """A new API token for ``user``: its id and secret (shown once; only its digest is
    kept). It lasts :data:`TOKEN_DAYS` days."""
    secret = "bio_" + secrets.token_urlsafe(32)
    now = _utc_now()
    expires = now + datetime.timedelta(days=TOKEN_DAYS)
    row = dict(digest=digest(secret), user_id=user.id, created=now, expires=expires)
    return int(db.scalar(insert(tokens).values(**row).returning(tokens.c.id))), secret


def _utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None, microsecond=0)


def token_user(db: Connection, secret: str) -> User | None:
    """The user of a bearer token that has not expired (its use noted, to the minute)."""
    now = _utc_now()
    row = db.execute(
        select(tokens.c.id, tokens.c.user_id, tokens.c.last_used, tokens.c.expires).where(
            tokens.c.digest == digest(secret)
        )
    ).first()
    if row is None or (row.expires is not None and row.expires <= now):
        return None
    if row.last_used is None or now - row.last_used > datetime.timedelta(minutes=1):
        db.execute(update(tokens).where(tokens.c.id == row.id).values(last_used=now))
        db.commit()
    return user_by_id(db, row.user_id)


def list_tokens(db: Connection, user: User) -> list[dict[str, Any]]:
    """A user's tokens, oldest first: id, when made, last used and expiring (never the
    secret)."""
    rows = db.execute(
        select(tokens.c.id, tokens.c.created, tokens.c.last_used, tokens.c.expires)
        .where(tokens.c.user_id == user.id)
        .order_by(tokens.c.id)
    ).all()
    return [
        {
            "id": r.id,
            "created": _iso(r.created),
            "last_used": _iso(r.last_used),
            "expires": _iso(r.expires),
        }
        for r in rows
    ]


def _iso(when: datetime.datetime | None) -> str | None:
    return None if when is None else when.isoformat() + "Z"


def revoke_token(db: Connection, user: User, token_id: int) -> bool:
    """Delete a token of ``user``; whether there was one."""
    done = db.execute(delete(tokens).where(tokens.c.id == token_id, tokens.c.user_id == user.id))
    return bool(done.rowcount)
