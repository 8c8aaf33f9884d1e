"""The API of a game beyond uploading and publishing: deals joining a game
(``POST /api/games/{id}/deals``), withdrawing it (``POST /api/games/{id}/unpublish``), and
each event's USEBIO download (``/games/{id}/events/{n}.xml``)."""

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


@answered
async def event_download(request: Request) -> Response:
    """``/games/{id}/events/{n}.xml``: one event of the public version in USEBIO (which holds
    one event a file)."""
    if request.path_params["ext"] != "xml":
        raise Failure(404, "an event's download is .xml (USEBIO); the game's others hold all")
    games = state(request).games
    game_id, event = request.path_params["id"], request.path_params["event"]
    version = await run_in_threadpool(games.version, game_id, None, None)
    if not 1 <= event <= version.events:
        raise Failure(404, f"game {game_id} has events 1 to {version.events}")
    data, error = await run_in_threadpool(games.download, version, "xml", event)
    if data is None:
        raise Failure(409, f"this event cannot be written as USEBIO: {error}")
    name = f"game-{game_id}-event-{event}.xml"
    headers = {"content-disposition": f'attachment; filename="{name}"'}
    return Response(data, media_type="application/xml", headers=headers)
