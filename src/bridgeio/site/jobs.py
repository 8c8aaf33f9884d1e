"""What a worker process does with an uploaded file (:mod:`bridgeio.site.worker` runs these
with time and memory limits; nothing here touches the database or the site's folder).

- :func:`check`: read the file, validate it, check its scores (the recap's check against the
  scoring engine), and make what publishing needs: the canonical JSON, the analysis tables'
  rows and each event's recap page;
- :func:`finish`: after publishing, solve the hands double dummy (when endplay is installed)
  and make the pages again with makeable contracts and par, and the downloads;
- :func:`convert`: one download.

Every address in a page is written under :data:`GAME` (the game's address, not known until
the upload is kept) and put in place by the site.

>>> done = check("examples/club-game.ACA", "club-game.ACA", "/clubs/x")
>>> done["format"], done["events"][0]["name"], len(done["pages"]), done["problems"]
('acblscore', 'Tuesday Afternoon Pairs', 1, [])
"""

from __future__ import annotations

import csv
import io
import json
import warnings
from typing import Any

import bridgeio
from bridgeio.errors import FormatError, collect
from bridgeio.model.deals import DealSet
from bridgeio.model.results import Event, Results

GAME = "/games/__bridgeio_game__"
"""Stands for the game's address in the pages a job makes."""

DOWNLOADS = {"xml": "usebio", "pbn": "pbn", "aca": "acblscore", "json": "json", "csv": "csv"}
"""A download's extension and the format it is written in (``csv``: the standings)."""

_LABELS = {"xml": "USEBIO", "pbn": "PBN", "aca": "ACBLscore", "json": "JSON", "csv": "CSV"}


class Refused(Exception):
    """The file cannot be published (unreadable, or no results): why, for the uploader."""


def ping() -> bool:
    """Nothing: a job that shows the workers are up (and makes the fork server start)."""
    return True


def check(path: str, name: str, index: str) -> dict[str, Any]:
    """Everything the site keeps of an upload, from the file at ``path`` (its name as
    uploaded: ``name``; ``index``: the club's page, linked from each game page)."""
    try:
        problems = bridgeio.validate(path)
        with collect():
            doc = bridgeio.read(path)
    except FormatError as error:
        raise Refused(_named(str(error), path, name)) from None
    if not isinstance(doc, (Results, DealSet)):
        raise Refused(f"{name}: holds no results ({doc.kind}): only results are published")
    if isinstance(doc, DealSet) or _deals_only(doc):
        raise Refused(
            f"{name}: a hand record (deals, no results): it is not a game of its own; add "
            "its deals to the game they were played in (POST /api/games/ID/deals, or the "
            "game's page)"
        )
    if not doc.events:
        raise Refused(f"{name}: holds no event")
    doc = _scored(doc)
    found = [_problem(p.severity, _named(p.place, path, name), p.message) for p in problems]
    pages = []
    for number, event in enumerate(doc.events, 1):
        html, findings = _page(event, number, len(doc.events), name, index)
        pages.append(html)
        where = f"event {number}: " if len(doc.events) > 1 else ""
        found += [_problem("warning", where + f.where, f.what) for f in findings]
    return {
        "format": doc.format or "",
        "problems": found,
        "events": [
            {"date": e.date.isoformat() if e.date else None, "name": e.name or ""}
            for e in doc.events
        ],
        "json": _written(doc, "json"),
        "tables": _rows(doc),
        "pages": pages,
    }


def _game(path: str) -> Any:
    """The document of the upload kept at ``path``, scored where it records no figure."""
    with collect():
        doc = bridgeio.read(path)
    return _scored(doc) if isinstance(doc, Results) else doc


def _scored(doc: Results) -> Results:
    """A game as the tables entered it (a Bridgemate database: scores, no points, no
    standings) scored as ``bridgeio score`` scores it; any other document as it is."""
    from bridgeio.analysis.scoring.session import rescored_copy
    from bridgeio.analysis.scoring.standings import recorded

    if recorded(doc):
        return doc
    return rescored_copy(doc)[0]


