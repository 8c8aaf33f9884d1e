"""The HTML pages of clubs and games: the home page, a club's page and its upload form, the
upload's result, the publish and unpublish buttons (publishing an older version rolls the
game back to it), a game's versions, its recap pages inside the site's header (a version's
with what was found in it and its button), a player's own lines marked, and a game board by
board for phones. (The JSON API of the same things, and the downloads:
:mod:`bridgeio.site.views.games`.) Which version is public is the ``public`` table's to say
(:mod:`bridgeio.site.publishing`); a version's status is
:func:`bridgeio.site.games.shown_status`."""

from __future__ import annotations

import json
import threading
from typing import Any
from urllib.parse import quote, urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from bridgeio.site import catalogue, frames, pages, players, publishing
from bridgeio.site.accounts import User
from bridgeio.site.catalogue import GameInfo
from bridgeio.site.games import WITHDRAWN, NotFound, game_url, shown_status
from bridgeio.site.jobs import session_prefix
from bridgeio.site.views.games import _publish, _upload
from bridgeio.site.web import (
    CSRF,
    SESSION,
    answered,
    check_csrf,
    csrf_token,
    current_user,
    director,
    html,
    posted,
    state,
)
from bridgeio.site.web import (
    club as club_of,
)

_HTML = "text/html; charset=utf-8"
_framed: dict[tuple[str, int, str, str], bytes] = {}  # anonymous pages, framed
_framed_lock = threading.Lock()


@answered
async def home(request: Request) -> Response:
    """The clubs, the games published last, and a search form."""
    site = state(request)
    found = await run_in_threadpool(site.games.clubs)
    latest = await run_in_threadpool(catalogue.recent, site.games.engine)
    user = await current_user(request)
    return html(request, "home.html.j2", user, title="Results", clubs=found, recent=latest)


@answered
async def club(request: Request) -> Response:
    """A club's games by date (for its directors: drafts, the versions waiting behind a
    public one, and the upload form)."""
    found = await club_of(request)
    user = await current_user(request)
    site = state(request)
    listed = await run_in_threadpool(catalogue.listing, site.games.engine, found, user)
    directs = user is not None and user.directs(found.id)
    limit = f"{site.site.limits.upload_bytes / 1_000_000:g} MB"
    return html(
        request,
        "club.html.j2",
        user,
        title=found.name,
        club=found,
        nav_club=found,
        games=listed,
        directs=directs,
        limit=limit,
    )


@answered
async def upload(request: Request) -> Response:
    """The upload form posted: the game it is, what was found, and publishing for a draft."""
    if request.method == "GET":
        return RedirectResponse(f"/clubs/{request.path_params['club']}", 303)
    answer = await _upload(request, form_post=True)
    info = await run_in_threadpool(catalogue.game_info, state(request).games.engine, answer["id"])
    published = answer["status"] == "published"
    title = f"{info.heading}: " + ("published" if published else "checked, not yet published")
    public = await run_in_threadpool(state(request).games.public_number, answer["id"])
    banner = _banner(info, answer["version"], answer["status"], answer["problems"], public)
    return html(
        request,
        "uploaded.html.j2",
        await current_user(request),
        201,
        title=title,
        answer=answer,
        game=info,
        nav_club=info.club,
        banner=banner,
        problems=answer["problems"],
    )


@answered
async def publish(request: Request) -> Response:
    """The publish button: to the public page. Publishing an older version than the public
    one makes it the public one again (a roll back: to the versions, where it is marked)."""
    form = await posted(request)
    check_csrf(request, form)
    number = form.fields.get("version", "")
    games = state(request).games
    before = await run_in_threadpool(games.public_number, request.path_params["id"])
    answer = await _publish(request, int(number) if number.isdigit() else None)
    if before is not None and answer["version"] < before:
        return RedirectResponse(f"{answer['url']}/versions", 303)
    return RedirectResponse(answer["url"], 303)


@answered
async def unpublish(request: Request) -> Response:
    """Take a game back from the public (:func:`bridgeio.site.publishing.unpublish`; its
    versions stay, for its directors)."""
    form = await posted(request)
    check_csrf(request, form)
    user = await director(request)
    game_id = request.path_params["id"]
    await run_in_threadpool(publishing.unpublish, state(request).games, user, game_id)
    return RedirectResponse(f"/games/{game_id}/versions", 303)


