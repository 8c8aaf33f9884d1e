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
import os
from collections.abc import Sequence
from pathlib import Path

import jinja2

from bridgeio import __version__
from bridgeio.model.deals import DealSet
from bridgeio.model.results import Event
from bridgeio.recap.markup import HELPERS
from bridgeio.recap.text import SUITS, number_text
from bridgeio.recap.view import Game

TEMPLATES = Path(__file__).parent / "templates"
"""The page templates, style sheet and script (package data)."""


def environment(templates: Path, cache: jinja2.BytecodeCache | None = None) -> jinja2.Environment:
    """The Jinja2 settings of every page bridgeio makes (the recap's, the site's): templates
    from ``templates``, everything escaped, a missing value an error, numbers shown by
    ``num``, bridgeio's ``version``.

    >>> environment(TEMPLATES).from_string("{{ x|num }} {{ y }}").render(x=2.5, y="<b>")
    '2.5 &lt;b&gt;'
    """
    made = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=cache,
    )
    made.filters["num"] = number_text
    made.globals["version"] = __version__
    return made


@functools.cache
def _environment() -> jinja2.Environment:
    made = environment(TEMPLATES, _compiled_templates())
    made.globals.update(HELPERS, suits=SUITS)
    return made


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Templates compiled once and kept (a cache Jinja checks against each template's
    source and Python's version), so that a recap does not compile them every time; a
    cache that cannot be written is only not kept."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _compiled_templates() -> jinja2.BytecodeCache | None:
    """Where compiled templates are kept: ``$BRIDGEIO_CACHE``, else the user's cache folder
    (``$XDG_CACHE_HOME/bridgeio``, ``~/.cache/bridgeio``); None where it cannot be made."""
    base = os.environ.get("BRIDGEIO_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "bridgeio",
    )
    folder = os.path.join(base, "recap-templates")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return None
    return _CompiledTemplates(folder) if os.access(folder, os.W_OK | os.X_OK) else None


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
    players: str = "",
) -> str:
    """The HTML of one game's page; ``index`` links back to a site's index page, ``deals``
    (the game's hand record) is offered for download as PBN, ``links`` (text, address) are
    more entries of the page's contents (a results site's downloads); ``players``, a results
    site's address of a player's page, links each scorecard's players to theirs (with
    ``?number=...&name=...``)."""
    return render_games([(game, deals)], source, index, links, players)


def render_games(
    games: list[tuple[Game, DealSet | None]],
    source: str,
    index: str = "",
    links: Sequence[tuple[str, str]] = (),
    players: str = "",
) -> str:
    """The HTML of one page showing ``games`` (each with its hand record) one after another:
    the events of one file. Their ids must differ (:meth:`Game.of`'s ``prefix``).

    >>> import bridgeio
    >>> doc = bridgeio.read("examples/club-game.ACA")
    >>> two = [(Game.of(doc.events[0], "x", p), None) for p in ("", "e2-")]
    >>> html = render_games(two, "x")
    >>> html.count('<article class="game"'), 'id="e2-standings"' in html
    (2, True)
    """
    parts = [
        {
            "game": game,
            "pbn": pbn_uri(deals) if game.boards and any(b.hands.hands for b in game.boards)
            else None,
            "pbn_name": f"{_file_stem(game.title)}.pbn",
            "moves": any(s.moves for s in game.sections),
            "teams": any(s.matches for s in game.sections),
        }
        for game, deals in games
    ]  # fmt: skip
    titles = list(dict.fromkeys(game.title for game, _ in games))
    return (
        _environment()
        .get_template("game.html.j2")
        .render(
            parts=parts,
            title=" · ".join(titles),
            source=source,
            index=index,
            links=links,
            players=players,
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
