"""The JSON API of clubs and games (lists, uploads, publishing, versions) and the downloads
(a game's, a version's, an event's). The HTML pages: :mod:`bridgeio.site.views.game_pages`."""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgeio.site import publishing
from bridgeio.site.games import Unreadable, game_url, shown_status
from bridgeio.site.jobs import DOWNLOADS
from bridgeio.site.views.api_games import upload_name, wants_publish
from bridgeio.site.web import (
    Failure,
    answered,
    check_csrf,
    current_user,
    director,
    posted,
    state,
)
from bridgeio.site.web import (
    club as club_of,
)

_TYPES = {
    "xml": "application/xml",
    "pbn": "application/x-chess-pbn",
    "aca": "application/octet-stream",
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
}


@answered
async def api_clubs(request: Request) -> Response:
    """``GET /api/clubs``: every club."""
    found = await run_in_threadpool(state(request).games.clubs)
    return JSONResponse(
        [{"slug": c.slug, "name": c.name, "url": f"/clubs/{c.slug}"} for c in found]
    )


@answered
async def api_games(request: Request) -> Response:
    """``GET``: a club's games; ``POST``: an upload (multipart field ``file``)."""
    if request.method == "POST":
        answer = await _upload(request, form_post=False)
        return JSONResponse(_public(answer), 201)
    club = await club_of(request)
    user = await current_user(request)
    return JSONResponse(await run_in_threadpool(state(request).games.listing, club, user))


def _public(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in answer.items() if k != "version_id"}


async def _upload(request: Request, form_post: bool) -> dict[str, Any]:
    """Receive, check and keep an upload; who may was asked before a byte of it was read."""
    found = await club_of(request)
    user = await director(request)
    if not user.directs(found.id):
        raise Failure(403, f"{user.name} does not direct {found.slug}")
    site = state(request)
    form = await posted(request, site.site.limits.upload_bytes)
    if form_post:
        check_csrf(request, form)
    if form.file is None:
        raise Failure(400, 'the form has no file (field "file")')
    publish = wants_publish(form.fields.get("publish", ""))
    filename = upload_name(form.filename)
    try:
        answer = await run_in_threadpool(
            publishing.upload, site.games, user, found, filename, form.file, publish
        )
    except Unreadable as refused:
        raise Failure(422, str(refused)) from None
    if answer["status"] == "published":
        site.finisher.add(answer["version_id"])
    return answer


async def _publish(request: Request, number: int | None) -> dict[str, Any]:
    user = await director(request)
    site = state(request)
    game_id = request.path_params["id"]
    answer = await run_in_threadpool(publishing.publish, site.games, user, game_id, number)
    site.finisher.add(answer["version_id"])
    return answer


@answered
async def api_publish(request: Request) -> Response:
    """``POST /api/games/{id}/publish`` (optionally ``{"version": N}``)."""
    number = None
    body = await request.body()
    if body.strip():
        try:
            given = json.loads(body)
            number = int(given["version"]) if given.get("version") is not None else None
        except (ValueError, TypeError, AttributeError, KeyError):
            raise Failure(400, 'send nothing, or {"version": N}') from None
    return JSONResponse(_public(await _publish(request, number)))


@answered
async def api_versions(request: Request) -> Response:
    """``GET /api/games/{id}/versions``: each version, ``public`` on the one the public sees
    (an older one after a roll back), its status :func:`~bridgeio.site.games.shown_status`."""
    user = await current_user(request)
    games = state(request).games
    _, rows = await run_in_threadpool(games.versions, request.path_params["id"], user)
    shown = await run_in_threadpool(games.public_number, request.path_params["id"])
    return JSONResponse(
        [
            {
                "version": r.number,
                "uploaded": r.uploaded.isoformat() + "Z",
                "status": shown_status(r.status, r.number, shown),
                "public": r.number == shown,
            }
            for r in rows
        ]
    )


@answered
async def api_game(request: Request) -> Response:
    """``GET /api/games/{id}``: the canonical JSON of the published version (or of version
    N, ``/versions/N``)."""
    user = await current_user(request)
    games = state(request).games
    number = request.path_params.get("number")
    version = await run_in_threadpool(games.version, request.path_params["id"], number, user)
    data, _ = await run_in_threadpool(games.download, version, "json")
    return Response(data, media_type="application/json")


@answered
async def download(request: Request) -> Response:
    """``/games/{id}.xml|.pbn|.aca|.json|.csv``: the public version's."""
    return await _download(request, None, None)


@answered
async def version_download(request: Request) -> Response:
    """``/games/{id}/versions/{n}.xml|.pbn|...``: a download of one version (a draft's or a
    withdrawn one's for its directors)."""
    return await _download(request, request.path_params["number"], None)


@answered
async def event_download(request: Request) -> Response:
    """``/games/{id}/events/{n}.xml`` (of a version: ``/games/{id}/versions/{v}/events/{n}.xml``):
    one event in USEBIO (which holds one event a file)."""
    return await _download(request, request.path_params.get("number"), request.path_params["event"])


async def _download(request: Request, number: int | None, event: int | None) -> Response:
    """A download of the public version (``number`` None) or of version ``number``, of the
    whole game or of its event ``event``."""
    ext = request.path_params["ext"]
    if ext not in DOWNLOADS or (event is not None and ext != "xml"):
        listed = ".xml" if event is not None else ", ".join("." + e for e in DOWNLOADS)
        raise Failure(404, f"no download .{ext} (there are {listed})")
    user = None if number is None else await current_user(request)
    games = state(request).games
    game_id = request.path_params["id"]
    version = await run_in_threadpool(games.version, game_id, number, user)
    base = game_url(game_id) + ("" if number is None else f"/versions/{number}")
    if event is None and ext == "xml" and version.events > 1:  # USEBIO: one event a file
        listed = ", ".join(f"{base}/events/{n}.xml" for n in range(1, version.events + 1))
        raise Failure(300, f"this game has {version.events} events, a USEBIO file each: {listed}")
    if event is not None and not 1 <= event <= version.events:
        raise Failure(404, f"game {game_id} has events 1 to {version.events}")
    data, error = await run_in_threadpool(games.download, version, ext, event)
    if data is None:
        raise Failure(409, f"this game cannot be written as .{ext}: {error}")
    name = f"game-{game_id}" + ("" if number is None else f"-version-{number}")
    name += ("" if event is None else f"-event-{event}") + f".{ext}"
    headers = {"content-disposition": f'attachment; filename="{name}"'}
    return Response(data, media_type=_TYPES[ext], headers=headers)
