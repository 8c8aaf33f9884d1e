"""Logging in and out (a session cookie), and API tokens for scoring programs."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from bridgeio.site import accounts
from bridgeio.site.accounts import User
from bridgeio.site.web import (
    SESSION,
    Failure,
    answered,
    check_csrf,
    current_user,
    director,
    html,
    posted,
    state,
)


async def _log_in(request: Request, name: str, password: str) -> tuple[User, str]:
    """The user and a new session's secret; 401 wrong, 429 too many wrong in a minute."""
    address = request.client.host if request.client else ""
    engine = state(request).games.engine

    def check() -> tuple[User | None, str]:
        with engine.begin() as db:
            user = accounts.log_in(db, name, password, address)
            return user, (accounts.new_session(db, user) if user else "")

    try:
        user, secret = await run_in_threadpool(check)
    except accounts.RateLimited:
        raise Failure(429, "too many wrong passwords: wait a minute") from None
    if user is None:
        raise Failure(401, "wrong user name or password")
    return user, secret


def _session_cookie(request: Request, response: Response, secret: str) -> None:
    response.set_cookie(
        SESSION,
        secret,
        max_age=accounts.SESSION_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


@answered
async def api_login(request: Request) -> Response:
    """``POST /api/session`` ``{"user", "password"}``: a session cookie."""
    try:
        given = await request.json()
        name, password = str(given["user"]), str(given["password"])
    except (ValueError, KeyError, TypeError):
        raise Failure(400, 'send {"user": ..., "password": ...}') from None
    user, secret = await _log_in(request, name, password)
    response = JSONResponse({"user": user.name, "club": user.club, "admin": user.admin})
    _session_cookie(request, response, secret)
    return response


@answered
async def api_token(request: Request) -> Response:
    """``POST /api/tokens``: a new bearer token of the user logged in."""
    user = await director(request)
    engine = state(request).games.engine

    def make() -> str:
        with engine.begin() as db:
            return accounts.new_token(db, user)

    return JSONResponse({"token": await run_in_threadpool(make)}, 201)


@answered
async def login_page(request: Request) -> Response:
    """The login form."""
    user = await current_user(request)
    return html(request, "login.html.j2", user, title="Log in", message="")


@answered
async def login(request: Request) -> Response:
    """The login form posted: to the user's club's page."""
    form = await posted(request)
    check_csrf(request, form)
    name, password = form.fields.get("user", ""), form.fields.get("password", "")
    try:
        user, secret = await _log_in(request, name, password)
    except Failure as failure:
        return html(
            request, "login.html.j2", None, failure.status, title="Log in", message=str(failure)
        )
    response = RedirectResponse(f"/clubs/{user.club}" if user.club else "/", 303)
    _session_cookie(request, response, secret)
    return response


@answered
async def logout(request: Request) -> Response:
    """End the session."""
    form = await posted(request)
    check_csrf(request, form)
    if cookie := request.cookies.get(SESSION):
        engine = state(request).games.engine

        def end() -> None:
            with engine.begin() as db:
                accounts.end_session(db, cookie)

        await run_in_threadpool(end)
    response = RedirectResponse("/", 303)
    response.delete_cookie(SESSION)
    return response
