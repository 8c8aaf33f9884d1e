"""The web application (Starlette on uvicorn): the routes of :mod:`bridgeio.site.views`, the
workers and the finishing thread started with it, ``DIR/static/`` served at ``/static/``
when the site has one, and the recap's Content-Security-Policy
(:data:`bridgeio.site.pages.POLICY`) and other safety headers on every response. Database work
runs in threads and reading uploads in worker processes, so a slow upload holds up nobody.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgeio.site import pages
from bridgeio.site.config import Site
from bridgeio.site.db import connect
from bridgeio.site.finishing import Finisher
from bridgeio.site.games import Games
from bridgeio.site.views import ROUTES
from bridgeio.site.web import State
from bridgeio.site.worker import Workers


def application(site: Site) -> ASGIApp:
    """The site's ASGI application (its database migrated already: ``open_site``)."""
    engine = connect(site.database)
    games = Games(site, engine, Workers(site.limits.workers))
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
    return SecurityHeaders(Starlette(routes=routes, lifespan=lifespan))


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
