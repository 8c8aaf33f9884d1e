"""Players' pages: a player's games (by number, or by name within a club), and search."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site import players, statistics
from bridgeio.site.web import Failure, answered, current_user, html, state

_COLUMNS = [
    ("date", "Date"),
    ("game", "Game"),
    ("club", "Club"),
    ("partner", "Partner"),
    ("percentage", "%"),
    ("rank", "Rank"),
]


async def _history(request: Request) -> dict[str, Any]:
    """The player asked for: by number (of the body ``{body}`` when given), or by name."""
    number, body = request.path_params.get("number"), request.path_params.get("body")
    name = request.query_params.get("name")
    if not number and not name:
        raise Failure(400, "give a player number (/players/NUMBER) or a name (?name=...)")
    club = request.query_params.get("club")
    engine = state(request).games.engine
    found = await run_in_threadpool(players.history, engine, number, name, club)
    if body is not None and number:
        bodies = await run_in_threadpool(players.issued, engine, number)
        if body not in bodies:
            raise Failure(404, f"no published game of {body} player {number}")
        found["games"] = [g for g in found["games"] if g["game"] in bodies[body]]
        found["body"] = body
    if not found["games"]:
        raise Failure(404, "no published game of this player")
    return found


async def issuers(request: Request, prefix: str) -> list[dict[str, str]]:
    """The bodies that issued the number asked for (``/players/{number}``) with the address of
    each one's player under ``prefix``; none when one body did (or none, or a name is asked)."""
    number = request.path_params.get("number")
    if not number or "body" in request.path_params:
        return []
    bodies = await run_in_threadpool(players.issued, state(request).games.engine, number)
    if len(bodies) < 2:
        return []
    return [
        {"body": b, "url": f"{prefix}/{quote(b, safe='')}/{quote(number, safe='')}"}
        for b in sorted(bodies)
    ]


@answered
async def api_player(request: Request) -> Response:
    """``GET /api/players/{number}`` or ``/api/players?name=...``: a player's games."""
    found = await _history(request)
    keys = ("game", "date", "club", "partner", "percentage", "rank", "name", "url", "scorecard")
    games = [{k: g[k] for k in keys} for g in found["games"]]
    answer = {"name": found["name"], "player_number": found["player_number"], "games": games}
    if "body" in found:
        answer["body"] = found["body"]
    return JSONResponse(answer)


@answered
async def player(request: Request) -> Response:
    """A player's page: every published game, sortable (by script, or by the links); for a
    number several bodies issued (``/players/{number}``), 300 and a page naming each."""
    if listed := await issuers(request, "/players"):
        number = request.path_params["number"]
        names = " and ".join(b["body"] for b in listed)
        return html(
            request,
            "bodies.html.j2",
            await current_user(request),
            300,
            title=f"Player {number}",
            message=f"Number {number} was issued by {names}: which player?",
            number=number,
            bodies=listed,
        )
    found = await _history(request)
    key = request.query_params.get("sort", "date")
    if key in players.SORTS:
        found["games"].sort(key=lambda g: _sort_key(g, key), reverse=key == "date")
    query = dict(request.query_params)

    def sort_link(column: str) -> str:
        return f"{request.url.path}?{urlencode({**query, 'sort': column})}"

    user = await current_user(request)
    return html(
        request,
        "player.html.j2",
        user,
        title=found["name"],
        player=found,
        columns=_COLUMNS,
        sort_link=sort_link,
        figures=statistics.summary(found["games"]),
        trend=Markup(statistics.trend(found["games"])),
    )


def _sort_key(game: dict[str, Any], key: str) -> tuple[int, Any]:
    value = game["name"] if key == "game" else game.get(key)
    return (1, "") if value is None else (0, value)


@answered
async def api_search(request: Request) -> Response:
    """``GET /api/search?q=...``: players whose name holds the text."""
    text = request.query_params.get("q", "")[:100]
    engine = state(request).games.engine
    return JSONResponse(await run_in_threadpool(players.search, engine, text))


@answered
async def search(request: Request) -> Response:
    """The search page: 50 players a page, and links to the pages before and after."""
    text = request.query_params.get("q", "")[:100]
    start = request.query_params.get("start", "0")
    offset = min(int(start), 1_000_000) if start.isdigit() else 0
    engine = state(request).games.engine
    found, total = await run_in_threadpool(players.search_page, engine, text, _PAGE, offset)

    def page_link(at: int) -> str:
        return "/search?" + urlencode({"q": text, "start": at})

    user = await current_user(request)
    return html(
        request,
        "search.html.j2",
        user,
        title="Players",
        query=text,
        found=found,
        total=total,
        offset=offset,
        previous=page_link(max(0, offset - _PAGE)) if offset > 0 else "",
        next=page_link(offset + _PAGE) if offset + _PAGE < total else "",
    )


_PAGE = 50
