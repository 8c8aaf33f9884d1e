"""An Atom feed (RFC 4287) of a club's published games, newest first.

>>> text = atom("http://x", "c", "Club <c>", [{"id": 1, "name": "Pairs & Co", "date": None,
...     "published": datetime.datetime(2024, 5, 1, 20, 0)}])
>>> "<title>Pairs &amp; Co</title>" in text and 'href="http://x/games/1"' in text
True
"""

from __future__ import annotations

import datetime
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from sqlalchemy import Engine, select

from bridgeio.site.games import Club
from bridgeio.site.schema import games, public, versions


def published(engine: Engine, club: Club, limit: int = 50) -> list[dict[str, Any]]:
    """The club's games with a public version, the last published first."""
    query = (
        select(games.c.id, games.c.name, games.c.date, versions.c.published)
        .select_from(
            public.join(versions, versions.c.id == public.c.version_id).join(
                games, games.c.id == public.c.game_id
            )
        )
        .where(games.c.club_id == club.id)
        .order_by(versions.c.published.desc(), games.c.id.desc())
        .limit(limit)
    )
    with engine.connect() as db:
        return [dict(r._mapping) for r in db.execute(query).all()]


def _time(moment: datetime.datetime | None) -> str:
    return (moment or datetime.datetime(2000, 1, 1)).strftime("%Y-%m-%dT%H:%M:%SZ")


def atom(base: str, slug: str, name: str, found: list[dict[str, Any]]) -> str:
    """The feed's XML: ``base`` is the site's address (``https://results.example``)."""
    home = f"{base}/clubs/{slug}"
    updated = max((g["published"] for g in found if g["published"]), default=None)
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"<title>{escape(name)}: results</title>",
        f"<id>{escape(home)}</id>",
        f'<link rel="alternate" type="text/html" href={quoteattr(home)}/>',
        f'<link rel="self" href={quoteattr(home + "/feed.atom")}/>',
        f"<updated>{_time(updated)}</updated>",
        f"<author><name>{escape(name)}</name></author>",
    ]
    for game in found:
        url = f"{base}/games/{game['id']}"
        when = f"{game['date'].isoformat()}: " if game.get("date") else ""
        lines += [
            "<entry>",
            f"<title>{escape(game['name'])}</title>",
            f"<id>{escape(url)}</id>",
            f'<link rel="alternate" type="text/html" href={quoteattr(url)}/>',
            f"<updated>{_time(game['published'])}</updated>",
            f"<summary>{escape(when + game['name'])}</summary>",
            "</entry>",
        ]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"
