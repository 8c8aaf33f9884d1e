"""What the worker's fork server does once, so that each job forked from it starts warm: import
every reader, writer and check, and run the recap and the tables once on a small game.

Imported by the fork server only (:data:`bridgeio.site.worker.PRELOAD`).
"""

from __future__ import annotations

import importlib
import pkgutil


def warm() -> None:
    """Import what reading, checking, scoring and drawing a game use, and use it once."""
    importlib.import_module("pandas")  # pyarrow converts rows through it
    for package in ("formats", "recap", "analysis", "model"):
        module = importlib.import_module(f"bridgeio.{package}")
        for found in pkgutil.walk_packages(module.__path__, f"bridgeio.{package}."):
            try:
                importlib.import_module(found.name)
            except ImportError:  # an optional library (endplay, Dask) is not installed
                continue
    from bridgeio import tables
    from bridgeio.model.deals import DealSet, parse_pbn_deal
    from bridgeio.recap import Game, render_game

    render_game(Game("Warm", [], [], []), "warm")
    deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    for table in tables(DealSet(parse_pbn_deal(deal)[None, :])).values():
        table.to_pylist()


warm()
