"""A club's ladder (a page and JSON) and its Atom feed of published games."""

from __future__ import annotations

import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site import feed, ladder
from bridgeio.site.web import Failure, answered, current_user, html, state
from bridgeio.site.web import club as club_of

MINIMUM = 3
"""The fewest games a player must have played to be on the ladder, unless asked otherwise."""


def _date(text: str, what: str) -> datetime.date | None:
    if not text:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise Failure(400, f"{what}: expected a date as YYYY-MM-DD, found {text[:20]!r}") from None


async def _ladder(request: Request) -> dict[str, Any]:
    found = await club_of(request)
    query = request.query_params
    start, end = _date(query.get("from", ""), "from"), _date(query.get("to", ""), "to")
    given = query.get("min", "")
    minimum = min(int(given), 1000) if given.isdigit() else MINIMUM
    engine = state(request).games.engine
    players = await run_in_threadpool(ladder.ladder, engine, found, start, end, minimum)
    return {
        "club": found.slug,
        "club_name": found.name,
        "from": start.isoformat() if start else None,
        "to": end.isoformat() if end else None,
        "minimum": minimum,
        "players": players,
    }


@answered
async def api_ladder(request: Request) -> Response:
    """``GET /api/clubs/{club}/ladder?from=&to=&min=``: the club's players by average
    percentage."""
    return JSONResponse(await _ladder(request))


@answered
async def ladder_page(request: Request) -> Response:
    """The ladder as a page (a form chooses the period and the minimum)."""
    found = await _ladder(request)
    user = await current_user(request)
    club = await club_of(request)
    today = datetime.date.today()
    periods = [
        ("Last 3 months", today - datetime.timedelta(days=91)),
        ("Last 12 months", today - datetime.timedelta(days=365)),
        (f"{today.year}", datetime.date(today.year, 1, 1)),
    ]
    minimum = found["minimum"]
    links = [
        (text, f"/clubs/{club.slug}/ladder?from={start.isoformat()}&min={minimum}")
        for text, start in periods
    ]
    links.append(("Every game", f"/clubs/{club.slug}/ladder?min={minimum}"))
    return html(
        request,
        "ladder.html.j2",
        user,
        title=f"{club.name}: ladder",
        ladder=found,
        nav_club=club,
        periods=links,
    )


@answered
async def atom(request: Request) -> Response:
    """``GET /clubs/{club}/feed.atom``: the club's published games."""
    found = await club_of(request)
    games = await run_in_threadpool(feed.published, state(request).games.engine, found)
    base = str(request.base_url).rstrip("/")
    text = feed.atom(base, found.slug, found.name, games)
    return Response(text, media_type="application/atom+xml; charset=utf-8")
