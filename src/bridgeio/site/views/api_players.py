"""A player number belongs to the body that issued it (:mod:`bridgeio.site.bodies`):
``GET /api/players/{body}/{number}`` is that body's player; ``GET /api/players/{number}``
answers as before when one body issued the number, and when several did (an ACBL number that
is also an EBU one), 300 with ``{"error", "players": [{"body", "url"}]}`` naming each."""

from __future__ import annotations

import json
from urllib.parse import quote

from sqlalchemy import Engine, and_, select
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site.schema import player_ids, public, versions
from bridgeio.site.views import players as player_views
from bridgeio.site.web import Failure, answered, state


def issued(engine: Engine, number: str) -> dict[str, set[int]]:
    """The bodies that issued ``number`` to a player of a public game, and those games."""
    query = (
        select(player_ids.c.body, versions.c.game_id)
        .select_from(
            player_ids.join(versions, versions.c.id == player_ids.c.file_id).join(
                public,
                and_(public.c.game_id == versions.c.game_id, public.c.version_id == versions.c.id),
            )
        )
        .where(player_ids.c.number == number)
        .distinct()
    )
    found: dict[str, set[int]] = {}
    with engine.connect() as db:
        for body, game in db.execute(query):
            found.setdefault(body, set()).add(game)
    return found


@answered
async def api_player(request: Request) -> Response:
    """``GET /api/players/{number}``: the player (300 naming each when several bodies issued
    the number)."""
    number = request.path_params["number"]
    bodies = await run_in_threadpool(issued, state(request).games.engine, number)
    if len(bodies) > 1:
        listed = [
            {"body": b, "url": f"/api/players/{quote(b, safe='')}/{quote(number, safe='')}"}
            for b in sorted(bodies)
        ]
        names = " and ".join(sorted(bodies))
        return JSONResponse(
            {"error": f"number {number} was issued by {names}: say which", "players": listed},
            300,
        )
    return await player_views.api_player(request)


@answered
async def api_body_player(request: Request) -> Response:
    """``GET /api/players/{body}/{number}``: the games of the player ``body`` gave
    ``number``."""
    number, body = request.path_params["number"], request.path_params["body"]
    bodies = await run_in_threadpool(issued, state(request).games.engine, number)
    if body not in bodies:
        raise Failure(404, f"no published game of {body} player {number}")
    answer = await player_views.api_player(request)
    if answer.status_code != 200:
        return answer
    found = json.loads(bytes(answer.body))
    found["games"] = [g for g in found["games"] if g["game"] in bodies[body]]
    found["body"] = body
    return JSONResponse(found)
