"""What every handler of the site shares: who is asking (a bearer token or a session cookie),
CSRF tokens for forms and the checks of cookie-authenticated API calls, HTML pages with their
cookies, posted forms read within the upload limit, and failures turned into their status
(``{"error": ...}`` under ``/api``, a page elsewhere).
"""

from __future__ import annotations

import functools
import hmac
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from bridgeio.site import accounts, pages
from bridgeio.site.accounts import User
from bridgeio.site.config import Site
from bridgeio.site.finishing import Finisher
from bridgeio.site.forms import BadForm, BodyRefused, Form, read_form
from bridgeio.site.games import Club, Forbidden, Games, NotFound
from bridgeio.site.storage import TooLarge

SESSION = "bridgeio_session"
"""The session cookie (HttpOnly, SameSite=Lax)."""

CSRF = "bridgeio_csrf"
"""The cookie holding the token every form sends back (HttpOnly, SameSite=Strict)."""

FORM_SLACK = 64 * 1024
"""A form's bytes besides its file."""

TITLES = {
    300: "One file an event",
    400: "Bad request",
    408: "Too slow",
    401: "Log in first",
    403: "Not allowed",
    404: "Not found",
    409: "Not available",
    413: "Too large",
    422: "Cannot be published",
    429: "Too many tries",
}


UPLOADS = re.compile(r"^/(api/)?(clubs/[^/]+/games|games/\d+/deals)/?$")
"""The addresses that take a file (up to the site's upload limit); every other body is at
most :data:`~bridgeio.site.web.FORM_SLACK` bytes."""


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

LARGEST_ID = 2**31 - 1
"""The largest id a table's key holds (an id past it names nothing: 404, not a database
error)."""


class Failure(Exception):
    """A request refused: its status and the reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class State:
    """The site a handler serves."""

    site: Site
    games: Games
    finisher: Finisher


def state(request: Request) -> State:
    """The state of the application that received ``request``."""
    found = request.app.state.bridgeio
    assert isinstance(found, State)
    return found


def in_api(request: Request) -> bool:
    """Whether the request is to the JSON API (answers JSON, errors too)."""
    return request.url.path.startswith("/api/")


Handler = Callable[[Request], Awaitable[Response]]


def answered(handler: Handler) -> Handler:
    """A handler whose failures (and lookups that found nothing) answer with their status."""

    @functools.wraps(handler)
    async def answering(request: Request) -> Response:
        try:
            for value in request.path_params.values():
                if isinstance(value, int) and value > LARGEST_ID:
                    raise NotFound(f"nothing has the number {value}")
            return await handler(request)
        except (Failure, BodyRefused) as failure:
            return await failed(request, failure.status, str(failure))
        except NotFound as missing:
            return await failed(request, 404, str(missing) or "not found")
        except Forbidden as refused:
            return await failed(request, 403, str(refused))

    return answering


async def failed(request: Request, status: int, message: str) -> Response:
    """The answer to a refused request (too large: the connection closes, so that the rest of
    the body is not read at all)."""
    if in_api(request):
        response: Response = JSONResponse({"error": message}, status)
    else:
        try:
            user = await current_user(request)
        except Failure:
            user = None
        title = TITLES.get(status, "Error")
        response = html(request, "error.html.j2", user, status, title=title, message=message)
    if status in (408, 413):
        response.headers["connection"] = "close"
    return response


async def current_user(request: Request) -> User | None:
    """Who is asking: the user of the bearer token or of the session cookie (None: nobody).
    A bearer token that is not valid is a 401."""
    if "bridgeio_user" in request.scope:
        known: User | None = request.scope["bridgeio_user"]
        return known
    engine = state(request).games.engine
    auth = request.headers.get("authorization", "")
    found: User | None = None
    request.scope["bridgeio_auth"] = None
    if auth.lower().startswith("bearer "):
        secret = auth[7:].strip()

        def by_token() -> User | None:
            with engine.connect() as db:
                return accounts.token_user(db, secret)

        found = await run_in_threadpool(by_token)
        if found is None:
            raise Failure(401, "the token is not valid (or has expired)")
        request.scope["bridgeio_auth"] = "token"
    elif cookie := request.cookies.get(SESSION):

        def by_cookie() -> User | None:
            with engine.connect() as db:
                return accounts.session_user(db, cookie)

        found = await run_in_threadpool(by_cookie)
        if found is not None:
            request.scope["bridgeio_auth"] = "cookie"
            if in_api(request) and request.method not in SAFE_METHODS:
                check_api_csrf(request)
    request.scope["bridgeio_user"] = found
    return found


def by_cookie(request: Request) -> bool:
    """Whether the user asking was known by the session cookie (not a bearer token)."""
    return request.scope.get("bridgeio_auth") == "cookie"


def same_origin(request: Request) -> bool:
    """Whether the request says it comes from a page of this site (its ``Origin`` is this
    host)."""
    from urllib.parse import urlsplit

    origin = request.headers.get("origin", "")
    host = request.headers.get("host", "")
    return bool(origin and host) and urlsplit(origin).netloc.lower() == host.lower()


def check_api_csrf(request: Request) -> None:
    """A state change of the API by a session cookie (what a page elsewhere could make a
    browser send): its body must be JSON, or multipart for an upload (a cross-site form cannot
    send JSON without asking first, and is never answered), and it must come from this site's
    pages (``Origin``) or carry the CSRF token (``X-CSRF-Token``); 403 or 415 otherwise.
    Bearer tokens are not sent by browsers on their own: their calls are not checked."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    allowed = {"application/json"}
    if UPLOADS.match(request.url.path):
        allowed.add("multipart/form-data")
    if request.method in ("POST", "PUT", "PATCH") and kind not in allowed:
        raise Failure(
            415, "a call made with the login cookie sends JSON (Content-Type: application/json)"
        )
    token = request.cookies.get(CSRF, "")
    given = request.headers.get("x-csrf-token", "")
    if same_origin(request) or (token and hmac.compare_digest(token.encode(), given.encode())):
        return
    raise Failure(
        403, "a call made with the login cookie must come from this site (Origin or X-CSRF-Token)"
    )


