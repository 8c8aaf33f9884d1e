"""Where a recap's pages go: one input file is one page (its events one after another); a
folder (``-o`` ending in ``/``, an existing folder, or several inputs) holds one page per
input file and an index page.

>>> import bridgeio, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> club = bridgeio.read("examples/club-game.ACA")
>>> [os.path.basename(p) for p in write_recap([("club-game.ACA", club)], folder + "/one.html")]
['one.html']
>>> [os.path.basename(p) for p in write_recap([("a.ACA", club), ("b.ACA", club)], folder)]
['index.html', 'a.html', 'b.html']
>>> [p[len(folder):] for p in write_recap([("a.ACA", club)], folder + "/site/")]
['/site/index.html', '/site/a.html']
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from pathlib import Path

from bridgeio.files import atomic_output
from bridgeio.model.results import Event, Results
from bridgeio.recap.costs import solve_plays
from bridgeio.recap.page import index_page, render_games
from bridgeio.recap.sessions import shown_events
from bridgeio.recap.view import Game


@dataclass
class Page:
    """One input file's page: its file name, the file's games and the name of the input."""

    name: str
    games: list[Game]
    results: Results
    source: str
    events: list[Event] = field(default_factory=list)  # the games' (a session each, ...)

    def html(self, index: str = "") -> str:
        """The page, linking back to ``index`` if given."""
        events = self.events or self.results.events
        return render_games([(g, e.deals) for g, e in zip(self.games, events, strict=True)],
                            self.source, index)  # fmt: skip


def pages(sources: list[tuple[str, Results]]) -> list[Page]:
    """A page per input file that holds a game, named after the file (``game.html``), each
    name once (``game-2.html`` for a second file named ``game``); a file's second and later
    events have ids of their own on its page (``e2-``...)."""
    found: list[Page] = []
    taken: set[str] = set()
    for label, results in sources:
        if not results.events:
            continue
        name = Path(label).stem or "recap"
        unique, n = name, 1
        while unique.lower() in taken:
            n += 1
            unique = f"{name}-{n}"
        taken.add(unique.lower())
        source = Path(label).name
        events = [shown for event in results.events for shown in shown_events(event)]
        games = [
            Game.of(event, source, "" if i == 0 else f"e{i + 1}-") for i, event in enumerate(events)
        ]
        found.append(Page(f"{unique}.html", games, results, source, events))
    return found


def is_folder(out: str | None, inputs: int) -> bool:
    """Whether the recap is a folder: several inputs, or ``out`` ending in ``/`` or naming
    an existing folder.

    >>> is_folder("game.html", 1), is_folder("site/", 1), is_folder(None, 2)
    (False, True, True)
    """
    if out is None:
        return inputs > 1
    return inputs > 1 or out.endswith(("/", os.sep)) or os.path.isdir(out)


def write_recap(
    sources: list[tuple[str, Results]],
    out: str | None = None,
    overwrite: bool = True,
    solve: bool = False,
) -> list[str]:
    """Write the recap of ``sources`` (label, results) and return the paths written, the
    page to open first (the game's page, or the index) first. One input is one page, at
    ``out`` (default ``<input>.html`` here) unless ``out`` names a folder (see
    :func:`is_folder`); several inputs go to the folder ``out`` (default ``recap``) with an
    index page. ``solve``: mark what each card of the completed or claimed plays cost its
    side double dummy (:func:`~bridgeio.recap.costs.solve_plays` on a copy of ``sources``;
    ``SolverMissing`` without endplay)."""
    if solve:
        sources = copy.deepcopy(sources)
        solve_plays(results for _, results in sources)
    planned = pages(sources)
    if not planned:
        raise ValueError("the input holds no game to show")
    if not is_folder(out, len(sources)):
        target = out or planned[0].name
        _write(target, planned[0].html(), overwrite)
        return [target]
    if out is not None and not os.path.isdir(out) and out.lower().endswith((".html", ".htm")):
        raise ValueError(
            f"{len(sources)} inputs make a folder of pages, and {out} names a page: name a "
            "folder with -o (or give one input)"
        )
    folder = Path(out or "recap")
    folder.mkdir(parents=True, exist_ok=True)
    written = [str(folder / "index.html")]
    for page in planned:
        _write(folder / page.name, page.html("index.html"), overwrite)
        written.append(str(folder / page.name))
    games = [
        (page.name + (f"#{game.prefix}game" if game.prefix else ""), game)
        for page in planned
        for game in page.games
    ]
    _write(folder / "index.html", index_page(games), overwrite)
    return written


def _write(path: str | Path, html: str, overwrite: bool) -> None:
    with atomic_output(path, overwrite) as handle:
        handle.write(html.encode("utf-8"))