@answered
async def versions(request: Request) -> Response:
    """A game's versions (for its directors: what was found in each, and the buttons that
    publish, roll back to or unpublish a version)."""
    user = await current_user(request)
    games = state(request).games
    game, rows = await run_in_threadpool(games.versions, request.path_params["id"], user)
    info = await run_in_threadpool(catalogue.game_info, games.engine, game.id)
    public = await run_in_threadpool(games.public_number, game.id)
    shown = [
        {
            "number": r.number,
            "uploaded": r.uploaded.isoformat(sep=" ") + " UTC",
            "filename": r.filename,
            "status": shown_status(r.status, r.number, public),
            "public": r.number == public,
            "problems": json.loads(r.problems),
            "button": _button(r.number, public),
        }
        for r in rows
    ]
    return html(
        request,
        "versions.html.j2",
        user,
        title=f"{info.heading}: versions",
        game=game,
        versions=shown,
        directs=user is not None and user.directs(game.club_id),
        club=info.club.slug,
        nav_club=info.club,
        public=public is not None,
    )


def _button(number: int, public: int | None) -> str:
    """What the publish button of a version says ("": none, it is the public one)."""
    if number == public:
        return ""
    if public is not None and number < public:
        return f"Roll back to version {number}"
    return f"Publish version {number}"


def _banner(
    info: GameInfo, number: int, status: str, problems: list[Any], public: int | None
) -> dict[str, Any]:
    """What a version's page says above it (and, for its directors, its button)."""
    detail = ""
    if status == "published" and public == number:
        headline = f"Version {number}: the public version."
    elif status in ("published", WITHDRAWN):
        now = "not public now." if public is None else f"not public: version {public} is."
        headline = f"Version {number}: published once, {now}"
    else:
        headline = f"Version {number}: a draft, not published."
        detail = "Only the club's directors see this page."
    button = _button(number, public)
    return {
        "game": info.id,
        "number": number,
        "status": status,
        "headline": headline,
        "detail": detail,
        "problems": problems,
        "directs": True,
        "public": public is not None,
        "action": "unpublish" if public == number else "publish",
        "button": button,
    }


def _frame(request: Request, user: User | None, info: GameInfo, **values: Any) -> str:
    """The site's header above a recap page."""
    values.setdefault("banner", None)
    values.setdefault("mine", "")
    values.setdefault("boards_url", "")
    return pages.render(
        "frame.html.j2", user=user, csrf=csrf_token(request), nav_club=info.club, **values
    )


def _page(data: bytes, request: Request, headers: dict[str, str] | None = None) -> Response:
    response = Response(data, media_type=_HTML, headers=headers)
    if new := request.scope.get("bridgeio_csrf"):
        secure = request.url.scheme == "https"
        response.set_cookie(CSRF, new, httponly=True, samesite="strict", secure=secure)
    return response


@answered
async def game(request: Request) -> Response:
    """A game's public recap page (an event of it) inside the site's header; ``?me=ANCHOR``
    marks a player's own lines and links their scorecard and the board-by-board view."""
    games = state(request).games
    game_id, event = request.path_params["id"], request.path_params.get("event", 1)
    digest, info = await run_in_threadpool(catalogue.published_page, games.engine, game_id, event)
    me = request.query_params.get("me", "")
    user = await current_user(request) if SESSION in request.cookies else None
    if user is None and not me:  # the common case: one query, the page from memory
        key = (digest, event, info.club.slug, info.club.name)
        found = _framed.get(key)
        if found is None:
            found = await run_in_threadpool(_framed_page, request, games, digest, info, event)
            with _framed_lock:
                _framed[key] = found
                while len(_framed) > 256:
                    _framed.pop(next(iter(_framed)))
        return _page(found, request)
    page = await run_in_threadpool(games.read_cached, digest)
    if me and frames.ANCHOR.fullmatch(me):
        page = frames.marked(page, me)
    else:
        me = ""
    header = _frame(request, user, info, mine=me, boards_url=_boards_url(game_id, event, me, page))
    return _page(frames.framed(page, header), request)


