"""The API of a game beyond uploading and publishing: deals joining a game
(``POST /api/games/{id}/deals``) and withdrawing it (``POST /api/games/{id}/unpublish``)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site import publishing
from bridgeio.site.games import Unreadable
from bridgeio.site.web import Failure, answered, director, posted, state


def upload_name(given: str) -> str:
    """An uploaded file's name as kept: its last part, no control characters, at most 200
    characters ("upload" when nothing is left).

    >>> upload_name("C:\\\\scores\\\\tue\\x00.aca"), upload_name("\\x00")
    ('tue.aca', 'upload')
    """
    last = given.replace("\\", "/").rsplit("/", 1)[-1]
    return "".join(c for c in last if c.isprintable())[:200].strip() or "upload"


def wants_publish(value: str) -> bool:
    """Whether a form's ``publish`` field says yes."""
    return value.lower() in ("true", "1", "on", "yes")


@answered
async def api_deals(request: Request) -> Response:
    """``POST /api/games/{id}/deals`` (multipart ``file``, optional ``publish=true``): the
    hand record's deals join the game as a new version; 201 and the upload's answer."""
    user = await director(request)
    site = state(request)
    game_id = request.path_params["id"]
    await run_in_threadpool(publishing.directed_game, site.games, user, game_id)
    form = await posted(request, site.site.limits.upload_bytes)
    if form.file is None:
        raise Failure(400, 'the form has no file (field "file")')
    try:
        answer = await run_in_threadpool(
            publishing.add_deals,
            site.games,
            user,
            game_id,
            upload_name(form.filename),
            form.file,
            wants_publish(form.fields.get("publish", "")),
        )
    except Unreadable as refused:
        raise Failure(422, str(refused)) from None
    if answer["status"] == "published":
        site.finisher.add(answer["version_id"])
    return JSONResponse({k: v for k, v in answer.items() if k != "version_id"}, 201)


@answered
async def api_unpublish(request: Request) -> Response:
    """``POST /api/games/{id}/unpublish``: no version of the game is public any more."""
    user = await director(request)
    games = state(request).games
    answer = await run_in_threadpool(publishing.unpublish, games, user, request.path_params["id"])
    return JSONResponse(answer)
