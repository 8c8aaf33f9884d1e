"""The web application (Starlette on uvicorn): the routes of :mod:`bridgeio.site.views`, the
workers and the finishing thread started with it, ``DIR/static/`` served at ``/static/``
when the site has one, and the recap's Content-Security-Policy
(:data:`bridgeio.site.pages.POLICY`) and other safety headers on every response. Database work
runs in threads and reading uploads in worker processes, so a slow upload holds up nobody.
Every request body is limited and timed before any handler (or login) sees it
(:class:`BodyLimits`), and every ``/api`` error, a route's 404 and 405 and a bug's 500
included, is ``{"error": ...}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgeio.site import pages
from bridgeio.site.config import SETTINGS, Site
from bridgeio.site.db import connect
from bridgeio.site.finishing import Finisher
from bridgeio.site.forms import BodyRefused
from bridgeio.site.games import Games
from bridgeio.site.views import ROUTES
from bridgeio.site.web import FORM_SLACK, UPLOADS, State, failed, in_api
from bridgeio.site.worker import Workers


def application(site: Site) -> ASGIApp:
    """The site's ASGI application (its database migrated already: ``open_site``)."""
    with contextlib.suppress(OSError):
        os.chmod(site.folder / SETTINGS, 0o600)
    engine = connect(site.database)
    games = Games(site, engine, Workers(site.limits.workers))
    games.store.clean()  # what a server stopped while receiving left behind
    finisher = Finisher(games)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.bridgeio = State(site, games, finisher)
        await run_in_threadpool(games.workers.start)
        finisher.start()
        try:
            yield
        finally:
            finisher.stop()
            engine.dispose()

    routes: list[BaseRoute] = list(ROUTES)
    static = site.folder / "static"
    if static.is_dir():  # the site's own files (a logo, robots.txt), served as they are
        routes.append(Mount("/static", StaticFiles(directory=static), name="static"))
    handlers = {HTTPException: _http_error, BodyRefused: _refused, Exception: _bug}
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers=handlers)
    limits = site.limits
    return SecurityHeaders(BodyLimits(app, limits.upload_bytes + FORM_SLACK, limits.body_seconds))


async def _http_error(request: Request, error: Exception) -> Response:
    """A route's own refusal (no such address, a method it does not take)."""
    assert isinstance(error, HTTPException)
    message = {404: "no such address", 405: f"{request.method} is not allowed here"}
    response = await failed(
        request, error.status_code, message.get(error.status_code, str(error.detail))
    )
    response.headers.update(error.headers or {})
    return response


async def _refused(request: Request, error: Exception) -> Response:
    """A body past its limit or too slow, found where no handler answered for it."""
    assert isinstance(error, BodyRefused)
    return _plain_refusal(request.scope, error.status, str(error))


def _plain_refusal(scope: Scope, status: int, text: str) -> Response:
    """A refusal before the application ran (the connection closes after it)."""
    response: Response
    if str(scope.get("path", "")).startswith("/api/"):
        response = JSONResponse({"error": text}, status)
    else:
        response = PlainTextResponse(text, status)
    response.headers["connection"] = "close"
    return response


async def _bug(request: Request, _error: Exception) -> Response:
    """A bug of the site (its traceback goes to the server's log, never to the user)."""
    text = "internal error of the site (a bug: the server's log has it)"
    if in_api(request):
        return JSONResponse({"error": text}, 500)
    return PlainTextResponse(text, 500)


class BodyLimits:
    """Every request body counted and timed as it comes, before a handler reads it: past its
    limit a 413 (at once when ``Content-Length`` says so), and a body whose next bytes take
    more than ``idle`` seconds, or that takes more than :attr:`WHOLE` seconds in all (an
    upload: :attr:`WHOLE_UPLOAD`), a 408. A handler reading past either gets
    :class:`~bridgeio.site.forms.BodyRefused`."""

    WHOLE = 30.0
    WHOLE_UPLOAD = 600.0

    def __init__(self, app: ASGIApp, upload_limit: int, idle: float) -> None:
        self.app = app
        self.upload_limit = upload_limit
        self.idle = idle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on with its body counted."""
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        upload = UPLOADS.match(scope["path"]) is not None
        limit = self.upload_limit if upload else FORM_SLACK
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > limit:
            text = f"the body is larger than the limit of {limit} bytes"
            await _plain_refusal(scope, 413, text)(scope, receive, send)
            return
        deadline = time.monotonic() + (self.WHOLE_UPLOAD if upload else self.WHOLE)
        state = {"size": 0, "done": False}

        async def counted() -> Message:
            if state["done"]:
                return await receive()
            wait = min(self.idle, deadline - time.monotonic())
            try:
                message = await asyncio.wait_for(receive(), max(wait, 0.001))
            except TimeoutError:
                raise BodyRefused(408, "the body came too slowly") from None
            if message["type"] == "http.request":
                state["size"] += len(message.get("body", b""))
                if state["size"] > limit:
                    raise BodyRefused(413, f"the body is larger than the limit of {limit} bytes")
                state["done"] = not message.get("more_body", False)
            return message

        await self.app(scope, counted, send)


class SecurityHeaders:
    """Every response: the recap's policy, no sniffing, no framing, no referrer elsewhere."""

    HEADERS = [
        (b"content-security-policy", pages.POLICY.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the response."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.HEADERS
            await send(message)

        await self.app(scope, receive, sending)