def _framed_page(request: Request, games: Any, digest: str, info: GameInfo, event: int) -> bytes:
    page = games.read_cached(digest)
    boards_url = _boards_url(info.id, event, "", page)
    return frames.framed(page, _frame(request, None, info, boards_url=boards_url))


def _boards_url(game_id: int, event: int, me: str, page: bytes) -> str:
    """The board-by-board view's first board ("" when the page shows no board)."""
    start = page.find(b'<article class="board" id="')
    if start < 0:
        return ""
    anchor = page[start + 27 : page.find(b'"', start + 27)].decode()
    session, board = _board_id(anchor)
    query = {
        k: v
        for k, v in (("event", event if event > 1 else ""), ("session", session), ("me", me))
        if v
    }
    return f"/games/{game_id}/boards/{board}" + (f"?{urlencode(query)}" if query else "")


def _board_id(anchor: str) -> tuple[str, str]:
    """A board's id in a page (``b7``; ``session2-b7`` in an event of sessions) as the
    session's number ("" for none) and the board's.

    >>> _board_id("b7"), _board_id("session2-b7")
    (('', '7'), ('2', '7'))
    """
    prefix, _, board = anchor.rpartition("b")
    return prefix.removeprefix("session").rstrip("-"), board


@answered
async def version(request: Request) -> Response:
    """A version's page (a draft's, for its directors) with what was found in it, its
    publish button and its own downloads."""
    user = await current_user(request)
    games = state(request).games
    game_id, number = request.path_params["id"], request.path_params["number"]
    event = request.path_params.get("event", 1)
    row = await run_in_threadpool(games.version, game_id, number, user)
    page = await run_in_threadpool(games.page, game_id, number, user, event)
    info = await run_in_threadpool(catalogue.game_info, games.engine, game_id)
    public = await run_in_threadpool(games.public_number, game_id)
    directs = user is not None and user.directs(info.club.id)
    status = shown_status(row.status, number, public)
    banner = _banner(info, number, status, json.loads(row.problems), public)
    banner["directs"] = directs
    base = game_url(game_id).encode()
    here = f"{game_url(game_id)}/versions/{number}".encode()
    page = page.replace(b'href="' + base + b".", b'href="' + here + b".")
    page = page.replace(b'href="' + base + b"/events/", b'href="' + here + b"/events/")
    return _page(frames.framed(page, _frame(request, user, info, banner=banner)), request)


@answered
async def mine(request: Request) -> Response:
    """A player's own scorecard in a game (from their history: the section, direction and
    number of their entry): to the game's page with their lines marked."""
    games = state(request).games
    game_id = request.path_params["id"]
    query = request.query_params
    event = int(query["event"]) if query.get("event", "").isdigit() else 1
    session = int(query["session"]) if query.get("session", "").isdigit() else None
    where_in = (event, session, query.get("section", ""))
    anchor = await run_in_threadpool(_anchor, games, game_id, where_in, query.get("entry", ""))
    where = game_url(game_id) + (f"/events/{event}" if event > 1 else "")
    if anchor is None:
        return RedirectResponse(where, 303)
    return RedirectResponse(f"{where}?{urlencode({'me': anchor})}#{anchor}", 303)


def _anchor(games: Any, game_id: int, where: tuple[int, int | None, str], entry: str) -> str | None:
    """The id of an entry's scorecard in its game's page (``s0-ns3``; in an event of
    sessions ``session2-s0-ns3``): ``where`` is the event (from 1), the session (from 1;
    None: an event without sessions) and the section's name; the id is the section's place
    among its event's (or session's) sections, the entry's direction and number."""
    event, session, section = where
    row = games.version(game_id, None, None)
    data, _ = games.download(row, "json")
    events = json.loads(data or b"{}").get("events", [])
    if not 0 < event <= len(events):
        return None
    names = section_names(events[event - 1], session)
    if names is None or section not in names:
        return None
    direction, _, number = entry.lower().partition("-")
    if direction not in ("ns", "ew", "x") or not number.isdigit():
        return None
    return f"{session_prefix(session)}s{names.index(section)}-{direction}{int(number)}"