async def director(request: Request) -> User:
    """The user asking, who must be logged in (401)."""
    user = await current_user(request)
    if user is None:
        raise Failure(401, "log in first (or send Authorization: Bearer TOKEN)")
    return user


def csrf_token(request: Request) -> str:
    """This browser's CSRF token (a new one goes with the response when it has none)."""
    token = request.cookies.get(CSRF) or request.scope.get("bridgeio_csrf")
    if not token:
        token = request.scope["bridgeio_csrf"] = secrets.token_urlsafe(24)
    return str(token)


def check_csrf(request: Request, form: Form) -> None:
    """A form must send back the token of its page (403 otherwise; its file is dropped)."""
    cookie = request.cookies.get(CSRF, "")
    given = form.fields.get("csrf", "")
    if not cookie or not hmac.compare_digest(cookie.encode(), given.encode()):
        form.discard()
        raise Failure(
            403, "the form is out of date or not from this site (no CSRF token): load it again"
        )


def html(
    request: Request, template: str, user: User | None, status: int = 200, **values: Any
) -> Response:
    """A page of the site, with a CSRF cookie when the browser has none."""
    text = pages.render(template, user=user, csrf=csrf_token(request), **values)
    response = HTMLResponse(text, status)
    if new := request.scope.get("bridgeio_csrf"):
        secure = request.url.scheme == "https"
        response.set_cookie(CSRF, new, httponly=True, samesite="strict", secure=secure)
    return response


async def posted(request: Request, limit: int = 0) -> Form:
    """The form posted, its file at most ``limit`` bytes: 413 (nothing kept) past it."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit + FORM_SLACK:
        raise Failure(413, f"the upload is larger than the limit of {limit} bytes")
    store = state(request).games.store
    try:
        return await read_form(
            request.headers.get("content-type", ""), request.stream(), store, limit
        )
    except TooLarge:
        raise Failure(413, f"the upload is larger than the limit of {limit} bytes") from None
    except BadForm as bad:
        raise Failure(400, str(bad)) from None


async def club(request: Request) -> Club:
    """The club named in the path."""
    return await run_in_threadpool(state(request).games.club, request.path_params["club"])
