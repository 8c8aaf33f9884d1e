"""Where a recap's pages go: one game is one HTML file; several games (several files, or a
file of several events) are a folder with an index page and one page per game.

>>> import bridgeio, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> club = bridgeio.read("examples/club-game.ACA")
>>> [os.path.basename(p) for p in write_recap([("club-game.ACA", club)], folder + "/one.html")]
['one.html']
>>> [os.path.basename(p) for p in write_recap([("a.ACA", club), ("b.ACA", club)], folder)]
['index.html', 'a.html', 'b.html']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bridgeio.files import atomic_output
from bridgeio.model.results import Event, Results
from bridgeio.recap.page import index_page, render_game
from bridgeio.recap.view import Game


@dataclass
class Page:
    """One game's page: its file name, event and the input it came from."""

    name: str
    event: Event
    source: str


def pages(sources: list[tuple[str, Results]]) -> list[Page]:
    """A page per event, named after its file (``game.html``; ``game-2.html`` for the second
    event of a file of several), each name once."""
    found: list[Page] = []
    taken: set[str] = set()
    for label, results in sources:
        stem = Path(label).stem or "recap"
        for event in results.events:
            name = stem if len(results.events) == 1 else f"{stem}-{event.number}"
            unique, n = name, 1
            while unique.lower() in taken:
                n += 1
                unique = f"{name}-{n}"
            taken.add(unique.lower())
            found.append(Page(f"{unique}.html", event, Path(label).name))
    return found


def write_recap(
    sources: list[tuple[str, Results]], out: str | None = None, overwrite: bool = True
) -> list[str]:
    """Write the recap of ``sources`` (label, results) and return the paths written, the
    page to open first (the game's page, or the index) first. One game goes to ``out`` (a
    file; default ``<input>.html`` here) unless ``out`` is a folder; several go to the folder
    ``out`` (default ``recap``)."""
    planned = pages(sources)
    if not planned:
        raise ValueError("the input holds no game to show")
    if len(planned) == 1 and not (out and os.path.isdir(out)):
        target = out or planned[0].name
        _write(target, _game(planned[0], ""), overwrite)
        return [target]
    folder = Path(out or "recap")
    folder.mkdir(parents=True, exist_ok=True)
    games = []
    written = [str(folder / "index.html")]
    for page in planned:
        game = Game.of(page.event, page.source)
        _write(
            folder / page.name,
            render_game(game, page.source, "index.html", page.event.deals),
            overwrite,
        )
        games.append((page.name, game))
        written.append(str(folder / page.name))
    _write(folder / "index.html", index_page(games), overwrite)
    return written


def _game(page: Page, index: str) -> str:
    return render_game(Game.of(page.event, page.source), page.source, index, page.event.deals)


def _write(path: str | Path, html: str, overwrite: bool) -> None:
    with atomic_output(path, overwrite) as handle:
        handle.write(html.encode("utf-8"))
