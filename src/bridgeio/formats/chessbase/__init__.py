"""ChessBase tournament files (.cbt): read, write, edit and check.

>>> import bridgeio, tempfile, os
>>> from bridgeio.model.chess import PartialDate, Tournament, TournamentIndex
>>> path = os.path.join(tempfile.mkdtemp(), "t.cbt")
>>> bridgeio.write(TournamentIndex([Tournament("Linares", "Linares", PartialDate(1994)),
...                 Tournament("Hastings", "Hastings", PartialDate(1895, 8))]), path)
>>> db = bridgeio.read(path)
>>> [db.tournaments[i].title for i in db.sort_order()]
['Linares', 'Hastings']
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name == "TournamentFile":
        from bridgeio.formats.chessbase.entity import TournamentFile

        return TournamentFile
    if name in ("entity", "reader", "writer", "checks", "tournament_record", "tree"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