def section_names(event: dict[str, Any], session: int | None) -> list[str] | None:
    """The names of the sections of an event of the canonical JSON, in order: of its
    session ``session`` (from 1) when it has sessions, of the event when it has none (and
    ``session`` is None); None when there is no such session.

    >>> two = {"sessions": [{"id": "SAT", "sections": [{"name": "A"}, {"name": "B"}]}]}
    >>> section_names(two, 1), section_names(two, 2), section_names(two, None)
    (['A', 'B'], None, None)
    >>> section_names({"sections": [{"name": "A"}]}, None)
    ['A']
    """
    listed = event.get("sessions")
    if listed:
        if session is None or not 0 < session <= len(listed):
            return None
        sections = listed[session - 1].get("sections", [])
    elif session is None:
        sections = event.get("sections", [])
    else:
        return None
    return [s.get("name") or "" for s in sections]


@answered
async def board(request: Request) -> Response:
    """One board of a game a screen (for phones): its hands and travellers, the player's own
    line marked (``?me=``), the previous and next boards."""
    games = state(request).games
    game_id, number = request.path_params["id"], request.path_params["board"]
    query = request.query_params
    event = int(query["event"]) if query.get("event", "").isdigit() else 1
    digest, info = await run_in_threadpool(catalogue.published_page, games.engine, game_id, event)
    page = await run_in_threadpool(games.read_cached, digest)
    me = query.get("me", "")
    me = me if frames.ANCHOR.fullmatch(me) else ""
    session = query.get("session", "")
    session = session if session.isdigit() else ""
    prefix = session_prefix(int(session)) if session else ""
    found = [(i, b) for i, b in frames.boards(page) if _board_id(i)[0] == session]
    ids = [i.removeprefix(prefix) for i, _ in found]
    if f"b{number}" not in ids:
        raise NotFound(f"game {game_id} has no board {number}")
    index = ids.index(f"b{number}")
    shown = frames.marked(found[index][1], me) if me else found[index][1]
    given = (("event", str(event) if event > 1 else ""), ("session", session), ("me", me))
    keep = {k: v for k, v in given if v}
    suffix = f"?{urlencode(keep)}" if keep else ""

    def link(i: int) -> dict[str, str] | None:
        if not 0 <= i < len(ids):
            return None
        return {"number": ids[i][1:], "url": f"/games/{game_id}/boards/{ids[i][1:]}{suffix}"}

    page_url = game_url(game_id) + (f"/events/{event}" if event > 1 else "")
    body = pages.render(
        "board.html.j2",
        info=info,
        number=number,
        count=len(ids),
        position=index + 1,
        previous=link(index - 1),
        next=link(index + 1),
        page_url=page_url + (f"?{urlencode({'me': me})}#{me}" if me else ""),
        full_url=f"{page_url}#{prefix}b{number}",
        mine=me,
        board=Markup(shown.decode("utf-8")),
    )
    user = await current_user(request) if SESSION in request.cookies else None
    return _page(frames.framed(page, _frame(request, user, info), body.encode()), request)


@answered
async def player(request: Request) -> Response:
    """A player named in a game's page (``?number=...&name=...``): to their page, by their
    number when it is theirs (a number that names someone else, or a placeholder, is not;
    a number several bodies issued: the page of the body that issued it in this game),
    else by their name within the game's club."""
    engine = state(request).games.engine
    info = await run_in_threadpool(catalogue.game_info, engine, request.path_params["id"])
    number = request.query_params.get("number", "").strip()[:40]
    name = request.query_params.get("name", "").strip()[:200]
    if number:
        found = await run_in_threadpool(players.history, engine, number, None, None)
        if found["games"] and found["name"].lower() == name.lower():
            url = players.player_url(number, name, info.club.slug)
            bodies = await run_in_threadpool(players.issued, engine, number)
            mine = [b for b, games in bodies.items() if info.id in games]
            if len(bodies) > 1 and len(mine) == 1:
                url = f"/players/{quote(mine[0], safe='')}{url.removeprefix('/players')}"
            return RedirectResponse(url, 303)
    return RedirectResponse(players.player_url(None, name, info.club.slug), 303)