def _deals_only(doc: Results) -> bool:
    """Whether a results document is a hand record: deals, and no entry anywhere."""
    if any(e.entries or any(s.entries for s in e.sections) for e in doc.events):
        return False  # (an event's own entries: the overall standings of its sessions)
    return any(e.deals is not None for e in doc.events)


def _named(text: str, path: str, name: str) -> str:
    """A message with the file's name as uploaded where the reader named the kept file (no
    message names a path of the server)."""
    return text.replace(path, name)


def _problem(severity: str, place: str, message: str) -> dict[str, str]:
    return {"severity": severity, "place": place, "message": message}


def _page(event: Event, number: int, count: int, name: str, index: str) -> tuple[str, list[Any]]:
    """An event's recap page and the figures the scoring engine computes otherwise (an
    event of several sessions: each session, then the overall standings, on one page)."""
    from bridgeio.recap import render_games

    games = session_games(event, name)
    links = [(f"{_LABELS[ext]}", f"{GAME}.{ext}") for ext in DOWNLOADS]
    if count > 1:  # USEBIO holds one event a file: this event's
        links = [(t, f"{GAME}/events/{number}.xml" if u == f"{GAME}.xml" else u) for t, u in links]
    links += [(f"Event {n}", f"{GAME}/events/{n}") for n in range(1, count + 1) if n != number]
    links.append(("Versions", f"{GAME}/versions"))
    players = f"{GAME}/player"  # a player's page, found from the game (views.game_pages)
    findings = [f for game, _ in games for f in game.findings]
    return render_games(games, name, index, links, players), findings


def session_prefix(number: int | None) -> str:
    """What starts the ids of a session's part of an event's page (``session2-s0-ns3``: the
    scorecard of N-S 3 in the first section of the second session; ``overall-``: the overall
    standings); "" for an event without sessions (``s0-ns3``).

    >>> session_prefix(None), session_prefix(2), session_prefix(0)
    ('', 'session2-', 'overall-')
    """
    if number is None:
        return ""
    return f"session{number}-" if number else "overall-"


def session_games(event: Event, name: str) -> list[tuple[Any, DealSet | None]]:
    """The games an event's page shows, each with its hand record: the event itself, or
    (an event of sessions) each session with its sections, then the overall standings
    (:func:`bridgeio.recap.sessions.shown_events`), their ids told apart by
    :func:`session_prefix`.

    >>> import bridgeio
    >>> event = bridgeio.read("examples/club-game.ACA").events[0]
    >>> [g.prefix for g, _ in session_games(event, "x")]
    ['']
    """
    from bridgeio.recap import Game
    from bridgeio.recap.sessions import shown_events

    shown = shown_events(event)
    if not event.sessions:
        return [(Game.of(event, name), event.deals)]
    found = []
    for index, part in enumerate(shown, 1):
        number = index if index <= len(event.sessions) else 0
        found.append((Game.of(part, name, session_prefix(number)), part.deals))
    return found


def _written(doc: Any, fmt: str) -> bytes:
    buffer = io.BytesIO()
    with collect():
        bridgeio.write(doc, buffer, fmt)
    return buffer.getvalue()


def _rows(doc: Results) -> dict[str, list[dict[str, Any]]]:
    """The analysis tables' rows of the document (dates as ISO text: JSON can keep them)."""
    found = {}
    for table, rows in bridgeio.tables(doc).items():
        found[table] = [
            {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in row.items()}
            for row in rows.to_pylist()
        ]
    return found


def finish(path: str, name: str, index: str, solve: bool) -> dict[str, Any]:
    """Pages with the hands solved double dummy (when ``solve`` and endplay is there), the
    deals' rows with their tricks, and every download."""
    doc = _game(path)
    assert isinstance(doc, Results)
    solved = solve and _solve(doc)
    done: dict[str, Any] = {"downloads": {ext: convert_doc(doc, ext) for ext in DOWNLOADS}}
    if solved:
        count = len(doc.events)
        done["pages"] = [_page(e, n, count, name, index)[0] for n, e in enumerate(doc.events, 1)]
        rows = _rows(doc)
        done["tables"] = {t: rows[t] for t in ("deals", "dd_tricks")}
    return done


