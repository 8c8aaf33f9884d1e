"""A player number belongs to the body that issued it (:mod:`bridgeio.site.bodies`):
``GET /api/players/{body}/{number}`` is that body's player; ``GET /api/players/{number}``
answers as before when one body issued the number, and when several did (an ACBL number that
is also an EBU one), 300 with ``{"error", "players": [{"body", "url"}]}`` naming each."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site.views import players as player_views
from bridgeio.site.web import answered


@answered
async def api_player(request: Request) -> Response:
    """``GET /api/players/{number}``: the player (300 naming each when several bodies issued
    the number)."""
    if listed := await player_views.issuers(request, "/api/players"):
        names = " and ".join(b["body"] for b in listed)
        number = request.path_params["number"]
        return JSONResponse(
            {"error": f"number {number} was issued by {names}: say which", "players": listed},
            300,
        )
    return await player_views.api_player(request)


@answered
async def api_body_player(request: Request) -> Response:
    """``GET /api/players/{body}/{number}``: the games of the player ``body`` gave
    ``number`` (:func:`bridgeio.site.views.players.api_player`)."""
    return await player_views.api_player(request)
