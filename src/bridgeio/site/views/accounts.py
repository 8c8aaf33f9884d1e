"""Logging in and out (a session cookie), and API tokens for scoring programs."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from bridgeio.site import accounts
from bridgeio.site.accounts import User
from bridgeio.site.web import (
    SESSION,
    Failure,
    answered,
    by_cookie,
    check_csrf,
    current_user,
    director,
    html,
    posted,
    same_origin,
    state,
)


async def _log_in(request: Request, name: str, password: str) -> tuple[User, str]:
    """The user and a new session's secret; 401 wrong, 429 too many wrong in a minute."""
    address = request.client.host if request.client else ""
    engine = state(request).games.engine

    def check() -> tuple[User | None, str]:
        user = accounts.log_in(engine, name, password, address)
        if user is None:
            return None, ""
        with engine.begin() as db:
            return user, accounts.new_session(db, user)

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
    """``POST /api/session`` ``{"user", "password"}``: a session cookie. Only JSON, and
    only from this site's pages when a browser says where it comes from (``Origin``): a page
    elsewhere cannot log a visitor in as someone else."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Failure(415, 'send {"user": ..., "password": ...} as application/json')
    if "origin" in request.headers and not same_origin(request):
        raise Failure(403, "a login must come from this site's pages")
    try:
        given = await request.json()
        name, password = str(given["user"]), str(given["password"])
    except (ValueError, KeyError, TypeError):
        raise Failure(400, 'send {"user": ..., "password": ...}') from None
    user, secret = await _log_in(request, name, password)
    response = JSONResponse({"user": user.name, "club": user.club, "admin": user.admin})
    _session_cookie(request, response, secret)
    return response


async def _by_session(request: Request) -> User:
    """The user logged in by the session cookie: a token cannot make, list or revoke tokens
    (a stolen token cannot outlive its revocation by making another)."""
    user = await director(request)
    if not by_cookie(request):
        raise Failure(403, "tokens are managed when logged in (a token cannot make tokens)")
    return user


@answered
async def api_tokens(request: Request) -> Response:
    """``GET /api/tokens``: the user's tokens (never their secrets); ``POST``: a new one,
    ``{"id", "token"}`` (the secret is shown this once)."""
    user = await _by_session(request)
    engine = state(request).games.engine
    if request.method == "GET":

        def listed() -> list[dict[str, Any]]:
            with engine.connect() as db:
                return accounts.list_tokens(db, user)

        return JSONResponse(await run_in_threadpool(listed))

    def make() -> tuple[int, str]:
        with engine.begin() as db:
            return accounts.new_token(db, user)

    token_id, secret = await run_in_threadpool(make)
    return JSONResponse({"id": token_id, "token": secret}, 201)


@answered
async def api_revoke(request: Request) -> Response:
    """``DELETE /api/tokens/{id}``: 204 (404: no such token of this user)."""
    user = await _by_session(request)
    engine = state(request).games.engine
    token_id = request.path_params["id"]

    def revoke() -> bool:
        with engine.begin() as db:
            return accounts.revoke_token(db, user, token_id)

    if not await run_in_threadpool(revoke):
        raise Failure(404, f"you have no token {token_id}")
    return Response(status_code=204)


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
