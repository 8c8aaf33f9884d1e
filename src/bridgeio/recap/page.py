"""Recap pages as HTML: Jinja2 templates with autoescaping (every name, club and title from a
file is text, never markup), the style sheet and the sorting script inline, and a
Content-Security-Policy that lets the page run only those two (by their SHA-256 hashes):
no other script, style, image, font or connection.

>>> import bridgeio
>>> html = game_page(bridgeio.read("examples/club-game.ACA").events[0], "club-game")
>>> html.startswith("<!DOCTYPE html>"), "default-src 'none'" in html, html.count("<script>")
(True, True, 1)
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
from collections.abc import Sequence
from pathlib import Path

import jinja2

from bridgeio import __version__
from bridgeio.model.deals import DealSet
from bridgeio.model.results import Event
from bridgeio.recap.text import SUITS, number_text
from bridgeio.recap.view import Game

TEMPLATES = Path(__file__).parent / "templates"
"""The page templates, style sheet and script (package data)."""


@functools.cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.globals.update(suits=SUITS, version=__version__)
    environment.filters["num"] = number_text
    return environment


@functools.cache
def _inline() -> dict[str, str]:
    """The style sheet, the script and the policy that allows exactly them."""
    css = (TEMPLATES / "recap.css").read_text(encoding="utf-8")
    js = (TEMPLATES / "recap.js").read_text(encoding="utf-8")
    policy = (
        f"default-src 'none'; style-src '{_hash(css)}'; script-src '{_hash(js)}'; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )
    return {"css": css, "js": js, "csp": policy}


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def content_security_policy() -> str:
    """The policy every recap page carries in its meta tag.

    >>> content_security_policy().split("; ")[0]
    "default-src 'none'"
    """
    return _inline()["csp"]


def render_game(
    game: Game,
    source: str,
    index: str = "",
    deals: DealSet | None = None,
    links: Sequence[tuple[str, str]] = (),
) -> str:
    """The HTML of one game's page; ``index`` links back to a site's index page, ``deals``
    (the game's hand record) is offered for download as PBN, ``links`` (text, address) are
    more entries of the page's contents (a results site's downloads)."""
    pbn = pbn_uri(deals) if game.boards and any(b.hands.hands for b in game.boards) else None
    return (
        _environment()
        .get_template("game.html.j2")
        .render(
            game=game,
            source=source,
            index=index,
            pbn=pbn,
            pbn_name=f"{_file_stem(game.title)}.pbn",
            moves=any(s.moves for s in game.sections),
            teams=any(s.matches for s in game.sections),
            links=links,
            **_inline(),
        )
    )


def game_page(event: Event, source: str, index: str = "") -> str:
    """The HTML of one event's page (:func:`render_game` of :meth:`Game.of`)."""
    return render_game(Game.of(event, source), source, index, event.deals)


def index_page(games: list[tuple[str, Game]]) -> str:
    """The index of a site: each game's title linking to its page (``href``).

    >>> index_page([("a.html", Game("Monday Pairs", ["Club"], [], []))]).count('href="a.html"')
    1
    """
    return _environment().get_template("index.html.j2").render(games=games, **_inline())


def pbn_uri(deals: DealSet | None) -> str | None:
    """The hands (board numbers, cards, double-dummy tricks; nothing else of the source) as a
    PBN file in a ``data:`` URI; None without complete hands.

    >>> from bridgeio.model.deals import Deal
    >>> d = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    >>> pbn_uri(DealSet.from_deals([d]))[:36]
    'data:application/x-chess-pbn;base64,'
    """
    from bridgeio.core import write

    if deals is None or deals.seats is None or not len(deals):
        return None
    plain = DealSet(seats=deals.seats, tricks=deals.tricks, boards=deals.boards)
    buffer = io.BytesIO()
    write(plain, buffer, "pbn")
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"data:application/x-chess-pbn;base64,{encoded}"


def _file_stem(title: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in title).strip("-").lower()
    return "-".join(p for p in kept.split("-") if p)[:60] or "hands"