def _solve(doc: Results) -> bool:
    """Double-dummy tricks for every event's complete deals that lack them (as ``bridgeio
    recap --solve`` does); whether endplay was there to solve them."""
    from bridgeio.double_dummy import SolverMissing, with_tricks

    try:
        for event in doc.events:
            if event.deals is not None:
                event.deals = with_tricks(event.deals)
    except SolverMissing:
        return False
    return any(e.deals is not None and e.deals.seats is not None for e in doc.events)


def convert(path: str, ext: str, event: int | None = None) -> tuple[bytes | None, str | None]:
    """One download of the file at ``path`` (of its event ``event``, from 1, when given; see
    :func:`convert_doc`)."""
    import dataclasses

    doc = _game(path)
    if event is not None:
        if not isinstance(doc, Results) or not 1 <= event <= len(doc.events):
            return None, f"the game has no event {event}"
        doc = dataclasses.replace(doc, events=[doc.events[event - 1]])
    return convert_doc(doc, ext)


def combine(path: str, name: str, deals: str, deals_name: str) -> bytes:
    """The game at ``path`` with the deals of the hand record at ``deals`` (every event of
    the game gets them, in place of any it had), as canonical JSON: a new version of the
    game that keeps all its results."""
    try:
        with collect():
            found = bridgeio.read(deals)
    except FormatError as error:
        raise Refused(_named(str(error), deals, deals_name)) from None
    if not isinstance(found, DealSet) or found.boards is None or len(found.boards) == 0:
        raise Refused(f"{deals_name}: holds no deals ({found.kind}): send a hand record")
    doc = _game(path)
    if not isinstance(doc, Results):
        raise Refused(f"{name}: holds no results")
    for event in doc.events:
        event.deals = found
    return _written(doc, "json")


def convert_doc(doc: Any, ext: str) -> tuple[bytes | None, str | None]:
    """The download ``ext`` (:data:`DOWNLOADS`) of ``doc``: its bytes, or why it cannot be
    made (what the format cannot hold)."""
    if ext == "csv":
        return _standings(doc).encode("utf-8"), None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _written(doc, DOWNLOADS[ext]), None
    except (ValueError, TypeError) as error:  # ConversionError and FormatError are ValueErrors
        return None, str(error) or type(error).__name__


_CSV_COLUMNS: tuple[str, ...] = (
    "event",
    "section",
    "entry",
    "direction",
    "names",
    "player_numbers",
    "score",
)
_CSV_COLUMNS += ("percentage", "rank", "session")


def _standings(doc: Results) -> str:
    """The standings of every event as CSV: one line an entry, its players' names joined;
    in an event of sessions each session's (``session``: its id) then the overall standings
    (``session``: ``overall``)."""
    found = bridgeio.tables(doc)
    players: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in found["players"].to_pylist():
        key = (row["event"], row["session"], row["section"], row["entry"])
        players.setdefault(key, []).append(row)
    sessions = {(s["event"], s["session"]): s["id"] for s in found["event_sessions"].to_pylist()}
    sessions.update({(e, None): "overall" for e, _ in list(sessions)})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for row in found["entries"].to_pylist():
        held = (row["event"], row["session"])
        seated = players.get((*held, row["section"], row["entry"]), [])
        figures = [_text(row["score"]), _text(row["percentage"]), _text(row["rank"])]
        names = " & ".join(_name(p) for p in seated)
        numbers = " & ".join(p["player_number"] or "" for p in seated)
        texts = [row["event"], row["section"], row["entry"], row["direction"], names, numbers]
        session = safe_cell(sessions.get(held) or "")
        writer.writerow([safe_cell(_text(t)) for t in texts] + figures + [session])
    return out.getvalue()


def safe_cell(text: str) -> str:
    """A text cell a spreadsheet program will not take for a formula: one starting with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's
    advice); numbers (the scores, written apart) are left as they are.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-Smith"), safe_cell("Ann Lee")
    ("'=HYPERLINK(1)", "'-Smith", 'Ann Lee')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _name(player: dict[str, Any]) -> str:
    return " ".join(p for p in (player["first_name"], player["last_name"]) if p)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def dumps(value: Any) -> bytes:
    """JSON for the site's own records."""
    return json.dumps(value, separators=(",", ":")).encode("utf-8")
