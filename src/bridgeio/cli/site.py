"""``bridgeio site``: make a results site and add its clubs and users (``bridgeio serve``
runs it)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from bridgeio.cli.status import Failure


@click.group()
def site() -> None:
    """Make a results site (a folder) and add its clubs and users; bridgeio serve runs it."""


def _subcommand(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Make a function a subcommand of ``bridgeio site`` (the module's one command is the
    group; the function stays a plain function here)."""

    def register(function: Callable[..., None]) -> Callable[..., None]:
        site.command(name)(function)
        return function

    return register


def open_site(folder: str, migrate: bool = True) -> Any:
    """The site in ``folder`` and its database engine, the schema brought up to date."""
    from bridgeio.site import SiteMissing, require

    try:
        require()
    except SiteMissing as error:
        raise Failure(str(error)) from None
    from sqlalchemy.exc import SQLAlchemyError

    from bridgeio.site import config, db

    try:
        found = config.load(folder)
        engine = db.connect(found.database)
        if migrate:
            db.migrate(engine)
    except config.NotASite as error:
        raise Failure(str(error)) from None
    except SQLAlchemyError as error:
        raise Failure(f"{folder}: the database cannot be used: {_first_line(error)}") from None
    return found, engine


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


@_subcommand("init")
@click.argument("folder", metavar="DIR")
@click.option("--db", "database", metavar="URL", help="postgresql://... (default: SQLite in DIR)")
def init(folder: str, database: str | None) -> None:
    """Make DIR a results site: its settings, its file store and its database."""
    from bridgeio.site import SiteMissing, config, require

    try:
        require()
        made = config.create(folder, database)
    except (SiteMissing, ValueError) as error:
        raise Failure(str(error)) from None
    _, engine = open_site(folder)
    engine.dispose()
    click.echo(
        f"bridgeio: {made.folder}: a results site (database {_shown(made.database)})", err=True
    )
    click.echo(f"next: bridgeio site add-club {folder} SLUG NAME", err=True)


def _shown(url: str) -> str:
    """A database address without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@_subcommand("add-club")
@click.argument("folder", metavar="DIR")
@click.argument("slug")
@click.argument("name")
def add_club(folder: str, slug: str, name: str) -> None:
    """Add a club: SLUG is its short name in addresses (/clubs/SLUG), NAME its full name."""
    from bridgeio.site.accounts import add_club as add

    _change(folder, lambda db: add(db, slug, name))
    click.echo(f"bridgeio: club {slug} added", err=True)


@_subcommand("add-user")
@click.argument("folder", metavar="DIR")
@click.argument("user")
@click.option("--club", metavar="SLUG", help="The club this user directs.")
@click.option("--admin", is_flag=True, help="May add clubs and publish for every club.")
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def add_user(folder: str, user: str, club: str | None, admin: bool, password_stdin: bool) -> None:
    """Add a user who directs a club (--club), or an admin; the password is asked for, or
    read from standard input (--password-stdin)."""
    from bridgeio.site.accounts import add_user as add

    password = _password(password_stdin)
    _change(folder, lambda db: add(db, user, password, club, admin))
    click.echo(f"bridgeio: user {user} added", err=True)


def _change(folder: str, change: Callable[[Any], object]) -> None:
    """Run ``change`` on the site's database in one transaction (an account's refusal: its
    message, as the command's failure)."""
    from bridgeio.site.accounts import AccountError

    _, engine = open_site(folder)
    try:
        with engine.begin() as db:
            change(db)
    except AccountError as error:
        raise Failure(str(error)) from None
    finally:
        engine.dispose()


def _password(from_stdin: bool) -> str:
    """The password given on standard input, or asked for on the terminal."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if sys.stdin.isatty():
        return str(click.prompt("Password", hide_input=True, confirmation_prompt=True))
    raise Failure("no terminal to ask the password on: give it with --password-stdin")


@_subcommand("set-password")
@click.argument("folder", metavar="DIR")
@click.argument("user")
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def set_password(folder: str, user: str, password_stdin: bool) -> None:
    """Give USER a new password (asked for, or read from standard input); their logins end."""
    from bridgeio.site.accounts import set_password as change

    password = _password(password_stdin)
    _change(folder, lambda db: change(db, user, password))
    click.echo(f"bridgeio: password of {user} changed (their sessions ended)", err=True)


@_subcommand("remove-user")
@click.argument("folder", metavar="DIR")
@click.argument("user")
def remove_user(folder: str, user: str) -> None:
    """Remove USER, their logins and their API tokens (what they uploaded stays)."""
    from bridgeio.site.accounts import remove_user as remove

    _change(folder, lambda db: remove(db, user))
    click.echo(f"bridgeio: user {user} removed", err=True)
